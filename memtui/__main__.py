"""``python -m memtui``: the same command line as ``memtui``."""

from memtui.cli import entry

entry()
