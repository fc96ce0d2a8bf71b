"""Recall and precision of the secret checks on a labelled corpus, per form and per language.

Two parts: the items written for memtui (``tests/core/secrets_corpus_labelled.py``, always
run) and the items taken from public memory directories with their values replaced by
synthetic ones of the same shape (a JSON list of {source, text, values, form, lang}). That
part is text fetched from public repositories, so it is not in the repository: it is read
from ``$MEMTUI_REAL_CORPUS`` or from ``shared/secrets_corpus_real.json`` beside the clone,
and its test is skipped when neither is there. ``pytest -s`` prints the tables.
"""

from __future__ import annotations

import json
import os
from collections import defaultdict
from pathlib import Path

import pytest

from memtui.core.creds.detector import scan_text
from tests.core.secrets_corpus_labelled import NEGATIVES, POSITIVES, Item

GOAL = 0.95


def _real_items() -> list[Item] | None:
    env = os.environ.get("MEMTUI_REAL_CORPUS")
    here = Path(__file__).resolve().parents[2]
    for path in ([Path(env)] if env else []) + [here.parent / "shared" /
                                                 "secrets_corpus_real.json"]:
        if path.is_file():
            data = json.loads(path.read_text(encoding="utf-8"))
            return [(d["text"], tuple(d["values"]), d["form"], d["lang"]) for d in data]
    return None


def _score(items: list[Item]) -> tuple[str, float, float, list[str]]:
    """The printed table, overall recall and precision, and the errors."""
    tp: dict[tuple[str, str], int] = defaultdict(int)
    fn: dict[tuple[str, str], int] = defaultdict(int)
    fp: dict[tuple[str, str], int] = defaultdict(int)
    errors: list[str] = []
    for text, values, form, lang in items:
        got = [h.value for h in scan_text(text)]
        for v in values:
            if v in got:
                tp[form, lang] += 1
            else:
                fn[form, lang] += 1
                errors.append(f"missed {v!r} in {text!r} (got {got})")
        for g in got:
            if g not in values:
                fp[form, lang] += 1
                errors.append(f"false {g!r} in {text!r}")

    def row(name: str, keys: list[tuple[str, str]]) -> str:
        t, n, p = (sum(d[k] for k in keys) for d in (tp, fn, fp))
        rec = f"{t / (t + n):.0%}" if t + n else "-"
        pre = f"{t / (t + p):.0%}" if t + p else "-"
        return (f"  {name:<12} found {t:>3}/{t + n:<3} recall {rec:>5}  false {p:>2}  "
                f"precision {pre:>5}")

    keys = sorted(set(tp) | set(fn) | set(fp) | {(f, lg) for _, _, f, lg in items})
    lines = ["per form:"]
    lines += [row(f, [k for k in keys if k[0] == f]) for f in sorted({k[0] for k in keys})]
    lines.append("per language:")
    lines += [row(lg, [k for k in keys if k[1] == lg]) for lg in sorted({k[1] for k in keys})]
    lines.append(row("ALL", keys))
    t, n, p = sum(tp.values()), sum(fn.values()), sum(fp.values())
    recall = t / (t + n) if t + n else 1.0
    precision = t / (t + p) if t + p else 1.0
    return "\n".join(lines), recall, precision, errors


def _check(name: str, items: list[Item]) -> None:
    table, recall, precision, errors = _score(items)
    report = (f"\n{name}: {len(items)} items; recall {recall:.1%}, precision {precision:.1%}\n"
              f"{table}\n" + "\n".join("  " + e for e in errors))
    print(report)
    assert recall >= GOAL and precision >= GOAL, report


def test_written_corpus_covers_every_form_and_language() -> None:
    langs = {lg for _, _, _, lg in POSITIVES}
    assert {"en", "zh-Hans", "zh-Hant", "ja", "ko", "de", "fr", "es", "pt", "pl", "ru", "th",
            "vi"} <= langs
    assert {"prose", "numeric", "heading", "assignment", "flag", "command", "url", "header",
            "code", "pair", "known"} <= {f for _, _, f, _ in POSITIVES}
    assert {"name", "option", "var", "elided", "verb", "money", "hex"} <= \
        {f for _, _, f, _ in NEGATIVES}


def test_written_corpus_reaches_the_goals() -> None:
    _check("written corpus", POSITIVES + NEGATIVES)


def test_real_corpus_reaches_the_goals() -> None:
    real = _real_items()
    if real is None:
        pytest.skip("no real-directory corpus (set MEMTUI_REAL_CORPUS)")
    assert len(real) >= len(POSITIVES) + len(NEGATIVES)
    _check("real-directory corpus", real)
    _check("whole corpus", real + POSITIVES + NEGATIVES)


def test_never_a_credential() -> None:
    """The issue's list of what is never a credential (token names, options called
    credentials, variables, elided or template values, verbs, money, hex offsets, Markdown
    under a label): not one finding, whatever the overall precision."""
    false = {text: [h.value for h in scan_text(text)] for text, _, _, _ in NEGATIVES}
    assert {t: v for t, v in false.items() if v} == {}
