"""What adding index entries pushes past the load limit (issue 32 §11).

Under the ``claude-code`` profile only the first lines of MEMORY.md are loaded (SPEC §2:
200 lines or 25 KB, whichever comes first). New entries go in among the hot ones, so on an
index already at its limit they push the last loaded lines out: those memories silently
stop entering context. :func:`added_past_limit` says which lines would, before anything is
written, so the add dialog can show it.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field

from memtui.core.profiles import get as get_profile
from memtui.core.profiles.base import ASSUMED_WINDOW, WARN_SHARE
from memtui.core.reporting.wording import plural
from memtui.core.results import AuditOptions, window_for
from memtui.core.scanner.index import Index, IndexLine, parse_index
from memtui.core.scanner.textfile import decode
from memtui.core.workspace import INDEX_NAME
from memtui.edit import index_ops
from memtui.edit.changeset import Changeset, Plan
from memtui.edit.errors import Refused, UsageError
from memtui.edit.index_ops import Place, add_entries, insertion_point
from memtui.edit.snapshot import Snapshot


@dataclass(frozen=True)
class PastLimit:
    """What an addition moves past the load limit: the index lines loaded now that would
    not be (each with the number it would then have), and the new entries that would land
    past it themselves (memory path, line number)."""

    pushed: list[tuple[IndexLine, int]] = field(default_factory=list)
    landing: list[tuple[str, int]] = field(default_factory=list)
    #: Lines loaded before and after the addition.
    loaded: tuple[int, int] = (0, 0)

    def __bool__(self) -> bool:
        return bool(self.pushed or self.landing)


def added_past_limit(snap: Snapshot, entries: list[tuple[str, str, str]], under: Place,
                     profile: str, options: AuditOptions) -> PastLimit:
    """What adding ``entries`` (memory path, title, hook) ``under`` a heading moves past the
    profile's load limit; empty for a profile that loads the whole index, or an addition
    that cannot be planned (its own dialog says why when applied)."""
    if profile != "claude-code" or not entries or not snap.index.exists:
        return PastLimit()
    try:
        cs = add_entries(snap, entries, under)
        at = insertion_point(Plan(snap).raw(INDEX_NAME), under, snap)
    except (Refused, UsageError):
        return PastLimit()
    after = next((c.after for c in cs.changes if c.path == INDEX_NAME), None)
    if after is None:
        return PastLimit()
    agent = get_profile(profile)
    before_n = agent.loaded_lines(snap.index, options.max_lines, options.max_bytes)
    after_n = agent.loaded_lines(parse_index(decode(after).text), options.max_lines,
                                 options.max_bytes)
    k = len(entries)
    pushed = [(ln, ln.number + k) for ln in snap.index.lines
              if at <= ln.number <= before_n and ln.number + k > after_n
              and ln.kind != "blank"]
    landing = [(rel, at + i) for i, (rel, _, _) in enumerate(entries) if at + i > after_n]
    return PastLimit(pushed, landing, (before_n, after_n))


def place_inside(snap: Snapshot, entries: list[tuple[str, str, str]], under: Place,
                 profile: str, options: AuditOptions) -> int | None:
    """A line among the loaded ones where ``entries`` all load, when placing them ``under``
    would land one past the load limit (newuser23 #35: on a full Claude Code index the
    add form proposed "at the end", so Enter added an entry never loaded): the lowest
    such place, after an entry or a heading, so the last loaded lines fall out instead
    (the form names them). None when ``under`` is fine, or no place inside is."""
    if not added_past_limit(snap, entries, under, profile, options).landing:
        return None
    lines = snap.index.lines
    loaded = get_profile(profile).loaded_lines(snap.index, options.max_lines, options.max_bytes)
    tries = 0
    for at in range(min(loaded - len(entries) + 1, len(lines) + 1), 1, -1):
        if lines[at - 2].kind not in ("entry", "packed", "heading"):
            continue
        if not added_past_limit(snap, entries, at, profile, options).landing:
            return at
        tries += 1
        if tries == PLACES_TRIED:
            break
    return None


#: Places among the loaded lines tried at most (each plans the addition once).
PLACES_TRIED = 32


def loaded_place(snap: Snapshot, changeset: Changeset, profile: str, options: AuditOptions,
                 replan: Callable[[int], Changeset]) -> tuple[int, Changeset, PastLimit] | None:
    """The lowest line among the loaded ones where the index addition ``changeset`` lands
    whole within the limit, after an entry or a heading — with the addition planned there
    (``replan(line)``) and what it pushes out; None when there is no such line. Tries at
    most ``PLACES_TRIED`` lines (the CLI's ``--at`` hint, ``fix new --index``)."""
    change = next((c for c in changeset.changes if c.path == INDEX_NAME), None)
    if change is None or change.after is None:
        return None
    added = change.after.count(b"\n") - (change.before or b"").count(b"\n")
    lines = snap.index.lines
    loaded = get_profile(profile).loaded_lines(snap.index, options.max_lines, options.max_bytes)
    tries = 0
    for at in range(min(loaded - added + 1, len(lines) + 1), 1, -1):
        if lines[at - 2].kind not in ("entry", "packed", "heading"):
            continue
        try:
            placed = replan(at)
        except (Refused, UsageError):
            return None
        past = changeset_past_limit(snap, placed, profile, options)
        if not past.landing:
            return at, placed, past
        tries += 1
        if tries == PLACES_TRIED:
            break
    return None


def indexed_refusal(snap: Snapshot, rel: str, profile: str | None,
                    options: AuditOptions | None, at: list[int] | None = None) -> str | None:
    """Why ``rel`` cannot be added to the index because a line already links it; None when
    none does. A line past the profile's load limit is said so, with what helps instead
    (issue 32 #28: ``A`` on such memories opened the add form, then refused it bare).
    ``at``: the lines linking it, when known (``index_ops.index_lines_of``)."""
    at = index_ops.index_line_of(snap, rel) if at is None else at
    if not at:
        return None
    if profile is not None and options is not None:
        loaded = get_profile(profile).loaded_lines(snap.index, options.max_lines,
                                                   options.max_bytes)
        if at[0] > loaded:
            return (f"{rel} is already in {INDEX_NAME} at line {at[0]}, past the load limit "
                    f"({loaded:,} lines loaded): adding it again would not load it; make "
                    f"room above it: archive memories you need less (v: moved to "
                    f"_archive/, their lines dropped), or fold entries (f)")
    return f"{rel} is already in the index (line {at[0]})"


def changeset_past_limit(snap: Snapshot, cs: Changeset, profile: str,
                         options: AuditOptions) -> PastLimit:
    """What a planned addition to the index (``cs``, any planner's) moves past the
    profile's load limit: the loaded lines it pushes out, and the index lines it adds that
    land past the limit themselves (each with the memory it links). Empty for a profile
    that loads the whole index (newuser23 #35: the CLI added entries as lines 201-202 of a
    full Claude Code index and said nothing)."""
    if profile != "claude-code" or not snap.index.exists:
        return PastLimit()
    after = next((c.after for c in cs.changes if c.path == INDEX_NAME), None)
    if after is None:
        return PastLimit()
    agent = get_profile(profile)
    new_index = parse_index(decode(after).text)
    before_n = agent.loaded_lines(snap.index, options.max_lines, options.max_bytes)
    after_n = agent.loaded_lines(new_index, options.max_lines, options.max_bytes)
    old_texts = Counter(ln.text for ln in snap.index.lines)
    added: list[IndexLine] = []
    for ln in new_index.lines:  # the new lines: those the old index did not have
        if old_texts[ln.text] > 0:
            old_texts[ln.text] -= 1
        elif ln.kind != "blank":
            added.append(ln)
    landing = [(ln.targets[0] if ln.targets else ln.text.strip(), ln.number)
               for ln in added if ln.number > after_n]
    kept = {ln.text for ln in new_index.lines[:after_n]}
    pushed = [(ln, ln.number) for ln in snap.index.lines[:before_n]
              if ln.kind != "blank" and ln.text not in kept]
    return PastLimit(pushed, landing, (before_n, after_n))


def pushed_note(past: PastLimit, limit: str = "the load limit") -> str:
    """What an addition written pushed past the load limit, in one line for the notice
    after it (newuser31 #7: ``A`` wrote 24 entries among the loaded lines, and the toast
    did not say that 24 loaded memories fell past the limit); "" when nothing was."""
    if not past.pushed:
        return ""
    names = [ln.targets[0] if ln.targets else f"line {now}" for ln, now in past.pushed]
    shown = ", ".join(names[:3]) + (f", … and {len(names) - 3:,} more" if len(names) > 3
                                    else "")
    first, last = past.pushed[0][0].number, past.pushed[-1][0].number
    where = f"{INDEX_NAME}:{first:,}" + (f"–{last:,}" if last != first else "")
    return (f"pushed past {limit}, no longer loaded: "
            f"{plural(len(past.pushed), 'line')} (were {where}: {shown})")


@dataclass(frozen=True)
class Unloaded:
    """What rewriting the index (``cs``) does to the memories the profile loads: those
    loaded now that would not be, the memories linked only past the limit now and after,
    and the index as it would be."""

    lost: list[str]
    unseen: tuple[int, int]
    after: Index


def unloaded_by(snap: Snapshot, cs: Changeset, profile: str,
                options: AuditOptions) -> Unloaded | None:
    """The memories loaded now that the index as ``cs`` leaves it would no longer load
    (newuser30 #2: a fold whose packed line ends past the byte limit unloads every memory
    it links); None when ``cs`` leaves the index alone."""
    after = next((c.after for c in cs.changes if c.path == INDEX_NAME), None)
    if after is None or not snap.index.exists:
        return None
    agent = get_profile(profile)
    new_index = parse_index(decode(after).text)

    def loaded(index: Index) -> tuple[set[str], set[str]]:
        n = agent.loaded_lines(index, options.max_lines, options.max_bytes)
        seen = {t for ln in index.lines[:n] for t in ln.targets if t in snap.memories}
        linked = {t for ln in index.lines for t in ln.targets if t in snap.memories}
        return seen, linked - seen
    (seen_now, unseen_now), (seen_after, unseen_after) = loaded(snap.index), loaded(new_index)
    return Unloaded(sorted(seen_now - seen_after), (len(unseen_now), len(unseen_after)),
                    new_index)


def openclaw_notes(snap: Snapshot, cs: Changeset, profile: str) -> list[str]:
    """Under ``openclaw``, what an addition to MEMORY.md meets (newuser26 #41: a daily
    note's line was appended to a MEMORY.md at 325 % of the per-file cap, without a word):
    the cap, when MEMORY.md is past it after the write, and whether each new line falls in
    the middle OpenClaw drops or the head/tail it keeps; and that a daily note is found by
    memory_search, no index line needed (``A`` leaves them out)."""
    if profile != "openclaw":
        return []
    from memtui.core.profiles.openclaw import DAILY, trim_file

    agent = get_profile(profile)
    after = next((c.after for c in cs.changes if c.path == INDEX_NAME), None)
    if after is None:
        return []
    notes = []
    new_index = parse_index(decode(after).text)
    old_texts = Counter(ln.text for ln in snap.index.lines)
    added: list[IndexLine] = []
    for ln in new_index.lines:
        if old_texts[ln.text] > 0:
            old_texts[ln.text] -= 1
        elif ln.kind != "blank":
            added.append(ln)
    for ln in added:
        daily = [t for t in ln.targets if DAILY.fullmatch(t)]
        if daily:
            notes.append(f"{daily[0]} is a daily note: OpenClaw finds it by memory_search, "
                         f"an index line is not needed (--all-unreachable and A leave daily "
                         f"notes out)")
    cap = agent.limits(snap.ws, {})[0]["bootstrap_max_chars"]
    text = decode(after).text
    kept, cut, length = trim_file(text, INDEX_NAME, cap)
    if cut:
        dropped = [ln.number for ln in added if ln.text.strip() not in kept]
        where = (f"{'line' if len(dropped) == 1 else 'lines'} {shown_numbers(dropped)} "
                 f"{'falls' if len(dropped) == 1 else 'fall'} in the dropped middle: never "
                 "loaded" if dropped else
                 f"the {'new line is' if len(added) == 1 else 'new lines are'} in the part "
                 "it keeps")
        notes.append(f"{INDEX_NAME} is {length:,} of OpenClaw's {cap:,} characters a file "
                     f"({length / max(1, cap):,.0%}): {agent.cut_note}; {where}")
    return notes


def shown_numbers(numbers: list[int]) -> str:
    return ", ".join(f"{n:,}" for n in numbers[:5]) + (" …" if len(numbers) > 5 else "")


def window_note(snap: Snapshot, cs: Changeset, profile: str, options: AuditOptions
                ) -> str | None:
    """What the index ``cs`` writes would take of the model's window, when the agent loads
    the whole index (no load limit of its own: the item platform) into a window memtui
    knows, and that is 80 % of it or more; else None (newuser30 #22: ``A`` offered to add
    19,850 entries, and the index went from 8.4 % of the window to 1,317 %, without a
    word). Counted only when the text could reach that share (a token holds at least one
    character)."""
    agent = get_profile(profile)
    size, whose, tokenizer = window_for(profile, options.num_ctx)
    if agent.index_cut or not agent.index_of_links or whose == ASSUMED_WINDOW or size <= 0:
        return None
    after = next((c.after for c in cs.changes if c.path == INDEX_NAME), None)
    if after is None:
        return None
    text = decode(after).text
    if len(text) < size * WARN_SHARE:
        return None
    from memtui.core.counting.tokens import default_counter

    tokens = default_counter().count(text, tokenizer)
    share = tokens / size
    if share < WARN_SHARE:
        return None
    what = ("larger than the window: the agent could not load it whole" if share > 1 else
            "little room left for the conversation")
    return (f"{INDEX_NAME} would be {tokens:,} {tokenizer} tokens, {share:.0%} of the "
            f"{whose} window's {size:,}: {what}; add fewer entries, or fold them (memtui "
            "fix fold)")


def linked_late_note(count: int, first: int, archive: str, fold: str) -> str:
    """Why adding every unreachable memory leaves out those the index links only past the
    load limit, said the same in the app's form and the CLI (newuser38 #26: "adding them
    again would not load them" while the same form put the new lines among the loaded
    ones, where they would load): each has its entry already, past the limit, and a new
    one would leave that line there, dead; moving the entry up is what loads it.
    ``archive``, ``fold``: how the caller's interface does those (a key, a command)."""
    what = plural(count, "memory linked", "memories linked")
    it, its = ("it", "its") if count == 1 else ("them", "each one's")
    return (f"left out {what} only past the load limit ({INDEX_NAME}:{first:,}"
            f"{' on' if count > 1 else ''}): {its} entry is there already, never loaded, and "
            f"a second one would leave that line in place; to load {it}, move {its} entry "
            "into the loaded part (memtui fix move-entry PATH MEMORY --to LINE), or make room "
            f"above: archive memories you need less ({archive}), or fold entries ({fold})")
