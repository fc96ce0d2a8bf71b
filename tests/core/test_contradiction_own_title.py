"""Gemini CLI titles each memory file ``# <topic>``, its own name (../shared/AGENT_LAYOUTS.md):
two files holding the same sentence under their own titles were "one claim with another value
(gtopic01 / gtopic08) … which is right? keep that one, delete the other" (newuser38 #4: 8 of a
Gemini folder's 10 warnings). A value that is the file's own name is no value of the claim,
as a number the file is named by is not (`contradiction.numbered_instances`)."""

from __future__ import annotations

from pathlib import Path

from memtui.core.checks.contradiction import numbered_instances
from tests.core.helpers import messages

_SENTENCE = "Deploys go out Tuesdays after 14:00 UTC.\n"


def test_a_files_own_name_is_no_value() -> None:
    assert numbered_instances("gtopic01.md", "gtopic08.md", ("gtopic01", "gtopic08"))
    assert numbered_instances("a/GTopic01.md", "b/gtopic08.md", ("gtopic08", "#gtopic01"))
    assert not numbered_instances("notes.md", "plan.md", ("gtopic01", "gtopic08"))


def test_a_gemini_folder_of_titled_copies_has_no_contradiction(tmp_path: Path) -> None:
    """On integ: "gtopic01.md contradicts gtopic08.md: one claim with another value
    (gtopic01 / gtopic08)"."""
    names = [f"gtopic{n:02d}" for n in (1, 8, 12)]
    files = {f"{n}.md": f"# {n}\n{_SENTENCE}" for n in names}
    files["MEMORY.md"] = "# Project memory\n\n" + "".join(
        f"- See {tmp_path / n}.md for deploy days.\n" for n in names)
    assert messages(tmp_path, "contradiction", files) == {}
