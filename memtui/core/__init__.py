"""The Textual-free domain: workspaces, memory files, the index, links, audit and report.

Nothing in this package may import Textual, memtui.edit, memtui.agent or memtui.tui
(tests/core/test_imports.py enforces it). Its packages, each saying what it offers:
``scanner`` (one file's scan), ``counting`` (token counts and the counting child),
``checks`` (finding kinds and content checks), ``creds`` (the credential detector),
``derivation`` (everything across files), ``git`` (history read as data), ``caches``
(the user cache), ``files`` (safe file access), ``reporting`` (the report and its formats)
and ``profiles`` (the agents). Beside them: ``audit`` (the auditor), ``results`` (what an
audit yields), ``workspace``, ``config``, ``bounds``, ``agent_paths``, ``fleet`` and
``nested``."""
