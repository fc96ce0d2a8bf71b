"""The bundled demo workspace: an item-layout memory that trips every finding kind.

The files live in git, so their modification times mean nothing; ``demo_copy`` copies them
into a fresh temporary folder and stamps each file with a modification time taken from
``DAYS_AGO`` (relative to ``now``), so ages by mtime are the same on every machine. Files
with a frontmatter date take their age from it instead, as any workspace would.

Every kind of ``memtui.core.checks.findings.KINDS`` shows up when the demo is audited with the
default options, except ``beyond_load_limit``, which only the claude-code profile reports:
``memtui audit --demo --profile claude-code --max-lines 20`` shows all of them
(``DEMO_FULL_OPTIONS`` holds the same settings for code).
"""

from __future__ import annotations

import os
import shutil
import tempfile
import time
from pathlib import Path

from memtui.core.files.file_modes import write_bytes

DAY = 86400.0

#: Audit settings under which the demo shows every finding kind (see the module docstring).
DEMO_FULL_OPTIONS: dict[str, object] = {"profile": "claude-code", "max_lines": 20}

#: Age in days given to each file's modification time in a copy (default ``DEFAULT_DAYS``).
DAYS_AGO: dict[str, float] = {
    "MEMORY.md": 0.5,
    "memory/user-role.md": 58,
    "memory/yield-source.md": 5,
    "memory/feedback_units-in-tables.md": 12,
    "memory/spc-rules.md": 33,
    "memory/deploy-checklist.md": 19,
    "memory/週報格式.md": 8,
    "memory/tool matching.md": 47,
    "memory/lot hold rules.md": 61,
    "memory/defect-taxonomy.md": 26,
    "memory/metrology-schedule.md": 15,
    "memory/feedback_ask-before-doe.md": 9,
    "memory/chamber-a-history.md": 140,
    "memory/shift-handover.md": 3,
    "memory/vendor-contacts.md": 22,
    "memory/ticket-4411.md": 4,
    "memory/cleaning-cycle.md": 30,
    "memory/wafer-map-tool.md": 11,
    "memory/feedback_report-style.md": 2,
    "memory/cpk-target.md": 17,
    "memory/legacy-export.md": 400,
    "memory/feedback_no-weekend-pings.md": 6,
    "memory/feedback_verify-before-claim.md": 1,
    "memory/edge-ring-wear.md": 4,
    "memory/operator-training.md": 250,
    "memory/rf-generator-swap.md": 75,
    "memory/scrap-log.md": 40,
    "memory/notes-scratch.md": 120,
    "memory/feedback_chart-colors.md": 36,
    "memory/bias-power-doe.md": 7,
    "memory/endpoint-detector.md": 200,
}
DEFAULT_DAYS = 10.0


def demo_source() -> Path:
    """The demo workspace as shipped inside the package (do not write into it)."""
    return Path(__file__).resolve().parent / "workspace"


def demo_copy(dest: str | os.PathLike[str] | None = None, now: float | None = None) -> Path:
    """Copy the demo into ``dest`` (default: a new temporary folder) and return the workspace.

    The returned path is ``<dest>/workspace``; file modification times are set from
    ``DAYS_AGO`` relative to ``now`` (default: the current time).
    """
    base = Path(dest) if dest is not None else Path(tempfile.mkdtemp(prefix="memtui-demo-"))
    return copy_demo(base / "workspace", now)


def copy_demo(target: Path, now: float | None = None) -> Path:
    """Copy the demo workspace to ``target`` itself (an empty or new folder), mtimes
    stamped as :func:`demo_copy` does; returns ``target``."""
    shutil.copytree(demo_source(), target, ignore=shutil.ignore_patterns("__pycache__"),
                    dirs_exist_ok=True, copy_function=_copy_file)
    stamp_mtimes(target, now)
    return target


def _copy_file(src: str, dst: str) -> None:
    """One demo file copied as a new file memtui writes: 0o644 less the umask, whatever mode
    the installed package gave it."""
    write_bytes(Path(dst), Path(src).read_bytes())


def stamp_mtimes(root: Path, now: float | None = None) -> None:
    """Give every file under ``root`` its modification time from ``DAYS_AGO``."""
    now = time.time() if now is None else now
    for path in sorted(root.rglob("*")):
        if path.is_file():
            rel = path.relative_to(root).as_posix()
            when = now - DAYS_AGO.get(rel, DEFAULT_DAYS) * DAY
            os.utime(path, (when, when))
