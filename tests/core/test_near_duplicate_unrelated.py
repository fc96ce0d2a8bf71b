"""A pair's verdict depends on its two memories, not on what else the folder holds
(newuser38 #1: one memory added, a token's random word and nothing else, changed eight
``near_duplicate`` pairs between files it never touched, and every baseline).

The workspace's template (`near_duplicate_template`: text a large share of the memories
hold is no content) was a share of *every* memory: a sentence four of eight notes write was
template, with a ninth note on another subject it was not, and the pairs judged without it
changed. The share is now of the memories holding a line several of them write; a memory
sharing none leaves it as it was. And a finding's fingerprint does not change when a third
file joins its pair ("(and 1 more)" in the message). Folders written here, none of the new
user's text."""

from __future__ import annotations

from pathlib import Path

import pytest

from memtui.core.audit import audit
from memtui.core.reporting.suppress import fingerprint

_TOPICS = ["ledger export", "invoice numbering", "supplier onboarding", "expense approval",
           "payroll cutoff", "bank reconciliation", "tax filing", "petty cash"]
_SENTENCES = ["Finance wants every change reviewed by two people before it ships.",
              "Month-end close freezes all edits to the accounting tables."]


@pytest.fixture(autouse=True)
def _no_cache(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MEMTUI_NO_CACHE", "1")


def _write(ws: Path, name: str, description: str, body: str, kind: str = "project") -> None:
    (ws / "memory" / f"{name}.md").write_text(
        f"---\nname: {name}\ndescription: {description}\nmetadata:\n  type: {kind}\n---\n"
        f"{body}\n", encoding="utf-8")


def _folder(root: Path) -> Path:
    """Eight notes of one template: half write one sentence, half the other, each its own
    topic, every one the same closing lines."""
    ws = root / "ws"
    (ws / "memory").mkdir(parents=True)
    index = ["# Memory", ""]
    for j, topic in enumerate(_TOPICS):
        name = topic.replace(" ", "-")
        _write(ws, name, f"{topic} notes", f"{_SENTENCES[j % 2]} Applies to {topic}.\n\n"
               "**Why:** the auditors asked for it.\n**How to apply:** check the wiki first.",
               ("project", "feedback")[j // 4])
        index.append(f"- [{topic}](memory/{name}.md)")
    (ws / "MEMORY.md").write_text("\n".join(index) + "\n", encoding="utf-8")
    return ws


def _near(ws: Path) -> dict[str, str]:
    return {f.path: f.message for f in audit(ws).findings if f.kind == "near_duplicate"}


def test_an_unrelated_memory_added_changes_no_pair_between_the_others(tmp_path: Path) -> None:
    """On integ: none of the eight paired; with the ninth (a build id, nothing else) the
    four notes of each sentence paired with each other, 8 findings."""
    ws = _folder(tmp_path)
    before = _near(ws)
    _write(ws, "ci-build", "ci build", "CI build id: Qm7vX2pLr9TzK4wN8bYc3HdF6jS1aG5eUo0",
           "reference")
    after = _near(ws)
    assert after == before, (before, after)


def test_a_third_copy_leaves_the_pairs_fingerprint_as_it_was(tmp_path: Path) -> None:
    """On integ the message's "(and 1 more)" was in the fingerprint: a baseline written
    before the third copy matched the pair no more."""
    ws = tmp_path / "ws"
    (ws / "memory").mkdir(parents=True)
    rule = ("Staging deploys run from the release branch only, after the smoke suite passes "
            "on the build agent and the change log names the ticket.")
    _write(ws, "staging-deploys", "staging deploy rule", rule)
    _write(ws, "staging-deploys-copy", "staging deploy rule", rule + " Ask Dana if unsure.")
    (ws / "MEMORY.md").write_text("# Memory\n\n- [a](memory/staging-deploys.md)\n"
                                  "- [b](memory/staging-deploys-copy.md)\n", encoding="utf-8")

    def first() -> tuple[str, str]:
        got = [f for f in audit(ws).findings
               if f.kind == "near_duplicate" and f.path == "memory/staging-deploys.md"]
        assert len(got) == 1, got
        return got[0].message, fingerprint(got[0])

    message, before = first()
    _write(ws, "staging-deploys-old", "staging deploy rule",
           rule + " Ask Dana if unsure; she owns the runner.")
    message_after, after = first()
    assert "(and 1 more)" in message_after and "(and" not in message, (message, message_after)
    assert after == before
