"""An ignore comment shown as code — inside a fenced block or a code span — is literal text
(an agent quoting memtui's docs: "to silence it, write …"), never a directive: the
findings of its file are reported (newuser29 #30)."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest

from memtui.cli import main
from tests.core.helpers import DAY, NOW, make_ws, memory

SECRET = "DEV_PASSWORD=Qa2$ws45#ed\n"


def _audit(capsys: pytest.CaptureFixture[str], tmp: Path, body: str) -> dict:
    ws = make_ws(tmp / "w", {"MEMORY.md": "- [A](memory/a.md) — about a\n",
                             "memory/a.md": memory("a", body)},
                 days_ago=(NOW - time.time()) / DAY)
    main(["audit", str(ws), "--json"])
    return json.loads(capsys.readouterr().out)


def _secrets(data: dict) -> list[str]:
    return [f["path"] for f in data["findings"] if f["kind"] == "secret"]


@pytest.mark.parametrize("quoted", [
    "To silence it, write:\n\n```markdown\n<!-- memtui: ignore-file secret -->\n```\n\n",
    "~~~\n<!-- memtui: ignore-file -->\n~~~\n",
    "To silence it, write `<!-- memtui: ignore-file secret -->` anywhere.\n",
])
def test_an_ignore_comment_shown_as_code_silences_nothing(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], quoted: str) -> None:
    data = _audit(capsys, tmp_path, quoted + SECRET)
    assert _secrets(data) == ["memory/a.md"]
    assert data["suppressed"]["inline"] == 0
    assert not [f for f in data["findings"] if f["kind"] == "unused_ignore"]


def test_the_same_comment_outside_code_still_silences(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = _audit(capsys, tmp_path, "```\ncode\n```\n`x` <!-- memtui: ignore-file secret -->\n"
                  + SECRET)
    assert _secrets(data) == []
