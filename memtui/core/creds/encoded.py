"""Credentials written in an encoding that a reader undoes by its format (redteam34): the
credential check also reads what they decode to, and reports a credential found there at
the encoded value's line, its value the encoded text as the file holds it (so masking, the
baseline's fingerprint and ``fix redact`` take what is written).

What is decoded, and only by format (never a guess at a cipher):

- base64: a run of 16 or more base64 characters (standard or URL-safe alphabet, padded or
  not) that decodes to UTF-8 text (no control character but tab and line breaks) — a whole
  ``.env`` base64'd into a memory, a value after a ``base64:`` prefix or in a ``data:``
  URI's ``;base64,`` part (whatever their length), and in a Kubernetes Secret (a text
  holding ``kind: Secret``), every value under its ``data:`` key, which is base64 by the
  format however short;
- a ``data:`` URI without ``;base64``: its percent-encoding undone;
- a run of word characters holding four or more string escapes (``\\u0067``, ``\\x67``: JSON,
  JavaScript, Python) or percent-escapes (``%67``: a URL's query) of ASCII letters or digits,
  which no encoder escapes, with its escapes undone;
- text after a right-to-left override (U+202E) up to its pop (U+202C) or the line's end: a
  reader sees it reversed, so it is read reversed too.

The decoded line (the encoded value replaced by what it decodes to, so ``password:
aHVudGVyMg==`` reads ``password: hunter2``) goes through the same check, once: what the
decoded text itself encodes is not decoded again. Bounds: at most `MAX_RUN` characters of
one value are decoded, `MAX_VALUES` values and `MAX_DECODED` characters of a text; past a
bound the text is cut there (its ``unchecked_text`` error), as every bound of the check.
A reversed string with nothing saying so, or a value under a cipher (rot13, XOR), is no
credential's text: not read (SECURITY.md).
"""

from __future__ import annotations

import base64
import binascii
import re
from collections.abc import Callable
from urllib.parse import unquote

#: A base64 run: standard or URL-safe alphabet, not inside a longer word of those characters.
_RUN = re.compile(r"(?<![A-Za-z0-9+/_\-])[A-Za-z0-9+/_\-]{16,}={0,2}(?![A-Za-z0-9+/_\-=])")
#: A value base64 by its format: after ``base64:`` or a data URI's ``;base64,``, any length.
_MARKED = re.compile(r"(?i)(?:\bbase64:|;base64,)[ \t]*([A-Za-z0-9+/_\-]{4,}={0,2})")
#: A data URI without ``;base64``: its data percent-encoded.
_DATA_URI = re.compile(r"(?i)\bdata:[\w.+\-/]*(?:;[\w.+\-]+=[\w.+\-]+)*,([^\s\"'<>)\]]+)")
#: A Kubernetes Secret, and a value under its ``data:`` (an indented ``key: value`` line).
_SECRET_KIND = re.compile(r"(?m)^\s*[\"']?kind[\"']?\s*:\s*[\"']?Secret\b")
_DATA_KEY = re.compile(r"^(\s*)[\"']?data[\"']?\s*:\s*$")
_DATA_VALUE = re.compile(
    r"^(\s+)[\"']?[\w.\-]+[\"']?\s*:\s*[\"']?([A-Za-z0-9+/]{4,}={0,2})[\"']?\s*$")
#: A string escape (JSON's, JavaScript's, Python's ``\\u0067``, ``\\x67``) or a URL's
#: percent-encoding (``%67``), and a run of word characters holding them: a run holding
#: `MIN_ESCAPES` or more is read with them undone (a token written as escapes in a JSON
#: string or a URL's query).
_ESCAPE = re.compile(r"\\u[0-9a-fA-F]{4}|\\x[0-9a-fA-F]{2}|%[0-9A-Fa-f]{2}")
_WORD_CHARS = re.compile(r"[\w.\-]*")
MIN_ESCAPES = 4


def _escaped_runs(text: str) -> list[tuple[int, int]]:
    """(start, end) of each run of word characters and escapes (`_ESCAPE`) in which
    `MIN_ESCAPES` or more escapes stand for an ASCII letter or digit — what no encoder
    escapes (a URL's ``%2F``, JSON's ``\\u00e9`` are how those formats write a slash or an
    accent; ``%67%68%70`` is written to hide ``ghp``) — in time linear in the text: each
    escape found once, each gap and each run's ends read once."""
    out: list[tuple[int, int]] = []
    first = last = -1
    count = 0

    def close() -> None:
        if count >= MIN_ESCAPES:
            start = first
            while start > 0 and (text[start - 1].isalnum() or text[start - 1] in "_.-"):
                start -= 1
            tail = _WORD_CHARS.match(text, last)
            out.append((start, tail.end() if tail is not None else last))

    for m in _ESCAPE.finditer(text):
        hiding = _unescape(m).isalnum() and _unescape(m).isascii()
        gap = _WORD_CHARS.match(text, last) if last >= 0 else None
        if gap is not None and gap.end() >= m.start():
            count += hiding
        else:
            close()
            first, count = m.start(), int(hiding)
        last = m.end()
        if len(out) > MAX_VALUES:
            break
    close()
    return out
#: A right-to-left override and what it reverses (to its pop, or the line's end).
_RLO = re.compile("\u202e([^\u202c\n]+)")
#: Characters decoded text may hold besides printable ones.
_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")
_BREAKS = re.compile(r"[\t\r\n]+")

#: The most characters of one encoded value decoded; of a text, values decoded and
#: characters they decode to. Past one, the text is cut there.
MAX_RUN = 64 * 1024
MAX_VALUES = 1000
MAX_DECODED = 1 << 20

#: A scan of one text: (hits as (0-based line, kind, value), 0-based line of a cut or None).
Scan = Callable[[str], "tuple[list[tuple[int, str, str]], int | None]"]


def base64_text(run: str) -> str | None:
    """What ``run`` decodes to as base64 (either alphabet), when that is UTF-8 text; None
    otherwise."""
    body = run.rstrip("=")
    if "-" in body or "_" in body:
        if "+" in body or "/" in body:
            return None  # two alphabets: no base64
        body = body.replace("-", "+").replace("_", "/")
    if len(body) % 4 == 1:
        return None
    body += "=" * (-len(body) % 4)
    try:
        data = base64.b64decode(body, validate=True)
        text = data.decode("utf-8")
    except (binascii.Error, ValueError):
        return None
    if not text.strip() or _CONTROL.search(text) or not (
            text.isprintable() or _BREAKS.sub("", text).isprintable()):
        return None
    return text


def may_hold(text: str) -> bool:
    """Whether ``text`` may hold anything `decoded_lines` decodes (a cheap first look)."""
    return len(text) >= 8


#: How a value was written, as a finding says it.
BASE64, PERCENT, REVERSED = ("base64-encoded", "percent-encoded in a data URI",
                             "written reversed behind a right-to-left override")
ESCAPED = "written as string escapes or percent-encoding"


def _unescape(m: re.Match[str]) -> str:
    """The character one `_ESCAPE` stands for."""
    code = m.group()
    n = int(code[2:] if code[0] == "\\" else code[1:], 16)
    return "\ufffd" if 0xD800 <= n <= 0xDFFF else chr(n)  # (a lone surrogate: no text)


#: Each byte: ``a`` for a base64 character (either alphabet), a blank for any other.
_FLAT = bytes(ord("a") if chr(b).isascii() and (chr(b).isalnum() or chr(b) in "+/_-") else
              ord(" ") for b in range(256))
_LONG = b"a" * 16


def _runs(text: str) -> list[tuple[int, int]]:
    """(start, end) of every run of 16 or more base64 characters in ``text`` (with up to
    two ``=`` after it), as `_RUN` finds them: in C (an ASCII copy, one byte a character,
    mapped to two letters and searched for 16 of one), ~10 times cheaper than the regular
    expression over a cold audit's texts."""
    flat = (text.encode("ascii") if text.isascii() else text.encode("ascii", "replace")
            ).translate(_FLAT)
    out: list[tuple[int, int]] = []
    i = flat.find(_LONG)
    while i >= 0:
        j = flat.find(b" ", i)
        j = len(flat) if j < 0 else j
        end = j
        while end < len(text) and end - j < 2 and text[end] == "=":
            end += 1
        if end >= len(text) or (text[end] != "=" and flat[end] == 32):
            out.append((i, end))  # (a run, its padding, then no base64 character)
        i = flat.find(_LONG, j)
    return out


def _places(text: str, word: str) -> list[int]:
    """Where ``word`` (lower case) is written in ``text``, in lower or upper case."""
    out: list[int] = []
    for spelled in (word, word.upper()):
        k = text.find(spelled)
        while k >= 0:
            out.append(k)
            k = text.find(spelled, k + len(spelled))
    return out


def _found(text: str) -> list[tuple[int, int, str, str]]:
    """Every encoded value of ``text``: (start, end, what it decodes to, how it was
    written), by offset in the whole text. One search per form over the whole text (a run
    of base64 characters with no upper- or no lower-case letter — a path, a hash in hex, a
    word — is no base64 of text, and is passed over without decoding)."""
    found: list[tuple[int, int, str, str]] = []
    for start, end in _runs(text):
        run = text[start:end]
        if run.islower() or run.isupper() or run.isdigit():
            continue
        got = base64_text(run[:MAX_RUN])
        if got is not None:
            found.append((start, end, got, BASE64))
    marked = _places(text, "base64") if "ase64" in text or "ASE64" in text else ()
    for k in marked:  # (each place looked at, not the text searched)
        m = _MARKED.match(text, k - 1 if k and text[k - 1] == ";" else k)
        if m is not None:
            got = base64_text(m.group(1)[:MAX_RUN])
            if got is not None:
                found.append((m.start(1), m.end(1), got, BASE64))
    for k in _places(text, "data:") if "%" in text else ():
        if k and (text[k - 1].isalnum() or text[k - 1] == "_"):
            continue  # metadata:
        m = _DATA_URI.match(text, k)
        if m is not None and "%" in m.group(1) and ";base64," not in m.group().lower():
            found.append((m.start(1), m.end(1), unquote(m.group(1)[:MAX_RUN]), PERCENT))
    if "\\u" in text or "\\x" in text or "%" in text:
        for start, end in _escaped_runs(text):
            got = _ESCAPE.sub(_unescape, text[start:min(end, start + MAX_RUN)])
            found.append((start, end, got, ESCAPED))
    if "\u202e" in text:
        for m in _RLO.finditer(text):
            found.append((m.start(1), m.end(1), m.group(1)[::-1], REVERSED))
    if "Secret" in text and "data" in text and _SECRET_KIND.search(text) is not None:
        found.extend(_secret_data(text))
    return found


def _secret_data(text: str) -> list[tuple[int, int, str, str]]:
    """The values under a Kubernetes Secret's ``data:`` (base64 by the format, however
    short), by offset in ``text``."""
    out: list[tuple[int, int, str, str]] = []
    data_indent: int | None = None
    at = 0
    for line in text.split("\n"):
        m = _DATA_KEY.match(line)
        if m is not None:
            data_indent = len(m.group(1))
        elif data_indent is not None:
            v = _DATA_VALUE.match(line)
            if v is not None and len(v.group(1)) > data_indent:
                got = base64_text(v.group(2)[:MAX_RUN])
                if got is not None:
                    out.append((at + v.start(2), at + v.end(2), got, BASE64))
            elif line.strip() and len(line) - len(line.lstrip()) <= data_indent:
                data_indent = None
        at += len(line) + 1
    return out


def decoded_lines(text: str) -> tuple[dict[int, list[tuple[str, str, str]]], int | None]:
    """The encoded values of ``text``, by 0-based line: (value as written, what it decodes
    to, how it was written), in line order; and the 0-based line from which a bound left
    the rest undecoded."""
    found = _found(text)
    if not found:
        return {}, None
    out: dict[int, list[tuple[str, str, str]]] = {}
    values = decoded = 0
    last = -1
    line, counted = 0, 0  # the 0-based line of offset ``counted``
    for start, end, got, how in sorted(found):
        if start < last:
            continue  # one value found by two forms: once
        last = end
        line += text.count("\n", counted, start)
        counted = start
        values += 1
        decoded += len(got)
        if values > MAX_VALUES or decoded > MAX_DECODED:
            return out, line
        out.setdefault(line, []).append((text[start:end], got, how))
        if end - start > MAX_RUN:
            more = text.find("\n", end)
            return out, None if more < 0 else line + 1
    return out, None


def encoded_hits(text: str, scan: Scan) -> tuple[list[tuple[int, str, str]], int | None]:
    """The credentials ``scan`` finds in what ``text``'s encoded values decode to, as
    (0-based line of the encoded value, kind, the encoded value as written), and the
    0-based line from which a bound left the text undecoded (or None)."""
    found, cut = decoded_lines(text)
    if not found:
        return [], cut
    lines = text.split("\n")
    view: list[str] = []
    origin: list[int] = []  # the 0-based line of ``text`` each view line comes from
    for i, pairs in found.items():
        line = lines[i]
        for written, got, _how in pairs:
            line = line.replace(written, got, 1)
        for part in line.split("\n"):
            view.append(part)
            origin.append(i)
    hits, view_cut = scan("\n".join(view))
    out: list[tuple[int, str, str]] = []
    seen: set[tuple[int, str]] = set()
    for n, kind, value in hits:
        i = origin[n]
        if value in lines[i]:
            continue  # what the line says as written: the plain check's
        pairs = found[i]
        written, _got, how = next((p for p in pairs if value in p[1]), None) or next(
            (p for p in pairs if any(part in p[1] for part in value.split())), pairs[0])
        if (i, written) in seen:
            continue
        seen.add((i, written))
        out.append((i, f"{kind}, {how}", written))
    if view_cut is not None:
        cut = origin[view_cut] if cut is None else min(cut, origin[view_cut])
    return out, cut
