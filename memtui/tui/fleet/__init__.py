"""The fleet screen: many workspaces at once, and one of them opened from it."""
