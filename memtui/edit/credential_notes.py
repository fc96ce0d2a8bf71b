"""What a curation says of the credentials in the memories it touches, before it writes
(newuser40 #9, #26): indexing a memory that holds one puts it on the agent's path every
turn; deleting or archiving one keeps its bytes in the undo journal (and, archived, in a file
the agent's tools still open). Each says so, and that a redaction first avoids it."""

from __future__ import annotations

import shlex

from memtui.core.reporting.wording import plural
from memtui.core.scanner.continued_lines import scan_joined
from memtui.edit.snapshot import Snapshot

#: What each operation does with a memory's bytes, and so with a credential in it.
CONSEQUENCE = {
    "add-to-index": "indexing it puts the credential on the agent's path every turn",
    "delete": "memtui's undo journal (.memtui/journal/) keeps the deleted file's bytes, "
              "credential included",
    "archive": "the archived file keeps it where the agent's file tools still open it, and "
               "memtui's undo journal (.memtui/journal/) a copy",
}


def credential_notes(snap: Snapshot, rels: list[str], op: str) -> list[str]:
    """One note per memory of ``rels`` holding a credential: where, what ``op`` does with
    it, and the redaction that comes first (the same detector as the audit's)."""
    notes = []
    for rel in rels:
        hits = scan_joined(snap.text(rel))[0]
        if not hits:
            continue
        lines = sorted({h.line for h in hits})
        where = f"line{'s' if len(lines) > 1 else ''} {', '.join(map(str, lines[:5]))}"
        notes.append(
            f"{rel} holds {plural(len(hits), 'credential')} ({where}): {CONSEQUENCE[op]}; "
            f"redact it first (x in the app; memtui fix redact "
            f"{shlex.quote(str(snap.ws.root))} {shlex.quote(rel)}) and rotate it")
    return notes


def is_credential_note(note: str) -> bool:
    """Whether ``note`` is one of `credential_notes`' (a dialog lists them apart)."""
    return " credential" in note and any(f"): {c};" in note for c in CONSEQUENCE.values())
