"""relative_date and missing_why: the conventions of project and feedback memories, in the
folder's languages."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.core.helpers import make_ws, run_audit

_LINK = "- [A](memory/a.md) — about a\n"
_BOTH = "**Why:** it broke.\n**How to apply:** check first.\n"


def _mem(body: str, type_: str = "project") -> str:
    return f"---\nname: a\ndescription: about a\nmetadata:\n  type: {type_}\n---\n{body}"


def _found(tmp: Path, kind: str, body: str, type_: str = "project") -> list[int | None]:
    ws = make_ws(tmp, {"MEMORY.md": _LINK, "memory/a.md": _mem(body, type_)})
    return [f.line for f in run_audit(ws).findings if f.kind == kind]


@pytest.mark.parametrize("line", [
    "The freeze starts tomorrow.", "Shipped last week.", "Review next Monday.",
    "We moved it three days ago.", "上週把資料庫遷走了。", "明天再部署。", "来週リリース予定。",
    "내일 배포한다.", "지난주에 바꿨다.", "On livre la semaine prochaine.",
    "Das Treffen ist morgen.", "Lo cerramos la semana pasada.", "Today's run failed.",
    "Elektryk przyjdzie w przyszłym tygodniu.", "Spotkanie jutro.", "De release is volgende week.",
    "Toplantı yarın.", "Họp vào tuần sau.", "Rapat besok.", "Examen vendredi prochain.",
    "Релиз через неделю.", "Il mese prossimo si chiude.", "내일은 휴무.", "내일아침 회의.",
])
def test_a_relative_date_in_a_project_memory_is_reported(tmp_path: Path, line: str) -> None:
    assert _found(tmp_path, "relative_date", _BOTH + line + "\n") == [9]


@pytest.mark.parametrize("line", [
    "The freeze starts tomorrow (2026-05-02).", "Shipped last week, on May 3.",
    "上週（2026/05/01）把資料庫遷走了。", "来週 5月8日 リリース。", "내일 5월 2일 배포.",
    "Run `git log --since yesterday` to see it.", "Der Morgen war ruhig.",
    "Llegó por la mañana.", "The nightly job runs every day.", "The weekly report.",
    "Nowadays the team is bigger.", "오늘날 쓰는 방식.", "前天然気ガスの話。",
    "내일배움카드로 수강료를 냈다.", "Elektryk przyjdzie w przyszłym tygodniu (12 maja).",
    "Examen vendredi prochain (2026-06-05).", "Toplantı yarın, 3 mart.",
    "Fuar: Mayıs 2027, bu yıl stand açmıyoruz.", "Launch in May 2027, not this year.",
    "La feria es en mayo de 2027; este año no vamos.",
])
def test_an_anchored_or_unrelated_line_is_not(tmp_path: Path, line: str) -> None:
    assert _found(tmp_path, "relative_date", _BOTH + line + "\n") == []


def test_only_project_memories_are_held_to_absolute_dates(tmp_path: Path) -> None:
    assert _found(tmp_path / "u", "relative_date", "Met them yesterday.\n", "user") == []
    assert _found(tmp_path / "f", "relative_date", _BOTH + "Fixed yesterday.\n",
                  "feedback") == []


def test_a_fenced_block_is_code(tmp_path: Path) -> None:
    assert _found(tmp_path, "relative_date", _BOTH + "```\necho tomorrow\n```\n") == []


@pytest.mark.parametrize("body", [
    _BOTH,
    "**Why the feature exists:** x\n**How to apply when touching it:** y\n",
    "## Why\nx\n## How to apply (next session)\ny\n",
    "- **为什么**：上次出错。\n- **如何应用**：先检查。\n",
    "**理由:** 壊れた。\n**適用:** 先に確認。\n",
    "**Why(2026-07-09 실패에서 배움):** x\n**적용 방법**: y\n",
    "**Pourquoi :** x\n**Comment appliquer :** y\n",
    "**Warum:** x\n**Anwendung:** y\n",
    "**Por qué:** x\n**Cómo aplicar:** y\n",
])
def test_why_and_how_in_any_of_the_folders_languages(tmp_path: Path, body: str) -> None:
    assert _found(tmp_path, "missing_why", body) == []


@pytest.mark.parametrize(("type_", "body", "expected"), [
    ("project", "Just a fact.\n", "without a **Why:** line and a **How to apply:** line"),
    ("feedback", "**Why:** it broke.\n", "without a **How to apply:** line"),
    ("project", "**How to apply:** x\nWhy it matters is unclear\n", "without a **Why:** line"),
])
def test_a_missing_label_is_reported_once_per_memory(tmp_path: Path, type_: str, body: str,
                                                     expected: str) -> None:
    ws = make_ws(tmp_path, {"MEMORY.md": _LINK + "- [B](memory/b.md)\n",
                            "memory/a.md": _mem(body, type_),
                            "memory/b.md": _mem(_BOTH).replace("name: a", "name: b")})
    found = [f for f in run_audit(ws).findings if f.kind == "missing_why"]
    assert len(found) == 1 and expected in found[0].message and found[0].line == 7


@pytest.mark.parametrize("body", [
    # typographic spaces before the colon, full-width and small colons
    "**Pourquoi\u202f:** x\n**Comment l’appliquer\u00a0:** y\n",
    "**Motif :** x\n**Mise en œuvre :** y\n",
    "- __Razón__: x\n- __Cómo aplicarla__: y\n",
    "> Motivazione﹕ x\n> Come applicarla﹕ y\n",
    "**Weshalb:** x\n**Umsetzen:** y\n",
    "Powód: x\nZastosowanie: y\n",
    "**Reden:** x\n**Toepassing:** y\n",
    "**Gerekçe:** x\n**Uygulama:** y\n",
    "**Lý do:** x\n**Áp dụng:** y\n",
    "**Alasan:** x\n**Penerapan:** y\n",
    "**Обоснование:** x\n**Применение:** y\n",
    "**緣由：** x\n**落實方式：** y\n",
    "**근거:** x\n**활용법:** y\n",
    "### Motivation\nx\n### In practice\ny\n",
    "**Why** — x\n**How to apply** — y\n",
])
def test_labels_are_read_by_their_shape_in_many_languages(tmp_path: Path, body: str) -> None:
    ws = make_ws(tmp_path, {"MEMORY.md": _LINK + "- [B](memory/b.md)\n",
                            "memory/a.md": _mem(body),
                            "memory/b.md": _mem("Just a fact.\n").replace("name: a", "name: b")})
    found = [f.path for f in run_audit(ws).findings if f.kind == "missing_why"]
    assert found == ["memory/b.md"]


@pytest.mark.parametrize("body", [
    "Why it matters is unclear, and we apply it anyway.\n",  # no colon: prose
    "The reason we moved the cron job to the night shift and the rest: noise.\n",  # long
    "Motivé par la panne, on applique : rien.\n",  # the words past the third
    "`why: x` and `apply: y`\n",  # code
    "```\nWhy: x\nHow to apply: y\n```\n",  # a fence
    # a word that starts like one (two bold labels ending a body are the template in the
    # folder's words, whatever they say, session 32: the second one plain here)
    "**왜곡 보정:** x\nThe apple: y\n",
])
def test_what_is_not_a_label(tmp_path: Path, body: str) -> None:
    ws = make_ws(tmp_path, {"MEMORY.md": _LINK + "- [B](memory/b.md)\n",
                            "memory/a.md": _mem(body),
                            "memory/b.md": _mem(_BOTH).replace("name: a", "name: b")})
    found = [f for f in run_audit(ws).findings if f.kind == "missing_why"]
    assert [f.path for f in found] == ["memory/a.md"]
    assert "**Why:** line and a **How to apply:**" in found[0].message


def test_a_folder_that_never_writes_the_labels_is_not_held_to_them(tmp_path: Path) -> None:
    assert _found(tmp_path, "missing_why", "Just a fact.\n") == []


@pytest.mark.parametrize("type_", ["user", "reference", "custom"])
def test_other_types_need_no_why(tmp_path: Path, type_: str) -> None:
    assert _found(tmp_path, "missing_why", "Just a fact.\n", type_) == []


@pytest.mark.parametrize("rest", ["", " x", "** no", " 因為 **How to apply:** y", ":", "\t**",
                                  " " * 300 + "apply", "\u3000理由：", "*"])
def test_the_templates_own_lines_read_as_the_whole_reading_does(rest: str) -> None:
    """``**Why:**`` and ``**How to apply:**`` answered at once, as `label_of` reads them."""
    from memtui.core.checks import missing_why as mw

    for head in ("**Why:**", "**How to apply:**"):
        line = head + rest
        label = mw.label_of(line)
        assert label is not None
        assert mw.label_kinds(line) == (mw._early(mw._WHY_RE, label),
                                        mw._early(mw._HOW_RE, label)), line


@pytest.mark.parametrize("body", [
    "**Why:** \n**How to apply:** \n",  # the template, left as it is
    "**Why:**\n\n**How to apply:**\n",
    "- **Why:** —\n- **How to apply:** …\n",
    "## Why\n## How to apply\n",
])
def test_an_empty_label_is_missing(tmp_path: Path, body: str) -> None:
    """Issue 32 #6: the New memory template's empty ``**Why:** `` / ``**How to apply:** ``
    lines satisfied missing_why; a label that says nothing is no label."""
    ws = make_ws(tmp_path, {"MEMORY.md": _LINK + "- [B](memory/b.md)\n",
                            "memory/a.md": _mem("A fact.\n" + body),
                            "memory/b.md": _mem(_BOTH).replace("name: a", "name: b")})
    found = [f for f in run_audit(ws).findings if f.kind == "missing_why"]
    assert [f.path for f in found] == ["memory/a.md"]
    assert "**Why:** line and a **How to apply:**" in found[0].message


@pytest.mark.parametrize("body", [
    "**Why:**\nit broke twice.\n**How to apply:**\n- check first\n",
    "## Why\nx\n## How to apply\n```\nmake check\n```\n",
])
def test_a_label_whose_text_is_on_the_next_line_counts(tmp_path: Path, body: str) -> None:
    assert _found(tmp_path, "missing_why", body) == []


def test_a_memory_from_fix_new_left_as_templated_is_reported(tmp_path: Path) -> None:
    """The CLI repro: ``memtui fix new … --index`` writes the template's empty lines; the
    audit (JSON) now reports missing_why for that memory."""
    import io
    import json
    from contextlib import redirect_stdout

    from memtui.cli import main
    ws = make_ws(tmp_path / "ws", {"MEMORY.md": _LINK, "memory/a.md": _mem(_BOTH)})
    with redirect_stdout(io.StringIO()):
        assert main(["fix", "new", str(ws), "empty-why", "--type", "project",
                     "--description", "testing", "--index"]) == 0
    assert "**Why:** \n**How to apply:** \n" in (ws / "memory/empty-why.md").read_text()
    out = io.StringIO()
    with redirect_stdout(out):
        main(["audit", str(ws), "--json"])
    found = [f["path"] for f in json.loads(out.getvalue())["findings"]
             if f["kind"] == "missing_why"]
    assert found == ["memory/empty-why.md"]


@pytest.mark.parametrize("body", [
    "`load_store` in `src/app.py` reads the store.\n"
    "**Why:** startup. **How to apply:** call it once.\n",
    "Deploys go through CI. **Why:** it broke twice.\n**How to apply:** check first.\n",
    "- **Pourquoi :** panne. **Comment appliquer :** vérifier.\n",
    "**Why**: startup; **How to apply**: call it once.\n",
])
def test_a_bold_label_past_the_lines_start_counts(tmp_path: Path, body: str) -> None:
    """newuser31 #1: ``**Why:** startup. **How to apply:** call it once.`` was reported
    "without a **How to apply:** line"; the second label is on the line."""
    assert _found(tmp_path, "missing_why", body) == []


@pytest.mark.parametrize("body", [
    "**Why:** startup. **How to apply:**\n",  # says nothing
    "**Why:** startup, see **the apply step** in the runbook.\n",  # bold, no colon
    "**Why:** startup. `**How to apply:** x`\n",  # no space before it (code)
])
def test_a_mid_line_mention_is_not_a_label(tmp_path: Path, body: str) -> None:
    ws = make_ws(tmp_path, {"MEMORY.md": _LINK + "- [B](memory/b.md)\n",
                            "memory/a.md": _mem(body),
                            "memory/b.md": _mem(_BOTH).replace("name: a", "name: b")})
    found = [f for f in run_audit(ws).findings if f.kind == "missing_why"]
    assert [f.path for f in found] == ["memory/a.md"]
    assert "without a **How to apply:** line" in found[0].message
