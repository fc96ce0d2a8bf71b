"""Pick a model from ``/api/tags`` when none was given with --model."""

from __future__ import annotations

from textual.widgets import Select


class ModelPicker(Select[str]):
    DEFAULT_CSS = """
    ModelPicker { display: none; margin: 0 1; }
    ModelPicker.-shown { display: block; }
    """

    def __init__(self) -> None:
        super().__init__([], prompt="choose a model (as the server lists them)", allow_blank=True)

    def offer(self, names: list[str]) -> None:
        self.set_options((n, n) for n in names)
        self.add_class("-shown")
