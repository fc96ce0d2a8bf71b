"""The contradiction check's claims are made by the compiled kernel (``memtui_native.claims``,
native/claims.c) exactly as `contradiction.claims_py` makes them, on any text a str can
hold — Chinese, Japanese, Korean, Arabic, right-to-left marks, emoji, NUL, lone
surrogates, a 1 MB line, every code point lowered — and the audit reports the same either
way; without the kernel (not built, turned off, another version) the Python runs. The
claims paired by `contradiction_findings` are the pairs a plain reading of them gives.

The tests comparing the two paths are skipped where the kernel is not built (a checkout
without ``python hatch_build.py``); the others run everywhere.
"""

from __future__ import annotations

import hashlib
import json
import os
import random
import subprocess
import sys
import types
from collections import defaultdict
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import memtui.core.checks.contradiction as contradiction
from memtui.core.checks.contradiction import (
    CLAIMS_VERSION,
    CROWD,
    MOST,
    claims_py,
    contradiction_findings,
)
from memtui.core.native import native_module

ROOT = Path(__file__).resolve().parents[2]
COMPILED = contradiction._COMPILED
native = pytest.mark.skipif(COMPILED is None, reason="memtui_native not built here")

#: Pieces the texts are made of: words of several scripts, values, every cut and target
#: form, the characters lowered otherwise than alone (İ, Σ in a word's end), whitespace
#: folded or not, marks, emoji, NUL, lone surrogates.
PIECES = (
    "the", "kiln", "runs", "at", "Port", "Ünïcode", "İstanbul", "ΟΔΟΣ", "ΣΟΦΙΑ", "σ", "ΑΣ",
    " ", "  ", "\t", "\n", "\r", "\r\n", "\v", "\f", "\x1c", "\x85", "\xa0", "\u2028",
    "\u3000", ". ", ".\t", "! ", "!\t", "? ", "; ", "。", "！", "？", "；", ".", ",", ":",
    "/", "'", "’", "-", "%", "1", "12", "1200", "08:00", "8:00", "2026-01-05", "1,240",
    "v1.2.3", "٣٤", "१२", "０９", "𝟙𝟚", "12345678901234567890123456", "1.2.3.4.5.6.7.8.9",
    "晶圓良率", "重新量測", "バックアップは", "서버는", "포트", "مرحبا", "قاعدة", "\u200f",
    "\u202e", "\u200b", "\ufeff", "😀", "👩\u200d💻", "\x00", "[[note_1]]", "[[a]b]]", "[[x",
    "](http://x/1)", "](a b)", "](", "`code 12`", "`x", "<https://h/9>", "http://",
    "https://a9", "HTTP://Z9", "\ud800", "\udfff", "ß", "ﬁ", "K", "Å", "ǅ",
)


def _text(rng: random.Random) -> str:
    return "".join(rng.choice(PIECES) for _ in range(rng.randint(0, 120)))


def _kernel(text: str) -> str:
    assert COMPILED is not None
    return COMPILED(text, MOST, contradiction.LONGEST, contradiction.WORDS,
                    contradiction._SHORTEST, contradiction._FEWEST_BYTES)


@native
def test_the_kernel_makes_the_python_claims_on_mixed_text() -> None:
    rng = random.Random(36)
    made = 0
    for _ in range(4000):
        text = _text(rng)
        assert _kernel(text) == claims_py(text), repr(text)
        made += bool(claims_py(text))
    assert made > 1000  # (the pieces make claims, not only rejections)


@native
@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.one_of(st.sampled_from(PIECES), st.text(max_size=12)), max_size=60))
def test_the_kernel_makes_the_python_claims_on_any_text(parts: list[str]) -> None:
    text = "".join(parts)
    assert _kernel(text) == claims_py(text)


@native
@pytest.mark.parametrize("text", [
    "the nightly backup of the ledger database starts at 02:00 " * 20_000,  # a 1 MB line
    ("the nightly backup of the ledger starts at 7. " * 25_000),  # 25,000 sentences
    "1" * 1_000_000,  # one value of a million digits (an identifier)
    "\x00" * 100_000 + " the backup of the ledger database starts at 7 every night",
    "‏" * 50_000 + "يبدأ النسخ الاحتياطي الليلي لقاعدة بيانات المخزون في الساعة 2",
    "😀 " * 100_000 + "the backup of the ledger database starts at 7 every night",
    "倉庫存檔資料庫的夜間備份在3開始" * 30_000,
    "ΑΣ 12 ΟΔΟΣ. ΣΑ the backup of the ledger starts at 7 every night İİ 9",
])
def test_the_kernel_makes_the_python_claims_on_pathological_text(text: str) -> None:
    assert _kernel(text) == claims_py(text)


@native
def test_every_code_point_is_lowered_as_python_lowers_it() -> None:
    """Each code point (surrogates too) in a claim's words, 256 a sentence: the kernel lowers
    one character at a time where the text holds no İ nor Σ, so each must lower alone as
    `str.lower` lowers it within the text."""
    cuts = {ord(c) for c in "\n.!?;。！？；"}
    points = [c for c in range(0x110000) if c not in cuts]
    for at in range(0, len(points), 256):
        words = " ".join(chr(c) for c in points[at:at + 256])
        text = f"the backup of the ledger database starts at 7 {words} every night"
        assert _kernel(text) == claims_py(text), hex(points[at])


@native
def test_the_digest_is_blake2b_at_every_length() -> None:
    """A claim's words of 35 to 400 bytes (BLAKE2b's blocks are 128: 128 and 256 exactly,
    one past, one short), ASCII and three bytes a character."""
    for filler in ("y", "量"):
        for n in range(1, 140):
            text = "w w w w w w w " + filler * n + " 5"
            key = ("w w w w w w w " + filler * n + " \x00").encode()
            expected = hashlib.blake2b(key, digest_size=8).hexdigest() + "5"
            assert claims_py(text) == (expected if len(key) >= 35 else "")
            assert _kernel(text) == claims_py(text), n


@native
def test_at_most_most_claims() -> None:
    text = "".join(f"the backup number {i} of the ledger database runs nightly. "
                   for i in range(MOST * 3))
    assert _kernel(text) == claims_py(text)
    assert _kernel(text).count("\n") == MOST - 1


def test_without_the_kernel_python_makes_them(tmp_path: Path) -> None:
    assert native_module({"MEMTUI_PURE_PYTHON": "1"}) is None
    assert contradiction._compiled(None) is None
    other = types.SimpleNamespace(CLAIMS=CLAIMS_VERSION + 1, claims=lambda *a: "x")
    assert contradiction._compiled(other) is None  # (a kernel built from other sources)
    same = types.SimpleNamespace(CLAIMS=CLAIMS_VERSION, claims=len, held_twice=len)
    assert contradiction._compiled(same) is same


def _workspace(root: Path) -> Path:
    """Pairs of memories one sentence apart by one value, in several scripts, each pair's
    twin extended; and look-alikes that must stay quiet."""
    ws = root / "memory"
    ws.mkdir()
    sentences = [
        "The nightly backup of the ledger database starts at {v} and the archive job "
        "waits until it is done.",
        "倉庫存檔資料庫的夜間備份在{v}開始，歸檔作業會等它完成後再執行。",
        "在庫データベースの夜間バックアップは{v}に始まり、アーカイブ処理はその完了を待ちます。",
        "يبدأ النسخ الاحتياطي الليلي لقاعدة بيانات المخزون في الساعة {v} وتنتظر مهمة "
        "الأرشفة حتى ينتهي.",
        "ΤΟ ΝΥΧΤΕΡΙΝΟ ΑΝΤΙΓΡΑΦΟ ΤΗΣ ΒΑΣΗΣ ΞΕΚΙΝΑ ΣΤΙΣ {v} ΚΑΙ Η ΑΡΧΕΙΟΘΕΤΗΣΗ ΠΕΡΙΜΕΝΕΙ ΤΟ ΤΕΛΟΣ.",
    ]
    names = []
    for i, s in enumerate(sentences):
        for side, v in (("a", "02:00"), ("b", "03:30")):
            name = f"store_{i}_{side}"
            body = s.format(v=v) + ("\n\nAnother paragraph 😀 added \u200f later." if side == "b"
                                    else "")
            (ws / f"{name}.md").write_text(
                f"---\nname: {name}\ndescription: note {i}{side}\ntype: project\n---\n{body}\n",
                encoding="utf-8")
            names.append(name)
    index = ["# Memory index", ""] + [f"- [{n}]({n}.md) — note" for n in names]
    (ws / "MEMORY.md").write_text("\n".join(index) + "\n", encoding="utf-8")
    return ws


@native
def test_the_audit_reports_the_same_with_and_without_the_kernel(tmp_path: Path) -> None:
    ws = _workspace(tmp_path)
    out = []
    for pure in ("0", "1"):
        env = dict(os.environ, MEMTUI_PURE_PYTHON=pure,
                   MEMTUI_CACHE_DIR=str(tmp_path / f"cache{pure}"), PYTHONPATH=str(ROOT))
        run = subprocess.run([sys.executable, "-m", "memtui", "audit", str(ws), "--json"],
                             capture_output=True, text=True, env=env, cwd=ROOT, timeout=300)
        assert run.returncode in (0, 1), run.stderr
        data = json.loads(run.stdout)
        out.append(sorted((f["path"], f["message"]) for f in data["findings"]
                          if f["kind"] == "contradiction"))
    assert out[0] == out[1]
    assert {f for f, _ in out[0]} == {f"store_{i}_{s}.md" for i in range(5) for s in "ab"}


def _reference(held: dict[str, str]) -> dict[str, list[tuple[str, str]]]:
    """Each claim held by two or more memories, read one memory and one line at a time."""
    seen: set[str] = set()
    twice: set[str] = set()
    for cs in held.values():
        for c in cs.split("\n") if cs else ():
            (twice if c[:16] in seen else seen).add(c[:16])
    by_claim: dict[str, list[tuple[str, str]]] = defaultdict(list)
    for rel, cs in held.items():
        mine = {c[:16]: c[16:] for c in (cs.split("\n") if cs else ()) if c[:16] in twice}
        for digest, values in mine.items():
            by_claim[digest].append((rel, values))
    return by_claim


@pytest.mark.parametrize("kernel", [True, False], ids=["kernel", "python"])
def test_the_claims_held_twice_are_found_by_one_list(
        monkeypatch: pytest.MonkeyPatch, kernel: bool) -> None:
    """The kernel's ``held_twice`` and the Python's one list find what a plain reading does
    (lines no claim writes — upper-case hex, short — are read by the Python)."""
    if kernel and contradiction._TWICE is None:
        pytest.skip("memtui_native not built here")
    if not kernel:
        monkeypatch.setattr(contradiction, "_TWICE", None)
    rng = random.Random(7)
    digests = [f"{rng.getrandbits(64):016x}" for _ in range(40)] + ["ABCDEF0123456789", "12"]
    values = ["1", "2", "3 4", "3 5", "08:00", "8:00", "1,240", "1240", "2026-01-05"]
    for _ in range(2000):
        held = {}
        for m in range(rng.randint(0, 30)):
            name = rng.choice(["a", "b", "note_2026-01-05", "week-12"]) + f"{m}.md"
            held[name] = "\n".join(rng.choice(digests[:rng.randint(1, 40)]) + rng.choice(values)
                                   for _ in range(rng.randint(0, 6)))
        assert contradiction.held_twice(held) == _reference(held)
        found = contradiction_findings(held)
        for fs in found.values():
            assert fs[0].kind == "contradiction"
            if "not every pair" in fs[0].message:
                assert any(len(m) > CROWD for m in _reference(held).values())
