"""The derivation: everything across files, a pure function of all the scans plus the index.

Link resolution, the graph, reachability under the profile's load limit, orphans, each
file's report and findings, the findings many files share, and the result they make. Every
step reads only what it is given (`Inputs`); steps worth keeping between audits go through
`memtui.core.derivation.memo.Memo`, keyed by exactly what they read, so an audit after one file
changed redoes only what that file reaches.

Why a memo and not a full derivation every time (issues 21, 35): at 10,000 files a
derivation from cached scans costs ~200 ms of CPU and the near-duplicate pairing alone
~0.5 s, far past what lets the app redo it on every change. Each step over all files is
keyed by what of each file it reads (`Memo.once_by`), compared for the files scanned anew
alone, and the aggregates (edges, reachability, the near-duplicate buckets) are derived
from their last value by those files (`memtui.core.derivation.graph.patch_edges`, `reach_after`,
`memtui.core.checks.near_duplicate.Buckets`), each checked against the whole computation by the
tests: a one-file change costs ~20 ms at 10,000 files.

The module is past 500 lines because the steps share one set of inputs and one memo; split,
each part would take the other's dozen locals as arguments.
"""

from __future__ import annotations

import datetime as dt
import os
import posixpath
from collections import Counter, defaultdict
from collections.abc import Callable, Container, Hashable
from functools import lru_cache, partial
from itertools import accumulate, chain, count, filterfalse
from operator import attrgetter, is_not, itemgetter

from memtui.core.caches.pair_verdicts import PairVerdicts
from memtui.core.checks.contradiction import (
    contradiction_findings,
    findings_of_held_twice,
    held_twice,
)
from memtui.core.checks.findings import WORKSPACE, Finding, finding
from memtui.core.checks.missing_why import missing_findings
from memtui.core.checks.near_duplicate import (
    SPELLED,
    Buckets,
    NamedOf,
    Verdicts,
    crowded,
    crowded_finding,
    findings_of,
    pair_findings,
    pairs,
    without_instances,
)
from memtui.core.checks.noise import (
    folders_of,
    memory_shaped,
    noise_files,
    other_schema,
    quiet_noise,
)
from memtui.core.checks.project import ProjectIndex
from memtui.core.checks.stale_reference import Ref, references, stale_findings
from memtui.core.derivation.gathered import (
    copied,
    copy_finding,
    newest_cut,
    old_format_finding,
    stale_finding,
)
from memtui.core.derivation.graph import (
    Graph,
    Resolver,
    edges,
    loose,
    patch_edges,
    placeholders_of,
    reach_after,
    slug,
    spellings,
)
from memtui.core.derivation.index_dates import index_dates
from memtui.core.derivation.left_out import left_out
from memtui.core.derivation.link_target import (
    INSIDE,
    MISSING,
    folder_key,
    lexically_outside,
    outside_path,
    project_file,
)
from memtui.core.derivation.link_target import State as Where
from memtui.core.derivation.linked_mention import linked_already
from memtui.core.derivation.memo import Memo, Same
from memtui.core.derivation.mentions import told_once
from memtui.core.derivation.name_forms import mismatch_note, nfc, other_form
from memtui.core.derivation.suggestions import Suggestions
from memtui.core.files.name_order import name_key
from memtui.core.git.age import DAY
from memtui.core.heap import give_back, worth_it
from memtui.core.profiles import AgentView, Profile
from memtui.core.profiles import get as get_profile
from memtui.core.record import Record, replace
from memtui.core.results import (
    AuditOptions,
    AuditResult,
    BrokenLink,
    FileReport,
    InjectedBlock,
    LineCost,
    LinkResults,
    Orphan,
    WikiRef,
    finding_order,
)
from memtui.core.scanner.index import Index, mentioned_file
from memtui.core.scanner.lazy_pattern import lazy_pattern
from memtui.core.scanner.links import (
    Link,
    looks_like_path,
    names_a_folder,
    names_a_route,
    resolve_href,
    without_position,
)
from memtui.core.scanner.scan import DROPPED, INJECTED, NOT_INJECTED, FileScan, followed_unread
from memtui.core.scanner.shared_empty import share_links
from memtui.core.workspace import (
    INDEX_NAME,
    LINKS_OUT,
    MEMORY_DIR,
    Workspace,
    is_documentation,
)

#: The near-duplicate step's value: its findings by file, and the LSH buckets kept (by a
#: live auditor) to update them by the sketches that changed.
_Near = tuple[dict[str, tuple[Finding, ...]], Buckets | None]

_NO_LINES: dict[str, int] = {}  # a file's first lines once let go (`Inputs.let_go_links`)
_NO_LINKS: list[Link] = []  # a scan's links once let go (`Inputs.let_go_links`): never added to
_ABSENT = object()  # a file git knows nothing of (a key, unlike None: git knows no date)
# A file's state (report, findings, orphan, since, until), its parts taken in C.
_REPORT, _FINDINGS, _ORPHAN, _SINCE, _UNTIL = map(itemgetter, range(5))
_NOT_NONE = partial(is_not, None)
_WIKIREFS, _BROKEN = attrgetter("wikirefs"), attrgetter("broken")


class Inputs(Record):
    """Everything the derivation reads."""

    ws: Workspace
    options: AuditOptions
    profile: str
    now: float
    scans: dict[str, FileScan]  # in path order
    index: Index
    line_costs: list[LineCost]
    index_own: list[Finding]  # what the index yields on its own (`scan.index_findings`)
    #: Where a path that is no memory lies (a link to a README, or out of the workspace):
    #: `memtui.core.derivation.link_target.target_state`'s inside, outside or missing.
    exists: Callable[[str], Where]
    #: The injected block, given how many index lines the profile loads.
    block: Callable[[int], InjectedBlock]
    git: dict[str, float | None]
    notes: list[tuple[str, str]]  # (path, problem)
    docs: list[str]
    pause: Callable[[], None] = lambda: None
    #: Workspace-level findings discovery made (memtui.core.agent_paths: files other tools
    #: run or load, names Windows reserves).
    flagged: list[Finding]
    #: What an agent profile made of the folder (`memtui.core.profiles.base.AgentView`).
    agent: AgentView | None = None
    #: The project stale references are checked against (None: not checked), and a key
    #: that changes when it does (its listing's digest).
    project: ProjectIndex | None = None
    project_key: object = None
    #: The caller reads no scan's links once they are resolved, nor its sketch once paired
    #: (a one-shot audit, issue 35): each file's links are let go as soon as they are
    #: resolved, and the sketches are paired first of all and let go then, so that what
    #: they held makes room for what the derivation makes next.
    let_go_links: bool = False
    #: The pairing's verdicts kept from earlier runs, added to (none: every pair judged).
    verdicts: Verdicts | None = None
    #: The archive folders the audit left out (a ``[[name]]`` of a memory archived there
    #: says so, not "names no memory yet": newuser33 #27).
    archives: list[str]

    def __init__(self, ws: Workspace, options: AuditOptions, profile: str, now: float,
                       scans: dict[str, FileScan], index: Index, line_costs: list[LineCost],
                       index_own: list[Finding], exists: Callable[[str], Where],
                       block: Callable[[int], InjectedBlock],
                       git: dict[str, float | None] | None = None,
                       notes: list[tuple[str, str]] | None = None, docs: list[str] | None = None,
                       pause: Callable[[], None] = lambda: None,
                       flagged: list[Finding] | None = None, agent: AgentView | None = None,
                       project: ProjectIndex | None = None, project_key: object = None,
                       let_go_links: bool = False, verdicts: Verdicts | None = None,
                       archives: list[str] | None = None) -> None:
        self.ws = ws
        self.options = options
        self.profile = profile
        self.now = now
        self.scans = scans
        self.index = index
        self.line_costs = line_costs
        self.index_own = index_own
        self.exists = exists
        self.block = block
        self.git = {} if git is None else git
        self.notes = [] if notes is None else notes
        self.docs = [] if docs is None else docs
        self.pause = pause
        self.flagged = [] if flagged is None else flagged
        self.agent = agent
        self.project = project
        self.project_key = project_key
        self.let_go_links = let_go_links
        self.verdicts = verdicts
        self.archives = [] if archives is None else archives


def derive(inp: Inputs, memo: Memo | None = None) -> AuditResult:
    """The audit's result from its inputs; ``memo`` keeps steps for the next call. With
    nothing it reads changed (the same scans, index, files, git dates and options, and
    ages that still hold) the last result is given again, as a copy with its own findings
    list and a block made again (the block reads the other context files)."""
    memo = memo or Memo()
    paths = tuple(inp.scans)
    # The files whose scan is not the one of the last call (None: other files): each step
    # over all files looks at those alone (`Memo.once_by`, `Memo.each_changed`).
    changed = memo.changed("scans", inp.scans)  # type: ignore[arg-type]
    if inp.agent is not None:  # it read files no key here knows of: derived afresh
        return _derive(inp, memo, changed)
    # A live auditor (one keeping texts: the app) keeps what each step read of each file,
    # to compare the next call's changed files with; a one-shot audit does not.
    memo.keep_parts = inp.options.keep_texts
    # A token kept while every scan is equal to the last call's (compared for the changed).
    scans_key = memo.once_by("scans", None, paths, changed, inp.scans.__getitem__,
                             lambda _d, _v: object()) if memo.keep_parts \
        else tuple(inp.scans.values())
    key = (paths, scans_key, inp.index, inp.index_own,
           inp.line_costs, inp.exists, inp.git, inp.notes, inp.docs, inp.flagged,
           replace(inp.options), inp.profile,  # a copy: options may be changed in place
           inp.project_key)
    now, made = inp.now, []

    def make() -> AuditResult:
        made.append(True)
        return _derive(inp, memo, changed)
    kept = memo.once("result", key, make, holds=lambda r: r.holds[0] <= now < r.holds[1])
    if made:  # (a result's lists are never changed in place: callers replace them)
        return replace(kept, documentation=list(inp.docs))
    # A copy: the caller may replace its findings (suppression) or sort its lists.
    return replace(kept, scans=inp.scans, files=list(kept.files),
                   findings=list(kept.findings), orphans=list(kept.orphans),
                   broken_links=list(kept.broken_links), wikirefs=list(kept.wikirefs),
                   index_linked=set(kept.index_linked), reachable=set(kept.reachable),
                   block=kept.block if made else inp.block(kept.loaded_lines),
                   documentation=list(inp.docs))


def _derive(inp: Inputs, memo: Memo, changed: list[str] | None) -> AuditResult:
    """The derivation, ``changed`` naming the files whose scans are not the last call's
    (None: any)."""
    opts, scans, index = inp.options, inp.scans, inp.index
    paths = tuple(scans)
    # A one-shot audit pairs the sketches before anything else is made, and lets go of
    # them (issue 35: ~75 MB at 50,000 memories, with the pairing's own ~25 MB, were held
    # at the derivation's peak; made first, the pairing reuses the room the scan cache's
    # writing left, and the steps after it the sketches').
    near_first = _near_first(scans, inp.verdicts) if inp.let_go_links else None
    # ... then finds the claims two memories hold and lets go of every memory's claims
    # (~25 MB at 50,000 memories: their room is the later steps'), once the sketches' room
    # is given back (the search's table, ~19 MB at 50,000, is not held beside them)
    twice = _claims_first(scans) if inp.let_go_links else None
    resolver = memo.once_by(
        "resolver", None, paths, changed, lambda rel: scans[rel].memory.name,  # type: ignore[index]
        lambda _d, _v: Resolver((p, s.memory.name, s.memory.stem, s.spellings)
                                for p, s in scans.items()))
    pos: dict[str, int] = memo.once("positions", paths, lambda: dict(zip(paths, count())))
    suggestions: dict[str, list[str]] = memo.once("suggestions", (paths, inp.exists), dict)

    profile = get_profile(inp.profile)
    directive = None if type(profile).directive is Profile.directive else profile.directive

    unread = {rel for rel, _ in inp.notes}  # (a FIFO: its read_problem says it)
    in_project = None if inp.project is None \
        else partial(project_file, str(inp.ws.root), inp.project.root)

    injection = inp.agent.injection if inp.agent is not None else None
    every_turn = frozenset(injection.files) - {INDEX_NAME} if injection is not None \
        else frozenset()

    archived = archive_finder(str(inp.ws.root), inp.archives) if inp.archives else None

    def resolve(rel: str, links: list[Link], wls: list[Link], keep_self: bool = False
                ) -> LinkResults:
        if not profile.wikilinks:  # an agent that follows none: inert text
            wls = []
        elif directive is not None and wls:  # the agent's tags are no wikilinks
            wls = [lk for lk in wls if not directive(lk.target or "")]
        return resolve_links(rel, links, wls, scans, resolver, inp.exists,
                             _suggester(suggestions, paths, opts.suggestions), keep_self,
                             left_out(opts) if rel == INDEX_NAME else None,
                             unread if rel == INDEX_NAME else (), in_project,
                             every_turn if rel == INDEX_NAME else (), archived)

    # The index: what it links and how much of it the profile loads. Only the loaded lines
    # count: a memory linked past the load limit is never seen.
    idx_links = memo.once("index links", (index, resolver, inp.exists, every_turn), lambda: (
        resolve(INDEX_NAME, [lk for ln in index.lines for lk in ln.links],
                [lk for ln in index.lines for lk in ln.wikilinks], keep_self=True)))
    head: list[Finding] = [*index_dates(inp.index_own, index, scans, profile.frontmatter),
                           *idx_links.findings]
    head.extend(finding("read_problem", rel, None, msg) for rel, msg in inp.notes)
    head.extend(followed_unread(rel) for rel, msg in inp.notes  # (the index's: its read)
                if msg.startswith(LINKS_OUT) and rel != INDEX_NAME)
    head.extend(inp.flagged)
    loaded = profile.loaded_lines(index, opts.max_lines, opts.max_bytes)
    if any(f.kind == "secret" and f.path == INDEX_NAME for f in head):
        # (the block only when the index holds a credential: it reads the other files)
        dropped = inp.block(loaded).dropped
        head = [_placed(f, loaded, dropped) for f in head]
    index_linked, past_limit = memo.once("loaded links", (idx_links, loaded),
                                         lambda: _loaded_links(idx_links, loaded))
    head.extend(profile.load_findings(index, loaded, opts.max_lines, opts.max_bytes))
    agent_broken: list[BrokenLink] = []
    if inp.agent is not None:
        refs = inp.agent.references
        index_linked = index_linked | (refs.found & set(paths))
        # (a file the agent loads that links out is said once: the walk of the memory
        # folder says it of the files it lists, the profile of the others)
        unread = {f.path for f in head if f.kind == "unchecked_text" and f.line is None}
        head.extend(f for f in inp.agent.findings
                    if not (f.kind == "unchecked_text" and f.line is None and f.path in unread))
        suggest_for = _suggester(suggestions, paths, opts.suggestions)
        for source, line, target in refs.broken:
            if linked_already(source, line, target, index, scans):
                continue
            agent_broken.append(BrokenLink(source, line, target, [] if lexically_outside(
                target) else suggest_for(target)))
            head.append(finding("broken_link", source, line, f"reference to {target}: "
                                "no such file"))
    folder = f"{MEMORY_DIR}/" if inp.ws.layout == "item" else None
    mentions, named = memo.once("mentions", (index, idx_links, paths, inp.exists),
                                lambda: unlinked_mentions(index, idx_links, scans, inp.exists,
                                                          folder))
    head.extend(mentions)
    if inp.agent is not None:
        # in the agent's terms, as each file's own findings are (newuser42 #21: Codex's
        # broken links in MEMORY.md kept the rule's severity)
        head = [profile.said(f) for f in head if profile.keeps(f)]
        if mentions and not profile.keeps(mentions[0]):
            named = {}

    # Links between memory files, and the graph they make.
    pause = inp.pause

    let_go = inp.let_go_links

    # An index the agent loads beside MEMORY.md (Claude Code's team/MEMORY.md): the lines of
    # each link it holds, kept before a one-shot audit lets a file's lines go.
    seconds = frozenset(profile.second_indexes(paths))
    second_lines: dict[str, dict[str, int]] = {}

    def links_of(rel: object) -> LinkResults:
        pause()
        s = scans[rel]  # type: ignore[index]
        got = resolve(rel, s.links, s.wikilinks)  # type: ignore[arg-type]
        if rel in seconds:
            second_lines[rel] = dict(got.first_line)  # type: ignore[index]
        if let_go:  # (a file's first lines are read of the index's links alone)
            s.links = s.wikilinks = _NO_LINKS
            got.first_line = _NO_LINES
        return got

    # Each file's links, resolved again only when its scan, the names or the files changed;
    # while the names and files are the same, only the files scanned anew are looked at.
    # When names changed (a rename) but not the files, those scanned anew and those whose
    # links ask the resolver something it now answers otherwise (`names_reach`).
    context = (resolver, inp.exists)
    last_context = memo.swap("links context", context)
    links_same = last_context is not None and last_context == context
    prev_lrs = memo.swap("link results", None)
    force: list[str] | None = [] if links_same else None
    if not links_same and changed is not None and isinstance(last_context, tuple) and \
            last_context[1] is inp.exists and isinstance(prev_lrs, dict) and \
            tuple(prev_lrs) == paths:  # the same files in the same order
        force = names_reach(last_context[0], resolver, changed,  # type: ignore[arg-type]
                            prev_lrs)  # type: ignore[arg-type]
    # A kept file's links hold while its scan does and the resolver answers it the same:
    # the token is made anew when that is not known (other files, or no last call).
    token = memo.swap("links token", None)
    if token is None or force is None:
        token = object()
    memo.swap("links token", token)
    lr_changed = None if force is None or changed is None \
        else [*changed, *filterfalse(set(changed).__contains__, force)]
    lrs: dict[str, LinkResults] = memo.each_changed(  # type: ignore[assignment]
        "links", paths, lr_changed, lambda rel: (scans[rel], token),  # type: ignore[index]
        links_of, force or ())
    memo.swap("link results", lrs)
    for rel in sorted(seconds):  # it and what its loaded lines link are linked
        first = second_lines.get(rel) or lrs[rel].first_line
        index_linked = index_linked | {rel} | {t for t in lrs[rel].targets
                                               if first.get(t, 0) <= opts.max_lines}
    if let_go:
        # Every link resolved: the resolver let go of before the steps after it (issue 35:
        # its tables, ~15 MB at 50,000 memories, make room for each file's state).
        memo.drop("resolver", "index links", "links context")
        resolver = context = None  # type: ignore[assignment]
    out, back, dangling = memo.once_by(
        "edges", None, paths, lr_changed, lambda rel: (lrs[rel].targets, lrs[rel].dangling),
        lambda diff, last: edges(lrs) if diff is None or last is None
        else patch_edges(last, lrs, diff))
    prev_out = memo.swap("out", out)  # the last call's
    graph = Graph(nodes=list(paths), out=defaultdict(list, out), back=defaultdict(list, back),
                  placeholders=defaultdict(list, memo.once(
                      "placeholders", dangling, lambda: placeholders_of(dangling))))
    last_reach = memo.swap("last reachable", None)
    reachable: set[str] = memo.once(
        "reachable", (Same(out), index_linked), lambda: reach_after(
            graph, index_linked, last_reach[0], prev_out, lr_changed)  # type: ignore[index]
        if isinstance(last_reach, tuple) and last_reach[1] == index_linked and
        isinstance(prev_out, dict) and lr_changed is not None
        else graph.reachable_from(index_linked))
    memo.swap("last reachable", (reachable, index_linked))
    duplicates = memo.once_by(
        "duplicates", None, paths, changed,
        lambda rel: (scans[rel].memory.name, scans[rel].name_line),  # type: ignore[index]
        lambda _d, _v: duplicate_findings(scans))
    keep_buckets = opts.keep_texts  # a live auditor (the app) keeps the LSH buckets

    def near_make(diff: list[str] | None, last: _Near | None) -> _Near:
        if diff is None or last is None or last[1] is None:
            sketches = {r: s.sketch for r, s in scans.items()}
            if not keep_buckets:
                return _with_crowded(findings_of(pairs(sketches, SPELLED, inp.verdicts),
                                                 _sizes(scans), sketches.__getitem__,
                                                 _named_of(inp.verdicts)),
                                     crowded(sketches)), None
            kept = Buckets(sketches, pos)
            return _with_crowded(findings_of(kept.found(inp.verdicts), _sizes(scans),
                                             sketches.__getitem__, _named_of(inp.verdicts)),
                                 kept.crowded()), kept
        found, kept = dict(last[0]), last[1]

        def sketch_of(rel: Hashable) -> bytes:
            return scans[rel].sketch  # type: ignore[index]
        # A file taken away leaves the buckets as a file with no sketch would, first and
        # under the order the buckets were sorted in: a rename's new path shares every
        # bucket with its old one, whose rank the new order no longer holds (newuser22 #1:
        # "audit failed: 'memory/scrap-log.md'" after R, scrap-log-2.md sorting first).
        gone = {r: b"" for r in diff if r not in scans}
        got = kept.update_pairs(gone) if gone else {}
        kept.order = pos  # the files kept are in the same order (`Memo.once_by`'s moves)
        got.update(kept.update_pairs({r: scans[r].sketch for r in diff if r in scans}))
        # (what each pair shares, named in its message: memoised by its two sketches, so
        # that a change names its own pairs alone, issue 35)
        named_of = _named_of(inp.verdicts)
        if kept.known is not None:  # every pair known: a hub's are left out as `pairs`'
            # (each file's findings a function of its pairs and the two sketches named:
            # those of the files whose pairs and sketches are the last call's reused)
            each = _memo_pair_findings(memo, sketch_of, named_of)
            sizes = memo.once_by("sizes", None, paths, changed,
                                 lambda rel: scans[rel].memory.size,  # type: ignore[index]
                                 partial(_sizes_make, scans), moves=True)
            return _with_crowded(findings_of(kept.known, sizes,  # (a change
                                             sketch_of, named_of, each), kept.crowded()), kept
        for rel, others in got.items():
            others = without_instances(rel, others)
            if others:
                found[rel] = pair_findings(rel, others, sketch_of,  # type: ignore[arg-type]
                                           named_of)
            else:
                found.pop(rel, None)  # type: ignore[arg-type]
        return _with_crowded(found, kept.crowded()), kept
    near = near_first if near_first is not None else memo.once_by(
        "near duplicates", None, paths, changed, lambda rel: scans[rel].sketch,  # type: ignore[index]
        near_make, moves=True)[0]
    if WORKSPACE in near:  # what the pairing left uncompared (`_with_crowded`): the head's
        head.extend(near[WORKSPACE])
        near = memo.once("near files", Same(near),
                         lambda: {rel: f for rel, f in near.items() if rel != WORKSPACE})
    # Contradictions line by line, at any size and in every script (newuser35 #1, #20),
    # a memory the pairing already told of one passed over.
    def said() -> set[str]:
        return {r for r, fs in near.items() if any(f.kind == "contradiction" for f in fs)}
    if twice is not None:
        contra = findings_of_held_twice(twice, said())
    else:  # a function of the claims alone, the pairing's told ones passed over after
        # (`said` filters its output only): a body edit that changes a sketch and no claim
        # no longer finds every claim held twice again (issue 35)
        every = memo.once_by(
            "contradictions", None, paths, changed,
            lambda rel: scans[rel].claims,  # type: ignore[index]
            lambda _d, _v: contradiction_findings({r: s.claims for r, s in scans.items()}))
        contra = memo.once("contradictions told", (Same(every), Same(near)),
                           lambda: _told_apart(every, said()))
    if WORKSPACE in contra:  # the claims too crowded to compare: the head's
        head.extend(contra[WORKSPACE])
        contra = {rel: f for rel, f in contra.items() if rel != WORKSPACE}
    project = inp.project

    def stale_make(diff: list[str] | None, last: dict[str, tuple[Finding, ...]] | None
                   ) -> dict[str, tuple[Finding, ...]]:
        if project is None:
            return {}
        if diff is None or last is None:
            return stale_findings({r: s.refs for r, s in scans.items()}, project)
        # Each file's findings are its own references' (a pure function of them).
        found = {r: last[r] for r in last.keys() - diff}
        found.update(stale_findings({r: scans[r].refs for r in diff if r in scans}, project))
        return found
    stale_refs = memo.once_by(
        "stale references", inp.project_key, paths, changed,
        lambda rel: scans[rel].refs, stale_make, moves=True)  # type: ignore[index]

    if project is not None:  # the index's own lines, read every turn (newuser31 #21)
        head.extend(memo.once("index stale", (index, inp.project_key),
                              lambda: index_stale(index, project)))

    def labels(rel: str) -> tuple[str, int, tuple[bool, bool]] | None:
        s = scans[rel]
        return None if s.why is None else (s.memory.type or "", s.memory.body_start, s.why)
    why = memo.once_by("missing why", None, paths, changed, labels,  # type: ignore[arg-type]
                       partial(_why_make, scans, labels), moves=True)[0]
    duplicates = memo.once("per-file extras", (duplicates, near, Same(contra), stale_refs, why),
                           lambda: _merged(duplicates, near, contra, stale_refs, why))
    types = memo.once_by(
        "types", None, paths, changed, lambda rel: scans[rel].memory.type,  # type: ignore[index]
        lambda _d, _v: Counter((s.memory.type or "unknown") for s in scans.values()))

    # Each file's share: its report, its findings (sorted) and its orphan record.
    git = inp.git
    def undated(rel: str) -> float | None:  # an mtime that may be a copy's
        s = scans[rel]
        return s.mtime if s.dated is None and rel not in git else None
    copy_files = memo.once_by(
        "copied", git, paths, changed, undated,  # type: ignore[arg-type]
        lambda diff, last: copied(
            {rel: t for rel in paths if (t := undated(rel)) is not None}
            if diff is None or last is None else {rel: undated(rel) for rel in diff},
            diff, last))[0]
    old_format = memo.once_by(
        "old format", None, paths, changed, lambda rel: scans[rel].old_format,  # type: ignore[index]
        lambda _d, _v: [rel for rel, s in scans.items() if s.old_format])
    now = inp.now

    def state_key(rel: str, s: FileScan) -> object:
        linked = rel in index_linked
        return (s, lrs[rel], linked, rel in reachable, duplicates.get(rel), rel in copy_files,
                past_limit.get(rel), None if linked else tuple(back.get(rel, ())),
                git.get(rel, _ABSENT))

    def state(rel: object) -> tuple[FileReport, list[Finding], Orphan | None, float, float]:
        pause()
        r = str(rel)
        return file_state(r, scans[r], lrs[r], r in index_linked, r in reachable, git, now,
                          r in copy_files, past_limit.get(r), duplicates.get(r),
                          back.get(r, []), profile)

    # A kept state holds while the file's age in whole days is the same. While what the
    # files share (links to them, reachability, names, dates) is the same, only the files
    # scanned anew are looked at; once an age no longer holds, every file is.
    State = tuple[FileReport, list[Finding], Orphan | None, float, float]

    def window(made: dict[str, State]) -> tuple[float, float]:
        return (max(map(_SINCE, made.values()), default=float("-inf")),
                min(map(_UNTIL, made.values()), default=float("inf")))

    shared = (index_linked, reachable, duplicates, copy_files, past_limit, back, git)
    last = memo.swap("states context", shared)
    touched = None  # the files whose state key can have changed (None: any)
    if lr_changed is not None and isinstance(last, tuple) and \
            last[:1] + last[3:5] == shared[:1] + shared[3:5] and \
            (redated := _dated_anew(last[6], git)) is not None:  # type: ignore[arg-type]
        # Only the links and the steps over many files changed: the files scanned anew,
        # those whose links from others (``back``) or whose reachability changed with them,
        # and those whose findings of those steps (a near-duplicate pair, the **Why:**
        # convention) changed; and those git dates anew (a file's state reads its own
        # date alone: a trend's commit dates the files it wrote, issue 35).
        last_back, last_extra = last[5], last[2]
        touched = {*lr_changed, *(reachable ^ last[1]), *redated}
        if last_extra is not duplicates:
            touched.update(rel for rel in last_extra.keys() | duplicates.keys()  # type: ignore[attr-defined]
                           if last_extra.get(rel) != duplicates.get(rel))  # type: ignore[attr-defined]
        if back is not last_back and isinstance(prev_out, dict):
            for rel in lr_changed:  # links to a file change only with the files linking it
                touched.update(prev_out.get(rel, ()))
                touched.update(out.get(rel, ()))
        elif back is not last_back:
            touched.update(rel for rel in back.keys() | last_back.keys()
                           if back.get(rel) != last_back.get(rel))
    states: dict[str, State] = memo.each_changed(  # type: ignore[assignment]
        "states", paths, touched, lambda rel: state_key(rel, scans[rel]),  # type: ignore[index]
        state)
    states_changed = memo.made  # the files whose state is not the last call's
    since, until = window(states)
    if not since <= now < until:
        states_changed = None
        states = memo.each(  # type: ignore[assignment]
            "states", ((rel, state_key(rel, s)) for rel, s in scans.items()), state,
            holds=lambda st: st[3] <= now < st[4])
        since, until = window(states)
    reports = list(map(_REPORT, states.values()))
    in_order = memo.once("in order", paths,
                         lambda: list(paths) == sorted(paths, key=name_key))
    orphans = list(filter(_NOT_NONE, map(_ORPHAN, states.values()))) if in_order else \
        [o for rel in sorted(states, key=name_key) if (o := states[rel][2]) is not None]

    # What many files share: one finding each, listing the files.
    # A file the agent dates by its name keeps that date in a copy, so only the rest are
    # said to have no known age (newuser24 #7: 53 OpenClaw daily notes were listed).
    if unknown_age := {rel for rel in copy_files if profile.dated(rel) is None}:
        # (kept while the same files: a kept auditor's re-audit of a copied folder)
        head.append(memo.once("copy finding", (unknown_age, in_order), lambda: copy_finding(
            unknown_age, pos.__getitem__ if in_order else None)))
    stale_days = opts.stale_days

    def counted_age(rel: object) -> tuple[int, str] | None:
        r = states[rel][0]  # type: ignore[index]
        return (r.age_days, r.age_source) if stale_days is not None and \
            r.age_days > stale_days and r.age_source != "unknown" and profile.ages(r.path) \
            else None
    # A MEMORY.md that is a store of memories (Hermes) ages like them (newuser30 #6: its
    # USER.md was called stale, the MEMORY.md beside it of the same age never).
    store_age = index_age(index, git, now) if profile.index_is_store else None
    if store_age is not None:
        since, until = max(since, store_age[2]), min(until, store_age[3])
    own_age = () if store_age is None else ((INDEX_NAME, *store_age[:2]),)
    gathered = (memo.once_by("stale", (stale_days, inp.profile, own_age), paths,
                             states_changed, counted_age, lambda _d, _v: stale_finding(
                                 chain(own_age, ((r.path, r.age_days, r.age_source)
                                                 for r in reports if profile.ages(r.path))),
                                 stale_days)),
                None if profile.top_level_type else old_format_finding(old_format))
    head.extend(f for f in gathered if f is not None)

    if past_limit:  # the newest memories among those past the limit (newuser35 #19)
        head = [newest_cut(f, past_limit, chain(index_linked, past_limit),
                           ((r.path, r.age_days) for r in reports
                            if r.age_source != "unknown" and profile.ages(r.path)))
                if f.kind == "beyond_load_limit" else f for f in head]
    # Findings: the index's first, then each file's in path order (each file's own list is
    # sorted already); a full sort only when a skipped path must be merged in.
    findings = sorted(head, key=finding_order)
    findings.extend(chain.from_iterable(map(_FINDINGS, states.values())))
    if inp.notes or inp.flagged:
        findings.sort(key=finding_order)
    if named and orphans:  # an orphan the index names in backticks: one finding (fix40a)
        findings = told_once(findings, named, orphans)
    # Issue 19 §4: one screen. The files it gathers are kept while the paths, what is
    # reachable and each file's shape are the same (the common edit of a body).
    shapes = memo.each_changed(
        "shape", paths, changed, lambda rel: scans[rel],  # type: ignore[index]
        lambda rel: memory_shape(scans[rel]))  # type: ignore[index]
    under = memo.once("folders", paths, lambda: folders_of(paths))
    others = memo.once_by("other schema", None, paths, changed,
                          lambda rel: shapes[rel][1],  # type: ignore[index]
                          lambda _d, _v: [rel for rel, shape in shapes.items() if shape[1]])
    shaped = memo.once_by("shapes", None, paths, changed, shapes.__getitem__,  # type: ignore[arg-type]
                          lambda _d, _v: object())  # a token kept while every shape is equal
    noisy = memo.once("noise files", (Same(reachable), shaped, Same(under)),
                      lambda: noise_files(scans, reachable, under, shapes,  # type: ignore[arg-type]
                                          others))
    quieter = quiet_noise(findings, scans, reachable, noisy)
    if quieter is not None:
        findings = sorted(quieter, key=finding_order)
    wikirefs, broken = memo.once_by(
        "link lists", (idx_links, tuple(agent_broken)), paths, lr_changed,
        lambda rel: (lrs[rel].wikirefs, lrs[rel].broken),
        lambda diff, last: _link_lists(lrs, diff, last, pos, [*idx_links.wikirefs],
                                       [*idx_links.broken, *agent_broken],
                                       memo.keep_parts))[:2]
    # a link the agent never follows is not counted as broken where no finding says so
    # (newuser24 #8: OpenClaw's notes)
    broken = [b for b in broken if profile.follows_links_in(b.source)]
    return AuditResult(inp.ws, inp.profile, opts, scans, reports, index, set(index_linked),
                       reachable, orphans, broken, wikirefs, graph, inp.block(loaded),
                       inp.line_costs, loaded, findings,
                       {k: v for k, v in types.most_common() if v > 0},
                       documentation=list(inp.docs), holds=(since, until),
                       store=store_row(index, store_age, findings))


def store_row(index: Index, age: tuple[int, str, float, float] | None,
              findings: list[Finding]) -> FileReport | None:
    """A MEMORY.md that is a store of memories (Hermes) as a memory file's row: its size,
    the age `stale` gives it, its findings (newuser34 #16); None when it is not one
    (``age`` None)."""
    if age is None:
        return None
    return FileReport(INDEX_NAME, None, None, index.size, age[0], age[1], True, True, {},
                      sum(1 for f in findings if f.path == INDEX_NAME))


def _dated_anew(last: dict[str, float | None], git: dict[str, float | None]
               ) -> list[str] | None:
    """The files whose git date in ``git`` is not the one in ``last`` (one dated in only
    one of them included); None when more than a few are (every file is looked at then)."""
    if last is git:
        return []
    if len(last) == len(git) and last == git:
        return []
    if abs(len(last) - len(git)) > _FEW_REDATED:
        return None
    out = [rel for rel, when in git.items() if last.get(rel, _ABSENT) != when]
    out.extend(rel for rel in last.keys() - git.keys())
    return out if len(out) <= _FEW_REDATED else None


#: Past this many files dated anew, the states step looks at every file (`_dated_anew`).
_FEW_REDATED = 1_000


def _with_crowded(found: dict[str, tuple[Finding, ...]], groups: list[list[Hashable]]
                  ) -> dict[str, tuple[Finding, ...]]:
    """The near-duplicate findings by file, and under ``WORKSPACE`` the one saying what the
    pairing left uncompared past ``ALL_PAIRS`` (`crowded_finding`; newuser31 #9)."""
    found.pop(WORKSPACE, None)
    said = crowded_finding(groups)
    if said is not None:
        found[WORKSPACE] = (said,)
    return found


def _told_apart(found: dict[str, tuple[Finding, ...]], said: set[str]
                ) -> dict[str, tuple[Finding, ...]]:
    """The contradiction findings ``found`` without those of the memories in ``said``
    (`contradiction_findings`' ``said``; the workspace's own kept)."""
    if not said or said.isdisjoint(found):
        return found
    return {rel: fs for rel, fs in found.items() if rel not in said}


def _sizes_make(scans: dict[str, FileScan], diff: list[str] | None,
                last: dict[str, int] | None) -> dict[str, int]:
    """`_sizes`, or from ``last`` by the files of ``diff`` (some maybe gone)."""
    if diff is None or last is None:
        return _sizes(scans)
    out = dict(last)
    for rel in diff:
        s = scans.get(rel)
        if s is None:
            out.pop(rel, None)
        else:
            out[rel] = s.memory.size
    return out


def _sizes(scans: dict[str, FileScan]) -> dict[str, int]:
    """Each memory's size in bytes (a hub is the smaller side of its pairs: `findings_of`)."""
    return {rel: s.memory.size for rel, s in scans.items()}


def _claims_first(scans: dict[str, FileScan]) -> dict[str, list[tuple[str, str]]]:
    """The claims two memories or more hold (`held_twice`), every scan's claims let go of
    then (a one-shot audit: `Inputs.let_go_links`; its scan cache is written before)."""
    twice = held_twice({rel: s.claims for rel, s in scans.items()})
    for s in scans.values():
        s.claims = ""
    return twice


def _pairs_key(others: list[tuple[float, Hashable]]) -> tuple[object, ...]:
    """A file's pairs as a key: each other file and its measure, with the measure's kind and
    what it carries (`Contradicting`'s values, `Copied`'s lines: a float compares equal to
    another kind of the same value)."""
    return tuple((o, type(s), float(s), tuple(getattr(s, "__dict__", {}).items()))
                 for s, o in others)


def _memo_pair_findings(memo: Memo, sketch_of: Callable[[Hashable], bytes],
                        named_of: NamedOf | None
                        ) -> Callable[[str, list[tuple[float, Hashable]]], tuple[Finding, ...]]:
    """`pair_findings` memoised by the file, its pairs (`_pairs_key`) and the sketches of the
    file and of each other (what the message names), the last call's values kept (a kept
    auditor's: the values of this call replace them)."""
    last = memo.swap("pair findings", None)
    old: dict[object, tuple[Finding, ...]] = last if isinstance(last, dict) else {}
    new: dict[object, tuple[Finding, ...]] = {}
    memo.swap("pair findings", new)

    def each(rel: str, others: list[tuple[float, Hashable]]) -> tuple[Finding, ...]:
        try:
            key = (rel, _pairs_key(others), sketch_of(rel),
                   tuple(sketch_of(o) for _, o in others))
        except KeyError:
            return pair_findings(rel, others, sketch_of, named_of)
        got = old.get(key)
        if got is None:
            got = pair_findings(rel, others, sketch_of, named_of)
        new[key] = got
        return got
    return each


def _named_of(verdicts: Verdicts | None) -> NamedOf | None:
    """What each reported pair shares (`sketches_named`), memoised by the two sketches in the
    verdicts' store when it keeps them (`PairVerdicts.named_of`; none: made for each)."""
    return verdicts.named_of() if isinstance(verdicts, PairVerdicts) else None


def _near_first(scans: dict[str, FileScan], verdicts: Verdicts | None = None
                ) -> dict[str, tuple[Finding, ...]]:
    """The near-duplicate step's findings by file, from every scan's sketch, each sketch
    let go of then (a one-shot audit: `Inputs.let_go_links`)."""
    sketches = {rel: s.sketch for rel, s in scans.items()}
    found = _with_crowded(findings_of(pairs(sketches, SPELLED, verdicts), _sizes(scans),
                                      sketches.__getitem__, _named_of(verdicts)),
                          crowded(sketches))
    del sketches
    for s in scans.values():
        s.sketch = b""
    if worth_it(len(scans)):
        # their room given back: the steps after the pairing would not reuse it, and
        # climbed ~20 MiB past its level at 50,000 memories (`memtui.core.heap`)
        give_back()
    return found


#: The four values of `memory_shape`, shared by every file (one tuple each was ~2.7 MB at
#: 50,000 memories, held to the derivation's end, issue 35).
_SHAPES: dict[tuple[bool, bool], tuple[bool, bool]] = {
    (a, b): (a, b) for a in (False, True) for b in (False, True)}


def memory_shape(scan: FileScan) -> tuple[bool, bool]:
    """What of a file decides whether it is noise (`memtui.core.checks.noise`)."""
    return _SHAPES[memory_shaped(scan.memory), other_schema(scan.memory)]


def _suggester(known: dict[str, list[str]], paths: tuple[str, ...], on: bool
               ) -> Callable[[str], list[str]]:
    names: list[Suggestions] = []  # built at the first broken link, once

    def suggestions(target: str) -> list[str]:
        if not on:
            return []
        if target not in known:
            if not names:
                names.append(Suggestions(paths))
            known[target] = names[0](target)
        return known[target]
    return suggestions


#: The link lists' value: every WikiRef, every BrokenLink, and how many of each the index
#: (and an agent's references) and each file gave, in path order.
_Lists = tuple[list[WikiRef], list[BrokenLink], list[int], list[int]]


def _link_lists(lrs: dict[str, LinkResults], diff: list[str] | None, last: _Lists | None,
                pos: dict[str, int], wiki_head: list[WikiRef], broken_head: list[BrokenLink],
                counted: bool = True) -> _Lists:
    """Every file's wikirefs and broken links after the index's, in path order; from
    ``last`` by the files of ``diff`` (their segments replaced), when given. ``counted``:
    whether to count each file's (only a next call can use the counts)."""
    if diff is None or last is None:
        return ([*wiki_head, *chain.from_iterable(map(_WIKIREFS, lrs.values()))],
                [*broken_head, *chain.from_iterable(map(_BROKEN, lrs.values()))],
                [len(wiki_head), *map(len, map(_WIKIREFS, lrs.values()))] if counted else [],
                [len(broken_head), *map(len, map(_BROKEN, lrs.values()))] if counted else [])
    wiki, broken, wiki_n, broken_n = last[0], last[1], list(last[2]), list(last[3])
    wiki_at, broken_at = list(accumulate(wiki_n)), list(accumulate(broken_n))
    wiki_parts: list[list[WikiRef]] = []
    broken_parts: list[list[BrokenLink]] = []
    w_end, b_end = len(wiki), len(broken)
    for rel in sorted(diff, key=pos.__getitem__, reverse=True):  # the last segment first
        n, lr = pos[rel] + 1, lrs[rel]
        wiki_parts += (wiki[wiki_at[n]:w_end], lr.wikirefs)
        broken_parts += (broken[broken_at[n]:b_end], lr.broken)
        w_end, b_end = wiki_at[n] - wiki_n[n], broken_at[n] - broken_n[n]
        wiki_n[n], broken_n[n] = len(lr.wikirefs), len(lr.broken)
    wiki_parts.append(wiki[:w_end])
    broken_parts.append(broken[:b_end])
    return ([*chain.from_iterable(reversed(wiki_parts))],
            [*chain.from_iterable(reversed(broken_parts))], wiki_n, broken_n)


def _loaded_links(idx_links: LinkResults, loaded: int) -> tuple[frozenset[str], dict[str, int]]:
    """The files the index links within the lines loaded, and those it links past them
    (with the first line linking each)."""
    first = idx_links.first_line
    return (frozenset(t for t in idx_links.targets if first[t] <= loaded),
            {t: first[t] for t in idx_links.targets if first[t] > loaded})


#: The missing-why step's value: its findings by file, and the files holding a label.
_Why = tuple[dict[str, tuple[Finding, ...]], set[str]]


def _why_make(scans: dict[str, FileScan],
              labels: Callable[[str], tuple[str, int, tuple[bool, bool]] | None],
              diff: list[str] | None, last: _Why | None) -> _Why:
    """`missing_findings` as findings by file, whole or from ``last`` by the files of
    ``diff`` (some maybe gone): while some file holds a label (or none does) before and
    after, each file's finding is its own labels'."""
    if diff is not None and last is not None:
        found, holding = dict(last[0]), set(last[1])
        mine = {}
        for rel in diff:
            found.pop(rel, None)
            got = labels(rel) if rel in scans else None
            holding.discard(rel)
            if got is not None:
                mine[rel] = got
                if got[2][0] or got[2][1]:
                    holding.add(rel)
        if bool(holding) == bool(last[1]):
            if holding:  # "": a file holding both labels, the convention in force
                mine[""] = ("", 0, (True, True))
                found.update((rel, (finding("missing_why", rel, line, message),))
                             for rel, line, message in missing_findings(mine).values())
            return found, holding
    given = {rel: got for rel in scans if (got := labels(rel)) is not None}
    return ({rel: (finding("missing_why", rel, line, message),)
             for rel, line, message in missing_findings(given).values()},
            {rel for rel, (_, _, (why, how)) in given.items() if why or how})


def _merged(*extras: dict[str, tuple[Finding, ...]]) -> dict[str, tuple[Finding, ...]]:
    """Each file's findings of the steps over many files, in the order of ``extras``."""
    merged = extras[0]
    for extra in extras[1:]:
        if extra:
            merged = {rel: (*merged.get(rel, ()), *extra.get(rel, ()))
                      for rel in merged.keys() | extra.keys()}
    return merged


_LINK_TARGET = lazy_pattern(r"\]\([^)\n]*\)|\[\[[^\]\n]*\]\]")


def index_stale(index: Index, project: ProjectIndex) -> list[Finding]:
    """The ``stale_reference`` findings of the index's own lines (a hook naming a function
    the project deleted is read every turn, without opening the memory: newuser31 #21).
    The lines' link targets and wikilinks are left out: they name memories, whose own
    findings say when they are gone."""
    refs: list[Ref] = []
    for line in index.lines:
        text = line.text
        if "`" in text or "/" in text or "--" in text:
            refs.extend(references(_LINK_TARGET.sub("]", text), line.number))
    return list(stale_findings({INDEX_NAME: tuple(refs)}, project).get(INDEX_NAME, ()))


def _placed(f: Finding, loaded: int, dropped: tuple[int, int] | None = None) -> Finding:
    """An index credential on a line past the ``loaded`` ones said to be there, not in the
    injected index (newuser29 #21); one in the middle the agent's cut drops (``dropped``,
    OpenClaw's 70 % head / 20 % tail) said to be there (newuser31 #11)."""
    if f.kind != "secret" or f.path != INDEX_NAME or not f.message.endswith(INJECTED):
        return f
    line = f.line or 0
    if line > loaded:
        where = NOT_INJECTED
    elif dropped is not None and dropped[0] <= line <= dropped[1]:
        where = DROPPED
    else:
        return f
    return finding("secret", f.path, f.line, f.message[:-len(INJECTED)] + where,
                   f.severity, f.files)


def at_position(lk: Link, scans: Container[str], exists: Callable[[str], Where]) -> Link:
    """``lk`` as a link to the file its destination names without an editor's
    ``:line[:col]`` (`without_position`: ``[Repo.cs:236](src/Repo.cs:236)``), when the
    destination as written is nowhere and that file is there: the link opens it at that
    line (real35: a project's file so linked was a false ``broken_link``). Else ``lk``:
    a file missing either way stays a broken link, named as written."""
    bare = without_position(lk.raw.strip())
    if bare is None:
        return lk
    if lk.outside or lk.target is None:
        path = outside_path(lk.source, lk.raw)
        if path is None or exists(path) is not MISSING:
            return lk
    elif lk.target in scans or exists(lk.target) is not MISSING:
        return lk
    resolved = resolve_href(lk.source, bare)
    if resolved is None:
        return lk
    target, outside = resolved
    if outside or target is None:
        path = outside_path(lk.source, bare)
        there = path is not None and exists(path) is not MISSING
    else:
        there = target in scans or exists(target) is not MISSING
    return Link(lk.source, lk.line, lk.kind, bare, target, lk.text, outside) if there else lk


def resolve_links(rel: str, links: list[Link], wls: list[Link], scans: dict[str, FileScan],
                  resolver: Resolver, exists: Callable[[str], Where],
                  suggestions: Callable[[str], list[str]], keep_self: bool = False,
                  left_out: Callable[[str], str | None] | None = None,
                  unread: Container[str] = (),
                  in_project: Callable[[str], bool] | None = None,
                  loaded: Container[str] = (),
                  archived: Callable[[str], str | None] | None = None) -> LinkResults:
    """Resolve one file's markdown links and wikilinks against the current files. A link
    out of the workspace is looked at, never followed (`memtui.core.derivation.link_target`): there
    is something → ``outside_link`` (info), nothing → ``broken_link``. ``left_out`` (the
    index's links): why a file that is there is no memory to the audit
    (`memtui.core.derivation.left_out`), said in its ``unaudited_link``; ``unread``: the
    files with a read problem of their own (a FIFO), no ``unaudited_link`` besides;
    ``in_project``: whether a path is the project's file (`memtui.core.derivation.
    link_target.project_file`), which ``exists`` answers as outside; ``loaded``: the files
    the agent loads into every turn besides the index (OpenClaw's SOUL.md, USER.md): a
    link to one sends the agent to nothing it has not read, no ``unaudited_link``;
    ``archived``: the file in an archive folder the audit left out that a ``[[name]]``
    naming no memory names (`archive_finder`), or None."""
    out = LinkResults()
    targets: list[str] = []
    for lk in links:
        if ":" in lk.raw:
            lk = at_position(lk, scans, exists)
        if lk.outside or lk.target is None:
            path = outside_path(lk.source, lk.raw)
            where = exists(path) if path is not None else MISSING
            if where is INSIDE:
                continue  # an absolute path (or ../) that comes back in: a file is there
            if where is not MISSING:
                out.findings.append(finding("outside_link", lk.source, lk.line,
                                            f"link to {lk.raw} leads outside the memory "
                                            "folder (it exists; not followed)"))
                continue
            if names_a_route(lk.raw):
                continue  # ``/pricing/``: a page of a web site (or a folder), no file
            out.broken.append(BrokenLink(lk.source, lk.line, lk.raw))
            out.findings.append(finding("broken_link", lk.source, lk.line,
                                        f"link to {lk.raw} leads outside the memory "
                                        "folder: no such file"))
        elif lk.target not in scans and (where := exists(lk.target)) is not INSIDE:
            if where is not MISSING and in_project is not None and in_project(lk.target):
                # Claude Code opens it from the project, its working folder (newuser28 #2)
                out.findings.append(finding("outside_link", lk.source, lk.line,
                                            f"link to {lk.target}: in the project, not a "
                                            "memory (the agent opens it from the project; "
                                            "not followed)"))
                continue
            if where is not MISSING:  # there, through a link leading out
                out.findings.append(finding("outside_link", lk.source, lk.line,
                                            f"link to {lk.target} leads outside the memory "
                                            "folder through a symbolic link (not followed)"))
                continue
            if not looks_like_path(lk.raw) and lk.raw not in resolver.by_stem:
                continue  # a gloss such as ``value[3](12B)``: text, not a link
            near = suggestions(lk.target)
            message = f"link to {lk.target}: no such file"
            if (form := other_form(lk.target, scans)) is not None:  # newuser25 #13
                near = [form, *(p for p in near if p != form)]
                message += f"; {mismatch_note(lk.target, form)}"
            out.broken.append(BrokenLink(lk.source, lk.line, lk.target, near))
            out.findings.append(finding("broken_link", lk.source, lk.line, message))
        elif lk.target not in scans and (form := other_form(lk.target, scans)) is not None:
            # the file system opened it in the other Unicode form (macOS): that file
            targets.append(form)
            out.first_line.setdefault(form, lk.line)
        elif lk.target not in scans and left_out is not None and \
                (why := left_out(lk.target)) is not None:
            # there, but no memory to the audit (newuser25 #28: said nothing); what it
            # holds is read and reported all the same (newuser26 #8)
            out.findings.append(finding("unaudited_link", lk.source, lk.line,
                                        f"link to {lk.target} leads {why}: the agent "
                                        "opens it, the audit does not read it"))
        elif lk.target not in scans and exists(folder_key(lk.target)) is INSIDE:
            if names_a_folder(lk.raw):
                continue  # ``notes/``: written as a folder, and one is there (real26)
            # a folder named as a file: the agent opens no memory there (newuser24 #7:
            # counted nowhere, while the Index view marked it ✗)
            out.broken.append(BrokenLink(lk.source, lk.line, lk.target,
                                         suggestions(lk.target)))
            out.findings.append(finding("broken_link", lk.source, lk.line,
                                        f"link to {lk.target}: a folder, not a file"))
        elif lk.target in scans:
            targets.append(lk.target)
            out.first_line.setdefault(lk.target, lk.line)
        elif lk.target == lk.source:
            continue  # ``[this folder](MEMORY.md)`` in MEMORY.md: the file the agent is
            # reading already, nothing more to open (real31: "the agent reads it when it
            # follows the link" of the index linking itself)
        elif lk.target in loaded:
            continue  # in the agent's context every turn already, read by the audit as such
            # (real33: "the agent reads it when it follows the link" of OpenClaw's SOUL.md)
        elif keep_self and not is_documentation(lk.target) and lk.target not in unread:
            # the index links a file that is there but is no memory audited (outside
            # memory/, excluded, in an archive folder): the agent reads it all the same
            # (newuser26 #8, #11; newuser25 #28) — its own findings are read by
            # `memtui.core.reporting.hidden.linked_unaudited`
            out.findings.append(finding("unaudited_link", lk.source, lk.line,
                                        f"link to {lk.target}: a file the audit does not "
                                        "read as a memory; the agent reads it when it "
                                        "follows the link"))
    for lk in wls:
        res = resolver.resolve(lk.target or "")
        if res.path is None and lk.text and rel in scans:
            # ``[[Deploy steps]]`` above ``## Deploy steps`` (`mark_headings`): a heading of
            # this very memory, no missing one (real26)
            out.wikirefs.append(WikiRef(lk.source, lk.line, res.target, rel, "exact"))
            continue
        if res.path is None and is_documentation(res.target):
            continue  # ``[[CLAUDE.md]]``: the agent's documentation, never a memory (real30)
        out.wikirefs.append(WikiRef(lk.source, lk.line, res.target, res.path, res.state))
        if res.path is None:
            out.dangling.append(res.target)
            kept = archived(res.target) if archived is not None else None
            out.findings.append(finding("dangling_wikilink", lk.source, lk.line, (
                f"[[{res.target}]] names an archived memory ({kept}, not audited)"
                if kept else f"[[{res.target}]] names no memory yet")))
            continue
        targets.append(res.path)
        line = out.first_line.get(res.path)
        if line is None or lk.line < line:
            out.first_line[res.path] = lk.line
        if res.state == "fuzzy":
            exact = resolver.spelling(res.path)
            how = "only loosely" if nfc(exact) != nfc(res.target) else \
                "only in another Unicode form (NFC and NFD spell it alike)"
            out.findings.append(finding("fuzzy_wikilink", lk.source, lk.line,
                                        f"[[{res.target}]] matches {res.path} {how}; "
                                        f"write [[{exact}]]"))
    seen: set[str] = set()
    for t in targets:
        if t not in seen and (keep_self or t != rel):
            seen.add(t)
            out.targets.append(t)
    share_links(out)  # its empty lists one shared list (issue 35)
    return out


def archive_finder(root: str, archives: list[str]) -> Callable[[str], str | None]:
    """What names the file a ``[[name]]`` finds in the archive folders the audit left out
    (``memtui fix archive`` moved it there; matched as a fuzzy wikilink is: case, ``-``/``_``
    and the Unicode form ignored), or None. Each folder is listed once, when first asked."""
    from memtui.core.scanner.links import fold

    names: dict[str, str] = {}
    listed: list[bool] = []

    def find(target: str) -> str | None:
        if not listed:
            listed.append(True)
            for folder in archives:
                try:
                    entries = sorted(os.listdir(os.path.join(root, folder)))[:10_000]
                except OSError:
                    continue
                for name in entries:
                    if name.lower().endswith(".md"):
                        names.setdefault(fold(name[:-3]), f"{folder}/{name}")
        key = target.strip()
        key = key[:-3] if key.lower().endswith(".md") else key
        return names.get(fold(key)) if key and "/" not in key else None
    return find


def names_reach(old: Resolver, new: Resolver, changed: list[str],
                last: dict[str, LinkResults]) -> list[str]:
    """The files whose links ``new`` can resolve otherwise than ``old`` did (``last``: each
    file's links resolved by ``old``), the two made from the same files whose names differ
    for those of ``changed`` alone. Only the spellings of those files can be answered
    otherwise; a wikilink asks `Resolver.resolve` for its target's spellings (and, when
    fuzzy, `Resolver.spelling` for the file it found). The stems are the same (the same
    files): a markdown link, which asks whether its text is a stem, is answered alike."""
    moved: set[str] = set()  # files whose own name changed
    asked: set[tuple[str, str]] = set()
    for rel in changed:
        was, now = old.keys.get(rel), new.keys.get(rel)
        if was != now:
            moved.add(rel)
        for key in (was, now):
            if key is not None:
                fname, nslug, fstem, fbare = spellings(*key)
                asked.update((("name", key[0] or ""), ("stem", key[1]), ("fold", fname),
                              ("alias", nslug), ("fold", fstem), ("alias", fbare)))
    tables = {"name": (old.by_name, new.by_name), "stem": (old.by_stem, new.by_stem),
              "fold": (old.by_fold, new.by_fold), "alias": (old.by_alias, new.by_alias)}
    answered = {k for k in asked if tables[k[0]][0].get(k[1]) != tables[k[0]][1].get(k[1])}
    if not answered and not moved:
        return []
    out = []
    for rel, lr in last.items():
        for ref in lr.wikirefs:
            if not answered.isdisjoint(_lookups(ref.target)):
                out.append(rel)
                break
            if ref.state == "fuzzy" and ref.resolved is not None:
                name, stem = old.keys.get(ref.resolved, (None, ""))
                if ref.resolved in moved or ("name", name or "") in answered or \
                        ("stem", stem) in answered:
                    out.append(rel)
                    break
    return out


@lru_cache(maxsize=1 << 16)
def _lookups(target: str) -> frozenset[tuple[str, str]]:
    """The tables' keys `Resolver.resolve` may read for ``target``."""
    stem = target[:-3] if target.lower().endswith(".md") else target
    stem = stem.rsplit("/", 1)[-1]
    key = loose(stem)
    return frozenset((("name", target), ("stem", target), ("stem", stem), ("fold", key),
                      ("alias", key), ("alias", slug(stem))))


def unlinked_mentions(index: Index, idx_links: LinkResults, scans: dict[str, FileScan],
                      exists: Callable[[str], Where] | None = None,
                      folder: str | None = None
                      ) -> tuple[list[Finding], dict[str, list[tuple[Finding, str]]]]:
    """Memory files named in backticks on an index line that links neither them nor
    (anywhere else in the index) them: the agent sees the name but cannot follow it.
    Names that are no memory here (``~/.ssh/config``, ``BACKLOG.md``) are not mentions,
    but for a path in the memory ``folder`` (``memory/``) where nothing is: the agent is
    sent to a file that is gone (newuser23 #42: a renamed memory's old path). With the
    findings, the memory each names (path → its findings, in line order: `told_once`)."""
    out: list[Finding] = []
    named: dict[str, list[tuple[Finding, str]]] = {}
    by_base: dict[str, str] | None = None
    linked = set(idx_links.targets)
    for span in index.code_spans:
        name = mentioned_file(span)
        if not name:
            continue
        name = posixpath.normpath(name)
        if folder and exists is not None and name.startswith(folder) \
                and name not in scans and exists(name) is MISSING:
            out.append(finding("unlinked_mention", INDEX_NAME, span.line,
                               f"`{span.content}` is named in backticks but no such file: "
                               "the agent is sent to a file that is not there"))
            continue
        path = name if name in scans else None
        if path is None and "/" not in name:
            if by_base is None:
                by_base = {}
                for rel in scans:
                    by_base.setdefault(rel.rsplit("/", 1)[-1], rel)
            path = by_base.get(name)
        if path is None or path in linked:
            continue
        which = "" if path == span.content.strip() else f" ({path})"
        out.append(finding("unlinked_mention", INDEX_NAME, span.line,
                           f"`{span.content}`{which} is named in backticks but not "
                           "linked: the agent cannot follow it"))
        named.setdefault(path, []).append((out[-1], span.content))
    return out, named


def file_state(rel: str, scan: FileScan, lr: LinkResults, linked: bool, reachable: bool,
               git: dict[str, float | None], now: float, copied: bool,
               past_limit: int | None, duplicate: tuple[Finding, ...] | None,
               linked_from: list[str], profile: Profile | None = None
               ) -> tuple[FileReport, list[Finding], Orphan | None, float, float]:
    """One file's report, its findings (sorted), its orphan record, and the span of time
    (from, until) its age in days holds. ``copied``: its mtime is a copy date (age
    unknown); ``past_limit``: the index line linking it beyond the load limit;
    ``profile``: the agent's, which may date a file by its name and find some of the
    common rules meaningless for its files."""
    mf = scan.memory
    findings = [*scan.own_findings, *lr.findings]
    if not mf.type and (profile is None or profile.frontmatter):
        # (an untyped memory's relative dates count only where memories carry no type)
        findings = [f for f in findings if f.kind != "relative_date"]
    named = None
    if profile is not None:
        findings = [profile.said(f) for f in findings if profile.keeps(f)]
        named = profile.dated(rel)
    if duplicate is not None:
        findings.extend(duplicate)
    orphan = None
    if not linked:
        orphan = Orphan(rel, reachable, sorted(linked_from), past_limit)
        unlinked, unseen = (profile.orphan_words if profile is not None
                            else ("not linked from the index", "unreachable: never seen"))
        where = ("linked only past the load limit (MEMORY.md:"
                 f"{past_limit}), so never loaded" if past_limit is not None else unlinked)
        findings.append(finding(
            "orphan", rel, None,
            f"{where}; " + ("reachable by following links" if reachable else unseen),
            profile.orphan_severity(rel) if profile is not None else None))  # type: ignore[arg-type]
    age, source, since, until, future = file_age(rel, scan.dated, scan.mtime, git, now, copied,
                                                 named)
    if future is not None:
        try:
            day = dt.datetime.fromtimestamp(future, dt.UTC).date().isoformat()
        except (OverflowError, OSError, ValueError):  # past year 9999
            day = "past year 9999"
        findings.append(finding("frontmatter", rel, None,
                                f"frontmatter date {day} lies in the future: not taken as "
                                f"the memory's age (dated by {source})"))
    if len(findings) > 1:  # (most files have one finding or none)
        findings.sort(key=finding_order)
    report = FileReport(rel, mf.name, mf.type, mf.size, age, source, linked, reachable,
                        scan.tokens, len(findings))
    return report, findings, orphan, since, until


def index_age(index: Index, git: dict[str, float | None], now: float
              ) -> tuple[int, str, float, float] | None:
    """MEMORY.md's age in whole days, what dates it, and the span [since, until) it holds,
    as `file_age` dates a memory (None: no such file). Edited since its last commit, its
    modification time dates it (the commit would make the edit as old as the commit): the
    auditor leaves such a MEMORY.md out of ``git`` (`Auditor._uncommitted`, newuser34 #16:
    a fresh checkout's mtime is past every commit, and the store was never stale)."""
    if not index.exists:
        return None
    age, source, since, until, _ = file_age(INDEX_NAME, None, index.mtime, git, now, False,
                                            None)
    return age, source, since, until


def file_age(rel: str, dated: float | None, mtime: float, git: dict[str, float | None],
             now: float, copied: bool, named: float | None
             ) -> tuple[int, str, float, float, float | None]:
    """A memory's age in whole days and what dates it (frontmatter, name, git, mtime,
    unknown), the span of time [since, until) that age holds, and its frontmatter date
    when that lies in the future (then not taken): `file_state`'s dating, given the scan's
    ``dated`` and ``mtime``, the git times, whether its mtime is a copy's, and the date
    its name gives (``named``)."""
    when = dated
    future = when if when is not None and when > now + DAY else None
    if future is not None:  # (newuser27 #19: a wrong year must not keep a memory fresh)
        when = None
    if when is not None:
        source = "frontmatter"
    elif named is not None:
        when, source = named, "name"
    elif rel in git:
        git_when = git[rel]
        if git_when is None:
            when, source = mtime if mtime > 0 else now, "unknown"
        elif 0 < mtime < git_when and not copied:  # committed after its last write: the
            # commit dates the import, the mtime the text (newuser25 #23: git init)
            when, source = mtime, "mtime"
        else:
            when, source = git_when, "git"
    elif mtime <= 0:  # no mtime: the file could not be looked at (gone since it was
        # listed, newuser30 #5: it was "20,793 days old" from 1970), or says 1970 itself
        when, source = now, "unknown"
    else:
        when, source = mtime, "unknown" if copied else "mtime"
    age = max(0, int((now - when) // DAY))
    until = when + (age + 1) * DAY
    if future is not None:
        until = min(until, future - DAY)  # the date is believed once it is no longer ahead
    since = when + age * DAY if age else float("-inf")
    return age, source, since, until, future


def duplicate_findings(scans: dict[str, FileScan]) -> dict[str, tuple[Finding]]:
    """A ``duplicate_name`` finding for every file whose name another file also uses."""
    named: dict[str, list[str]] = {}
    for rel, scan in scans.items():
        if scan.memory.name:
            named.setdefault(scan.memory.name, []).append(rel)
    out: dict[str, tuple[Finding]] = {}
    for name, paths in named.items():
        if len(paths) > 1:
            for p in paths:
                others = ", ".join(q for q in paths if q != p)
                out[p] = (finding("duplicate_name", p, scans[p].name_line,
                                  f"name '{name}' is also used by {others}"),)
    return out
