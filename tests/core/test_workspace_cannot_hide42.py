"""Issue 42, red team: what a workspace an attacker writes could do to the verdict
(session 42, redteam42). Each test fails on integ at the session's start and holds now.

1. **A hostile MiB past the credential check's CPU claim.** SECURITY.md says a hostile
   memory of 1 MiB costs the check under 4 s; redteam41 measured 4.3–4.8 s, and shapes
   made of ordinary label lines cost far more (``密码N：`` on every line 15 s, a value split
   by a comment on every line 19 s, one endless line of notes 14 s: each form reads every
   line, and the line budget counted only detect-secrets' lines). One bound now: the
   file's CPU budget (`memtui.core.creds.detector.LineBudget`: 0.5 s and 2 s a MiB of its
   text), a text past 32 KiB read a block at a time with the clock looked at between
   blocks (`memtui.core.scanner.continued_lines.scan_joined`); what is left is an
   ``unchecked_text`` error from the line it stopped at.
2. **OpenClaw shown by names only, an index outweighing them.** ``AGENTS.md`` beside
   ``TOOLS.md`` (or a dated note, or the heartbeat state) and an index of links to
   memories with frontmatter: taken for an item workspace, its ``skills/``, ``docs/``
   unwalked, a token there passed ``--fail-on error``. What is read follows every agent a
   folder shows by any evidence (`memtui.core.profiles.registry.walked_reach`).
"""

from __future__ import annotations

import json
import os
import resource
import subprocess
import sys
from pathlib import Path

import pytest

from memtui.core.creds.detector import LineBudget, SecretHit
from memtui.core.scanner.continued_lines import scan_joined
from tests.core.helpers import make_ws

ROOT = Path(__file__).resolve().parents[2]
TOKEN = "ghp_Q7m2Xv9Lr4Tb8Nc1Kz6Wd3Hp5Fs0Gj2Ya7Ue"
MIB = 1 << 20


def _memtui(*args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "MEMTUI_NO_CACHE": "1", "PYTHONPATH": str(ROOT), "NO_COLOR": "1",
           "COLUMNS": "100"}
    return subprocess.run([sys.executable, "-m", "memtui", *args], env=env, text=True,
                          capture_output=True, timeout=300, cwd=ROOT)


# 1. The credential check's CPU budget

#: Shapes that cost the check 8–19 s a MiB on integ (load ~7): each a line or unit, the
#: ``{i}`` a count (distinct lines: a repeated line is read once by some forms).
SLOW = {
    "notes naming a key, numbered": "- note {i}: the API key lives in the vault, see docs\n",
    "a label and no value, numbered": "密码{i}：\n",
    "a value split by a comment over a break": "password=x{i}<!--\n-->y{i}\n",
    "PEM headers, each different": "-----BEGIN RSA PRIVATE KEY----- {i}\n",
    "one endless line of notes": "note {i}: the API key lives in the vault, see docs. ",
}

_COST = """
import resource, sys, time
resource.setrlimit(resource.RLIMIT_CPU, (60, 60))
from memtui.core.scanner.continued_lines import scan_joined
unit, out, size, i = sys.argv[1], [], 0, 0
while size < 1_048_576:
    piece = unit.format(i=i)
    out.append(piece)
    size += len(piece.encode())
    i += 1
text = "".join(out)
scan_joined("password: Xq7#mK2pLz9w\\nghp_x AKIA")  # (one-time costs: imports, automata)
start = time.process_time()
hits, cut = scan_joined(text)
print(time.process_time() - start, cut)
"""


@pytest.mark.parametrize("name", list(SLOW))
def test_a_hostile_mebibyte_costs_the_check_under_its_claim(name: str) -> None:
    """Under 4 s of CPU (SECURITY.md), in a child; where the budget ran out, a cut is said."""
    run = subprocess.run([sys.executable, "-c", _COST, SLOW[name]],
                         env={**os.environ, "PYTHONPATH": str(ROOT)}, text=True,
                         capture_output=True, timeout=240, cwd=ROOT,
                         preexec_fn=lambda: resource.setrlimit(
                             resource.RLIMIT_AS, (2 << 30, 2 << 30)))
    assert run.returncode == 0, run.stderr[-1500:]
    spent, cut = run.stdout.split()
    assert float(spent) < 4.0, (name, spent, cut)


def test_a_cut_by_the_budget_is_an_error_in_the_audit(tmp_path: Path) -> None:
    """A memory of label lines past the budget: its token before the cut is found, and the
    rest is an ``unchecked_text`` error (exit 1), never passed as read."""
    lines = [f"密码{i}：" for i in range(120_000)]
    lines[10] = f"deploy token {TOKEN}"
    ws = make_ws(tmp_path / "ws", {
        "MEMORY.md": "# Index\n- [a](memory/a.md) — a\n",
        "memory/a.md": "---\nname: a\ndescription: a\ntype: project\n---\n"
                       + "\n".join(lines) + "\n"})
    run = _memtui("audit", "--json", "--fail-on", "error", str(ws))
    assert run.returncode == 1, run.stdout[-800:]
    found = json.loads(run.stdout)["findings"]
    assert any(f["kind"] == "secret" and f["line"] == 16 for f in found)
    cut = [f for f in found if f["kind"] == "unchecked_text" and f["path"] == "memory/a.md"]
    assert cut and cut[0]["severity"] == "error" and "CPU budget" in cut[0]["message"]
    assert len(cut) == 1, cut


def test_a_text_read_in_blocks_finds_what_it_found_whole() -> None:
    """A guard: a text of several blocks with a credential in each, one a value on the line
    under its label at every place (a block's first line among them: its label is read
    again as context), gives what the text read whole gives."""
    from memtui.core.scanner.continued_lines import BLOCK_CHARS, _scan_joined

    lines = [f"- note {i}: we met on Tuesday and talked about the garden" for i in range(4000)]
    for n, at in enumerate(range(3, 4000, 97)):
        lines[at] = "password:" if n % 2 else f"GITHUB_TOKEN={TOKEN[:-2]}{n:02d}"
        lines[at + 1] = f"  Zq8#mL2!vR9x{n:02d}" if n % 2 else lines[at + 1]
    text = "\n".join(lines)
    assert len(text) > 4 * BLOCK_CHARS
    hits, cut = scan_joined(text)
    whole, whole_cut = _scan_joined(text, 1, None, LineBudget())
    assert cut == whole_cut
    def key(h: SecretHit) -> tuple[int, str, str]:
        return h.line, h.kind, h.value

    assert sorted(map(key, hits)) == sorted(map(key, whole))
    assert len(hits) >= 40


# 2. A profile recognised by names only

FM = "---\nname: deploy\ndescription: deploy notes\ntype: project\n---\nWe deploy on Fridays.\n"
INDEX = "- [Deploy](memory/deploy.md) — deploy notes\n"
NAMED = {
    "AGENTS.md and TOOLS.md, a skill": {
        "AGENTS.md": "# Agents\nRead TOOLS.md.\n", "TOOLS.md": "# Tools\n- deploy skill\n",
        "skills/deploy/SKILL.md": f"---\nname: deploy\n---\nexport GITHUB_TOKEN={TOKEN}\n"},
    "AGENTS.md and USER.md, docs": {
        "AGENTS.md": "# Agents\nRead docs/ops.md first.\n", "USER.md": "# User\nSam\n",
        "docs/ops.md": f"token: {TOKEN}\n"},
    "a dated note, notes": {
        "memory/2026-12-01.md": "Deployed.\n", "notes/ops.md": f"token: {TOKEN}\n"},
    "the heartbeat state, ops": {
        "memory/heartbeat-state.json": "{}", "ops/x.md": f"token: {TOKEN}\n"},
}


@pytest.mark.parametrize("name", list(NAMED))
def test_an_agent_shown_by_a_name_widens_what_is_read(name: str, tmp_path: Path) -> None:
    """Exit 0 on integ: an index of links to memories with frontmatter outweighed
    OpenClaw's names, the item profile walked ``memory/`` alone."""
    ws = make_ws(tmp_path / "ws", {"MEMORY.md": INDEX, "memory/deploy.md": FM,
                                   **NAMED[name]})
    run = _memtui("audit", "--json", "--fail-on", "error", str(ws))
    assert run.returncode == 1, run.stdout[-800:]
    found = json.loads(run.stdout)["findings"]
    assert [f for f in found if f["kind"] == "secret" and f["severity"] == "error"]


def test_a_binary_file_of_label_lines_costs_the_budget(tmp_path: Path) -> None:
    """A binary file's printable runs were read whole, outside the budget: 1 MiB of
    numbered label lines behind a NUL cost the audit ~20 s on integ (8 MiB: minutes). Now
    read as a memory is, within the file's budget; the rest an ``unchecked_text`` error."""
    body = "".join(f"密码{i}：\n" for i in range(100_000)).encode()
    ws = make_ws(tmp_path / "ws", {"MEMORY.md": "- [A](memory/a.md) — a\n",
                                   "memory/a.md": "---\nname: a\ndescription: a\n"
                                                  "type: project\n---\nx\n",
                                   "memory/blob.bin": b"\0" + body + TOKEN.encode()})
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    run = _memtui("audit", "--json", "--fail-on", "error", str(ws))
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    spent = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
    assert run.returncode == 1, run.stdout[-800:]
    found = json.loads(run.stdout)["findings"]
    assert any(f["kind"] == "unchecked_text" and f["path"] == "memory/blob.bin"
               and f["severity"] == "error" for f in found)
    assert spent < 8.0, spent


def test_a_head_cut_by_the_budget_is_not_read_again_as_the_rest(tmp_path: Path) -> None:
    """One endless line of notes past the 1 MiB cap: the head's check is cut by the budget,
    and the rest (which begins at the head's last line, the whole line) was read again
    with a budget spent: a second ``unchecked_text`` at the same line and twice the CPU."""
    n = 0
    parts, size = [], 0
    while size < (1 << 20) + 4096:
        piece = f"note {n}: the API key lives in the vault, see docs. "
        parts.append(piece)
        size += len(piece)
        n += 1
    ws = make_ws(tmp_path / "ws", {
        "MEMORY.md": "# Index\n- [a](memory/a.md) — a\n",
        "memory/a.md": "---\nname: a\ndescription: a\ntype: project\n---\n"
                       + "".join(parts) + "\n"})
    run = _memtui("audit", "--json", "--fail-on", "error", str(ws))
    assert run.returncode == 1, run.stdout[-800:]
    cut = [f for f in json.loads(run.stdout)["findings"] if f["kind"] == "unchecked_text"]
    assert len(cut) == 1, cut
