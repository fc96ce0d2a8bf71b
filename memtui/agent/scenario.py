"""Eval scenarios: a workspace, the messages to send, and the judge of the result.

A suite is a folder of scenario folders; ``memtui eval --suite seed`` runs the built-in one
(``memtui/agent/scenarios/seed/``), ``--suite PATH`` any folder laid out the same way::

    my-suite/
      01-write/
        scenario.toml      # what to send and which judge decides
        workspace/         # optional: the workspace each run starts from (copied per run);
          MEMORY.md        #   without it, an empty item workspace (MEMORY.md + memory/)
          memory/...

``scenario.toml``::

    check = "write"        # the judge: write, mechanism, fabrication, inversion, recall,
                           # injection (memtui/agent/judges.py)
    about = "one line saying what this scenario tests"
    decoys = false         # also offer save_skill, save_workflow, create_context_card

    [[chat]]               # each [[chat]] is a fresh conversation on the same copy, in order
    messages = ["I am a process engineer; Cpk and Ppk need no explanation."]

    [judge]                # options for the judge, e.g. recall's words the answer must name
    expect = ["Dana"]
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from memtui.agent.judges import JUDGES
from memtui.core.files.input_file import CONFIG_LIMIT, InputError, parse_toml, read_input

SCENARIO_FILE = "scenario.toml"
BUILTIN = Path(__file__).resolve().parent / "scenarios"


class ScenarioError(Exception):
    """A suite or scenario that cannot be used; ``str(err)`` names the file and the fault."""


@dataclass
class Scenario:
    name: str  # the folder's name
    folder: Path
    check: str
    about: str
    chats: list[list[str]]
    decoys: bool = False
    judge: dict[str, Any] = field(default_factory=dict)

    @property
    def workspace(self) -> Path | None:
        ws = self.folder / "workspace"
        return ws if ws.is_dir() else None

    @property
    def messages(self) -> list[str]:
        return [m for chat in self.chats for m in chat]


def suite_folder(suite: str) -> Path:
    """``seed`` (or another built-in name), else a folder path."""
    builtin = BUILTIN / suite
    if "/" not in suite and builtin.is_dir():
        return builtin
    path = Path(suite).expanduser()
    if not path.is_dir():
        names = ", ".join(sorted(p.name for p in BUILTIN.iterdir() if p.is_dir()))
        raise ScenarioError(f"--suite {suite}: no built-in suite of that name ({names}) and "
                            "no such folder")
    return path


def load_suite(suite: str) -> list[Scenario]:
    folder = suite_folder(suite)
    found = sorted(p for p in folder.iterdir() if (p / SCENARIO_FILE).is_file())
    if not found:
        raise ScenarioError(f"{folder}: no scenario folders (each needs a {SCENARIO_FILE})")
    return [load_scenario(p) for p in found]


def load_scenario(folder: Path) -> Scenario:
    path = folder / SCENARIO_FILE
    try:  # the one bounded reader: a regular file, at most 1 MiB, nesting bounded
        raw = read_input(path, CONFIG_LIMIT)
        if raw is None:
            raise ScenarioError(f"{path}: cannot be read (No such file or directory)")
        data = parse_toml(raw, path)
    except InputError as exc:
        raise ScenarioError(str(exc)) from None
    check = data.get("check")
    if check not in JUDGES:
        raise ScenarioError(f"{path}: check must be one of {', '.join(JUDGES)} "
                            f"(got {check!r})")
    chats = data.get("chat")
    if not isinstance(chats, list) or not chats:
        raise ScenarioError(f"{path}: needs at least one [[chat]] with messages = [...]")
    out: list[list[str]] = []
    for i, chat in enumerate(chats, start=1):
        msgs = chat.get("messages") if isinstance(chat, dict) else None
        if (not isinstance(msgs, list) or not msgs
                or not all(isinstance(m, str) and m.strip() for m in msgs)):
            raise ScenarioError(f"{path}: [[chat]] number {i} needs messages = a list of "
                                "non-empty strings")
        out.append(msgs)
    judge = data.get("judge", {})
    if not isinstance(judge, dict):
        raise ScenarioError(f"{path}: [judge] must be a table")
    decoys = data.get("decoys", False)
    if not isinstance(decoys, bool):
        raise ScenarioError(f"{path}: decoys must be true or false")
    return Scenario(folder.name, folder, str(check), str(data.get("about", "")), out,
                    decoys, judge)
