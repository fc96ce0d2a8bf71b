"""The chat pane: talk to the agent in this workspace and watch it write memory."""

from memtui.tui.chat.pane import ChatPane

__all__ = ["ChatPane"]
