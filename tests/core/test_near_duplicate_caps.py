"""What the near-duplicate checks leave uncompared is said (newuser31 #9, newuser32 #35): past
``ALL_PAIRS`` memories a band bucket of more than ``BUCKET_ALL`` look-alikes is compared with
its first member only, and a Hermes store's entries past ``NEAR_MAX_ENTRIES`` are not looked
at; the report and ``--json`` say how many, as one info finding. Real files in a temp dir."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

from memtui.core.audit import audit
from memtui.core.checks.near_duplicate import ALL_PAIRS, BUCKET_ALL

_LETTERS = "abcdefghijklmnopqrstuvwxyz"  # (each note its own words: none alike)


def _write(root: Path, alike: int, others: int) -> None:
    memory = root / "memory"
    memory.mkdir(parents=True)
    rng = random.Random(7)
    same = ("The build server rebuilds the nightly image at 02:00 and pushes it to the "
            "registry; the staging cluster pulls it at 03:00 and runs the smoke tests.")
    for n in range(alike):
        (memory / f"alike-{n:02}.md").write_text(same + "\n", "utf-8")
    for n in range(others):
        words = " ".join("".join(rng.choice(_LETTERS) for _ in range(7)) for _ in range(30))
        (memory / f"note-{n:03}.md").write_text(f"Note {n}: {words}.\n", "utf-8")


def _said(findings) -> list:
    return [f for f in findings if f.kind == "near_duplicate" and f.path == "."]


def test_a_crowded_group_past_all_pairs_is_said(tmp_path: Path,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MEMTUI_NO_CACHE", "1")
    alike = BUCKET_ALL + 3
    _write(tmp_path, alike, ALL_PAIRS)
    said = _said(audit(tmp_path).findings)
    assert len(said) == 1, said
    message = said[0].message
    assert said[0].severity == "info"
    assert f"{alike - 1} memories in 1 group" in message
    assert f"up to {(alike - 1) * (alike - 2) // 2} pairs not compared" in message
    assert "memory/alike-00.md" in message
    out = subprocess.run([sys.executable, "-m", "memtui", "audit", str(tmp_path), "--json"],
                         capture_output=True, text=True, env={"MEMTUI_NO_CACHE": "1",
                                                              "PATH": "/usr/bin:/bin"})
    got = [f for f in json.loads(out.stdout)["findings"]
           if f["kind"] == "near_duplicate" and f["path"] == "."]
    assert [f["message"] for f in got] == [message]


def test_nothing_is_said_up_to_all_pairs(tmp_path: Path,
                                         monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MEMTUI_NO_CACHE", "1")
    _write(tmp_path, BUCKET_ALL + 3, ALL_PAIRS - BUCKET_ALL - 3)
    assert not _said(audit(tmp_path).findings)


def test_a_live_auditors_buckets_say_the_same_groups(tmp_path: Path) -> None:
    """The app keeps the LSH buckets (`Buckets`): its groups are `crowded`'s."""
    from memtui.core.checks.near_duplicate import Buckets, crowded, sketch
    _write(tmp_path, BUCKET_ALL + 3, ALL_PAIRS)
    sketches = {f"memory/{p.name}": sketch(p.read_text("utf-8"))
                for p in sorted((tmp_path / "memory").iterdir())}
    groups = crowded(sketches)
    assert [len(g) for g in groups] == [BUCKET_ALL + 3]
    assert Buckets(sketches).crowded() == groups


def test_a_hermes_store_past_its_compared_entries_says_so(tmp_path: Path,
                                                          monkeypatch: pytest.MonkeyPatch
                                                          ) -> None:
    """newuser32 #35: near-copies are looked for among a store's first ``NEAR_MAX_ENTRIES``
    entries of up to ``NEAR_MAX_CHARS`` characters; the rest are counted in one finding."""
    from memtui.core.profiles.hermes import NEAR_MAX_CHARS, NEAR_MAX_ENTRIES
    monkeypatch.setenv("MEMTUI_NO_CACHE", "1")
    rng = random.Random(3)
    entries = [" ".join("".join(rng.choice(_LETTERS) for _ in range(6)) for _ in range(8))
               for _ in range(NEAR_MAX_ENTRIES + 20)]
    entries.insert(5, "y" * (NEAR_MAX_CHARS + 1))
    home = tmp_path / ".hermes" / "memories"
    home.mkdir(parents=True)
    (home / "MEMORY.md").write_text("\n§\n".join(entries) + "\n", "utf-8")
    (home / "USER.md").write_text("Ann prefers short answers.\n", "utf-8")
    said = [f for f in audit(home).findings
            if f.kind == "duplicate_entry" and f.message.startswith("not every entry")]
    assert len(said) == 1, said
    assert said[0].severity == "info" and said[0].path == "MEMORY.md"
    assert f"21 of its {NEAR_MAX_ENTRIES + 21} entries (20 past the first " \
        f"{NEAR_MAX_ENTRIES} and 1 longer than {NEAR_MAX_CHARS:,} characters)" \
        in said[0].message
    kept = [e for e in entries if len(e) <= NEAR_MAX_CHARS][:NEAR_MAX_ENTRIES]
    (home / "MEMORY.md").write_text("\n§\n".join(kept) + "\n", "utf-8")
    assert not [f for f in audit(home).findings if f.message.startswith("not every entry")]


def test_the_app_says_what_a_fresh_audit_says_after_an_edit(tmp_path: Path) -> None:
    """The live auditor (`Buckets`, patched after an edit) names the same groups in the same
    words as a fresh audit."""
    from memtui.core.audit import AuditOptions, Auditor
    from memtui.core.reporting.json_report import to_json
    from memtui.core.workspace import open_workspace
    _write(tmp_path, BUCKET_ALL + 3, ALL_PAIRS)
    live = Auditor(open_workspace(tmp_path), AuditOptions(keep_texts=True))
    live.run()
    extra = tmp_path / "memory" / "alike-99.md"
    extra.write_text((tmp_path / "memory" / "alike-00.md").read_text("utf-8"), "utf-8")
    got = live.run(changed={"memory/alike-99.md"})
    fresh = Auditor(open_workspace(tmp_path), AuditOptions()).run()
    said = _said(got.findings)
    assert len(said) == 1 and f"{BUCKET_ALL + 3} memories in 1 group" in said[0].message
    assert to_json(got) == to_json(fresh)
