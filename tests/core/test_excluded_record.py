"""closing37's review: what ``exclude`` and the archive folders leave out was two fields of
the result, ``excluded`` (files, unread) and ``exclude_left`` beside it, computed in one
place and read in another; it is one record (`memtui.core.reporting.hidden.Excluded`), and
the reports say the same as before: the JSON's ``excluded`` and the Config row's clause naming
the patterns and the files they alone left out (newuser37 #17)."""

from __future__ import annotations

import io
import json
from contextlib import redirect_stdout
from pathlib import Path

from memtui.cli import main
from memtui.core.config import load_config
from memtui.core.reporting.hidden import Excluded
from memtui.core.reporting.suppress import apply_to
from tests.core.helpers import make_ws, memory, run_audit


def test_what_was_left_out_is_one_record_the_reports_read(tmp_path: Path) -> None:
    make_ws(tmp_path, {
        "MEMORY.md": "- [A](memory/a.md) — a\n",
        "memory/a.md": memory("a", "A.\n"),
        "memory/drafts/b.md": memory("b", "B.\n"),
        "memory/drafts/c.md": memory("c", "C.\n"),
        "memory/_archive/d.md": memory("d", "D.\n"),
        ".memtui.toml": 'exclude = ["memory/drafts/*"]\n',
    })
    config = load_config(tmp_path)
    result = apply_to(run_audit(tmp_path, exclude=config.exclude), config, hidden=True)
    assert result.excluded == Excluded(files=3, unread=0, by_patterns=2)
    out = io.StringIO()
    with redirect_stdout(out):
        main(["audit", str(tmp_path), "--json", "--fail-on", "never"])
    assert json.loads(out.getvalue())["excluded"] == {"files": 3, "unread": 0}
    out = io.StringIO()
    with redirect_stdout(out):
        main(["audit", str(tmp_path), "--fail-on", "never"])
    assert "; exclude = [memory/drafts/*]: 2 files left out (not audited); default exclude " \
           "(archive folders): memory/_archive/" in out.getvalue()
