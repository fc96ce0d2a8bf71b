"""Operations on the index, MEMORY.md: add entries, repoint, remove links (fold and unfold
in :mod:`memtui.edit.fold_ops`).

Each function plans from a :class:`Snapshot` and returns a :class:`Changeset`; nothing is
written here. Only the lines an operation is about change; every other byte stays. The
module is past 500 lines: one concept, the index's own operations.
"""

from __future__ import annotations

import contextlib
import re
from collections.abc import Callable

from memtui.core.derivation.name_forms import form_of, nfc
from memtui.core.reporting.wording import plural
from memtui.core.scanner.index import HEADING, parse_index
from memtui.core.scanner.links import fold as fold_spelling
from memtui.core.scanner.links import resolve_href
from memtui.core.workspace import INDEX_NAME, in_archive
from memtui.edit.changeset import Changeset, Plan
from memtui.edit.conventions import conventions
from memtui.edit.credential_notes import credential_notes
from memtui.edit.draft import (
    distinct_titles,
    draft_entry,
    draft_title,
    drafted_hooks,
    entry_line,
    refuse_credentials,
    unlinkable,
)
from memtui.edit.errors import AlreadyDone, Refused, UsageError
from memtui.edit.index_links import index_line_of, index_lines_of
from memtui.edit.linkedit import (
    dest_spans,
    link_extent,
    link_targets,
    prose_lines,
    retarget,
    rewrite_wikilinks,
    wikilink_spans,
)
from memtui.edit.printed_arg import printed_arg
from memtui.edit.rawtext import RawText
from memtui.edit.snapshot import Snapshot

#: An index entry's line: a list item (``- ``, ``* ``, ``+ ``, ``1. ``).
_LIST_ITEM = re.compile(r"^\s*(?:[-*+]|\d{1,9}[.)])\s")
SEP_BEFORE = re.compile(r"\s*(?:·|•|,|;|\||/|–|—)\s*$")
_SEP_AFTER = re.compile(r"^\s*(?:·|•|,|;|\||/|–|—)\s*")
_HASHES = re.compile(r"^ {0,3}#{1,6}\s*")


def heading_line(raw: RawText, heading: str) -> int:
    want = _HASHES.sub("", heading).strip().casefold()
    for number, text in enumerate(raw.texts(), start=1):
        if HEADING.match(text) and _HASHES.sub("", text).strip().rstrip("#").strip() \
                .casefold() == want:
            return number
    raise UsageError(f"{INDEX_NAME} has no heading '{heading}'")


#: Where new index lines go: under a heading, at a line number, or None (the default).
Place = str | int | None
#: The place of a batch of memories of several types: each under its type's section when
#: the index has one, else where the default puts it (newuser27 #3: ``A`` put project
#: memories under "## References", the section the batch's last entries happened to end).
BY_TYPE = "\0by type"


def insertion_point(raw: RawText, under: Place, snap: Snapshot | None = None) -> int:
    """Where new entries go: after the last non-blank line of the heading's section; with
    no heading, after the last hot entry (see :func:`last_hot_entry`), else at the end; a
    number: that line (the app's place among the loaded lines, newuser23 #35). ``snap``:
    the snapshot ``raw`` comes from (its index taken when the text is the same)."""
    texts = raw.texts()
    if isinstance(under, int):
        return min(max(under, 1), len(texts) + 1)
    if under is None:
        hot = last_hot_entry(texts, snap)
        if hot is not None:
            return hot + 1
        start, stop = 1, len(texts)
    else:
        start = heading_line(raw, under)
        stop = next((n for n in range(start + 1, len(texts) + 1)
                     if HEADING.match(texts[n - 1])), len(texts) + 1) - 1
    last = start - 1 if under is None else start
    for n in range(start, stop + 1):
        if texts[n - 1].strip():
            last = n
    return last + 1


def last_hot_entry(texts: list[str], snap: Snapshot | None = None) -> int | None:
    """The line number of the last entry (a line with one link) before the first packed
    line, so a new entry joins the hot ones and not a cold section at the end; the last
    entry anywhere when none comes before a packed line; None when there is no entry.
    ``snap``: a snapshot whose index may be these very lines (`Snapshot.index_of`)."""
    text = "\n".join(texts) + "\n"
    lines = (snap.index_of(text) if snap is not None else parse_index(text)).lines
    first_packed = next((ln.number for ln in lines if ln.kind == "packed"), len(lines) + 1)
    entries = [ln.number for ln in lines if ln.kind == "entry"]
    before = [n for n in entries if n < first_packed]
    return (before or entries or [None])[-1]


def where_entries_go(snap: Snapshot) -> str:
    """Where new entries go with no heading chosen, in words for the operator."""
    texts = [ln.text for ln in snap.index.lines]
    hot = last_hot_entry(texts, snap) if texts else None
    if hot is not None and hot < len(texts):
        last = max(ln.number for ln in snap.index.lines if ln.kind == "entry")
        if last > hot:  # (newuser35 #24: "the last entry (line 154)", entries to line 419)
            return (f"after the last entry before the packed lines (line {hot} of "
                    f"{INDEX_NAME}; its last entry is line {last})")
        return f"after the last entry (line {hot} of {INDEX_NAME})"
    return f"at the end of {INDEX_NAME}"


def plan_add_to_index(plan: Plan, rels: list[str], title: str | None = None,
                      hook: str | None = None, under: str | None = None) -> list[str]:
    """Insert drafted entries for ``rels`` into the plan's index; returns the lines added."""
    snap = plan.snap
    raw = plan.raw(INDEX_NAME)
    mfs = [snap.memories[r] for r in rels]
    titles = [title] * len(rels) if title else \
        distinct_titles(mfs, entry_titles(snap), conventions(snap).title_case)[0]
    lines = [draft_entry(mf, t, hook) for mf, t in zip(mfs, titles, strict=True)]
    raw.insert(insertion_point(raw, under, snap), lines)
    return lines


def add_entries(snap: Snapshot, entries: list[tuple[str, str, str]],
                under: Place = None) -> Changeset:
    """Add index entries the operator wrote: (memory path, title, hook) each."""
    linked = index_lines_of(snap, (rel for rel, _, _ in entries))
    every = all(linked.get(rel) for rel, _, _ in entries)  # then nothing is left to do
    for rel, _, _ in entries:
        if rel not in snap.memories:
            raise UsageError(f"no memory at {rel}")
        why = unlinkable(rel)
        if why:
            raise Refused(why)
        at = linked.get(rel)
        if at:
            raise (AlreadyDone if every else Refused)(
                f"{rel} is already in the index (line {at[0]})")
    plan = Plan(snap)
    raw = plan.raw(INDEX_NAME)
    if isinstance(under, int) and under > len(raw.texts()) + 1:  # newuser29 #44
        n = len(raw.texts())
        raise UsageError(f"{INDEX_NAME} has {plural(n, 'line')}: --at takes 1 to {n + 1}")
    groups: dict[int, list[str]] = {}
    points: dict[Place, int] = {}  # each place looked up once (it reads the whole index)
    sections: dict[str, Place] = {}
    for rel, title, hook in entries:
        place = under
        if under == BY_TYPE:
            type_ = snap.memories[rel].type or ""
            if type_ not in sections:
                sections[type_] = section_for(snap, type_) if type_ else None
            place = sections[type_]
        if place not in points:
            points[place] = insertion_point(raw, place, snap)
        groups.setdefault(points[place], []).append(
            entry_line(rel, title or draft_title(snap.memories[rel]), hook))
    for at in sorted(groups, reverse=True):  # from the end: the places above hold
        raw.insert(at, groups[at])
    where = f" at line {under}" if isinstance(under, int) else \
        " under their types' sections" if under == BY_TYPE else \
        f" under '{under}'" if under else ""
    rels = [rel for rel, _, _ in entries]
    names = ", ".join(rels) if len(rels) <= 3 else plural(len(rels), "memory", "memories")
    return plan.changeset("add-to-index", {"entries": [list(e) for e in entries],
                                           "under": under},
                          f"{INDEX_NAME}: +{plural(len(rels), 'entry', 'entries')}{where} "
                          f"({names})")


def entry_titles(snap: Snapshot) -> dict[str, int]:
    """The index entries' titles, casefolded, each with its line (a new one must differ)."""
    return {ln.title.strip().casefold(): ln.number for ln in snap.index.lines
            if ln.kind == "entry" and ln.title.strip()}


def headings(snap: Snapshot) -> list[str]:
    """The index's headings, as written without their ``#`` marks (for placement choices)."""
    return [_HASHES.sub("", ln.text).strip().rstrip("#").strip()
            for ln in snap.index.lines if ln.kind == "heading"]


def section_for(snap: Snapshot, type_: str) -> str | None:
    """The index heading a memory of ``type_`` belongs under ("## Feedback", "References"),
    when the index has one: the heading named by the type, else the one whose entries are
    all of that type, in any language ("## 反馈" over feedback memories alone: newuser37
    #38, Chinese sections were not found and new lines went under the last one)."""
    for heading in headings(snap):
        word = re.sub(r"[^\w ]", " ", heading).split()
        if word and word[0].casefold().rstrip("s") == type_.casefold().rstrip("s"):
            return heading
    return _typed_section(snap, type_)


def _typed_section(snap: Snapshot, type_: str) -> str | None:
    """The heading whose entries link memories of ``type_`` alone (two or more, or the only
    entry of a section when every other section is of one other type): None when no
    section is, or two are."""
    kinds: dict[str, set[str]] = {}
    heading: str | None = None
    for ln in snap.index.lines:
        if ln.kind == "heading":
            heading = _HASHES.sub("", ln.text).strip().rstrip("#").strip()
            kinds.setdefault(heading, set())
        elif ln.kind == "entry" and heading is not None:
            for link in ln.links:
                memory = snap.memories.get(link.target or "")
                if memory is not None:
                    kinds[heading].add(memory.type or "")
    found = [h for h, types in kinds.items() if types == {type_}]
    if len(found) == 1 and all(len(t) == 1 for t in kinds.values() if t):
        return found[0]
    return None


def add_to_index(snap: Snapshot, memories: list[str], *, title: str | None = None,
                 hook: str | None = None, under: Place = None,
                 all_unreachable: bool = False,
                 only: Callable[[str], bool] | None = None) -> Changeset:
    """``only``: which unreachable memories ``all_unreachable`` takes (a profile's: an
    OpenClaw daily note is searched, never an orphan to index)."""
    args = {"memories": memories, "title": title, "hook": hook, "under": under,
            "all_unreachable": all_unreachable}
    left: list[str] = []
    if all_unreachable:
        if memories:
            raise UsageError("give MEMORY names or --all-unreachable, not both")
        rels = [r for r in snap.unreachable() if only is None or only(r)]
        archived = [r for r in rels if in_archive(r)]
        if archived:  # put away on purpose: left out, and said so, as the app's A does
            rels = [r for r in rels if not in_archive(r)]
            left.append(archived_note(archived))
        left += [why for why in map(unlinkable, rels) if why]
        rels = [r for r in rels if unlinkable(r) is None]
    else:
        if not memories:
            raise UsageError("name at least one MEMORY (or use --all-unreachable)")
        rels = []
        for m in memories:
            rel = snap.memory(m).path
            if rel not in rels:
                rels.append(rel)
    if (title or hook) and len(rels) != 1:
        raise UsageError("--title and --hook apply to one memory at a time")
    if not rels:
        # unreachable memories all left out are not "reachable already" (newuser29 #22)
        why = [w.replace("; nothing was written", "") for w in left]
        cs = Plan(snap).changeset("add-to-index", args, "every memory is reachable already"
                                  if not why else "no unreachable memory can be added: " +
                                  "; ".join(w if w.startswith("left out") else f"left out {w}"
                                            for w in why))
        cs.notes += left if all_unreachable else []
        return cs
    mfs = [snap.memories[rel] for rel in rels]
    titles, clashes = ([title], {}) if title else \
        distinct_titles(mfs, entry_titles(snap), conventions(snap).title_case)
    refuse_credentials(title, hook)  # never into the index loaded every turn (newuser32 #38)
    hooks, hook_notes = drafted_hooks(mfs, hook)
    entries = [(mf.path, t, hooks[mf.path]) for mf, t in zip(mfs, titles, strict=True)]
    if under is None:
        under = type_place(snap, rels)
    cs = add_entries(snap, entries, under)
    cs.args = args
    cs.notes += credential_notes(snap, rels, "add-to-index")
    cs.notes += [f"{rel}: {why}" for rel, why in clashes.items()]
    cs.notes += hook_notes  # a drafted hook cut (#40) or left out (newuser32 #38)
    if all_unreachable:
        cs.notes += [*snap.unread(), *(why.replace("; nothing was written", "; left out")
                                       for why in left)]
    return cs


def type_place(snap: Snapshot, rels: list[str]) -> Place:
    """Where memories go by default: under the section of their one type when the index
    has it; `BY_TYPE` for several types when the index has a section for one of them; else
    None (after the last hot entry)."""
    types = {snap.memories[rel].type for rel in rels}
    sections = {t: section_for(snap, t) for t in types if t}
    if len(types) == 1:
        return next(iter(sections.values()), None)
    return BY_TYPE if any(sections.values()) else None


def archived_note(archived: list[str]) -> str:
    """What ``--all-unreachable`` (and the app's ``A``) says of the unreachable memories in
    archive folders it leaves out (newuser26 #40: the CLI indexed them, one holding a
    password, while ``A`` left them out)."""
    folders = sorted({p.rsplit("/", 1)[0] for p in archived})
    more = f" and {plural(len(folders) - 1, 'more folder')}" if len(folders) > 1 else ""
    return (f"left out {plural(len(archived), 'archived memory', 'archived memories')} "
            f"(in {folders[0]}/{more}): name one to index it")


def _norm(snap: Snapshot, target: str, source: str = INDEX_NAME) -> str:
    """A target given on the command line: a file's path as it is (``#`` and ``?`` are part
    of a name then), else a link destination (percent-encoding, a fragment)."""
    with contextlib.suppress(UsageError):
        path = snap.path_arg(target)
        if snap.exists(path):
            return path
    resolved = resolve_href(source, target)
    if resolved is None or resolved[0] is None:
        raise UsageError(f"'{target}' is not a path inside the workspace")
    return resolved[0]


def rewrite_links(plan: Plan, sources: list[str],
                  markdown: Callable[[str], str | None] | None,
                  wiki: Callable[[str], str | None] | None) -> tuple[list[str], int]:
    """Rewrite links in the prose lines of ``sources`` (the index and memory bodies).

    ``markdown`` maps a link's workspace-relative target to a new path, ``wiki`` a
    ``[[name]]`` to a new name; None leaves a link alone. Returns the files changed (their
    planned paths) and how many links were rewritten.
    """
    snap = plan.snap
    plan.scanned = True
    changed: list[str] = []
    count = 0
    for source in sources:
        start = 1 if source == INDEX_NAME else snap.memories[source].body_start
        md, wl = snap.links_from(source)
        wanted_md = markdown is not None and any(
            lk.target is not None and markdown(lk.target) is not None for lk in md)
        wanted_wl = wiki is not None and any(wiki(lk.target or "") is not None for lk in wl)
        if not (wanted_md or wanted_wl):
            continue
        raw = plan.raw(source)
        touched = False
        for n in prose_lines(raw.texts()[start - 1:], start):
            text = raw.text(n)
            new = text
            if markdown is not None:
                new = retarget(new, source, markdown)
                count += sum(1 for _, t in link_targets(text, source) if markdown(t) is not None)
            if wiki is not None:
                new = rewrite_wikilinks(new, wiki)
                count += sum(1 for _, _, name in wikilink_spans(text)
                             if wiki(name) not in (None, name))
            if new != text:
                raw.set(n, new)
                touched = True
        if touched:
            changed.append(plan.path(source))
    return changed, count


def _stem(target: str) -> str:
    name = target.rsplit("/", 1)[-1]
    return name[:-3] if name.lower().endswith(".md") else name


def wikilink_name_for(snap: Snapshot, rel: str) -> str | None:
    """The name a ``[[wikilink]]`` to memory ``rel`` is written with (its name, else its
    stem), or None when no such name leads to it (not a memory, a name another holds)."""
    mf = snap.memories.get(rel)
    if mf is None:
        return None
    for name in (mf.key, mf.stem):
        if not any(c in name for c in "|#[]\n") and snap.resolver.resolve(name).path == rel:
            return name
    return None


def repoint(snap: Snapshot, old: str, new: str, remove_duplicate: bool = False) -> Changeset:
    """Point every link to ``old`` (index and memories) at ``new``, which must exist.

    Markdown links are repointed, and so are ``[[wikilinks]]`` that lead to ``old`` — or,
    when nothing does any more, that would by its file stem — keeping ``|alias`` and
    ``#heading``. A wikilink can only name a memory: when ``new`` is not one, wikilinks
    are left as they are and a note says so.

    When an index entry of ``old`` becomes a second entry for ``new`` (the index links
    ``new`` already), a warning says so; ``remove_duplicate`` removes the repointed entry
    instead, in the same operation (one undo puts both back).
    """
    old_t, new_t = _norm(snap, printed_arg(snap, old)), _norm(snap, printed_arg(snap, new))
    try:  # not a file's path: a memory's `name`, as every operation names memories
        new_t = new_t if snap.exists(new_t) else snap.memory(new).path
    except UsageError:
        raise Refused(f"{new_t} does not exist; repoint to an existing file"
                      f"{snap.did_you_mean(new)}") from None
    if old_t == new_t:
        raise UsageError("the old and new targets are the same")
    if new_t == INDEX_NAME:  # newuser29 #43: an index entry linking the index itself
        raise UsageError(f"{INDEX_NAME} is the index, not a memory; repoint to a memory")
    old_stem = fold_spelling(_stem(old_t))

    def leads_to_old(name: str) -> bool:
        res = snap.resolver.resolve(name)
        return res.path == old_t or (res.path is None and fold_spelling(_stem(name)) == old_stem)

    new_name = wikilink_name_for(snap, new_t)
    plan = Plan(snap)
    _, count = rewrite_links(
        plan, [INDEX_NAME, *snap.memories],
        lambda t: new_t if t == old_t else None,
        lambda name: new_name if new_name is not None and leads_to_old(name) else None)
    left = [] if new_name is not None else [
        f"{lk.source}:{lk.line}: [[{lk.target}]] left as it is ({new_t} is not a memory a "
        "wikilink can name)"
        for s in [INDEX_NAME, *snap.memories] for lk in snap.links_from(s)[1]
        if leads_to_old(lk.target or "")]
    moved, already = duplicate_entries(snap, old_t, new_t)
    if remove_duplicate and moved:
        raw = plan.raw(INDEX_NAME)
        for n in sorted(moved, reverse=True):
            raw.delete(n)
    args: dict[str, object] = {"old": old_t, "new": new_t}
    if remove_duplicate:
        args["remove_duplicate"] = True
    # Two spellings of one name look alike on screen: the forms are named (newuser27 #8:
    # "from memory/café.md to memory/café.md" read as no change at all).
    forms = f" ({form_of(old_t)} → {form_of(new_t)}, the same name in another Unicode " \
        "form)" if old_t != new_t and nfc(old_t) == nfc(new_t) else ""
    cs = plan.changeset("repoint", args,
                        f"repointed {plural(count, 'link')} from {old_t} to {new_t}{forms}")
    cs.notes += left
    if moved and not remove_duplicate:
        cs.notes.append(
            f"warning: {INDEX_NAME}:{already[0]} already links {new_t}, so lines "
            f"{already[0]} and {moved[0]} become two entries for one file; "
            f"--remove-duplicate removes line {moved[0]} (the repointed one)")
    cs.keep_age = True
    if not cs:
        if left:
            raise Refused(f"only [[wikilinks]] lead to {old_t}, and {new_t} is not a memory "
                          "a wikilink can name")
        raise Refused(f"no link leads to {old_t}")
    what = f"{plural(count, 'link')} from {old_t} to {new_t}{forms} in {', '.join(cs.paths)}"
    cs.summary, cs.preview = f"repointed {what}", f"will repoint {what}"
    if moved and remove_duplicate:
        cs.summary += f"; removed the duplicate entry {INDEX_NAME}:{moved[0]}"
        cs.preview += f"; will remove the duplicate entry {INDEX_NAME}:{moved[0]}"
    return cs


def duplicate_entries(snap: Snapshot, old: str, new: str) -> tuple[list[int], list[int]]:
    """Index entries of ``old`` that repointing onto ``new`` makes second entries for one
    file, and the entries that already link ``new`` (both empty when none would)."""
    entries = {ln.number for ln in snap.index.lines if ln.kind == "entry"}
    already = [n for n in index_line_of(snap, new) if n in entries]
    moved = [n for n in index_line_of(snap, old) if n in entries and n not in already]
    return (moved, already) if already and moved else ([], [])


def remove_index_links(raw: RawText, targets: set[str],
                       resolve: Callable[[str], str | None] | None = None) -> int:
    """Remove index links to ``targets``: an entry (a list item) with no other link goes
    whole, on a packed one only the link and its separator; on a line that is no list item
    (a sentence, a heading) the link becomes its own text. ``resolve`` maps a ``[[name]]``
    to a path, so wikilink entries go too. Returns how many links were removed."""
    removed = 0
    for n in range(len(raw), 0, -1):
        text = raw.text(n)
        spans: list[tuple[int, int]] = []
        words: list[str] = []  # each link's own text
        for span, target in link_targets(text, INDEX_NAME):
            ext = link_extent(text, span)
            if target in targets and ext is not None:
                spans.append((ext[0], ext[1]))
                words.append(ext[2])
        wikis = wikilink_spans(text)
        if resolve is not None:
            for s, e, name in wikis:
                if resolve(name) in targets:
                    spans.append((s, e))
                    inner = text[s + 2:e - 2]
                    words.append(inner.split("|", 1)[1] if "|" in inner else inner)
        if not spans:
            continue
        removed += len(spans)
        if not _LIST_ITEM.match(text):
            # not an entry (a sentence, a heading): the link's words stay, as in a memory
            # (newuser31 #34: "See [a](a) and [b](b)." lost "b")
            for (start, end), word in sorted(zip(spans, words, strict=True), reverse=True):
                text = text[:start] + word + text[end:]
            raw.set(n, text)
            continue
        if len(dest_spans(text)) + len(wikis) - len(spans) <= 0:
            raw.delete(n)
            continue
        for start, end in sorted(spans, reverse=True):
            before, after = text[:start], text[end:]
            m = SEP_BEFORE.search(before)
            if m and before[:m.start()].rstrip().endswith((")", "]")):
                before = before[:m.start()]
            else:
                m2 = _SEP_AFTER.match(after)
                after = after[m2.end():] if m2 else after.lstrip()
            text = before + after
        raw.set(n, text.rstrip() if text.strip() else text)
    return removed


def remove_link_in(plan: Plan, target: str) -> tuple[str, int]:
    """Remove index links to ``target`` (a path; a memory's name works too) in ``plan``:
    (the target as the index names it, how many links went)."""
    snap = plan.snap
    t = _norm(snap, target)
    if not index_line_of(snap, t):
        with contextlib.suppress(UsageError):
            t = snap.memory(target).path
    removed = remove_index_links(plan.raw(INDEX_NAME), {t},
                                 lambda name: snap.resolver.resolve(name).path)
    if not removed:
        raise Refused(f"{INDEX_NAME} has no link to {t}")
    return t, removed


def remove_link(snap: Snapshot, target: str) -> Changeset:
    """Remove index links to ``target`` (a path; a memory's name works too)."""
    plan = Plan(snap)
    t, removed = remove_link_in(plan, target)
    cs = plan.changeset("remove-link", {"target": t},
                        f"{INDEX_NAME}: removed {plural(removed, 'link')} to {t}")
    cs.preview = f"{INDEX_NAME}: will remove {plural(removed, 'link')} to {t}"
    cs.keep_age = True
    return cs
