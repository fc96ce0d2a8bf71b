"""The auditor: walks a workspace, scans its files, derives the audit, again and again.

The audit flows one way: *scan* (`memtui.core.scanner.scan`, one file's bytes and path),
*derive* (`memtui.core.derivation.derive`, all the scans plus the index), *rules*
(`memtui.core.checks.rules`, the findings' kinds). ``Auditor`` does the I/O around them:
discovery, stat, reading, token counts and the caches. Its incrementality is
memoisation: each file's scan kept by its stat key (and in the user cache,
`memtui.core.caches.scans`), each step of the derivation by what it reads
(`memtui.core.derivation.memo`). ``run(changed=...)`` with the paths a file watcher
reported skips the walk and the stat of every other file. A full one-shot run that keeps
no texts (``memtui audit``) also keeps its whole derivation in the user cache
(`memtui.core.caches.derived`, keyed by everything the derivation reads): the next such run
with nothing changed stats the files, reads MEMORY.md and takes its result from there,
decoding no scan and deriving nothing. The app's auditor (``lazy_scans``) takes its first
result from there too, makes a scan only when one is asked for, scans every file on its
next run, and keeps its last re-audit there as the app quits (``keep_derived``).

This module runs past 500 lines because the auditor's I/O is one piece of state (the
scans, the stat keys and read times, the walk, the caches it fills and trusts); split, each
half would reach into the other's fields.
"""

from __future__ import annotations

import gc
import os
import time
from bisect import insort
from collections.abc import Callable, Iterable, Sequence
from operator import itemgetter

from memtui.core.agent_paths import workspace_findings
from memtui.core.caches import derived as derived_cache
from memtui.core.caches import retimed
from memtui.core.caches.clean_texts import CleanTexts
from memtui.core.caches.pair_verdicts import PairVerdicts
from memtui.core.caches.scans import ScanStore, Settled
from memtui.core.checks.findings import WORKSPACE, Finding
from memtui.core.checks.project import HistoryAt, ProjectIndex, ProjectInfo, cut_note, find_project
from memtui.core.config import excluder
from memtui.core.counting.tokens import (
    TokenCounter,
    bytes_digest,
    default_counter,
    let_go_of_vocabularies,
    text_digest,
)
from memtui.core.creds.detector import SecretHit
from memtui.core.creds.placed import PlacedHit, with_values
from memtui.core.derivation.derive import Inputs, derive
from memtui.core.derivation.link_target import MISSING, OUTSIDE, State, project_file, target_state
from memtui.core.derivation.memo import Memo, Same
from memtui.core.files.name_order import name_key
from memtui.core.git.age import edited, git_ages, git_head
from memtui.core.profiles import AgentView, recognise
from memtui.core.profiles import get as get_profile
from memtui.core.profiles.base import window_findings
from memtui.core.profiles.files import reader
from memtui.core.results import (
    CLAUDE_WINDOW,
    DEFAULT_NUM_CTX,
    PROFILES,
    AuditOptions,
    AuditResult,
    BrokenLink,
    FileReport,
    InjectedBlock,
    LineCost,
    LinkResults,
    Orphan,
    Progress,
    WikiRef,
    finding_order,
    window_for,
)
from memtui.core.scanner import index_read
from memtui.core.scanner.index import Index, index_of
from memtui.core.scanner.index_read import (
    injected_block,
    injection_block,
    read_index_parts,
    whole_index,
)
from memtui.core.scanner.memory_file import keys_only
from memtui.core.scanner.scan import (
    SKETCH_BATCH,
    FileScan,
    audited_text,
    scan_file,
    sketch_scans,
)
from memtui.core.scanner.share import (
    CHILD_SHARE,
    NO_KEY,
    SHARE_MIN,
    Key,
    ScanShare,
    key_of,
    stat_key,
)
from memtui.core.scanner.shared_empty import EMPTY_DICT, share_scan
from memtui.core.scanner.textfile import read_text
from memtui.core.workspace import (
    INDEX_NAME,
    Workspace,
    aliases,
    discover,
    in_archive,
    is_documentation,
)

__all__ = ["CLAUDE_WINDOW", "COUNT_CHUNK", "DEFAULT_NUM_CTX", "PROFILES", "PROGRESS_EVERY",
           "AuditOptions", "AuditResult", "Auditor", "BrokenLink", "FileReport", "FileScan",
           "InjectedBlock", "LineCost", "LinkResults", "Orphan", "Progress", "WikiRef",
           "audit", "scan_file", "window_for"]

PROGRESS_EVERY = 100  # files between two progress reports
COUNT_CHUNK = 500  # texts tokenized between two progress reports


def _silent(phase: str, done: int, total: int) -> None:
    pass


def _go_on() -> None:
    pass


def same_text(path: str, st: os.stat_result | None, digest: bytes) -> str | None:
    """The text of the file at ``path`` when it reads whole and its content digest is
    ``digest`` (what a stored scan was made from); else None."""
    read = read_text(path, st=st)
    got = bytes_digest(read.raw) if read.raw else text_digest(read.text)
    return read.text if read.ok and not read.problems and got == digest else None


class Auditor:
    """Audits one workspace, again and again, re-reading only what changed."""

    def __init__(self, ws: Workspace, options: AuditOptions | None = None,
                 counter: TokenCounter | None = None, clean: CleanTexts | None = None,
                 autosave: bool = True, scan_cache: bool = True,
                 lazy_scans: bool = False, hold_stored_scans: bool = True,
                 one_shot: bool = False, hold_texts: bool = True,
                 verdicts: PairVerdicts | None = None) -> None:
        """``counter``, ``clean``, ``verdicts``: caches to share with other auditors (a
        fleet's worker keeps one of each); ``autosave``: whether a full ``run()`` writes
        them to disk;
        ``scan_cache``: whether scans are kept in the user cache (not for a workspace in a
        temporary folder that is gone after: a trend's checkout, the demo's copy);
        ``lazy_scans``: the first full run that keeps texts may give the derived cache's result,
        whose scans (and texts) are made only when asked for, and then from the files as
        they are at that moment (the app: its first audit on screen sooner, and the scans
        made by the next run). Without it only a run that keeps no texts uses that cache,
        so that a result's texts are the ones its audit saw. ``hold_stored_scans=False``: once
        a pass holds every file's scan, the scan cache is saved (when something is new in it)
        and let go of: its copy of every scan is not needed by an auditor that keeps the
        scans themselves (the app: ~36 MB at 10,000 memories, issue 35); scans made after
        that are not stored, and the next launch makes those again. ``one_shot``: the
        auditor runs once (``memtui audit``): the derivation's steps are not kept for a next
        run, so that what they made and the result does not hold is let go before the
        caches are written (issue 35: the CLI's peak at 50,000 files). ``hold_texts=False``
        (with ``keep_texts``): each memory's text is let go of once its file is scanned
        (the app: 36 MB at 10,000 memories, issue 35); whoever needs it reads it again
        with `memtui.core.scanner.scan.audited_text`, which gives it only when it is still
        the text the scan was made from, and the token counts read them so, a chunk at a
        time. A stored scan is then trusted on its stat key as a report's is (its text is
        not read to be kept)."""
        self.ws = ws
        self.options = options or AuditOptions()
        self.counter = counter or default_counter()
        self._clean: CleanTexts | None = clean
        self._verdicts: PairVerdicts | None = verdicts
        self.autosave = autosave
        self.lazy_scans = lazy_scans
        self._hold_texts = hold_texts
        #: Called between the small steps of a run (a file read, a file's links resolved);
        #: the app's worker gives way to the screen there. Must not touch the auditor.
        self.pause: Callable[[], None] = _go_on
        #: Each file's scan, with the stat key it was made for.
        self._scans: dict[str, tuple[Key, FileScan]] = {}
        self._scan_map: dict[str, FileScan] = {}  # the last `_scan_all`'s answer
        self._paths: list[str] = []  # the memory files, in order
        self._docs: list[str] = []
        self._notes: list[tuple[str, str]] = []  # (path, problem) of what discovery skipped
        self._flagged: list[Finding] = []  # files other tools run or load, unportable names
        self._archives: list[str] = []  # the archive folders the walk left out
        self._walked = False
        self._git: dict[str, float | None] | None = None
        #: Each file's git date given by the caller, read instead of the folder's git
        #: history (the trend, which rebuilds each commit in a folder without one).
        self.git_times: dict[str, float | None] | None = None
        self._git_note: str | None = None  # why the history was read only in part
        self.project_info: ProjectInfo | None = None
        #: The project the answers of ``_exists`` looked in (newuser28 #2).
        self._exists_project: str | None = None
        #: Whether a path that is no memory exists: asked anew after each walk.
        self._exists: Callable[[str], State] = self._new_exists()
        self._memo = Memo(keep_items=not one_shot)
        self._one_shot = one_shot
        self._store: ScanStore | None = None
        self._hold_store = hold_stored_scans
        self._store_let_go = False  # the scan cache was saved and let go of for good
        self._keep_scans = scan_cache
        self._progress: Progress = _silent
        #: What the derivation asked of paths that are no memory (since the last walk).
        self._asked: dict[str, State] = {}
        self._made_ns = 0  # when the last scan pass began
        #: When each file's content was last read, or vouched for by the scan cache.
        self._read_ns: dict[str, int] = {}
        self._head: tuple[str, str, str] | None = None  # git HEAD when _git was read
        #: (the git times, the (mtime, size) of the files past their commit, the times
        #: without those edited since): `_uncommitted`
        self._git_edited: tuple[dict[str, float | None], dict[str, tuple[float, int]],
                                dict[str, float | None]] | None = None
        #: The git times the last derivation read (`_uncommitted`'s): the derived cache keeps
        #: which memories they leave to their mtimes (`memtui.core.caches.retimed`).
        self._git_used: dict[str, float | None] = {}
        self._last: AuditResult | None = None  # the last run's result, if it held scans
        self._kept: AuditResult | None = None  # the result last kept in the derived cache
        #: What the derived cache held when the last result came from it: a digest of its
        #: key, files and answers (`keep_derived` writes nothing when they are still the
        #: same; held as they are, 3.4 MB at 10,000 memories, issue 35).
        self._kept_as: bytes | None = None
        self._index_digest: bytes | None = None  # MEMORY.md's, when it was read whole
        self._derived_new: derived_cache.Derived | None = None  # to be saved
        #: False when the last result came from the derived cache: its scans are made
        #: when asked for, and the next ``run`` (with any ``changed``) scans every file.
        self.holds_scans = True
        self._recognised: str | None = None  # the profile the folder's layout says
        self._view: AgentView | None = None  # what an agent profile made of the folder
        #: A one-shot run's injected block, counted before its derivation, with the lines
        #: loaded it was counted for (`_count_block_now`).
        self._counted: tuple[int, InjectedBlock] | None = None
        #: A one-shot run's frontmatter mappings kept as their keys (`keys_only`), by keys.
        self._shared_keys: dict[tuple[str, ...], dict[str, None]] = {}
        #: The project stale references are checked against (found again on each full run).
        self._project: tuple[ProjectIndex | None, object] = (None, None)
        self._refreshes = 0
        #: The git history the workspace's own project is read with, when not the
        #: repository at its root (a trend's point: `memtui.core.checks.project.HistoryAt`).
        self.project_history: HistoryAt | None = None

    @property
    def holds_texts(self) -> bool:
        """Whether each scan keeps its memory's text (``keep_texts`` and ``hold_texts``)."""
        return self.options.keep_texts and self._hold_texts

    @property
    def tokenizers(self) -> tuple[str, ...]:
        """The tokenizers counted: those asked for, else the window's."""
        return self.options.tokenizers or (window_for(self.profile, self.options.num_ctx)[2],)

    @property
    def block_tokenizers(self) -> tuple[str, ...]:
        """The tokenizers the block is counted in: those counted, and the window's."""
        window = window_for(self.profile, self.options.num_ctx)[2]
        return (*self.tokenizers, *((window,) if window not in self.tokenizers else ()))

    @property
    def profile(self) -> str:
        p = self.options.profile
        if p:
            return p
        if self._recognised is None:
            self._recognised = recognise(self.ws.root, self.ws.layout, self.ws.given)
        return self._recognised

    def run(self, changed: Iterable[str] | None = None,
            progress: Progress | None = None) -> AuditResult:
        """Audit now. ``changed``: workspace-relative paths known to have changed (a hint that
        lets the auditor skip walking the tree and looking at unchanged files); None walks
        and checks everything. ``progress`` hears how far it has come (from this thread)."""
        started = time.perf_counter()
        self._progress = progress or _silent
        collecting = gc.isenabled()
        gc.disable()  # the audit makes many small objects and frees few: skip the sweeps
        try:
            hint = None if changed is None else set(changed)
            if hint is None or not self._walked or self._needs_walk(hint):
                self._walk()
                hint = None
            else:
                self._apply_changes(hint)
            if changed is None or self.project_info is None:
                self._find_project()
            # (the scan cache and this are on and off together; neither is loaded here)
            whole = changed is None and self._keep_scans and \
                not get_profile(self.profile).agent_files and \
                (not self.options.keep_texts or (self.lazy_scans and not self._scans)) and \
                self.counter.cache_file is not None
            head = git_head(self.ws.root) if whole else None
            kept = self._from_derived(head) if whole else None
            self.holds_scans = kept is None
            if kept is not None:
                result = kept
                self._scans = {}  # the next run scans (the memo has nothing to patch)
                self._last = self._kept = None
            else:
                if self.git_times is not None:
                    self._git, self._git_note = self.git_times, None
                elif self._git is None or changed is None:
                    self._git, self._git_note = git_ages(
                        self.ws.root, keep=self.autosave and self._keep_scans)
                    self._head = head if whole else git_head(self.ws.root)
                # A one-shot run counts MEMORY.md's lines and its block before the scans
                # when nothing after them counts (no ``file_tokens``): they read no scan, and
                # the vocabularies are built, used and let go of while the scans do not yet
                # hold their ~200 MB at 50,000 memories (issue 35).
                early = self._one_shot and hint is None and not self.options.file_tokens
                if early:
                    self._count_block_now(self._paths)
                scans = self._scan_all(hint)
                if self._one_shot:
                    if not early:
                        self._count_block_now(scans)
                    self._save_scans_now()
                    if self._store is None:  # stored (or never): values no reader takes
                        keys_only((scan.memory for scan in scans.values()), self._shared_keys)
                self._progress("linking", 0, 0)
                try:
                    result = self._last = self._derive(scans)
                except Exception:
                    # A step that failed half way leaves its memo half patched: the next
                    # run derives afresh, not from it (newuser22 #1: one failure made every
                    # later audit of the app fail the same way until it was restarted).
                    self._memo = Memo(keep_items=not self._one_shot)
                    raise
                if self._one_shot:
                    # no next run: its steps' values let go now
                    self._memo = Memo(keep_items=False)
                if whole and self._index_digest is not None:
                    self._derived_new = derived_cache.entry(
                        self._derived_key(head, self._index_digest), self._scans,
                        self._read_ns, self._asked, result, self._git_used, self.ws.root)
                if self._one_shot:  # its scans' links were let go: a next run scans again
                    self._scans, self._scan_map = {}, {}
        finally:
            if collecting:
                gc.enable()
        if changed is None and self.autosave:
            self.save_cache()
        block = result.block
        extra = window_findings(block.tokens.get(block.tokenizer, 0), block.window,
                                block.window_name, block.tokenizer)
        if extra:  # after the derivation and its caches: the block is counted anew each run
            # (the derivation's findings are in order already: the few put in their places,
            # where a sort of all of them cost ~15 % of a re-audit at 10,000 files)
            findings = list(result.findings)
            for finding in extra:
                insort(findings, finding, key=finding_order)
            result.findings = findings
        result.elapsed = time.perf_counter() - started
        result.archives_excluded = list(self._archives)
        result.project = self.project_info
        return result

    def _find_project(self) -> None:
        """The project and its listing (`memtui.core.checks.project`): names and stats only; its
        text is read when a memory names a symbol or a flag."""
        info = self.project_info = find_project(
            self.ws.root, self.ws.layout, self.options.project,
            self.options.project_from_config, self.profile,
            self.options.project_from_path)
        if info.path != self._exists_project:  # links may name its files (newuser28 #2)
            self._exists = self._new_exists()
        if info.path is None:
            self._project = (None, None)
            return
        inside = os.path.relpath(self.ws.root, info.path)
        own: tuple[str, ...] = ()
        if not inside.startswith(".."):  # the memories' own text is not the project's
            folder = os.path.relpath(self.ws.memory_root, info.path).replace(os.sep, "/")
            index_at = os.path.relpath(self.ws.index_path, info.path).replace(os.sep, "/")
            own = ("/" if folder == "." else folder + "/", index_at)
        index = ProjectIndex.walk(info.path, None if inside.startswith("..") else inside, own)
        if index.cut:  # said in the Project row and JSON project.note (newuser32 #24)
            info.note = cut_note()
        # an agent's workspace about itself (OpenClaw's) is its home, not a codebase
        index.home = info.source == "item" and self.profile != "item"
        if self.project_history is not None and inside == ".":
            index.history_at = self.project_history
        self._project = (index, (info.path, index.digest, index.home))

    def refresh_project(self, moved: bool = True) -> None:
        """Find and list the project again before the next ``run(changed=...)`` (which keeps
        the last listing): a caller that changed the project's files, not only the memories
        it names, says so here. The derivation then checks every memory's references against
        the new listing and text (newuser26 #36: a trend's points kept the first commit's).
        ``moved=False``: the caller knows no path was made or taken away since the last run
        (only contents changed), so what was asked of paths that are no memory still holds
        and every file's links are not resolved again (a trend's commit that edits two
        memories: ~2 ms a commit at 261 files, issue 35)."""
        self._find_project()
        if moved:  # a link may name a file it has now (newuser28 #2)
            self._exists = self._new_exists()
        index, key = self._project
        if index is not None and isinstance(key, tuple):
            self._refreshes += 1  # the text is read anew: no memoised verdict holds
            self._project = (index, (*key, self._refreshes))

    def save_cache(self) -> None:
        """Write new token counts, check verdicts and scans to the user cache (a full ``run()`` does
        it by itself)."""
        self.counter.save()
        if self._clean is not None:
            self._clean.save()
        if self._verdicts is not None:
            self._verdicts.save()
        self.save_scans()

    def save_scans(self) -> None:
        """Write the workspace's own caches alone — its scans and the derived result — to
        the user cache (a fleet's worker, whose token counts and verdicts, shared by its
        rows, are written once, as it ends): the app opened on the workspace next reads
        them, not every file again (newuser26 #12), and the next fleet run takes the row
        from the derived result as a warm single audit does (newuser38 #10: a warm
        ``--discover`` judged every pair again, ~5× the single audits' CPU)."""
        if self._store is not None:
            self._store.keep_only(set(self._paths))
            self._store.save()
        path = derived_cache.cache_path(self.ws.root)
        if self._derived_new is not None and path is not None and \
                derived_cache.save(path, self._derived_new):
            self._kept = self._last
        self._derived_new = None

    def keep_derived(self) -> bool:
        """Keep the last result in the derived cache when it is not there yet (the app, as
        it quits, after re-audits that each looked at a few files), so that the next full
        run with nothing changed is a warm one. A file read within moments of its last
        write is read again now and kept only with the content its scan was made from.
        False when nothing was kept. Not to be called while ``run`` runs in another
        thread."""
        result, path = self._last, derived_cache.cache_path(self.ws.root)
        if result is None or result is self._kept or path is None or not self._keep_scans \
                or self._index_digest is None or self.counter.cache_file is None:
            return False
        root, now = str(self.ws.root) + os.sep, time.time_ns()
        derived_key = self._derived_key(self._head, self._index_digest)
        if self._kept_as is not None and self._kept_as == _fingerprint(
                derived_key, [(rel, *key, scan.digest) for rel, (key, scan) in
                              self._scans.items()], self._asked):
            self._kept = result  # the cache holds it already
            return False
        for rel, (key, scan) in self._scans.items():
            if derived_cache.trusted(key, self._read_ns.get(rel, 0)):
                continue
            if not derived_cache.trusted(key, now):
                return False  # written just now: the key cannot vouch for it yet
            st, again, _ = stat_key(root + rel)
            if again != key or same_text(root + rel, st, scan.digest) is None:
                return False  # changed since its audit: the next run audits it
            self._read_ns[rel] = now
        made = derived_cache.entry(derived_key, self._scans, self._read_ns, self._asked,
                                   result, self._git_used, self.ws.root)
        if made is None or not derived_cache.save(path, made):
            return False
        self._kept = result
        return True

    @property
    def clean_texts(self) -> CleanTexts:
        """Digests of texts known to pass the credential and instruction checks; it shares
        the token counter's cache folder (none when the counter has no cache file)."""
        if self._clean is None:
            self._clean = CleanTexts.beside(self.counter.cache_file)
        return self._clean

    @property
    def pair_verdicts(self) -> PairVerdicts:
        """The near-duplicate pairing's verdicts kept between runs (newuser29 #47), beside
        the token counter's cache file (none kept when it has none)."""
        if self._verdicts is None:
            self._verdicts = PairVerdicts.beside(self.counter.cache_file)
        return self._verdicts

    # -- discovery -------------------------------------------------------------------------

    def _walk(self) -> None:
        found = discover(self.ws, archives=self.options.include_archives)
        self._archives = found.archives
        if self.options.exclude:
            excluded = excluder(self.options.exclude)
            found.files = [rel for rel in found.files if not excluded(rel)]
        mine = get_profile(self.profile).memories_in(self.ws)
        found.files = [rel for rel in found.files if mine(rel)]
        alias = aliases(found)
        if alias:
            found.files = [rel for rel in found.files if rel not in alias]
            found.skipped.extend((rel, f"a symbolic link to {target}, audited once as that "
                                  "file (an index links the file itself)")
                                 for rel, target in alias.items())
        self._paths, self._docs = [], []
        for rel in found.files:  # one look at each name
            (self._docs if is_documentation(rel) else self._paths).append(rel)
        self._notes = [*found.notes, *found.skipped]
        self._flagged = workspace_findings(self.ws, found.files)
        self._walked = True
        self._exists = self._new_exists()

    def _needs_walk(self, changed: Iterable[str]) -> bool:
        """A change to anything but a plain markdown file (a folder, a symlink) means walking
        again, so that discovery's rules apply."""
        root = self.ws.root
        return any(not rel.lower().endswith(".md") or (root / rel).is_symlink()
                   for rel in changed)

    def _apply_changes(self, changed: Iterable[str]) -> None:
        paths = set(self._paths)
        before = len(paths)
        excluded = excluder(self.options.exclude)
        for rel in changed:
            if excluded(rel):
                continue
            if rel == INDEX_NAME or any(part.startswith(".") for part in rel.split("/")):
                continue
            if not self.options.include_archives and in_archive(rel):
                continue
            if self.ws.layout == "item" and not rel.startswith("memory/"):
                continue
            if not get_profile(self.profile).memories_in(self.ws)(rel):
                continue
            if is_documentation(rel):
                docs = set(self._docs)
                if (self.ws.root / rel).is_file():
                    docs.add(rel)
                else:
                    docs.discard(rel)
                self._docs = sorted(docs)
                continue
            if (self.ws.root / rel).is_file():
                paths.add(rel)
            else:
                paths.discard(rel)
                self._scans.pop(rel, None)
        if len(paths) != before or not paths.issuperset(self._paths):
            # the new names put in their places (natural order, newuser28 #32), not all
            # keyed and sorted again: ~90 ms at 10,000 memories, a re-audit's whole time
            kept = [rel for rel in self._paths if rel in paths]
            for rel in paths.difference(kept):
                insort(kept, rel, key=name_key)
            self._paths = kept
            self._exists = self._new_exists()

    # -- per-file --------------------------------------------------------------------------

    def _scan_all(self, only: set[str] | None = None) -> dict[str, FileScan]:
        """Scan every file whose stat key changed; with ``only``, look at those
        paths alone and trust the cache for the rest. A file not scanned in this process
        yet takes its scan from the user cache (`memtui.core.caches.scans`) when it is there,
        its content hash checked when its key is ambiguous or its text is wanted."""
        cache = self._scans
        made_ns = self._made_ns = time.time_ns()  # no file read from here on is older
        patch = only is not None and len(cache) == len(self._paths) and \
            all(rel in cache or rel not in self._paths for rel in only)
        if patch:
            keep = dict(cache)  # same files, same order: patch the few that changed
            todo = [rel for rel in only if rel in keep]  # type: ignore[union-attr]
        else:
            keep = {}
            todo = self._paths
        root = str(self.ws.root) + os.sep
        got: dict[str, tuple[Key, FileScan]] = {}
        fresh: list[FileScan] = []
        store = self._stored()
        keep_texts, names = self.holds_texts, self.tokenizers
        need_counts = self.options.file_tokens and not keep_texts
        report, total, pause = self._progress, len(todo), self.pause
        done = 0
        check: list[tuple[str, os.stat_result | None, Key, float,
                          FileScan]] = []
        cold: list[tuple[str, os.stat_result | None, Key, float] | None] = []
        unsettled: set[str] = set()  # (this process's scans to confirm, not the store's)
        for at, rel in enumerate(todo):  # stat results and the caches first: no file read
            if not at % 50:
                pause()
            cached = cache.get(rel)
            if only is not None and cached is not None and rel not in only:
                got[rel] = cached
                continue
            st, key, mtime = stat_key(root + rel)
            if cached is not None and cached[0] == key and key != NO_KEY:
                if self._read_ns.get(rel) == 0:
                    # read while a folder on its path changed (`Settled`, as the caches
                    # on disk ask): its key cannot vouch for the text the scan read, the
                    # content must (the app's re-audits; redteam36: a folder swapped for
                    # a clean twin during the read passed the credential on every one)
                    check.append((rel, st, key, mtime, cached[1]))
                    unsettled.add(rel)
                    continue
                got[rel] = cached
                continue
            hit = store.get(rel, key) if store is not None else None
            if hit is None:
                cold.append((rel, st, key, mtime))
                continue
            scan, ambiguous = hit
            if ambiguous or keep_texts or \
                    (need_counts and self.counter.known(scan.digest, names) is None):
                check.append((rel, st, key, mtime, scan))
                continue
            if not done % PROGRESS_EVERY:
                report("reading", done, total)
            done += 1
            got[rel] = (key, scan)
            fresh.append(scan)
        for rel, st, key, mtime, scan in check:  # read, and trusted only with the same content
            if not done % PROGRESS_EVERY:
                report("reading", done, total)
            done += 1
            pause()
            text = same_text(root + rel, st, scan.digest)
            if text is not None:
                scan.memory.text = text
                if store is not None and rel not in unsettled:
                    store.confirm(rel, made_ns)
                got[rel] = (key, scan)
                fresh.append(scan)
            else:
                cold.append((rel, st, key, mtime))
        # Without texts to keep or count, each is let go as soon as its file is scanned.
        drop_now = not keep_texts and not self.options.file_tokens
        # A one-shot run lets go of the frontmatter values no reader takes as each file is
        # scanned (issue 35: ~25 MB at 50,000 memories no longer held to the scans' end),
        # its scan cache, if any, writing each scan as it is put (`ScanStore`'s stream).
        lean = self._one_shot and (store is None or store.streams) and not keep_texts
        share, cut = self._share_scanning(root, [c[0] for c in cold if c]) if not cache \
            else (None, len(cold))
        # Scanned files wait here, a batch at a time, for their sketches (`sketch_scans`:
        # made in a row, cheaper than one between each file's other steps), then are
        # stored and kept in the order scanned.
        waiting: list[tuple[str, Key, FileScan]] = []
        to_sketch: list[FileScan] = []

        # (a scan is kept by its listing's key only when no folder on its path changed
        # while it was read: redteam35, `Settled`)
        settled = Settled(made_ns, root)

        def settle() -> None:
            sketch_scans(to_sketch)
            to_sketch.clear()
            for rel, key, scan in waiting:
                if store is not None and settled.path(root + rel):
                    store.put(rel, key, made_ns, scan)
                if drop_now:
                    _let_go_of_text(scan)
                if lean:
                    keys_only((scan.memory,), self._shared_keys)
                fresh.append(scan)
                got[rel] = (key, scan)
            waiting.clear()

        try:
            for at, looked in enumerate(cold):
                # each file's stat result let go as it is scanned (issue 35: ~650 bytes a
                # file, all held to the scans' end; their room then takes the scans')
                cold[at] = None
                rel, st, key, mtime = looked  # type: ignore[misc]
                if not done % PROGRESS_EVERY:
                    report("reading", done, total)
                done += 1
                full = root + rel  # a plain string: Path objects cost too much per file
                shared = share.take(rel) if share is not None and at >= cut else None
                if shared is not None:
                    key, mtime, scan = shared
                    share_scan(scan)  # (its empty lists came back as lists of their own)
                else:
                    pause()
                    scan = scan_file(full, rel, mtime, st, self.clean_texts, to_sketch)
                waiting.append((rel, key, scan))
                if len(waiting) >= SKETCH_BATCH:
                    settle()
            settle()
        except BaseException:
            if store is not None and store.streams:
                store.drop()  # (its new file half written)
            raise
        finally:
            if share is not None:
                share.close()
                for digest in share.new_clean:
                    self.clean_texts.add(digest)
        report("reading", total, total)
        if fresh and self.options.file_tokens:
            self._count_tokens(fresh)
        elif fresh:
            known = self.counter.known
            # (a one-shot run counts nothing later: its uncounted scans share one empty
            # mapping, issue 35)
            empty = EMPTY_DICT if self._one_shot else None
            for scan in fresh:
                scan.tokens = (known(scan.digest, names) if scan.digest else None) or \
                    (empty if empty is not None else {})
        if not keep_texts:
            for scan in fresh:
                _let_go_of_text(scan)
        read_ns = self._read_ns
        for rel in todo:
            if rel in got:
                pair = keep[rel] = got[rel]
                if cache.get(rel) is not pair:  # read (or vouched for) in this pass
                    read_ns[rel] = made_ns if settled.path(root + rel) else 0
        self._scans = keep
        if store is not None and not self._hold_store and len(keep) == len(self._paths):
            self._let_go_of_store(store)
        last = self._scan_map
        if patch and last.keys() == keep.keys():  # the last map with the few made anew
            scans = dict(last)
            for rel in todo:
                scans[rel] = keep[rel][1]
        else:
            scans = dict(zip(keep, map(itemgetter(1), keep.values()), strict=True))
        self._scan_map = scans  # not changed in place: a patch copies it first
        return scans

    def _save_scans_now(self) -> None:
        """A one-shot run: MEMORY.md parsed (and put in the scan cache), then the scan
        cache saved and let go of before the derivation, so that its entries and its
        writing are not held at the derivation's peak (issue 35)."""
        store = self._stored()
        if store is None or not self.autosave:
            return
        self._index_parts()
        self._let_go_of_store(store)

    def _let_go_of_store(self, store: ScanStore) -> None:
        """Save the scan cache (when something is new in it), then hold it no longer."""
        store.keep_only(set(self._paths))
        store.save()
        self._store, self._store_let_go = None, True

    def _stored(self) -> ScanStore | None:
        """The scans kept in the user cache (none when the token counter keeps no cache:
        the two are on and off together; none once let go of, see ``hold_stored_scans``)."""
        if self._store is None and self._keep_scans and not self._store_let_go and \
                self.counter.cache_file is not None:
            self._store = ScanStore(self.ws.root, pause=self.pause,
                                    stream=self._one_shot and self.autosave)
        return self._store

    def _share_scanning(self, root: str, todo: list[str]) -> tuple[ScanShare | None, int]:
        """Hand the last part of ``todo`` to the counting child, when there is one and
        enough files; returns the share and where it starts."""
        child = self.counter.child
        if child is None or len(todo) < SHARE_MIN:
            return None, len(todo)
        cut = len(todo) - int(len(todo) * CHILD_SHARE)
        try:
            return ScanShare(child, root, todo[cut:], self.clean_texts.path), cut
        except OSError:  # no child can be started: all scanned here
            return None, len(todo)

    def _count_tokens(self, scans: list[FileScan], read_again: bool = False) -> None:
        """Count each file's tokens (chunk by chunk, reporting progress); a scan's ``tokens``
        dict is filled in place, so reports already made from it show the counts too.
        ``read_again``: the scans hold no text (``hold_texts``), each is read again, a chunk
        at a time (`audited_text`); one whose file no longer holds the text its scan was
        made from is left uncounted (its change is audited next, and counted then)."""
        root, total = str(self.ws.root), len(scans)
        report, names = self._progress, self.tokenizers
        for start in range(0, total, COUNT_CHUNK):
            report("counting tokens", start, total)
            self.pause()
            chunk: list[FileScan] = []
            texts: list[str] = []
            for at, scan in enumerate(scans[start:start + COUNT_CHUNK], 1):
                if read_again and not at % 50:
                    self.pause()  # (the app's worker gives way to the screen)
                text = audited_text(root, scan) if read_again else scan.memory.text
                if text is not None:
                    chunk.append(scan)
                    texts.append(text)
            keys = [s.digest or text_digest(t) for s, t in zip(chunk, texts, strict=True)]
            counts = self.counter.counts_many(texts, keys, names)
            for scan, c in zip(chunk, counts, strict=True):
                scan.tokens.update(c)
        report("counting tokens", total, total)

    @property
    def tokens_pending(self) -> int:
        """How many files of the last audit have no token counts yet."""
        return sum(1 for _, scan in self._scans.values() if not scan.tokens)

    def count_file_tokens(self, progress: Progress | None = None) -> int:
        """Count the tokens of every file of the last audit that has none yet (an audit
        without ``file_tokens`` leaves them for this); returns how many were counted. Not
        to be called while ``run`` runs in another thread."""
        todo = [scan for _, scan in self._scans.values() if not scan.tokens]
        if todo:
            self._progress = progress or _silent
            self._count_tokens(todo, read_again=not self.holds_texts)
            self.counter.save()
        return len(todo)

    # -- across files ----------------------------------------------------------------------

    def _new_exists(self) -> Callable[[str], State]:
        """Where a path that is no memory lies (`memtui.core.derivation.link_target.target_state`:
        inside, outside, missing), each asked once."""
        known: dict[str, State] = {}
        self._asked = known
        root = str(self.ws.root)
        project = self._exists_project = self.project_info.path \
            if self.project_info is not None else None

        def exists(rel: str) -> State:
            if rel in known:
                return known[rel]
            hit = target_state(root, rel)
            if hit is MISSING and project_file(root, project, rel):
                hit = OUTSIDE  # a file of the project (newuser28 #2)
            known[rel] = hit
            return hit
        return exists

    def _derive(self, scans: dict[str, FileScan]) -> AuditResult:
        index, line_costs, index_own = self._index_parts()
        if self._git is None:
            self._git = {}
        git = self._git_used = self._uncommitted(scans)
        counted, self._counted = self._counted, None
        if counted is None:
            self._view = self._view_of(index, scans)

        def block(loaded: int) -> InjectedBlock:
            if counted is not None and counted[0] == loaded:
                return counted[1]
            return self._block(index, loaded)
        return derive(Inputs(
            self.ws, self.options, self.profile, self.options.now or time.time(), scans,
            index, line_costs, index_own, self._exists, block, git,
            [*self._notes, *([(WORKSPACE, self._git_note)] if self._git_note else [])],
            self._docs, self.pause, self._flagged, self._view, *self._project,
            let_go_links=self._one_shot and self._store is None,
            verdicts=self.pair_verdicts, archives=self._archives), self._memo)

    def _uncommitted(self, scans: dict[str, FileScan]) -> dict[str, float | None]:
        """The git times without the files edited since their last commit (their mtime
        dates them: newuser26 #13). Only a file whose mtime is past its commit's is looked
        at (`edited`), and only again when one of those files changes or HEAD moves: a
        re-audit reads git's index and HEAD's tree no more (issue 35); the same dict while the
        same files are edited (the memo keys on it)."""
        git = self._git or {}
        later = {rel: (s.mtime, s.memory.size) for rel, when in git.items()
                 if when is not None and (s := scans.get(rel)) is not None and s.mtime > when}
        if (when := git.get(INDEX_NAME)) is not None and \
                get_profile(self.profile).index_is_store:
            # a store MEMORY.md (Hermes) is dated as a memory: by git unless edited since
            # (newuser34 #16: a checkout's fresh mtime made it "edited", never stale)
            try:
                st = os.stat(self.ws.index_path)
                if st.st_mtime > when:
                    later[INDEX_NAME] = (st.st_mtime, st.st_size)
            except OSError:
                pass
        if not later:
            return git
        kept = self._git_edited
        if kept is not None and kept[0] is git and kept[1] == later:
            return kept[2]
        found = edited(self.ws.root, later)
        out = {rel: when for rel, when in git.items() if rel not in found} if found else git
        self._git_edited = (git, later, out)
        return out

    def _view_of(self, index: Index, paths: Iterable[str]) -> AgentView | None:
        """What the profile makes of the folder, given the memories' paths (in order)."""
        return get_profile(self.profile).view(
            self.ws, index, tuple(paths), dict(self.options.limits), reader(self.ws))

    def _count_block_now(self, paths: Iterable[str]) -> None:
        """A one-shot run: the injected block counted before the derivation (and, unless
        files are counted, before the scans: ``paths`` the memories a full scan gives), as
        the derivation would count it at its end, and the vocabularies let go of then
        (issue 35: ~55 MB, never held beside the scans, the scan cache's writing or the
        derivation, which reuse their room); `_derive` takes it."""
        index = self._index_parts()[0]
        self._view = self._view_of(index, paths)
        opts = self.options
        loaded = get_profile(self.profile).loaded_lines(index, opts.max_lines, opts.max_bytes)
        self._counted = (loaded, self._block(index, loaded))
        let_go_of_vocabularies()

    def _index_parts(self) -> tuple[Index, list[LineCost], list[Finding]]:
        """The index, its per-line costs and the findings it yields on its own; re-read only
        when MEMORY.md changed (its stat key, `memtui.core.scanner.share.key_of`)."""
        try:
            st = self.ws.index_path.stat()
            key: object = key_of(st)
        except OSError:
            key = object()  # nothing to know it by: read again

        def parts() -> tuple[Index, list[LineCost], list[Finding]]:
            index, own, self._index_digest = read_index_parts(self.ws, self._stored())
            return index, index_read.line_costs(index, self.counter, self.tokenizers), own
        return self._memo.once("index", key, parts)

    def _block(self, index: Index, loaded: int) -> InjectedBlock:
        view = self._view
        if view is not None and view.injection is not None:
            return injection_block(view.injection,
                                   window_for(self.profile, self.options.num_ctx),
                                   self.counter, self.block_tokenizers,
                                   view.injection.rule
                                   or get_profile(self.profile).rule(view.limits),
                                   self._measure)
        opts = self.options
        # an index loaded beside MEMORY.md (Claude Code's team/MEMORY.md), cut the same way
        beside = [(rel, opts.max_lines, opts.max_bytes) for rel in
                  get_profile(self.profile).second_indexes(tuple(self._paths))]
        return injected_block(self.ws, opts.context_files, index, loaded,
                              window_for(self.profile, opts.num_ctx), self.counter,
                              self.block_tokenizers, self._measure, beside)

    def _measure(self, text: str) -> tuple[int, dict[str, int]]:
        """The block's size and counts (`index_read.measured`), kept while its text is the
        same: a re-audit makes the block again (it reads the other context files), and at
        10,000 memories encoding and digesting an 800 KB MEMORY.md twice was ~10 ms of a
        re-audit's ~35 (issue 35)."""
        names = self.block_tokenizers
        nbytes, tokens = self._memo.once(
            "block measure", (text, Same(self.counter), names),
            lambda: index_read.measured(text, self.counter, names, index_read.BLOCK_PIECES))
        return nbytes, dict(tokens)  # (each block its own dict)

    # -- the whole derivation, kept in the user cache ---------------------------------------

    def _derived_key(self, head: tuple[str, str, str] | None, index_digest: bytes
                     ) -> dict[str, object]:
        """What the derivation reads besides the files, MEMORY.md's parse and the clock
        (`memtui.core.caches.derived`), as JSON holds it."""
        return {"root": str(self.ws.root), "layout": self.ws.layout, "profile": self.profile,
                "options": derived_cache.options_key(self.options), "docs": list(self._docs),
                "notes": [list(note) for note in self._notes], "index": index_digest.hex(),
                "flagged": [[f.kind, f.path, f.message] for f in self._flagged],
                "git": list(head) if head is not None else None,
                "project": list(self._project[1]) if self._project[1] is not None else None}

    def _same_content(self, rel: str, digest: bytes) -> bool:
        """Whether the memory ``rel`` holds the content whose digest is ``digest`` (read as
        the scan reads it)."""
        read = read_text(os.path.join(self.ws.root, rel))
        return (bytes_digest(read.raw) if read.raw else text_digest(read.text)) == digest

    def _known_secrets(self, placed: dict[str, list[PlacedHit]],
                       rows: Sequence[tuple[object, ...]]
                       ) -> Callable[[str], list[SecretHit] | None]:
        """A memory's credentials with their values (``placed``: their places kept by the
        derived cache), from its file read again when it holds the content derived from
        (``rows``: its digest); None when it does not, or a value is not found."""
        digests = {row[0]: row[5] for row in rows if row[0] in placed}

        def known(rel: str) -> list[SecretHit] | None:
            hits, digest = placed.get(rel), digests.get(rel)
            if not hits or type(digest) is not bytes:
                return None
            read = read_text(os.path.join(self.ws.root, rel))
            if (bytes_digest(read.raw) if read.raw else text_digest(read.text)) != digest:
                return None
            got = with_values(read.text, list(hits))
            return got if all(h.value for h in got) else None
        return known

    def _from_derived(self, head: tuple[str, str, str] | None) -> AuditResult | None:
        """The result kept in the user cache when nothing it was derived from changed, or
        when files were only retimed (a `touch`: the same content under a new stat key),
        with their ages patched (`memtui.core.caches.retimed`; inside git, from the git
        times the derivation would read: `_touched_git`)."""
        stored = derived_cache.load(derived_cache.cache_path(self.ws.root), self.pause)
        read = whole_index(self.ws) if stored is not None else None
        if stored is None or read is None:
            return None
        now = self.options.now or time.time()
        root = str(self.ws.root) + os.sep
        restat = derived_cache.restated(
            stored, self._derived_key(head, read[1]), self._paths, root, self._exists, now,
            self._same_content, retimed.MOST if self.git_times is None else 0)
        touched = self._retouched(stored, restat, root) if restat else {}
        if restat is None or touched is None:
            return None
        git = self._touched_git(touched) if touched and head is not None else None
        tokens = [None] * len(stored.files) if self.options.file_tokens else \
            self.counter.known_many([e[5] for e in stored.files], self.tokenizers)
        try:
            got = derived_cache.decode_result(stored.result, self._paths, read[0].text, tokens)
            fixed = retimed.retimed(stored.result, list(stored.files), stored.holds,
                                    got.files, got.findings, touched, now,
                                    get_profile(self.profile), self.options.stale_days,
                                    git) \
                if touched else None
        except Exception:  # whatever does not fit: derived afresh
            return None
        rows, holds = stored.files, stored.holds
        if touched:
            if fixed is None:
                return None
            got.files, got.findings, holds, rows = fixed.reports, fixed.findings, \
                fixed.holds, fixed.rows
            self._derived_new = derived_cache.Derived(stored.key, fixed.rows, stored.exists,
                                                      holds, fixed.parts)
        index = index_of(read[0], INDEX_NAME, got.index)
        if not self._one_shot:  # only `keep_derived` reads it, and a one-shot run never asks
            self._kept_as = _fingerprint(stored.key, [f[:6] for f in rows], stored.exists)
        return AuditResult(
            self.ws, self.profile, self.options,
            derived_cache.StoredScans(self._paths, self._scan_one,  # type: ignore[arg-type]
                                      got.commented, self._known_secrets(got.placed, rows)),
            got.files, index, got.index_linked, got.reachable, got.orphans, got.broken,
            got.wikirefs, got.graph, self._block(index, got.loaded), got.line_costs,
            got.loaded, got.findings, got.types, documentation=list(self._docs),
            holds=holds, store=got.store)

    def _retouched(self, stored: derived_cache.Derived, restat: list[int], root: str
                   ) -> dict[int, tuple[FileScan, retimed.Row]] | None:
        """The files of ``stored`` at ``restat`` scanned again, with their new stat rows,
        when each still holds the content stored (None: one does not)."""
        out: dict[int, tuple[FileScan, retimed.Row]] = {}
        for at in restat:
            rel, digest = stored.files[at][0], stored.files[at][5]
            made = time.time_ns()  # (before it is looked at: its read time)
            st, key, mtime = stat_key(root + rel)
            if key == NO_KEY:
                return None
            scan = scan_file(root + rel, rel, mtime, st, self.clean_texts)
            if scan.digest != digest:
                return None
            out[at] = (scan, (rel, *key, digest, made))
        return out

    def _touched_git(self, touched: dict[int, tuple[FileScan, retimed.Row]]
                     ) -> dict[str, float | None]:
        """The git time of each retimed file git dates, as `_derive` reads it (`git_ages`
        at HEAD, a file written after its commit left out when it differs from HEAD's
        blob: `_uncommitted`)."""
        times = git_ages(self.ws.root, keep=self.autosave and self._keep_scans)[0]
        scans = {row[0]: scan for scan, row in touched.values()}
        out = {rel: times[rel] for rel in scans if rel in times}
        later = {rel: (s.mtime, s.memory.size) for rel, s in scans.items()
                 if (when := out.get(rel)) is not None and s.mtime > when}
        for rel in edited(self.ws.root, later) if later else ():
            del out[rel]
        return out

    def _scan_one(self, rel: str) -> FileScan:
        """One file's scan, from the scan cache or the file (for a result that came from
        the derived cache)."""
        full = str(self.ws.root) + os.sep + rel
        st, key, mtime = stat_key(full)
        # The scan cache only when the next run has loaded it already: asked for from the
        # screen's thread, one file scanned afresh costs less than loading every scan.
        store = self._store
        hit = store.get(rel, key) if store is not None else None
        scan = hit[0] if hit is not None and not hit[1] else None
        if scan is not None and self.holds_texts:  # its text, if it is the same
            text = same_text(full, st, scan.digest)
            if text is None:
                scan = None
            else:
                scan.memory.text = text
        if scan is None:
            scan = scan_file(full, rel, mtime, st, self.clean_texts)
        scan.tokens = (self.counter.known(scan.digest, self.tokenizers)
                       if scan.digest else None) or {}
        if not self.holds_texts:
            _let_go_of_text(scan)
        return scan


def _fingerprint(key: object, files: list[tuple[object, ...]], exists: object) -> bytes:
    """A digest of what a derived cache entry was made from: equal for equal plain values
    made alike (a difference only means the entry is written again)."""
    return bytes_digest(repr((key, files, exists)).encode("utf-8", "surrogatepass"))


def _let_go_of_text(scan: FileScan) -> None:
    """Drop ``scan``'s text: `audited_text` reads it again when its digest can vouch for it
    (one without a digest keeps its text)."""
    if scan.digest:
        scan.memory.text = ""


def audit(path: str | os.PathLike[str], options: AuditOptions | None = None) -> AuditResult:
    """One-shot audit of the workspace at ``path`` (raises WorkspaceError)."""
    from memtui.core.workspace import open_workspace

    return Auditor(open_workspace(path), options).run()
