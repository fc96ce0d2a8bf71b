"""``--help`` sends the reader to the page that holds what it names (newuser21 #21:
``eval --help`` said scenario folders are described "in the README", which says nothing of
them; ``audit --help`` the same of the JSON schema)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from memtui.cli import main

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.parametrize(("command", "subject"), [("eval", "scenario"), ("audit", "schema")])
def test_help_points_to_the_page_that_says_it(command: str, subject: str,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    assert main([command, "--help"]) == 0
    text = " ".join(capsys.readouterr().out.split())
    assert "see the README" not in text
    pages = re.findall(r"see (docs/[a-z]+\.md)", text)
    assert pages, text
    for page in pages:
        assert subject in (ROOT / page).read_text(encoding="utf-8")


def test_the_readme_says_which_new_findings_fail_a_baseline_run(tmp_path: Path) -> None:
    """newuser21 #8: the README said ``--baseline`` exits 1 on new findings; a new orphan (a
    warning) exits 0 under the default ``--fail-on error``. The comment says so now, and
    the run does what it says."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    line = next(ln for ln in readme.splitlines() if "--baseline .memtui-baseline.json" in ln)
    assert "exit 1 on) new ones" not in line and "--fail-on" in readme.split(line, 1)[1][:200]
    ws = tmp_path / "ws"
    (ws / "memory").mkdir(parents=True)
    (ws / "MEMORY.md").write_text("- [A](memory/a.md) — a\n", encoding="utf-8")
    mem = "---\nname: {0}\ndescription: {0}\nmetadata:\n  type: user\n---\n{0}.\n"
    (ws / "memory" / "a.md").write_text(mem.format("a"), encoding="utf-8")
    base = tmp_path / "base.json"
    assert main(["audit", str(ws), "--write-baseline", str(base)]) == 0
    (ws / "memory" / "b.md").write_text(mem.format("b"), encoding="utf-8")  # a new orphan
    assert main(["audit", str(ws), "--baseline", str(base)]) == 0  # a warning: below error
    assert main(["audit", str(ws), "--baseline", str(base), "--fail-on", "warning"]) == 1


def test_eval_help_says_what_leaving_out_model_does(capsys: pytest.CaptureFixture[str]
                                                    ) -> None:
    """newuser32 #33: ``eval --help`` said ``--model … (default: pick from a list)`` — the
    app's picker — while eval refuses without it on Ollama; the app keeps its picker."""
    assert main(["eval", "--help"]) == 0
    text = " ".join(capsys.readouterr().out.split())
    assert "pick from a list" not in text
    assert "required with --api ollama; with --api openai, the server's one model" in text
