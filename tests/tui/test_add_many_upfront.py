"""``A`` on many unreachable memories (newuser27 #6, newuser26 #17: 5,000–10,000 orphans
froze the app for minutes, then the confirmed write was refused for its size):

- an addition that would take MEMORY.md past the 1 MiB memtui edits is said when ``A`` is
  pressed, with no form to confirm first, and nothing is written;
- the files are read and the lines drafted off the screen's thread;
- the drafted titles are the ones a title-by-title search gives (made one at a time now)."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest

from memtui.edit import apply
from memtui.edit.draft import distinct_titles, draft_title, plain
from memtui.edit.snapshot import Snapshot
from memtui.tui.app import open_app
from memtui.tui.dialogs.add_to_index import AddToIndexScreen
from tests.core.helpers import memory
from tests.tui.conftest import wait_for
from tests.tui.test_app import started, switch

ORPHANS = 40


#: The cap the test sets (1 MiB of index prose makes an audit of ten seconds and more).
CAP = 8192


def near_the_cap(root: Path, orphans: int = ORPHANS) -> Path:
    """A MEMORY.md a few hundred bytes under ``CAP`` (one linked memory and prose) and
    ``orphans`` memories no line links: their entries would take it past."""
    (root / "memory").mkdir(parents=True)
    (root / "memory" / "kept.md").write_text(memory("kept", "Kept.\n"), encoding="utf-8")
    for i in range(orphans):
        (root / "memory" / f"lost-{i:03}.md").write_text(
            memory(f"lost-{i:03}", f"Body {i}.\n", description=f"what lost note {i} says"),
            encoding="utf-8")
    head = "# Memory\n\n- [Kept](memory/kept.md) — what is kept\n\n"
    prose = "Words of a long index, kept as they are. " * 24 + "\n"
    text = head
    while len(text.encode()) + len(prose) < CAP - 600:
        text += prose
    (root / "MEMORY.md").write_text(text, encoding="utf-8")
    return root


async def test_A_past_the_size_cap_says_so_before_any_form(tmp_path: Path,
                                                           monkeypatch: pytest.MonkeyPatch
                                                           ) -> None:
    monkeypatch.setattr(apply, "MAX_EDIT_BYTES", CAP)  # what memtui edits, here
    ws = near_the_cap(tmp_path / "ws")
    index_before = (ws / "MEMORY.md").read_bytes()
    app = open_app(ws, watch=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await started(pilot, app)
        assert app.result is not None
        assert sum(not o.reachable for o in app.result.orphans) == ORPHANS
        await switch(pilot, app, "3")
        await pilot.press("A")
        await wait_for(pilot, lambda: "would grow to" in app.notice, 60)
        assert not isinstance(app.screen, AddToIndexScreen)
        await pilot.pause(0.3)
        assert not isinstance(app.screen, AddToIndexScreen)  # no form comes after it
        assert "MEMORY.md would grow to" in app.notice
        assert f"{ORPHANS} entries" in app.notice and "nothing was drafted" in app.notice
    assert (ws / "MEMORY.md").read_bytes() == index_before


async def test_A_reads_and_drafts_off_the_screens_thread(tmp_path: Path,
                                                         monkeypatch: pytest.MonkeyPatch
                                                         ) -> None:
    ws = near_the_cap(tmp_path / "ws", orphans=3)
    (ws / "MEMORY.md").write_text("# Memory\n\n- [Kept](memory/kept.md) — what is kept\n",
                                  encoding="utf-8")
    read_in: list[threading.Thread] = []
    real = Snapshot.read.__func__  # type: ignore[attr-defined]

    def read(cls: type[Snapshot], workspace: object) -> Snapshot:
        read_in.append(threading.current_thread())
        return real(cls, workspace)  # type: ignore[no-any-return]

    monkeypatch.setattr(Snapshot, "read", classmethod(read))
    app = open_app(ws, watch=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await started(pilot, app)
        await switch(pilot, app, "3")
        read_in.clear()
        await pilot.press("A")
        await wait_for(pilot, lambda: isinstance(app.screen, AddToIndexScreen), 60)
        assert read_in and all(t is not threading.main_thread() for t in read_in)
        await pilot.press("escape")


def _titles_one_list(mfs: list, taken: dict[str, int]) -> list[str]:
    """The search as it was: every numbered title listed for each memory."""
    used = dict(taken)
    out = []
    for mf in mfs:
        first = draft_title(mf)
        folder = mf.path.rsplit("/", 2)[-2] if mf.path.count("/") else ""
        tries = [first, draft_title(mf, False, mf.stem)]
        tries += [f"{first} ({plain(folder)})"] if folder else []
        tries += [f"{first} ({n})" for n in range(2, len(used) + 3)]
        title = next(t for t in tries if t.casefold() not in used)
        used[title.casefold()] = 0
        out.append(title)
    return out


def test_distinct_titles_are_those_of_the_whole_search(tmp_path: Path) -> None:
    root = tmp_path / "ws"
    (root / "memory" / "a").mkdir(parents=True)
    (root / "memory" / "b").mkdir(parents=True)
    for folder in ("a", "b"):
        for i in range(30):  # thirty files of one name in each folder: numbered titles
            (root / "memory" / folder / f"same-{i}.md").write_text(
                memory("same", f"Body {i}.\n"), encoding="utf-8")
    (root / "MEMORY.md").write_text("# Memory\n\n- [Same](memory/x.md) — taken\n",
                                    encoding="utf-8")
    from memtui.core.workspace import open_workspace

    snap = Snapshot.read(open_workspace(root))
    mfs = [snap.memories[p] for p in sorted(snap.memories)]
    taken = {"same": 3}
    titles, _ = distinct_titles(mfs, taken)
    assert titles == _titles_one_list(mfs, taken)
    assert len(set(titles)) == len(titles) == 60
