"""Drafting index lines from a memory's name and description."""

from __future__ import annotations

import re
import time
from collections.abc import Iterator

from memtui.core.checks.hidden_text import visible_text
from memtui.core.creds.detector import SecretHit, scan_text
from memtui.core.scanner.memory_file import KNOWN_TYPES, MemoryFile
from memtui.core.workspace import INDEX_NAME
from memtui.edit.linkedit import dest_spans, destination, href_for, link_extent

_SEP = re.compile(r"[-_]+")
#: C0 and C1 control characters (and DEL): an escape sequence in a memory's name or
#: description, drafted into an index line or a dialog's field, reached the terminal raw
#: (an ESC [2J blanked the screen, an OSC 52 wrote the clipboard) and MEMORY.md itself
#: (newuser23 #14, #16). Tabs and line breaks become spaces, the rest are dropped.
_CONTROL = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]")
#: Line breaks, the Unicode line and paragraph separators too (newuser26 #37: a hook holding
#: U+2028 went raw into MEMORY.md, and a diff or a reader broke the line there).
_BREAKS = re.compile("[\t\n\r\u2028\u2029]")
#: Words a title keeps in lower case inside Title Case.
SMALL_WORDS = frozenset({"a", "an", "and", "as", "at", "but", "by", "for", "in", "nor", "of",
                         "on", "or", "per", "the", "to", "vs", "via", "with"})


def plain(text: str) -> str:
    """``text`` without control characters (tabs and line breaks become spaces) and the
    invisible ones ``hidden_text`` reports: what a drafted title, hook or name may hold."""
    return visible_text(_CONTROL.sub("", _BREAKS.sub(" ", text)))


def humanise(name: str) -> str:
    """``user-role`` → ``User role``; a name that is already a title stays as it is."""
    if " " in name.strip():
        return name.strip()
    # an ISO date keeps its dashes (newuser35 #24: logs/2026-11-10.md drafted "Log 2026 11 10")
    parts = _ISO_DATE.split(name)
    words = "".join(part if i % 2 else _SEP.sub(" ", part)
                    for i, part in enumerate(parts)).strip()
    return words[:1].upper() + words[1:] if words else name


_ISO_DATE = re.compile(r"(?<!\d)(\d{4}-\d{2}-\d{2})(?!\d)")


def in_title_case(sentence: str) -> str:
    """``Keep the changelog`` → ``Keep the Changelog`` (small words stay lower case)."""
    return " ".join(w if i and w.casefold() in SMALL_WORDS else w[:1].upper() + w[1:]
                    for i, w in enumerate(sentence.split(" ")))


def index_href(rel: str) -> str:
    """The destination of an index link to ``rel``, as written (CommonMark reads it back
    as ``rel``)."""
    return destination(href_for(INDEX_NAME, rel))


#: A wikilink: ``[[target]]``, ``[[target#heading]]``, ``[[target|alias]]``.
_WIKILINK = re.compile(r"\[\[([^\]|#\n]*)(?:#[^\]|\n]*)?(?:\|([^\]\n]*))?\]\]")


def link_free(text: str) -> str:
    """``text`` with its markdown links and wikilinks made their plain text: a drafted hook
    or label copies no link into the index (newuser24 #56: a description's link, relative
    to the memory, became a packed line and a broken link when read from MEMORY.md)."""
    if "[" not in text:
        return text
    for span in reversed(dest_spans(text)):
        extent = link_extent(text, span)
        if extent is not None:
            begin, end, label = extent
            text = text[:begin] + label + text[end:]
    return _WIKILINK.sub(lambda m: m[2] or m[1], text)


#: A hook drafted from a description is at most this many characters: the index is loaded
#: every turn, and a description of 2,640 characters copied whole doubled the demo's block
#: (newuser24 #40). A longer one is cut at its first clause's end (. ; ! ?), else at a word.
HOOK_CHARS = 150
_SCAN = 8 * HOOK_CHARS
_CLAUSE_END = re.compile(r"[.;!?。；！？](?=\s|$)")


def draft_hook(description: str | None) -> str:
    """The hook drafted from a memory's description: its plain text (no control
    characters, no links), at most ``HOOK_CHARS`` characters (``hook_cut`` says when it was
    cut). Only the description's first ``_SCAN`` characters are read (a link's parse of
    10,000 brackets took seconds)."""
    description = description or ""
    text = link_free(plain(description[:_SCAN])).strip()
    if len(text) <= HOOK_CHARS:
        return text if len(description) <= _SCAN else text + "…"
    ends = [m.end() for m in _CLAUSE_END.finditer(text, 0, HOOK_CHARS)]
    if ends and ends[0] >= 20:
        return text[:ends[0]].rstrip(".;。； ")
    cut = text[:HOOK_CHARS - 1]
    space = cut.rfind(" ")
    return (cut[:space] if space >= HOOK_CHARS // 2 else cut).rstrip(" ,;:—-") + "…"


def hook_cut(rel: str, description: str | None) -> str | None:
    """What to say when the hook drafted from ``description`` is shorter than it: None
    when it is the description whole."""
    description = description or ""
    hook = draft_hook(description)
    if len(description) <= _SCAN and hook == link_free(plain(description)).strip():
        return None
    whole = len(plain(description).strip())
    return (f"{rel}: hook cut to {len(hook):,} of its description's {whole:,} characters: "
            f"{INDEX_NAME} is loaded every turn")


def hook_credentials(description: str | None, hook: str) -> list[SecretHit]:
    """The credentials the audit finds in ``description`` (or in ``hook`` itself) that the
    hook drafted from it would copy into the index, loaded every turn (newuser32 #38: the
    repair an orphan's finding advises moved a flagged token into MEMORY.md). A value cut
    short by the hook counts when its first 8 characters are there."""
    if not hook:
        return []
    hits = [*scan_text((description or "")[:_SCAN]), *scan_text(hook)]
    return [h for h in hits if h.value and (h.value in hook or (
        len(h.value) >= 8 and h.value[:8] in hook))]


def safe_hook(rel: str, description: str | None) -> tuple[str, str | None]:
    """The hook drafted from ``description`` and None, or "" and why it was left out: a
    hook never copies a credential into the index (newuser32 #38)."""
    hook = draft_hook(description)
    hits = hook_credentials(description, hook)
    if not hits:
        return hook, None
    return "", (f"{rel}: no hook drafted, its description holds a credential "
                f"({hits[0].redacted}) and {INDEX_NAME} is loaded every turn; "
                f"memtui fix redact removes it from {rel}")


def drafted_hooks(mfs: list[MemoryFile], hook: str | None
                  ) -> tuple[dict[str, str], list[str]]:
    """Each memory's hook (``hook`` when given, else drafted from its description) and
    what to say of the drafted ones: cut (newuser24 #40) or left out, holding a credential
    (`safe_hook`)."""
    if hook is not None:
        return {mf.path: hook for mf in mfs}, []
    hooks: dict[str, str] = {}
    notes: list[str] = []
    for mf in mfs:
        hooks[mf.path], why = safe_hook(mf.path, mf.description)
        cut = None if why else hook_cut(mf.path, mf.description)
        notes += [why] if why else [f"{cut}; --hook writes another"] if cut else []
    return hooks, notes


def refuse_credentials(title: str | None, hook: str | None) -> None:
    """Raise `UsageError` when a title or hook given for the index holds a credential: it
    would be written into the block the agent loads every turn (newuser32 #38)."""
    from memtui.edit.errors import UsageError

    given = [hit.redacted for text in (title, hook) if text
             for hit in hook_credentials(text, text)]
    if given:
        raise UsageError(f"--title/--hook holds a credential ({given[0]}): {INDEX_NAME} is "
                         "loaded every turn; nothing was written")


def bracket_free(text: str) -> str:
    """``text`` with its square brackets made round: a title or a label in an index line
    opens no link syntax of its own (newuser26 #37: a fold label ``Cold](http://evil) [x``
    went into MEMORY.md as written)."""
    return text.replace("[", "(").replace("]", ")")


def entry_line(rel: str, title: str, hook: str | None) -> str:
    """``- [Title](path) — hook`` (no dash and hook when the hook is empty)."""
    title = bracket_free(plain(title)).strip()
    line = f"- [{title}]({index_href(rel)})"
    hook = link_free(plain(hook or "")).strip()
    return f"{line} — {hook}" if hook else line


def heading_title(mf: MemoryFile) -> str | None:
    """A memory with no frontmatter name titled by its first line, a ``# heading`` (a
    Gemini topic file's ``# importación``; newuser42 #13: titled from its file name,
    ``Importacion``, its accents lost); None when it has a name or starts otherwise."""
    if mf.name:
        return None
    for line in mf.body[:4096].splitlines():
        if not line.strip():
            continue
        if line.startswith("# ") and line[2:].strip():
            return " ".join(line[2:].strip().rstrip("#").split()) or None
        return None
    return None


def draft_title(mf: MemoryFile, title_case: bool = False, key: str | None = None) -> str:
    """The title from the memory's name, without the type prefix Claude Code's names
    carry: ``feedback_keep_changelog`` → ``Keep changelog`` (``user-role`` stays
    ``User role``); ``title_case``: ``Keep Changelog``, for an index written so. ``key``:
    another name to draft from (the file's stem)."""
    key = plain(mf.key if key is None else key)
    title = humanise(key)
    for type_ in (mf.type, *KNOWN_TYPES):
        for prefix in (f"{type_}_", f"{type_}-"):
            if type_ and key.lower().startswith(prefix) and len(key) > len(prefix):
                title = humanise(key[len(prefix):])
                break
        else:
            continue
        break
    if " " in key.strip():
        return title  # a name that is a title already: as written
    return spelled_as(in_title_case(title) if title_case else title, mf.description or "")


_WORD = re.compile(r"[^\W\d_]+")


def spelled_as(title: str, text: str) -> str:
    """``title`` (drafted from a slug: its case lost) with each word its memory's ``text``
    (the description) spells with capitals where a name keeps them: an acronym or a mixed
    case word anywhere (``RF``, ``DOE``, ``iOS``), a capital inside a sentence (``Chamber A
    PM``); a sentence's first word is not taken (newuser26 #29: "Rf generator swap" beside a
    hook saying "RF")."""
    spelled: dict[str, str] = {}
    for m in _WORD.finditer(text):
        word = m.group()
        if word.islower() or word.casefold() in spelled:
            continue
        if len(word) > 1 and (word.isupper() or any(c.isupper() for c in word[1:])):
            spelled[word.casefold()] = word
        elif word[:1].isupper():
            before = text[:m.start()].rstrip()
            if before and before[-1] not in ".!?:;。！？":
                spelled[word.casefold()] = word
    if not spelled:
        return title
    return _WORD.sub(lambda m: spelled.get(m.group().casefold(), m.group()), title)


def _tries(mf: MemoryFile, first: str, folder: str, title_case: bool,
           used: int) -> Iterator[str]:
    """The titles `distinct_titles` tries for ``mf``, in order, made one at a time: a list
    of every numbered one was ``used`` long for each memory (10,000 orphans: 10,000 × 10,000
    strings on the screen's thread, issue 35)."""
    yield first
    yield draft_title(mf, title_case, mf.stem)
    if folder:
        yield f"{first} ({plain(folder)})"
    for n in range(2, used + 3):
        yield f"{first} ({n})"


def distinct_titles(mfs: list[MemoryFile], taken: dict[str, int],
                    title_case: bool = False) -> tuple[list[str], dict[str, str]]:
    """Drafted titles for ``mfs`` that repeat no title of ``taken`` (casefolded title →
    its index line) nor each other: on a clash the file's stem (``Cpk target 2025`` for
    memory/superseded/cpk-target-2025.md, whose name ``cpk-target`` the index already
    titles ``Cpk target``), then the folder, then a number (newuser23 #40). Returns the
    titles and, by memory path, a note on each title that had to differ."""
    used = dict(taken)
    titles: list[str] = []
    notes: dict[str, str] = {}
    for mf in mfs:
        first = draft_title(mf, title_case)
        folder = mf.path.rsplit("/", 2)[-2] if mf.path.count("/") else ""
        title = next(t for t in _tries(mf, first, folder, title_case, len(used))
                     if t.casefold() not in used)
        if title != first:
            line = used[first.casefold()]
            where = f"the index's line {line}" if line else "another new entry"
            notes[mf.path] = f"titled '{title}': {where} is titled '{first}' already"
        used[title.casefold()] = 0
        titles.append(title)
    return titles, notes


def draft_entry(mf: MemoryFile, title: str | None = None, hook: str | None = None,
                title_case: bool = False) -> str:
    """The index line for a memory: the title from its name, the hook drafted from its
    description (`draft_hook`)."""
    return entry_line(mf.path, title if title else draft_title(mf, title_case),
                      hook if hook is not None else draft_hook(mf.description))


def default_fold_label(now: float | None = None, neutral: bool = False) -> str:
    """``Cold, <month year>``; ``neutral``: ``<year>-<month>`` with no English word (an
    index in another language, `latin_script`)."""
    return time.strftime("%Y-%m" if neutral else "Cold, %B %Y", time.localtime(now))


def fold_label_for(ages_days: list[int], now: float | None = None,
                   neutral: bool = False) -> str:
    """The proposed label of a packed line for memories ``ages_days`` old: the month they
    were written (SPEC §1's ``Cold, May 2026``), or the span of months (``Cold, March–May
    2026``; ``Cold, December 2025–May 2026``); today's month when no age is known
    (newuser35 #24: memories of May were proposed "Cold, December 2026"). ``neutral``: the
    months in numbers, no English word (``2026-03–2026-05``), for an index written in
    another language (newuser37 #16: ``Cold, January 2026`` in a Chinese index)."""
    if not ages_days:
        return default_fold_label(now, neutral)
    at = time.time() if now is None else now
    newest = time.localtime(at - min(ages_days) * 86400)
    oldest = time.localtime(at - max(ages_days) * 86400)
    same = (oldest.tm_year, oldest.tm_mon) == (newest.tm_year, newest.tm_mon)
    if neutral:
        last = time.strftime("%Y-%m", newest)
        return last if same else f"{time.strftime('%Y-%m', oldest)}–{last}"
    if same:
        return "Cold, " + time.strftime("%B %Y", newest)
    first = time.strftime("%B" if oldest.tm_year == newest.tm_year else "%B %Y", oldest)
    return f"Cold, {first}–{time.strftime('%B %Y', newest)}"


_LINK_DEST = re.compile(r"\]\([^)]*\)")


def latin_script(text: str) -> bool:
    """Whether the letters of ``text`` (an index; its links' destinations, paths, left out)
    are mostly Latin: an English label is proposed only then (newuser37 #16)."""
    letters = [c for c in _LINK_DEST.sub("]", text[:20_000]) if c.isalpha()]
    if not letters:
        return True
    latin = sum(1 for c in letters if c < "\u0250")
    return latin * 2 >= len(letters)


def unlinkable(rel: str) -> str | None:
    """Why no link in MEMORY.md can name ``rel``: its file name is not valid UTF-8 (the
    index would get the raw byte, no longer UTF-8, and a link that resolves to nothing;
    newuser22 #35). None when it can."""
    try:
        rel.encode("utf-8")
    except UnicodeEncodeError:
        shown = rel.encode("utf-8", "surrogateescape").decode("utf-8", "backslashreplace")
        return (f"{shown}: its file name is not valid UTF-8, so no link in {INDEX_NAME} can "
                "name it; rename it first (R in the app, memtui fix rename); nothing was "
                "written")
    return None
