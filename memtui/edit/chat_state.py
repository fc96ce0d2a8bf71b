"""memtui's own chat state (``.memtui/chat/history.json`` and the transcripts in
``.memtui/transcripts/``), and scrubbing a redacted credential out of it (newuser23 #34).

A memory the agent read is in both: the history is sent to the model again with the
conversation, and a transcript keeps every request and response. A redaction keeps no
copy of the credential, so it scrubs them as it scrubs the journal: each text the
credential appears in (raw, or as JSON writes it) gets ``[REDACTED]`` instead. Both files
are reached as every state file is (no link followed, bounded reads).
"""

from __future__ import annotations

import json
import os
import stat
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from memtui.core.files.safe_open import Unsafe, folder, parts_of
from memtui.core.workspace import STATE_DIR
from memtui.edit.changeset import REDACTED
from memtui.edit.errors import Refused
from memtui.edit.journal_seal import CHAT_CONTEXT, NoKey, seal, unsealed_why, user_key
from memtui.edit.safe_write import MAX_STATE_BYTES, read_bytes, write_state

#: memtui's own chat state, workspace-relative (reached only through safe_open).
HISTORY_REL = f"{STATE_DIR}/chat/history.json"
TRANSCRIPTS_REL = f"{STATE_DIR}/transcripts"
#: The largest transcript read to scrub (a transcript grows to this at most: append_state).
MAX_TRANSCRIPT_BYTES = MAX_STATE_BYTES * 8
#: Transcripts looked at, at most (one a chat).
MAX_TRANSCRIPTS = 10_000


def _spellings(secrets: Iterable[str]) -> list[bytes]:
    """Each credential as it may stand in a JSON file: raw, and as ``json.dumps`` writes it
    (escaped, with or without ``ensure_ascii``), longest first."""
    out: set[bytes] = set()
    for s in secrets:
        if not s:
            continue
        out.add(s.encode("utf-8", "surrogateescape"))
        for ascii_only in (False, True):
            try:
                out.add(json.dumps(s, ensure_ascii=ascii_only)[1:-1].encode("utf-8"))
            except UnicodeEncodeError:
                continue
    return sorted(out, key=len, reverse=True)


def _scrubbed(data: bytes, spellings: list[bytes]) -> bytes:
    for s in spellings:
        data = data.replace(s, REDACTED.encode())
    return data


def scrub_messages(messages: list[Any], secrets: Iterable[str]) -> bool:
    """Replace ``secrets`` by ``[REDACTED]`` in every text of ``messages`` (a live chat's
    history, changed in place); whether any was there."""
    found = [s for s in secrets if s]
    changed = False

    def walk(value: Any) -> Any:
        nonlocal changed
        if isinstance(value, str):
            new = value
            for s in found:
                new = new.replace(s, REDACTED)
            changed = changed or new != value
            return new
        if isinstance(value, list):
            value[:] = [walk(v) for v in value]
            return value
        if isinstance(value, dict):
            for k in list(value):
                value[k] = walk(value[k])
            return value
        return value

    walk(messages)
    return changed


def _resealed(root: Path, old: bytes, new: bytes) -> bytes:
    """The scrubbed history ``new`` sealed again when memtui had sealed ``old`` (the
    redaction changed the bytes its seal covers; newuser32 #30); else ``new`` as it is."""
    try:
        before, after = json.loads(old), json.loads(new)
        key = user_key()
    except (ValueError, NoKey):
        return new
    if not isinstance(before, dict) or not isinstance(after, dict) \
            or unsealed_why(before, root, key, CHAT_CONTEXT) is not None:
        return new
    seal(after, root, key, CHAT_CONTEXT)
    try:
        return json.dumps(after, ensure_ascii=False, indent=1).encode("utf-8")
    except UnicodeEncodeError:
        return json.dumps(after, ensure_ascii=True, indent=1).encode("ascii")


def _transcripts(root: str) -> list[str]:
    """The transcripts' names (regular files only, at most `MAX_TRANSCRIPTS`)."""
    try:
        with folder(root, parts_of(TRANSCRIPTS_REL)) as fd:
            names = []
            for name in sorted(os.listdir(fd))[:MAX_TRANSCRIPTS]:
                try:
                    if stat.S_ISREG(os.lstat(name, dir_fd=fd).st_mode):
                        names.append(name)
                except OSError:
                    continue
            return names
    except (Unsafe, OSError):
        return []


def scrub_chat_state(root: str, secrets: Iterable[str]) -> list[str]:
    """Scrub ``secrets`` from the chat history and every transcript of the workspace at
    ``root``; notes for the operator (what was scrubbed, what could not be checked)."""
    spellings = _spellings(secrets)
    if not spellings:
        return []
    base = Path(root)
    scrubbed: list[str] = []
    left: list[str] = []
    files = [(HISTORY_REL, MAX_STATE_BYTES)] + [
        (f"{TRANSCRIPTS_REL}/{name}", MAX_TRANSCRIPT_BYTES) for name in _transcripts(root)]
    for rel, limit in files:
        try:
            data = read_bytes(base, rel, limit)
            if data is None:
                continue
            clean = _scrubbed(data, spellings)
            if clean != data and rel == HISTORY_REL:
                clean = _resealed(base, data, clean)
            if clean != data:
                write_state(base, rel, clean)
                scrubbed.append(rel)
        except (Refused, OSError):
            left.append(rel)
    notes: list[str] = []
    if scrubbed:
        chats = [r for r in scrubbed if r != HISTORY_REL]
        what = (["the chat history"] if HISTORY_REL in scrubbed else []) + (
            [f"{len(chats)} chat transcript{'' if len(chats) == 1 else 's'}"] if chats else [])
        notes.append(f"scrubbed it from {' and '.join(what)} in {STATE_DIR}/")
    if left:
        notes.append(f"could not check {', '.join(left)}: remove "
                     f"{'it' if len(left) == 1 else 'them'} if "
                     f"{'it' if len(left) == 1 else 'they'} may hold the credential")
    return notes
