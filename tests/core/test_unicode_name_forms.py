"""newuser25 #13: a link whose target is ``café.md`` composed (NFC) to a file named
decomposed (NFD, as macOS writes it), or the reverse, read as a plain broken link (and its
wikilink as dangling) though the names look alike: the finding now says it is the Unicode
form, names the file first among the closest, and ``memtui fix repoint`` (and
``fix-wikilinks``) mend it."""

from __future__ import annotations

import subprocess
import sys
import unicodedata
from pathlib import Path

import pytest

from memtui.core.audit import AuditOptions, Auditor
from memtui.core.reporting.safe_output import printable
from memtui.core.workspace import open_workspace
from tests.core.helpers import make_ws, memory

NFC = unicodedata.normalize("NFC", "café")
NFD = unicodedata.normalize("NFD", "café")


@pytest.mark.parametrize(("written", "on_disk"), [(NFC, NFD), (NFD, NFC)])
def test_a_link_in_another_unicode_form_says_so(tmp_path: Path, written: str,
                                                 on_disk: str) -> None:
    ws = make_ws(tmp_path / "ws", {
        "MEMORY.md": f"- [Café](memory/{written}.md) — c\n- [B](memory/b.md) — b\n",
        f"memory/{on_disk}.md": memory("coffee", "The café opens at 7."),
        "memory/b.md": memory("b", f"See [[{written}]]."),
    })
    if (ws / "memory" / f"{written}.md").exists():
        pytest.skip("this file system opens either form (macOS): nothing is broken")
    result = Auditor(open_workspace(ws), AuditOptions()).run()
    broken = [f for f in result.findings if f.kind == "broken_link"]
    assert len(broken) == 1
    forms = {NFC: "NFC", NFD: "NFD"}
    assert f"another Unicode form ({forms[written]} in the link, {forms[on_disk]} on " \
           "disk)" in broken[0].message
    assert "memtui fix repoint" in broken[0].message
    assert result.broken_links[0].suggestions[0] == f"memory/{on_disk}.md"
    fuzzy = [f for f in result.findings if f.kind == "fuzzy_wikilink"]
    # (the NFD form shows its combining mark escaped, newuser32 #5: "cafe\u0301")
    assert [f.message for f in fuzzy] == [printable(
        f"[[{written}]] matches memory/{on_disk}.md only in another Unicode form (NFC and "
        f"NFD spell it alike); write [[{on_disk}]]")]
    assert not [f for f in result.findings if f.kind == "dangling_wikilink"]

    for args in (["repoint", str(ws), f"memory/{written}.md", f"memory/{on_disk}.md"],
                 ["fix-wikilinks", str(ws), "memory/b.md"]):
        proc = subprocess.run([sys.executable, "-m", "memtui", "fix", *args],
                              capture_output=True, text=True, check=False)
        assert proc.returncode == 0, proc.stderr
    after = Auditor(open_workspace(ws), AuditOptions()).run()
    assert not [f for f in after.findings
                if f.kind in ("broken_link", "orphan", "fuzzy_wikilink")]
