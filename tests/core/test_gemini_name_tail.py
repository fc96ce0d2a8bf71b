"""newuser34 #25: under Gemini a topic file whose name is the tail of another's (``log.md``
inside ``changelog.md``) was counted reached though no line names it. It is an orphan now;
a whole name (basename or absolute path, in prose or a pointer line) still reaches it."""

from __future__ import annotations

from pathlib import Path

from memtui.core.audit import audit


def gemini(tmp_path: Path, index: str) -> Path:
    mem = tmp_path / ".gemini" / "tmp" / "p" / "memory"
    mem.mkdir(parents=True)
    for name in ("log.md", "changelog.md", "api.md", "rest-api.md"):
        (mem / name).write_text(f"# {name}\n", encoding="utf-8")
    (mem / "MEMORY.md").write_text(index.replace("$G", str(mem)), encoding="utf-8")
    return mem


def orphans(mem: Path) -> list[str]:
    result = audit(mem)
    assert result.profile == "gemini"
    return sorted(o.path for o in result.orphans)


def test_a_name_inside_a_longer_name_reaches_nothing(tmp_path: Path) -> None:
    mem = gemini(tmp_path, "- See $G/changelog.md for changelog notes.\n"
                           "- See $G/rest-api.md for REST notes.\n")
    assert orphans(mem) == ["api.md", "log.md"]


def test_a_whole_name_still_reaches_the_file(tmp_path: Path) -> None:
    mem = gemini(tmp_path, "- See $G/changelog.md for changelog notes.\n"
                           "The build log is in log.md; the API in `api.md`.\n"
                           "- See $G/rest-api.md for REST notes.\n")
    assert orphans(mem) == []
