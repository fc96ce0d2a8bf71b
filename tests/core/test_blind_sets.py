"""The blind credential sets, folded in once their before-score was recorded
(bench/RESULTS.md, "Issue 30: blind sets"): each was written by someone who had not read the
detector, from a description of the forms and languages to cover. Scored with the same rule
as ``bench/blind.py``; ``pytest -s`` prints the table."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bench.blind import score, table

HERE = Path(__file__).parent / "blind"
RECALL, PRECISION, PER_LANGUAGE = 0.95, 0.95, 0.75
#: A set folded in below the bar (found at least, false at most): held where its round left
#: it, never lower, until the detector reaches the bar on it (set16: 95/118, 4 false after
#: secfix30, 101/118, 4 false after secfix31, 101/118, 3 false after secfix32; set17: 103/113,
#: 3 false after secfix31, 103/113, 2 false after secfix32; set18: 111/126, 1 false after
#: secfix32; their open misses are in bench/RESULTS.md, "Issue 32: the credential detector on
#: blind set16", "… on blind set17" and "… on blind set18"). Raised by secfix33's shape rules
#: (set16 104/118, 3 false; set17 108/113, 2 false; set18 112/126, 1 false), which folded in
#: set19 (before 101/123, 8 false; after 119/123, 8 false) and set20 (before 107/131, 9 false;
#: after 120/131, 9 false): bench/RESULTS.md, "Issue 32: the credential detector by structure".
#: secfix33b's form rules (`memtui.core.creds.runs`) folded in set21 (before 104/142, 0 false;
#: after 135/142, 0 false): bench/RESULTS.md, "Issue 32: the credential detector on the
#: held-out set21". secfix34's structural forms (a login line after any label, a password
#: split over a table's cells, code columns, log lines in code blocks…) folded in set22
#: (before 112/142, 7 false; after 135/143, 1 false, one value added by relabelling) and took
#: one false alarm off set16: bench/RESULTS.md, "Issue 32: the credential detector on the
#: held-out set22, by structure". secfix35's forms (random letters of one case beside a
#: label, a keypad code in a sentence, logins after a credentials word, a host or an
#: introduction, public formats in one table…) folded in set23 (before 122/144, 6 false;
#: after 138/144, 0 false — over the 95 % bar in all, under 75 % in five languages whose
#: label words the lexicon does not hold, one value each: am, hy, kk, ro, uz) and raised
#: set21 and set22 by one each: bench/RESULTS.md, "Issue 32: the credential detector on the
#: held-out set23, by structure". secfix36's widenings (a seed phrase after its label's colon,
#: a labelled login in one code span or joined by a slash, public formats as strangers write
#: them…) folded in set24 (before 118/149, 8 false; after 127/149, 5 false, two items
#: relabelled — under the bar) and raised set21 to 138/142: bench/RESULTS.md, "Issue 32: the
#: credential detector on the held-out set24, signals that carry". secfix37's lexicon by the
#: language (21 languages it lacked), a template after an id and the real folders' negatives
#: folded in set25 (before 108/146, 7 false; after 113/146, 3 false — under the bar)
#: and raised set16, set18, set20–set24 (their new values all found by the languages added):
#: bench/RESULTS.md, "Issue 32: the credential detector on the held-out set25, a label's reach
#: by the language". secfix38's forms that carried (a key word before a hex run, a key's hex
#: below its label, a key in a URL's query, a code word after the thing it opens, an account
#: then its typed password) folded in set26 (before 125/151, 9 false on its two relabelled
#: items; after 132/151, 9 false — under the bar) and raised set22–set25: bench/RESULTS.md,
#: "Issue 32: the credential detector on the held-out set26, forms that carry". secfix39's
#: codes by the language's grammar (the thing after a code word ends its label, a case
#: ending glued on the thing before it, Armenian/Romanian/Welsh code words, ``este``, ``՝``)
#: folded in set27 (before 119/141, 5 false; 120/142, 4 false on its relabelled item; after
#: 122/142, 4 false — under the bar) and raised set18, set22, set23, set26: bench/RESULTS.md,
#: "Issue 32: the credential detector on the held-out set27, codes by the language's grammar".
#: secfix40's structure (a spelled or dictated value read as what it spells, a passphrase of
#: short words, a second value in a password's sentence or on the next line, a value under
#: the line introducing it, a value in emphasis, a lock's picture as a label; a device's or a
#: network's name no key, a keyboard run no reason inside a long key) folded in set28 (before
#: 96/150, 10 false; after 113/150, 8 false — under the bar; its check half, items of even
#: number, 43/75, 6 false → 49/75, 6 false) and raised set20 by one and took one false alarm
#: off set26: bench/RESULTS.md, "Issue 32: the credential detector on set28, by what a value
#: is". secfix41's slots (a typed value in a sentence of another script or in its own script
#: beside its label, digits named in the writer's language, a user / typed password pair, a
#: second code in a code's sentence, a code ending its clause, a struck old value under its
#: introduction, Hebrew's particles on a label, a cookie chain read as pairs, a masked run
#: naming the label's value) folded in set29 (before 88/168, 5 false; after 107/168, 4 false
#: — under the bar; its check half, items of even number, 42/83, 3 false → 47/83, 3 false)
#: and raised set17 (109), set23 (144), set24 (134), set25 (118), set26 (135), set27 (124)
#: and set28 (116): bench/RESULTS.md, "Issue 32: the credential detector on
#: set29, a value by its slot". secfix42's dialogue model (a chat's turns, the slot a turn
#: names, the answer holding only a value read under that slot's label; a chat's turn in a
#: code block read as prose) folded in set31 (before 48/173, 6 false; after 59/173, 6 false —
#: under the bar; its check half, items of even number, 27/86, 4 false → 30/86, 4 false) and
#: raised set27 (125): bench/RESULTS.md, "Issue 32: credentials bound by the exchange".
BELOW_THE_BAR = {"set16.json": (106, 2), "set17.json": (109, 2), "set18.json": (114, 1),
                 "set19.json": (119, 7), "set20.json": (124, 9), "set21.json": (139, 0),
                 "set22.json": (139, 1), "set23.json": (144, 0), "set24.json": (134, 4),
                 "set25.json": (118, 3), "set26.json": (135, 8), "set27.json": (125, 4),
                 "set28.json": (116, 8), "set29.json": (107, 4),
                 "set31.json": (59, 6)}


@pytest.mark.parametrize("name", sorted(p.name for p in HERE.glob("set*.json")))
def test_blind_set_holds_after_folding_in(name: str) -> None:
    items = json.loads((HERE / name).read_text(encoding="utf-8"))
    assert len(items) >= 150
    assert len({i["lang"] for i in items}) >= 12
    counts, errors = score(items)
    print(f"\n{name}\n{table(counts)}\n" + "\n".join(errors))
    tp, fn, fp = counts["ALL"]
    if name in BELOW_THE_BAR:
        least, most = BELOW_THE_BAR[name]
        assert tp >= least and fp <= most, errors
        return
    assert tp / (tp + fn) >= RECALL and tp / (tp + fp) >= PRECISION, errors
    for key, (t, n, p) in counts.items():
        if key.startswith("lang ") and t + n:
            assert t / (t + n) >= PER_LANGUAGE and (t / (t + p) if t + p else 1) >= PER_LANGUAGE, \
                (key, errors)
