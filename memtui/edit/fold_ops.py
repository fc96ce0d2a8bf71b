"""Folding index entries into one packed line for cold memories, and unfolding it back.

Each function plans from a :class:`Snapshot` and returns a :class:`Changeset`; nothing is
written here. Only the lines an operation is about change; every other byte stays.
"""

from __future__ import annotations

import re

from memtui.core.profiles import get as get_profile
from memtui.core.reporting.wording import plural
from memtui.core.results import AuditOptions
from memtui.core.scanner.index import IndexLine
from memtui.core.workspace import INDEX_NAME
from memtui.edit.changeset import Changeset, Plan
from memtui.edit.conventions import conventions
from memtui.edit.draft import (
    bracket_free,
    default_fold_label,
    draft_entry,
    draft_hook,
    draft_title,
    index_href,
    latin_script,
    link_free,
    plain,
)
from memtui.edit.errors import Refused, UsageError
from memtui.edit.index_ops import SEP_BEFORE
from memtui.edit.linkedit import destination, link_extent, link_targets, wikilink_spans
from memtui.edit.load_limit import unloaded_by
from memtui.edit.snapshot import Snapshot


def fold(snap: Snapshot, memories: list[str], label: str | None = None,
         profile: str | None = None, options: AuditOptions | None = None) -> Changeset:
    """Replace the entries of ``memories`` with one packed line at the first one's place,
    each link keeping its entry's curated title and hook (``unfold`` gives them back). When
    a packed line already has ``label``, the links join that line instead. Under a
    ``profile`` with a load limit, refused when the fold would stop loading a memory loaded
    now (:func:`refuse_unloading`)."""
    rels: list[str] = []
    for m in memories:
        rel = snap.memory(m).path
        if rel not in rels:
            rels.append(rel)
    if len(rels) < 2:
        raise UsageError("fold needs two or more memories")
    # one line (newuser23 #46), no link (newuser24 #56)
    label = bracket_free(link_free(plain(label or ""))).strip() or default_fold_label(
        neutral=not latin_script(snap.index.text))  # (newuser37 #16)
    lines: dict[str, IndexLine] = {}
    for rel in rels:
        own = [ln for ln in snap.index.lines if ln.kind == "entry" and ln.targets == [rel]]
        if not own:
            packed = next((ln for ln in snap.index.lines
                           if ln.kind == "packed" and rel in ln.targets), None)
            # a memory on a packed line: say how to join the others to it (newuser25 #27)
            there = "" if packed is None else (
                f": it is on the packed line {packed.number} ({packed.title.strip()}) "
                f"already; fold only entries, with the label '{packed.title.strip()}' to join "
                "them to that line")
            raise Refused(f"{rel} has no index entry of its own to fold{there}")
        lines[rel] = own[0]
    ordered = sorted(rels, key=lambda r: lines[r].number)
    parts = " · ".join(_packed_part(snap, r, lines[r]) for r in ordered)
    plan = Plan(snap)
    raw = plan.raw(INDEX_NAME)
    into = next((ln for ln in snap.index.lines if ln.kind == "packed"
                 and ln.title == label.strip()), None)
    if into is not None:  # a packed line of that label exists: the links join it
        raw.set(into.number, raw.text(into.number).rstrip() + " · " + parts)
        for rel in sorted(ordered, key=lambda r: -lines[r].number):
            raw.delete(lines[rel].number)
        what = (f"{plural(len(rels), 'entry', 'entries')} into the packed line {into.number} "
                f"({label})")
        cs = plan.changeset("fold", {"memories": ordered, "label": label},
                            f"{INDEX_NAME}: folded {what}")
        cs.preview = f"{INDEX_NAME}: will fold {what}"
        cs.notes.insert(0, size_change(snap, plan, profile, options))
        return refuse_unloading(snap, cs, profile, options, len(rels))
    first = lines[ordered[0]].number
    for rel in reversed(ordered[1:]):
        raw.delete(lines[rel].number)
    raw.set(first, f"- {label}: " + parts)
    what = f"{plural(len(rels), 'entry', 'entries')} into line {first}"
    cs = plan.changeset("fold", {"memories": ordered, "label": label},
                        f"{INDEX_NAME}: folded {what}")
    cs.preview = f"{INDEX_NAME}: will fold {what}"
    cs.notes.insert(0, size_change(snap, plan, profile, options))
    return refuse_unloading(snap, cs, profile, options, len(rels))


def size_change(snap: Snapshot, plan: Plan, profile: str | None,
                options: AuditOptions | None) -> str:
    """What a fold does to the index's size: the lines it frees, the bytes it adds or saves,
    and whether the index stays past its byte limit (newuser37 #9: folding 15 entries took
    the index from 25,999 to 26,043 bytes, past Claude Code's 25,000, and the dialog said
    nothing of it)."""
    was, now = snap.editable(INDEX_NAME) or b"", plan.raw(INDEX_NAME).to_bytes()
    freed = was.count(b"\n") - now.count(b"\n")
    delta = len(now) - len(was)
    text = (f"{INDEX_NAME}: frees {plural(freed, 'line')}, "
            + (f"adds {plural(delta, 'byte')} ({len(was):,} → {len(now):,})" if delta > 0 else
               f"saves {plural(-delta, 'byte')} ({len(was):,} → {len(now):,})"))
    if delta > 0:
        text += ": a packed line keeps every title and hook, it saves lines, not bytes"
    limit = options.max_bytes if options is not None and profile == "claude-code" else None
    if limit and len(now) > limit:
        text += f"; the index stays past the {limit:,}-byte load limit"
    return text


def refuse_unloading(snap: Snapshot, cs: Changeset, profile: str | None,
                     options: AuditOptions | None, folded: int) -> Changeset:
    """``cs``, unless the index it leaves would stop loading memories the profile loads now
    (newuser30 #2: a packed line keeps every title and hook, so it is as long as the
    entries; folded near the byte limit, it ended past it and 86 memories went unloaded
    where 7 were, without a word, dry run and app alike): then refused, nothing written."""
    if profile is None or options is None:
        return cs
    gone = unloaded_by(snap, cs, profile, options)
    if gone is None or not gone.lost:
        return cs
    agent = get_profile(profile)
    loaded = agent.loaded_lines(gone.after, options.max_lines, options.max_bytes)
    packed = next((ln for ln in gone.after.lines[loaded:] if ln.kind == "packed"
                   and any(t in gone.lost for t in ln.targets)), None)
    limit = f"the load limit ({options.max_lines:,} lines / {options.max_bytes:,} bytes)"
    where = (f"the packed line {packed.number} would end at byte {packed.end_byte:,} of "
             f"{INDEX_NAME}, past {limit}" if packed is not None else
             f"only the first {loaded:,} lines of {INDEX_NAME} would be within {limit}")
    names = ", ".join(gone.lost[:3]) + (f", … and {len(gone.lost) - 3} more"
                                        if len(gone.lost) > 3 else "")
    now, then = gone.unseen
    raise Refused(
        f"folding {plural(folded, 'entry', 'entries')} would stop loading "
        f"{plural(len(gone.lost), 'memory', 'memories')} loaded now ({names}): {where}; "
        f"{plural(then, 'memory', 'memories')} linked only past it then ({now:,} now). A "
        "packed line keeps each entry's title and hook: it saves lines, not bytes. Nothing "
        "was written; fold fewer entries, or shorten their hooks first")


def _packed_part(snap: Snapshot, rel: str, line: IndexLine) -> str:
    """``[Title](path) — hook`` from an entry line (the memory's name when it has no
    title); a " · " in the hook would split it on unfolding, so it becomes ", ". A hook
    that only repeats the description is left out: unfold drafts it back (newuser23 #39)."""
    mf = snap.memories[rel]
    title = plain(line.title.strip() or mf.key).replace("[", "(").replace("]", ")")
    hook = plain(line.hook).replace(" · ", ", ").strip()
    if hook and hook in (plain(mf.description or "").replace(" · ", ", ").strip(),
                         draft_hook(mf.description).replace(" · ", ", ")):
        hook = ""
    part = f"[{title}]({index_href(rel)})"
    return f"{part} — {hook}" if hook else part


def _hook_after(text: str, end: int, starts: list[int]) -> str:
    """The hook written after a packed line's link ending at ``end``: the text up to the
    next link, without the " — " before it and the separator after it."""
    stop = next((s for s in starts if s >= end), len(text))
    piece = SEP_BEFORE.sub("", text[end:stop])
    m = re.match(r"\s*[—–-]\s+", piece)
    return piece[m.end():].strip() if m else ""


def unfold(snap: Snapshot, line_number: int, profile: str | None = None,
           options: AuditOptions | None = None) -> Changeset:
    """Turn a packed index line back into one entry per link: the link's own text as the
    title (drafted from the name when it is just the name), the description as the hook.
    Under ``profile``'s load limit, the memories the longer index stops loading are named
    in the preview and the summary (newuser33 #28: 12 memories went unloaded without a
    word); not refused — it is the fold's inverse, which the operator asked for."""
    lines = snap.index.lines
    if not 1 <= line_number <= len(lines):
        raise UsageError(f"{INDEX_NAME} has no line {line_number} (it has {len(lines)})")
    if lines[line_number - 1].kind != "packed":
        raise UsageError(f"line {line_number} of {INDEX_NAME} is not a packed line")
    plan = Plan(snap)
    raw = plan.raw(INDEX_NAME)
    text = raw.text(line_number)
    found: list[tuple[int, str]] = []
    links = link_targets(text, INDEX_NAME)
    starts = sorted([ext[0] if (ext := link_extent(text, sp)) else sp.start for sp, _ in links]
                    + [start for start, _end, _name in wikilink_spans(text)])
    for span, target in links:
        ext = link_extent(text, span)
        label = ext[2] if ext else target
        mf = snap.memories.get(target)
        if mf is not None:
            # A title the operator wrote on the packed line is kept; a bare name is drafted.
            title = label.strip() if label.strip() not in ("", mf.key, mf.stem) \
                else draft_title(mf, conventions(snap).title_case)
            hook = _hook_after(text, ext[1], starts) if ext else ""
            found.append((span.start, draft_entry(mf, title, hook or None)))
        else:
            found.append((span.start, f"- [{label}]({destination(span.href)})"))
    for start, _end, name in wikilink_spans(text):
        res = snap.resolver.resolve(name)
        mf = snap.memories.get(res.path) if res.path else None
        hook = f" — {draft_hook(mf.description)}" if mf is not None and mf.description else ""
        found.append((start, f"- [[{name}]]{hook}"))
    entries = [e for _, e in sorted(found)]
    raw.replace(line_number, entries)
    into = f"line {line_number} into {plural(len(entries), 'entry', 'entries')}"
    cs = plan.changeset("unfold", {"line": line_number}, "")
    note = ""
    if profile is not None and options is not None:
        gone = unloaded_by(snap, cs, profile, options)
        if gone is not None and gone.lost:
            one = len(gone.lost) == 1
            names = ", ".join(gone.lost[:3]) + (f", … and {len(gone.lost) - 3} more"
                                                if len(gone.lost) > 3 else "")
            note = (f"; {plural(len(gone.lost), 'memory', 'memories')} loaded now "
                    f"{'falls' if one else 'fall'} past the load limit "
                    f"({options.max_lines:,} lines / {options.max_bytes:,} bytes) and "
                    f"{'is' if one else 'are'} no longer loaded: {names}")
    cs.summary = f"{INDEX_NAME}: unfolded {into}{note}"
    cs.preview = f"{INDEX_NAME}: will unfold {into}{note}"
    return cs
