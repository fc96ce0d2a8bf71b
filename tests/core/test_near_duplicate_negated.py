"""A rule and the same rule negated (“Always …” / “Never …”) are a contradiction, reported as
one (the `contradiction` rule) at any likeness the pair is paired from, not a near-duplicate
to merge (session 32, blind set rules20's look-alikes, each labelled a contradiction). A
rewording that says the same with a negation on one side only (“no later than” / “at
least”) changes more words than the negation: still a copy. Examples written here."""

from __future__ import annotations

from pathlib import Path

from memtui.core.audit import AuditOptions, Auditor
from memtui.core.checks.near_duplicate_negation import disagree
from memtui.core.workspace import open_workspace


def test_a_negation_flips_only_the_same_sentence() -> None:
    assert disagree("Always rinse the sieve after the cheese run.",
                    "Never rinse the sieve after the cheese run; the whey protects it.")
    assert disagree("Do rozczynu zawsze dodajemy 2 % cukru.",
                    "Do rozczynu nigdy nie dodajemy cukru.")
    # the same claim with a negation on one side, reworded: no flip
    assert not disagree("Book the lathe no later than 48 hours ahead through the calendar.",
                        "Book the lathe at least 48 hours ahead through the calendar.")
    # a word replaced beside a negating word of another language (Romanian “mai”, more)
    assert not disagree("Clienții cu comenzi mai vechi au primit reducere la piese.",
                        "Clienții cu comenzi vechi au avut reducere la piese.")


def _memory(folder: Path, name: str, description: str, body: str) -> None:
    (folder / "memory" / f"{name}.md").write_text(
        f"---\nname: {name}\ndescription: {description}\nmetadata:\n  type: feedback\n"
        f"---\n{body}\n", "utf-8")


def test_always_and_never_are_a_contradiction_not_a_copy(tmp_path: Path) -> None:
    (tmp_path / "memory").mkdir()
    (tmp_path / "MEMORY.md").write_text("- [a](memory/always.md) — sieve\n"
                                        "- [b](memory/never.md) — sieve\n", "utf-8")
    _memory(tmp_path, "always", "Always rinse sieve 3 after the cheese run",
            "Always rinse sieve 3 after the cheese run at 14:30, twice a day.\n"
            "**Why:** curd dries on it.\n**How to apply:** hose by the vat.")
    _memory(tmp_path, "never", "Never rinse sieve 3 after the cheese run",
            "Never rinse sieve 3 after the cheese run at 14:30; the whey film protects "
            "the mesh.\n**Why:** the cheesemaker said so.\n**How to apply:** leave it.")
    findings = Auditor(open_workspace(tmp_path), AuditOptions()).run().findings
    assert not [f for f in findings if f.kind == "near_duplicate"]
    found = [f for f in findings if f.kind == "contradiction"]
    assert {f.path for f in found} == {"memory/always.md", "memory/never.md"}
    assert all("negated on one side only" in f.message for f in found)


def test_a_value_set_aside_by_name_is_no_second_place(tmp_path: Path) -> None:
    """newuser31 #22: “port 9090 …, never 8080” against “port 8080 …” contradicts."""
    from memtui.core.checks.near_duplicate_conflict import contradicts
    a = "api port\nThe api listens on port 8080 in production behind the proxy."
    b = "api port\nThe api listens on port 9090 in production behind the proxy, never 8080."
    assert contradicts(a, b) == "8080 / 9090"
    (tmp_path / "memory").mkdir()
    (tmp_path / "MEMORY.md").write_text("- [a](memory/port-a.md) — api port\n"
                                        "- [b](memory/port-b.md) — api port\n", "utf-8")
    for name, body in (("port-a", a), ("port-b", b)):
        (tmp_path / "memory" / f"{name}.md").write_text(
            f"---\nname: {name}\ndescription: api port\nmetadata:\n  type: project\n---\n"
            f"{body.split(chr(10), 1)[1]}\n", "utf-8")
    found = [f for f in Auditor(open_workspace(tmp_path), AuditOptions()).run().findings
             if f.kind == "contradiction"]
    assert {f.path for f in found} == {"memory/port-a.md", "memory/port-b.md"}
    assert all("8080 / 9090" in f.message for f in found)
