"""What a batch of the agent's tool calls did to memory, found by comparing two audits:
short phrases for the operator (the tool cards, the turn's summary line)."""

from __future__ import annotations

from collections import Counter

from memtui.core.audit import AuditResult
from memtui.core.profiles.gemini import POINTER
from memtui.core.reporting.unloaded_lines import added_unloaded, unloaded_phrase
from memtui.core.reporting.wording import plural
from memtui.core.workspace import INDEX_NAME

#: How an effect says a write dropped lines the memory held (the tool card shows it in the
#: warning colour: ctrl+z brings them back).
LINES_GONE = "it held"
#: How an effect names a link a write left broken (the turn's summary line lists them).
BROKEN_LINK = "broken link "
#: How an effect names a ``[[wikilink]]`` a write left leading nowhere (listed the same way).
DANGLING = "dangling [[ ]] "
#: How an effect names text a write added that a check flags as a hazard: a credential,
#: or an instruction to the agent (newuser36 #23: an injection written into memory got no
#: word on its card or its turn line, a credential did). The card shows it in the warning
#: colour, the turn line names it.
CREDENTIAL = "credential-like text in "
INSTRUCTIONS = "instruction-like text in "
HAZARDS = (CREDENTIAL, INSTRUCTIONS)
#: How an effect says a memory lost its index line (the turn line counts it an orphan),
#: or got one; a Gemini CLI pointer line names its topic file rather than links it.
UNLINKED = " no longer linked from the index"
LINKED = " now linked from the index"
UNNAMED = f" no longer named by {INDEX_NAME}"
NAMED = f" now named by {INDEX_NAME}"


def changed_phrase(path: str, old: str, new: str) -> str:
    """A changed memory: "updated …", or "overwrote …: 3 lines it held are gone" when lines
    it held (not blank) are no longer in it (newuser26 #22: a write_file that dropped three
    facts and the description read "updated")."""
    gone = sum((Counter(ln for ln in old.splitlines() if ln.strip())
                - Counter(new.splitlines())).values())
    if not gone:
        return f"updated {path}"
    return (f"overwrote {path}: {gone:,} line{'' if gone == 1 else 's'} {LINES_GONE} "
            f"{'is' if gone == 1 else 'are'} gone")


def memory_effect(before: AuditResult, after: AuditResult) -> list[str]:
    """What changed in memory between two audits, in short operator-facing phrases."""
    return [phrase for _path, phrase in memory_effects(before, after)]


def memory_effects(before: AuditResult, after: AuditResult,
                   replaced: dict[str, str] | None = None) -> list[tuple[str, str]]:
    """What changed in memory between two audits: ``(the file concerned, a short
    operator-facing phrase)``; index entries count as MEMORY.md's. ``replaced``: what the
    writes found in the files they changed, read under the lock — truer than ``before``
    where an outside edit came between the two."""
    out: list[tuple[str, str]] = []
    old = {p: s.memory.text for p, s in before.scans.items()}
    old.update((p, text) for p, text in (replaced or {}).items() if p in old)
    new = {p: s.memory.text for p, s in after.scans.items()}
    for p in sorted(new.keys() - old.keys()):
        out.append((p, f"created {p} — " + ("linked from the index" if p in after.index_linked
                                            else "not in the index yet")))
    for p in sorted(old.keys() & new.keys()):
        if old[p] != new[p]:
            out.append((p, changed_phrase(p, old[p], new[p])))
    still_linked = {t for ln in after.index.lines for t in ln.targets}
    for p in sorted(old.keys() - new.keys()):
        out.append((p, f"deleted {p}" + (" — the index still links it" if p in still_linked
                                         else "")))
    if after.profile == "hermes":  # a store of § entries, not an index (newuser36 #32)
        out += store_phrases(before, after)
    elif after.profile == "gemini":  # pointer lines naming topic files
        out += pointer_phrases(before, after, old.keys() & new.keys())
    else:
        out += index_phrases(before, after, old.keys() & new.keys())
    seen = {(b.source, b.target) for b in before.broken_links}
    for b in after.broken_links:
        if (b.source, b.target) not in seen:
            out.append((b.source, f"{BROKEN_LINK}{b.source}:{b.line} → {b.target}"))
    # a [[wikilink]] the batch left leading nowhere (newuser36 #1: a memory deleted, the
    # [[name]] another memory held for it named nowhere)
    seen_wiki = {(w.source, w.target) for w in before.wikirefs if w.state == "dangling"}
    for w in after.wikirefs:
        if w.state == "dangling" and (w.source, w.target) not in seen_wiki:
            out.append((w.source, f"{DANGLING}{w.source}:{w.line} → [[{w.target}]]"))
    for kind, head, tail in (("secret", CREDENTIAL, "remove it"),
                             ("instruction_like", INSTRUCTIONS,
                              "the agent will read it as an order; remove it")):
        # by file and what it says, not by line: a finding already there that a write only
        # moved (a line inserted above it) is not the batch's (newuser37 #21)
        seen_here = Counter((f.path, f.message) for f in before.findings if f.kind == kind)
        for f in after.findings:
            if f.kind != kind:
                continue
            if seen_here[(f.path, f.message)] > 0:
                seen_here[(f.path, f.message)] -= 1
                continue
            out.append((f.path, f"{head}{f.path}:{f.line} — {tail}"))
    return out


def index_phrases(before: AuditResult, after: AuditResult, kept: set[str]
                  ) -> list[tuple[str, str]]:
    """What changed in an index of links: its entry lines, the memories it links."""
    out: list[tuple[str, str]] = []
    entries_before = Counter(ln.text for ln in before.index.lines if ln.kind in ("entry",
                                                                                 "packed"))
    entries_after = Counter(ln.text for ln in after.index.lines if ln.kind in ("entry",
                                                                               "packed"))
    added = sum((entries_after - entries_before).values())
    removed = sum((entries_before - entries_after).values())
    # an entry written where the agent never loads it (newuser36 #20: line 201 of a
    # Claude Code index was "index line added"); said as for any writer (newuser38 #19)
    past = added_unloaded(before, after)
    added -= len(past)
    if added > 0:
        out.append((INDEX_NAME, "index line added" if added == 1
                    else f"{added} index lines added"))
    if past:
        out.append((INDEX_NAME, unloaded_phrase(past, after)))
    if removed:
        out.append((INDEX_NAME, "index line removed" if removed == 1
                    else f"{removed} index lines removed"))
    if not added and not past and not removed and before.index.text != after.index.text:
        out.append((INDEX_NAME, f"{INDEX_NAME} edited (no index entry changed)"))
    for p in sorted((after.index_linked - before.index_linked) & kept):
        out.append((INDEX_NAME, f"{p}{LINKED}"))
    for p in sorted((before.index_linked - after.index_linked) & set(after.scans)):
        out.append((INDEX_NAME, f"{p}{UNLINKED}"))
    return out


def store_phrases(before: AuditResult, after: AuditResult) -> list[tuple[str, str]]:
    """What changed in Hermes' stores, in Hermes' terms: entries, and each store's share
    of its character limit (past it, Hermes refuses to add to the store)."""
    out: list[tuple[str, str]] = []
    was = {ld.what: ld for ld in before.block.loads if ld.entries is not None}
    for ld in after.block.loads:
        if ld.entries is None:
            continue
        old = was.get(ld.what)
        if old is not None and (old.entries, old.used) == (ld.entries, ld.used):
            continue
        delta = ld.entries - ((old.entries or 0) if old is not None else 0)
        word = "entry" if abs(delta) == 1 else "entries"
        head = (f"{delta} {word} added" if delta > 0 else f"{-delta} {word} removed"
                if delta < 0 else "an entry edited")
        over = ("; past Hermes' limit: Hermes will refuse further writes to this store"
                if ld.used > ld.limit else "")
        out.append((ld.path or ld.what,
                    f"{ld.what}: {head} ({plural(ld.entries, 'entry', 'entries')}, "
                    f"{ld.used:,} of {ld.limit:,} {ld.unit}{over})"))
    return out


def pointer_phrases(before: AuditResult, after: AuditResult, kept: set[str]
                    ) -> list[tuple[str, str]]:
    """What changed in Gemini CLI's MEMORY.md, in its terms: pointer lines, and the topic
    files they name."""
    out: list[tuple[str, str]] = []
    old = Counter(ln for ln in before.index.text.splitlines() if POINTER.match(ln))
    new = Counter(ln for ln in after.index.text.splitlines() if POINTER.match(ln))
    added, removed = sum((new - old).values()), sum((old - new).values())
    for n, verb in ((added, "added"), (removed, "removed")):
        if n:
            out.append((INDEX_NAME, f"pointer line {verb}" if n == 1
                        else f"{n} pointer lines {verb}"))
    if not added and not removed and before.index.text != after.index.text:
        out.append((INDEX_NAME, f"{INDEX_NAME} edited (no pointer line changed)"))
    for p in sorted((after.index_linked - before.index_linked) & kept):
        out.append((INDEX_NAME, f"{p}{NAMED}"))
    for p in sorted((before.index_linked - after.index_linked) & set(after.scans)):
        out.append((INDEX_NAME, f"{p}{UNNAMED}"))
    return out
