"""stale_reference: what a memory names in its project, checked against the project as it
is (a real git repository, real folders), and the project found from a Claude Code folder."""

from __future__ import annotations

import subprocess
from pathlib import Path

from memtui.core.checks.project import decode_claude_folder, encode_path, find_project
from tests.core.helpers import make_ws, run_audit


def _git(root: Path, *args: str) -> None:
    subprocess.run(["git", "-C", str(root), "-c", "user.name=t", "-c", "user.email=t@t",
                    "-c", "commit.gpgsign=false", *args], check=True, capture_output=True)


def _project(tmp: Path) -> Path:
    proj = tmp / "proj"
    make_ws(proj, {"src/app.py": "import argparse\np = argparse.ArgumentParser()\n"
                                 "p.add_argument('--dry-run')\ndef run_app():\n    pass\n",
                   "src/old.py": "x = 1\n", "tools/run.sh": "echo --fast\n"})
    _git(proj, "init", "-q")
    _git(proj, "add", "-A")
    _git(proj, "commit", "-qm", "one")
    _git(proj, "rm", "-q", "src/old.py")
    _git(proj, "commit", "-qm", "two")
    return proj


def _stale(tmp: Path, body: str) -> list[str]:
    proj = _project(tmp)
    ws = make_ws(tmp / "mem", {
        "MEMORY.md": "- [A](a.md)\n",
        "a.md": f"---\nname: a\ndescription: a\nmetadata:\n  type: reference\n---\n{body}"})
    result = run_audit(ws, project=str(proj))
    assert result.project is not None and result.project.path == str(proj.resolve())
    return [f.message for f in result.findings if f.kind == "stale_reference"]


def test_a_path_the_history_held_and_the_project_no_longer_has_is_stale(
        tmp_path: Path) -> None:
    found = _stale(tmp_path, "Config lives in `src/old.py`; see src/app.py too.\n")
    assert len(found) == 1 and found[0].startswith("src/old.py: gone from the project")


def test_paths_that_cannot_be_checked_are_never_stale(tmp_path: Path) -> None:
    assert _stale(tmp_path, "Never made: src/planned.py. Other repo: docs/x.md. Outside: "
                            "`/etc/hosts`, `../other/src/x.py`, `~/.ssh/config`. Hidden: "
                            ".github/workflows/ci.yml. Struck: ~~src/old.py~~.\n") == []


def test_a_line_past_the_end_of_a_file_is_stale(tmp_path: Path) -> None:
    found = _stale(tmp_path, "The bug is at `src/app.py:99`, not `src/app.py:3`.\n")
    assert len(found) == 1 and "src/app.py has 5 lines" in found[0]


def test_a_line_past_the_end_of_a_file_at_the_root_is_stale(tmp_path: Path) -> None:
    """newuser25 #16: ``README.md:9999`` passed silently, ``docs/app.md:9999`` did not."""
    proj = _project(tmp_path)
    (proj / "main.py").write_text("print(1)\nprint(2)\n")
    ws = make_ws(tmp_path / "mem", {
        "MEMORY.md": "- [A](a.md)\n",
        "a.md": "---\nname: a\ndescription: a\nmetadata:\n  type: reference\n---\n"
                "See `main.py:40`, `main.py:2`, `example.com:8080` and `gone.py:3`.\n"})
    found = [f.message for f in run_audit(ws, project=str(proj)).findings
             if f.kind == "stale_reference"]
    assert found == ["main.py:40: main.py has 2 lines, line 40 is gone"]


def test_symbols_and_flags(tmp_path: Path) -> None:
    found = _stale(tmp_path, "Call `run_app()`, not `start_server()`; `FeatureView` is "
                             "Feast's; `your_api_id` is a placeholder.\n"
                             "Run `python tools/run.sh --fast --slow` or "
                             "`git push --force-with-lease`.\n")
    # start_server: never in the project nor its git history, so outside it (newuser29 #32)
    assert found == ["--slow (python …): the flag occurs nowhere in the project's text"]


def test_without_a_project_nothing_is_checked_and_the_report_says_so(tmp_path: Path) -> None:
    ws = make_ws(tmp_path / "mem", {"MEMORY.md": "- [A](a.md)\n",
                                    "a.md": "---\nname: a\n---\nsee `src/old.py`\n"})
    result = run_audit(ws)
    assert result.project is not None and result.project.path is None
    assert "stale references not checked" in result.project.note
    assert not [f for f in result.findings if f.kind == "stale_reference"]


def test_a_claude_code_folder_is_about_the_one_folder_its_name_encodes(tmp_path: Path) -> None:
    app = tmp_path / "home" / "me" / "src" / "my_app.v2"
    app.mkdir(parents=True)
    (tmp_path / "home" / "me" / "src" / "my-app-v2").mkdir()  # a near miss: another name
    encoded = encode_path(str(app))
    assert encoded == encode_path(str(tmp_path)) + "-home-me-src-my-app-v2"
    assert decode_claude_folder(encoded) == sorted([str(app),
                                                    str(tmp_path / "home/me/src/my-app-v2")])
    (tmp_path / "home" / "me" / "src" / "my-app-v2").rmdir()
    assert decode_claude_folder(encoded) == [str(app)]
    memory = tmp_path / ".claude" / "projects" / encoded / "memory"
    memory.mkdir(parents=True)
    info = find_project(memory, "flat", None, False)
    assert (info.path, info.source) == (str(app), "claude-code")


def test_none_or_several_folders_are_said(tmp_path: Path) -> None:
    (tmp_path / "a" / "b").mkdir(parents=True)
    (tmp_path / "a-b").mkdir()
    several = tmp_path / ".claude" / "projects" / encode_path(str(tmp_path / "a" / "b"))
    (several / "memory").mkdir(parents=True)
    info = find_project(several / "memory", "flat", None, False)
    assert info.path is None and "2 folders are named by" in info.note
    gone = tmp_path / ".claude" / "projects" / encode_path(str(tmp_path / "gone"))
    (gone / "memory").mkdir(parents=True)
    info = find_project(gone / "memory", "flat", None, False)
    assert info.path is None and "no existing folder" in info.note


def test_an_item_workspace_is_about_itself(tmp_path: Path) -> None:
    ws = make_ws(tmp_path / "ws", {"MEMORY.md": "- [A](memory/a.md)\n",
                                   "memory/a.md": "---\nname: a\n---\nx\n"})
    assert run_audit(ws).project.path == str(ws)  # type: ignore[union-attr]


def test_a_project_flag_naming_no_folder_is_one_line_and_exit_2(
        tmp_path: Path, capsys: object) -> None:
    import pytest

    from memtui.cli import main

    ws = make_ws(tmp_path / "ws", {"MEMORY.md": "- [A](memory/a.md)\n",
                                   "memory/a.md": "---\nname: a\n---\nx\n"})
    with pytest.raises(SystemExit) as stop:
        main(["audit", str(ws), "--project", str(tmp_path / "nowhere")])
    assert stop.value.code == 2
    err = capsys.readouterr().err  # type: ignore[attr-defined]
    assert "--project" in err and "no such folder" in err and "Traceback" not in err


def test_the_json_report_names_the_project(tmp_path: Path, capsys: object) -> None:
    import json

    from memtui.cli import main

    proj = _project(tmp_path)
    ws = make_ws(tmp_path / "mem", {"MEMORY.md": "- [A](a.md)\n",
                                    "a.md": "---\nname: a\n---\nsee `src/old.py`\n"})
    main(["audit", str(ws), "--json", "--project", str(proj), "--fail-on", "never"])
    data = json.loads(capsys.readouterr().out)  # type: ignore[attr-defined]
    assert data["project"] == {"path": str(proj.resolve()), "source": "option", "note": ""}
    assert [f["kind"] for f in data["findings"]].count("stale_reference") == 1


def test_a_relative_project_flag_is_read_from_the_current_folder(
        tmp_path: Path, capsys: object, monkeypatch: object) -> None:
    """newuser24 #67: `--project sp` was checked against the current folder, then read
    from the workspace ("sp: no such folder (WS/sp)"), and the stale references went
    unchecked without a word. A path argument is read from the current folder."""
    import json

    from memtui.cli import main

    proj = _project(tmp_path)
    ws = make_ws(tmp_path / "mem", {"MEMORY.md": "- [A](a.md)\n",
                                    "a.md": "---\nname: a\n---\nsee `src/old.py`\n"})
    monkeypatch.chdir(tmp_path)  # type: ignore[attr-defined]
    main(["audit", str(ws), "--json", "--project", proj.name, "--fail-on", "never"])
    data = json.loads(capsys.readouterr().out)  # type: ignore[attr-defined]
    assert data["project"]["path"] == str(proj.resolve()) and data["project"]["note"] == ""
    assert [f["kind"] for f in data["findings"]].count("stale_reference") == 1


def _renamed_project(tmp: Path) -> Path:
    """A project whose history renamed a flag, removed a Go-style flag and renamed a
    camelCase function (issue 34, blind set rules1's classes)."""
    proj = tmp / "proj"
    make_ws(proj, {"cli.py": "p.add_argument('--threads')\np.add_argument('--dry-run')\n",
                   "main.go": 'statsd := flag.String("statsd-addr", "", "x")\n'
                              'listen := flag.String("listen", ":9100", "x")\n',
                   "src/stock.js": "export function calcularExistencias() {}\n",
                   "tools.py": "def run():\n    pass\n"})
    _git(proj, "init", "-q")
    _git(proj, "add", "-A")
    _git(proj, "commit", "-qm", "one")
    (proj / "cli.py").write_text("p.add_argument('--workers')\np.add_argument('--dry-run')\n")
    (proj / "main.go").write_text('listen := flag.String("listen", ":9100", "x")\n')
    (proj / "src/stock.js").write_text("export function calcularStock() {}\n")
    _git(proj, "commit", "-qam", "two")
    return proj


def _stale_in(proj: Path, tmp: Path, body: str) -> list[str]:
    ws = make_ws(tmp / "mem", {
        "MEMORY.md": "- [A](a.md)\n",
        "a.md": f"---\nname: a\ndescription: a\nmetadata:\n  type: reference\n---\n{body}"})
    return [f.message.split(":")[0] for f in run_audit(ws, project=str(proj)).findings
            if f.kind == "stale_reference"]


def test_flags_and_names_the_history_held_and_the_text_no_longer_does(tmp_path: Path) -> None:
    proj = _renamed_project(tmp_path)
    found = _stale_in(proj, tmp_path, (
        "Always pass `--threads 4`. Mirror with `-statsd-addr 127.0.0.1:8125`.\n"
        "Stock comes from `calcularExistencias` (see https://example.com/x`y`).\n"))
    assert found == ["--threads", "-statsd-addr", "`calcularExistencias`"]


def test_flags_and_names_that_are_live_or_never_the_projects_are_not(tmp_path: Path) -> None:
    proj = _renamed_project(tmp_path)
    assert _stale_in(proj, tmp_path, (
        "Pass `--workers 4`, `--dry-run`, `-listen :9100`; `calcularStock` and `run()`.\n"
        "Escape with `ascii()` or `repr()`; test with `pytest -k stock -x`.\n"
        "`--never-there` and `fetchData()` were never the project's; `git log --since x`.\n"
        "`-v` and `-rf` are nobody's in particular.\n")) == []


def test_a_memory_folder_kept_in_the_repository_is_no_witness_of_the_project(
        tmp_path: Path) -> None:
    """newuser27 #23: the memory folder tracked in the repository (``.claude/memory/``) held
    a name the project never had (an outside library's, quoted as an analogue): its own
    past wording made the name "gone from the project (its git history held it)". The
    history is read where the present text is: no hidden folder, nothing vendored."""
    proj = _renamed_project(tmp_path)
    mem = proj / ".claude" / "memory"
    mem.mkdir(parents=True)
    (mem / "b.md").write_text("Study `FeatureView` from Feast, as an analogue.\n")
    _git(proj, "add", "-A")
    _git(proj, "commit", "-qm", "track memory")
    (mem / "b.md").write_text("Study the analogue later.\n")
    _git(proj, "commit", "-qam", "memory edited")
    assert _stale_in(proj, tmp_path, "Like `FeatureView` in Feast; `calcularExistencias`.\n") \
        == ["`calcularExistencias`"]


_NAMES = ("Call `start_server()`; `compute_proxy_score()` ranks sources; `runMain()` "
          "starts it.\nRun `python src/cli.py --legacy-mode`.\nUses `fetchData()` of a "
          "client library.\n")


def _history_project(root: Path) -> None:
    """A project whose history held ``runMain`` and ``--legacy-mode``, now renamed."""
    make_ws(root, {"src/cli.py": "def runMain():\n    flag = '--legacy-mode'\n"
                                 "def compute_proxy_score():\n    pass\n"})
    _git(root, "init", "-q")
    _git(root, "add", "-A")
    _git(root, "commit", "-qm", "one")
    (root / "src/cli.py").write_text("def run_main():\n    flag = '--modern'\n")
    _git(root, "commit", "-qam", "two")


def test_memories_inside_the_project_are_not_its_text(tmp_path: Path) -> None:
    """newuser28 #1: in an item workspace (the project itself) a memory naming a symbol found
    it in its own text, so no symbol or flag was ever stale; and a memory's past wording in
    git is no witness either. The same memory gives the same findings in and out."""
    outside = tmp_path / "proj"
    _history_project(outside)
    mem = make_ws(tmp_path / "mem", {
        "MEMORY.md": "- [A](a.md)\n",
        "a.md": f"---\nname: a\ndescription: a\nmetadata:\n  type: project\n---\n{_NAMES}"
                "Checked.\n"})
    apart = sorted(f.message for f in run_audit(mem, project=str(outside)).findings
                   if f.kind == "stale_reference")
    assert len(apart) == 3, apart
    item = tmp_path / "item"
    _history_project(item)
    make_ws(item, {"MEMORY.md": "- [A](memory/a.md) — about a\n",
                   "memory/a.md": "---\nname: a\ndescription: about a\nmetadata:\n"
                                  f"  type: project\n---\n{_NAMES}"})
    _git(item, "add", "-A")
    _git(item, "commit", "-qm", "memory")
    with (item / "memory/a.md").open("a") as f:  # its past wording now only in git
        f.write("Checked.\n")
    _git(item, "commit", "-qam", "memory again")
    inside = sorted(f.message for f in run_audit(item).findings
                    if f.kind == "stale_reference")
    assert inside == apart


def test_an_item_workspace_of_memories_only_checks_no_name(tmp_path: Path) -> None:
    """With the memories left out, a workspace holding nothing else has no text to witness
    a name: its symbols are not all called stale (a path past a file's end still is)."""
    item = make_ws(tmp_path / "item", {
        "MEMORY.md": "- [A](memory/a.md) — about a\n",
        "memory/a.md": "---\nname: a\ndescription: about a\nmetadata:\n  type: project\n"
                       f"---\n{_NAMES}See `memory/a.md:99`.\n"})
    found = [f.message for f in run_audit(item).findings if f.kind == "stale_reference"]
    assert found == ["memory/a.md:99: memory/a.md has 10 lines, line 99 is gone"]


def test_no_finding_quotes_a_credential_whole(tmp_path: Path) -> None:
    """newuser29 #15: a token in a code span was a stale_reference candidate, whose message
    printed it whole beside the secret finding that masks it."""
    token = "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"
    # a project without git: a name its text lacks is reported (with git, only one its
    # history held: fix29d's newuser29 #32), so the token would be one if it were a candidate
    proj = make_ws(tmp_path / "proj", {"src/app.py": "def run_app():\n    pass\n"})
    ws = make_ws(tmp_path / "mem", {
        "MEMORY.md": "- [A](a.md)\n",
        "a.md": "---\nname: a\ndescription: a\nmetadata:\n  type: reference\n---\n"
                f"The store token is `{token}`; call `start_server()`.\n"})
    findings = run_audit(ws, project=str(proj)).findings
    assert "secret" in {f.kind for f in findings}
    assert [f.message for f in findings if f.kind == "stale_reference"] == [
        "`start_server()`: start_server occurs nowhere in the project's text"]
    assert not [f.message for f in findings if token in f.message]


def test_a_quoting_message_shows_the_credential_masked() -> None:
    """newuser29 #15: the one place a file's findings lose the values they quote."""
    from memtui.core.checks.findings import finding
    from memtui.core.creds.detector import SecretHit
    from memtui.core.scanner.scan import quoting_masked

    hit = SecretHit(3, "GitHub Token", "ghp_R4nd0mT0k3nV4lu3Xy7Zq9Lm2Np5Ks8Hj1Wd")
    quoting = finding("instruction_like", "a.md", 3, f"asks: \u201csend {hit.value}\u201d")
    secret = finding("secret", "a.md", 3, f"GitHub Token ({hit.redacted})")
    out = quoting_masked([quoting, secret], [hit])
    assert out[0].message == "asks: \u201csend gh…Wd\u201d" and out[1] is secret
