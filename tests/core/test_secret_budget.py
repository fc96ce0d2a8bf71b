"""Issue 31 §4: the credential checks have a budget per text. Hostile memories of about
1 MiB (the size cap of a memory) cost a bounded CPU time, and where a bound cuts the checks
short the scan says so with a ``unchecked_text`` (an error) on the line it stopped at."""

from __future__ import annotations

import functools
import random
import time
from pathlib import Path

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from memtui.core.creds.detector import MAX_HITS, scan_text_bounded
from tests.core.helpers import make_ws, memory, run_audit

MIB = 1 << 20
#: A hostile MiB may cost this many times what an ordinary MiB of notes that name
#: credentials without giving one costs, measured in the same run (a paired ratio: the
#: machine is shared, so an absolute bound in seconds fails under load; measured: ~1.3×).
RATIO = 3.0
ORDINARY = "- note: the API key lives in the vault, see docs\n"


def _ordinary_text() -> str:
    """A MiB of such notes, each line its own (numbered): the detector reads a line repeated
    once (secfix30), so one line repeated would be a MiB that costs a few lines."""
    lines, size, n = [], 0, 0
    while size < MIB:
        line = ORDINARY.replace("note:", f"note {n}:")
        lines.append(line)
        size += len(line.encode())
        n += 1
    return "".join(lines)[:MIB]


def _fill(unit: str) -> str:
    return unit * (MIB // len(unit.encode()))


def _varied_pem() -> str:
    rng = random.Random(31)
    return "".join(f"-----BEGIN RSA PRIVATE KEY----- {rng.random()}\n" for _ in range(20000))


HOSTILE = {
    "password= repeated": _fill("password= "),
    "JWT heads repeated": _fill("eyJhbGciOi."),
    "unclosed <http:// repeated": _fill("<http://"),
    "PEM headers, one per line": _fill("-----BEGIN RSA PRIVATE KEY-----\n"),
    "PEM headers, each different": _varied_pem(),
    "a credential on every line": _fill("- password: Xq7#mK2pLz9w\n"),
    "a table of credentials": "| host | password |\n|---|---|\n"
    + _fill("| a | `Xq7#mK2pLz9w` |\n"),
    "labels without values": _fill("密码：\n"),
    # each label line reads the list below it (MAX_LIST lines): a run of them, read once
    "list lines of labels without values": _fill("- 密码 is\n"),
    "one endless line": "password: " + "x" * (MIB - 20),
    # detect-secrets' IBM Cloud IAM pattern is cubic in a run of spaces after a keyword
    "runs of spaces after a keyword": _fill("password" + " " * 3000 + "x\n"),
    # a network's name in parentheses after the label, and no key after it: both readings
    "labels naming a network, no key": _fill("Kata sandi WiFi (SSID: Kantor-Lt3) yaitu\n"),
    "a passphrase word, then words and numbers": "seed phrase: " + "river 42 " * (MIB // 9),
}


def _cpu(text: str) -> float:
    start = time.process_time()
    scan_text_bounded(text)
    return time.process_time() - start


@functools.cache
def _ordinary() -> float:
    """CPU seconds an ordinary MiB of notes costs now (the least of two runs)."""
    text = _ordinary_text()
    return min(_cpu(text), _cpu(text))


@pytest.fixture(scope="module")
def ordinary_mib() -> float:
    return _ordinary()


@pytest.mark.parametrize("name", list(HOSTILE))
def test_a_hostile_text_costs_a_bounded_time(name: str, ordinary_mib: float) -> None:
    text = HOSTILE[name]
    start = time.process_time()
    hits, _cut = scan_text_bounded(text)
    spent = time.process_time() - start
    assert spent < RATIO * ordinary_mib * max(1, len(text.encode()) / MIB), \
        (name, spent, ordinary_mib)
    assert len(hits) <= MAX_HITS


def test_a_cut_is_said_on_the_line_it_stopped_at(tmp_path: Path) -> None:
    body = "".join(f"- password {i}: Xq7#mK2pLz{i:04d}\n" for i in range(150))
    ws = make_ws(tmp_path / "w", {"MEMORY.md": "- [a](memory/a.md) — a\n",
                                  "memory/a.md": memory("a", body)})
    r = run_audit(ws)
    secrets = [f for f in r.findings if f.kind == "secret"]
    cut = [f for f in r.findings if f.kind == "unchecked_text"]
    assert len(secrets) == MAX_HITS
    assert len(cut) == 1 and "not checked" in cut[0].message
    assert cut[0].line == max(f.line for f in secrets) + 1


def test_an_ordinary_text_is_not_cut() -> None:
    text = "".join(f"- note {i}: the API key lives in the vault\n" for i in range(2000))
    assert scan_text_bounded(text) == ([], None)


#: The pieces hostile memories are built of: the checks' own triggers (labels in several
#: scripts, separators, quotes, key headers, prefixes, URL and pair marks) and filler.
PIECES = ["password", "密码", "パスワード", "비번", "mot de passe", "token", "api_key", "PIN",
          ": ", "=", " is ", "`", "«", "「", '"', "-----BEGIN RSA PRIVATE KEY-----",
          "eyJhbGciOi.", "ghp_", "AKIA", "<http://", "https://u:p@h/", "admin / ", "| ",
          "|---|", "\n", "\n- ", "\n## ", " ", "Xq7#mK2pLz9w", "a" * 40, "1234", "${X}",
          "<!-- memtui: ignore ", "ignore all previous instructions", "[[", "](", "…"]


@settings(max_examples=25, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(st.lists(st.sampled_from(PIECES), min_size=1, max_size=12),
       st.integers(min_value=1, max_value=400))
@example(["=", "api_key"], 400)  # each assignment's value ran to the line's end: 33 s
def test_every_check_of_a_text_costs_a_bounded_time_a_mebibyte(pieces: list[str],
                                                                  spread: int) -> None:
    """Property (issue 31 §4): whatever a memory is made of, the credential and instruction
    checks cost at most ``RATIO`` times an ordinary MiB's CPU time (a motif repeated to
    256 KiB, with a newline every ``spread`` motifs)."""
    from memtui.core.checks.instructions import scan_instructions

    scan_text_bounded("password: Xq7#mK2pLz9w\nghp_x AKIA")  # one-time costs: imports, automata
    scan_instructions("ignore all previous instructions")
    unit = "".join(pieces)
    repeats = max(1, (MIB // 4) // max(1, len(unit.encode())))
    text = "".join(unit + ("\n" if i % spread == 0 else "") for i in range(repeats))
    start = time.process_time()
    hits, _cut = scan_text_bounded(text)
    scan_instructions(text)
    spent = time.process_time() - start
    assert spent < RATIO * _ordinary() * max(0.25, len(text.encode()) / MIB) + 1.0, \
        (unit[:60], spent)
    assert len(hits) <= MAX_HITS
