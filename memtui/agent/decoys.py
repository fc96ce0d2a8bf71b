"""The decoy tools (SPEC §5): offered on request, they reproduce the platform's competing
mechanisms (skills, workflows, context cards), so an eval sees whether the model puts a fact
about one item into a mechanism meant for every item instead of memory. A call to one writes
nothing and is marked the wrong mechanism."""

from __future__ import annotations

import re
from typing import Any

from memtui.agent.tool_outcome import ToolOutcome
from memtui.agent.tool_schemas import function_schema

DECOY_TOOLS: list[dict[str, Any]] = [
    function_schema(
        "save_skill", "Save a reusable skill: a working method available in every item.",
        {"name": "skill name", "description": "when to use it", "content": "the method"}),
    function_schema(
        "save_workflow", "Save an automated workflow that can run in any item.",
        {"name": "workflow name", "description": "what it does", "steps": "the steps"}),
    function_schema(
        "create_context_card", "Add a glossary card: a term and its definition, shared by "
        "all items.", {"term": "the term", "definition": "its definition"}),
]
DECOY_NAMES = frozenset(t["function"]["name"] for t in DECOY_TOOLS)
#: A tool name that reaches for a skill or workflow mechanism rather than memory.
_OTHER_MECHANISM = re.compile(r"skill|workflow", re.IGNORECASE)


def other_mechanism(name: str) -> bool:
    """Whether a call to ``name`` reaches for a competing mechanism (a decoy, or any
    skill / workflow tool), offered or not."""
    return name in DECOY_NAMES or bool(_OTHER_MECHANISM.search(name))


def decoy_outcome(name: str, args: dict[str, Any]) -> ToolOutcome:
    """What a call to the decoy ``name`` answers: saved, as far as the model knows; for
    the operator, the wrong mechanism and nothing written to memory."""
    label = str(args.get("name") or args.get("term") or "")
    what = {"save_skill": "skill", "save_workflow": "workflow",
            "create_context_card": "context card"}[name]
    text = " ".join(str(v) for v in args.values())
    return ToolOutcome(
        name, args, f"saved {what} '{label}'", wrong_mechanism=True, added_text=text,
        effect=[f"wrong mechanism: a {what} is for what holds in every item; a fact about "
                "this item belongs in memory — nothing was written to memory"])
