"""The folder's own conventions for a new memory: where ``type:`` goes, how file names are
spelled, how index titles are cased (issue 20, 4).

Each is read from the memories and the index already there (the most common form wins);
only where the folder shows none does the profile's default apply: a Claude Code folder
(``flat``) writes ``type:`` at the top level and names ``feedback_keep_changelog.md``, an
item workspace puts ``type:`` under ``metadata:`` and names ``keep-changelog.md``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from memtui.core.scanner.memory_file import KNOWN_TYPES, TOP_LEVEL_TYPE
from memtui.edit.draft import SMALL_WORDS, in_title_case
from memtui.edit.snapshot import Snapshot

#: A name made of words (any script) joined by -, _ or spaces: its separators may change.
_WORDS = re.compile(r"[^\W_]+(?:[-_ ]+[^\W_]+)*")
_SEPS = re.compile(r"[-_ ]+")


@dataclass(frozen=True)
class Conventions:
    top_level_type: bool  # ``type: x`` at the top level, not under ``metadata:``
    separator: str  # between the words of a file name: "_" or "-"
    type_prefix: bool  # file names start with their type: ``feedback_keep_changelog``
    title_case: bool  # index titles Capitalise Each Word (else: Sentence case)

    def file_name(self, name: str, type_: str) -> str:
        """``name`` spelt the folder's way: its words joined by the separator, the type in
        front when the folder's names carry it (never twice). A name that is not plain
        words (``x<y>#z``) stays as it is."""
        name = name.strip()
        if not _WORDS.fullmatch(name):
            return name
        words = _SEPS.split(name)
        if self.type_prefix and words[0].casefold() != type_.casefold() and type_:
            words.insert(0, type_)
        return self.separator.join(words)

    def title(self, sentence: str) -> str:
        """A drafted title (Sentence case) in the folder's case."""
        return in_title_case(sentence) if self.title_case else sentence


PROFILE_DEFAULTS = {
    "claude-code": Conventions(top_level_type=True, separator="_", type_prefix=True,
                               title_case=False),
    "item": Conventions(top_level_type=False, separator="-", type_prefix=False,
                        title_case=False),
}


def profile_of(snap: Snapshot) -> str:
    """The profile a workspace is audited with by default (as ``Auditor.profile``)."""
    return "item" if snap.ws.layout == "item" else "claude-code"


def _vote(yes: int, no: int, default: bool) -> bool:
    return default if yes == no else yes > no


def title_is_title_case(title: str) -> bool | None:
    """Whether an index title Capitalises Each Word (None: it cannot tell, one word)."""
    words = [w for w in title.split() if w.isalpha()]
    later = [w for w in words[1:] if w.casefold() not in SMALL_WORDS]
    if not words or not later:
        return None
    return all(w[:1].isupper() for w in later)


def conventions(snap: Snapshot, profile: str | None = None) -> Conventions:
    """What the folder does, each point on its own; the profile's default where it shows
    nothing (no typed memory, no multi-word name, no multi-word title)."""
    default = PROFILE_DEFAULTS.get(profile or profile_of(snap), PROFILE_DEFAULTS["item"])
    top = nested = snake = kebab = prefixed = bare = titled = sentence = 0
    for mf in snap.memories.values():
        if mf.type is not None:
            if any(f.message == TOP_LEVEL_TYPE for f in mf.findings):
                top += 1
            else:
                nested += 1
        stem = mf.stem
        if not _WORDS.fullmatch(stem) or " " in stem:
            continue
        has_snake, has_kebab = "_" in stem, "-" in stem
        if has_snake != has_kebab:
            snake += has_snake
            kebab += has_kebab
        first = _SEPS.split(stem)[0].casefold()
        if (has_snake or has_kebab) and first in KNOWN_TYPES:
            prefixed += 1
        elif mf.type in KNOWN_TYPES:  # a typed memory whose name does not start with it
            bare += 1
    for ln in snap.index.lines:
        if ln.kind == "entry" and ln.title:
            case = title_is_title_case(ln.title)
            if case is not None:
                titled += case
                sentence += not case
    separator = default.separator if snake == kebab else ("_" if snake > kebab else "-")
    return Conventions(top_level_type=_vote(top, nested, default.top_level_type),
                       separator=separator,
                       type_prefix=_vote(prefixed, bare, default.type_prefix),
                       title_case=_vote(titled, sentence, default.title_case))
