"""Credentials written as a name (redteam35): a file or folder named by a token
(``memory/ghp_….md``, ``memory/sk_live_…/notes.md``), or a link whose target is such a path
(``[x](memory/ghp_….md)`` in MEMORY.md, loaded every turn). The agent sees names wherever
it sees text — the index it loads, a listing, a link — so a name is text the credential
check reads; but a word with a file's extension, or followed by ``/``, reads as a path, and
a path is rightly no credential's text (the check's false alarms on real memories are
paths). So each path-shaped word is read as the name it spells: its stem, without the
extensions it ends with, on a line of its own.

What is read: every maximal run of ASCII path characters (letters, digits, ``_ - + = . ~ @ %``) of
`MIN_STEM` or more characters that either ends with a file's extension (``.md``, ``.txt``:
1 to 8 letters or digits, as many as it ends with) or is followed by ``/`` (a folder), read
as that stem alone. Runs are found from their start only (no backtracking into a run), so
the pass is linear in the text. A credential found there is reported at the word's line,
its value the stem as the file writes it (so masking, the baseline's fingerprint and
``fix redact`` take what is written). The names of the files and folders themselves are
read by the walk of what the agent can open (`memtui.core.scanner.readable`), as a text of
one name a line, through this same pass.
"""

from __future__ import annotations

import re

from memtui.core.creds.encoded import Scan

#: A run of the (ASCII) characters a path's component is made of, from its start (no path
#: character before it), possessive: found once, never re-entered (linear in the text).
_RUN = re.compile(r"(?<![A-Za-z0-9_\-+=.~@%])[A-Za-z0-9_\-+=.~@%]{16,}+")
#: The cheap look first: a ``.`` or ``/`` right after 16 such characters (most texts have
#: none; the run pattern then costs nothing).
_END = re.compile(r"[./](?<=[A-Za-z0-9_\-+=~@%]{16}[./])")
#: How far around a run its word is looked for (a word longer is cut there).
_WORD_REACH = 4096
#: A word of the base64 alphabet alone, or a Subresource Integrity value (``sha512-`` and
#: base64: every package-lock.json line of ``"integrity"``; its ``/`` is no folder's end).
_BASE64_WORD = re.compile(r"(?:sha(?:1|256|384|512)-)?[A-Za-z0-9+/]+=*")
#: The extensions a name ends with (``.tar.gz``, ``.md``), looked for in the last
#: `_EXTENSIONS_REACH` characters of a word only: searched over a whole word, each ``.``
#: of ``bbbb….a.a.a….a.`` started a match that ran to the word's end, then failed
#: (quadratic: a 64 KB word cost 22 s of CPU, a 1 MiB memory of one would have cost hours;
#: redteam36).
_EXTENSIONS = re.compile(r"(?:\.[A-Za-z0-9]{1,8})+$")
_EXTENSIONS_REACH = 64
#: Words joined by ``-`` and ``.`` (three or more), then a content hash of 6 to 12
#: characters: a built file's name.
_HASHED = re.compile(r"[a-z]{2,}(?:[-.][a-z]{2,}){2,}[-.][A-Za-z0-9_]{6,12}")
#: A UUID, then a dot or the stem's end: a file named by a record's id.
_UUID_FIRST = re.compile(r"[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-"
                         r"[0-9a-fA-F]{12}(?:\.|$)")
#: A stem shorter than this is no credential (the shortest prefixed tokens are longer).
MIN_STEM = 16
#: At most this many names a text are read (each at most `MAX_STEM` characters); past
#: them the text is cut there (its ``unchecked_text`` error), as every bound of the check.
MAX_NAMES = 5000
MAX_STEM = 1024



def may_hold(text: str) -> bool:
    """Whether ``text`` may hold a path-shaped word with a long stem (a cheap look first)."""
    return _END.search(text) is not None


def _unescaped(word: str) -> str | None:
    """``word`` with its percent-escapes undone, when each ``%`` starts one of a printable
    ASCII character (None otherwise: no name a link spells)."""
    parts = word.split("%")
    out = [parts[0]]
    for part in parts[1:]:
        try:
            code = int(part[:2], 16) if len(part) >= 2 else -1
        except ValueError:
            return None
        if not 0x20 < code < 0x7f:
            return None
        out.append(chr(code) + part[2:])
    return "".join(out)


def stems(text: str) -> list[tuple[int, str, str]]:
    """(0-based line, stem, the stem as written) of every path-shaped word of ``text``
    whose stem is `MIN_STEM` characters or longer, at most `MAX_NAMES` and the first one
    past them. A word's percent-escapes are undone (``ghp%5F….md`` is read ``ghp_…``); its
    stem as written keeps them."""
    out: list[tuple[int, str, str]] = []
    line, at = 0, 0
    word_end, base64 = -1, False  # (a word is looked at once, whatever its runs: linear)
    for m in _RUN.finditer(text):
        end = m.end()
        word = m.group()
        if "=" in word.rstrip("="):
            continue  # a URL's query (``utm_content=A%20B``): no file's name
        written = word
        if "%" in word:  # a link's target percent-encoded (``ghp%5F….md``): the name it
            word = _unescaped(word)  # spells, as a browser or an agent's reader opens it
            if word is None:
                continue
        after = text[end:end + 1]
        ext = _EXTENSIONS.search(word, max(0, len(word) - _EXTENSIONS_REACH))
        if ext is not None and ext.start() > 0:
            stem = word[:ext.start()]
        elif after == "/":
            stem = word
        else:
            continue
        stem = stem.rstrip(".")
        if _HASHED.fullmatch(stem):
            continue  # ``pi-tools.before-tool-call.runtime-j0A_sHKG.js``: a bundler's chunk,
            # its name's words then a short content hash (``[name]-[hash]``)
        if _UUID_FIRST.match(stem):
            continue  # ``<uuid>.jsonl.deleted.2026-05-14T02-00-41``: a file named by its
            # id (a session's, a run's, an upload's), a UUID no credential is
        if len(stem) < MIN_STEM or len(stem) > MAX_STEM:
            continue
        if after == "/" and m.start() >= word_end:
            word_end, base64 = _base64_word(text, m.start(), end)
        if after == "/" and base64:
            continue
        line += text.count("\n", at, m.start())
        at = m.start()
        out.append((line, stem, written[:len(written) - (len(word) - len(stem))]
                    if written is not word else stem))
        if len(out) > MAX_NAMES:
            break
    return out


def _base64_word(text: str, start: int, end: int) -> tuple[int, bool]:
    """(where the word holding the run ``text[start:end]`` ends, whether it is of the base64
    alphabet alone): a PEM body's line or a base64 value, whose ``/`` is no folder's end
    (`memtui.core.creds.encoded` reads those). A word is looked for at most `_WORD_REACH`
    characters either side."""
    lo, hi = max(0, start - _WORD_REACH), min(len(text), end + _WORD_REACH)  # (bounded)
    a = max(lo - 1, *(text.rfind(c, lo, start) for c in " \n\t"))
    b = min((i for i in (text.find(c, end, hi) for c in " \n\t") if i >= 0), default=hi)
    word = text[a + 1:b].strip("\"'`()[]<>,;")
    return b, len(word) >= 40 and _BASE64_WORD.fullmatch(word) is not None


def named_hits(text: str, scan: Scan) -> tuple[list[tuple[int, str, str]], int | None]:
    """The credentials ``scan`` finds in ``text``'s path-shaped words read as names, as
    (0-based line of the word, kind, the stem as written), and the 0-based line from which
    names were not read (past `MAX_NAMES`, or the check's own bound on the view), or None."""
    found = stems(text)
    if not found:
        return [], None
    cut = found[MAX_NAMES][0] if len(found) > MAX_NAMES else None
    del found[MAX_NAMES:]
    hits, view_cut = scan("\n".join(stem for _line, stem, _written in found))
    if view_cut is not None and 0 <= view_cut < len(found):
        cut = found[view_cut][0] if cut is None else min(cut, found[view_cut][0])
    out: list[tuple[int, str, str]] = []
    seen: set[tuple[int, str]] = set()
    for n, kind, value in hits:
        if not 0 <= n < len(found):
            continue
        line, stem, written = found[n]
        if (line, stem) in seen:
            continue
        seen.add((line, stem))
        out.append((line, f"{kind}, written as a file or folder name",
                    value if value in written else written))
    return out, cut
