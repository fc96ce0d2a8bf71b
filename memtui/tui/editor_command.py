"""The command ``o`` runs: the operator's $VISUAL/$EDITOR, told the line in the form that
editor takes (newuser24 #28: ``+LINE`` went to every editor, so one that does not take it
opened, or created, a file named ``+1`` and left the memory alone)."""

from __future__ import annotations

import os
import shlex

#: Editors that take ``+LINE FILE`` (vi's convention).
PLUS_LINE = frozenset({"vi", "vim", "nvim", "gvim", "mvim", "view", "vim.basic", "vim.tiny",
                       "nano", "emacs", "emacsclient", "micro", "kak", "joe", "jed", "mg",
                       "ne", "mcedit", "gedit"})
#: Editors that take ``--goto FILE:LINE`` (VS Code and its forks).
GOTO = frozenset({"code", "code-insiders", "codium", "vscodium", "cursor"})
#: Editors that take ``FILE:LINE``.
COLON_LINE = frozenset({"subl", "sublime_text", "hx", "helix", "zed"})


def editor_command(editor: str, path: str, line: int | None) -> tuple[list[str], bool]:
    """The argv opening ``path`` in ``editor`` (a shell-quoted command, arguments allowed:
    ``code --wait``), at ``line`` when the editor is one known to take a line; and whether
    the line was passed. Raises ValueError for a command shlex cannot split."""
    words = shlex.split(editor)
    if not words:
        raise ValueError(f"{editor!r} names no program")
    name = os.path.basename(words[0]).removesuffix(".exe")
    if not line:
        return [*words, path], False
    if name in PLUS_LINE:
        return [*words, f"+{line}", path], True
    if name in GOTO:
        return [*words, "--goto", f"{path}:{line}"], True
    if name in COLON_LINE:
        return [*words, f"{path}:{line}"], True
    return [*words, path], False
