"""The files of a workspace's memtui state folder (``.memtui/``), read for credentials.

The walk of `memtui.core.scanner.readable` skips the workspace's state folder (memtui's
lock, undo journal, chat history and transcripts, displaced edits), and a workspace whose
memory folder is ``memory/`` never looked at its top-level folders at all. Yet anything
that writes the workspace can put a file there (``git add -f .memtui/notes.md``: the
folder's own ``.gitignore`` of ``*`` does not stop a commit that forces it), and the agent's
file tools open it: a credential there passed every audit with exit 0 (redteam36, left;
redteam37). So every profile's state folder, at the workspace's root, is read as memtui's
own files are (`readable.own_file`): for credentials only, every file in it, whoever wrote
it. What memtui writes there keeps no credential a redaction removed: ``fix redact`` scrubs
the journal and the chat state (`memtui.edit.journal`, `memtui.edit.chat_state`), so a
credential found there is one still on the disk.

Bounds: at most `MAX_STATE_ENTRIES` names are listed (past that one ``unchecked_text``
error); the files then count against the walk's own bounds (`readable.MAX_FILES`,
`readable.MAX_BYTES`). A symbolic link in it is never a way out: one leading out of the
workspace is an ``unchecked_text`` error (the agent follows it), one to a folder is not
followed (the folder is walked under its own name, or is no text of the workspace's).
"""

from __future__ import annotations

import os
import stat
from collections.abc import Container

from memtui.core.files.input_file import inside, walked_stat
from memtui.core.workspace import STATE_DIR, Workspace

#: How a credential found in the state folder ends (`readable._not_a_memory`).
STATE_OPENED = (": in memtui's state folder (its undo journal, chat history, or a file put "
                "there): no memory, but on disk where an agent's file tools reach; a journal "
                "record keeps a file as it was, for undo: undo it and fix redact the value "
                "(redact scrubs the journal too), or delete the file; then rotate it")
#: What a credential in a repository's own folder under the memory folder says: memtui's
#: agent refuses ``.git/`` at any depth (newuser38 #15: "the agent opens it" was false).
GIT_OPENED = (": in a repository's own folder (.git/) under the memory folder: memtui's agent "
              "refuses .git/, but git, a push of that repository and other tools read it; "
              "remove the value by hand and rotate it")
#: Names (files and folders) listed in the state folder at most.
MAX_STATE_ENTRIES = 20_000


class StateFiles:
    """What `state_files` found: ``files`` (relative path, full path, stat) to read,
    ``links_out`` (relative paths of links leading out of the workspace), and ``past``,
    the first name not listed past `MAX_STATE_ENTRIES` ("" when none was)."""

    __slots__ = ("files", "links_out", "past")

    def __init__(self) -> None:
        self.files: list[tuple[str, str, os.stat_result]] = []
        self.links_out: list[str] = []
        self.past = ""


def state_files(ws: Workspace, audited: Container[str] | None = None
                ) -> StateFiles:
    """Every regular file in ``ws``'s state folder (``<root>/.memtui``, every profile's)
    the audit did not read already (``audited``), in path order."""
    out = StateFiles()
    root = os.path.realpath(ws.root)
    mem_real = os.path.realpath(ws.memory_root)
    top = os.path.join(str(ws.root), STATE_DIR)
    try:
        lst = os.lstat(top)
    except OSError:
        return out
    if stat.S_ISLNK(lst.st_mode):
        target = os.path.realpath(top)
        if inside(target, root) is None and os.path.exists(target):
            out.links_out.append(STATE_DIR)
        return out  # a link within the workspace: what it leads to is read under its name
    if not stat.S_ISDIR(lst.st_mode):
        return out  # a file named .memtui: one of memtui's own files, read as such
    listed = 0
    stack = [(top, STATE_DIR + "/")]
    while stack:
        folder, prefix = stack.pop()
        try:
            with os.scandir(folder) as it:
                entries = sorted(it, key=lambda e: e.name)
        except OSError:
            continue
        for entry in entries:
            rel = prefix + entry.name
            listed += 1
            if listed > MAX_STATE_ENTRIES:
                out.past = out.past or rel
                break
            if audited is not None and rel in audited:
                continue
            try:
                est, leads_out = walked_stat(entry, root, mem_real)
            except OSError:
                continue
            if leads_out:
                out.links_out.append(rel)
            if est is None:
                continue
            if stat.S_ISDIR(est.st_mode):
                if not entry.is_symlink():
                    stack.append((entry.path, rel + "/"))
                continue  # (a link to a folder: walked under its own name, or no text here)
            if stat.S_ISREG(est.st_mode):
                out.files.append((rel, entry.path, est))
        if out.past:
            break
    out.files.sort(key=lambda t: t[0])
    return out
