"""The existing files closest to a broken link's target ("did you mean").

The closeness is `difflib`'s ratio of the file names (lower case), the three closest at 0.5
or more. Every name was compared with every broken target: at 20,000 memories that was
~0.9 s of CPU per broken link, and 150 links an agent left behind cost two minutes of every
audit (newuser30 #11). Past `EVERY_NAME_UP_TO` names, a target is compared only with the
`SHORTLIST` names that share the most three-character pieces with it (pieces nearly every
name holds, like ``.md``, say nothing and are not counted): a bounded cost per link, and
the same answer wherever the closest names share pieces with the target, as close names do.
"""

from __future__ import annotations

from collections import Counter

#: Up to this many distinct names, every one is compared (the answer as it always was).
EVERY_NAME_UP_TO = 500
#: Past it, how many names sharing the most pieces with a target are compared.
SHORTLIST = 100


class Suggestions:
    """``suggest(target)`` over one list of paths, its indexes built once."""

    def __init__(self, paths: list[str] | tuple[str, ...], n: int = 3) -> None:
        self.n = n
        self.by_base: dict[str, list[str]] = {}
        for p in paths:
            self.by_base.setdefault(p.rsplit("/", 1)[-1].lower(), []).append(p)
        self._pieces: dict[str, list[str]] | None = None

    def __call__(self, target: str) -> list[str]:
        import difflib  # only when a link is broken (a run's imports, issue 35)

        base = target.rsplit("/", 1)[-1].lower()
        names = list(self.by_base) if len(self.by_base) <= EVERY_NAME_UP_TO \
            else self._shortlist(base)
        # A name that is the target's with something added (``x.md`` → ``x_r.md``, ``x-v2.md``:
        # how an agent renames) comes first, the shortest first (newuser39 #20: a sibling
        # sharing less of the name, ``…_13.md`` for ``…_1.md``, was offered above it).
        stem = base.removesuffix(".md")
        longer = sorted((b for b in names if b != base and len(stem) >= 3
                         and b.removesuffix(".md").startswith(stem)
                         and not b[len(stem)].isalnum()), key=lambda b: (len(b), b))
        close = longer + [b for b in difflib.get_close_matches(base, names, n=self.n,
                                                                cutoff=0.5)
                          if b not in longer]
        return [p for b in close for p in self.by_base[b]][:self.n]

    def _shortlist(self, base: str) -> list[str]:
        """The `SHORTLIST` names sharing the most telling pieces with ``base`` (ties: by
        name)."""
        if self._pieces is None:
            index: dict[str, list[str]] = {}
            for name in self.by_base:
                for piece in _pieces(name):
                    index.setdefault(piece, []).append(name)
            common = len(self.by_base) // 2
            self._pieces = {k: v for k, v in index.items() if len(v) <= common}
        shared: Counter[str] = Counter()
        for piece in _pieces(base):
            shared.update(self._pieces.get(piece, ()))
        ranked = sorted(shared.items(), key=lambda kv: (-kv[1], kv[0]))
        return [name for name, _ in ranked[:SHORTLIST]]


def _pieces(name: str) -> set[str]:
    """The three-character pieces of ``name``, its start and end marked."""
    padded = f"\0{name}\0"
    return {padded[i:i + 3] for i in range(len(padded) - 2)}


def suggest(target: str, paths: list[str], n: int = 3) -> list[str]:
    """The existing files closest to a broken link target."""
    return Suggestions(paths, n)(target)
