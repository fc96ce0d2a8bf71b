"""Workspace-relative globs (``.memtui.toml``'s ``exclude``), matched in time linear in the
path whatever the pattern (issue 31 §4).

``**/`` is any folders (none included), ``**`` anything, ``*`` and ``?`` stay within one
name; a pattern naming a folder (``briefs`` or ``briefs/``) takes everything under it.

A backtracking regex of ``**/`` × 30 took 19 s against a 60-deep path. A pattern with at
most one wildcard that spans (``*``, ``**``, ``**/``) cannot backtrack far and stays a
regex (the common ``briefs/**``, ``*.md``); any other is run as an automaton: the set of
pattern positions reachable after each character of the path (a Thompson simulation,
O(path × pattern)), its steps kept as they are met (a lazy DFA, bounded).
"""

from __future__ import annotations

import re
from collections.abc import Callable

_LIT, _ONE, _STAR, _ANY, _DIRS = range(5)  # a char, ?, *, **, **/
#: Transitions of one pattern's automaton kept at most (past it, stepped without keeping).
MAX_STEPS = 4096


def _tokens(pattern: str) -> list[tuple[int, str]]:
    pattern = pattern.strip().lstrip("./") if pattern.startswith("./") else pattern.strip()
    out: list[tuple[int, str]] = []
    i = 0
    while i < len(pattern):
        if pattern.startswith("**/", i):
            out.append((_DIRS, ""))
            i += 3
        elif pattern.startswith("**", i):
            out.append((_ANY, ""))
            i += 2
        elif pattern[i] == "*":
            out.append((_STAR, ""))
            i += 1
        elif pattern[i] == "?":
            out.append((_ONE, ""))
            i += 1
        else:
            out.append((_LIT, pattern[i]))
            i += 1
    while out and out[-1] == (_LIT, "/"):
        out.pop()
    return out


def glob_regex(pattern: str) -> re.Pattern[str]:
    """The glob as a regex (fullmatch); linear only for one spanning wildcard at most."""
    parts = {_DIRS: "(?:.*/)?", _ANY: ".*", _STAR: "[^/]*", _ONE: "[^/]"}
    body = "".join(re.escape(c) if kind == _LIT else parts[kind]
                   for kind, c in _tokens(pattern))
    return re.compile(f"(?:{body})(?:/.*)?")


class _Automaton:
    """The glob's positions 0..m; ``m`` is the end of the pattern, ``m + 1`` "past the end
    and a ``/``" (everything under a folder the pattern names), ``m + 2 + i`` inside the
    ``**/`` at ``i`` once it has taken a character."""

    def __init__(self, tokens: list[tuple[int, str]]) -> None:
        self.tokens = tokens
        self.end = len(tokens)
        self.under = self.end + 1
        self.chars = {c for kind, c in tokens if kind == _LIT} | {"/"}
        self.steps: dict[tuple[frozenset[int], str], frozenset[int]] = {}
        self.start = self._closure({0})

    def _closure(self, states: set[int]) -> frozenset[int]:
        todo = list(states)
        while todo:
            i = todo.pop()
            if i < self.end and self.tokens[i][0] in (_STAR, _ANY, _DIRS) and i + 1 not in states:
                states.add(i + 1)
                todo.append(i + 1)
        return frozenset(states)

    def _step(self, states: frozenset[int], ch: str) -> frozenset[int]:
        out: set[int] = set()
        end, under = self.end, self.under
        for i in states:
            if i == under:
                out.add(under)
            elif i == end:
                if ch == "/":
                    out.add(under)
            elif i > under:  # inside a **/ that has taken a character
                out.add(i)
                if ch == "/":
                    out.add(i - end - 1)
            else:
                kind, c = self.tokens[i]
                if kind == _LIT:
                    if ch == c:
                        out.add(i + 1)
                elif kind == _ONE:
                    if ch != "/":
                        out.add(i + 1)
                elif kind == _STAR:
                    if ch != "/":
                        out.add(i)
                elif kind == _ANY:
                    out.add(i)
                else:  # _DIRS
                    out.add(end + 2 + i)
                    if ch == "/":
                        out.add(i + 1)
        return self._closure(out)

    def __call__(self, path: str) -> bool:
        states, steps, chars = self.start, self.steps, self.chars
        for ch in path:
            key = (states, ch if ch in chars else "")
            nxt = steps.get(key)
            if nxt is None:
                nxt = self._step(states, key[1])  # "": a character no literal is
                if len(steps) < MAX_STEPS:
                    steps[key] = nxt
            states = nxt
            if not states:
                return False
        return self.end in states or self.under in states


def glob_matcher(pattern: str) -> Callable[[str], bool]:
    """Whether a workspace-relative POSIX path matches ``pattern`` (linear in the path)."""
    tokens = _tokens(pattern)
    if sum(1 for kind, _ in tokens if kind in (_STAR, _ANY, _DIRS)) <= 1:
        regex = glob_regex(pattern)
        return lambda rel: regex.fullmatch(rel) is not None
    return _Automaton(tokens)
