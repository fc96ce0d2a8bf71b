"""One bounded reader for every input that is not a memory (issue 31 §3): ``.memtui.toml``,
``--config``, ``--baseline``, the user's config and every user-cache file are read only
when they are regular files (a FIFO never hangs), never through a link leading out of the
workspace, never past a size cap (a sparse 1 GiB config), and whatever does not parse
(100,000 ``[``) is one line and exit 2, never a traceback. Cache files are never read or
written through a link. Real processes, with timeouts and a memory limit."""

from __future__ import annotations

import os
import resource
import subprocess
import sys
from pathlib import Path

import pytest

from memtui.core.caches.checks_version import version
from memtui.core.caches.clean_texts import FORMAT

ROOT = Path(__file__).resolve().parents[1]
MEMORY = "---\nname: {0}\ndescription: d\nmetadata:\n  type: project\n---\n{1}"
WAIT = 30  # seconds: a run that takes longer hangs (a FIFO blocks forever)


def _ws(tmp_path: Path) -> Path:
    ws = tmp_path / "ws"
    (ws / "memory").mkdir(parents=True)
    (ws / "MEMORY.md").write_text("- [a](memory/a.md) — hook\n", encoding="utf-8")
    (ws / "memory/a.md").write_text(MEMORY.format("a", "fact\n"), encoding="utf-8")
    return ws


def memtui(*args: str, cache: Path | None = None, config_dir: Path | None = None,
           memory_mib: int | None = None) -> subprocess.CompletedProcess[str]:
    """``python -m memtui ARGS`` (no cache unless ``cache``; the user config folder
    ``config_dir``, else an empty one), ended after `WAIT` seconds."""
    env = {**os.environ, "PYTHONPATH": str(ROOT), "NO_COLOR": "1",
           "MEMTUI_CONFIG_DIR": str(config_dir or ROOT / "tests" / "no-such-folder")}
    env.pop("MEMTUI_CACHE_DIR", None)
    env.pop("MEMTUI_NO_CACHE", None)
    if cache is None:
        env["MEMTUI_NO_CACHE"] = "1"
    else:
        env["MEMTUI_CACHE_DIR"] = str(cache)

    def limit() -> None:
        if memory_mib is not None:
            resource.setrlimit(resource.RLIMIT_AS, (memory_mib << 20, memory_mib << 20))
    try:
        return subprocess.run([sys.executable, "-m", "memtui", *args], env=env,
                              capture_output=True, text=True, timeout=WAIT,
                              preexec_fn=limit)
    except subprocess.TimeoutExpired:
        pytest.fail(f"memtui {' '.join(args)} hung (still running after {WAIT} s)")


def _one_line(done: subprocess.CompletedProcess[str], *words: str) -> str:
    """The run ended with status 2 and one line on stderr holding ``words``."""
    err = done.stderr
    assert done.returncode == 2, (done.returncode, err[-2000:])
    assert err.count("\n") == 1 and "Traceback" not in err, err[-2000:]
    for word in words:
        assert word in err, err
    return err


# -- not a regular file: never opened, never blocking ---------------------------------------

@pytest.mark.parametrize("which", ["--baseline", "--config", ".memtui.toml", "user config"])
def test_a_fifo_is_refused_at_once(tmp_path: Path, which: str) -> None:
    ws = _ws(tmp_path)
    folder = tmp_path / "user"
    folder.mkdir()
    args = ["audit", str(ws)]
    if which == ".memtui.toml":
        fifo = ws / ".memtui.toml"
    elif which == "user config":
        fifo = folder / "config.toml"
    else:
        fifo = tmp_path / "input"
        args += [which, str(fifo)]
    os.mkfifo(fifo)
    _one_line(memtui(*args, config_dir=folder), "not a regular file")


# -- no link leading out of the workspace ----------------------------------------------------

SECRET_KEY = "hunter2-outside-the-workspace"


@pytest.mark.parametrize("which", [".memtui.toml", "--config", "--baseline"])
def test_a_link_out_of_the_workspace_is_not_read(tmp_path: Path, which: str) -> None:
    """A workspace file linked to one outside: refused, and nothing of it printed (the
    old reader read it and named its unknown key)."""
    ws = _ws(tmp_path)
    outside = tmp_path / "private.toml"
    outside.write_text(f'{SECRET_KEY} = "x"\n', encoding="utf-8")
    name = {".memtui.toml": ".memtui.toml", "--config": "conf.toml",
            "--baseline": "base.json"}[which]
    (ws / name).symlink_to(outside)
    args = ["audit", str(ws)] + ([which, str(ws / name)] if which != ".memtui.toml" else [])
    err = _one_line(memtui(*args), "leading out of the workspace")
    assert SECRET_KEY not in err


def test_a_workspace_file_named_through_a_linked_folder_is_still_the_workspaces(
        tmp_path: Path) -> None:
    """``--config /home/me/ws/.memtui.toml`` where ``/home/me/ws`` links to the workspace:
    still a workspace file, so its link out is refused."""
    ws = _ws(tmp_path)
    outside = tmp_path / "private.toml"
    outside.write_text(f'{SECRET_KEY} = "x"\n', encoding="utf-8")
    (ws / ".memtui.toml").symlink_to(outside)
    alias = tmp_path / "alias"
    alias.symlink_to(ws)
    err = _one_line(memtui("audit", str(alias), "--config", str(alias / ".memtui.toml")),
                    "leading out of the workspace")
    assert SECRET_KEY not in err


def test_a_link_that_stays_inside_is_read(tmp_path: Path) -> None:
    ws = _ws(tmp_path)
    (ws / "memory/a.md").write_text(MEMORY.format("a", "see [b](b.md)\n"), encoding="utf-8")
    assert memtui("audit", str(ws)).returncode == 1  # a broken link: an error
    (ws / "conf").mkdir()
    (ws / "conf/memtui.toml").write_text('fail-on = "never"\n', encoding="utf-8")
    (ws / ".memtui.toml").symlink_to("conf/memtui.toml")
    done = memtui("audit", str(ws))
    assert done.returncode == 0, done.stderr  # the config was read


def test_a_file_outside_the_workspace_named_by_the_operator_is_read(tmp_path: Path) -> None:
    """``--config`` naming a file outside the workspace (links and all): the operator's
    choice."""
    ws = _ws(tmp_path)
    real = tmp_path / "shared.toml"
    real.write_text('profile = "item"\nbogus = 1\n', encoding="utf-8")
    (tmp_path / "link.toml").symlink_to(real)
    _one_line(memtui("audit", str(ws), "--config", str(tmp_path / "link.toml")),
              "bogus: unknown key")


# -- a size cap, checked before reading --------------------------------------------------------

@pytest.mark.parametrize("which", [".memtui.toml", "--baseline", "user config"])
def test_a_sparse_gigabyte_is_refused_from_its_size(tmp_path: Path, which: str) -> None:
    """1 GiB of holes costs nothing on disk; read whole it cost 2 GB of memory. Under a
    512 MiB address-space limit: one line, exit 2."""
    ws = _ws(tmp_path)
    folder = tmp_path / "user"
    folder.mkdir()
    path = {".memtui.toml": ws / ".memtui.toml", "--baseline": ws / "base.json",
            "user config": folder / "config.toml"}[which]
    with open(path, "wb") as fh:
        fh.truncate(1 << 30)
    args = ["audit", str(ws)] + (["--baseline", str(path)] if which == "--baseline" else [])
    _one_line(memtui(*args, config_dir=folder, memory_mib=512), "larger than")


# -- whatever does not parse: one line --------------------------------------------------------

@pytest.mark.parametrize("which", [".memtui.toml", "--baseline", "user config",
                                   "inline tables"])
def test_deep_nesting_is_one_line(tmp_path: Path, which: str) -> None:
    ws = _ws(tmp_path)
    folder = tmp_path / "user"
    folder.mkdir()
    args = ["audit", str(ws)]
    if which == ".memtui.toml":
        (ws / ".memtui.toml").write_text("exclude = " + "[" * 100_000, encoding="utf-8")
    elif which == "inline tables":
        (ws / ".memtui.toml").write_text("a = " + "{b = " * 50_000, encoding="utf-8")
    elif which == "user config":
        (folder / "config.toml").write_text("exclude = " + "[" * 100_000, encoding="utf-8")
    else:
        (ws / "base.json").write_text("[" * 100_000, encoding="utf-8")
        args += ["--baseline", str(ws / "base.json")]
    _one_line(memtui(*args, config_dir=folder), "not ")


# -- the user cache: regular files of the user's own, never through a link --------------------

CACHE_NAMES = ["token-counts-v1.marshal", f"clean-texts-{version()}-{FORMAT}.marshal",
               "vocab-qwen-v2.marshal", "vocab-cl100k-v2.marshal"]


@pytest.mark.parametrize("name", CACHE_NAMES)
def test_a_fifo_in_the_cache_never_hangs(tmp_path: Path, name: str) -> None:
    ws = _ws(tmp_path)
    cache = tmp_path / "cache"
    cache.mkdir(mode=0o700)
    os.mkfifo(cache / name)
    profile = ["--profile", "claude-code"] if "cl100k" in name else []  # its tokenizer
    done = memtui("audit", str(ws), "--json", *profile, cache=cache)
    assert done.returncode == 0, done.stderr[-2000:]
    assert (cache / name).is_fifo()  # left as it is


def test_a_linked_cache_folder_is_neither_read_nor_written(tmp_path: Path) -> None:
    """``~/.cache/memtui`` replaced by a link to another folder: memtui keeps no cache
    rather than write through it."""
    ws = _ws(tmp_path)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir(mode=0o700)
    cache = tmp_path / "cache"
    cache.symlink_to(elsewhere)
    done = memtui("audit", str(ws), "--json", cache=cache)
    assert done.returncode == 0, done.stderr[-2000:]
    assert list(elsewhere.iterdir()) == []


@pytest.mark.parametrize("name", CACHE_NAMES[:2])
def test_a_linked_cache_file_is_neither_read_nor_written(tmp_path: Path, name: str) -> None:
    ws = _ws(tmp_path)
    cache = tmp_path / "cache"
    cache.mkdir(mode=0o700)
    target = tmp_path / "target"
    target.write_bytes(b"untouched")
    (cache / name).symlink_to(target)
    done = memtui("audit", str(ws), "--json", cache=cache)
    assert done.returncode == 0, done.stderr[-2000:]
    assert target.read_bytes() == b"untouched" and (cache / name).is_symlink()


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() != 0,
                    reason="giving a folder to another user needs root")
def test_a_cache_folder_of_another_user_is_not_used(tmp_path: Path) -> None:
    ws = _ws(tmp_path)
    cache = tmp_path / "cache"
    cache.mkdir(mode=0o777)
    os.chmod(cache, 0o777)
    os.chown(cache, 65534, 65534)
    done = memtui("audit", str(ws), "--json", cache=cache)
    assert done.returncode == 0, done.stderr[-2000:]
    assert list(cache.iterdir()) == []


def test_the_cache_folder_is_made_private(tmp_path: Path) -> None:
    ws = _ws(tmp_path)
    cache = tmp_path / "cache"
    done = memtui("audit", str(ws), "--json", cache=cache)
    assert done.returncode == 0, done.stderr[-2000:]
    assert cache.stat().st_mode & 0o077 == 0 and list(cache.iterdir())
    assert all(p.stat().st_mode & 0o077 == 0 for p in cache.iterdir())
