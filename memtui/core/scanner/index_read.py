"""MEMORY.md as the auditor reads it: its parse and what it yields on its own (taken from
the scan cache when its text is the same), its content digest (a key of the derived cache,
`memtui.core.caches.derived`), each line's cost, and the injected block it makes."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from memtui.core.caches.scans import ScanStore
from memtui.core.checks.findings import Finding
from memtui.core.counting.tokens import TokenCounter, bytes_digest, text_digest
from memtui.core.profiles import Injection
from memtui.core.results import InjectedBlock, LineCost
from memtui.core.scanner.index import Index, index_of, read_index
from memtui.core.scanner.kept import Kept
from memtui.core.scanner.scan import followed_unread, index_findings
from memtui.core.scanner.textfile import MAX_INDEX_BYTES, TextRead, read_text
from memtui.core.workspace import INDEX_NAME, LINKS_OUT, Workspace, index_link_problem


def read_index_parts(ws: Workspace, store: ScanStore | None
                     ) -> tuple[Index, list[Finding], bytes | None]:
    """The index, what it yields on its own, and its content digest when it was read whole
    (None: a problem, a link out, no plain file). Parsed, or taken from ``store`` when
    MEMORY.md holds the same text as when it was stored."""
    problem = index_link_problem(ws)
    if problem:
        index = Index(path=INDEX_NAME, problems=[f"{INDEX_NAME}: {problem}, not followed"])
        unread = [followed_unread(INDEX_NAME)] if problem == LINKS_OUT else []
        return index, [*index_findings(index), *unread], None
    path = ws.index_path
    if not path.is_file() or path.is_symlink():
        index = read_index(path)
        return index, index_findings(index), None
    try:
        mtime = path.stat().st_mtime
    except OSError:  # gone since: no age known
        mtime = 0.0
    read = read_text(path, MAX_INDEX_BYTES)
    digest = bytes_digest(read.raw) if read.raw else text_digest(read.text)
    whole = read.ok and not read.problems
    # A text read with a problem of its bytes (not UTF-8, larger than read) is parsed the
    # same every time too: it is kept, keyed by its text and its problems (newuser22 #30:
    # a 274 KB Codex MEMORY.md with one bad byte was parsed, 0.5 s, at every audit).
    key = digest if whole else problem_key(read) if read.ok else None
    stored = store.index(key, read.text) if store is not None and key else None
    if stored is not None:
        index = index_of(read, INDEX_NAME, stored[0])
        index.mtime = mtime
        return index, stored[1], digest if whole else None
    index = index_of(read, INDEX_NAME)
    index.mtime = mtime
    own = index_findings(index)
    if index.lines_cut is not None:  # a parse cut short is never kept
        whole, key = False, None
    if store is not None and key:
        store.put_index(key, index, own)
    return index, own, digest if whole else None


def problem_key(read: TextRead) -> bytes:
    """The scan cache's key of MEMORY.md's parse when it was read with problems: a digest of
    its text and its problems (each with its line), never equal to a whole text's (17
    bytes, not 16)."""
    return b"p" + text_digest(f"{len(read.text)}\0{read.text}\0"
                              f"{read.problems!r}\0{read.problem_lines!r}")


def whole_index(ws: Workspace) -> tuple[TextRead, bytes] | None:
    """MEMORY.md's read and content digest, when it is a plain file read whole."""
    path = ws.index_path
    if index_link_problem(ws) or not path.is_file() or path.is_symlink():
        return None
    read = read_text(path, MAX_INDEX_BYTES)
    if not read.ok or read.problems:
        return None
    return read, bytes_digest(read.raw) if read.raw else text_digest(read.text)


Measure = Callable[[str], tuple[int, dict[str, int]]]
"""A block's text → its UTF-8 size and its counts (`measured`, or a memo of it)."""


def measured(text: str, counter: TokenCounter, names: Sequence[str],
             kept: Kept[int] | None = None) -> tuple[int, dict[str, int]]:
    """A block's UTF-8 size and its counts in ``names``: a pure function of the text.
    ``kept``: its pieces' counts are kept there (`TokenCounter.counts_by_pieces`)."""
    nbytes = len(text.encode("utf-8", "replace"))
    if kept is None:
        return nbytes, counter.counts(text, names)
    return nbytes, counter.counts_by_pieces(text, names, kept)


#: The counts of the last injected block's pieces, by tokenizer and text (`measured`).
BLOCK_PIECES: Kept[int] = Kept()


def first_part(text: str, max_lines: int, max_bytes: int) -> str:
    """The lines of ``text`` an agent that cuts an index at ``max_lines`` lines or
    ``max_bytes`` bytes loads (whole lines only, as Claude Code cuts MEMORY.md)."""
    kept, size = [], 0
    for line in text.split("\n")[:max_lines]:
        size += len(line.encode("utf-8", "replace")) + 1
        if size > max_bytes + 1:
            break
        kept.append(line)
    return "\n".join(kept)


def injected_block(ws: Workspace, context_files: Sequence[str], index: Index, loaded: int,
                   window: tuple[int, str, str], counter: TokenCounter,
                   names: Sequence[str], measure: Measure | None = None,
                   beside: Sequence[tuple[str, int, int]] = ()) -> InjectedBlock:
    """What the agent is given: the context files (MEMORY.md's first ``loaded`` lines),
    and each index it loads ``beside`` them (path, its line and byte limits: Claude Code's
    team/MEMORY.md), counted in ``names`` against ``window``
    (`memtui.core.results.window_for`); ``measure`` gives its size and counts (`measured`
    when None)."""
    parts: list[str] = []
    files: list[str] = []
    cut = False
    for rel in context_files:
        if rel == INDEX_NAME:
            text = index.text
            if loaded < index.line_count:
                text = index.first_lines(loaded)
                cut = True
            # (an index parsed only in part is still given whole: newuser27 #34, the
            # block was the parsed part's, ~100 KB short at 260,000 lines)
        else:
            path = ws.root / rel
            text = read_text(path).text if path.is_file() else ""
        if text.strip():
            parts.append(text)
            files.append(rel)
    for rel, max_lines, max_bytes in beside:
        if rel in context_files:
            continue
        path = ws.root / rel
        text = first_part(read_text(path).text if path.is_file() else "", max_lines, max_bytes)
        if text.strip():
            parts.append(text)
            files.append(rel)
    text = "\n\n".join(parts)
    size, name, tokenizer = window
    nbytes, tokens = measured(text, counter, names) if measure is None else measure(text)
    return InjectedBlock(text, len(text), nbytes, tokens, size, files, cut, name, tokenizer)


def injection_block(injection: Injection, window: tuple[int, str, str],
                    counter: TokenCounter, names: Sequence[str], rule: str = "",
                    measure: Measure | None = None) -> InjectedBlock:
    """What an agent profile says its agent injects, counted like any block."""
    text = injection.text
    size, name, tokenizer = window
    nbytes, tokens = measured(text, counter, names) if measure is None else measure(text)
    return InjectedBlock(text, len(text), nbytes, tokens, size, list(injection.files),
                         injection.cut, name, tokenizer, list(injection.loads), rule,
                         injection.dropped, dict(injection.unloaded), dict(injection.saved))


#: MEMORY.md is counted whole before its lines up to this many characters (`line_costs`).
WHOLE_FIRST_CHARS = 24_000


def line_costs(index: Index, counter: TokenCounter, names: Sequence[str]) -> list[LineCost]:
    """What each index line that is not blank costs. A short index is counted whole first:
    the injected block is most often exactly its text, whose count is then remembered, and
    every piece of a line is part of a piece of the whole, so that the partial encoder made
    for the whole serves the lines as it is (`memtui.core.counting.partial.Partial._inside`);
    made for the lines, it had to be made again for the block (issue 35)."""
    rows = [ln for ln in index.lines if ln.kind != "blank"]
    if index.text and len(index.text) <= WHOLE_FIRST_CHARS:
        counter.counts_many([index.text], names=names)
    names = tuple(names)
    counts = _LINE_COUNTS.start().get_many(  # (by each line's text: a re-audit after one line
        [(names, ln.text) for ln in rows],    # asks the counter of that line alone)
        lambda missing: [tuple(c.values()) for c in counter.counts_many(
            [text for _, text in missing], names=names)])
    return [LineCost(ln.number, ln.kind, len(ln.links) + len(ln.wikilinks), ln.chars,
                     ln.bytes, dict(zip(names, c, strict=True)))
            for ln, c in zip(rows, counts, strict=True)]


#: The last index's lines' counts (in the names' order), by the names and the line's text.
_LINE_COUNTS: Kept[tuple[int, ...]] = Kept()
