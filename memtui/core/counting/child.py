"""The counting child, ``python -m memtui.core.counting.child``: (tokenizer, texts) in, their counts
out, until its input ends; or a share of a workspace's files to scan
(`memtui.core.scanner.share`). `memtui.core.counting.tokens.CountingChild` starts it.

It sits above the audit it runs (the audit imports the parent's side, never this), so the
modules it draws on form no circle.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import IO

from memtui.core.caches.clean_texts import CleanTexts
from memtui.core.counting.pipe import receive, send
from memtui.core.counting.tokens import TokenCounter
from memtui.core.scanner.share import BATCH, FileScan, Key, stat_key


class _Verdicts(CleanTexts):
    """The parent's clean-text verdicts, read from its cache file; remembers those added."""

    def __init__(self, path: Path | None) -> None:
        super().__init__(path)
        self.new: list[bytes] = []

    def add(self, digest: bytes) -> None:
        if digest not in self:
            self.new.append(digest)
        super().add(digest)


def serve_scan(stdout: IO[bytes], root: str, rels: list[str], clean_path: str) -> None:
    """Scan ``rels`` (under ``root``, which ends in a separator) and send batches of (rel,
    key, mtime, scan), then ("done", clean digests added)."""
    import pickle

    from memtui.core.scanner.scan import scan_file

    try:
        verdicts = _Verdicts(Path(clean_path) if clean_path else None)
        batch: list[tuple[str, Key, float, FileScan]] = []
        for rel in rels:
            full = root + rel
            st, key, mtime = stat_key(full)
            batch.append((rel, key, mtime, scan_file(full, rel, mtime, st, verdicts)))
            if len(batch) == BATCH:
                send(stdout, pickle.dumps(batch, protocol=5))
                batch = []
        if batch:
            send(stdout, pickle.dumps(batch, protocol=5))
    except Exception as exc:  # a bug must not leave the parent waiting
        send(stdout, ("failed", repr(exc)))
        return
    send(stdout, ("done", verdicts.new))


def serve(stdin: IO[bytes], stdout: IO[bytes]) -> None:
    """Answer requests until the input ends."""
    while True:
        try:
            request = receive(stdin)
        except EOFError:
            return
        if len(request) == 2:
            name, texts = request
            send(stdout, TokenCounter.encode_many(list(texts), name))
        else:
            serve_scan(stdout, *request[1:])


if __name__ == "__main__":
    serve(sys.stdin.buffer, sys.stdout.buffer)
