"""HeapKeeper: full garbage collections only when the operator is idle, and frozen cyclic
garbage swept after enough audits. These drive the real collector, so each test restores it."""

from __future__ import annotations

import gc
import sys
import time
import weakref
from collections.abc import Iterator

import pytest

from memtui.tui import heap
from memtui.tui.heap import HeapKeeper


class Node:
    """An object in a reference cycle: only the cycle collector frees it."""

    def __init__(self) -> None:
        self.me = self


@pytest.fixture
def keeper() -> Iterator[HeapKeeper]:
    # An app test that ended while its worker still counted tokens leaves that thread
    # building (collector off) for a moment: start once it is done (bounded wait).
    deadline = time.monotonic() + 60
    while not gc.isenabled() and time.monotonic() < deadline:
        time.sleep(0.05)
    assert gc.isenabled(), "a worker thread of an earlier test still holds the collector off"
    gc.collect()
    k = HeapKeeper()
    k.start()
    try:
        yield k
    finally:
        k.stop()  # thresholds as before, nothing left frozen


def _make_full_collection_due(times: int = heap.FULL_DUE) -> None:
    for _ in range(times):
        gc.collect(1)  # each counts towards the next full collection


def test_start_holds_automatic_full_collections_and_stop_restores(
        keeper: HeapKeeper) -> None:
    assert gc.get_threshold()[2] >= 1_000_000
    keeper.stop()
    assert gc.get_threshold() == keeper._saved


def test_a_due_full_collection_waits_while_input_arrives(keeper: HeapKeeper) -> None:
    _make_full_collection_due()
    keeper.input_seen()
    assert keeper.tick() is False
    assert keeper.full_collections == 0


def test_a_due_full_collection_runs_once_the_operator_is_idle(keeper: HeapKeeper) -> None:
    keeper.last_input -= heap.IDLE_SECONDS + 0.1
    with keeper.building():
        _make_full_collection_due()
        assert keeper.tick() is False  # never while a worker builds an audit's objects
        assert keeper.full_collections == 0
    _make_full_collection_due()
    cyclic = Node()
    ref = weakref.ref(cyclic)
    del cyclic
    assert ref() is not None
    assert keeper.tick() is True
    assert keeper.full_collections == 1
    assert ref() is None
    assert gc.get_count()[2] == 0


def test_endless_input_still_gets_a_full_collection_eventually(keeper: HeapKeeper) -> None:
    _make_full_collection_due(heap.FULL_FORCED)
    keeper.input_seen()
    assert keeper.tick() is True
    assert keeper.full_collections == 1


def test_frozen_cyclic_garbage_is_swept_after_enough_audits(keeper: HeapKeeper) -> None:
    cyclic = Node()
    ref = weakref.ref(cyclic)
    keeper.settle()  # frozen along with an audit result
    del cyclic
    gc.collect()
    assert ref() is not None  # frozen: no collection sees it
    keeper.last_input -= heap.SWEEP_IDLE_SECONDS + 0.1
    while keeper.settled < keeper.sweep_after() - 1:
        keeper.settle()
    keeper.tick()
    assert keeper.sweeps == 0 and ref() is not None
    keeper.settle()
    keeper.input_seen()
    keeper.tick()
    assert keeper.sweeps == 0  # not while the operator is busy
    keeper.last_input -= heap.SWEEP_IDLE_SECONDS + 0.1
    assert keeper.tick() is True
    assert keeper.sweeps == 1
    assert ref() is None
    assert gc.get_freeze_count() > 0  # what is alive is frozen again


def test_what_a_worker_builds_is_frozen_without_being_walked(keeper: HeapKeeper) -> None:
    walked: list[int] = []

    def count(phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            walked.append(info["generation"])

    gc.callbacks.append(count)
    try:
        with keeper.building():
            assert not gc.isenabled()
            built = [[i] for i in range(50_000)]  # would set off young collections
        assert gc.isenabled()
        assert walked == []
        assert gc.get_freeze_count() >= len(built)  # frozen, as built
    finally:
        gc.callbacks.remove(count)


def test_a_failed_build_freezes_nothing_and_turns_the_collector_back_on(
        keeper: HeapKeeper) -> None:
    gc.unfreeze()
    with pytest.raises(ValueError), keeper.building():
        raise ValueError("audit failed")
    assert gc.isenabled()
    assert gc.get_freeze_count() == 0


#: Releases whose collector is incremental (their notes say so; 3.14.5 went back to the
#: generational one). Only this test knows versions: the keeper asks the collector.
INCREMENTAL = (3, 14, 0) <= sys.version_info[:3] < (3, 14, 5)


@pytest.mark.skipif(INCREMENTAL, reason="this release's collector is incremental")
def test_the_collector_in_use_is_asked_not_assumed() -> None:
    """CPython's collector here is generational (3.11 to 3.13, 3.14.5 on: run on 3.11,
    3.13.18, 3.14.10 and 3.15.2): a young collection counts towards a full one, and the
    keeper's due count is the collector's own third threshold."""
    saved = gc.get_threshold()
    try:
        gc.set_threshold(saved[0], saved[1], 7)
        k = HeapKeeper()
        assert heap.generational() is True
        k.start()
        assert k.generational and k.full_due == 7
        assert gc.get_threshold()[2] >= 1_000_000  # held: `tick` runs them
        k.stop()
    finally:
        gc.set_threshold(*saved)


@pytest.mark.skipif(not INCREMENTAL, reason="this release's collector is generational")
def test_an_incremental_collector_is_told_apart() -> None:
    """3.14.0 to 3.14.4: the probe answers no, and the thresholds stay as they were."""
    saved = gc.get_threshold()
    assert heap.generational() is False
    k = HeapKeeper()
    k.start()
    try:
        assert not k.generational and gc.get_threshold() == saved
    finally:
        k.stop()


def test_a_young_collection_that_counts_nothing_means_not_generational(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The incremental collector of 3.14.0 to 3.14.4 as the keeper sees it: three
    generations and three thresholds, but ``gc.collect(1)`` (an increment of the old
    objects) adds nothing to the third count. Its own schedule is kept."""
    saved = gc.get_threshold()
    collections: list[int] = []
    monkeypatch.setattr(gc, "get_count", lambda: (5, 0, 0))
    monkeypatch.setattr(gc, "collect", lambda generation=2: collections.append(generation) or 0)
    assert heap.generational() is False
    assert collections == [1]  # asked by one young collection, nothing more
    k = HeapKeeper()
    k.start()
    try:
        assert not k.generational and gc.get_threshold() == saved
        k.last_input = time.monotonic() - 60
        assert k.tick() is False and k.full_collections == 0
    finally:
        k.stop()


def test_a_collector_that_is_not_generational_keeps_its_own_schedule(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """One whose counts do not behave generationally (an incremental collector) keeps its
    thresholds, and no full collection is forced on it, even when "due"."""
    saved = gc.get_threshold()
    monkeypatch.setattr(gc, "get_stats", lambda: [{}, {}])  # two generations
    k = HeapKeeper()
    k.start()
    try:
        assert not k.generational
        assert gc.get_threshold() == saved
        _make_full_collection_due(heap.FULL_FORCED)
        k.last_input = time.monotonic() - 60
        assert k.tick() is False and k.full_collections == 0
    finally:
        k.stop()
