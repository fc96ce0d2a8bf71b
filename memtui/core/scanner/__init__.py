"""The scan: what one memory file, and the index MEMORY.md, yields on its own.

``scan`` puts it together (frontmatter, links, credentials, instruction-like lines, a
pure function of a file's bytes and path); ``textfile`` reads a file tolerant and
bounded; ``memory_file`` parses frontmatter and body; ``links`` finds markdown links
and [[wikilinks]]; ``index`` parses MEMORY.md and ``index_read`` is MEMORY.md as the
auditor reads it; ``keywords`` and ``lazy_pattern`` are the cheap first look and the
patterns compiled on first use; ``share`` scans part of a workspace in the counting
child. Nothing is imported here: import the module you use."""
