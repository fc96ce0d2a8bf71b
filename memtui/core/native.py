"""``memtui_native``, the optional C extension (native/memtui_native.c), when it is built and
not turned off by ``MEMTUI_PURE_PYTHON=1``: the one place that decides whether compiled
steps may run. Each user checks what it needs of the module (`memtui.core.checks.
near_duplicate_kernel` its kernel version and self-check, `memtui.core.scanner.anchored`
its ``anchors``)."""

from __future__ import annotations

import os
from collections.abc import Mapping
from types import ModuleType


def native_module(environ: Mapping[str, str] | None = None) -> ModuleType | None:
    """``memtui_native``, or None when it is not built or ``MEMTUI_PURE_PYTHON`` is set
    (to anything but ``""`` or ``"0"``) in ``environ`` (default: the process's)."""
    env = os.environ if environ is None else environ
    if env.get("MEMTUI_PURE_PYTHON", "") not in ("", "0"):
        return None
    try:
        import memtui_native  # type: ignore[import-not-found]  # optional, compiled
    except ImportError:
        return None
    return memtui_native
