"""Confine the agent's file tools to the workspace (SPEC §5).

A path is refused when it is absolute, climbs with ``..``, holds a NUL byte, names memtui's
state folder or ``.git``, or leads outside the workspace through a symlink. The refusal is a
sentence the model can read and act on.
"""

from __future__ import annotations

import re
from pathlib import Path

#: Folders the agent may never touch, at any depth (compared case-insensitively).
FORBIDDEN = (".memtui", ".git")
_DRIVE = re.compile(r"^[A-Za-z]:")


class Refused(Exception):
    """A path the agent may not use; the message is addressed to the model."""


class Sandbox:
    def __init__(self, root: Path) -> None:
        self.root = root.resolve()

    def resolve(self, path: object, allow_root: bool = False) -> tuple[str, Path]:
        """``(relative POSIX path, absolute path)`` for a path the agent gave, or Refused."""
        if not isinstance(path, str):
            raise Refused("the path must be a string, relative to the workspace root")
        if "\x00" in path:
            raise Refused("the path contains a NUL byte")
        text = path.strip()
        if text.startswith(("/", "\\", "~")) or _DRIVE.match(text):
            raise Refused(f"'{text}' is absolute; use a path relative to the workspace root, "
                          "e.g. memory/user-role.md")
        parts = [p for p in re.split(r"[\\/]+", text) if p not in ("", ".")]
        if ".." in parts:
            raise Refused(f"'{text}' uses '..'; stay inside the workspace and use paths "
                          "relative to its root")
        for part in parts:
            if part.lower() in FORBIDDEN:
                raise Refused(f"'{text}' is inside {part}/, which is off limits")
        if not parts:
            if allow_root:
                return ".", self.root
            raise Refused("a file path is required, e.g. memory/user-role.md")
        full = self.root.joinpath(*parts)
        try:
            real = full.resolve()
            inner = real.relative_to(self.root)
        except (ValueError, OSError, RuntimeError):
            raise Refused(f"'{text}' leads outside the workspace through a symlink") from None
        for part in inner.parts:
            if part.lower() in FORBIDDEN:
                raise Refused(f"'{text}' leads into {part}/ through a symlink, which is off "
                              "limits")
        return "/".join(parts), real
