"""``.memtui.toml``, inline ignores and the baseline, through ``memtui audit`` for real."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest

from memtui.cli import main
from tests.core.helpers import DAY, NOW, make_ws, memory

SECRET = "ADMIN_PASSWORD=Hu7#kd92!xq\n"


def _ws(tmp: Path, body: str = SECRET, extra: dict[str, str] | None = None) -> Path:
    return make_ws(tmp / "w", {
        "MEMORY.md": "- [A](memory/a.md) — about a\n",
        "memory/a.md": memory("a", body),
        **(extra or {}),
    }, days_ago=(NOW - time.time()) / DAY)  # written now: not stale


def _json(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, dict]:
    status = main(["audit", *args, "--json"])
    return status, json.loads(capsys.readouterr().out)


def _kinds(data: dict) -> list[str]:
    return [f["kind"] for f in data["findings"]]


def test_no_config_reports_as_before(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, data = _json(capsys, str(_ws(tmp_path)))
    assert status == 1 and _kinds(data) == ["secret"]
    assert data["config"] is None
    assert data["suppressed"] == {"config": 0, "inline": 0, "baseline": 0, "exclude": 0,
                                  "total": 0, "lowered": 0}


def test_ignore_and_severity_from_the_file(tmp_path: Path,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    ws = _ws(tmp_path, extra={"memory/lonely.md": memory("lonely")})
    (ws / ".memtui.toml").write_text('ignore = ["orphan"]\n[severity]\nsecret = "warning"\n')
    status, data = _json(capsys, str(ws))
    assert status == 1  # the secret a warning now (still failing: newuser31 #3)
    assert [(f["kind"], f["severity"]) for f in data["findings"]] == [("secret", "warning")]
    assert data["config"] == str(ws / ".memtui.toml")
    assert data["suppressed"]["config"] == 1
    assert data["suppressed_findings"][0]["kind"] == "orphan"
    assert data["suppressed_findings"][0]["suppressed_by"] == "config"


def test_flags_override_the_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    ws = _ws(tmp_path)
    (ws / ".memtui.toml").write_text('fail-on = "never"\n')
    assert _json(capsys, str(ws))[0] == 1  # newuser31 #3
    assert _json(capsys, str(ws), "--fail-on", "error")[0] == 1


def test_config_flag_names_another_file(tmp_path: Path,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    ws = _ws(tmp_path)
    cfg = tmp_path / "ci.toml"
    cfg.write_text('ignore = ["secret"]\n')
    status, data = _json(capsys, str(ws), "--config", str(cfg))
    assert status == 0 and data["findings"] == [] and data["config"] == str(cfg)


def test_exclude_makes_files_not_memories(tmp_path: Path,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    ws = _ws(tmp_path, body="", extra={"memory/briefs/2026-07-01.md": "no frontmatter\n",
                                       "memory/briefs/2025/x.md": "no frontmatter\n"})
    _, before = _json(capsys, str(ws))
    assert before["memory_files"] == 3 and "orphan" in _kinds(before)
    (ws / ".memtui.toml").write_text('exclude = ["memory/briefs/**"]\n')
    _, data = _json(capsys, str(ws))
    assert data["memory_files"] == 1
    assert [f["path"] for f in data["files"]] == ["memory/a.md"]
    assert data["findings"] == [] and data["orphans"] == []


@pytest.mark.parametrize(("text", "needle"), [
    ("colour = 1\n", ".memtui.toml: colour: unknown key"),
    ('ignore = ["secrett"]\n', ".memtui.toml: ignore: unknown rule 'secrett'"),
    ('[severity]\nsecret = "loud"\n', ".memtui.toml: severity.secret: must be one of"),
    ('[severity]\nnope = "info"\n', ".memtui.toml: severity.nope: unknown rule"),
    ('stale-days = "x"\n', ".memtui.toml: stale-days: not a number"),
    ("max-lines = 0\n", ".memtui.toml: max-lines: must be from 1 to 100,000,000, not '0'"),
    ('fail-on = "sometimes"\n', ".memtui.toml: fail-on: must be one of"),
    ("exclude = 3\n", ".memtui.toml: exclude: must be a list of strings"),
    ("ignore = [\n", ".memtui.toml: not valid TOML"),
    # newuser23 #41: accepted without a word, then without effect (no config silences it)
    ('ignore = ["exclude_all"]\n', ".memtui.toml: ignore: exclude_all cannot be ignored or "
                                   "lowered: it says the exclude leaves out the index or every "
                                   "memory; change the exclude"),
    ('[severity]\nexclude_all = "info"\n', ".memtui.toml: severity.exclude_all: exclude_all "
                                           "cannot be ignored or lowered"),
    # newuser25 #15: a typo gets the suggestion an inline comment's typo gets
    ('ignore = ["secrett"]\n', "ignore: unknown rule 'secrett' (did you mean 'secret'? "
                               "memtui rules lists them)"),
    ('[severity]\norphn = "info"\n', "severity.orphn: unknown rule 'orphn' (did you mean "
                                     "'orphan'? memtui rules lists them)"),
    ('ignor = ["secret"]\n', "ignor: unknown key (did you mean 'ignore'? known: exclude, "
                             "ignore, severity,"),
    ('[agent]\nask-befor = ["write"]\n', "agent.ask-befor: unknown key (did you mean "
                                         "'ask-before'? known: ask-before)"),
])
def test_a_bad_config_is_one_line_and_exit_2(tmp_path: Path, text: str, needle: str,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    ws = _ws(tmp_path)
    (ws / ".memtui.toml").write_text(text)
    assert main(["audit", str(ws)]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.startswith("memtui audit: error: ") and captured.err.count("\n") == 1
    assert needle in captured.err


def test_a_missing_config_flag_file_is_exit_2(tmp_path: Path,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["audit", str(_ws(tmp_path)), "--config", str(tmp_path / "none.toml")]) == 2
    assert "none.toml: cannot be read" in capsys.readouterr().err


@pytest.mark.parametrize("body", [
    "ADMIN_PASSWORD=Hu7#kd92!xq <!-- memtui: ignore secret -->\n",
    "<!-- memtui: ignore secret -->\nADMIN_PASSWORD=Hu7#kd92!xq\n",
    "ADMIN_PASSWORD=Hu7#kd92!xq <!-- memtui: ignore -->\n",
    "<!-- memtui: ignore-file secret -->\n\nnotes\n\nADMIN_PASSWORD=Hu7#kd92!xq\n",
])
def test_inline_ignores(tmp_path: Path, body: str,
                        capsys: pytest.CaptureFixture[str]) -> None:
    status, data = _json(capsys, str(_ws(tmp_path, body)))
    assert status == 1 and data["findings"] == []  # newuser31 #3
    assert data["suppressed"]["inline"] == 1


@pytest.mark.parametrize("body", [
    "ADMIN_PASSWORD=Hu7#kd92!xq <!-- memtui: ignore orphan -->\n",  # another rule
    "<!-- memtui: ignore secret -->\n\nADMIN_PASSWORD=Hu7#kd92!xq\n",  # two lines above
])
def test_inline_ignores_are_exact(tmp_path: Path, body: str,
                                  capsys: pytest.CaptureFixture[str]) -> None:
    status, data = _json(capsys, str(_ws(tmp_path, body)))
    # the comment that missed is itself reported (issue 31 §2)
    assert status == 1 and _kinds(data) == ["secret", "unused_ignore"]


def test_baseline_survives_inserted_lines(tmp_path: Path,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    ws = _ws(tmp_path)
    base = tmp_path / "baseline.json"
    assert main(["audit", str(ws), "--write-baseline", str(base)]) == 0
    capsys.readouterr()
    recorded = json.loads(base.read_text())
    assert [r["rule"] for r in recorded["findings"]] == ["secret"]
    # Lines inserted above the secret: it moves, the baseline still holds it.
    (ws / "memory/a.md").write_text(memory("a", "one\ntwo\nthree\n\n" + SECRET))
    status, data = _json(capsys, str(ws), "--baseline", str(base))
    assert status == 0 and data["findings"] == []
    assert data["suppressed"]["baseline"] == 1
    # A new finding is reported, and counts for the exit status.
    (ws / "memory/a.md").write_text(memory("a", "one\n" + SECRET + "DB_PASSWORD=Qz8!pw77#ab\n"))
    status, data = _json(capsys, str(ws), "--baseline", str(base))
    assert status == 1 and _kinds(data) == ["secret"]
    assert "Qz" in data["findings"][0]["message"]


def test_a_new_orphan_beside_many_baselined_ones_is_reported(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 30 §3: every finding is one file's, so a ninth orphan never joins a group the
    baseline accepted."""
    orphans = {f"memory/o{i}.md": memory(f"o{i}", "a fact\n") for i in range(8)}
    ws = _ws(tmp_path, "fine\n", orphans)
    base = tmp_path / "baseline.json"
    status, data = _json(capsys, str(ws), "--fail-on", "warning")
    assert [f["path"] for f in data["findings"] if f["kind"] == "orphan"] == sorted(orphans)
    main(["audit", str(ws), "--write-baseline", str(base)])
    capsys.readouterr()
    (ws / "memory/o8.md").write_text(memory("o8", "one more\n"))
    status, data = _json(capsys, str(ws), "--baseline", str(base), "--fail-on", "warning")
    assert [f["path"] for f in data["findings"] if f["kind"] == "orphan"] == ["memory/o8.md"]
    assert status == 1


def test_a_bad_baseline_is_one_line_and_exit_2(tmp_path: Path,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "b.json"
    bad.write_text("[1, 2]")
    assert main(["audit", str(_ws(tmp_path)), "--baseline", str(bad)]) == 2
    err = capsys.readouterr().err
    assert "b.json: not a memtui baseline" in err and err.count("\n") == 1


def test_text_report_names_config_and_suppressed(tmp_path: Path,
                                                 capsys: pytest.CaptureFixture[str],
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "400")
    ws = _ws(tmp_path, "ADMIN_PASSWORD=Hu7#kd92!xq <!-- memtui: ignore -->\n")
    (ws / ".memtui.toml").write_text('ignore = ["stale"]\n')
    assert main(["audit", str(ws)]) == 1  # newuser31 #3
    out = capsys.readouterr().out
    assert "1 suppressed (config 0, inline 1, baseline 0, exclude 0)" in out
    assert str(ws / ".memtui.toml") in out


def test_sarif_marks_suppressed_results(tmp_path: Path,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    ws = _ws(tmp_path, "ADMIN_PASSWORD=Hu7#kd92!xq <!-- memtui: ignore -->\n",
             extra={"memory/lonely.md": memory("lonely")})
    (ws / ".memtui.toml").write_text('ignore = ["orphan"]\n')
    assert main(["audit", str(ws), "--format", "sarif"]) == 1  # newuser31 #3
    run = json.loads(capsys.readouterr().out)["runs"][0]
    results = run["results"]
    from memtui.core.checks.rules import BY_ID, help_text

    for rule in run["tool"]["driver"]["rules"]:  # the rule help comes from the registry
        assert rule["help"]["text"] == help_text(BY_ID[rule["id"]])
        assert rule["defaultConfiguration"]["level"] in ("error", "warning", "note")
    kinds = {r["ruleId"]: [s["kind"] for s in r.get("suppressions", [])] for r in results}
    # a credential the workspace hid itself is an alert, since the run fails on it
    # (newuser38 #2: code scanning showed it dismissed); the orphan stays suppressed
    assert kinds == {"secret": [], "orphan": ["external"]}


def test_a_fleet_row_honours_each_workspaces_config(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    orphan = {"memory/orphan.md": memory("orphan", "Nobody links me.\n")}
    quiet = _ws(tmp_path / "one", "A fact.\n", orphan)
    _ws(tmp_path / "two", "A fact.\n", orphan)
    (quiet / ".memtui.toml").write_text('ignore = ["orphan"]\n')
    hidden = _ws(tmp_path / "three")  # a credential is never the workspace's to accept
    (hidden / ".memtui.toml").write_text('ignore = ["secret"]\n')
    status = main(["audit", str(tmp_path), "--discover", "--jobs", "1", "--json",
                   "--fail-on", "warning"])
    rows = json.loads(capsys.readouterr().out)["workspaces"]
    assert status == 1
    exits = sorted((Path(r["path"]).parent.name, r["exit"]) for r in rows)
    # "one"'s own ignore still hides its orphan from the row's findings, but a --fail-on
    # given on the command line counts what the workspace suppressed itself, in a row as in
    # the single audit (newuser35 #18: the row passed where the single audit failed)
    assert exits == [("one", 1), ("three", 1), ("two", 1)]
    one = next(r for r in rows if Path(r["path"]).parent.name == "one")
    assert one["findings"]["warning"] == 0 and "suppressed itself" in one["kept"]


def test_the_app_refuses_a_bad_config_in_one_line(tmp_path: Path,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    ws = _ws(tmp_path)
    (ws / ".memtui.toml").write_text("colour = 1\n")
    assert main([str(ws)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and ".memtui.toml: colour: unknown key" in err


def test_the_user_level_default_is_below_the_workspace_file_and_the_flags(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    user = tmp_path / "user"
    user.mkdir()
    monkeypatch.setenv("MEMTUI_CONFIG_DIR", str(user))
    (user / "config.toml").write_text('[severity]\nsecret = "warning"\n', encoding="utf-8")
    ws = _ws(tmp_path)
    status, data = _json(capsys, str(ws))  # no .memtui.toml: the user's default holds
    assert status == 0 and data["config"] == str(user / "config.toml")
    assert [f["severity"] for f in data["findings"]] == ["warning"]
    assert _json(capsys, str(ws), "--fail-on", "warning")[0] == 1  # flags win over it
    (ws / ".memtui.toml").write_text('ignore = ["orphan"]\n', encoding="utf-8")
    status, data = _json(capsys, str(ws))  # the workspace's file wins whole
    assert status == 1 and data["config"] == str(ws / ".memtui.toml")
    assert [f["severity"] for f in data["findings"]] == ["error"]
    (ws / ".memtui.toml").unlink()
    (user / "config.toml").write_text("colour = 1\n", encoding="utf-8")
    assert main(["audit", str(ws)]) == 2
    err = capsys.readouterr().err
    assert str(user / "config.toml") in err and "colour" in err and err.count("\n") == 1
