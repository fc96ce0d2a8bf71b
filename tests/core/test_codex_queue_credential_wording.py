"""newuser30 #8: under the codex profile a credential in raw_memories.md was said to be in
a memory "replayed into every later turn", while the same report said Codex loads only
memory_summary.md. Codex reads the queue when it consolidates its memories: the finding
says so (still an error: what it writes from the queue is loaded)."""

from __future__ import annotations

import json
from pathlib import Path

from tests.edit.conftest import cli

TOKEN = "GitHub token: ghp_aB3dE5fG7hJ9kL1mN3pQ5rS7tU9vW1xY3z5A\n"


def codex_home(tmp_path: Path) -> Path:
    folder = tmp_path / ".codex" / "memories"
    folder.mkdir(parents=True)
    (folder / "memory_summary.md").write_text("# Summary\n- the user deploys on Fridays\n")
    (folder / "MEMORY.md").write_text("# Memory\n- deploys: see memory_summary.md\n")
    (folder / "raw_memories.md").write_text("raw note\n" + TOKEN)
    (folder / "deploys.md").write_text("# Deploys\n" + TOKEN)
    return folder


def test_a_credential_in_the_queue_says_codex_reads_it_when_it_consolidates(
        tmp_path: Path) -> None:
    done = cli("audit", codex_home(tmp_path), "--json")
    report = json.loads(done.stdout)
    assert report["profile"] == "codex"
    secrets = {f["path"]: f for f in report["findings"] if f["kind"] == "secret"}
    queue = secrets["raw_memories.md"]
    assert queue["severity"] == "error" and done.returncode == 1
    assert "replayed into every later turn" not in queue["message"]
    assert queue["message"].endswith(
        ": Codex loads raw_memories.md into no session, but reads it when it consolidates "
        "its memories, and what it writes from it (the summary) is loaded into every one")
    # A memory Codex reads on demand keeps the memories' wording.
    assert secrets["deploys.md"]["message"].endswith(
        ": memories are replayed into every later turn")
