"""Hostile names and paths on the command line, end to end in a subprocess (issue 9): file
names that are not UTF-8, control characters, names too long for the system. Every output
stays valid UTF-8 with no raw escape sequence, and every error is one line."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PAYLOAD = "\x1b]0;PWNED\x07\x1b[31mRED\x9b2J"
MEMORY = "---\nname: {0}\ndescription: d\nmetadata:\n  type: project\n---\n{1}\n"
#: An ordinary UTF-8 locale (stdout strict, as under en_US.UTF-8) and the C.UTF-8 one
#: (stdout with surrogate escapes: undecodable bytes would pass straight through).
LOCALES = {"utf-8-strict": {"LC_ALL": "C.UTF-8", "PYTHONIOENCODING": "utf-8:strict"},
           "C.UTF-8": {"LC_ALL": "C.UTF-8"}}


def memtui(*args: str | bytes, env: dict[str, str] | None = None, cwd: Path | None = None
           ) -> subprocess.CompletedProcess[bytes]:
    full = {**os.environ, "MEMTUI_NO_CACHE": "1", "PYTHONPATH": str(ROOT), "NO_COLOR": "1"}
    full.pop("PYTHONIOENCODING", None)
    full.update(env or {})
    return subprocess.run([sys.executable, "-m", "memtui", *args], cwd=cwd or ROOT, env=full,
                          capture_output=True, timeout=120)


def one_line_error(out: subprocess.CompletedProcess[bytes], status: int = 2) -> str:
    assert out.returncode == status, out.stderr
    err = out.stderr.decode("utf-8")  # strict: the message is valid UTF-8
    assert "Traceback" not in err and err.count("\n") == 1, err
    assert "\x1b" not in err
    return err


@pytest.fixture
def hostile(tmp_path: Path) -> Path:
    """A workspace whose file names hold bytes that are not UTF-8 and escape sequences."""
    ws = tmp_path / "ws"
    (ws / "memory").mkdir(parents=True)
    (ws / "MEMORY.md").write_text("- [a](memory/a.md) — hook\n", encoding="utf-8")
    (ws / "memory/a.md").write_text(MEMORY.format("a", "fact"), encoding="utf-8")
    (Path(os.fsdecode(os.fsencode(ws / "memory") + b"/\xff\xfe.md"))
     .write_text(MEMORY.format("bad-bytes", "x"), encoding="utf-8"))
    (ws / "memory" / f"esc{PAYLOAD}.md").write_text(
        MEMORY.format(f"esc{PAYLOAD}", f"body {PAYLOAD}").replace(
            "type: project", f"type: t{PAYLOAD}"), encoding="utf-8")
    return ws


@pytest.mark.parametrize("locale", LOCALES)
def test_audit_json_is_valid_utf8_with_names_escaped(hostile: Path, locale: str) -> None:
    out = memtui("audit", str(hostile), "--json", env=LOCALES[locale])
    assert out.returncode == 0, out.stderr  # orphans are warnings
    assert not out.stderr
    report = json.loads(out.stdout.decode("utf-8"))  # strict UTF-8
    paths = {f["path"] for f in report["files"]}
    assert "memory/\\xff\\xfe.md" in paths
    assert f"memory/esc{PAYLOAD}.md" in paths  # JSON itself escapes control characters
    assert b"\x1b" not in out.stdout


@pytest.mark.parametrize("locale", LOCALES)
def test_audit_text_report_is_readable(hostile: Path, locale: str) -> None:
    out = memtui("audit", str(hostile), "--fail-on", "never", env=LOCALES[locale])
    assert out.returncode == 0, out.stderr
    text = out.stdout.decode("utf-8")
    assert "memory/\\xff\\xfe.md" in text
    assert "memory/esc\\x1b]0;PWNED\\x07\\x1b[31mRED\\x9b2J.md" in text
    assert "\x1b" not in text and "\x07" not in text and "\x9b" not in text


def test_name_too_long_is_one_line(tmp_path: Path) -> None:
    long = str(tmp_path / ("a" * 300))
    for args in (("audit", long), ("audit", long + "/x", "--json"), (long,),
                 (str(tmp_path), "--system-prompt", long)):
        err = one_line_error(memtui(*args))
        assert "too long" in err, err


def test_error_lines_escape_the_path(tmp_path: Path) -> None:
    missing = str(tmp_path / f"no{PAYLOAD}")
    for args in (("audit", missing), (missing,), ("history", missing), ("undo", missing),
                 ("fix", "new", missing, "x", "--type", "user")):
        err = one_line_error(memtui(*args))
        assert "no\\x1b]0;PWNED" in err


def test_fix_new_with_a_name_that_is_not_utf8(hostile: Path) -> None:
    before = sorted(os.listdir(hostile / "memory"))
    out = memtui("fix", "new", str(hostile), b"\xff\xfe", "--type", "user", "--description", "d")
    err = one_line_error(out)
    assert "NAME is not valid UTF-8: '\\xff\\xfe'" in err
    assert sorted(os.listdir(hostile / "memory")) == before


def test_fix_and_history_output_escape_names(hostile: Path) -> None:
    bad = os.fsencode(hostile / "memory") + b"/\xff\xfe.md"
    esc = f"memory/esc{PAYLOAD}.md"
    for args in (("fix", "delete", str(hostile), esc, "--dry-run"),
                 ("fix", "delete", str(hostile), bad, "--dry-run")):
        out = memtui(*args, env=LOCALES["utf-8-strict"])
        assert out.returncode == 0, out.stderr
        text = out.stdout.decode("utf-8")
        assert "\x1b" not in text and "\x07" not in text
        assert "dry run, nothing written" in text
    out = memtui("fix", "add-to-index", str(hostile), esc, env=LOCALES["utf-8-strict"])
    assert out.returncode == 0, out.stderr
    assert b"\x1b" not in out.stdout and b"esc\\x1b]0;PWNED" in out.stdout
    for args in (("history", str(hostile)), ("history", str(hostile), "--json"),
                 ("undo", str(hostile))):
        out = memtui(*args, env=LOCALES["utf-8-strict"])
        assert out.returncode == 0, out.stderr
        assert b"\x1b" not in out.stdout
        out.stdout.decode("utf-8")


#: Characters that break a line or show nothing (issue 31 §7): line and paragraph separators
#: (a terminal, or a viewer of the log, starts a new line), zero-width space and joiner, BOM,
#: a bidi mark, a tag character and the Hangul filler (a blank letter).
HIDDEN = "\u2028\u2029\u200b\u200d\ufeff\u200e\U000e0041\u3164"


def test_line_separators_and_invisible_characters_are_escaped(tmp_path: Path) -> None:
    """A memory named ``x<U+2028>memory/ok.md:1  OK.md`` printed a spoofed ``memory/ok.md:1
    OK`` line in the text report and in ``history``; zero-width and filler characters hid
    text. The one escaper shows each as ``\\uXXXX`` in every terminal output."""
    ws = tmp_path / "ws"
    (ws / "memory").mkdir(parents=True)
    (ws / "MEMORY.md").write_text("- [a](memory/a.md) — hook\n", encoding="utf-8")
    (ws / "memory/a.md").write_text(MEMORY.format("a", "fact"), encoding="utf-8")
    spoof = "x\u2028memory/ok.md:1  OK\u2029"
    names = [f"{spoof}.md", f"hid{HIDDEN}den.md"]
    for name in names:
        (ws / "memory" / name).parent.mkdir(parents=True, exist_ok=True)
        (ws / "memory" / name).write_text(MEMORY.format("n", "orphan"), encoding="utf-8")
    for name in names:  # history records each add-to-index, with the file's name
        out = memtui("fix", "add-to-index", str(ws), f"memory/{name}",
                     env=LOCALES["utf-8-strict"])
        assert out.returncode == 0, out.stderr
        assert not set(HIDDEN) & set(out.stdout.decode("utf-8"))
    (ws / "memory" / "orphan\u2028memory\u200bok.md").write_text(MEMORY.format("o", "x"),
                                                                  encoding="utf-8")
    for args in (("audit", str(ws), "--fail-on", "never"), ("history", str(ws))):
        out = memtui(*args, env=LOCALES["utf-8-strict"])
        assert out.returncode == 0, out.stderr
        text = out.stdout.decode("utf-8")
        assert not set(HIDDEN) & set(text), (args, [c for c in HIDDEN if c in text])
        assert not any(line.lstrip().startswith("memory/ok.md") for line in
                       text.splitlines()), text  # str.splitlines splits at U+2028 too
        assert "x\\u2028memory/ok.md:1  OK\\u2029" in text, text
        assert "\\u200b" in text and "\\u3164" in text and "\\U000e0041" in text


def test_a_huge_argument_is_cut_in_the_middle_of_every_error_line(tmp_path: Path) -> None:
    """newuser26 #30: `audit PATH` cut a long path with "…", but `fix add-to-index`'s MEMORY
    and `--config` echoed 5,000-6,000 characters, the reason at the very end."""
    from memtui.demo import copy_demo

    ws = tmp_path / "ws"
    copy_demo(ws)
    for args in (("fix", "add-to-index", str(ws), "m/" * 3000),
                 ("audit", str(ws), "--config", "c" * 5000),
                 ("audit", "a" * 300)):
        run = memtui(*args)
        err = run.stderr.decode()
        assert run.returncode == 2 and err.count("\n") == 1, err
        assert len(err) < 400 and "…" in err, err
    assert err.rstrip().endswith("cannot be read (File name too long)")
    assert memtui("fix", "add-to-index", str(ws), "m/" * 3000).stderr.decode().rstrip() \
        .endswith(f" in {ws}")
