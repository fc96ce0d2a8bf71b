"""``python -m memtui``: the same command line as ``memtui``."""

from memtui.cli import main

raise SystemExit(main())
