"""The Textual app: screens, widgets and styles over memtui.core."""
