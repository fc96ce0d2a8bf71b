"""newuser36 #9: one template's numbered instances ("Widget 0 uses bolt size M3", "Widget 12
uses bolt size M3"; "The nightly build on runner 5 …") were 168–219 ``contradiction``
warnings, each advising to delete a correct memory. Where the one value two memories write
otherwise is on each side the number the file is named by, they are one template's numbered
instances, not a fact written twice; memories disagreeing on a value their names do not
carry are still contradictions, however many. Real files, the CLI's audit, cold and after a
change (the app's incremental path)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from memtui.cli import main
from memtui.core.audit import Auditor
from memtui.core.workspace import open_workspace


def _memory(root: Path, name: str, body: str) -> None:
    (root / f"{name}.md").write_text(f"---\nname: {name}\ndescription: {name} fact\n"
                                     f"type: reference\n---\n{body}\n", encoding="utf-8")


def _contradictions(root: Path, capsys: pytest.CaptureFixture[str]) -> list[str]:
    main(["audit", str(root), "--json", "--fail-on", "never"])
    return sorted(f["path"] for f in json.loads(capsys.readouterr().out)["findings"]
                  if f["kind"] == "contradiction")


def test_a_numbered_series_is_no_contradiction(tmp_path: Path,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    lines = []
    for i in range(0, 60, 12):  # widgets 0, 12, 24, 36, 48: each "uses bolt size M3"
        _memory(tmp_path, f"m{i:03d}", f"Widget {i} uses bolt size M3 on the assembly line "
                "next to the paint booth, torque checked by the night shift every Friday.")
        lines.append(f"- [m{i:03d}](m{i:03d}.md) — widget {i}")
    _memory(tmp_path, "port-a", "The billing API listens on port 8080 behind the proxy in "
            "the Frankfurt data centre, as the platform team set it up in spring.")
    _memory(tmp_path, "port-b", "The billing API listens on port 9090 behind the proxy in "
            "the Frankfurt data centre, as the platform team set it up in spring.")
    lines += ["- [port a](port-a.md) — port", "- [port b](port-b.md) — port"]
    (tmp_path / "MEMORY.md").write_text("\n".join(lines) + "\n", encoding="utf-8")
    assert _contradictions(tmp_path, capsys) == ["port-a.md", "port-b.md"]
    # the app's path: one instance changed, audited again incrementally
    auditor = Auditor(open_workspace(str(tmp_path)))
    auditor.run()
    _memory(tmp_path, "m024", "Widget 24 uses bolt size M3 on the assembly line next to the "
            "paint booth, torque checked by the night shift every Friday. ")
    again = auditor.run({"m024.md"})
    assert sorted(f.path for f in again.findings if f.kind == "contradiction") == \
        ["port-a.md", "port-b.md"]
