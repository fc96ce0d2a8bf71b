"""The Textual app: screens, widgets and styles over memtui.core."""

from memtui.tui.cells import install as _measure_as_drawn

_measure_as_drawn()  # before Textual binds Rich's cell width (newuser42 #18)
