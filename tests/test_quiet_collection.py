"""The garbage is collected in quiet frames (app.main): once the heap's free room runs
short, the next quiet frames work nothing ahead and the first light one collects; a busy
frame never does. On the host the free room is faked (CPython's heap has none)."""

import gc

import pytest

from app import main
from app.pace import GC_EVERY, GC_ROOM
from simrig import Rig


@pytest.fixture
def heap(monkeypatch):
    """The fake heap: its free room, and the frames in which a collection ran."""
    state = {"free": 100000, "collections": []}
    monkeypatch.setattr(main, "MEM_FREE", lambda: state["free"])
    return state


def play(rig, heap, frames):
    collect = gc.collect
    for _ in range(frames):
        before = len(heap["collections"])
        version = rig.view.version
        gc.collect = lambda: heap["collections"].append(rig.app.frames)
        try:
            rig.step()
        finally:
            gc.collect = collect
        if len(heap["collections"]) > before:
            assert rig.view.version == version, "a collection in a frame that drew something"


def test_a_heap_with_room_is_never_collected_by_the_loop(heap):
    rig = Rig(dice=[6, 1] + [2, 3, 4, 6, 6, 2] * 20)
    play(rig, heap, 400)
    assert heap["collections"] == []


def test_a_short_heap_is_collected_in_a_quiet_frame_at_most_every_few_frames(heap):
    rig = Rig(dice=[6, 1] + [2, 3, 4, 6, 6, 2] * 20)
    heap["free"] = GC_ROOM - 1
    play(rig, heap, 400)
    made = heap["collections"]
    assert len(made) > 20
    assert all(later - earlier >= GC_EVERY for earlier, later in zip(made, made[1:]))


def test_the_frame_before_a_collection_asks_the_computer_to_rest(heap):
    rig = Rig(dice=[6, 1] + [2, 3, 4, 6, 6, 2] * 20)
    heap["free"] = GC_ROOM - 1
    rests = []
    work = rig.controller._work_ahead

    def watched():
        rests.append(rig.controller.resting)
        work()

    rig.controller._work_ahead = watched
    play(rig, heap, 200)
    assert rests and not any(rests)  # no work ahead in a frame kept for the collector
    assert heap["collections"]
