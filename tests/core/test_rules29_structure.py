"""Session 34, blind set rules29 (30 languages), fixed by structure and tested here in
languages that set does not have: relative dates in CLDR's words for more languages
(Icelandic, Azerbaijani, Macedonian), declined ("kommender Woche"), and a year with a day
beside them as the absolute date in any language's month; stale references of the kinds a
project has besides paths and snake_case (an environment variable, a make target, an npm
script, a management command, a flag clap derived from a field) and none on a line that
dates the change it tells; the template's two labels in the workspace's own words, plain
or bold, above the body or with a line between them."""

from __future__ import annotations

import subprocess
from pathlib import Path

from memtui.core.checks.missing_why import labels_in
from tests.core.helpers import make_ws, run_audit

WHY = "\n\n**Why:** a reason.\n**How to apply:** a way.\n"


def _memories(sentences: dict[str, str]) -> dict[str, str]:
    files = {f"memory/{k}.md": f"---\nname: {k}\ndescription: {k}\nmetadata:\n  type: "
                               f"project\n---\n{v}{WHY}" for k, v in sentences.items()}
    files["MEMORY.md"] = "".join(f"- [{k}](memory/{k}.md) — {k}\n" for k in sentences)
    return files


def test_relative_dates_in_more_languages(tmp_path: Path) -> None:
    sentences = {
        "is": "Skoðunin er í næstu viku.",  # Icelandic: next week
        "az": "Təhvil gələn həftə olacaq.",  # Azerbaijani: next week
        "mk": "Испораката е задутре.",  # Macedonian: the day after tomorrow
        "de": "Die Belege müssen bis Ende kommender Woche fertig sein.",
        "de_after_next": "Die Prüfung ist übernächsten Montag.",
        # a year and a day, the month in words no list holds (Latvian, Icelandic): dated
        "lv_dated": "Piegāde 2027. gada 4. maijā, tas ir nākamajā nedēļā.",
        "is_dated": "Skoðunin 4. júní 2027, í næstu viku.",
        "az_recurring": "Hər həftə bazar ertəsi yoxlama.",
    }
    flagged = sorted(f.path for f in run_audit(make_ws(tmp_path, _memories(sentences))).findings
                     if f.kind == "relative_date")
    assert flagged == ["memory/az.md", "memory/de.md", "memory/de_after_next.md",
                       "memory/is.md", "memory/mk.md"]


def _git(root: Path, *args: str) -> None:
    subprocess.run(["git", "-C", str(root), "-c", "user.name=t", "-c", "user.email=t@t",
                    "-c", "commit.gpgsign=false", *args], check=True, capture_output=True)


BEFORE = {
    "Makefile": "test:\n\tpytest\ncheck-all:\n\truff check .\n",
    "package.json": '{"scripts": {"build": "tsc", "test:browser": "playwright test"}}\n',
    "app/config.py": 'PORT = os.environ.get("FERRO_PORT", "8080")\n',
    "manage.py": "import sys\n",
    "app/management/commands/load_tiles.py": "class Command:\n    pass\n",
    "Cargo.toml": '[dependencies]\nclap = "4"\n',
    "src/main.rs": "#[derive(Parser)]\nstruct Args {\n    dry_pass: bool,\n}\n",
}
AFTER = {
    "Makefile": "test:\n\tpytest\ncheck:\n\truff check .\n",
    "package.json": '{"scripts": {"build": "tsc", "browser": "playwright test"}}\n',
    "app/config.py": 'PORT = os.environ.get("TILE_PORT", "8080")\n',
    "src/main.rs": "#[derive(Parser)]\nstruct Args {\n    rehearse: bool,\n}\n",
}
MEMORIES = {
    "make": "Before a commit run `make check-all`.",
    "make_live": "Before a commit run `make test`.",
    "npm": "The browser tests run with `npm run test:browser`.",
    "npm_live": "Build with `npm run build`.",
    "env": "The server reads its port from `FERRO_PORT`.",
    "env_live": "The server reads its port from `TILE_PORT`.",
    "command": "Tiles are loaded with `python manage.py load_tiles`.",
    "flag": "Run it with `--dry-pass` on a laptop.",
    "dated": "We dropped `FERRO_PORT` on 2027-03-02; ask for the new name.",
    "dated_year": "`make check-all` went away in 2027 (renamed).",
}


def test_stale_references_of_every_kind(tmp_path: Path) -> None:
    proj = make_ws(tmp_path / "proj", BEFORE)
    _git(proj, "init", "-q")
    _git(proj, "add", "-A")
    _git(proj, "commit", "-qm", "one")
    for rel, text in AFTER.items():
        (proj / rel).write_text(text, encoding="utf-8")
    (proj / "app/management/commands/load_tiles.py").unlink()
    _git(proj, "add", "-A")
    _git(proj, "commit", "-qm", "two")
    mem = make_ws(tmp_path / "mem", _memories(MEMORIES))
    flagged = sorted(f.path for f in run_audit(mem, project=str(proj)).findings
                     if f.kind == "stale_reference")
    assert flagged == ["memory/command.md", "memory/env.md", "memory/flag.md",
                       "memory/make.md", "memory/npm.md"]


def test_the_template_labels_in_the_workspace_words() -> None:
    # Welsh, plain labels above the body
    assert labels_in("Pam: mae'r cleient yn darllen ar ffôn.\nSut i'w wneud: tabl byr.\n\n"
                     "Defnyddia dabl.") == (True, True)
    # upper case, bold, one line of the body after them
    assert labels_in("Atebwch yn fyr.\n\n**PAM:** dim amser.\n**SUT I'W WNEUD:** tri "
                     "llinell.\nDim jargon.") == (True, True)
    # one line of the body between them
    assert labels_in("**Pam:** ffôn.\nDefnyddia dabl.\n**Sut i'w wneud:** pum rhes.") \
        == (True, True)
    # one label and a line with a colon in the body's own words: not the template
    assert labels_in("Prisiau mewn punnoedd yn unig: 1 200 £.\n\n**Sut i'w wneud:** dim "
                     "doleri.") == (False, False)
    # a time's colon is no label
    assert labels_in("Brecwast bob dydd 8:00–10:00.\n\n**Sut i'w wneud:** dywed wrth y "
                     "gwesteion.") == (False, False)
