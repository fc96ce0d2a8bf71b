"""newuser34 #2 (what session 34 left): a credential on line 151 of a 19 KB
memory_summary.md was worded "the agent loads this file into every turn", though line 151
lies in the middle Codex drops past its 2,500 tokens (memtui's own over_limit says so), and
the token in the tail got the same words. A line of the dropped middle now says it is not
loaded; a line of the head or the tail keeps the loaded wording. Real files, the real CLI."""

from __future__ import annotations

import json
from pathlib import Path

from memtui.core.profiles.codex import RUST_SPACE, truncate_middle
from tests.edit.conftest import cli

MIDDLE = "- stripe key sk_live_4eC39HqLyjWDarjtT1zdp7dc9Xk2"
TAIL = "- deploy token: glpat-Zx9Qw7Er5Ty3Ui1Op0As"


def codex_home(tmp_path: Path) -> Path:
    folder = tmp_path / ".codex" / "memories"
    folder.mkdir(parents=True)
    lines = ["# Memory summary", ""]
    lines += [f"- Thread {i}: refactored module m{i} and noted flaky test t{i}."
              for i in range(300)]
    lines[150] = MIDDLE  # line 151
    lines[-2] = TAIL  # near the end: in the tail Codex keeps
    (folder / "memory_summary.md").write_text("\n".join(lines) + "\n", encoding="utf-8")
    (folder / "MEMORY.md").write_text("# Memory\n- see memory_summary.md\n", encoding="utf-8")
    return folder


def test_a_credential_in_the_dropped_middle_is_not_said_to_be_loaded(tmp_path: Path) -> None:
    folder = codex_home(tmp_path)
    summary = (folder / "memory_summary.md").read_text(encoding="utf-8")
    loaded = truncate_middle(summary.strip(RUST_SPACE), 2_500)
    assert MIDDLE not in loaded and TAIL in loaded  # what Codex itself would load
    done = cli("audit", folder, "--json")
    report = json.loads(done.stdout)
    assert report["profile"] == "codex"
    secrets = {f["line"]: f["message"] for f in report["findings"]
               if f["kind"] == "secret" and f["path"] == "memory_summary.md"}
    tail_line = summary.splitlines().index(TAIL) + 1
    assert set(secrets) == {151, tail_line}
    middle = secrets[151]
    assert "loads this file into every turn" not in middle
    assert ": this line lies in the middle Codex drops from the file past its load limit " \
           "(lines " in middle
    assert middle.endswith("so it is not loaded while the file stays that long; memtui fix "
                           "redact removes the value, then rotate it")
    first, last = (int(x.replace(",", "")) for x in
                   middle.split("(lines ")[1].split(")")[0].split("–"))
    body = summary.splitlines()
    assert first <= 151 <= last
    # the lines named are exactly those Codex drops whole
    assert all(body[n - 1] not in loaded for n in range(first, last + 1))
    # the line before and the line after are loaded in part: the head ends in one, the tail
    # starts in the other
    head = loaded[:loaded.index("…")].split("\n")[-1]
    tail = loaded[loaded.index("truncated…") + len("truncated…"):].split("\n")[0]
    assert head and body[first - 2].startswith(head)
    assert tail and body[last].endswith(tail)
    assert secrets[tail_line].endswith(": the agent loads this file into every turn; memtui "
                                       "fix redact removes the value, then rotate it")
    assert done.returncode == 1  # an error all the same: the value is in the file
