"""A text file as raw lines, edited without reformatting anything else.

Lines are numbered the way the core parsers number them (LF, CRLF and lone CR all end a
line), so an index line number from :mod:`memtui.core.scanner.index` addresses the same line here.
Each line keeps its own ending and the file keeps its BOM; a changed line keeps its ending,
a new line takes the file's usual ending. Bytes that are not valid UTF-8 survive untouched
(surrogate escapes).
"""

from __future__ import annotations

from dataclasses import dataclass, field

BOM = b"\xef\xbb\xbf"


def _decode(data: bytes) -> str:
    return data.decode("utf-8", errors="surrogateescape")


def _encode(text: str) -> bytes:
    return text.encode("utf-8", errors="surrogateescape")


@dataclass
class RawText:
    """Lines of a file: ``lines[i]`` is (text without ending, ending bytes)."""

    bom: bytes = b""
    lines: list[tuple[str, bytes]] = field(default_factory=list)

    @classmethod
    def parse(cls, data: bytes | None) -> RawText:
        data = data or b""
        bom = BOM if data.startswith(BOM) else b""
        body = data[len(bom):]
        lines: list[tuple[str, bytes]] = []
        for raw in body.splitlines(keepends=True):
            if raw.endswith(b"\r\n"):
                lines.append((_decode(raw[:-2]), b"\r\n"))
            elif raw.endswith((b"\n", b"\r")):
                lines.append((_decode(raw[:-1]), raw[-1:]))
            else:
                lines.append((_decode(raw), b""))
        return cls(bom, lines)

    def to_bytes(self) -> bytes:
        return self.bom + b"".join(_encode(t) + end for t, end in self.lines)

    @property
    def newline(self) -> bytes:
        """The ending most lines use (LF for a file with none)."""
        crlf = sum(1 for _, e in self.lines if e == b"\r\n")
        lf = sum(1 for _, e in self.lines if e == b"\n")
        cr = sum(1 for _, e in self.lines if e == b"\r")
        if crlf > lf and crlf >= cr:
            return b"\r\n"
        if cr > lf and cr > crlf:
            return b"\r"
        return b"\n"

    def __len__(self) -> int:
        return len(self.lines)

    def text(self, number: int) -> str:
        """Line ``number`` (1-based), without its ending."""
        return self.lines[number - 1][0]

    def texts(self) -> list[str]:
        return [t for t, _ in self.lines]

    def set(self, number: int, text: str) -> None:
        self.lines[number - 1] = (text, self.lines[number - 1][1])

    def delete(self, number: int) -> None:
        """Remove line ``number``. Deleting the last line keeps the file's final-newline state."""
        _, end = self.lines.pop(number - 1)
        if not end and self.lines and number - 1 == len(self.lines):
            prev_text, _ = self.lines[-1]
            self.lines[-1] = (prev_text, b"")

    def insert(self, number: int, texts: list[str]) -> None:
        """Insert ``texts`` as new lines before line ``number`` (``len + 1`` appends)."""
        nl = self.newline
        idx = number - 1
        if idx >= len(self.lines) and self.lines and not self.lines[-1][1]:
            # Appending after a last line with no ending: give it one, and the new last
            # line none, so the file's "no final newline" shape is kept.
            last_text, _ = self.lines[-1]
            self.lines[-1] = (last_text, nl)
            new = [(t, nl) for t in texts]
            new[-1] = (new[-1][0], b"")
            self.lines[idx:idx] = new
            return
        self.lines[idx:idx] = [(t, nl) for t in texts]

    def replace(self, number: int, texts: list[str]) -> None:
        """Replace line ``number`` with ``texts`` (the last keeps the old line's ending)."""
        _, end = self.lines[number - 1]
        nl = self.newline
        new = [(t, nl) for t in texts]
        if new:
            new[-1] = (new[-1][0], end)
        self.lines[number - 1:number] = new
