"""newuser33 #16: one credential in a memory made every warm ``memtui audit`` ~5x dearer
(0.19 s -> ~1.0 s of CPU at 260 memories), also when a ``--baseline`` accepts it: the
derivation was never kept, so each run derived afresh and scanned the credential's file
again, importing and compiling the credential detector (detect-secrets). A warm run with a
known credential now does what a clean warm run does, plus per-file work: counted here as
the modules it imports, in a real ``memtui audit`` process."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.core.helpers import make_ws, memory

ROOT = Path(__file__).resolve().parents[2]
KEY = "AKIAZ3MHQF4BXRT7NWPK"
#: what only the keyed fingerprint of an accepted credential needs (the standard library's)
FINGERPRINT = {"hmac"}

#: ``memtui audit ARGS``, as the command runs it, then the modules it imported, as JSON
RUN = ("import contextlib, io, json, sys\n"
       "from memtui.cli import main\n"
       "with contextlib.redirect_stdout(io.StringIO()), \\\n"
       "        contextlib.redirect_stderr(io.StringIO()):\n"
       "    main(sys.argv[1:])\n"
       "print(json.dumps(sorted(sys.modules)))\n")


def _workspace(root: Path, credential: bool) -> Path:
    files = {"MEMORY.md": "".join(f"- [m{i}](memory/m{i}.md) — fact {i}\n" for i in range(8))}
    for i in range(8):
        files[f"memory/m{i}.md"] = memory(f"m{i}", f"fact {i}: the deploy runs on day {i}\n")
    files["memory/m3.md"] = memory("m3", f"key {KEY} for the bucket\n" if credential
                                   else "the key for the bucket is in the vault\n")
    return make_ws(root, files, days_ago=3)


def _imports(root: Path, cache: Path, *args: str) -> set[str]:
    env = {**os.environ, "MEMTUI_CACHE_DIR": str(cache), "PYTHONDONTWRITEBYTECODE": "1"}
    env.pop("MEMTUI_NO_CACHE", None)
    out = subprocess.run([sys.executable, "-c", RUN, "audit", str(root), *args], cwd=ROOT,
                         env=env, capture_output=True, text=True, check=True).stdout
    return set(json.loads(out))


@pytest.mark.parametrize("baseline", [False, True])
def test_a_warm_audit_with_a_known_credential_imports_what_a_clean_one_does(
        baseline: bool, tmp_path: Path) -> None:
    warm: dict[bool, set[str]] = {}
    for credential in (False, True):
        root = _workspace(tmp_path / f"ws{credential}", credential)
        cache = tmp_path / f"cache{credential}"
        args: list[str] = []
        if baseline:
            accepted = tmp_path / f"baseline{credential}.json"
            _imports(root, cache, "--write-baseline", str(accepted))
            args = ["--baseline", str(accepted)]
        _imports(root, cache, *args)  # the first run after the baseline's: warm from here
        warm[credential] = _imports(root, cache, *args)
    assert not {m for m in warm[False] if m.startswith("detect_secrets")}
    assert warm[True] - warm[False] - FINGERPRINT == set()
