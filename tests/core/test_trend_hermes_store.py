"""newuser36 #19: ``memtui trend`` on a Hermes store in git died with ``KeyError:
'MEMORY.md'`` (and the app's Trend view with a traceback that printed memory text): git dated
the store anew at a commit, the store is no scanned file, and the derivation looked its state
up. Real git history: eight commits a month apart, each adding entries to both stores."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from memtui.cli import main
from tests.core.test_trend import commit, git


def test_a_hermes_store_in_git_has_a_trend_and_its_last_point_is_the_audit(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    repo = tmp_path / ".hermes"
    (repo / "memories").mkdir(parents=True)
    git(repo, "init", "-q")
    entries: list[str] = []
    for week in range(8):
        entries += [f"Service {week}-{j} runs on host blue-{week}{j}; owner team {chr(65 + week)}; "
                    f"restart with systemctl restart svc{week}{j}." for j in range(3)]
        if week == 5:
            entries.append(entries[0])  # a repeat: a finding at that point
        date = f"2026-{week + 4:02d}-01T10:00:00+00:00"
        monkeypatch.setenv("GIT_AUTHOR_DATE", date)
        monkeypatch.setenv("GIT_COMMITTER_DATE", date)
        user = ["Name: Alex", "Timezone: UTC", *(f"pref {i}" for i in range(week))]
        commit(repo, {"memories/MEMORY.md": "\n§\n".join(entries),
                      "memories/USER.md": "\n§\n".join(user)}, f"week {week}")
    ws = repo / "memories"
    assert main(["trend", str(ws), "--json"]) == 0
    points = json.loads(capsys.readouterr().out)["points"]
    assert len(points) == 8
    main(["audit", str(ws), "--json", "--fail-on", "never"])
    audit = json.loads(capsys.readouterr().out)
    assert audit["profile"] == "hermes"
    severities = [f["severity"] for f in audit["findings"]]
    assert points[-1]["findings"] == {s: severities.count(s) for s in ("info", "warning", "error")}
    assert points[-1]["block_tokens"] == audit["injected_block"]["tokens"][points[-1]["tokenizer"]]
