"""``memtui audit``'s JSON, SARIF and text outputs stay byte-identical as the engine changes
(issue 21): each case's output is hashed and compared with the digest recorded from the
engine before the split (commit a554972), cold and again warm (from a cache folder).

Only what is genuinely volatile is pinned: the clock (``time.time``), every file's mtime
(stamped from its position in the sorted list), and the workspace's absolute path (replaced
by ``<WS>`` before hashing; in the text report its whole ``Workspace`` line, which pads or
cuts it). Record again, only when an output is meant to change, with
``python -m tests.core.test_outputs_identical --record``.
"""

from __future__ import annotations

import hashlib
import io
import json
import os
import re
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager, redirect_stdout
from pathlib import Path

import pytest

from bench.generate import generate
from memtui.cli import main
from memtui.demo import demo_copy
from tests.core.helpers import DAY, NOW

RECORDED = Path(__file__).with_name("outputs_identical.json")
FORMATS = {"json": ["--json"], "sarif": ["--format", "sarif"], "text": []}


def _stamp(root: Path) -> None:
    """A spread of ages (hours to ~400 days) that is the same on every run."""
    for i, path in enumerate(sorted(p for p in root.rglob("*") if p.is_file())):
        when = NOW - ((i * 37) % 400) * DAY / 3 - 3600
        os.utime(path, (when, when))


def _generated(files: int, layout: str = "item", link_style: str = "stem"
               ) -> Callable[[Path], Path]:
    def make(dest: Path) -> Path:
        ws = generate(dest / "ws", files, layout=layout, link_style=link_style)
        _stamp(ws)
        return ws
    return make


def _demo(dest: Path) -> Path:
    return demo_copy(dest, now=NOW)


#: name → (workspace maker, extra audit arguments, formats).
CASES: dict[str, tuple[Callable[[Path], Path], list[str], tuple[str, ...]]] = {
    "demo": (_demo, [], ("json", "sarif", "text")),
    "demo-claude-code": (_demo, ["--profile", "claude-code", "--max-lines", "20"],
                         ("json", "sarif", "text")),
    "demo-file-tokens": (_demo, ["--file-tokens", "--tokenizer", "both"], ("json", "text")),
    "gen261-stem": (_generated(261), [], ("json", "sarif", "text")),
    "gen261-name": (_generated(261, link_style="name"), [], ("json", "sarif", "text")),
    "gen261-flat": (_generated(261, "flat"), [], ("json", "sarif", "text")),
    "gen261-file-tokens": (_generated(261), ["--file-tokens"], ("json",)),
    "gen2000-stem": (_generated(2000), [], ("json", "sarif", "text")),
    "gen2000-flat-name": (_generated(2000, "flat", "name"), [], ("json", "sarif", "text")),
}


@contextmanager
def _frozen_clock() -> Iterator[None]:
    real = time.time
    time.time = lambda: NOW  # type: ignore[assignment]
    try:
        yield
    finally:
        time.time = real  # type: ignore[assignment]


def _output(ws: Path, args: list[str]) -> tuple[int, bytes]:
    out = io.StringIO()
    with _frozen_clock(), redirect_stdout(out):
        status = main(["audit", str(ws), *args])
    # The text report pads the path to its table's width, or cuts a long one short: its
    # line is masked whole.
    text = re.sub(r"(?m)^(Workspace +).*$", r"\1<WS>", out.getvalue())
    text = text.replace(str(ws), "<WS>")
    return status, text.encode("utf-8")


def _digests(name: str, ws: Path) -> dict[str, str]:
    _maker, extra, formats = CASES[name]
    got: dict[str, str] = {}
    for fmt in formats:
        status, data = _output(ws, [*FORMATS[fmt], *extra])
        got[fmt] = f"{status}:{len(data)}:{hashlib.sha256(data).hexdigest()}"
    return got


@pytest.mark.parametrize("name", list(CASES))
def test_outputs_are_byte_identical_cold_and_warm(name: str, tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    expected = json.loads(RECORDED.read_text(encoding="utf-8"))[name]
    monkeypatch.delenv("MEMTUI_NO_CACHE", raising=False)
    monkeypatch.setenv("MEMTUI_CACHE_DIR", str(tmp_path / "cache"))
    ws = CASES[name][0](tmp_path)
    assert _digests(name, ws) == expected  # the first audit finds no cache
    assert _digests(name, ws) == expected  # every audit now finds its caches warm


def record() -> None:
    import tempfile

    os.environ.pop("MEMTUI_CACHE_DIR", None)
    os.environ["MEMTUI_NO_CACHE"] = "1"
    out: dict[str, dict[str, str]] = {}
    for name in CASES:
        with tempfile.TemporaryDirectory() as tmp:
            out[name] = _digests(name, CASES[name][0](Path(tmp)))
    RECORDED.write_text(json.dumps(out, indent=1, sort_keys=True) + "\n", encoding="utf-8")


if __name__ == "__main__" and "--record" in sys.argv:
    record()
