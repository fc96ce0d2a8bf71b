"""newuser34 #18: ``memtui audit ~/.hermes/memories --project DIR`` printed no Project row
(and the Config row that said "no project" went), so nothing in the text said which project
was used; the JSON did (``project: {path, source: "option"}``). A project given, by the flag
or the configuration, has its row under every profile."""

from __future__ import annotations

from pathlib import Path

from tests.test_cli_audit import memtui


def _rows(text: str) -> dict[str, str]:
    rows: dict[str, str] = {}
    for line in text.splitlines()[1:]:
        if not line.strip():
            break
        head, _, rest = line.partition("  ")
        if head:
            rows[head] = rest.strip()
    return rows


def test_project_given_under_hermes_has_its_row(tmp_path: Path) -> None:
    store = tmp_path / ".hermes" / "memories"
    store.mkdir(parents=True)
    (store / "MEMORY.md").write_text("alpha one\n§\nbeta two\n", encoding="utf-8")
    (store / "USER.md").write_text("Prefers tea.\n", encoding="utf-8")
    (tmp_path / "proj").mkdir()
    out = memtui("audit", str(store), "--project", "proj", cwd=tmp_path)
    assert out.returncode == 0, out.stderr
    assert _rows(out.stdout)["Project"] == f"{tmp_path / 'proj'} (--project)"


def test_project_from_the_configuration_has_its_row(tmp_path: Path) -> None:
    (tmp_path / "mem").mkdir()
    (tmp_path / "mem" / "MEMORY.md").write_text("# Memory\n", encoding="utf-8")
    (tmp_path / "mem" / ".memtui.toml").write_text('project = "../proj"\n', encoding="utf-8")
    (tmp_path / "proj").mkdir()
    out = memtui("audit", "mem", cwd=tmp_path)
    assert out.returncode == 0, out.stderr
    assert _rows(out.stdout)["Project"] == \
        f"{tmp_path / 'proj'} (project in the configuration)"
