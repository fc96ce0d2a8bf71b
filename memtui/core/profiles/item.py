"""The item platform: MEMORY.md loaded whole into every turn, memories read on demand
(SPEC §1-2). The base profile's answers are its own, but for the window: the item
platform runs Qwen, where for the other agents Qwen's window is only assumed."""

from __future__ import annotations

from memtui.core.profiles.base import DEFAULT_NUM_CTX, Profile


class Item(Profile):
    name = "item"
    window = (DEFAULT_NUM_CTX, "Qwen", "qwen")
    reach = "memory"
