"""Which repair operations each profile offers, and the checks every write under an agent's
profile passes (issue 33, 5).

The operations were made for the item / Claude Code format: an index of links, memories
with frontmatter. An agent's folder is written only where its format allows, in its own
form (`memtui.edit.gemini_ops`, `memtui.edit.hermes_ops`); anything else is refused with
one line saying why, and nothing is written. The command line (``memtui fix``) and the
app's keys ask the same table.
"""

from __future__ import annotations

from typing import Any

from memtui.core.config import ConfigError, load_config
from memtui.core.profiles import PROFILES, recognise
from memtui.core.profiles.openclaw import DAILY
from memtui.core.workspace import Workspace
from memtui.edit import index_ops
from memtui.edit.changeset import Changeset
from memtui.edit.errors import Refused
from memtui.edit.snapshot import Snapshot

#: Every operation of ``memtui fix`` (item and claude-code offer all but the agents' own).
ITEM_OPS = frozenset({"add-to-index", "repoint", "remove-link", "fold", "unfold", "rename",
                      "fix-wikilinks", "new", "delete", "archive", "redact", "move-entry"})
#: profile → the operations offered under it.
OFFERED: dict[str, frozenset[str]] = {
    "item": ITEM_OPS,
    "claude-code": ITEM_OPS,
    "openclaw": ITEM_OPS - {"new"},
    "gemini": frozenset({"add-pointer", "add-to-index", "repoint", "remove-link", "redact"}),
    "hermes": frozenset({"remove-duplicate-entry", "redact"}),
    "codex": frozenset({"redact"}),
    "serena": frozenset({"rename", "delete", "redact"}),
}
#: Why a profile offers no other operation, for the refusal's line.
WHY: dict[str, str] = {
    "openclaw": "OpenClaw's notes are plain markdown it writes itself, not memtui's "
                "frontmatter template",
    "gemini": "Gemini's MEMORY.md is loaded whole and finds its topic files by pointer "
              "lines (`- See /abs/path/<topic>.md for …`), not by an index of links; "
              "offered: add-pointer (add-to-index), repoint, remove-link, redact",
    "hermes": "Hermes' stores are §-separated entries under a character limit, not an index "
              "of links or files with frontmatter; offered: remove-duplicate-entry, redact",
    "codex": "Codex rewrites its memories folder itself when it consolidates (the files are "
             "its own output), so memtui only reads it; offered: redact",
    "serena": "Serena has no index and lists every .md under .serena/memories as a memory "
              "(an index, a new file's template or an archive folder there would be one "
              "more memory); offered: rename, delete, redact",
}
#: (profile, operation) → why that one operation is refused, where the profile's general
#: reason does not say it (newuser34 #17: an orphan's "or delete the memory").
WHY_OP: dict[tuple[str, str], str] = {
    ("gemini", op): f"memtui does not {op} a Gemini topic file: the pointer lines that name "
                    "it are absolute paths Gemini itself adds and follows, so memtui leaves the "
                    "file's removal to you; an orphan topic file (no pointer line names it) "
                    "can be removed by hand, nothing leads to it; offered: add-pointer "
                    "(add-to-index), repoint, remove-link, redact"
    for op in ("delete", "archive")}
#: Operations only an agent's profile offers.
AGENT_ONLY = {"add-pointer": "gemini", "remove-duplicate-entry": "hermes"}


def profile_for(ws: Workspace, given: str | None = None) -> str:
    """The profile a folder is curated under: ``given`` (``--profile``), else the
    ``profile =`` of its ``.memtui.toml``, else the one its layout shows (as the audit's)."""
    if given:
        return given
    try:
        chosen = load_config(ws.root).profile
    except ConfigError:  # the audit says what is wrong with it; the layout decides here
        chosen = None
    if chosen in PROFILES:
        return chosen
    return recognise(ws.root, ws.layout, ws.given)


def refusal(profile: str, op: str) -> str | None:
    """Why ``op`` is not offered under ``profile``, in one line; None when it is."""
    if op in OFFERED.get(profile, ITEM_OPS):
        return None
    if op in AGENT_ONLY and profile in ("item", "claude-code", "openclaw"):
        return (f"{op} is a {AGENT_ONLY[op]} operation; this folder is curated under the "
                f"{profile} profile (--profile {AGENT_ONLY[op]} to use it); nothing was "
                "written")
    why = WHY_OP.get((profile, op)) or WHY.get(profile, "")
    return f"{op} is not offered under the {profile} profile: {why}; nothing was written"


def check_offered(profile: str, op: str) -> None:
    why = refusal(profile, op)
    if why is not None:
        raise Refused(why)


def daily_note(rel: str) -> bool:
    """An OpenClaw daily note (``memory/YYYY-MM-DD….md``): found by memory_search and
    named by its day, never an orphan to index or a file to rename."""
    return DAILY.fullmatch(rel) is not None


def openclaw_note(rel: str) -> bool:
    """A note OpenClaw's MEMORY.md may index: under ``memory/``, not a daily note."""
    return rel.startswith("memory/") and not daily_note(rel)


def openclaw_add_to_index(snap: Snapshot, memories: list[str], **kwargs: Any) -> Changeset:
    """``add-to-index`` under OpenClaw: the notes under ``memory/`` only (a bootstrap file
    is injected every turn), and ``--all-unreachable`` never takes a daily note."""
    for m in memories:
        rel = snap.memory(m).path
        if not rel.startswith("memory/"):
            raise Refused(f"{rel} is an OpenClaw bootstrap file, injected every turn: not a "
                          "note to index; nothing was written")
    return index_ops.add_to_index(snap, memories, only=openclaw_note, **kwargs)


def check_openclaw(op: str, changeset: Changeset) -> None:
    """Under OpenClaw: no daily note is renamed (its name is its date), and no bootstrap
    file is indexed as a memory (only ``memory/`` holds notes)."""
    if op == "rename":
        for ch in changeset.changes:
            if ch.moved_to and daily_note(ch.path):
                raise Refused(f"{ch.path} is an OpenClaw daily note: its name is its date; "
                              "nothing was written")
    if op == "add-to-index":
        for entry in changeset.args.get("entries") or []:
            rel = entry[0]
            if not rel.startswith("memory/"):
                raise Refused(f"{rel} is an OpenClaw bootstrap file, injected every turn: "
                              "not a note to index; nothing was written")


def checked(profile: str, op: str, ws: Workspace, changeset: Changeset,
            limits: dict[str, int] | None = None) -> Changeset:
    """``changeset`` when a write of it keeps the agent's format, else Refused (one line;
    nothing is written): a Hermes store must still round-trip and stay within its limit."""
    if profile == "openclaw":
        check_openclaw(op, changeset)
    if profile == "hermes":  # a redaction only shortens: it must still read back
        from memtui.edit.hermes_ops import check_stores

        check_stores(ws, changeset, limits or {}, over=op != "redact")
    return changeset
