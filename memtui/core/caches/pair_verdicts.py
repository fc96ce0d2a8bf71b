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
"""

from __future__ import annotations

from pathlib import Path

from memtui.core.caches.checks_version import version
from memtui.core.caches.store import load_cache, save_cache
from memtui.core.checks.near_duplicate import DISAGREE, VERDICT_KEY, Verdicts

FORMAT = "v1"  # the records' layout (the file's name changes with it)
MOST = 250_000  # verdicts kept (8.5 MB; 18,772 at 10,000 templated memories: 638 KB)
_RECORD = VERDICT_KEY + 1


class PairVerdicts(Verdicts):
    """`Verdicts` loaded from and saved to one cache file (or none)."""

    __slots__ = ("path",)

    def __init__(self, path: Path | None) -> None:
        super().__init__()
        self.path = path
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

    def save(self) -> None:
        """Write the verdicts (atomically) when some were added; silent when that is
        impossible."""
        if self.path is None or not self.added:
            return
        known, used = self.known, self.used
        keys = [k for k in used if k in known]
        if len(known) > len(keys):
            keys += (k for k in known if k not in used)
        data = b"".join(k + bytes((known[k],)) for k in keys[:MOST] if len(k) == VERDICT_KEY)
        if save_cache(self.path, data):
            self.added = 0
