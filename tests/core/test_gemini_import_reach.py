"""Gemini ``@imports`` followed the way Gemini CLI expands them (newuser32 #13): a file
imported at the second hop was an orphan "never seen", a file named only in an import
written inside code counted as reached, and the injected block left every imported file
out."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from memtui.cli import main

GEMINI = ("@./parts/style.md\n`@./parts/incode.md`\n\n## Gemini Added Memories\n"
          "- likes tea\n")


def test_imports_are_reached_and_loaded_every_hop(tmp_path: Path,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    root = tmp_path / ".gemini"
    (root / "parts").mkdir(parents=True)
    (root / "GEMINI.md").write_text(GEMINI)
    (root / "parts" / "style.md").write_text("@./loop.md\nStyle text.\n")
    (root / "parts" / "loop.md").write_text("@./style.md\napi_key: Sq7Lm3Zp9Xr2Ks8Tw4Yb6Nd\n")
    (root / "parts" / "incode.md").write_text("code\n")
    main(["audit", str(root), "--json"])
    got = json.loads(capsys.readouterr().out)
    reach = {f["path"]: f["reachable"] for f in got["files"]}
    # (~/.gemini: only what GEMINI.md imports is a memory there, newuser32 #3)
    assert reach == {"parts/style.md": True, "parts/loop.md": True}
    block = got["injected_block"]
    assert block["files"] == ["GEMINI.md", "parts/style.md", "parts/loop.md"]
    assert block["chars"] > len(GEMINI) + len("Style text.")
    assert not [f for f in got["findings"] if f["kind"] == "orphan"]
    assert [f["path"] for f in got["findings"] if f["kind"] == "import_in_code"] == ["GEMINI.md"]
    secret = next(f for f in got["findings"] if f["kind"] == "secret")
    assert secret["path"] == "parts/loop.md" and "every turn" in secret["message"]
