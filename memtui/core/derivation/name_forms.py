"""A name that is another's in a different Unicode form (newuser25 #13).

``café.md`` can be written two ways: precomposed (NFC, what keyboards and most editors
type) or decomposed (NFD, what macOS's HFS+ wrote and what files copied from it keep). The
two look alike and compare unequal. Linux file systems open names byte for byte, so a link
in one form to a file named in the other is broken for an agent there; macOS (APFS, HFS+)
opens either. memtui tells which by asking the file system, and names the mismatch.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable


def nfc(name: str) -> str:
    """``name`` in its composed form (NFC)."""
    return unicodedata.normalize("NFC", name)


def other_form(target: str, paths: Iterable[str]) -> str | None:
    """The one of ``paths`` that is ``target`` written in another Unicode form (equal once
    both are NFC, unequal as written); None when none is (an ASCII target never is)."""
    if target.isascii():
        return None
    want = nfc(target)
    return next((p for p in paths if p != target and not p.isascii() and nfc(p) == want),
                None)


def form_of(name: str) -> str:
    """``NFC``, ``NFD`` or ``mixed``: the form ``name`` is written in."""
    if unicodedata.is_normalized("NFC", name):
        return "NFC"
    return "NFD" if unicodedata.is_normalized("NFD", name) else "mixed"


def mismatch_note(written: str, on_disk: str) -> str:
    """What to say of a link written ``written`` to the file named ``on_disk``, the same
    name in another Unicode form."""
    return (f"{on_disk} is there, its name in another Unicode form ({form_of(written)} in "
            f"the link, {form_of(on_disk)} on disk): a byte-exact file system (Linux) does "
            "not open it; repoint the link to the file (e in the Broken links view, or "
            "memtui fix repoint)")
