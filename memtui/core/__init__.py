"""The Textual-free domain: workspaces, memory files, the index, links, audit and report.

Nothing in this package may import Textual, memtui.edit, memtui.agent or memtui.tui
(tests/core/test_imports.py enforces it)."""
