"""The agent's six file tools as the model is offered them (SPEC §5): one JSON schema each,
in the form of a chat API's ``tools`` list. `memtui.agent.tools.ToolBox` runs them."""

from __future__ import annotations

from typing import Any

from memtui.core.workspace import Workspace


def function_schema(name: str, description: str, props: dict[str, str],
                    required: list[str] | None = None) -> dict[str, Any]:
    """A function tool named ``name`` whose arguments are the strings ``props`` (name →
    description), all required unless ``required`` says which."""
    return {"type": "function", "function": {
        "name": name, "description": description,
        "parameters": {"type": "object",
                       "properties": {k: {"type": "string", "description": v}
                                      for k, v in props.items()},
                       "required": list(props) if required is None else required}}}


def example_path(ws: Workspace) -> str:
    """The example path the tools' text, their refusals and the system prompt give: where
    the workspace's layout keeps its memories (a flat folder's at its root)."""
    return "memory/user-role.md" if ws.layout == "item" else "user-role.md"


def file_tools(example: str = "memory/user-role.md") -> list[dict[str, Any]]:
    """The six tools, ``read_file``'s path described with ``example`` (the workspace's
    layout's: ``user-role.md`` in a flat folder, newuser41 #5)."""
    return [function_schema(
        "read_file", "Read a text file of the workspace.",
        {"path": f"path relative to the workspace root, e.g. {example}"}), *_OTHER_TOOLS]


#: The five tools whose text names no example path.
_OTHER_TOOLS: list[dict[str, Any]] = [
    function_schema(
        "write_file", "Create or overwrite a file with the given content. Parent folders are "
        "created as needed.",
        {"path": "path relative to the workspace root", "content": "the full file content"}),
    function_schema(
        "edit_file", "Replace one exact, unique occurrence of old_string with new_string.",
        {"path": "path relative to the workspace root",
         "old_string": "text to replace; must occur exactly once",
         "new_string": "replacement text"}),
    function_schema(
        "list_files", "List files and folders under a folder of the workspace (recursively).",
        {"path": "folder relative to the workspace root; default '.'"}, required=[]),
    function_schema(
        "exists", "Tell whether a file or folder exists.",
        {"path": "path relative to the workspace root"}),
    function_schema(
        "delete_file", "Delete a file.", {"path": "path relative to the workspace root"}),
]

#: The six tools as an item workspace is offered them.
FILE_TOOLS: list[dict[str, Any]] = file_tools()
