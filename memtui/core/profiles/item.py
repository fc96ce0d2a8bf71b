"""The item platform: MEMORY.md loaded whole into every turn, memories read on demand
(SPEC §1-2). The base profile's answers are all its own."""

from __future__ import annotations

from memtui.core.profiles.base import Profile


class Item(Profile):
    name = "item"
