"""Hostile git repositories: no workspace makes memtui run a program (issue 18, part 1).

Each repository here is real (made by ``git``) and its config names a marker program, a
shell script that creates a file when run. Every memtui path that reads history runs over
it: ``audit``, ``audit --discover``, ``trend``, the fleet's sparklines, the app's ages and
the Trend view's HEAD. The marker must never appear, and the commands end with exit 0 or 1
(findings) or one clear line, never a traceback.
"""

from __future__ import annotations

import contextlib
import os
import subprocess
import tracemalloc
from collections.abc import Callable
from pathlib import Path

import pytest

from memtui.core.audit import AuditOptions, Auditor
from memtui.core.git.age import git_times
from memtui.core.git.repo import Repo, find_repo
from memtui.core.git.trend import TrendError, head, trend
from memtui.core.workspace import open_workspace
from tests.core.helpers import memory
from tests.core.test_trend import commit, git
from tests.test_cli_audit import memtui

pytestmark = pytest.mark.skipif(subprocess.run(["git", "--version"], capture_output=True,
                                               check=False).returncode != 0,
                                reason="git is not installed")

#: Every config key that names a program, set at once (values: the marker script).
PROGRAM_KEYS = ("gpg.program", "gpg.ssh.program", "gpg.x509.program", "core.fsmonitor",
                "diff.external", "core.sshCommand", "credential.helper", "core.editor",
                "core.pager", "sequence.editor", "core.askPass", "filter.evil.smudge",
                "filter.evil.clean", "filter.evil.process", "diff.evil.textconv",
                "merge.evil.driver")


def marker_script(tmp: Path) -> tuple[Path, Path]:
    marker = tmp / "MARKER"
    script = tmp / "evil.sh"
    script.write_text(f"#!/bin/sh\ntouch '{marker}'\ncat >/dev/null 2>&1 </dev/null\n")
    script.chmod(0o755)
    return script, marker


def workspace_files(ws: Path) -> None:
    (ws / "memory").mkdir(parents=True, exist_ok=True)
    (ws / "MEMORY.md").write_text("- [A](memory/a.md) — a\n", encoding="utf-8")
    (ws / "memory" / "a.md").write_text(memory("a", "A."), encoding="utf-8")


def arm(gitdir_or_repo: Path, script: Path, bare: bool = False) -> None:
    """Name the marker in every program key, turn on the keys that call them on read."""
    flag = ["--git-dir", str(gitdir_or_repo)] if bare else ["-C", str(gitdir_or_repo)]
    for key in PROGRAM_KEYS:
        subprocess.run(["git", *flag, "config", key, str(script)], check=True)
    for key, value in (("log.showSignature", "true"), ("core.hooksPath", str(script.parent)),
                       ("diff.evil.command", str(script))):
        subprocess.run(["git", *flag, "config", key, value], check=True)
    for hook in ("post-checkout", "post-index-change", "reference-transaction"):
        (script.parent / hook).write_text(script.read_text())
        (script.parent / hook).chmod(0o755)


def sign_head(repo: Path) -> None:
    """Rewrite HEAD as a commit carrying a gpgsig header (git then calls gpg.program)."""
    raw = git(repo, "cat-file", "commit", "HEAD")
    head_, _, body = raw.partition("\n\n")
    signed = (head_ + "\ngpgsig -----BEGIN PGP SIGNATURE-----\n \n iQEzBAABCAAdFiEE\n"
              " -----END PGP SIGNATURE-----\n\n" + body)
    sha = subprocess.run(["git", "-C", str(repo), "hash-object", "-t", "commit", "-w",
                          "--literally", "--stdin"], input=signed, capture_output=True,
                         text=True, check=True).stdout.strip()
    git(repo, "update-ref", "HEAD", sha)


def plain_repo(ws: Path, script: Path, armed: bool = True) -> None:
    ws.mkdir(parents=True)
    git(ws, "init", "-q")
    workspace_files(ws)
    (ws / ".gitattributes").write_text("*.md filter=evil diff=evil merge=evil\n")
    commit(ws, {}, "first")
    sign_head(ws)
    if armed:
        arm(ws, script)


def included(ws: Path, script: Path) -> None:
    ws.mkdir(parents=True)
    git(ws, "init", "-q")
    workspace_files(ws)
    commit(ws, {}, "first")
    sign_head(ws)
    extra = ws.parent / f"{ws.name}.inc"
    extra.write_text(f"[core]\n\tfsmonitor = {script}\n[gpg]\n\tprogram = {script}\n"
                     "[log]\n\tshowSignature = true\n")
    git(ws, "config", "include.path", str(extra))


def enclosing(ws: Path, script: Path) -> None:
    """The workspace is a folder of a hostile repository (a pull request's checkout)."""
    top = ws.parent / f"{ws.name}-top"
    top.mkdir(parents=True)
    git(top, "init", "-q")
    inner = top / "items" / "ws"
    workspace_files(inner)
    commit(top, {}, "first")
    sign_head(top)
    arm(top, script)
    ws.symlink_to(inner)


def bare_at_root(ws: Path, script: Path) -> None:
    """The workspace root itself is a bare repository: HEAD, config, objects/, refs/."""
    src = ws.parent / f"{ws.name}-src"
    src.mkdir(parents=True)
    git(src, "init", "-q")
    workspace_files(src)
    commit(src, {}, "first")
    sign_head(src)
    git(src, "clone", "-q", "--bare", str(src), str(ws))
    workspace_files(ws)
    arm(ws, script, bare=True)


def dot_git_file(ws: Path, script: Path) -> None:
    """``.git`` is a file naming a hostile repository elsewhere."""
    other = ws.parent / f"{ws.name}-other"
    plain_repo(other, script)
    ws.mkdir(parents=True)
    workspace_files(ws)
    (ws / ".git").write_text(f"gitdir: {other / '.git'}\n")


def worktree_elsewhere(ws: Path, script: Path) -> None:
    """``core.worktree`` names another folder (this crashed ``trend`` with a traceback)."""
    plain_repo(ws, script)
    other = ws.parent / f"{ws.name}-wt"
    other.mkdir()
    git(ws, "config", "core.worktree", str(other))


def linked_worktree(ws: Path, script: Path) -> None:
    """A ``git worktree`` of a hostile repository."""
    main = ws.parent / f"{ws.name}-main"
    plain_repo(main, script, armed=False)
    git(main, "worktree", "add", "-q", str(ws))
    arm(main, script)


CASES: dict[str, Callable[[Path, Path], None]] = {
    "config": plain_repo, "include": included, "enclosing": enclosing,
    "bare-root": bare_at_root, "dot-git-file": dot_git_file,
    "core-worktree": worktree_elsewhere, "worktree": linked_worktree,
}


@pytest.fixture
def hostile(tmp_path: Path, request: pytest.FixtureRequest) -> tuple[Path, Path]:
    script, marker = marker_script(tmp_path)
    root = tmp_path / "root"
    root.mkdir()
    CASES[request.param](root / "ws", script)
    if marker.exists():  # building the repository ran it: start from no marker
        marker.unlink()
    return root / "ws", marker


def test_the_hostile_repositories_do_run_the_marker_under_git(tmp_path: Path) -> None:
    """The repositories are really hostile: git itself runs the marker in them."""
    script, marker = marker_script(tmp_path)
    for name in ("config", "bare-root", "include"):
        ws = tmp_path / name
        CASES[name](ws, script)
        marker.unlink(missing_ok=True)
        subprocess.run(["git", "-C", str(ws), "log", "-1"], capture_output=True, check=False)
        subprocess.run(["git", "-C", str(ws), "status"], capture_output=True, check=False)
        assert marker.exists(), name


def clear(proc: subprocess.CompletedProcess[str]) -> None:
    assert "Traceback" not in proc.stderr
    assert proc.returncode in (0, 1) or len(proc.stderr.strip().splitlines()) == 1, proc.stderr


@pytest.mark.parametrize("hostile", list(CASES), indirect=True)
def test_no_git_path_runs_what_the_repository_names(hostile: tuple[Path, Path]) -> None:
    ws, marker = hostile
    clear(memtui("audit", str(ws)))
    clear(memtui("audit", str(ws), "--json"))
    clear(memtui("audit", str(ws.parent), "--discover"))
    clear(memtui("trend", str(ws)))
    # the app's age column and the fleet's sparklines, through the functions they call
    Auditor(open_workspace(ws), AuditOptions()).run()
    git_times(ws)
    with contextlib.suppress(TrendError):
        trend(ws, last=12)
    found = find_repo(ws)
    if found is not None:
        head(found[0])
    assert not marker.exists()


def test_where_history_comes_from(tmp_path: Path) -> None:
    """Ages come from the repository's own ``.git`` folder; redirects give none."""
    script, _ = marker_script(tmp_path)
    for name in CASES:
        CASES[name](tmp_path / name, script)
    ages = {name: git_times(tmp_path / name) for name in CASES}
    for name in ("config", "include", "enclosing", "core-worktree"):
        assert set(ages[name]) >= {"MEMORY.md", "memory/a.md"}, name
    for name in ("bare-root", "dot-git-file", "worktree"):
        assert ages[name] == {}, name
    points = trend(tmp_path / "core-worktree")
    assert [p["memory_files"] for p in points] == [1]


def test_fleet_screen_over_hostile_repositories(tmp_path: Path) -> None:
    """The fleet (``--fleet``) audits and draws sparklines for each; nothing runs."""
    import asyncio

    from memtui.tui.fleet.app import FleetApp
    from tests.tui.conftest import wait_for

    script, marker = marker_script(tmp_path)
    root = tmp_path / "root"
    root.mkdir()
    for name in CASES:
        CASES[name](root / name, script)
    marker.unlink(missing_ok=True)

    async def run() -> None:
        app = FleetApp(root, AuditOptions(), watch=False, jobs=1)
        async with app.run_test(size=(120, 30)) as pilot:
            # every workspace audited, then the sparklines worker (started by the audit
            # worker when it ends) done too
            await wait_for(pilot, lambda: len(app.state.rows) >= 5 and
                           all(w.is_finished for w in app.workers), timeout=120)
            await pilot.pause(0.5)
            await wait_for(pilot, lambda: all(w.is_finished for w in app.workers), timeout=60)

    asyncio.run(run())
    assert not marker.exists()


def odd_time_commit(repo: Path, seconds: str) -> None:
    raw = git(repo, "cat-file", "commit", "HEAD")
    lines = [(" ".join([*ln.split(" ")[:-2], seconds, "+0000"])
              if ln.startswith(("author ", "committer ")) else ln)
             for ln in raw.split("\n")]
    sha = subprocess.run(["git", "-C", str(repo), "hash-object", "-t", "commit", "-w",
                          "--literally", "--stdin"], input="\n".join(lines),
                         capture_output=True, text=True, check=True).stdout.strip()
    git(repo, "update-ref", "HEAD", sha)


@pytest.mark.parametrize("seconds", ["253402300800", str(2**64 - 1), "99999999999999999999"])
def test_commit_times_past_9999_are_unknown(tmp_path: Path, seconds: str) -> None:
    ws = tmp_path / "ws"
    ws.mkdir()
    git(ws, "init", "-q")
    workspace_files(ws)
    commit(ws, {}, "first")
    odd_time_commit(ws, seconds)
    result = Auditor(open_workspace(ws), AuditOptions(), autosave=False).run()
    assert {f.path: f.age_source for f in result.files}["memory/a.md"] == "unknown"
    points = trend(ws)
    assert [p["date"] for p in points] == ["unknown"]
    proc = memtui("trend", str(ws))
    assert proc.returncode == 0 and "Traceback" not in proc.stderr
    clear(memtui("audit", str(ws)))


@pytest.mark.parametrize("packed", [False, True])
def test_a_blob_over_the_cap_is_refused_before_it_is_read(tmp_path: Path,
                                                          packed: bool) -> None:
    ws = tmp_path / "ws"
    ws.mkdir()
    git(ws, "init", "-q")
    workspace_files(ws)
    big = 64 * 1024 * 1024
    with open(ws / "memory" / "big.md", "wb") as f:
        f.truncate(big)  # zeros: a few hundred KiB in git
    commit(ws, {}, "big")
    if packed:
        git(ws, "gc", "-q")
    sha = git(ws, "rev-parse", "HEAD:memory/big.md").strip()
    repo = Repo(ws / ".git")
    assert repo.size(sha) == big
    tracemalloc.start()
    try:
        assert repo.blob(sha, 8 * 1024 * 1024) is None
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 4 * 1024 * 1024
    small = git(ws, "rev-parse", "HEAD:memory/a.md").strip()
    assert repo.blob(small, 8 * 1024 * 1024) == (ws / "memory" / "a.md").read_bytes()
    points = trend(ws)
    assert points[-1]["memory_files"] == 2


@pytest.mark.parametrize("where", ["HEAD", "loose", "pack", "ref"])
def test_fifos_in_the_repository_never_block(tmp_path: Path, where: str) -> None:
    ws = tmp_path / "ws"
    ws.mkdir()
    git(ws, "init", "-q")
    workspace_files(ws)
    commit(ws, {}, "first")
    dot = ws / ".git"
    if where == "HEAD":
        (dot / "HEAD").unlink()
        os.mkfifo(dot / "HEAD")
    elif where == "ref":
        (dot / "refs" / "heads" / "master").unlink(missing_ok=True)
        (dot / "refs" / "heads" / "main").unlink(missing_ok=True)
        git(ws, "symbolic-ref", "HEAD", "refs/heads/main")
        os.mkfifo(dot / "refs" / "heads" / "main")
    elif where == "loose":
        tree = git(ws, "rev-parse", "HEAD^{tree}").strip()
        obj = dot / "objects" / tree[:2] / tree[2:]
        obj.unlink()
        os.mkfifo(obj)
    else:
        (dot / "objects" / "pack").mkdir(exist_ok=True)
        os.mkfifo(dot / "objects" / "pack" / "pack-0.idx")
    proc = memtui("audit", str(ws))
    assert "Traceback" not in proc.stderr and proc.returncode in (0, 1)
    clear(memtui("trend", str(ws)))


@pytest.mark.parametrize("hostile", ["config", "bare-root", "core-worktree"], indirect=True)
def test_the_app_ages_and_trend_view_run_nothing(hostile: tuple[Path, Path]) -> None:
    """The app itself under Pilot: the Files view's ages, then the Trend view (key 8)."""
    import asyncio

    from memtui.tui.app import MemtuiApp
    from tests.tui.conftest import wait_for

    ws, marker = hostile

    async def run() -> None:
        app = MemtuiApp(open_workspace(ws), AuditOptions(), watch=False)
        async with app.run_test(size=(140, 40)) as pilot:
            await wait_for(pilot, lambda: app.audits >= 1, timeout=60)
            await pilot.press("2")
            await pilot.press("8")
            view = app.query_one("#trend-view")
            await wait_for(pilot, lambda: bool(view.points) or
                           "No trend" in str(view.query_one(".summary").render()), timeout=60)

    asyncio.run(run())
    assert not marker.exists()
