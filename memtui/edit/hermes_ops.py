"""Hermes Agent's stores, curated their way (issue 33, 5): remove an entry repeated exactly
(the first stays), and never write a store Hermes would refuse.

Hermes reads a store as entries split on ``\\n§\\n`` and refuses ``replace``/``remove`` once
the file does not read back as its entries joined again, or an entry is longer than the
whole limit (``_detect_external_drift``). So a write here must leave each store
round-tripping and within its character limit; one that would not is refused, saying so,
and nothing is written. Only the repeated entry and its separator go; every other byte
stays (the file's leading and trailing blank space too).
"""

from __future__ import annotations

from memtui.core.profiles.hermes import DELIMITER, STORES, Hermes, entries_with_lines
from memtui.core.reporting.wording import plural
from memtui.core.workspace import Workspace
from memtui.edit.changeset import Changeset, FileChange
from memtui.edit.errors import Refused, UsageError
from memtui.edit.snapshot import Snapshot

STORE_NAMES = tuple(name for _, name, _ in STORES)
LIMIT_KEY = {name: key for _, name, key in STORES}


def store_text(name: str, data: bytes) -> str:
    """A store's text, when memtui can edit it byte for byte: UTF-8, ``\\n`` line ends."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise Refused(f"{name} is not valid UTF-8; nothing was written") from None
    if "\r" in text:
        # the way forward named (newuser34 #18: refused, and nothing said what to do)
        raise Refused(f"{name} has \\r line ends, which Hermes folds to \\n: memtui edits "
                      "only a store it can keep byte for byte; nothing was written (convert "
                      f"{name} to \\n line ends — dos2unix {name}, or your editor's LF "
                      "setting — then try again)")
    return text


def round_trips(text: str) -> bool:
    """Whether Hermes reads the store back as it is: its entries, joined again."""
    return text.strip() == DELIMITER.join(e for e, _ in entries_with_lines(text))


def used(text: str) -> int:
    """The characters a store counts against its limit (its entries joined)."""
    return len(DELIMITER.join(e for e, _ in entries_with_lines(text)))


def limits_of(ws: Workspace, given: dict[str, int] | None = None) -> dict[str, int]:
    """The limits in force: a flag's, else Hermes' config.yaml beside the folder, else
    Hermes' defaults (as the audit's)."""
    return Hermes().limits(ws, given or {})[0]


def check_store(name: str, after: bytes, limit: int, over: bool = True,
                before: str | None = None) -> None:
    """Refused when the store written as ``after`` would not round-trip or (``over``) would
    be longer than ``limit`` — unless it was already and gets shorter (``before``, its text
    now: a write that only removes is what brings it back under; newuser27 #29)."""
    text = store_text(name, after)
    if not round_trips(text):
        raise Refused(f"{name} would not read back as a clean §-separated list: Hermes "
                      "would refuse to replace or remove its entries; nothing was written")
    shorter = before is not None and used(text) < used(before)
    if over and used(text) > limit and not shorter:
        raise Refused(f"{name} would hold {used(text):,} of its {limit:,} characters, past "
                      "Hermes' limit (Hermes refuses to add to it): memtui writes no store "
                      "over its limit; shorten or remove entries first; nothing was written")


def check_stores(ws: Workspace, changeset: Changeset, given: dict[str, int],
                 over: bool = True) -> None:
    """Every store a changeset writes must round-trip and (``over``) stay within its limit,
    or get shorter when it is past it already (`check_store`)."""
    limits = limits_of(ws, given)
    for ch in changeset.changes:
        if ch.path in LIMIT_KEY and ch.after is not None:
            before = ch.before.decode("utf-8", "replace") if ch.before is not None else None
            check_store(ch.path, ch.after, limits[LIMIT_KEY[ch.path]], over, before)


def without_repeats(text: str, line: int | None) -> tuple[str, list[int], list[int]]:
    """The store without its exact repeats (or only the one starting on ``line``), the
    lines the removed ones started on, and every line that goes (each one's ``§`` line
    before it and its own lines). The text must round-trip: then every part between
    separators is its entry as it is, but for the blank space before the first and after
    the last."""
    parts = text.split(DELIMITER)
    starts = [n for _, n in entries_with_lines(text)]
    if len(starts) != len(parts):  # an empty store (or one that does not round-trip)
        return text, [], []
    seen: set[str] = set()
    keep: list[str] = []
    removed: list[int] = []
    gone: list[int] = []
    at = 0  # where each part starts in the text
    for i, (part, start) in enumerate(zip(parts, starts, strict=True)):
        entry = part.strip()
        if entry in seen and (line is None or line == start):
            removed.append(start)
            end = at + (len(part.rstrip()) if i == len(parts) - 1 else len(part))
            gone += range(text.count("\n", 0, at - 1) + 1, text.count("\n", 0, end) + 2)
        else:
            seen.add(entry)
            keep.append(part)
        at += len(part) + len(DELIMITER)
    if line is not None and not removed:
        raise UsageError(f"no entry repeating an earlier one starts on line {line}")
    if removed and removed[-1] == starts[-1]:  # the last entry went: keep the file's end
        last = parts[-1]
        keep[-1] += last[len(last.rstrip()):]
    return DELIMITER.join(keep), removed, gone


def remove_duplicate_entry(snap: Snapshot, store: str | None = None, line: int | None = None,
                           given: dict[str, int] | None = None) -> Changeset:
    """Remove the entries of a Hermes store (``store``: MEMORY.md or USER.md, default both)
    that repeat an earlier one exactly, keeping the first; with ``line``, only the one
    starting there. Refused when a store does not round-trip now, or would be over its
    limit after without being shorter (one over it already may only shrink, a note says
    it stays over)."""
    if line is not None and store is None:
        raise UsageError("--line needs the STORE it is a line of (MEMORY.md or USER.md)")
    if store is not None and store not in STORE_NAMES:
        raise UsageError(f"'{store}' is not a Hermes store (MEMORY.md or USER.md)")
    limits = limits_of(snap.ws, given)
    changes: list[FileChange] = []
    done: list[str] = []
    still: list[str] = []  # stores over their limit still after the removal
    for name in [store] if store else STORE_NAMES:
        data = snap.editable(name)
        if data is None:
            if store:
                raise UsageError(f"no {name} in {snap.ws.root}")
            continue
        text = store_text(name, data)
        if not round_trips(text):
            raise Refused(f"{name} does not read back as a clean §-separated list (a stray "
                          "separator or blank entry): removing an entry would leave Hermes "
                          "refusing it still; nothing was written")
        after, removed, gone = without_repeats(text, line)
        if not removed:
            continue
        limit = limits[LIMIT_KEY[name]]
        check_store(name, after.encode("utf-8"), limit, before=text)
        changes.append(FileChange(name, data, after.encode("utf-8"), removed=tuple(gone)))
        lines = ", ".join(str(n) for n in removed)
        done.append(f"{name}: -{plural(len(removed), 'repeated entry', 'repeated entries')} "
                    f"(line {lines})")
        if used(after) > limit:
            entry, at = max(entries_with_lines(after), key=lambda e: len(e[0]))
            still.append(f"{name} still holds {used(after):,} of its {limit:,} characters, "
                         "past Hermes' limit (Hermes refuses to add to it): shorten or "
                         f"remove entries (the longest, {len(entry):,} characters, starts "
                         f"on line {at})")
    args = {"store": store, "line": line}
    if not changes:
        return Changeset("remove-duplicate-entry", args, "no entry is repeated exactly")
    cs = Changeset("remove-duplicate-entry", args, "; ".join(done), changes, keep_age=True,
                   preview="will remove " + "; ".join(done))
    cs.notes += still
    return cs
