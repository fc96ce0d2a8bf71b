"""The Textual-free domain: workspaces, memory files, the index, links, audit and report.

Nothing in this package may import Textual (a test enforces it)."""
