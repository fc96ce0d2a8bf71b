"""Several broken links removed as one operation: the app's ``X`` on picked rows of the
Broken view (newuser31 #6: it removed the first pick's link and dropped the others). Each
link goes as ``X`` on its own row would take it (an index link with its entry when it was
the line's only link, a link inside a memory made its plain text, a Gemini pointer line),
all planned on one working copy, shown in one diff, written and undone as one step."""

from __future__ import annotations

from collections.abc import Sequence

from memtui.core.reporting.wording import plural
from memtui.core.workspace import INDEX_NAME
from memtui.edit.changeset import Changeset, Plan
from memtui.edit.gemini_ops import remove_pointer_in
from memtui.edit.index_ops import remove_link_in
from memtui.edit.memory_ops import unlink_in
from memtui.edit.snapshot import Snapshot


def remove_broken(snap: Snapshot, links: Sequence[tuple[str, str]],
                  pointers: bool = False) -> Changeset:
    """Remove each broken link ``(source, target)`` of ``links`` (``pointers``: the Gemini
    pointer lines to each target instead)."""
    plan = Plan(snap)
    said: list[str] = []
    total = 0
    # Each link once: two rows of one link (or, for pointers, of one target) are one removal.
    unique = list({(target if pointers else (source, target)): (source, target)
                   for source, target in links}.values())
    for source, target in unique:
        if pointers:
            name, count = remove_pointer_in(plan, target)
            said.append(f"{name}: {plural(count, 'pointer line')} to {target}")
        elif source == INDEX_NAME:
            name, count = remove_link_in(plan, target)
            said.append(f"{INDEX_NAME}: {plural(count, 'link')} to {name}")
        else:
            name, count = unlink_in(plan, source, target)
            said.append(f"{name}: {plural(count, 'link')} to {target} (its text stays)")
        total += count
    what = f"{plural(total, 'broken link')}: " + "; ".join(said)
    cs = plan.changeset("remove-link", {"links": [list(k) for k in unique]},
                        f"removed {what}")
    cs.preview = f"will remove {what}"
    cs.keep_age = True  # a repaired link changes no fact (docs/curate.md, "Ages are kept")
    return cs
