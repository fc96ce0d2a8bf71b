"""Issue 31 §4: the credential checks have a budget per text. Hostile memories of about
1 MiB (the size cap of a memory) cost a bounded CPU time, and where a bound cuts the checks
short the scan says so with a ``read_problem`` on the line it stopped at."""

from __future__ import annotations

import random
import time
from pathlib import Path

import pytest

from memtui.core.secrets import MAX_HITS, scan_text_bounded
from tests.core.helpers import make_ws, memory, run_audit

MIB = 1 << 20
#: CPU seconds one MiB may cost (measured: at most ~1.4 s on this shared machine).
BOUND = 4.0


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
    "one endless line": "password: " + "x" * (MIB - 20),
}


@pytest.mark.parametrize("name", list(HOSTILE))
def test_a_hostile_text_costs_a_bounded_time(name: str) -> None:
    text = HOSTILE[name]
    start = time.process_time()
    hits, _cut = scan_text_bounded(text)
    spent = time.process_time() - start
    assert spent < BOUND * max(1, len(text.encode()) / MIB), (name, spent)
    assert len(hits) <= MAX_HITS


def test_a_cut_is_said_on_the_line_it_stopped_at(tmp_path: Path) -> None:
    body = "".join(f"- password {i}: Xq7#mK2pLz{i:04d}\n" for i in range(150))
    ws = make_ws(tmp_path / "w", {"MEMORY.md": "- [a](memory/a.md) — a\n",
                                  "memory/a.md": memory("a", body)})
    r = run_audit(ws)
    secrets = [f for f in r.findings if f.kind == "secret"]
    cut = [f for f in r.findings if f.kind == "read_problem"]
    assert len(secrets) == MAX_HITS
    assert len(cut) == 1 and "not checked" in cut[0].message
    assert cut[0].line == max(f.line for f in secrets) + 1


def test_an_ordinary_text_is_not_cut() -> None:
    text = "".join(f"- note {i}: the API key lives in the vault\n" for i in range(2000))
    assert scan_text_bounded(text) == ([], None)
