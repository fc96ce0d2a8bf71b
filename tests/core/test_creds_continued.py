"""The rest of a credential a line break cut in two (newuser30 #9): a markdown soft break
renders, and reaches the model, as one line; the check found the first half only and
``fix redact`` left the second half in the file, which then audited clean."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from memtui.cli import main
from memtui.core.creds.detector import scan_text
from tests.core.helpers import memory

CUT = {
    "a password in prose": ("The staging password is Hu7kd92\nxqZ4mWp and it rotates monthly.",
                            ["Hu7kd92", "xqZ4mWp"]),
    "a provider token": ("token: ghp_aB3dE5fG7hJ9kL1mN\n3pQ5rS7tU9vW1xY3z5A",
                         ["ghp_aB3dE5fG7hJ9kL1mN", "3pQ5rS7tU9vW1xY3z5A"]),
}


@pytest.fixture(autouse=True)
def _own_cache(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch
               ) -> None:
    monkeypatch.setenv("MEMTUI_CACHE_DIR", str(tmp_path_factory.mktemp("cache")))
    monkeypatch.delenv("MEMTUI_NO_CACHE", raising=False)


@pytest.mark.parametrize("text,values", CUT.values(), ids=CUT.keys())
def test_both_halves_are_found(text: str, values: list[str]) -> None:
    hits = scan_text(text)
    assert [(h.line, h.value) for h in hits] == [(1, values[0]), (2, values[1])]
    assert "line break" in hits[1].kind


@pytest.mark.parametrize("text", [
    "password: Hu7kd92xqZ4mWp\nbackup01 is the host.",  # a host name opens the next line
    "password: Hu7kd92xqZ4mWp\nLOG_LEVEL=info",  # the next setting
    "DB_PASSWORD=Hu7kd92xqZ4mWp\nAPI_REGION=eu-central-1",
    "password: Hu7kd92xqZ4mWp.\nThen restart it.",
])
def test_the_next_line_that_is_no_rest_is_left_alone(text: str) -> None:
    assert [h.line for h in scan_text(text)] == [1]


def test_redact_takes_both_halves_and_the_file_audits_clean(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    ws = tmp_path / "w"
    (ws / "memory").mkdir(parents=True)
    body = "The staging password is Hu7kd92\nxqZ4mWp and it rotates monthly.\n"
    (ws / "memory" / "a.md").write_text(memory("a", body))
    (ws / "MEMORY.md").write_text("- [A](memory/a.md) — a fact\n")
    assert main(["fix", "redact", str(ws), "memory/a.md"]) == 0
    text = (ws / "memory" / "a.md").read_text()
    assert "Hu7kd92" not in text and "xqZ4mWp" not in text
    assert "[REDACTED] and it rotates monthly." in text
    capsys.readouterr()
    main(["audit", str(ws), "--json"])
    data = json.loads(capsys.readouterr().out)
    assert not [f for f in data["findings"] if f["kind"] == "secret"]
