"""Length-prefixed marshal messages over a pipe: how memtui talks to its counting child
(`memtui.core.counting.child`)."""

from __future__ import annotations

import marshal
from typing import IO, Any

MESSAGE_MAX = 1 << 31  # bytes: more is no message of ours


def send(stream: IO[bytes], data: object) -> None:
    payload = marshal.dumps(data)
    stream.write(len(payload).to_bytes(8, "little") + payload)
    stream.flush()


def receive(stream: IO[bytes]) -> Any:
    """One message, or EOFError when the other side is gone."""
    size = int.from_bytes(read_exactly(stream, 8), "little")
    if size > MESSAGE_MAX:
        raise ValueError(f"a message of {size:,} bytes: the other side is out of step")
    return marshal.loads(read_exactly(stream, size))


def read_exactly(stream: IO[bytes], n: int) -> bytes:
    data = stream.read(n)
    if len(data) != n:
        raise EOFError("the other side of the pipe is gone")
    return data
