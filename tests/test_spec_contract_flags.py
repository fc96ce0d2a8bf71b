"""newuser39 #10: a consumer written against SPEC §4 found ``files[].tokens`` null and one
tokenizer in ``injected_block.tokens`` by default. The defaults stay (counting is opt-in,
docs/performance.md); docs/audit.md says in its first lines which flags give SPEC §4's
contract, and those flags do give it: every key SPEC §4 fixes, both tokenizers. The CLI in
a child process on a real workspace."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
FLAGS = ("--tokenizer", "both", "--file-tokens")


def test_the_docs_name_the_flags_first_and_they_give_spec_4(tmp_path: Path) -> None:
    head = " ".join((ROOT / "docs/audit.md").read_text(encoding="utf-8").split("\n## ")[0]
                    .split())
    assert "SPEC §4's report contract, exactly: `memtui audit PATH --json --tokenizer both " \
           "--file-tokens`" in head
    assert "`\"schema\"` is `3`, not SPEC's `1`" in head
    ws = tmp_path / "ws"
    (ws / "memory").mkdir(parents=True)
    (ws / "MEMORY.md").write_text("- [A](memory/a.md) — a\n", encoding="utf-8")
    (ws / "memory/a.md").write_text("---\nname: a\ndescription: a\ntype: user\n---\nA.\n",
                                    encoding="utf-8")
    env = {**os.environ, "MEMTUI_NO_CACHE": "1"}
    proc = subprocess.run([sys.executable, "-m", "memtui", "audit", str(ws), "--json", *FLAGS],
                          cwd=ROOT, env=env, capture_output=True, text=True, timeout=120,
                          preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    assert proc.returncode == 0, proc.stderr
    report = json.loads(proc.stdout)
    for key in ("schema", "workspace", "layout", "profile", "memory_files", "index", "orphans",
                "broken_links", "wikilinks", "types", "injected_block", "files", "findings"):
        assert key in report
    assert set(report["injected_block"]["tokens"]) == {"qwen", "cl100k"}
    assert all(set(f["tokens"]) == {"qwen", "cl100k"} for f in report["files"])
    assert {"path", "name", "type", "bytes", "age_days", "age_source", "linked"} <= set(
        report["files"][0])
