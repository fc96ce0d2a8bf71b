"""near_duplicate's mechanics made cheaper give exactly what the plain ones give: the pairs
compared through bits (`pairs` up to ``ALL_PAIRS``) are the pairs compared through sets."""

from __future__ import annotations

import os
import random
from pathlib import Path

import memtui.core.checks.near_duplicate as nd


def _texts(rng: random.Random, n: int) -> dict[str, str]:
    """``n`` texts of one small vocabulary (most pairs share hashes), short and long (whole
    bottom sets and sampled ones), with numbers (facts) drawn from a few, some copies."""
    words = ["".join(rng.choice("abcdefghijklmnopqrstuvwxyz") for _ in range(6))
             for _ in range(300)]
    out: dict[str, str] = {}
    for i in range(n):
        if i % 7 == 6:
            out[f"k{i:03}"] = out[f"k{i - 1:03}"] + f" {rng.choice(words)}"
            continue
        size = rng.choice((8, 20, 60, 150, 400))
        facts = " ".join(str(rng.randrange(12)) for _ in range(rng.choice((0, 1, 3, 5))))
        out[f"k{i:03}"] = " ".join(rng.choice(words[:rng.choice((40, 300))])
                                   for _ in range(size)) + " " + facts
    return out


def test_bits_and_sets_give_the_same_matches() -> None:
    rng = random.Random(3402)
    for _ in range(3):
        sketches = {k: nd.sketch(t) for k, t in _texts(rng, 120).items()}
        keys = [k for k, sk in sketches.items() if sk]
        bits = nd._bitmaps(sketches, keys)
        found = 0
        for i, key in enumerate(keys):
            others = keys[i + 1:]
            plain = nd._matches(key, others, sketches, nd.FLOOR, set())
            assert nd._matches(key, others, sketches, nd.FLOOR, set(), bits) == plain
            found += len(plain)
        assert found >= 20  # pairs found at every level: copies, alike, backed by facts


def test_pairs_up_to_all_pairs_equal_pairs_through_lsh_of_every_pair(monkeypatch) -> None:
    """`pairs` under ``ALL_PAIRS`` (bits) against the same candidates compared one key at a
    time through sets (`Buckets.pairs_of`)."""
    rng = random.Random(3403)
    sketches = {k: nd.sketch(t) for k, t in _texts(rng, 150).items()}
    kept = nd.Buckets(sketches)
    want = {}
    for key in kept.sketches:
        got = kept.pairs_of(key)
        if got:
            want[key] = got
    assert nd.pairs(sketches) == want and len(want) >= 20


def test_a_sketch_saying_more_or_fewer_hashes_than_it_holds_never_crashes() -> None:
    """A cached sketch is read as data: a count of hashes past its end, negative, or too
    small pairs whatever it pairs, compared through bits or sets, and raises nothing."""
    from array import array

    rng = random.Random(3404)
    texts = _texts(rng, 12)
    good = [nd.sketch(t) for t in texts.values() if nd.sketch(t)]
    sketches = {f"good{i}": sk for i, sk in enumerate(good)}
    for i, sk in enumerate(good[:4]):
        for n in (500, 3, -5, -200, 0):
            bad = array("q", sk)
            bad[nd.K] = n
            sketches[f"bad{i}:{n}"] = bad.tobytes()
        sketches[f"cut{i}"] = sk[:(nd.K + 3) * 8]
        sketches[f"bare{i}"] = sk[:(nd.K + 1) * 8]
    nd.pairs(sketches)
    for sk in sketches.values():
        nd.similarity(good[0], sk)
    kept = nd.Buckets(sketches)
    for key in kept.sketches:
        kept.pairs_of(key)


def test_remembered_bigram_hashes_change_no_sketch(monkeypatch) -> None:
    """The bigram hashes remembered across texts (`_SEEN`) give the sketch each text gets
    alone, also when the memory is emptied as it fills (a small bound here), and stay bounded."""
    import memtui.core.checks.near_duplicate_sketch as nds

    monkeypatch.setattr(nds, "NATIVE", None)  # the Python steps' memory (the kernel has none)
    rng = random.Random(3403)
    chars = "日本語の文書を読む記憶検査重複한국어테스트中文資料來源量測確認"
    texts = ["".join(rng.choice(chars) for _ in range(rng.randrange(20, 400)))
             + f" note {rng.randrange(99)}" for _ in range(60)]
    alone = []
    for text in texts:
        nds._SEEN.clear()
        alone.append(nds.sketch(text))
    monkeypatch.setattr(nds, "MAX_SEEN", 300)
    nds._SEEN.clear()
    for _ in range(2):  # first most bigrams new, then most remembered
        assert [nds.sketch(text) for text in texts] == alone
        assert len(nds._SEEN) <= 300
    key = next(iter(nds._SEEN))  # a wrongly remembered hash would show in the sketch
    nds._SEEN[key] ^= 1
    assert [nds.sketch(text) for text in texts] != alone
    nds._SEEN.clear()


def test_a_text_without_cjk_compiles_no_cjk_stem_pattern() -> None:
    """Importing the sketch compiles no stem pattern holding the CJK ranges (~18 million
    instructions a class); a text without Chinese, Japanese or Korean never needs it, and
    its stems are those the CJK pattern finds."""
    import subprocess
    import sys

    code = ("import memtui.core.checks.near_duplicate_sketch as n\n"
            "t = ('Le cache des résultats est vidé chaque lundi à 03:00 par la tâche de '\n"
            "     'nettoyage, après la sauvegarde complète du serveur principal. Ωμέγα ΣΟΦΙΑ.')\n"
            "s = n.sketch(t)\n"
            "assert 'findall' not in vars(n._STEM_RE), 'compiled'\n"
            "assert s and n._words(t) == n._words(t, True)\n"
            "assert 'findall' in vars(n._STEM_RE)\n")
    # the Python steps' patterns (the compiled kernel's stems use none)
    env = dict(os.environ, MEMTUI_PURE_PYTHON="1")
    subprocess.run([sys.executable, "-c", code], check=True, env=env)


#: Texts holding slots: numbers, dates, a code span, a handle, names, a label's value after
#: a full-width colon, a fenced command; dense Chinese (a window of half the characters).
_SLOTTED = [
    "Release v2.3 freeze from 2026-03-05 18:00; Maria Lopez owns QA for 3 days, "
    "ping #release-team or @kim. Run `make freeze TAG=v2.3` first.\n```\ndep deploy "
    "production --branch=main\n```\n",
    "燃えるゴミ：火曜・金曜\n資源ゴミ：水曜\n粗大ゴミは月 1 回、前日 17:00 までに申し込む。\n",
    "3월 정산: 매출 합계 12,400,000원, 수수료 372,000원, 지급일 4월 10일.\n",
    "批次 12 的良率 93.5%，負責人：王磊。" + "蝕刻速率在保養之後漂移，" * 40 + "批次 14 的良率",
    "Die Übergabe der Schicht erfolgt um 06:00, Herr Müller prüft die Kühlung der Halle 3 "
    "und trägt 1.234,5 Liter in das Protokoll ein; am 3. Mai 2025 übernimmt Frau Öztürk.",
]


def test_slots_read_from_a_sketch_are_the_texts_slots(monkeypatch) -> None:
    """The sketch stores its slots' window, not its slots (made only where a pair is
    compared): making a sketch runs no `slots`, and the slots read from it are those of the
    window the sketch reads (half as many characters in a text dense in CJK)."""
    from array import array

    import memtui.core.checks.near_duplicate_sketch as nds

    def window_slots(text: str) -> dict[int, set[int]]:
        read, runs = nds._read(text)
        made = nds.slots(read, len(read) <= 2 * nds.MAX_CJK and bool(runs))
        # as a sketch's values are read: signed (a strong slot's context negative)
        return nd._read_pairs(array("q", array("Q", made).tobytes()))

    want = [window_slots(text) for text in _SLOTTED]
    assert all(want)
    made = []
    with monkeypatch.context() as m:
        m.setattr(nds, "slots", lambda *a: made.append(a) or [])
        sketches = [nds.sketch(text) for text in _SLOTTED]
    assert made == []
    assert [nd.read_sketch(sk)[4] for sk in sketches] == want


def test_a_sketch_whose_window_is_cut_or_no_utf8_has_no_slots() -> None:
    """A cached sketch is data: a window missing, cut short, saying more bytes than it
    holds, or not UTF-8 reads as the bytes it holds, or as no slots, and raises nothing."""
    from array import array

    sk = nd.sketch(_SLOTTED[0])
    head = array("q", sk[nd.K * 8:])
    n = head[0]
    m = head[1 + n]
    f = head[2 + n + m]
    at = (nd.K + 3 + n + m + f) * 8  # the window's length, then its bytes
    size = int.from_bytes(sk[at:at + 8], "little")
    assert size and len(sk) == at + 8 + size + (-size % 8)
    whole = nd.read_sketch(sk)[4]
    assert whole
    assert nd.read_sketch(sk[:at])[4] == {}
    assert nd.read_sketch(sk[:at + 8])[4] == {}
    assert nd.read_sketch(sk[:at] + (10**9).to_bytes(8, "little") + sk[at + 8:])[4] == whole
    assert nd.read_sketch(sk[:at + 8] + b"\xff" * 8 + sk[at + 16:])[4] == {}
    assert nd.read_sketch(sk[:at] + (2**63 - 1).to_bytes(8, "little"))[4] == {}


def test_a_memory_compared_with_many_reads_its_slots_once(monkeypatch) -> None:
    """Slots are read from a sketch's window when a pair is compared; 40 alike memories are
    780 pairs compared, and each memory's window is read into slots once (`_WINDOWS`), not
    once a pair."""
    import memtui.core.checks.near_duplicate_sketch as nds

    rng = random.Random(3405)
    words = _SLOTTED[0].split()
    texts = {}
    for i in range(40):
        w = list(words)
        for _ in range(2):
            w[rng.randrange(len(w))] = rng.choice(words)
        texts[f"k{i}"] = " ".join(w)
    sketches = {k: nds.sketch(t) for k, t in texts.items()}
    read = []
    real = nds.slots
    monkeypatch.setattr(nds, "slots", lambda *a: read.append(a) or real(*a))
    nds._WINDOWS.clear()
    compared = []
    agree = nd.agree
    monkeypatch.setattr(nd, "agree", lambda *a: compared.append(a) or agree(*a))
    found = nd.pairs(sketches)
    assert len(compared) >= 700 and len(found) >= 35
    assert len(read) == len({sk[-1000:] for sk in sketches.values()}) <= 40


def test_importing_the_sketch_compiles_no_cjk_class() -> None:
    """Importing the sketch compiles none of the patterns holding the CJK ranges (~2.5 ms a
    class): an ASCII text compiles none, the first text with CJK `_RUN` alone (the slots'
    `_TOKEN_RE` waits for a pair compared)."""
    import subprocess
    import sys

    code = ("import re\n"
            "import memtui.core.checks.near_duplicate_sketch as n\n"
            "lazy = lambda p: not isinstance(p, re.Pattern) and 'findall' not in vars(p)\n"
            "assert lazy(n._RUN) and lazy(n._TOKEN_RE), 'compiled at import'\n"
            "assert n.sketch('The nightly backup of the billing database runs at 03:00, keeps '\n"
            "                'fourteen daily copies and mails the operations channel a summary')\n"
            "assert lazy(n._RUN) and lazy(n._TOKEN_RE), 'compiled for an ASCII text'\n"
            "assert n.sketch('批次 12 的良率 93.5%，' + '蝕刻速率在保養之後漂移，' * 20)\n"
            "assert not lazy(n._RUN) and lazy(n._TOKEN_RE)\n")
    root = str(Path(nd.__file__).resolve().parents[3])  # this tree's memtui, not another's
    env = dict(os.environ, PYTHONPATH=root + os.pathsep + os.environ.get("PYTHONPATH", ""),
               MEMTUI_PURE_PYTHON="1")  # the Python steps' patterns (the kernel's use none)
    subprocess.run([sys.executable, "-c", code], check=True, env=env)
