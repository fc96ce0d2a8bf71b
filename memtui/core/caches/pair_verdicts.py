"""The near-duplicate pairing's verdicts kept between runs (newuser29 #47).

In a workspace of look-alike memories (a template filled in thousands of times) most of the
pairing's cost is the pairs read whole and judged (`memtui.core.checks.near_duplicate.agree`:
~10,000 pairs at 3,000 templated memories, ~4.6 of 6 s of CPU in the profile). Any change
to any file (a ``touch`` included) makes the audit derive again, and the pairing judged every
such pair afresh. Each verdict is a function of the two sketches (themselves of the two
texts) and their dates alone (`memtui.core.checks.near_duplicate.Verdicts`), so it is kept
here by the two sketches' digests: the next pairing of the same texts reads it, and a
changed file costs only its own pairs.

One file in the user cache folder beside the token counts, named by the checks' version
(`memtui.core.caches.checks_version`: a change of any check's code, the pairing's included,
reads no old verdict); never a text, only digests and a verdict each. It is one string of
records of ``VERDICT_KEY + 1`` bytes; a file of another length is not read. At most ``MOST``
verdicts are kept, those asked for by the last pairing first.

Beside them, in a second file, what each reported pair shares (the values and words its
message names: `memtui.core.checks.near_duplicate.sketches_named`, a pure function of the
two sketches), by the two sketches' digests (issue 35, newuser39 #21: at 3,000 templated
memories every one of the ~2,900 reported pairs was named again after one file changed,
~1 s of CPU in the app). At most ``MOST_NAMED``, those asked for by the last pairing first.
"""

from __future__ import annotations

import hashlib
from pathlib import Path

from memtui.core.caches.checks_version import version
from memtui.core.caches.store import load_cache, save_cache
from memtui.core.checks.near_duplicate import (
    DISAGREE,
    VERDICT_KEY,
    Named,
    NamedOf,
    Verdicts,
    sketches_named,
)
from memtui.core.checks.near_duplicate_store import unpack

FORMAT = "v1"  # the records' layout (the file's name changes with it)
MOST = 250_000  # verdicts kept (8.5 MB; 18,772 at 10,000 templated memories: 638 KB)
_RECORD = VERDICT_KEY + 1
MOST_NAMED = 50_000  # pairs' names kept (~100 bytes each)
_DIGEST = 16  # bytes of a sketch's digest (a pair's key: both, in order)
_UNKNOWN = object()


class PairVerdicts(Verdicts):
    """`Verdicts` loaded from and saved to one cache file (or none)."""

    __slots__ = ("named", "named_added", "named_digests", "named_path", "named_used", "path")

    def __init__(self, path: Path | None) -> None:
        super().__init__()
        self.path = path
        #: What each pair shares (`sketches_named`) by the key `named_of` makes; read from
        #: ``named_path`` at the first pairing that names one.
        self.named: dict[bytes, Named] | None = None
        self.named_path = path.with_name(path.name.replace("pair-verdicts-", "pair-named-", 1)) \
            if path is not None else None
        self.named_used: set[bytes] = set()  # the keys asked for (kept first when full)
        self.named_added = 0
        #: The last pairing's sketches' digests, by the sketch's id (with the sketch: a kept
        #: auditor's unchanged sketches are the same objects from one audit to the next).
        self.named_digests: dict[int, tuple[bytes, bytes]] = {}
        stored = load_cache(path, bytes) or b""
        if len(stored) % _RECORD:
            stored = b""  # not written by `save`: no verdict in it can be trusted
        known = self.known
        for at in range(0, len(stored), _RECORD):
            verdict = stored[at + VERDICT_KEY]
            if verdict <= DISAGREE:
                known[stored[at:at + VERDICT_KEY]] = verdict

    @classmethod
    def beside(cls, cache_file: Path | None) -> PairVerdicts:
        """The verdicts kept in the same folder as the token cache file ``cache_file``
        (none when there is no such file)."""
        return cls(cache_file.parent / f"pair-verdicts-{version()}-{FORMAT}.marshal"
                   if cache_file is not None else None)

    def named_of(self) -> NamedOf:
        """`sketches_named` memoised by the two sketches' digests, for one pairing's
        findings (each sketch's digest made once in it, or taken from the last pairing's
        when it is the very same sketch)."""
        if self.named is None:
            self.named = _loaded_named(self.named_path)
        kept, used = self.named, self.named_used
        used.clear()
        last: dict[int, tuple[bytes, bytes]] = self.named_digests
        digests: dict[int, tuple[bytes, bytes]] = {}
        self.named_digests = digests

        def digest(sk: bytes) -> bytes:
            held = digests.get(id(sk))
            if held is None or held[0] is not sk:
                held = last.get(id(sk))
                if held is None or held[0] is not sk:
                    held = (sk, _digest(sk))
                digests[id(sk)] = held
            return held[1]

        def named_of(sa: bytes, sb: bytes) -> Named:
            key = digest(sa) + digest(sb)
            used.add(key)
            got = kept.get(key, _UNKNOWN)
            if got is _UNKNOWN:
                got = kept[key] = sketches_named(sa, sb)
                self.named_added += 1
            return got  # type: ignore[return-value]
        return named_of

    def save(self) -> None:
        """Write the verdicts (atomically) when some were added; silent when that is
        impossible."""
        self._save_named()
        if self.path is None or not self.added:
            return
        known, used = self.known, self.used
        keys = [k for k in used if k in known]
        if len(known) > len(keys):
            keys += (k for k in known if k not in used)
        data = b"".join(k + bytes((known[k],)) for k in keys[:MOST] if len(k) == VERDICT_KEY)
        if save_cache(self.path, data):
            self.added = 0

    def _save_named(self) -> None:
        """Write what the pairs share when some were added (those asked for last first)."""
        if self.named_path is None or not self.named_added or self.named is None:
            return
        kept, used = self.named, self.named_used
        keys = [k for k in used if k in kept]
        if len(kept) > len(keys):
            keys += (k for k in kept if k not in used)
        data = {k: _stored(kept[k]) for k in keys[:MOST_NAMED]}
        if save_cache(self.named_path, data):
            self.named_added = 0


def _digest(sk: bytes) -> bytes:
    """A sketch's digest, of the whole sketch (a packed sketch, as the scan cache gives it,
    and the same one unpacked, as a scan makes it, are one: `sketches_named` reads either
    whole)."""
    try:
        whole = unpack(sk)
    except ValueError:  # cut short (a tampered cache): its own bytes, never a whole one's
        return hashlib.blake2b(b"cut\0" + sk, digest_size=_DIGEST).digest()
    return hashlib.blake2b(whole, digest_size=_DIGEST).digest()


def _stored(value: Named) -> tuple[tuple[str, ...], tuple[str, ...], bool] | None:
    return None if value is None else (tuple(value[0]), tuple(value[1]), value[2])


def _loaded_named(path: Path | None) -> dict[bytes, Named]:
    """The pairs' names kept at ``path`` (those of another shape left out)."""
    stored = load_cache(path, dict) or {}
    out: dict[bytes, Named] = {}
    for key, value in stored.items():
        if not isinstance(key, bytes) or len(key) != 2 * _DIGEST:
            continue
        if value is None:
            out[key] = None
        elif _shaped(value):
            out[key] = (list(value[0]), list(value[1]), value[2])
    return out


def _shaped(value: object) -> bool:
    return isinstance(value, tuple) and len(value) == 3 and isinstance(value[2], bool) and \
        all(isinstance(part, tuple) and all(isinstance(w, str) for w in part)
            for part in value[:2])

