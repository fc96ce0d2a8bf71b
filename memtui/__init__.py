"""memtui: audit, curate and watch an AI agent's file-based memory."""

__version__ = "0.1.0"
