"""Hermes Agent (Nous Research): ``~/.hermes/memories/`` holds two character-capped stores,
MEMORY.md (the agent's notes, 2,200 characters) and USER.md (what it knows of the user,
1,375), each a list of entries joined by a line holding ``§``. Both are injected whole at
session start as a frozen snapshot, each under a header with the share of its limit used;
a store past max(2 × limit, 4,000) characters is shown cut to 70 % head + 20 % tail.
The limits are ``memory.memory_char_limit`` / ``memory.user_char_limit`` in
``~/.hermes/config.yaml``. Source: NousResearch/hermes-agent ``tools/memory_tool.py``
(docs/formats.md has the commit)."""

from __future__ import annotations

import re
import unicodedata
from pathlib import Path
from typing import TYPE_CHECKING, ClassVar

from memtui.core.checks.findings import Finding, finding
from memtui.core.checks.unspaced_words import entry_words
from memtui.core.profiles.base import Injection, Load, Profile, Reader, References
from memtui.core.profiles.files import dig, load_config, past_bound
from memtui.core.reporting.wording import plural

if TYPE_CHECKING:
    from memtui.core.scanner.index import Index
    from memtui.core.workspace import Workspace

DELIMITER = "\n§\n"
#: (store, file, limit key) in the order Hermes renders them.
STORES = (("memory", "MEMORY.md", "memory_char_limit"), ("user", "USER.md", "user_char_limit"))
#: A store is shown cut (head and tail) past max(2 × its limit, this many characters).
CUT_FLOOR = 4000
#: Near-duplicates are looked for among this many entries of a store (quadratic; a store
#: within its limit holds a few dozen), each at most this long.
NEAR_MAX_ENTRIES = 100
NEAR_MAX_CHARS = 4000
#: Two entries are nearly the same when 80 % of the words either holds are in both
#: (Jaccard over their sets of words, each entry at least 5 words long; in Chinese, Japanese,
#: Korean, Thai and the like, written without spaces, character pairs or triples:
#: `entry_words`).
NEAR_SHARE = 0.8
NEAR_MIN_WORDS = 5
#: The most findings a store's entries yield one by one (then one says how many more).
MAX_ENTRY_FINDINGS = 200


def fold(raw: str) -> str:
    """The text as Python's ``Path.read_text`` gives it (universal newlines)."""
    return raw.replace("\r\n", "\n").replace("\r", "\n")


def entries_with_lines(text: str) -> list[tuple[str, int]]:
    """Each entry (stripped, non-empty) of a store's text, with the line it starts on."""
    out: list[tuple[str, int]] = []
    line = 1  # the line each part starts on, counted as the parts go by
    for part in text.split(DELIMITER):
        entry = part.strip()
        if entry:
            out.append((entry, line + part.count("\n", 0, part.index(entry[0]))))
        line += part.count("\n") + 2  # the delimiter's two line ends
    return out


def common_prefix(a: str, b: str) -> int:
    """How many leading characters ``a`` and ``b`` share (halving: slices compare in C)."""
    low, high = 0, min(len(a), len(b))
    while low < high:
        mid = (low + high + 1) // 2
        if a[:mid] == b[:mid]:
            low = mid
        else:
            high = mid - 1
    return low


def render(target: str, entries: list[str], limit: int) -> str:
    """One store's block, as Hermes renders it (``MemoryStore._render_block``)."""
    if not entries:
        return ""
    content = DELIMITER.join(entries)
    current = len(content)
    pct = min(100, int((current / limit) * 100)) if limit > 0 else 0
    cap = max(limit * 2, CUT_FLOOR)
    if current > cap:
        head, tail = int(cap * 0.7), int(cap * 0.2)
        content = (content[:head] + f"\n\n[... {current - head - tail:,} chars truncated — "
                   f"memory over budget ({current:,}/{limit:,}); consolidate via "
                   "memory(action=remove/replace) ...]\n\n" + content[-tail:])
    over = " ⚠ OVER BUDGET" if current > limit else ""
    what = "USER PROFILE (who the user is)" if target == "user" \
        else "MEMORY (your personal notes)"
    rule = "═" * 46
    return f"{rule}\n{what} [{pct}% — {current:,}/{limit:,} chars{over}]\n{rule}\n{content}"


class Hermes(Profile):
    name = "hermes"
    agent = "Hermes"
    frontmatter = False
    index_of_links = False
    index_is_store = True  # MEMORY.md holds entries, like USER.md (AGENT_LAYOUTS.md)
    agent_files = True
    limit_keys: ClassVar[dict[str, int]] = {"memory_char_limit": 2200, "user_char_limit": 1375}
    cut_note = "Hermes refuses to add to it and shows only its head and tail"
    # Hermes loads its two files and follows no link: "not linked from the index" would
    # say a link reaches it (real38: a RAW_MEMORY_dump.md beside the two)
    orphan_words = ("neither of the two files Hermes loads (MEMORY.md, USER.md), and Hermes "
                    "follows no link", "never read")

    def stands_in(self, rel: str) -> bool:
        return False  # USER.md is loaded beside MEMORY.md, never in its place

    def cut_note_for(self, load: Load) -> str:
        """Past its limit Hermes refuses to add to a store, but cuts what it shows only past
        max(2 × limit, 4,000) characters (`render`; newuser27 #11: a 2,787-character store
        of 2,200, shown whole, was said to show "only its head and tail")."""
        cap = max(load.limit * 2, CUT_FLOOR)
        if load.used > cap:
            return self.cut_note
        return f"Hermes refuses to add to it (it still shows it whole, up to {cap:,} characters)"

    def recognise(self, root: Path) -> bool:
        stores = [root / f for _, f, _ in STORES if (root / f).is_file()]
        if not stores or (root / "memory").is_dir() or (root / "AGENTS.md").exists() \
                or (root / "memory_summary.md").exists():
            return False
        from memtui.core.profiles.files import read_bounded

        def separated() -> bool:
            return any(DELIMITER in fold(read_bounded(p, 64 * 1024) or "") for p in stores)

        if (root / "SOUL.md").exists():
            # Hermes keeps a SOUL.md of its own (~/.hermes/SOUL.md, its persona); a backup of
            # ~/.hermes that put it beside the stores is still Hermes' when a store holds the
            # § separator, OpenClaw never writing one (real39: such a folder was OpenClaw's,
            # its 93 % MEMORY.md judged against 20,000 characters). Without one, SOUL.md
            # beside MEMORY.md is OpenClaw's.
            return separated()
        if root.name == "memories":
            return True
        # elsewhere (a copied store, `hermes-backup/`), either store holding a § separator
        # line, as docs/formats.md says (newuser32 #51: MEMORY.md alone was claude-code)
        return separated()

    def evidence(self, root: Path, given: Path | None = None) -> tuple[int, str] | None:
        """``~/.hermes/memories`` is Hermes' place; a ``§`` line, or both stores, its
        shape; a folder named ``memories`` alone is a name any memory may have
        (newuser34 #29)."""
        from memtui.core.profiles.evidence import NAME, PLACE, SHAPE, paths_of
        from memtui.core.profiles.files import read_bounded

        if not self.recognise(root):
            return None
        if any(p.name == "memories" and p.parent.name == ".hermes"
               for p in paths_of(root, given)):
            return PLACE, "the folder is Hermes' ~/.hermes/memories"
        stores = [root / f for _, f, _ in STORES if (root / f).is_file()]
        if any(DELIMITER in fold(read_bounded(p, 64 * 1024) or "") for p in stores):
            return SHAPE, "a store holds Hermes' § entry separator"
        if len(stores) == len(STORES):
            return SHAPE, "both Hermes stores, MEMORY.md and USER.md"
        return NAME, "a folder named memories"

    def rule(self, limits: dict[str, int]) -> str:
        return (f"Hermes: MEMORY.md {limits['memory_char_limit']:,} / USER.md "
                f"{limits['user_char_limit']:,} characters")

    def limits(self, ws: Workspace, given: dict[str, int]) -> tuple[dict[str, int],
                                                                  list[Finding]]:
        out = dict(self.limit_keys)
        found: list[Finding] = []
        # beside the memory the agent names: trend audits a copy in a temporary folder
        # (newuser34 #5: it read no config there and counted the defaults)
        path = ws.named_root.parent / "config.yaml"
        data, why = load_config(path)
        if why is not None:
            found.append(finding("agent_config", ".", None,
                                 f"{path}: {why}; Hermes' default limits assumed"))
        section = dig(data, "memory")
        if isinstance(section, dict):
            try:  # as Hermes reads them: int() of each, both defaults on any failure
                read = {k: int(section.get(k, v)) for k, v in out.items()}
            except (TypeError, ValueError, OverflowError):
                found.append(finding("agent_config", ".", None,
                                     f"{path}: memory limits are not whole numbers; Hermes "
                                     "falls back to its defaults"))
            else:  # only a number above 0 is a limit (SECURITY.md; newuser38 #29: a limit
                # of 0 gave "2,226 of 0 characters (0%)" and an entry_over_limit per entry)
                for k, v in read.items():
                    if v > 0:
                        out[k] = min(v, 10**9)
                    elif k in section:
                        found.append(finding("agent_config", ".", None, (
                            f"{path}: memory.{k} is {v}, not above 0; the default "
                            f"({self.limit_keys[k]:,}) is assumed")))
        out.update({k: v for k, v in given.items() if k in out})
        return out, found

    def inject(self, ws: Workspace, limits: dict[str, int], read: Reader) -> Injection:
        blocks, files, loads, cut = [], [], [], False
        for target, name, key in STORES:
            raw = read(name)
            if raw is None or not fold(raw).strip():
                continue
            text = fold(raw)
            if past_bound(ws.root / name) is not None and DELIMITER in text:
                text = text[:text.rindex(DELIMITER)]  # the cut's half entry is none
                # (newuser32 #46; the read_problem says the store was cut)
            every = [e for e, _ in entries_with_lines(text)]
            entries = list(dict.fromkeys(every))
            limit = limits[key]
            block = render(target, entries, limit)
            if block:
                blocks.append(block)
                files.append(name)
                used = len(DELIMITER.join(entries))
                loads.append(Load(name, used, limit, "characters", name,
                                  entries=len(every), repeated=len(every) - len(entries)))
                cut = cut or used > max(limit * 2, CUT_FLOOR)
        return Injection("\n\n".join(blocks), files, cut, loads)

    def references(self, ws: Workspace, index: Index, paths: tuple[str, ...],
                   limits: dict[str, int], read: Reader) -> References:
        out = References(found={"USER.md"})
        for _target, name, key in STORES:
            raw = read(name)
            if raw is None or not fold(raw).strip():
                continue
            out.findings.extend(store_findings(name, fold(raw), limits[key]))
        return out


#: A word that carries a value: it holds a digit (a number, a version, a time, a host like
#: ``alpha-3``), or is capitalised past the start of a sentence (a name).
_WORD = re.compile(r"[^\s,;:!?()\[\]{}\"'`“”«»]+(?:[:.][^\s,;:!?()\[\]{}\"'`“”«»]+)*")


def entry_values(entry: str) -> frozenset[str]:
    """The values an entry carries (numbers, versions, names): two entries that differ by
    one of them are two facts, not one written twice (newuser33 #1: 25 entries "project
    {i} uses Python 3.{n}" were each "nearly the same … one of them is enough")."""
    out: set[str] = set()
    start = True  # at the start of the entry, or of a sentence in it
    for match in _WORD.finditer(entry):
        word = match.group().rstrip(".")
        if word and (any(c.isdigit() for c in word) or (word[0].isupper() and not start)):
            out.add(word.casefold())
        start = match.group().endswith(".") or entry[match.end():match.end() + 1] in "!?"
    return frozenset(out)


def _word_run(entry: str) -> list[str]:
    """``entry``'s words in order, casefolded, without accents or a sentence's full stop."""
    out = []
    for match in _WORD.finditer(entry):
        word = unicodedata.normalize("NFKD", match.group().rstrip(".").casefold())
        out.append("".join(c for c in word if not unicodedata.combining(c)))
    return out


def differ_in_subject(a: str, b: str) -> bool:
    """Whether entries ``a`` and ``b`` say one thing of two subjects: they differ in one
    run of words only, each has words there and none in common (a substitution, not a
    word added or dropped), and that run stands before the longer part of what both say —
    where a sentence names what it is about ("The búsqueda service retries failed
    webhooks…" / "The caché service retries…": newuser42 #7, a lowercase or accented
    service name the capitalised-name rule of `entry_values` does not see). Structure,
    not a list of words: the same in any spaced script (an unspaced one is one run)."""
    x, y = _word_run(a), _word_run(b)
    most = min(len(x), len(y))
    head = 0
    while head < most and x[head] == y[head]:
        head += 1
    tail = 0
    while tail < most - head and x[-1 - tail] == y[-1 - tail]:
        tail += 1
    one, two = x[head:len(x) - tail], y[head:len(y) - tail]
    # (what a sentence is about comes before what it says of it, in SVO and SOV orders
    # alike: more of what both say follows the run than precedes it)
    return bool(one) and bool(two) and not set(one) & set(two) and head < tail


def store_findings(name: str, text: str, limit: int) -> list[Finding]:
    """A store's entries checked one by one: repeated (exactly or nearly), longer than the
    whole store's limit, and whether the file would round-trip through Hermes' parser."""
    out: list[Finding] = []
    entries = entries_with_lines(text)
    first: dict[str, int] = {}
    more = 0  # past MAX_ENTRY_FINDINGS, only counted
    for entry, line in entries:
        repeated, long = entry in first, len(entry) > limit
        if not repeated:
            first[entry] = line
        if (repeated or long) and len(out) >= MAX_ENTRY_FINDINGS:
            more += 1
            continue
        if repeated:
            out.append(finding("duplicate_entry", name, line,
                               f"the entry on line {first[entry]} again: Hermes drops the "
                               "copy at load (the limit counts it once) and from the file "
                               "at its next write"))
        if long:
            out.append(finding("entry_over_limit", name, line,
                               f"one entry of {plural(len(entry), 'character')}, more than "
                               f"the store's whole limit ({limit:,}): Hermes takes it for "
                               "outside drift and refuses to replace or remove entries"))
    if more:  # a store of thousands of copies: the first ones say it
        what = plural(more, "more repeated or over-long entry",
                      "more repeated or over-long entries")
        out.append(finding("duplicate_entry", name, out[-1].line,
                           f"and {what} after this one"))
    short = [(e, n) for e, n in first.items() if len(e) <= NEAR_MAX_CHARS]
    words = [(entry_words(e), entry_values(e), n, e) for e, n in short[:NEAR_MAX_ENTRIES]]
    if len(first) > len(words):  # the entries not compared: said (newuser32 #35)
        past, long_ones = len(short) - len(words), len(first) - len(short)
        left = [f"{past:,} past the first {NEAR_MAX_ENTRIES}"] if past else []
        left += [f"{long_ones:,} longer than {NEAR_MAX_CHARS:,} characters"] if long_ones else []
        out.append(finding("duplicate_entry", name,
                           short[NEAR_MAX_ENTRIES][1] if past else None,
                           f"not every entry compared: {len(first) - len(words):,} of its "
                           f"{len(first):,} entries ({' and '.join(left)}) were not looked "
                           "at for near-copies (exact copies are counted in all of them)",
                           severity="info"))
    for j, (b, values_b, line_b, text_b) in enumerate(words):
        if len(b) < NEAR_MIN_WORDS:
            continue
        for a, values_a, line_a, text_a in words[:j]:
            small, large = sorted((len(a), len(b)))
            if small < NEAR_MIN_WORDS or small < NEAR_SHARE * large:
                continue  # too short to judge, or too different in size to be alike
            if values_a != values_b:
                continue  # another number, version or name: another fact (newuser33 #1)
            common = len(a & b)
            if common >= NEAR_SHARE * (len(a) + len(b) - common) and \
                    not differ_in_subject(text_a, text_b):  # two subjects: two facts
                out.append(finding("duplicate_entry", name, line_b,
                                   f"nearly the same words as the entry on line {line_a}, "
                                   "with the same values: Hermes loads both; if they say "
                                   "one thing, merge them (which wording to keep is yours "
                                   "to judge)"))
                break
    whole = DELIMITER.join(e for e, _ in entries)
    stripped = text.strip()
    if stripped != whole:
        lead = len(text) - len(text.lstrip())
        at = common_prefix(stripped, whole)
        out.append(finding("no_round_trip", name, text.count("\n", 0, lead + at) + 1,
                           "the file does not read back as a clean §-separated list (a "
                           "stray separator or blank entry): Hermes refuses to replace or "
                           "remove entries until it is rewritten"))
    return out
