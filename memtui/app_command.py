"""``memtui [PATH]``: open the Textual app (placeholder until the TUI lands)."""

from __future__ import annotations

import argparse


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("path", nargs="?", help="workspace folder, or its MEMORY.md")
    parser.add_argument("--demo", action="store_true", help="open a copy of the demo workspace")


def run(ns: argparse.Namespace) -> int:
    raise SystemExit("memtui: the app is not built yet")
