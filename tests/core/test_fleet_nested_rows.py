"""newuser34 #4: in a fleet, ``~/.gemini`` (Gemini CLI's global GEMINI.md) is a row and so
is ``~/.gemini/tmp/<project>/memory``; the first row counted the credential in the second's
MEMORY.md too: one planted credential, two in the secrets column. A row now counts what
lies outside the rows under it. Real folders, the real command."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from memtui.cli import main

TOKEN = "ghp_" + "Zq7Lm2Xc9Vb4Nn8Kp1Rt6Yw3Hs5Jd0Fg2Ea"


def gemini_home(home: Path) -> Path:
    g = home / ".gemini"
    mem = g / "tmp" / "proj-alpha" / "memory"
    mem.mkdir(parents=True)
    (g / "GEMINI.md").write_text("## Gemini Added Memories\n- The user prefers tabs.\n",
                                 encoding="utf-8")
    (mem / "MEMORY.md").write_text(f"- See {mem}/deploy.md for deploys.\n"
                                   f"- the CI token is {TOKEN}\n", encoding="utf-8")
    (mem / "deploy.md").write_text("# Deploy\nRun make deploy.\n", encoding="utf-8")
    return home


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_one_credential_is_counted_in_one_row(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
        jobs: str) -> None:
    monkeypatch.setenv("MEMTUI_NO_CACHE", "1")
    home = gemini_home(tmp_path / "home")
    main(["audit", str(home), "--discover", "--json", "--jobs", jobs])
    rows = {Path(w["path"]).relative_to(home).as_posix(): w
            for w in json.loads(capsys.readouterr().out)["workspaces"]}
    assert set(rows) == {".gemini", ".gemini/tmp/proj-alpha/memory"}
    assert rows[".gemini/tmp/proj-alpha/memory"]["secrets"] == 1
    assert rows[".gemini"]["secrets"] == 0
    assert sum(r["secrets"] for r in rows.values()) == 1
