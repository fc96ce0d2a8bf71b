"""Read a text file the way the audit needs it: tolerant, bounded, problems reported."""

from __future__ import annotations

import errno
import os
import re
import stat

from memtui.core.files.input_file import lies_within
from memtui.core.record import Record

MAX_READ_BYTES = 1024 * 1024
#: How the read problem of a file past its cap ends: only its head was read.
HEAD_ONLY = "; only the head was read"
#: MEMORY.md is read whole up to this (issue 30 §4: a 50,000-memory index is 5.2 MB; cut at
#: the memories' cap, the links past the cut went unchecked). Memory files keep theirs.
MAX_INDEX_BYTES = 64 * 1024 * 1024
BOM = "\ufeff"


class TextRead(Record):
    """Decoded text (BOM dropped, CRLF folded to LF) plus what went wrong reading it."""

    text: str = ""
    size: int = 0
    ok: bool = True
    problems: list[str]
    #: 1-based line each problem is about (None: the whole file), parallel to ``problems``.
    problem_lines: list[int | None]
    had_bom: bool = False
    crlf: bool = False
    #: The bytes read when ``text`` is exactly their UTF-8 decoding (else empty): a digest
    #: of the text can be taken from them without encoding the text again.
    raw: bytes = b""
    #: A file read only for its head: the byte offset where the head's last line (cut, or
    #: the first past the cap) starts, so that what follows can be read from there (-1:
    #: read whole).
    rest_at: int = -1
    #: The lines (1-based, of ``text``) that ended with a carriage return alone (CR, not
    #: CRLF): a loader that splits on line feeds reads each with the next (newuser30 #19).
    cr_lines: list[int]

    def __init__(self, text: str = "", size: int = 0, ok: bool = True,
                       problems: list[str] | None = None,
                       problem_lines: list[int | None] | None = None, had_bom: bool = False,
                       crlf: bool = False, raw: bytes = b"", rest_at: int = -1,
                       cr_lines: list[int] | None = None) -> None:
        self.text = text
        self.size = size
        self.ok = ok
        self.problems = [] if problems is None else problems
        self.problem_lines = [] if problem_lines is None else problem_lines
        self.had_bom = had_bom
        self.crlf = crlf
        self.raw = raw
        self.rest_at = rest_at
        self.cr_lines = [] if cr_lines is None else cr_lines


#: What a UTF-16 file's read problem says (newuser30 #3: a GitHub token in a UTF-16 memory
#: was a "not valid UTF-8" warning and NUL characters, and passed the gate).
WIDE = ("UTF-16 text, not UTF-8: read as UTF-16 for the checks (memtui's edits cannot "
        "change it in place)")
#: How much of a file without a byte order mark says whether it is UTF-16.
_WIDE_SNIFF = 512


def utf16(data: bytes) -> str | None:
    """The text of ``data`` when it is UTF-16: a byte order mark, or (without one) a head
    whose every other byte is NUL and whose others are not — text in a Latin script written
    as UTF-16 — or UTF-32's byte order mark; None otherwise. Bytes that are not UTF-16 become
    replacement characters."""
    if data[:4] in (b"\xff\xfe\x00\x00", b"\x00\x00\xfe\xff"):
        # UTF-32's mark (whose first two bytes are UTF-16's): read as UTF-32, not as UTF-16
        # with a NUL between every two letters (redteam35: a token there passed)
        return data[:len(data) - len(data) % 4].decode("utf-32", errors="replace")
    if data[:2] in (b"\xff\xfe", b"\xfe\xff"):
        codec = "utf-16"  # the mark says which order, and is dropped
    elif len(data) >= 8 and (data[0] == 0) != (data[1] == 0):
        head = data[:_WIDE_SNIFF - _WIDE_SNIFF % 2]
        even, odd = head[0::2], head[1::2]
        if not even.count(0) and odd.count(0) * 10 >= len(odd) * 9:
            codec = "utf-16-le"
        elif not odd.count(0) and even.count(0) * 10 >= len(even) * 9:
            codec = "utf-16-be"
        else:
            return None
    else:
        return None
    return data[:len(data) - len(data) % 2].decode(codec, errors="replace")


_LINE_END = re.compile(r"\r\n|\r|\n")


def lone_cr_lines(text: str) -> list[int]:
    """The lines of ``text`` (1-based, once every line end is folded to LF) that end with a
    carriage return alone."""
    return [n for n, end in enumerate(_LINE_END.findall(text), start=1) if end == "\r"]


def decode(data: bytes, size: int | None = None) -> TextRead:
    out = TextRead(size=len(data) if size is None else size)
    wide = utf16(data)
    try:
        if wide is not None:
            text = wide
            out.problems.append(WIDE)
            out.problem_lines.append(None)
        else:
            text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        text = data.decode("utf-8", errors="replace")
        line = data.count(b"\n", 0, exc.start) + 1
        out.problems.append(f"not valid UTF-8 (first bad byte on line {line}, offset "
                            f"{exc.start}); decoded with replacement characters")
        out.problem_lines.append(line)
    if text.startswith(BOM):
        text = text[1:]
        out.had_bom = True
    if "\r" in text:
        out.crlf = "\r\n" in text
        if text.count("\r") != text.count("\r\n"):
            out.cr_lines = lone_cr_lines(text)
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    elif not out.problems and not out.had_bom:
        out.raw = data
    out.text = text
    return out


def read_text(path: str | os.PathLike[str], limit: int = MAX_READ_BYTES,
              st: os.stat_result | None = None,
              root: str | os.PathLike[str] | None = None) -> TextRead:
    """Read at most ``limit`` bytes of ``path``; never raises for I/O or decoding trouble.
    ``st``: the file's ``stat()`` when the caller has just taken it. ``root``: the
    workspace ``path`` lies in: a symbolic link in its place is followed only to a file
    inside it, checked as the file is opened (`open_within`)."""
    try:
        if st is None:
            st = os.stat(path)
        if not stat.S_ISREG(st.st_mode):
            # A FIFO or a device would block or never end: never open one.
            return TextRead(ok=False, problems=["not a regular file; not read"],
                            problem_lines=[None])
        data = _read_head(path, limit + 1, st.st_size, root)
        size = max(st.st_size, len(data))
    except LinkOut:
        return TextRead(ok=False, problems=[LINK_OUT], problem_lines=[None])
    except OSError as exc:
        return TextRead(ok=False, problems=[f"cannot be read ({exc.strerror or exc})"],
                        problem_lines=[None])
    truncated = len(data) > limit
    if truncated:
        data = data[:limit]
        # Do not cut a UTF-8 sequence in half.
        while data and (data[-1] & 0xC0) == 0x80:
            data = data[:-1]
        if data and data[-1] >= 0xC0:
            data = data[:-1]
    out = decode(data, size)
    if truncated:
        out.rest_at = max(data.rfind(b"\n"), data.rfind(b"\r")) + 1
        out.raw = b""
        out.problems.append(f"larger than {limit // 1024} KiB ({size:,} bytes)" + HEAD_ONLY)
        out.problem_lines.append(None)
    return out


#: Said of a file that is a symbolic link out of the workspace when it is opened (as the
#: walk says it of one it lists: `memtui.core.workspace.symlink_problem`).
LINK_OUT = "symlink leads outside the workspace, not followed"
# Non-blocking: a FIFO swapped in after the caller's stat() must not hang the read.
_FLAGS = os.O_RDONLY | getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_NONBLOCK", 0)
_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)
#: What opening a symbolic link with O_NOFOLLOW fails with (Linux, macOS; the BSDs).
_LINK_ERRNOS = frozenset(e for e in (errno.ELOOP, getattr(errno, "EMLINK", None),
                                     getattr(errno, "EFTYPE", None)) if e is not None)


class LinkOut(OSError):
    """The file to read is a symbolic link leading out of the workspace."""


def open_within(path: str | os.PathLike[str], root: str | os.PathLike[str] | None) -> int:
    """A read-only descriptor of ``path``. With ``root``, ``path`` itself is never followed
    when it is a symbolic link (``O_NOFOLLOW``): such a link is opened at its resolved
    target only when that lies inside ``root``, else LinkOut. The walk that listed the file
    checked its links, but the file may be swapped for a link after that (newuser30 #4: a
    memory replaced mid-audit by a link to an outside file had that file's text read,
    its credential reported at the memory's path)."""
    if root is None or not _NOFOLLOW:
        return os.open(path, _FLAGS)
    try:
        return os.open(path, _FLAGS | _NOFOLLOW)
    except OSError as exc:
        if exc.errno not in _LINK_ERRNOS:
            raise
    real = os.path.realpath(path)
    if not lies_within(real, root):
        raise LinkOut(errno.ELOOP, LINK_OUT)
    return os.open(real, _FLAGS | _NOFOLLOW)


def _read_head(path: str | os.PathLike[str], n: int, size: int = -1,
               root: str | os.PathLike[str] | None = None) -> bytes:
    """The first ``n`` bytes of ``path`` (plain file descriptor calls: cheaper per file than
    a buffered file object, which matters at 10,000 files). ``size``: what stat said, so
    that a small file under a large cap is not given a buffer of the cap's size.
    ``root``: as for `open_within`."""
    fd = open_within(path, root)
    try:
        return _head_of_fd(fd, n, size)
    finally:
        os.close(fd)


def _head_of_fd(fd: int, n: int, size: int = -1) -> bytes:
    asked = n if size < 0 else min(n, size + 1)
    data = os.read(fd, asked)
    parts = [data]
    got = len(data)
    # Up to n, or the end: a file may grow after its stat (then the read of one byte more
    # than its size is full); a short read of a regular file is its end.
    while got < n and len(data) == asked:
        asked = min(n - got, 1 << 20)
        data = os.read(fd, asked)
        parts.append(data)
        got += len(data)
    return parts[0] if len(parts) == 1 else b"".join(parts)


def read_regular_head(path: str | os.PathLike[str], n: int,
                      root: str | os.PathLike[str] | None = None,
                      follow: bool = True) -> bytes | None:
    """The first ``n`` bytes of ``path`` when it is a regular file; None for anything else
    (a FIFO or device is opened without blocking and never read: one named ``MEMORY.md`` or
    ``x.py`` stalled an audit) or on any error. ``root``: as for `open_within`; without it
    a symbolic link is followed unless ``follow`` is false."""
    try:
        fd = open_within(path, root) if root is not None or follow else \
            os.open(path, _FLAGS | _NOFOLLOW)
    except (OSError, ValueError):
        return None
    try:
        st = os.fstat(fd)
        return _head_of_fd(fd, n, st.st_size) if stat.S_ISREG(st.st_mode) else None
    except OSError:
        return None
    finally:
        os.close(fd)


def lasting(problem: str) -> bool:
    """Whether a read problem is one the same file always gives: read only for its head,
    its size past the cap (the size is in every cache's key). The caches keep such a scan
    (newuser25 #14: one 2 MB memory made every audit of 10,000 cold, 3.4 s, not 0.35 s);
    any other problem is asked again."""
    return problem.endswith(HEAD_ONLY)


def head(full: str, limit: int, root: str | None = None) -> bytes | None:
    """At most ``limit`` bytes from the start of the regular file ``full``; None when it
    cannot be opened and read (nor can the agent read it). Opened without blocking, as
    every file the audit reads, and read only when it is still a regular file; with
    ``root``, never through a link leading out of it (`open_within`: one swapped in since
    the walk's lstat)."""
    try:
        fd = open_within(full, root)
    except OSError:
        return None
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            return None  # swapped for a FIFO or a device since its lstat
        chunks: list[bytes] = []
        got = 0
        while got < limit:
            chunk = os.read(fd, min(1 << 20, limit - got))
            if not chunk:
                break
            chunks.append(chunk)
            got += len(chunk)
        return b"".join(chunks)
    except OSError:
        return None
    finally:
        os.close(fd)
