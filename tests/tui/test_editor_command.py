"""``o`` tells the editor the line in the form it takes, and only an editor known to take
one (newuser24 #28: ``+LINE`` went to every editor; one appending to "$1" created a file
named ``+1`` and left MEMORY.md untouched)."""

from __future__ import annotations

import pytest

from memtui.tui.editor_command import editor_command


@pytest.mark.parametrize(("editor", "argv"), [
    ("vim", ["vim", "+7", "/w/MEMORY.md"]),
    ("/usr/bin/nvim", ["/usr/bin/nvim", "+7", "/w/MEMORY.md"]),
    ("emacsclient -t", ["emacsclient", "-t", "+7", "/w/MEMORY.md"]),
    ("nano", ["nano", "+7", "/w/MEMORY.md"]),
    ("code --wait", ["code", "--wait", "--goto", "/w/MEMORY.md:7"]),
    ("subl -w", ["subl", "-w", "/w/MEMORY.md:7"]),
    ("hx", ["hx", "/w/MEMORY.md:7"]),
    ("/work/nu24/fake-editor.sh", ["/work/nu24/fake-editor.sh", "/w/MEMORY.md"]),
    ("'my editor' --flag", ["my editor", "--flag", "/w/MEMORY.md"]),
])
def test_the_line_goes_in_the_editors_own_form(editor: str, argv: list[str]) -> None:
    command, at_line = editor_command(editor, "/w/MEMORY.md", 7)
    assert command == argv
    assert at_line == (argv[-1] != "/w/MEMORY.md" or "+7" in argv)  # told the line


def test_no_line_is_the_file_alone_and_an_empty_editor_is_refused() -> None:
    assert editor_command("vim", "/w/a.md", None) == (["vim", "/w/a.md"], False)
    with pytest.raises(ValueError, match="names no program"):
        editor_command("  ", "/w/a.md", 3)
