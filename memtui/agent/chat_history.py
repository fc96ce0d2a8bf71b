"""Several chats in one workspace's history file (newuser36 #30 addendum).

Two chats may run on one workspace at once (two app windows, two ``serve`` tabs). The history
file (``.memtui/chat/history.json``) was one conversation, the last writer's: reopening the
workspace showed one window's chat, the other's was gone (only its transcript kept it). Each
chat now has an id (``chat``) and a revision (``rev``, new at every save); a save reads the
file under the workspace lock and writes its own chat on top (what a reopen shows), the other
chats it found kept under ``others`` (at most ``MAX_OTHERS``, the newest). A chat two
sessions both continued (both reopened it) is saved by the second as a chat of its own: the
revision it found is not the one it last read or wrote, so it forks rather than overwrite.

Written as before otherwise (``schema`` 1: a memtui that does not know ``others`` reads the
chat on top as it always did).
"""

from __future__ import annotations

import json
import secrets
import time
from typing import Any

from memtui.edit.journal_seal import CHAT_CONTEXT, NoKey, unsealed_why, user_key

HISTORY_SCHEMA = 1
#: Other chats kept in the file beside the one on top (the newest saved first).
MAX_OTHERS = 8
#: The keys one chat has in the file.
_CHAT_KEYS = ("chat", "rev", "model", "transcript", "turns", "messages", "saved")


def new_id() -> str:
    """A new chat's id."""
    return secrets.token_hex(6)


def chats_in(raw: bytes | None, root: Any) -> list[dict[str, Any]]:
    """The chats of the history file's bytes ``raw`` (the one on top first), as a save finds
    them: none when there is no file or memtui cannot trust it (unreadable, unsealed: the
    load set it aside, and the first save moves it away)."""
    if raw is None:
        return []
    try:
        data = json.loads(raw.decode("utf-8"))
        if not isinstance(data, dict) or not isinstance(data.get("messages"), list):
            return []
    except (ValueError, UnicodeDecodeError):
        return []
    key: bytes | None = None
    try:
        key = user_key()
    except NoKey:
        return []
    if unsealed_why(data, root, key, CHAT_CONTEXT, "chat histories") is not None:
        return []
    top = {k: data.get(k) for k in _CHAT_KEYS}
    top["chat"] = top["chat"] if isinstance(top["chat"], str) else ""  # (one from before ids)
    others = data.get("others")
    rest = [o for o in others if isinstance(o, dict) and isinstance(o.get("messages"), list)] \
        if isinstance(others, list) else []
    return [top, *rest]


def merged(found: list[dict[str, Any]], mine: dict[str, Any], seen: str | None
           ) -> tuple[dict[str, Any], str]:
    """The file's document with ``mine`` on top and the other chats ``found`` kept; and the
    id ``mine`` was saved under (another than its own when a session continued that chat
    since ``seen``, the revision this one last read or wrote: it forks)."""
    mine = dict(mine)
    if not mine["chat"]:  # a chat read from a file from before ids: it is the one on top
        found = [c for c in found if c.get("chat")]
        mine["chat"] = new_id()
    same = next((c for c in found if c.get("chat") == mine["chat"]), None)
    if same is not None and same.get("rev") != seen:
        mine["chat"] = new_id()  # the other session's chat stays as it saved it
    mine["rev"] = new_id()
    mine["saved"] = int(time.time())
    others = [c for c in found if c.get("chat") != mine["chat"] and c.get("messages")]
    others.sort(key=lambda c: c.get("saved") if isinstance(c.get("saved"), int) else 0,
                reverse=True)
    turns = max([_turns(c) for c in [mine, *others]])
    doc = {"schema": HISTORY_SCHEMA, **{k: mine[k] for k in _CHAT_KEYS}, "turns": turns,
           "others": [{k: c.get(k) for k in _CHAT_KEYS} for c in others[:MAX_OTHERS]]}
    return doc, mine["chat"]


def _turns(chat: dict[str, Any]) -> int:
    n = chat.get("turns")
    return n if isinstance(n, int) and not isinstance(n, bool) and n >= 0 else 0
