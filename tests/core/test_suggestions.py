""""Did you mean" for a broken link, bounded (newuser30 #11: 150 broken links among 20,000
memories cost ~0.9 s of CPU each, two minutes of every audit)."""

from __future__ import annotations

import difflib

import pytest

from memtui.core.derivation.suggestions import EVERY_NAME_UP_TO, SHORTLIST, Suggestions

MANY = [f"memory/m{i:05d}.md" for i in range(1, 20_001)] + [
    "memory/deploy-notes.md", "memory/deploy-steps.md", "memory/user-role.md"]


def test_past_the_bound_a_target_is_compared_with_a_shortlist(
        monkeypatch: pytest.MonkeyPatch) -> None:
    compared: list[int] = []
    real = difflib.get_close_matches

    def counted(word: str, possibilities: list[str], n: int = 3, cutoff: float = 0.6
                ) -> list[str]:
        compared.append(len(possibilities))
        return real(word, possibilities, n, cutoff)

    monkeypatch.setattr(difflib, "get_close_matches", counted)
    near = Suggestions(MANY)
    assert near("memory/deploy-note.md")[:2] == ["memory/deploy-notes.md",
                                                 "memory/deploy-steps.md"]
    assert near("memory/m00003.md")[0] == "memory/m00003.md"
    assert near("memory/usr-role.md")[0] == "memory/user-role.md"
    assert compared and max(compared) <= SHORTLIST


def test_up_to_the_bound_every_name_is_compared_as_before() -> None:
    few = MANY[:EVERY_NAME_UP_TO - 3] + MANY[-3:]
    bases = {p.rsplit("/", 1)[-1].lower(): p for p in few}
    for target in ("memory/deploy-note.md", "memory/m0001.md", "memory/x.md"):
        want = [bases[b] for b in difflib.get_close_matches(
            target.rsplit("/", 1)[-1], list(bases), n=3, cutoff=0.5)]
        assert Suggestions(few)(target) == want


def test_a_name_the_target_extends_comes_first() -> None:
    """newuser39 #20: the agent renamed ``…_1.md`` to ``…_1_r_r.md``; the suggestions put
    ``…_13.md`` (a sibling, another memory) first, and ``e`` with nothing typed took it."""
    paths = ["memory/project_live_1796639481_1_r_r.md", "memory/project_live_1796639541_13.md",
             "memory/project_live_1796639536_12.md", "memory/project_live_1796639486_2.md",
             "memory/feedback_topic_001.md"]
    got = Suggestions(paths)("memory/project_live_1796639481_1.md")
    assert got[0] == "memory/project_live_1796639481_1_r_r.md", got
    assert Suggestions(["memory/note-v2.md", "memory/notes.md"])("memory/note.md")[0] \
        == "memory/note-v2.md"
