"""What a workspace's writer controls never hides a credential from the verdict, round six
(redteam40):

1. HTML a rendered page draws as nothing — a comment, an inline element's tags — written
   inside a credential (``ghp_Zq8m<!-- -->L2v…``) left the check two halves, neither a
   credential, and ``--fail-on error`` passed (exit 0 on integ), while the page shows the
   token whole and a model reads through the markup as it reads through a zero-width space.
2. NULs between the letters: a repository's ``.gitattributes`` saying
   ``working-tree-encoding=UTF-32LE`` makes every checkout of the file UTF-32 without a byte
   order mark (the repository's blob, what GitHub shows, is the UTF-8 credential); a memory
   so written, or UTF-16 after a first block of ASCII, or a ``.txt`` so written, passed.

One mechanism a kind: a text is read as its reader sees it before the credential check
(`memtui.core.creds.as_seen`), and that reading now drops such markup between two visible
characters, in one pass, and every NUL (a terminal draws it as nothing: ``cat`` shows the
token); a binary file's wide strings (`memtui.core.scanner.wide_runs`, ``strings -el``)
are UTF-32's too (``strings -eL``). Each test builds a real workspace (a real git checkout
for the attributes) and runs the real ``memtui audit`` in a child process; the bound is
measured in a child under a CPU limit.
"""

from __future__ import annotations

import json
import os
import resource
import subprocess
import sys
from pathlib import Path

import pytest

from memtui.core.creds.as_seen import seen
from memtui.core.creds.detector import scan_text_bounded
from tests.core.helpers import make_ws, memory

ROOT = Path(__file__).resolve().parents[2]
TOKEN = "ghp_Q7m2Xv9Lr4Tb8Nc1Kz6Wd3Hp5Fs0Gj2Ya7Ue"
AWS = "wJalrXUtnFEMIK7MDENGbPxRfiCYzQ8vLp3Tx9Wd"
INDEX = "# Index\n\n- [Deploy](deploy.md) — how we deploy\n"


def _memtui(*args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "MEMTUI_NO_CACHE": "1", "PYTHONPATH": str(ROOT), "NO_COLOR": "1",
           "COLUMNS": "100"}
    return subprocess.run([sys.executable, "-m", "memtui", *args], env=env, text=True,
                          capture_output=True, timeout=180, cwd=ROOT)


def _cut(value: str, markup: str, at: int = 10) -> str:
    return value[:at] + markup + value[at:]


QUOTED = "<span title='a>b'></span>"
HIDDEN = {
    "a comment in a token": f"Pushes use {_cut(TOKEN, '<!-- x -->')} from CI.",
    "an empty comment": f"Pushes use {_cut(TOKEN, '<!---->')} from CI.",
    "an empty span": f"Pushes use {_cut(TOKEN, '<span></span>')} from CI.",
    "a span with a quoted >": f"Pushes use {_cut(TOKEN, QUOTED)} now.",
    "bold tags around a piece": f"Pushes use {TOKEN[:8]}<b>{TOKEN[8:14]}</b>{TOKEN[14:]} now.",
    "a word-break tag, capitals": f"Pushes use {_cut(TOKEN, '<WBR>')} now.",
    "a markdown empty link": f"Pushes use {_cut(TOKEN, '[](#top)')} now.",
    "a comment in an AWS secret": f"aws_secret_access_key = {_cut(AWS, '<!-- -->', 13)}",
    "a comment in a table cell": f"| name | value |\n|---|---|\n| CI | {_cut(TOKEN, '<!-- -->')} |",
}


@pytest.mark.parametrize("line", HIDDEN.values(), ids=HIDDEN.keys())
def test_markup_drawn_as_nothing_hides_no_credential(tmp_path: Path, line: str) -> None:
    """Exit 0 on integ: the markup split the value in two, neither a credential."""
    ws = make_ws(tmp_path / "ws", {"MEMORY.md": INDEX,
                                   "deploy.md": memory("deploy", line + "\n")})
    run = _memtui("audit", "--json", "--fail-on", "error", str(ws))
    assert run.returncode == 1, (run.stdout[-1500:], run.stderr)
    found = json.loads(run.stdout)["findings"]
    secrets = [f for f in found if f["kind"] == "secret"]
    assert [f["path"] for f in secrets] == ["deploy.md"]
    assert TOKEN not in run.stdout and AWS not in run.stdout  # masked as ever


def test_the_value_given_back_is_the_span_as_written() -> None:
    """``fix redact`` takes what the file holds: the markup inside the value too."""
    text = f"Pushes use {_cut(TOKEN, '<!-- x -->')} from CI."
    hits, cut = scan_text_bounded(text)
    assert cut is None and [h.value for h in hits] == [_cut(TOKEN, "<!-- x -->")]


ORDINARY = [
    "Press <kbd>Ctrl</kbd>+<kbd>C</kbd> to stop; see <a href='x.md'>the notes</a>.",
    "The type is List<String> and a<b holds when x < y.",
    "Water is H<sub>2</sub>O and E = mc<sup>2</sup>.<!-- reviewed -->",
    "An unclosed <!-- comment and <b>bold</b>text, then <span class='a'>x</span>.",
    "<!-- memtui: ignore secret -->",
    "An anchor [](#top) then [the notes](notes.md), and x[](y)z.",
]


@pytest.mark.parametrize("line", ORDINARY)
def test_ordinary_markup_is_no_credential(line: str) -> None:
    """A guard: inline HTML and comments in ordinary notes find nothing, before and after."""
    hits, cut = scan_text_bounded(line)
    assert hits == [] and cut is None


def test_markup_with_a_blank_beside_it_is_kept() -> None:
    """Markup is dropped only between two visible characters: words stay apart."""
    assert seen("a <b>bold</b> word")[0] == "a <b>bold</b> word"
    assert seen("x<!-- &amp; -->y")[0] == "xy"  # a reference inside a comment is dropped too
    assert seen("un<!--closed and <b>b</b>x")[0] == "un<!--closed and <b>bx"


_BOUND = """
import resource, sys, time
resource.setrlimit(resource.RLIMIT_CPU, (20, 20))
from memtui.core.creds.detector import scan_text_bounded
piece = sys.argv[1].encode().decode("unicode_escape")
line = piece * (1_048_576 // len(piece))
start = time.process_time()
scan_text_bounded(line)
print(time.process_time() - start)
"""


@pytest.mark.parametrize("piece", ["x<b", "x<b a=\\\"", "x<!--", "x<!-- -->",
                                   "a<b a=\\\"<b a='", "x<span>", "a\\x00",
                                   "password=\\x00x\\x00", "ab\\x00\\n",
                                   "x[](", "x[](y)", "x[](a \\\""])
def test_a_line_of_hostile_markup_is_read_in_linear_time(piece: str) -> None:
    """A 1 MiB line of unclosed comments, tags and quotes, or of NULs: one pass, as the
    module says (each ``<`` looked at once, no backtracking)."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    run = subprocess.run([sys.executable, "-c", _BOUND, piece], env=env, text=True,
                         capture_output=True, timeout=120, cwd=ROOT,
                         preexec_fn=lambda: resource.setrlimit(
                             resource.RLIMIT_AS, (2 << 30, 2 << 30)))
    assert run.returncode == 0, run.stderr[-1500:]
    assert float(run.stdout) < 8.0


# 2. NULs between the letters


def _git(repo: Path, *args: str) -> None:
    subprocess.run(["git", "-c", "user.name=t", "-c", "user.email=t@example.com",
                    "-c", "commit.gpgsign=false", *args], cwd=repo, check=True,
                   capture_output=True, timeout=60)


@pytest.mark.parametrize("name", ["deploy.md", "deploy.txt"])
def test_a_checkout_in_utf32_hides_no_credential(tmp_path: Path, name: str) -> None:
    """Exit 0 on integ: the repository holds the token in UTF-8, its clone in UTF-32LE."""
    repo = tmp_path / "repo"
    body = memory("deploy", f"CI token: {TOKEN}\n")
    make_ws(repo, {"MEMORY.md": INDEX.replace("deploy.md", name),
                   ".gitattributes": f"{name} working-tree-encoding=UTF-32LE\n",
                   name: body.encode("utf-32-le")})
    _git(repo, "init", "-q")
    try:
        _git(repo, "add", "-A")
    except subprocess.CalledProcessError as exc:  # a git built without iconv
        pytest.skip(exc.stderr.decode(errors="replace")[-200:])
    _git(repo, "commit", "-qm", "deploy notes")
    blob = subprocess.run(["git", "cat-file", "-p", f"HEAD:{name}"], cwd=repo, check=True,
                          capture_output=True).stdout
    assert TOKEN.encode() in blob  # what the repository holds, and shows
    _git(tmp_path, "clone", "-q", str(repo), "clone")
    checked_out = (tmp_path / "clone" / name).read_bytes()
    assert TOKEN.encode() not in checked_out and checked_out[:4] == b"-\0\0\0"
    run = _memtui("audit", "--json", "--fail-on", "error", str(tmp_path / "clone"))
    assert run.returncode == 1, (run.stdout[-1500:], run.stderr)
    found = json.loads(run.stdout)["findings"]
    assert [f["path"] for f in found if f["kind"] == "secret"] == [name]


WIDE = {
    "NULs between a token's letters": memory("deploy", "CI token: " + "\0".join(TOKEN) + "\n"),
    "UTF-16 after a first block of ASCII": (memory("deploy", "x" * 600 + "\n").encode()
                                            + f"CI token: {TOKEN}\n".encode("utf-16-le")),
    "UTF-32BE after a first block of ASCII": (memory("deploy", "x" * 600 + "\n").encode()
                                              + f"CI token: {TOKEN}\n".encode("utf-32-be")),
}


@pytest.mark.parametrize("content", WIDE.values(), ids=WIDE.keys())
def test_nuls_between_the_letters_hide_no_credential(tmp_path: Path,
                                                     content: str | bytes) -> None:
    """Exit 0 on integ: the memory read as UTF-8, a NUL between every two letters."""
    ws = make_ws(tmp_path / "ws", {"MEMORY.md": INDEX, "deploy.md": content})
    run = _memtui("audit", "--json", "--fail-on", "error", str(ws))
    assert run.returncode == 1, (run.stdout[-1500:], run.stderr)
    found = json.loads(run.stdout)["findings"]
    assert [f["path"] for f in found if f["kind"] == "secret"] == ["deploy.md"]


def test_a_binary_files_utf32_strings_are_read(tmp_path: Path) -> None:
    """Exit 0 on integ: ``strings -el`` was read, ``strings -eL`` was not."""
    blob = bytes(range(256)) * 4 + f"CI token: {TOKEN}\n".encode("utf-32-le") + bytes(256)
    ws = make_ws(tmp_path / "ws", {"MEMORY.md": INDEX, "deploy.md": memory("deploy"),
                                   "cache.bin": blob})
    run = _memtui("audit", "--json", "--fail-on", "error", str(ws))
    assert run.returncode == 1, (run.stdout[-1500:], run.stderr)
    found = json.loads(run.stdout)["findings"]
    assert [f["path"] for f in found if f["kind"] == "secret"] == ["cache.bin"]
