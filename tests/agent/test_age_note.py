"""The age note appended to a memory the agent reads: days old, and a reminder to verify."""

from memtui.agent.age_note import age_note


def test_age_note_counts_days() -> None:
    assert age_note(12).startswith("[memory age: this memory is 12 days old.")
    assert "1 day old" in age_note(1)
    assert "today" in age_note(0)
    assert "today" in age_note(-3)
    assert "Check it against the workspace" in age_note(400)
