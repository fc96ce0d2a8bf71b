"""newuser29 #6: a provider token that ends a sentence was taken with the sentence's full
stop — shown as ``AK…Y.`` and redacted with it (a byte lost that no undo brings back)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from memtui.cli import main

MEMORY = ("---\nname: a\ndescription: \"a\"\nmetadata:\n  type: project\n---\n"
          "AWS key AKIAZ7QX3MPLK4WN2RTY.\n"
          "the token is ghp_R4nd0mT0k3nV4lu3Xy7Zq9Lm2Np5Ks8Hj1Wd.\n"
          "AWS key AKIAZ7QX3MPLK4WN2RTX\n")


def workspace(root: Path) -> Path:
    (root / "memory").mkdir(parents=True)
    (root / "MEMORY.md").write_text("# Memory\n- [A](memory/a.md) — a\n", encoding="utf-8")
    (root / "memory" / "a.md").write_text(MEMORY, encoding="utf-8")
    return root


def test_the_full_stop_after_a_token_is_not_the_token_s(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MEMTUI_NO_CACHE", "1")
    ws = workspace(tmp_path / "ws")
    main(["audit", str(ws), "--json"])
    found = json.loads(capsys.readouterr().out)["findings"]
    shown = [f["message"].split(":")[0] for f in found if f["kind"] == "secret"]
    assert shown == ["AWS Access Key (AK…TY)", "GitHub Token (gh…Wd)",
                     "AWS Access Key (AK…TX)"]
    assert main(["fix", "redact", str(ws), "a.md"]) == 0
    text = (ws / "memory" / "a.md").read_text(encoding="utf-8")
    assert text.endswith("AWS key [REDACTED].\nthe token is [REDACTED].\n"
                         "AWS key [REDACTED]\n"), text
