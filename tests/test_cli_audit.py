"""``python -m memtui audit`` end to end, in a subprocess: output, exit codes, errors."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
MEMORY = "---\nname: {0}\ndescription: d\nmetadata:\n  type: project\n---\n{1}"


def memtui(*args: str, cwd: Path = ROOT) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "MEMTUI_NO_CACHE": "1", "PYTHONPATH": str(ROOT), "NO_COLOR": "1"}
    env.pop("MEMTUI_CACHE_DIR", None)
    return subprocess.run([sys.executable, "-m", "memtui", *args], cwd=cwd, env=env,
                          capture_output=True, text=True, timeout=120)


@pytest.fixture
def clean(tmp_path: Path) -> Path:
    ws = tmp_path / "clean"
    (ws / "memory").mkdir(parents=True)
    (ws / "MEMORY.md").write_text("- [a](memory/a.md) — hook\n", encoding="utf-8")
    (ws / "memory/a.md").write_text(MEMORY.format("a", "fact\n"), encoding="utf-8")
    return ws


@pytest.fixture
def warned(clean: Path) -> Path:
    (clean / "memory/orphan.md").write_text(MEMORY.format("o", "x\n"), encoding="utf-8")
    return clean


@pytest.fixture
def broken(clean: Path) -> Path:
    (clean / "MEMORY.md").write_text("- [a](memory/a.md)\n- [g](memory/gone.md)\n",
                                     encoding="utf-8")
    return clean


def test_clean_workspace_exits_0(clean: Path) -> None:
    out = memtui("audit", str(clean))
    assert out.returncode == 0, out.stderr
    assert out.stdout.startswith("memtui audit\n")
    assert "No findings." in out.stdout
    assert out.stderr == ""
    assert "\x1b[" not in out.stdout  # not a terminal: no colour codes


def test_error_finding_exits_1_and_fail_on(broken: Path, warned: Path) -> None:
    out = memtui("audit", str(broken))
    assert out.returncode == 1
    assert "  MEMORY.md:2  link to memory/gone.md: no such file" in out.stdout
    assert memtui("audit", str(broken), "--fail-on", "never").returncode == 0


def test_fail_on_thresholds(warned: Path) -> None:
    assert memtui("audit", str(warned)).returncode == 0  # an orphan is only a warning
    assert memtui("audit", str(warned), "--fail-on", "warning").returncode == 1
    assert memtui("audit", str(warned), "--fail-on", "info").returncode == 1
    assert memtui("audit", str(warned), "--fail-on", "never").returncode == 0


def test_json_parses_and_path_may_be_the_index(broken: Path) -> None:
    out = memtui("audit", str(broken / "MEMORY.md"), "--json")
    assert out.returncode == 1
    data = json.loads(out.stdout)
    assert data["workspace"] == str(broken.resolve())
    assert data["broken_links"][0]["target"] == "memory/gone.md"
    assert out.stderr == ""


def test_options_reach_the_audit(clean: Path) -> None:
    import time

    two_days_ago = time.time() - 2 * 86400
    os.utime(clean / "memory/a.md", (two_days_ago, two_days_ago))
    out = memtui("audit", str(clean), "--json", "--profile", "claude-code", "--max-lines", "1",
                 "--max-bytes", "9999", "--num-ctx", "8192", "--stale-days", "1.5")
    data = json.loads(out.stdout)
    assert data["profile"] == "claude-code"
    assert data["injected_block"]["window"] == 8192
    assert data["injected_block"]["window_name"] == "--num-ctx"
    # --max-lines 1 on a one-line index: at the limit, nothing cut yet (newuser24 #39)
    assert [(f["message"], f.get("files")) for f in data["findings"]] == [
        ("MEMORY.md: 1 of 1 lines (100%): near Claude Code's load limit, nothing cut yet",
         None),
        ("1 memory older than 1.5 days (oldest 2 days; 1 by mtime)", ["memory/a.md"])]
    assert json.loads(memtui("audit", str(clean), "--json", "--stale-days", "3").stdout)[
        "findings"] == []


@pytest.mark.parametrize("args, message", [
    (("audit", "/no/such/place"), "memtui audit: error: /no/such/place: no such file or folder\n"),
    (("audit", "--demo", "x"), "memtui audit: error: give a PATH or --demo, not both\n"),
    # newuser24 #41: a fleet had no one baseline; newuser41 #10: one file keyed by
    # workspace, read (and refused) once before any row
    (("audit", ".", "--discover", "--baseline", "/no/such/b.json"), "memtui audit: error: "
     "/no/such/b.json: cannot be read (No such file or directory)\n"),
    # newuser25 #35: accepted and ignored without a word
    (("audit", ".", "--jobs", "2"), "memtui audit: error: --jobs sets the worker processes of "
     "--discover; one workspace is audited in this process (add --discover, or leave --jobs "
     "out)\n"),
    (("audit", "x", "--fail-on", "sometimes"), None),
    (("audit", "x", "--max-lines", "0"), None),
    (("audit", "x", "--num-ctx", "lots"), None),
    (("audit", "x", "--profile", "vim"), None),
    (("audit", "x", "--stale-days", "-1"), "memtui audit: error: argument --stale-days: must be "
                                           "from 0 to 36,500: '-1' (see memtui audit --help)\n"),
    (("audit", "x", "--stale-days", "nan"), "memtui audit: error: argument --stale-days: not "
                                            "a finite number: 'nan' (see memtui audit --help)\n"),
    (("audit", "x", "--stale-days", "inf"), "memtui audit: error: argument --stale-days: not "
                                            "a finite number: 'inf' (see memtui audit --help)\n"),
])
def test_usage_and_path_errors_exit_2_with_one_line(args: tuple[str, ...],
                                                    message: str | None) -> None:
    out = memtui(*args)
    assert out.returncode == 2
    assert out.stdout == ""
    assert out.stderr.count("\n") == 1, out.stderr
    assert "Traceback" not in out.stderr
    if message is not None:
        assert out.stderr == message


def test_a_loop_of_links_is_named_and_a_long_path_is_cut(tmp_path: Path) -> None:
    # newuser24 #53: a loop of links exists; "no such file or folder" sent the user
    # looking for a missing file. A 6,000-character path is cut in the middle, one line.
    (tmp_path / "loop2").symlink_to(tmp_path / "loop1")
    (tmp_path / "loop1").symlink_to(tmp_path / "loop2")
    out = memtui("audit", str(tmp_path / "loop1"))
    assert (out.returncode, out.stderr) == (
        2, f"memtui audit: error: {tmp_path / 'loop1'}: a loop of symbolic links\n")
    long = "/tmp/" + "/".join(["b" * 200] * 30) + "/end-of-path"
    out = memtui("audit", long)
    assert out.returncode == 2 and out.stderr.count("\n") == 1
    shown = out.stderr.removeprefix("memtui audit: error: ").split(": cannot be read")[0]
    assert len(shown) == 160 and shown.startswith("/tmp/bbb") and "…" in shown
    assert shown.endswith("/end-of-path")


def test_file_that_is_not_an_index_exits_2(tmp_path: Path) -> None:
    (tmp_path / "notes.txt").write_text("x")
    out = memtui("audit", str(tmp_path / "notes.txt"))
    assert (out.returncode, out.stderr) == (
        2, f"memtui audit: error: {tmp_path / 'notes.txt'}: "
        "not a folder, a MEMORY.md or a file an agent loads every session (GEMINI.md, "
        "memory_summary.md, USER.md, or an OpenClaw bootstrap file: AGENTS.md, SOUL.md, "
        "TOOLS.md, IDENTITY.md, HEARTBEAT.md, BOOTSTRAP.md, memory.md)\n")


def test_demo(tmp_path: Path) -> None:
    out = memtui("audit", "--demo", "--json", "--profile", "claude-code", "--max-lines", "20")
    assert out.returncode == 1
    data = json.loads(out.stdout)
    kinds = {f["kind"] for f in data["findings"]}
    # every rule (outside_link since issue 30; missing_why, issue 34; relative_date in its
    # index since session 38, fix38a) but unlinked_mention: the demo's one backticked name
    # is an orphan's, told in that orphan since session 40 (fix40a)
    assert len(kinds) == 15 and "unlinked_mention" not in kinds
    assert data["memory_files"] == 40
    assert not Path(data["workspace"]).exists()  # the throwaway copy is gone
    text = memtui("audit", "--demo")
    assert text.returncode == 1
    assert "Secrets (secret: 1 error)" in text.stdout
    assert "Frontmatter (frontmatter: 2 warning, 3 info)" in text.stdout


def test_progress_line_shows_only_on_long_audits_and_clears_itself(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    from memtui.commands import audit as audit_command

    now = [100.0]
    monkeypatch.setattr(audit_command.time, "monotonic", lambda: now[0])
    line = audit_command.ProgressLine()
    line("reading", 100, 10000)  # a quick audit never shows a line
    assert capsys.readouterr().err == ""
    now[0] += 0.6
    line("reading", 3400, 10000)
    assert capsys.readouterr().err == "\rmemtui: reading 3,400 / 10,000 files"
    now[0] += 0.05
    line("reading", 3500, 10000)  # at most ten redraws a second
    assert capsys.readouterr().err == ""
    now[0] += 0.1
    line("linking", 0, 0)
    assert capsys.readouterr().err == "\rmemtui: linking".ljust(37)
    line.clear()
    assert capsys.readouterr().err == "\r" + " " * 15 + "\r"


def test_no_progress_line_when_stderr_is_not_a_terminal(clean: Path) -> None:
    done = memtui("audit", str(clean))
    assert done.returncode == 0 and done.stderr == ""


def test_tokenizers_and_file_tokens_are_opt_in(clean: Path) -> None:
    data = json.loads(memtui("audit", str(clean), "--json").stdout)
    assert data["schema"] == 3
    assert set(data["injected_block"]["tokens"]) == {"qwen"}
    assert data["injected_block"]["tokens"]["qwen"] > 0
    assert all(f["tokens"] is None for f in data["files"])  # (the key kept: newuser36 #27)
    assert all(set(c["tokens"]) == {"qwen"} for c in data["index"]["line_costs"])
    full = json.loads(memtui("audit", str(clean), "--json", "--file-tokens",
                             "--tokenizer", "both").stdout)
    assert set(full["injected_block"]["tokens"]) == {"qwen", "cl100k"}
    assert full["injected_block"]["tokens"]["qwen"] == data["injected_block"]["tokens"]["qwen"]
    assert [set(f["tokens"]) for f in full["files"]] == [{"qwen", "cl100k"}]
    assert all(v > 0 for v in full["files"][0]["tokens"].values())
    only = json.loads(memtui("audit", str(clean), "--json", "--tokenizer", "cl100k").stdout)
    assert all(set(c["tokens"]) == {"cl100k"} for c in only["index"]["line_costs"])
    # The item profile's share is taken in qwen tokens: the block is counted in both.
    assert set(only["injected_block"]["tokens"]) == {"qwen", "cl100k"}
    assert only["injected_block"]["share"] > 0
    text = memtui("audit", str(clean)).stdout
    assert " qwen tokens" in text and "cl100k" not in text


def test_by_default_tokens_are_counted_in_the_windows_tokenizer(tmp_path: Path) -> None:
    (tmp_path / "MEMORY.md").write_text("- [a](a.md) — hook\n", encoding="utf-8")
    (tmp_path / "a.md").write_text(MEMORY.format("a", "fact\n"), encoding="utf-8")
    data = json.loads(memtui("audit", str(tmp_path), "--json").stdout)
    assert data["profile"] == "claude-code"  # Claude's window, measured in cl100k
    assert set(data["injected_block"]["tokens"]) == {"cl100k"}
    assert all(set(c["tokens"]) == {"cl100k"} for c in data["index"]["line_costs"])
    assert set(data["index"]["costs"]["hot"]) >= {"cl100k_tokens_per_memory"}
    assert "qwen_tokens_per_memory" not in data["index"]["costs"]["hot"]
    assert all(f["tokens"] is None for f in data["files"])  # (the key kept: newuser36 #27)
    qwen = json.loads(memtui("audit", str(tmp_path), "--json", "--tokenizer", "qwen").stdout)
    assert set(qwen["injected_block"]["tokens"]) == {"qwen", "cl100k"}
    assert qwen["injected_block"]["share"] == data["injected_block"]["share"]


def test_the_collector_is_back_on_after_an_audit_in_process(clean: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    import gc

    from memtui.cli import main

    assert gc.isenabled()
    assert main(["audit", str(clean), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["memory_files"] == 1
    assert gc.isenabled()


def _orders(ws: Path, folder: str, files: int, body: str) -> None:
    """``files`` memories in ``folder`` (created), each with two lines of ``body``."""
    (ws / folder).mkdir(parents=True, exist_ok=True)
    for n in range(files):
        (ws / folder / f"v{n}.md").write_text(
            MEMORY.format(f"v{n}", body.format(n=n, m=n + 100)), encoding="utf-8")


ORDERS = "You must always answer in French {n}.\nYou must never reply in English {m}.\n"


def test_a_long_report_ends_with_the_one_exclude_that_makes_it_fit(clean: Path) -> None:
    """Issue 19 §4: past 50 lines, the report names the one exclude after which it fits,
    and the figure it gives is the report's own once the line is in .memtui.toml."""
    _orders(clean, "memory/imports", 30, ORDERS)  # 60 instruction_like rows, one a line
    out = memtui("audit", str(clean)).stdout.splitlines()
    assert len(out) > 50
    last = out[-1]  # memory/imports, not all of memory/ (which would do it too)
    assert last.startswith(f"{len(out) - 1} lines; add exclude = [\"memory/imports/**\"] "
                           "to .memtui.toml and this report fits one screen ("), last
    promised = int(last.rsplit("(", 1)[1].split()[0])
    (clean / ".memtui.toml").write_text('exclude = ["memory/imports/**"]\n',
                                        encoding="utf-8")
    after = memtui("audit", str(clean)).stdout.splitlines()
    assert len(after) == promised <= 50
    assert "add exclude" not in after[-1]


def test_no_exclude_is_proposed_flat_or_over_an_error(clean: Path) -> None:
    """A flat directory has no folder to propose; a folder holding an error (a secret)
    is not proposed either: the finding wants a fix, not hiding."""
    flat = clean.parent / "flat"
    flat.mkdir()
    (flat / "MEMORY.md").write_text("- [a](a.md) — hook\n", encoding="utf-8")
    _orders(flat, ".", 30, ORDERS)  # the same rows, beside the index
    out = memtui("audit", str(flat)).stdout.splitlines()
    assert len(out) > 50 and "add exclude" not in out[-1]
    _orders(clean, "memory/vault", 30, ORDERS + "The staging db password: Qx7mL2pz{n}\n")
    out = memtui("audit", str(clean)).stdout.splitlines()
    assert len(out) > 50 and any("Secrets (secret" in ln for ln in out)
    assert "add exclude" not in out[-1]


def test_a_pipe_gets_whole_rows_and_columns_still_rules(tmp_path: Path) -> None:
    """A CI log (stdout a pipe, no COLUMNS) gets every word of a finding, not 80 columns
    cut with "…"; COLUMNS, when set, is the width, as on a terminal (wrapped there)."""
    ws = tmp_path / "ws"
    (ws / "memory").mkdir(parents=True)
    gone = "memory/" + "a-rather-long-name-of-a-memory-that-no-longer-exists" + ".md"
    (ws / "MEMORY.md").write_text(f"- [a](memory/a.md) — hook\n- [g]({gone})\n",
                                  encoding="utf-8")
    (ws / "memory/a.md").write_text(MEMORY.format("a", "fact\n"), encoding="utf-8")
    env = {k: v for k, v in os.environ.items() if k not in ("COLUMNS", "LINES")}
    row = f"MEMORY.md:2  link to {gone}: no such file"
    assert len(row) > 80
    for columns, whole in ((None, True), ("80", False)):
        run_env = {**env, "MEMTUI_NO_CACHE": "1", "PYTHONPATH": str(ROOT), "NO_COLOR": "1",
                   **({"COLUMNS": columns} if columns else {})}
        out = subprocess.run([sys.executable, "-m", "memtui", "audit", str(ws)], env=run_env,
                             capture_output=True, text=True, timeout=120)
        assert out.returncode == 1, out.stderr
        assert (row in out.stdout) is whole, out.stdout
        # at 80 columns the row wraps under itself, every word kept (issue 32 item 17)
        assert " ".join(out.stdout.split()).count(" ".join(row.split())) == 1


def test_no_exclude_is_proposed_to_save_a_few_lines(tmp_path: Path) -> None:
    """newuser23 #23: the demo's report (51 lines in a pipe) ended with advice to exclude
    memory/superseded/, a real memory with 4 findings, to get to 49 lines. An exclude is
    proposed only when it takes at least 10 lines out."""
    demo = tmp_path / "demo"
    assert memtui("demo", str(demo)).returncode == 0
    env = {k: v for k, v in os.environ.items() if k not in ("COLUMNS", "LINES")}
    env.update(MEMTUI_NO_CACHE="1", PYTHONPATH=str(ROOT), NO_COLOR="1")
    out = subprocess.run([sys.executable, "-m", "memtui", "audit", str(demo)], env=env,
                         capture_output=True, text=True, timeout=120).stdout.splitlines()
    assert len(out) > 50  # still past one screen, but only just
    assert "superseded" not in out[-1] and "add exclude" not in out[-1], out[-1]
