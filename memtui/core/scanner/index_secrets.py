"""The credential check of MEMORY.md, its cost following what changed (issue 35).

The index is read by the credential detector whole (`continued_lines.scan_joined`): one line
appended to a 4,000-line index was ~0.6 s of a live re-audit, every line read again. Here the
index is cut into blocks the detector's context cannot cross, and each block's findings are
kept by its text, so a re-audit reads again only the blocks that changed.

Where a cut may fall, between line ``j - 1`` and line ``j``: both are top-level items of a
list (``- [title](target)…``, no indent); the first does not end with a colon (a label whose value
is the next line, a list's heading) or a ``\\`` (a joined line); neither is inside a code
fence or an HTML comment; and the section they are in (from the last heading or line ending
in a colon above) has no credential word in its heading (a list of accounts under
``## Passwords`` is read with its heading). Of those places, a cut is made where the entry's
checksum says so (one in `_EVERY`, by its text: an edit moves no other block's cut), or
where a block has reached twice that many lines (decided from the top: an append changes
only the last block).

Whatever the detector reads across a whole text is then made sure of, and the whole text read
as before when it is not so: no block may stop at a bound (`MAX_HITS`, its lines' budget,
`MAX_NAMES` names; their sums too), no line that could hold a credential may be written in
two blocks (a line repeated is read once, at its first place), no block may end on a line
with a finding (the rest of a value, a second value, may be on the line after), no code word
a text defines elsewhere (`creds.defined`), no web config's key, no bundled variable, nothing
written disguised. A value the detector left as a name of a family (`values.namespace_family`)
is asked of the whole text again. `tests/core/test_index_secrets.py` holds the blocks' findings
equal to the whole text's on every folded set's texts joined as an index and on generated ones.
"""

from __future__ import annotations

import re
import zlib

from memtui.core.creds.as_seen import disguised
from memtui.core.creds.detector import (
    MAX_CHECKED_LINES,
    MAX_HITS,
    SecretHit,
    candidate_lines,
    keyword_lists,
)
from memtui.core.creds.lexicon import has_code_word
from memtui.core.creds.named import MAX_NAMES, stems
from memtui.core.creds.values import namespace_family
from memtui.core.creds.webconfig import may_bundle
from memtui.core.scanner.continued_lines import scan_joined
from memtui.core.scanner.keywords import KeywordProbe

#: A top-level index entry: an item of a list, not indented.
_ENTRY = re.compile(r"[-*+] \S")
#: One place in this many where a cut may fall is cut (by the entry's checksum).
_EVERY = 32
#: Below this many lines the index is read whole (nothing to gain).
_MIN_LINES = 2 * _EVERY

#: Of each block of the last index, by its text: its names, whether it holds what is read
#: across a whole text (the cheap looks), then its hits (lines from 1), its cut and its
#: lines that could hold a credential (once read).
_Found = list
_kept: dict[str, _Found] = {}
#: Whether an index was read in this process: the first is read whole (a one-shot audit
#: reads one index; cutting it would cost ~0.1 s at 10,000 memories and save nothing), the
#: next ones (a kept auditor's re-audits) in blocks.
_read_once: list[bool] = []


def index_secrets(text: str, probe: KeywordProbe | None = None
                  ) -> tuple[list[SecretHit], int | None]:
    """`scan_joined` of the index ``text`` (the same hits and cut), each block read only
    when its text is not the last index's."""
    global _kept
    if not _read_once:
        _read_once.append(True)
        return scan_joined(text, probe=probe)
    n = text.count("\n")
    if n >= MAX_CHECKED_LINES and len({line for _, line in candidate_lines(
            text, probe)}) > MAX_CHECKED_LINES:
        _kept = {}  # (the whole text stops at its lines' budget: read whole, once)
        return scan_joined(text, probe=probe)
    blocks = _blocks(text) if n >= _MIN_LINES else None
    if blocks is None or len(blocks) < 2:
        _kept = {}
        return scan_joined(text, probe=probe)
    kept: dict[str, _Found] = {}
    names = 0
    whole = False
    for _start, block in blocks:  # the cheap looks of every block first
        found = kept.get(block) or _kept.get(block) or [len(stems(block)), _whole_only(block)]
        kept[block] = found
        names += found[0]
        whole = whole or found[1]
    _kept = kept  # (what was read is kept: the next index may read in blocks)
    if whole or names > MAX_NAMES:
        return scan_joined(text, probe=probe)
    hits: list[SecretHit] = []
    lines_read = 0
    for start, block in blocks:
        found = kept[block]
        if len(found) == 2:
            got, cut = scan_joined(block)
            found = kept[block] = [*found, got, cut, len(candidate_lines(block))]  # (a new
            # list: another thread's audit may hold the old one)
        got, cut, read = found[2:]
        lines_read += read
        if cut is not None or lines_read > MAX_CHECKED_LINES or (
                got and got[-1].line == block.count("\n") + 1):
            return scan_joined(text, probe=probe)
        hits.extend(h if start == 0 else SecretHit(h.line + start, h.kind, h.value)
                    for h in got)
        if len(hits) >= MAX_HITS:
            return scan_joined(text, probe=probe)
    return [h for h in hits if not (h.value and any(c in h.value for c in "._/")
                                    and namespace_family(text, h.value))], None


def _whole_only(text: str) -> bool:
    """Whether ``text`` holds something the detector reads across the whole text (each a
    look within a line: a text holds one when one of its blocks does)."""
    return ("authDomain" in text or "auth_domain" in text or may_bundle(text)
            or disguised(text) or has_code_word(text))


def _blocks(text: str) -> list[tuple[int, str]] | None:
    """(0-based first line, text) of each block of ``text`` (see the module), or None when
    a line that could hold a credential is written in two blocks."""
    lines = text.split("\n")
    # the lines that head what follows them (a heading, a line ending in a colon), and
    # of those the ones with a credential word: their sections are not cut
    heads = [j for j, line in enumerate(lines)
             if line.lstrip().startswith("#") or line.rstrip().endswith((":", "："))]
    hot_heads: set[int] = set()
    if heads:
        said = "\n".join(lines[j] for j in heads)
        heard = KeywordProbe(said)
        present = [w for listed in keyword_lists() for w in heard.present(listed)]
        hot_heads = {j for j in heads if any(w in lines[j].lower() for w in present)}
    heads_at = set(heads)
    starts = [0]
    fence = ""
    comment = hot = entry = False
    for j, line in enumerate(lines):
        was, entry = entry, _ENTRY.match(line) is not None
        if was and entry and not fence and not comment and not hot and \
                (j - starts[-1] >= 2 * _EVERY or zlib.crc32(line.encode()) % _EVERY == 0) and \
                not lines[j - 1].rstrip().endswith((":", "：", "\\")):
            starts.append(j)
        if "`" in line or "~" in line:
            stripped = line.lstrip()
            if stripped.startswith(("```", "~~~")):
                run = len(stripped) - len(stripped.lstrip(stripped[0]))
                if not fence:
                    fence = stripped[:run]
                elif stripped.startswith(fence) and not stripped[run:].strip():
                    fence = ""
        if "<!--" in line or "-->" in line:
            comment = line.rfind("<!--") > line.rfind("-->")
        if j in heads_at:
            hot = j in hot_heads
    out: list[tuple[int, str]] = []
    first: dict[str, int] = {}
    for n, start in enumerate(starts):
        stop = starts[n + 1] if n + 1 < len(starts) else len(lines)
        for line in lines[start:stop]:
            if first.setdefault(line, n) != n and line.strip() and candidate_lines(line):
                return None
        out.append((start, "\n".join(lines[start:stop])))
    return out
