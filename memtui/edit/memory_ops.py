"""Operations on memory files: rename, fix wikilinks, new, delete, redact.

Like the index operations, each plans from a :class:`Snapshot` and returns a
:class:`Changeset`; the only lines touched are the ones the operation is about.

Why this module is past 500 lines: the five operations share the snapshot's name and link
helpers kept here (a new memory's entry placed among the loaded lines, newuser28 #28, made
it ~560); splitting it by operation is the next step, not done in the session that grew it.
"""

from __future__ import annotations

import json
import os
import posixpath
import re
import shlex
import unicodedata
from pathlib import Path

from memtui.core.agent_paths import unportable
from memtui.core.creds.detector import scan_text, token_span
from memtui.core.creds.structure import key_block_rest
from memtui.core.reporting.safe_output import utf8_safe
from memtui.core.reporting.wording import plural
from memtui.core.results import AuditOptions
from memtui.core.scanner.continued_lines import scan_joined
from memtui.core.scanner.links import Link
from memtui.core.scanner.memory_file import KNOWN_TYPES, split_frontmatter
from memtui.core.scanner.textfile import utf16
from memtui.core.workspace import INDEX_NAME, in_archive
from memtui.edit.changeset import REDACTED, Changeset, Plan
from memtui.edit.conventions import conventions
from memtui.edit.credential_notes import credential_notes
from memtui.edit.draft import hook_cut
from memtui.edit.emptied_headings import drop_emptied_headings
from memtui.edit.errors import AlreadyDone, Refused, UsageError
from memtui.edit.index_ops import (
    plan_add_to_index,
    remove_index_links,
    rewrite_links,
    section_for,
)
from memtui.edit.load_limit import changeset_past_limit, loaded_place
from memtui.edit.safe_write import MAX_EDIT_BYTES
from memtui.edit.snapshot import Snapshot
from memtui.edit.why_labels import folder_labels

_NAME_LINE = re.compile(r"^(name\s*:\s*)(.*?)(\s*)$")
_PLAIN_YAML = re.compile(r"^[\w\u0080-\uffff][\w\u0080-\uffff .\-]*$")

#: A name a new or renamed memory may take: lowercase words (any script) joined by - or _.
#: One rule for the app's dialogs and the CLI (issue 32 item 19).
SLUG = re.compile(r"[^\W_A-Z]+(?:[-_][^\W_A-Z]+)*")


def secret_span(text: str, value: str) -> tuple[int, int] | None:
    """Where ``value`` sits in ``text``, widened to the whole token around it."""
    start = text.find(value)
    return None if start < 0 else token_span(text, start, start + len(value))


def check_new_name(name: str) -> str:
    """A usable memory name (and file stem); ``.md`` is dropped when given."""
    name = name.strip()
    if name.lower().endswith(".md"):
        name = name[:-3]
    if not name or name.startswith(".") or any(c in name for c in "/\\\x00\n\r"):
        raise UsageError(f"'{name}' cannot be a memory name (no slashes, no leading dot)")
    if utf8_safe(name) is not name:
        raise UsageError(f"{name!a} cannot be a memory name (not valid UTF-8)")
    size = len(f"{name}.md".encode())
    if size > 255:  # the name's own size, then the limit (newuser29 #41: "é" is 2 bytes)
        raise UsageError(f"'{name[:40]}…' is too long for a file name: {size:,} bytes with "
                         ".md (UTF-8); a file name holds at most 255 bytes")
    return name


def slug_problem(name: str) -> str:
    """Why ``name`` is not a kebab-case or snake_case slug ('' when it is one)."""
    name = unicodedata.normalize("NFC", name.strip())
    if name.lower().endswith(".md"):
        name = name[:-3]
    if not name:
        return "a name is needed: lowercase words joined by - or _ (e.g. night-shift)"
    if SLUG.fullmatch(name):
        why = unportable(f"{name}.md")  # newuser24 #25: con.md was made, then flagged
        return f"'{name}' {why}: the audit flags it as unportable_name; choose another " \
            "name" if why else ""
    hint = re.sub(r"[^\w]+|_+", "-", name.lower()).strip("-")
    suggestion = f" — say '{hint}'" if hint and SLUG.fullmatch(hint) else ""
    return (f"'{name}' is not a slug: use lowercase words joined by - or _ "
            f"(kebab-case or snake_case){suggestion}")


def check_slug(name: str) -> str:
    """:func:`check_new_name`, and a slug (:func:`slug_problem`): what a user may type as
    a new or renamed memory's name, in the app and the CLI alike."""
    # In NFC: a name pasted from a macOS file name is NFD ('café' with U+0301), and read
    # as typed it was "not a slug" though it looked like an accepted one (newuser27 #18).
    name = unicodedata.normalize("NFC", check_new_name(name))
    problem = slug_problem(name)
    if problem:
        raise UsageError(problem)
    return name


def yaml_scalar(value: str) -> str:
    """``value`` as a YAML scalar: plain when safe, else double-quoted."""
    if _PLAIN_YAML.match(value) and not value.endswith(" ") and value.lower() not in (
            "true", "false", "null", "yes", "no", "on", "off", "~"):
        return value
    return json.dumps(value, ensure_ascii=False)


def rename_target(snap: Snapshot, memory: str, new_name: str) -> tuple[str, str]:
    """``(new_name, new path)`` for renaming ``memory``; UsageError or Refused (one line)
    when the name cannot be used (not a name, the file or the name taken): what ``rename``
    checks first, cheap enough to check as the name is typed."""
    mf = snap.memory(memory)
    new_name = check_slug(new_name)
    folder = posixpath.dirname(mf.path)
    # The file is named as `new` names one (newuser26 #23: in a folder whose files carry
    # their type, reference_gsim_architecture.md became gsim_arch.md); name: as typed.
    stem = new_name
    if mf.type in KNOWN_TYPES:
        stem = conventions(snap).file_name(new_name, str(mf.type))
    new_rel = posixpath.join(folder, f"{stem}.md") if folder else f"{stem}.md"
    if new_rel == mf.path and (mf.name == new_name or kept_name(mf.name)):
        raise AlreadyDone(f"{mf.path} is already named '{new_name}'")
    if new_rel != mf.path and snap.exists(new_rel):
        raise Refused(f"{new_rel} already exists; nothing was written")
    holder = snap.resolver.by_name.get(new_name)
    if holder is not None and holder != mf.path:
        raise Refused(f"{holder} is already named '{new_name}'")
    return new_name, new_rel


def kept_name(name: str | None) -> bool:
    """Whether a rename keeps the memory's ``name``: a title in words, not a slug (``name:
    Workflow rules for features and commits``, the title the agent reads; newuser27 #4:
    it became ``name: workflow_rules``). Only the file is renamed then."""
    return bool(name) and not SLUG.fullmatch(str(name).strip())


def rename(snap: Snapshot, memory: str, new_name: str) -> Changeset:
    mf = snap.memory(memory)
    old = mf.path
    new_name, new_rel = rename_target(snap, memory, new_name)
    keep = kept_name(mf.name)
    plan = Plan(snap)
    if new_rel != old:
        plan.move(old, new_rel)
    # The name line inside the frontmatter, and only that line.
    raw = plan.raw(old)
    fm, _body, body_start, _ok = split_frontmatter(snap.text(old))
    if fm is not None and not keep:
        for n in range(2, body_start - 1):
            m = _NAME_LINE.match(raw.text(n))
            if m:
                value = m.group(2)
                quote = value[:1] if value[:1] in "\"'" and value[-1:] == value[:1] else ""
                if quote == "'" and "'" not in new_name:
                    new_value = f"'{new_name}'"
                elif quote == '"':
                    new_value = json.dumps(new_name, ensure_ascii=False)
                else:
                    new_value = yaml_scalar(new_name)
                raw.set(n, m.group(1) + new_value + m.group(3))
                break
    # A wikilink by the kept name still finds it; one by the file's stem names the new one.
    linked = posixpath.basename(new_rel).removesuffix(".md") if keep else new_name

    def wikilink(name: str) -> str | None:
        found = snap.resolver.resolve(name)
        return linked if found.path == old and not (keep and found.state == "exact") \
            else None
    sources = [s for s in (INDEX_NAME, *snap.memories) if snap.may_mention(s, old)]
    changed, _ = rewrite_links(plan, sources, lambda t: new_rel if t == old else None,
                               wikilink)
    mentions = rename_mentions(plan, snap, old, new_rel) if new_rel != old else 0
    others = [p for p in changed if p != new_rel]
    moved = f"{old} to {new_rel} " + (f"(name kept: '{mf.name}')" if keep
                                       else f"(name '{new_name}')")
    files = plural(len(others), "file")
    said = f"; {plural(mentions, 'backtick mention')} in {INDEX_NAME}" if mentions else ""
    if new_rel == old and not keep:  # only the name: (newuser35 #17: "renamed X to X")
        cs = plan.changeset("rename", {"memory": old, "new_name": new_name},
                            f"set {old}'s name: {new_name} (file name unchanged); links "
                            f"rewritten in {files}")
        cs.preview = (f"will set {old}'s name: {new_name} (file name unchanged); links "
                      f"will be rewritten in {files}")
    else:
        cs = plan.changeset("rename", {"memory": old, "new_name": new_name},
                            f"renamed {moved}; links rewritten in {files}"
                            + (f"{said} renamed" if said else ""))
        # Shown before the write (newuser26 #2: "renamed …" read as done, Esc then dropped
        # it).
        cs.preview = (f"will rename {moved}; links will be rewritten in {files}"
                      + (f"{said} will be renamed" if said else ""))
    # A new name changes no fact: the memory keeps its age (at its new path), and so do
    # the files whose links follow it (newuser22 #2: a rename made a 61-day-old memory 0d).
    cs.keep_age = True
    if new_rel != old:
        cs.notes += aliases_left(snap, old)
    return cs


def aliases_left(snap: Snapshot, old: str) -> list[str]:
    """What a move of ``old`` leaves pointing nowhere: each symbolic link in the workspace
    that leads to it (memtui does not follow or rewrite links), and each link of the index
    to such an alias (newuser29 #36: the rename said only "not looked at: … is a symbolic
    link", then both aliases dangled and the index's alias link was broken)."""
    root = os.path.realpath(snap.ws.root)
    real = os.path.realpath(os.path.join(root, old))
    aliases = []
    for rel in sorted(snap.problems):
        path = os.path.join(root, rel)
        if os.path.islink(path) and os.path.realpath(path) == real:
            aliases.append(rel)
    notes = [f"{rel} is a symbolic link to {old}: it will lead nowhere after the rename "
             "(memtui does not rewrite links; point it at the new name, or remove it)"
             for rel in aliases]
    for lk in snap.links_from(INDEX_NAME)[0] if aliases else []:
        if lk.target in aliases:
            notes.append(f"{INDEX_NAME}:{lk.line} links {lk.target}, which will then lead "
                         "nowhere")
    return notes


def rename_mentions(plan: Plan, snap: Snapshot, old: str, new_rel: str) -> int:
    """Rename the index's backtick mentions of ``old`` (`` `memory/scrap-log.md` ``, or its
    bare file name when no other memory has it) to ``new_rel``: the audit reads them as
    mentions of that memory, and once it is moved they would name a file that is gone
    (newuser23 #42). How many were renamed."""
    base, new_base = posixpath.basename(old), posixpath.basename(new_rel)
    alone = sum(1 for rel in snap.memories if posixpath.basename(rel) == base) == 1
    spellings = {old: new_rel, **({base: new_base} if alone else {})}
    raw = None
    done = 0
    for span in snap.index.code_spans:
        new = spellings.get(span.content.strip())
        if new is None:
            continue
        raw = raw or plan.raw(INDEX_NAME)
        line = raw.text(span.line)
        was = f"`{span.content}`"
        if was in line:
            now = span.content.replace(span.content.strip(), new)
            raw.set(span.line, line.replace(was, f"`{now}`", 1))
            done += 1
    return done


def fix_wikilinks(snap: Snapshot, memory: str | None = None) -> Changeset:
    sources = [snap.memory(memory).path] if memory else [INDEX_NAME, *snap.memories]

    def exact(name: str) -> str | None:
        res = snap.resolver.resolve(name)
        if res.state == "fuzzy" and res.path is not None:
            return snap.resolver.spelling(res.path)
        return None

    plan = Plan(snap)
    count = sum(1 for s in sources for lk in snap.links_from(s)[1] if exact(lk.target or ""))
    changed, _ = rewrite_links(plan, sources, None, exact)
    what = (f"{plural(count, 'fuzzy wikilink')} to the exact spelling in "
            f"{plural(len(changed), 'file')}")
    summary = f"rewrote {what}" if changed else "no fuzzy wikilinks"
    cs = plan.changeset("fix-wikilinks", {"memory": memory}, summary)
    cs.preview = f"will rewrite {what}" if changed else ""
    cs.keep_age = True
    return cs


def template_body(type_: str, labels: tuple[str, str] = ("**Why:**", "**How to apply:**")
                  ) -> str:
    """The body a new memory starts with (feedback and project carry Why / How to apply);
    ``labels``: the two labels as the folder writes them (`folder_labels`)."""
    return f"\n{labels[0]} \n{labels[1]} \n" if type_ in ("feedback", "project") else "\n"


def template(name: str, type_: str, description: str, body: str | None = None,
             top_level_type: bool = False) -> str:
    """A new memory's text; ``top_level_type``: ``type:`` at the top level (the layout
    Claude Code writes) rather than under ``metadata:``."""
    body = template_body(type_) if body is None else body
    if body and not body.endswith("\n"):
        body += "\n"
    kind = f"type: {type_}" if top_level_type else f"metadata:\n  type: {type_}"
    return (f"---\nname: {yaml_scalar(name)}\n"
            f"description: {json.dumps(description, ensure_ascii=False)}\n"
            f"{kind}\n---\n{body}")


def new_path(snap: Snapshot, name: str, type_: str) -> str:
    """The file a new memory named ``name`` of ``type_`` is written to: the name spelt
    the folder's way, in ``memory/`` for an item workspace."""
    name = check_slug(name)
    if type_ in KNOWN_TYPES:
        name = check_new_name(conventions(snap).file_name(name, type_))
    return f"memory/{name}.md" if snap.ws.layout == "item" else f"{name}.md"


#: A memory is not written without a description, which the audit flags at once: the app's
#: form and ``fix new`` refuse alike (newuser23 #9; newuser24 #65: ``fix new`` wrote
#: ``description: ""`` where ``n`` refused).
NO_DESCRIPTION = ("a description is needed: the agent picks memories by it (an empty one "
                  "is a finding)")


def new(snap: Snapshot, name: str, type_: str, description: str = "",
        index: bool = False, body: str | None = None, profile: str | None = None,
        options: AuditOptions | None = None) -> Changeset:
    """A new memory from the template, spelt as the folder spells its memories (see
    :mod:`memtui.edit.conventions`): ``name`` gets the folder's separator and type prefix;
    ``index``: its entry goes under the index's section for ``type_`` when there is one —
    under ``profile`` (the folder's agent), among the lines the agent loads: where that
    section (or the end) is past the load limit, at the lowest loaded place, else refused
    (newuser28 #28: the entry went to line 151 of an index cut at 120, an orphan at birth)."""
    cs = _new(snap, name, type_, description, index, body)
    if not index or profile is None:
        return cs
    opts = options or AuditOptions()
    past = changeset_past_limit(snap, cs, profile, opts)
    if not past.landing:
        return cs
    line, loaded = past.landing[0][1], past.loaded[0]
    inside = loaded_place(snap, cs, profile, opts, lambda at: _new(
        snap, name, type_, description, index, body, at))
    if inside is not None:
        at, placed, moved = inside
        placed.notes.insert(0, (
            f"its {INDEX_NAME} entry goes to line {at}, among the lines the agent "
            f"loads: at line {line} it would be past the load limit ({loaded:,} lines "
            "loaded), never loaded"))
        placed.notes += [f"pushed past the load limit, no longer loaded: line "
                         f"{ln.number}: {ln.text.strip()}" for ln, _ in moved.pushed]
        return placed
    raise Refused(f"its {INDEX_NAME} entry would be line {line}, past the load limit "
                  f"({loaded:,} lines loaded): never loaded; nothing was written. Make room "
                  "first (fold entries, or remove lines), or create it without the index "
                  "entry and add one where it loads")


def _new(snap: Snapshot, name: str, type_: str, description: str, index: bool,
         body: str | None, at: int | None = None) -> Changeset:
    """`new`'s plan, its index entry under the type's section (or at line ``at``)."""
    conv = conventions(snap)
    name = stem = check_slug(name)
    if type_ in KNOWN_TYPES:  # only the file is named the folder's way: name: as typed
        stem = check_new_name(conv.file_name(name, type_))
    if utf8_safe(description) is not description or (
            body is not None and utf8_safe(body) is not body):
        raise UsageError("the description is not valid UTF-8")
    if type_ not in KNOWN_TYPES:
        raise UsageError(f"unknown type '{type_}' (one of {', '.join(KNOWN_TYPES)})")
    rel = f"memory/{stem}.md" if snap.ws.layout == "item" else f"{stem}.md"
    if snap.exists(rel):
        raise Refused(f"{rel} already exists; nothing was written")
    for taken in dict.fromkeys((name, stem)):
        if snap.resolver.resolve(taken).state in ("exact", "stem"):
            other = snap.resolver.resolve(taken).path
            raise Refused(f"a memory named '{taken}' exists already ({other})")
    if not description.strip():
        raise UsageError(NO_DESCRIPTION)
    plan = Plan(snap)
    if type_ in ("feedback", "project") and body in (None, template_body(type_)):
        # the folder's labels (newuser37 #18), for the app's n too when its English
        # template was left as it came
        body = template_body(type_, folder_labels(snap))
    text = template(name, type_, description.replace("\n", " ").strip(), body,
                    conv.top_level_type)
    plan.create(rel, text.encode("utf-8"))
    summary = f"created {rel} ({type_})" + (f", name '{name}'" if stem != name else "")
    if index:
        from memtui.core.scanner.memory_file import parse_memory

        snap.memories[rel] = parse_memory(rel, text)
        try:
            under = section_for(snap, type_) if at is None else None
            plan_add_to_index(plan, [rel], under=under if at is None else at)
        finally:
            del snap.memories[rel]
        summary += f" and added it to {INDEX_NAME}" + (
            f" at line {at}" if at is not None else f" under '{under}'" if under else "")
    cs = plan.changeset("new", {"name": name, "type": type_, "description": description,
                                "index": index}, summary)
    cs.preview = "will create" + summary.removeprefix("created").replace(
        " and added it to", " and add it to")
    cut = hook_cut(rel, description) if index else None
    cs.notes += [cut] if cut else []
    if not index:  # said, not found by the next audit (newuser25 #24)
        cs.notes.append(f"{rel} is not in {INDEX_NAME}: an orphan the agent never sees until "
                        f"an index line links it (--index, or fix add-to-index; a in the app)")
    return cs


def named(snap: Snapshot, memories: list[str], verb: str) -> list[str]:
    """The paths of ``memories``, each once, in the order named (UsageError: none)."""
    rels = list(dict.fromkeys(snap.memory(m).path for m in memories))
    if not rels:
        raise UsageError(f"name at least one MEMORY to {verb}")
    return rels


def delete(snap: Snapshot, memories: list[str]) -> Changeset:
    rels = named(snap, memories, "delete")
    plan = Plan(snap)
    plan.scanned = True  # the links left dangling are looked for in every file
    for rel in rels:
        if rel in snap.large:  # newuser25 #31: refused, and what to do instead
            raise Refused(too_large_to_delete(snap, rel))
        plan.delete(rel)
    removed = remove_index_links(plan.raw(INDEX_NAME), set(rels),
                                 lambda name: snap.resolver.resolve(name).path)
    dangling: list[str] = []
    for rel in rels:
        for lk in snap.links_to(rel):
            if lk.source == INDEX_NAME or lk.source in rels:
                continue
            shown = f"[[{lk.target}]]" if lk.kind == "wikilink" else f"link to {rel}"
            dangling.append(f"{lk.source}:{lk.line}: {shown}{DANGLES}")
    # The index's backtick mentions of them are left naming nothing (newuser24 #51).
    gone = set(rels) | {posixpath.basename(r) for r in rels
                        if sum(posixpath.basename(m) == posixpath.basename(r)
                               for m in snap.memories) == 1}
    dangling += [f"{INDEX_NAME}:{span.line}: `{span.content.strip()}` (in backticks){DANGLES}"
                 for span in snap.index.code_spans if span.content.strip() in gone]
    names = ", ".join(rels)
    cs = plan.changeset("delete", {"memories": rels},
                        f"deleted {names}; removed {plural(removed, 'index link')}")
    cs.preview = f"will delete {names}; will remove {plural(removed, 'index link')}"
    cs.notes += credential_notes(snap, rels, "delete")
    cs.notes += dangling
    cs.notes += [f"{p}: unreachable without {names} (nothing else leads to it)"
                 for p in stranded(snap, rels)]
    return cs


#: The folder `archive` moves memories into, beside them (an archive folder is left out of
#: the audit and of the agent's index: `memtui.core.workspace.is_archive`).
ARCHIVE_FOLDER = "_archive"


def archive(snap: Snapshot, memories: list[str]) -> Changeset:
    """Move ``memories`` into the archive folder beside each (``_archive/``) and drop their
    index lines, as one operation: kept, but no longer indexed nor loaded (newuser30 #18:
    past the load limit the only index-shrinking action was fold, which keeps every hook).
    Links to them from other memories follow them to their new path."""
    rels = named(snap, memories, "archive")
    plan = Plan(snap)
    moved: dict[str, str] = {}
    for rel in rels:
        if in_archive(rel):
            raise Refused(f"{rel} is in an archive folder already; nothing was written")
        new_rel = free_archive_path(snap, rel, set(moved.values()))
        plan.move(rel, new_rel)
        moved[rel] = new_rel
    raw = plan.raw(INDEX_NAME)
    before, texts = len(raw), raw.texts()
    removed = remove_index_links(raw, set(rels), lambda name: snap.resolver.resolve(name).path)
    emptied = drop_emptied_headings(raw, texts)  # (newuser37 #8)
    linked = snap.links_to_each(rels)  # (each source read once: newuser35 #4)
    sources = {lk.source for found in linked.values() for lk in found}
    rewrite_links(plan, [s for s in snap.memories if s in sources and s not in moved],
                  moved.get, lambda _name: None)
    lines = lines_and_links(before - len(raw), removed)
    if len(moved) > LISTED_MOST:  # a summary line; the moves one per line on request
        folders = sorted({new.rpartition("/")[0] + "/" for new in moved.values()})
        into = folders[0] if len(folders) == 1 else f"{len(folders):,} archive folders"
        count = plural(len(moved), "memory", "memories")
        cs = plan.changeset("archive", {"memories": rels},
                            f"archived {count} into {into}; removed {lines}")
        cs.preview = f"will move {count} into {into}; will remove {lines}"
        cs.details = [f"{old} -> {new}" for old, new in moved.items()]
    else:
        names = ", ".join(f"{old} to {new}" for old, new in moved.items())
        cs = plan.changeset("archive", {"memories": rels},
                            f"archived {names}; removed {lines}")
        cs.preview = f"will move {names}; will remove {lines}"
    cs.keep_age = True  # put away, not changed: each keeps its age
    if emptied:  # the lines counted above are the entries' and these headings'
        shown = ", ".join(emptied[:5]) + (" …" if len(emptied) > 5 else "")
        cs.notes.append(f"{plural(len(emptied), 'heading')} left with nothing under them "
                        f"removed from {INDEX_NAME} ({shown})")
    cs.notes += into_archive(snap, moved, linked)
    cs.notes += credential_notes(snap, rels, "archive")
    return cs


def free_archive_path(snap: Snapshot, rel: str, taken: set[str]) -> str:
    """Where archiving ``rel`` puts it: ``_archive/`` beside it under its own name, else
    (an archived memory of that name there already, or one moved there in this operation)
    the first free ``NAME-2.md``, ``NAME-3.md``… (newuser39 #13: a second memory of a name
    already archived could never be archived: "already exists; nothing was written")."""
    folder, _, base = rel.rpartition("/")
    into = f"{folder}/{ARCHIVE_FOLDER}/" if folder else f"{ARCHIVE_FOLDER}/"
    stem_, dot, suffix = base.rpartition(".")
    if not dot:
        stem_, suffix = base, ""
    n = 1
    while True:
        name = base if n == 1 else f"{stem_}-{n}" + (f".{suffix}" if suffix else "")
        if into + name not in taken and not snap.exists(into + name):
            return into + name
        n += 1


#: An archive of more memories than this says how many in one line (newuser35 #4: 1,199
#: named in one 73 KB line); ``--verbose`` lists the moves, one per line.
LISTED_MOST = 5


def lines_and_links(lines: int, links: int) -> str:
    """What an edit took out of the index: its lines, and its links when they are not one
    a line (newuser35 #5: "removed 1,199 index lines" for 200 packed lines of 6)."""
    if lines == links:
        return plural(lines, "index line")
    if not lines:
        return f"{plural(links, 'index link')} (no whole line)"
    return f"{plural(lines, 'index line')} ({plural(links, 'link')})"


#: How an archive's note on a link left leading into the archive ends.
INTO_ARCHIVE = "not audited, not in the index"


def into_archive(snap: Snapshot, moved: dict[str, str],
                 linked: dict[str, list[Link]] | None = None) -> list[str]:
    """The links of other memories left leading into the archive (newuser33 #27: as
    ``delete`` lists what now dangles): a markdown link follows the memory to its new path,
    a ``[[name]]`` still names it; either way the agent is sent to a memory put away.
    ``linked``: `Snapshot.links_to_each` of the moved memories, when known."""
    out = []
    if linked is None:
        linked = snap.links_to_each(moved)
    for rel, new_rel in moved.items():
        for lk in linked.get(rel, []):
            if lk.source == INDEX_NAME or lk.source in moved:
                continue
            shown = f"[[{lk.target}]] now names an archived memory" \
                if lk.kind == "wikilink" else f"link to {rel} now leads into the archive"
            out.append(f"{lk.source}:{lk.line}: {shown} ({new_rel}): {INTO_ARCHIVE} "
                       "(repoint or unlink it)")
    return out


def too_large_to_delete(snap: Snapshot, rel: str) -> str:
    """Why memtui does not delete ``rel`` (past the edit cap), and how to."""
    ws = shlex.quote(str(snap.ws.root))
    size = snap.memories[rel].size if rel in snap.memories else 0
    size_note = f" ({size:,} bytes)" if size else ""
    return (f"{rel} is larger than {MAX_EDIT_BYTES // (1024 * 1024)} MiB{size_note}: "
            "memtui keeps the bytes of what it deletes so that undo can bring them back, "
            "and does not keep a file that large; nothing was written. Move it out of the "
            f"memory folder yourself (mv {shlex.quote(str(snap.ws.root / rel))} "
            "SOMEWHERE)" + (f", then drop its index line: memtui fix remove-link {ws} "
                            f"{shlex.quote(rel)}" if rel in snap.indexed() else ""))


#: How a delete's note on a link left dangling ends (the others name stranded memories).
DANGLES = " now dangles"


def stranded(snap: Snapshot, rels: list[str]) -> list[str]:
    """The memories reachable now (from the index, by links) that only ``rels`` lead to:
    unreachable orphans once ``rels`` are deleted (newuser23 #45: deleting a hub said
    nothing of the memory it alone linked)."""
    graph = snap.graph()
    indexed = snap.indexed()
    before = graph.reachable_from(indexed)
    gone = set(rels)
    seen = indexed - gone
    queue = list(seen)
    while queue:
        for nxt in graph.out.get(queue.pop(), ()):
            if nxt not in seen and nxt not in gone:
                seen.add(nxt)
                queue.append(nxt)
    return sorted(p for p in before if p not in seen and p not in gone)


def loaded_file(snap: Snapshot, name: str) -> str | None:
    """``name`` when it is a file the agent's profile injects into every turn that is no
    memory (OpenClaw's TOOLS.md, AGENTS.md, …), else None."""
    from memtui.core.profiles import get
    from memtui.edit.agent_ops import profile_for

    name = name.strip()
    if name in snap.memories or "/" in name or "\\" in name:
        return None
    profile = get(profile_for(snap.ws))
    if not profile.agent_files:
        return None

    def read(rel: str) -> str | None:
        return snap.text(rel) if snap.load(rel) is not None else None

    injection = profile.inject(snap.ws, profile.limits(snap.ws, {})[0], read)
    return name if injection is not None and name in injection.files else None


def redact(snap: Snapshot, memory: str) -> Changeset:
    """Replace the credentials of a memory, the index, or a file the agent loads every turn
    (newuser30 #21: OpenClaw's TOOLS.md held an API key memtui would not touch) with
    `REDACTED`."""
    if memory.strip() == INDEX_NAME:
        rel = INDEX_NAME
    else:
        try:
            rel = snap.memory(memory).path
        except UsageError:
            found = loaded_file(snap, memory)
            if found is None:
                raise
            rel = found
    data = snap.editable(rel)
    if data is None:
        raise UsageError(f"{rel} does not exist")
    hits = scan_joined(snap.text(rel))[0]
    if hits and utf16(data) is not None:
        # Its lines as written are not its text (newuser30 #3): never "no credentials found"
        raise Refused(f"{rel} is UTF-16 text and holds {plural(len(hits), 'credential')}; "
                      "memtui edits UTF-8 text only: remove the value by hand (or save the "
                      "file as UTF-8 and redact again) and rotate it; nothing was written")
    plan = Plan(snap)
    secrets: list[str] = []
    rests: list[str] = []
    if hits:
        raw = plan.raw(rel)
        for hit in hits:
            if not 1 <= hit.line <= len(raw):
                continue
            text = raw.text(hit.line)
            while hit.value and hit.value not in REDACTED:
                span = secret_span(text, hit.value)
                if span is None:
                    break
                secrets.append(text[span[0]:span[1]])
                text = text[:span[0]] + REDACTED + text[span[1]:]
            raw.set(hit.line, text)
        lines = snap.text(rel).split("\n")
        for hit in hits:
            if hit.kind != "private key block":
                continue
            for j in key_block_rest(lines, hit.line - 1):
                # The whole key goes, not its first body line (newuser32 #14)
                if j + 1 <= len(raw):
                    text = raw.text(j + 1)
                    value = text.strip()
                    if value and value != REDACTED:
                        rests.append(value)  # the same credential: counted once
                        raw.set(j + 1, text.replace(value, REDACTED, 1))
    count = len(secrets)
    what = (f"{plural(count, 'credential')} with {REDACTED} (not kept in the journal: undo "
            "cannot bring it back)")
    summary = f"{rel}: replaced {what}" if count else f"no credentials found in {rel}"
    cs = plan.changeset("redact", {"memory": rel}, summary)
    cs.preview = f"{rel}: will replace {what}" if count else ""
    cs.keep_age = True
    # Longest first, so a secret that holds another is replaced whole.
    cs.secrets = sorted(set(secrets + rests), key=len, reverse=True)
    if count:
        cs.notes += other_names(snap, rel) + in_history(snap, rel, cs.secrets)
    return cs


def in_history(snap: Snapshot, rel: str, secrets: list[str]) -> list[str]:
    """A note when git's history holds a credential being redacted: the commits that
    recorded ``rel`` keep it whatever the file now says (newuser33 #5: "replaced … not kept
    in the journal" read as "gone"), so it must be rotated."""
    from memtui.core.git.held import held_in_history

    held = held_in_history(snap.ws.root, rel, secrets)
    if held is None:
        return []
    subject = held.subject if len(held.subject) <= 50 else held.subject[:49] + "\u2026"
    more = f" and {plural(held.count - 1, 'older commit')}" if held.count > 1 else ""
    cut = " (the history was not read to its end: there may be more)" if held.cut else ""
    # The advice first: the status line shows 3 lines, and at 80 columns it stopped at
    # "… and 4 older" (newuser40 #13).
    return [f"{rel} is tracked by git: rotate the credential; redacting the file does not "
            f"remove it from history, it is still in commit {held.newest} "
            f"(\"{subject}\"){more}{cut}"]


def new_credentials(cs: Changeset) -> list[str]:
    """What a changeset that creates files would write that looks like a credential, one
    line each (``memory/vpn-access.md:7: password (Xk9#…)``): said before the app's ``n``
    writes it (newuser33 #17: a password went into a memory and the index without a
    word; the chat agent is told never to store one)."""
    out = []
    for ch in cs.changes:
        if ch.before is not None or ch.after is None:
            continue
        for hit in scan_text(ch.after.decode("utf-8", "replace")):
            out.append(f"{ch.path}:{hit.line}: {hit.kind} ({hit.redacted})")
    return out


def without_credentials(text: str) -> str:
    """``text`` with each credential found in it replaced by `REDACTED` (as ``redact``
    replaces them in a file)."""
    for _ in range(64):  # each pass replaces at least one, or stops
        hits = [h for h in scan_text(text) if h.value and h.value not in REDACTED]
        spans = [secret_span(text, h.value) for h in hits]
        spans = [sp for sp in spans if sp is not None]
        if not spans:
            return text
        start, end = max(spans)  # from the end: the earlier spans stay where they are
        text = text[:start] + REDACTED + text[end:]
    return text


def other_names(snap: Snapshot, rel: str) -> list[str]:
    """A note when ``rel`` has other names (hard links): the write replaces this name only
    (an atomic rename, never written through), so they still hold the credential
    (newuser23 #26: "replaced 1 credential" and nothing more). They are found by the inode
    the names share now, on its file system (newuser24 #44: ``-samefile PATH`` after the
    write finds only the new, redacted file at PATH)."""
    try:
        st = os.lstat(snap.ws.root / rel)
    except OSError:
        return []
    if st.st_nlink < 2:
        return []
    links = st.st_nlink
    others, it = links - 1, "it" if links == 2 else "them"
    inside = sorted(name for name in {*snap.raw, *snap.memories} if name != rel
                    and same_file(snap.ws.root / name, st))
    head = (f"{rel} had {links} names (hard links): only this one is redacted; the other "
            f"{'name still holds' if others == 1 else f'{others} names still hold'} the "
            "credential")
    if len(inside) == others:  # each in the workspace: named (newuser40 #24: the dialog
        # sent the user to `find /` for a name in the same folder)
        return [f"{head}: {', '.join(inside)} — redact or delete {it} too"]
    top = shlex.quote(str(mount_of(snap.ws.root, st.st_dev)))
    named = f"; in the workspace: {', '.join(inside)}" if inside else ""
    return [f"{head}{named} (find {it} with find {top} -xdev -inum {st.st_ino}, and delete "
            f"or redact {it})"]


def same_file(path: Path, st: os.stat_result) -> bool:
    """Whether ``path`` (not followed) is the file ``st`` describes: another hard link."""
    try:
        other = os.lstat(path)
    except OSError:
        return False
    return (other.st_dev, other.st_ino) == (st.st_dev, st.st_ino)


def mount_of(folder: Path, dev: int) -> Path:
    """The topmost folder above ``folder`` on the file system ``dev`` (its mount point):
    where every hard link of a file on it lies."""
    here = folder.resolve()
    while here.parent != here:
        try:
            if os.stat(here.parent).st_dev != dev:
                break
        except OSError:
            break
        here = here.parent
    return here


def holders(snap: Snapshot, target: str) -> list[str]:
    """The memories ``unlink`` would find a link to ``target`` in (a path, a destination
    as written, or a wikilink's name): what a refused index ``remove-link`` names for
    ``--in`` (newuser26 #38: the hint said "--in MEMORY" though the audit knew which)."""
    from memtui.core.scanner.links import resolve_href

    name = target.removeprefix("[[").removesuffix("]]").strip()
    resolved = resolve_href(INDEX_NAME, target)
    path = resolved[0] if resolved is not None else None
    needle = (path or name).rsplit("/", 1)[-1]
    needle = needle[:-3] if needle.lower().endswith(".md") else needle
    out = []
    for rel in snap.memories:
        if rel in snap.large or not needle or needle not in snap.text(rel):
            continue
        md, wl = snap.links_from(rel)
        if any(lk.target == path or lk.raw == target for lk in md) \
                or any(lk.target == name for lk in wl):
            out.append(rel)
    return out


def unlink(snap: Snapshot, source: str, target: str) -> Changeset:
    """Turn the markdown links to ``target`` in memory ``source`` into their plain text
    (`unlink_in`)."""
    plan = Plan(snap)
    rel, count = unlink_in(plan, source, target)
    cs = plan.changeset("unlink", {"source": rel, "target": target},
                        f"{rel}: {plural(count, 'link')} to {target} made plain text")
    cs.preview = f"{rel}: {plural(count, 'link')} to {target} will be made plain text"
    cs.keep_age = True  # a repaired link changes no fact (docs/curate.md, "Ages are kept")
    return cs


def unlink_in(plan: Plan, source: str, target: str) -> tuple[str, int]:
    """Turn the markdown links to ``target`` in memory ``source`` into their plain text: a
    broken link inside a memory (``index_ops.remove_link`` removes index links). ``target``
    is the workspace path the link resolves to, or its destination as written. A
    ``[[wikilink]]`` named ``target`` (with or without its brackets) loses its brackets,
    the dangling_wikilink rule's "drop the brackets" (newuser26 #38: "has no link to" the
    dangling wikilink the audit reported on that line). In ``plan``: (the memory, how many
    links went)."""
    from memtui.core.scanner.links import resolve_href
    from memtui.edit.linkedit import dest_spans, link_extent, prose_lines, unwikilink

    snap = plan.snap
    rel = snap.memory(source).path
    raw = plan.raw(rel)
    start = snap.memories[rel].body_start
    name = target.removeprefix("[[").removesuffix("]]").strip()
    count = 0
    for n in prose_lines(raw.texts()[start - 1:], start):
        text = new = raw.text(n)
        for span in reversed(dest_spans(text)):
            resolved = resolve_href(rel, span.href)
            if span.href != target and (resolved is None or resolved[0] != target):
                continue
            extent = link_extent(new, span)
            if extent is not None:
                begin, end, label = extent
                new = new[:begin] + label + new[end:]
                count += 1
        new, count = unwikilink(new, name, count)
        if new != text:
            raw.set(n, new)
    if not count:
        raise Refused(f"{rel} has no link to {target}")
    return rel, count
