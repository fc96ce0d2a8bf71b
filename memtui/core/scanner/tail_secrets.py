"""The credential check of a memory past the audit's read cap (newuser27 #7).

The audit reads a memory up to 1 MiB (`memtui.core.scanner.textfile.MAX_READ_BYTES`): its
frontmatter, links and the rest are taken from that head. A credential is not allowed to
hide behind it: padding a memory with a megabyte of filler must not turn ``--fail-on
error`` green while the agent, following the index's link, reads the whole file. So the
credential check goes on past the head, a block at a time (never the whole file in memory),
from the head's last line on, up to `MAX_CHECKED_BYTES` of the file, its distinct checked
lines drawn from the same budget as the head's (`memtui.core.creds.detector.LineBudget`).

What no check read is never passed as clean: the line from which the file went unread is
an `unchecked_text` finding (an error, like the credential that may be there), whether a
bound of the check or this one stopped it. One rule for every way part of a text can go
unread for credentials (`memtui.core.scanner.scan.unchecked`).
"""

from __future__ import annotations

import os
import stat

from memtui.core.creds.detector import MAX_HITS, LineBudget, SecretHit
from memtui.core.record import Record
from memtui.core.scanner.continued_lines import scan_joined
from memtui.core.scanner.textfile import decode, open_within

#: How much of one memory the credential check reads (the head included): past it, the
#: rest is an `unchecked_text` finding. ~0.15 s of CPU a MiB of prose
#: (`python -m bench.tail_secrets`).
MAX_CHECKED_BYTES = 8 * 1024 * 1024
#: What is read at a time.
BLOCK = 1024 * 1024
#: A line longer than a block is read in pieces that overlap by this much, so that a value
#: across two pieces is seen whole in one (values are far shorter; a key block has lines).
OVERLAP = 4096


class TailCheck(Record):
    """The credentials found past the head (values kept: the scan cache never holds them,
    so such a scan is made again each time), and where the check stopped: the 1-based line
    from which the file was not read for credentials (None: read to its end) and why."""

    hits: list[SecretHit]
    stopped_at: int | None
    why: str

    def __init__(self, hits: list[SecretHit] | None = None, stopped_at: int | None = None,
                 why: str = "") -> None:
        self.hits = [] if hits is None else hits
        self.stopped_at = stopped_at
        self.why = why


def check_rest(path: str | os.PathLike[str], start: int, line: int, size: int,
               budget: LineBudget, found: int = 0,
               root: str | os.PathLike[str] | None = None) -> TailCheck:
    """Read ``path`` from byte ``start`` (where line ``line`` begins) for credentials, up to
    `MAX_CHECKED_BYTES` of the file, ``size`` bytes long when it was read. ``found``:
    credentials the head yielded (the two together stop at `MAX_HITS`). ``root``: the
    workspace, as for `memtui.core.scanner.textfile.open_within`."""
    out = TailCheck()
    end = min(size, MAX_CHECKED_BYTES)
    try:
        fd = open_within(path, root)
    except OSError as exc:
        return TailCheck(stopped_at=line, why=f"it could not be read again ({exc.strerror})")
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            return TailCheck(stopped_at=line, why="it is no longer a regular file")
        if start and os.pread(fd, 1, start - 1) == b"\r" and os.pread(fd, 1, start) == b"\n":
            start += 1  # the head ended inside a CRLF: its line break is counted
        os.lseek(fd, start, os.SEEK_SET)
        at, carry, seen = start, b"", set()
        while True:
            block = os.read(fd, min(BLOCK, end - at)) if at < end else b""
            at += len(block)
            last = not block
            window = carry + block
            if not window:
                break
            cut = len(window) if last else max(window.rfind(b"\n"), window.rfind(b"\r")) + 1
            overlap = 0
            if cut == 0:  # one line longer than a block: read it in overlapping pieces
                if len(window) < BLOCK:
                    carry = window
                    continue
                cut, overlap = len(window), OVERLAP
            piece = decode(window[:cut]).text
            hits, stop = scan_joined(piece, line, budget=budget)
            for hit in hits:
                if (hit.line, hit.value) not in seen:
                    seen.add((hit.line, hit.value))
                    out.hits.append(hit)
            if stop is not None or found + len(out.hits) >= MAX_HITS:
                out.stopped_at = stop if stop is not None else line + piece.count("\n")
                out.why = ("the file holds more than 100 credentials or 5,000 distinct "
                           "lines for the checks to read, or costs them more than their "
                           "CPU budget (2 s a MiB)")
                return out
            line += piece.count("\n")
            carry = window[cut - overlap:] if overlap else window[cut:]
            if last:
                break
        if size > end:
            out.stopped_at = line
            out.why = (f"the credential check reads the first {MAX_CHECKED_BYTES >> 20} MiB "
                       f"of a memory and this one is {size:,} bytes")
    except OSError as exc:
        out.stopped_at, out.why = line, f"it could not be read again ({exc.strerror})"
    finally:
        os.close(fd)
    return out
