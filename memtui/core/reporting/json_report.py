"""The JSON report of SPEC §4 (``memtui audit --json``)."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import Any

from memtui.core.audit import AuditResult, FileReport
from memtui.core.checks.findings import Finding
from memtui.core.counting.tokens import TOKENIZERS
from memtui.core.profiles import get as get_profile
from memtui.core.profiles.registry import doubt
from memtui.core.record import replace
from memtui.core.reporting.hidden import severity_changes, unread_note
from memtui.core.reporting.suppress import counts
from memtui.core.reporting.wording import plural

#: 2: workspace-level findings (path ".", with "files"), age_source "unknown", orphans
#: counted from the loaded index only (with "past_limit"), documentation files apart, the
#: window chosen per profile (see the README); ``tokens`` maps hold the tokenizers asked for
#: (qwen by default, plus the one the window's share is taken in) and ``files[].tokens`` is
#: there only when each file's tokens were counted (``file_tokens``, ``--file-tokens``).
#: 3: ``findings`` holds only the reported (unsuppressed) findings; ``config`` names the
#: configuration file used (null: none), ``suppressed`` counts the others by cause (config,
#: inline, baseline) and ``suppressed_findings`` lists them, each with ``suppressed_by``.
SCHEMA = 3


#: Archive folders named one by one in the Config row before "and N more".
ARCHIVES_SHOWN = 3


def unwalked_folders(result: AuditResult) -> list[str]:
    """The folders beside ``memory/`` of an item (or OpenClaw) workspace, which the audit
    does not walk and memtui's own agent is refused (`memtui.core.scanner.walk_scope`)."""
    from memtui.core.files.look_alike import folders_beside
    from memtui.core.profiles.registry import walked_reach

    ws = result.workspace
    try:
        if ws.layout != "item" or walked_reach(ws, result.profile) != "memory":
            return []
    except (KeyError, ValueError):
        return []
    return folders_beside(str(ws.root))


def config_summary(result: AuditResult) -> str:
    """The Config row of the text report: the configuration file used, the ``exclude``
    patterns and the files they leave out (or that match no file), and the archive folders
    excluded by default
    (``include-archives = true`` audits them); empty when none."""
    parts = [result.config_path] if result.config_path else []
    own = getattr(result, "own_settings", "")  # (a stored result's: none)
    if parts and own:  # what of it loosens the verdict (newuser35 #10)
        parts[0] = f"{parts[0]} (sets {own})"
    beside = unwalked_folders(result)
    if beside:  # (newuser38 #6: what memtui's agent is refused, said)
        parts.append(f"not read for credentials: {', '.join(beside[:5])}"
                     f"{f' and {len(beside) - 5:,} more' if len(beside) > 5 else ''} "
                     "(folders beside memory/; memtui's agent is refused them)")
    kept = getattr(result, "kept_fail_on", "")  # (the operator's, under the workspace's)
    if kept:
        parts.append(f"{kept} (the user-level fail-on is kept under the workspace's file)")
    project = result.project
    if project is not None and project.path is None:
        parts.append(project.note)
    unused = getattr(result, "unused_excludes", [])  # (a stored result's: none)
    nothing = [(pattern, under) for pattern, under, others in unused if not others]
    if nothing:
        parts.append("exclude matches no file: " + ", ".join(
            f"{pattern} (did you mean {under}? patterns are relative to the workspace)"
            if under else pattern for pattern, under in nothing))
    no_memory = [(pattern, others) for pattern, _, others in unused if others]
    if no_memory:  # there, but no memory (newuser29 #1: "matches no file")
        parts.append("exclude matches no memory: " + ", ".join(
            f"{pattern} ({plural(others, 'file')} there, none a memory: exclude leaves out "
            "memories only; what the agent can read there is read for credentials anyway)"
            for pattern, others in no_memory))
    unread = unread_note(result.excluded)
    if unread:
        parts.append(unread)
    elif result.excluded.by_patterns:  # named as every other key is (newuser37 #17)
        idle = {pattern for pattern, _, _ in unused}  # (named above)
        patterns = [p for p in getattr(getattr(result, "options", None), "exclude", ())
                    if p not in idle]
        parts.append(f"exclude = [{', '.join(patterns)}]: "
                     f"{plural(result.excluded.by_patterns, 'file')} left out (not audited)")
    folders = result.archives_excluded
    if folders:
        shown = ", ".join(f"{f}/" for f in folders[:ARCHIVES_SHOWN])
        more = len(folders) - ARCHIVES_SHOWN
        parts.append(f"default exclude (archive folders): {shown}"
                     + (f" and {more} more" if more > 0 else ""))
    return "; ".join(parts)


def hot_and_packed(result: AuditResult) -> dict[str, dict[str, float]]:
    """Average cost per memory on hot (one-link) lines versus packed lines."""
    out: dict[str, dict[str, float]] = {}
    counted = [n for n in TOKENIZERS if any(n in c.tokens for c in result.line_costs)]
    for kind, label in (("entry", "hot"), ("packed", "packed")):
        rows = [c for c in result.line_costs if c.kind == kind]
        memories = sum(c.memories for c in rows)
        chars = sum(c.chars for c in rows)
        out[label] = {
            "lines": len(rows),
            "memories": memories,
            "chars": chars,
            "chars_per_memory": round(chars / memories, 1) if memories else 0.0,
        }
        for name in counted:  # e.g. "qwen_tokens_per_memory"
            tokens = sum(c.tokens.get(name, 0) for c in rows)
            out[label][f"{name}_tokens_per_memory"] = (round(tokens / memories, 1)
                                                       if memories else 0.0)
    return out


class Rows:
    """One of the report's long lists (files, findings), its rows made chunk by chunk when
    the report is streamed (``write_json``) rather than all at once. ``text``: the JSON of
    some items at once, as the encoder would write their rows (`NotPlain` when one holds a
    value of another type than its field's: those are encoded as rows)."""

    def __init__(self, items: Sequence[Any], row: Callable[[Any], dict[str, Any]],
                 text: Callable[[Sequence[Any]], str] | None = None) -> None:
        self.items, self.row, self.text = items, row, text

    def texts(self, size: int, dumps: Callable[[Any], str]) -> Iterator[str]:
        """The JSON of the rows ``size`` at a time, without the brackets (none empty)."""
        row, items, text = self.row, self.items, self.text
        for start in range(0, len(items), size):
            part = items[start:start + size]
            got = None
            if text is not None:
                try:
                    got = text(part)
                except (NotPlain, TypeError):  # (TypeError: a string that is not one)
                    got = None
            yield got if got is not None else dumps([row(x) for x in part])[1:-1]


class NotPlain(Exception):
    """A value a rows' template (`_file_rows_untokened`, `_finding_rows`) does not write."""


def _not_plain() -> str:
    raise NotPlain


def _finding_rows(findings: Sequence[Finding]) -> str:
    """``json.dumps([f.to_dict() for f in findings], ensure_ascii=False)`` without its
    brackets, as `_file_rows_untokened` writes the files' (16,000 findings: ~0.013 s
    instead of ~0.03 s); a finding listing files is `NotPlain`."""
    from json.encoder import encode_basestring as text

    num = int.__repr__
    return ", ".join([
        f'{{"kind": {text(f.kind)}, "severity": {text(f.severity)}, "path": {text(f.path)}, '
        '"line": '
        f'{"null" if f.line is None else num(f.line) if type(f.line) is int else _not_plain()}'
        f', "message": {text(f.message)}}}' if not f.files else _not_plain()
        for f in findings])


def _file_rows_untokened(files: Sequence[FileReport]) -> str:
    """``json.dumps([_file_row_untokened(f) for f in files], ensure_ascii=False)`` without
    its brackets, each row written from a template (50,000 rows: ~0.08 s instead of
    ~0.16 s of dicts through the encoder), every value of its field's exact type (a
    string or None, an int, a bool; else `NotPlain`)."""
    from json.encoder import encode_basestring as text  # the encoder's, not ASCII-only

    num = int.__repr__
    return ", ".join([
        f'{{"path": {text(f.path)}, "name": {"null" if f.name is None else text(f.name)}, '
        f'"type": {"null" if f.type is None else text(f.type)}, '
        f'"bytes": {num(f.bytes) if type(f.bytes) is int else _not_plain()}, '
        f'"age_days": {num(f.age_days) if type(f.age_days) is int else _not_plain()}, '
        f'"age_source": {text(f.age_source)}, "linked": '
        f'{"true" if f.linked is True else "false" if f.linked is False else _not_plain()}, '
        '"reachable": '
        f'{"true" if f.reachable is True else "false" if f.reachable is False else _not_plain()}, '
        '"tokens": null, '
        f'"findings": {num(f.findings) if type(f.findings) is int else _not_plain()}}}'
        for f in files])


def _file_row(f: FileReport) -> dict[str, Any]:
    return {"path": f.path, "name": f.name, "type": f.type, "bytes": f.bytes,
            "age_days": f.age_days, "age_source": f.age_source, "linked": f.linked,
            "reachable": f.reachable, "tokens": f.tokens, "findings": f.findings}


def _file_row_untokened(f: FileReport) -> dict[str, Any]:
    """A file's row when its tokens were not counted (no ``--file-tokens``): ``tokens`` is
    null, the key kept, as SPEC §4 fixes it (newuser36 #27: a script's ``f["tokens"]``
    raised KeyError)."""
    return {"path": f.path, "name": f.name, "type": f.type, "bytes": f.bytes,
            "age_days": f.age_days, "age_source": f.age_source, "linked": f.linked,
            "reachable": f.reachable, "tokens": None, "findings": f.findings}


def write_json(result: AuditResult, write: Callable[[str], object], chunk: int = 2000) -> None:
    """Write the report as compact JSON, exactly ``json.dumps(to_json(result),
    ensure_ascii=False)``, without ever holding all of it: the long lists are encoded
    ``chunk`` rows at a time."""
    import json

    dumps = json.JSONEncoder(ensure_ascii=False).encode
    write("{")
    for i, (key, value) in enumerate(to_json(result, streamed=True).items()):
        write((", " if i else "") + dumps(key) + ": ")
        if not isinstance(value, Rows):
            write(dumps(value))
            continue
        write("[")
        first = True
        for rows in value.texts(chunk, dumps):
            write(("" if first else ", ") + rows)
            first = False
        write("]")
    write("}")


def to_json(result: AuditResult, streamed: bool = False) -> dict[str, Any]:
    """The report as a JSON-ready dict: the fixed keys of SPEC §4 plus a few extra ones.
    ``streamed``: the long lists stay ``Rows`` (for ``write_json``)."""
    data = _report(result)
    if not streamed:
        for key, value in data.items():
            if isinstance(value, Rows):
                data[key] = [value.row(x) for x in value.items]
    return data


def linked_rows(result: AuditResult) -> list[FileReport]:
    """The files' rows, ``linked`` as SPEC §4 has it: the index links (names) the file.
    Under an agent's profile the derivation's ``linked`` is what the agent reaches, its own
    way too (OpenClaw's notes, found by memory_search): said by ``reachable``, and by
    ``linked`` only when the index names it (newuser34 #3: every note ``linked: true``, and
    ``linked_files`` 30, though MEMORY.md links none)."""
    files = result.listed_files()
    if not result.block.rule:  # item, claude-code: the derivation's is the index's already
        return files
    named = result.named_by_index()
    return [f if f.linked == (f.path in named) else replace(f, linked=f.path in named)
            for f in files]


def linked_count(result: AuditResult, rows: list[FileReport]) -> int:
    """``index.linked_files``: the files the index links (the rows ``linked``)."""
    if not result.block.rule:
        return len(result.index_linked)
    return sum(1 for f in rows if f.linked)


def _report(result: AuditResult) -> dict[str, Any]:
    idx = result.index
    rows = linked_rows(result)
    block = result.block
    wiki = result.wikirefs
    file_tokens = result.options.file_tokens
    return {
        "schema": SCHEMA,
        "workspace": str(result.workspace.root),
        "layout": result.workspace.layout,
        "profile": result.profile,
        **({"agent": get_profile(result.profile).agent} if result.block.rule else {}),
        # which profile was chosen and why, when the evidence is weak or mixed (newuser34)
        **({"profile_note": note} if (note := doubt(
            result.workspace.root, result.workspace.layout, result.workspace.given,
            result.options.profile)) is not None else {}),
        "memory_files": result.memory_file_count(),
        "documentation": result.documentation,
        "index": {
            "path": idx.path,
            "exists": idx.exists,
            "lines": idx.line_count,
            "chars": len(idx.text),
            "bytes": idx.size,
            # a store's entries (Hermes' §-separated ones) as the header counts them
            # (newuser34 #16: 0 beside the header's 44)
            "entries": idx.kind_count("entry") if (store := result.store_entries()) is None
            else store,
            "packed_lines": idx.kind_count("packed"),
            "linked_files": linked_count(result, rows),
            # the lines the agent loads: less the middle its cut drops (newuser34 #3: 702
            # beside dropped_lines [142, 662])
            "loaded_lines": result.loaded_lines - (
                block.dropped[1] - block.dropped[0] + 1 if block.dropped else 0),
            # the middle an agent's cut drops (OpenClaw: newuser27 #27), [first, last]
            **({"dropped_lines": list(block.dropped)} if block.dropped else {}),
            # Claude Code's load limits (newuser37 #32: the fleet's limit column said "–"
            # for an index of 272/200 lines); the agent profiles' are the block's ``loads``
            **({"load_limits": {"lines": result.options.max_lines,
                                "bytes": result.options.max_bytes}}
               if result.profile == "claude-code" and idx.exists else {}),
            "costs": hot_and_packed(result),
            "line_costs": [{"line": c.line, "kind": c.kind, "memories": c.memories,
                            "chars": c.chars, "bytes": c.bytes, "tokens": c.tokens}
                           for c in result.line_costs],
        },
        "orphans": [{"path": o.path, "reachable": o.reachable, "linked_from": o.linked_from,
                     "past_limit": o.past_limit} for o in result.orphans],
        "broken_links": [{"source": b.source, "line": b.line, "target": b.target,
                          "suggestions": b.suggestions} for b in result.broken_links],
        "wikilinks": {
            "total": len(wiki),
            "dangling": [{"source": w.source, "line": w.line, "target": w.target}
                         for w in wiki if w.state == "dangling"],
            "fuzzy": [{"source": w.source, "line": w.line, "target": w.target,
                       "resolved": w.resolved} for w in wiki if w.state == "fuzzy"],
        },
        "types": result.listed_types(),
        "injected_block": {
            "chars": block.chars,
            "bytes": block.bytes,
            "tokens": block.tokens,
            "window": block.window,
            "window_name": block.window_name,
            "share": round(block.share, 4),
            "share_tokenizer": block.tokenizer,
            "files": block.files,
            "cut_by_load_limit": block.cut,
            # an agent profile's (issue 33) only: the others' reports stay as they were
            **({"rule": block.rule, "loads": [load.to_dict() for load in block.loads]}
               if block.rule else {}),
            # what the agent also loads every turn, not counted in the block (Claude Code's
            # CLAUDE.md files: newuser35 #22); only when there is one
            **({"not_counted": [{"path": path, "bytes": size} for path, size in outside]}
               if (outside := result.not_in_block()) else {}),
            # their imports not followed (missing, a cycle, too deep: newuser38 #8)
            **({"not_counted_unread": unread}
               if (unread := result.not_in_block_unread()) else {}),
            # memories saved as entries of a loaded file, by file (Gemini's GEMINI.md:
            # newuser36 #10); only when there are: other reports stay as they were
            **({"saved_memories": dict(block.saved)} if block.saved else {}),
        },
        # the store MEMORY.md has its row too (newuser34 #16)
        "files": Rows(rows, _file_row) if file_tokens else
                 Rows(rows, _file_row_untokened, _file_rows_untokened),
        "findings": Rows(result.findings, Finding.to_dict, _finding_rows),
        "config": result.config_path,
        **({"project": result.project.to_dict()} if result.project is not None else {}),
        # only when there is one: the reports of workspaces without stay as they were
        **({"archives_excluded": result.archives_excluded} if result.archives_excluded
           else {}),
        **({"unused_excludes": [p for p, _, _ in result.unused_excludes]}
           if getattr(result, "unused_excludes", None) else {}),
        # the workspace's own settings that shape the audit (newuser33 #11)
        **({"shaped_by": result.shaping} if getattr(result, "shaping", "") else {}),
        "suppressed": {**counts(result.suppressed), "total": len(result.suppressed),
                       "lowered": len(result.lowered)},
        "severity_changes": severity_changes(result.lowered),
        "excluded": {"files": result.excluded.files, "unread": result.excluded.unread},
        "suppressed_findings": [{**s.finding.to_dict(), "suppressed_by": s.cause}
                                for s in result.suppressed],
    }
