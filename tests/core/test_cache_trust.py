"""The caches never vouch for bytes they did not read (issue 31 §1): a memory rewritten to
its old size with its old mtime set back (``os.utime``), or deleted and made again on the
same inode, is scanned again, by the scan cache, by the derived cache, by ``memtui audit
--json`` and by the app's first (lazy) audit: the stat key holds the ctime, which no user
can set back."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from memtui.core.audit import AuditOptions, Auditor
from memtui.core.reporting.json_report import to_json
from memtui.core.workspace import open_workspace
from tests.core.helpers import NOW, make_ws, memory, uncached

ROOT = Path(__file__).resolve().parents[2]
KEY = "AKIAQ4TZW7RB2XKD5N3M"  # an AWS access key id's shape (not a real one)
SECRET = f"aws_access_key_id = {KEY}\naws_secret_access_key = " \
         "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\n"
CLEAN = memory("a", "fact a\n")
ATTACK = memory("a", SECRET)
# The clean memory padded to the credential's size: the rewrite keeps the size.
CLEAN = CLEAN[:-1] + "x" * (len(ATTACK.encode()) - len(CLEAN.encode())) + "\n"
assert len(CLEAN.encode()) == len(ATTACK.encode())


def _files() -> dict[str, str]:
    return {"MEMORY.md": "- [a](memory/a.md) — fact a\n- [b](memory/b.md) — fact b\n",
            "memory/a.md": CLEAN, "memory/b.md": memory("b", "fact b, see [[a]]\n")}


def _secrets(report: dict[str, object]) -> list[object]:
    return [f for f in report["findings"] if f["kind"] == "secret"]  # type: ignore[index,union-attr]


def rewrite(path: Path, data: bytes, how: str) -> None:
    """Put ``data`` (the file's size) in ``path`` with its mtime as it was: in place, or by
    deleting the file and making it again (ext4 hands the freed inode back)."""
    before = os.stat(path)
    assert len(data) == before.st_size
    if how == "in place":
        with open(path, "r+b") as fh:
            fh.write(data)
    else:
        path.unlink()
        path.write_bytes(data)
    os.utime(path, ns=(before.st_atime_ns, before.st_mtime_ns))
    after = os.stat(path)
    assert (after.st_size, after.st_mtime_ns) == (before.st_size, before.st_mtime_ns)


def _audit(root: Path, **options: object) -> dict[str, object]:
    opts = AuditOptions(now=NOW, keep_texts=False, **options)  # type: ignore[arg-type]
    return to_json(Auditor(open_workspace(root), opts).run())


@pytest.mark.parametrize("how", ["in place", "deleted and made again"])
@pytest.mark.parametrize("kept", ["scans-*.marshal", "derived-*.json"])
def test_a_rewrite_with_its_mtime_set_back_is_scanned_again(
        tmp_path: Path, cache: Path, how: str, kept: str) -> None:
    """Each cache on its own (the other deleted): the warm audit reports the credential
    the fresh one does."""
    root = make_ws(tmp_path / "ws", _files(), days_ago=3)
    assert _secrets(_audit(root)) == []
    assert list(cache.glob("scans-*.marshal")) and list(cache.glob("derived-*.json"))
    for other in cache.glob("scans-*.marshal" if kept != "scans-*.marshal"
                            else "derived-*.json"):
        other.unlink()
    rewrite(root / "memory/a.md", ATTACK.encode(), how)
    warm = _audit(root)
    with uncached():
        fresh = _audit(root)
    assert len(_secrets(fresh)) >= 1
    assert warm == fresh


@pytest.mark.parametrize("how", ["in place", "deleted and made again"])
def test_the_apps_first_audit_sees_the_rewrite(tmp_path: Path, cache: Path,
                                               how: str) -> None:
    """The app's first audit comes from the derived cache (its scans made later): not
    when a file's ctime moved."""
    root = make_ws(tmp_path / "ws", _files(), days_ago=3)
    app = Auditor(open_workspace(root), AuditOptions(now=NOW), lazy_scans=True)
    assert _secrets(to_json(app.run())) == []
    assert list(cache.glob("derived-*.json"))
    rewrite(root / "memory/a.md", ATTACK.encode(), how)
    again = Auditor(open_workspace(root), AuditOptions(now=NOW), lazy_scans=True)
    assert len(_secrets(to_json(again.run()))) >= 1


def test_the_cli_warm_audit_reports_the_credential(tmp_path: Path) -> None:
    """``memtui audit --json`` in a subprocess, with the real window for a clock's tick:
    the files are let settle past it before the first audit, so that the caches trust
    them on their keys (as they do a workspace that has not changed in a while)."""
    root = tmp_path / "ws"
    old = time.time() - 3 * 86400
    for rel, text in _files().items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        os.utime(path, (old, old))
    env = {**os.environ, "MEMTUI_CACHE_DIR": str(tmp_path / "cache"),
           "PYTHONPATH": str(ROOT), "NO_COLOR": "1"}
    env.pop("MEMTUI_NO_CACHE", None)

    def audit() -> tuple[int, list[object]]:
        done = subprocess.run([sys.executable, "-m", "memtui", "audit", "--json", str(root)],
                              env=env, capture_output=True, text=True, timeout=120)
        return done.returncode, _secrets(json.loads(done.stdout))

    time.sleep(2.2)  # past `GRANULARITY_NS` since the files' ctime
    assert audit() == (0, [])
    assert list((tmp_path / "cache").glob("derived-*.json"))
    assert list((tmp_path / "cache").glob("scans-*.marshal"))
    rewrite(root / "memory/a.md", ATTACK.encode(), "in place")
    code, found = audit()
    assert code != 0 and len(found) >= 1


def test_a_file_changed_moments_ago_is_read_again_whatever_its_mtime(
        tmp_path: Path, cache: Path, real_tick: None) -> None:
    """A file whose mtime is days old but whose ctime is moments before the audit may be
    written again within that tick with its whole key unchanged: its entry is checked
    against its content on the next audit, not trusted on its key."""
    from tests.core.helpers import opened_files

    root = make_ws(tmp_path / "ws", _files(), days_ago=3)  # ctime: now
    _audit(root)
    with opened_files() as opened:
        _audit(root, stale_days=91)  # (the derived cache's key differs: the scan cache)
    assert str(root / "memory/a.md") in opened
