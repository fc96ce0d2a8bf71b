"""tiktoken imported without ``concurrent.futures`` (`memtui.core.counting.tiktoken_import`):
each case in a fresh interpreter, where nothing has imported either yet."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _child(code: str) -> list[str]:
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                         text=True, timeout=120, check=True)
    return out.stdout.split()


def test_tiktoken_comes_without_the_thread_pool_and_its_pool_still_works() -> None:
    got = _child(
        "import sys\n"
        "from memtui.core.counting.tiktoken_import import tiktoken\n"
        "t = tiktoken()\n"
        "print(t is sys.modules['tiktoken'], 'concurrent.futures' in sys.modules,\n"
        "      'logging' in sys.modules)\n"
        "enc = t.Encoding('x', pat_str=r'\\S+|\\s+', mergeable_ranks={bytes([b]): b for b in "
        "range(256)}, special_tokens={})\n"
        "batch = enc.encode_ordinary_batch(['ab', 'c d'], num_threads=2)\n"
        "print(batch == [[97, 98], [99, 32, 100]])\n"
        "from concurrent.futures import Future, ThreadPoolExecutor\n"
        "import concurrent.futures\n"
        "print(sys.modules['concurrent.futures'].ThreadPoolExecutor is ThreadPoolExecutor,\n"
        "      concurrent.futures.Future is Future, tiktoken() is t)\n"
        "with t.core.ThreadPoolExecutor(2) as pool:\n"
        "    print(type(pool) is ThreadPoolExecutor, list(pool.map(abs, [-1, -2])) == [1, 2])\n")
    assert got == ["True", "False", "False", "True", "True", "True", "True", "True", "True"]


def test_with_the_pool_imported_already_tiktoken_has_the_real_one() -> None:
    got = _child(
        "from concurrent.futures import ThreadPoolExecutor\n"
        "from memtui.core.counting.tiktoken_import import tiktoken\n"
        "print(tiktoken().core.ThreadPoolExecutor is ThreadPoolExecutor)\n")
    assert got == ["True"]


def test_the_stand_in_hands_any_other_name_over_and_makes_way() -> None:
    got = _child(
        "import sys\n"
        "from memtui.core.counting import tiktoken_import as ti\n"
        "stand_in = ti._FuturesWhenUsed('concurrent.futures')\n"
        "sys.modules['concurrent.futures'] = stand_in\n"
        "from concurrent.futures import Future\n"
        "real = sys.modules['concurrent.futures']\n"
        "print(real is not stand_in, Future is real.Future, hasattr(stand_in, '__path__'))\n")
    assert got == ["True", "True", "False"]
