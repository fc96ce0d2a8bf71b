"""tiktoken, imported without the thread pool of its batch methods.

``tiktoken.core`` imports ``concurrent.futures.ThreadPoolExecutor`` at its top for its
``*_batch`` methods, which memtui never calls (it runs its own threads over
``encode_ordinary``, `memtui.core.counting.tokens`); ``concurrent.futures`` imports
``logging`` (and with it ``traceback``, ``tokenize``, ``string``) and ``queue``: 33 M
instructions, 1.3 % of a cold ``memtui audit`` of 261 memories, which builds one small
encoder (issue 35). So while tiktoken is imported a stand-in module holds the place of
``concurrent.futures`` (`_FuturesWhenUsed`): its ``ThreadPoolExecutor`` is the real one once
called, any other name asked of it imports the real module and hands that name over; after,
``import concurrent.futures`` imports the real module as ever. Nothing is done when
``concurrent.futures`` is imported already (the app: asyncio imports it), or when another
thread runs (it could ask for the module while the stand-in holds its place).
"""

from __future__ import annotations

import importlib
import sys
import threading
import types
from typing import Any

_FUTURES = "concurrent.futures"
_lock = threading.Lock()


class _PoolWhenUsed:
    """Stands for ``ThreadPoolExecutor`` in tiktoken: called, it makes the real one."""

    def __new__(cls, *args: Any, **kwargs: Any) -> Any:
        from concurrent.futures import ThreadPoolExecutor

        return ThreadPoolExecutor(*args, **kwargs)


class _FuturesWhenUsed(types.ModuleType):
    """Stands for ``concurrent.futures`` while tiktoken is imported: a name other than
    ``ThreadPoolExecutor`` asked of it imports the real module then and hands it over."""

    ThreadPoolExecutor = _PoolWhenUsed

    def __getattr__(self, name: str) -> object:
        if name.startswith("__"):  # (``__path__``: ``from … import`` asks whether a package)
            raise AttributeError(name)
        if sys.modules.get(_FUTURES) is self:
            del sys.modules[_FUTURES]
        return getattr(importlib.import_module(_FUTURES), name)


def tiktoken() -> types.ModuleType:
    """The ``tiktoken`` module (see the module's text)."""
    module = sys.modules.get("tiktoken")
    if module is not None:
        return module
    with _lock:
        if _FUTURES in sys.modules or threading.active_count() > 1:
            return importlib.import_module("tiktoken")
        stand_in = _FuturesWhenUsed(_FUTURES)
        sys.modules[_FUTURES] = stand_in
        try:
            return importlib.import_module("tiktoken")
        finally:
            if sys.modules.get(_FUTURES) is stand_in:
                del sys.modules[_FUTURES]
