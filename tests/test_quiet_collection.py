"""The garbage is collected in quiet frames (app.main): once the heap's free room runs
short, the next quiet frames work nothing ahead and the first light one collects; a busy
frame never does (a frame that finds presses left waiting in a short heap collects instead
of handling them). A job (whose frames are never quiet) collects in a step of its own
before it reads a module on a board (app.modules.load), and before it makes a player in a
short heap (app.modules.make_room). On the host the free room is faked (CPython's heap has
none)."""

import gc

import pytest

from app import main
from app import input as act
from app.pace import GC_EVERY, GC_GAIN, GC_ROOM, PRESS_ROOM
from simrig import Rig


@pytest.fixture
def heap(monkeypatch):
    """The fake heap: its free room, and the frames in which a collection ran."""
    state = {"free": 100000, "collections": []}
    monkeypatch.setattr(main, "MEM_FREE", lambda: state["free"])
    return state


def play(rig, heap, frames):
    """``frames`` frames; each makes ``heap["garbage"]`` bytes of garbage (if given), and a
    collection leaves ``heap["after"]`` bytes free (if given)."""
    collect = gc.collect

    def collected():
        heap["collections"].append(rig.app.frames)
        heap["free"] = heap.get("after", heap["free"])

    for _ in range(frames):
        heap["free"] -= heap.get("garbage", 0)
        heap["least"] = min(heap.get("least", heap["free"]), heap["free"])
        before = len(heap["collections"])
        version = rig.view.version
        gc.collect = collected
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
    heap.update(free=GC_ROOM - 1, after=GC_ROOM - 1, garbage=GC_GAIN // 2)  # garbage piles up fast
    play(rig, heap, 400)
    made = heap["collections"]
    assert len(made) > 20
    assert all(later - earlier >= GC_EVERY for earlier, later in zip(made, made[1:]))


def test_a_heap_whose_live_objects_leave_little_room_is_not_collected_again_for_nothing(heap):
    """Each collection leaves the room short (the live objects fill the rest): the next
    waits until GC_GAIN of garbage has been made, instead of coming every few frames."""
    rig = Rig(dice=[6, 1] + [2, 3, 4, 6, 6, 2] * 20)
    heap.update(free=GC_ROOM - 1, after=GC_ROOM - 1)
    play(rig, heap, 400)
    assert len(heap["collections"]) == 1  # the first shortage, then nothing to gain
    heap["garbage"] = 64  # a little garbage a frame: a collection each GC_GAIN of it
    play(rig, heap, 400)
    made = heap["collections"][1:]
    assert 1 <= len(made) <= 400 * 64 // GC_GAIN


def test_a_heap_whose_collections_leave_little_room_is_collected_once_half_of_it_is_gone(heap):
    """A long game against the expert: each collection leaves 6 KB free. Waiting for
    GC_GAIN of garbage would let the allocator run out in a busy frame first."""
    rig = Rig(dice=[6, 1] + [2, 3, 4, 6, 6, 2] * 20)
    heap.update(free=6000, after=6000, garbage=200)
    play(rig, heap, 400)
    made = heap["collections"]
    gaps = [later - earlier for earlier, later in zip(made, made[1:])]
    assert len(made) > 15 and min(gaps) >= GC_EVERY
    assert sorted(gaps)[len(gaps) // 2] <= 3000 // 200 + 2 * GC_EVERY  # asked every GC_EVERY frames
    assert max(gaps) < GC_GAIN // 200  # (dice tumbling: no quiet frame)


def at_a_humans_keep():
    """The app where a human has six rolled dice to press."""
    rig = Rig(dice=[6, 1] + [1, 2, 3, 4, 6, 6] * 100)
    rig.to_a_humans_keep()
    return rig


def test_the_garbage_after_a_collection_is_counted_from_the_room_it_left(heap):
    """Busy frames may use up much of the room a collection left before a quiet frame asks
    again: the room is read as the collection leaves it, so the next one still comes in
    time (read at the first asking instead, a nearly full heap looked freshly collected)."""
    rig = at_a_humans_keep()  # the player thinks: every frame is quiet
    heap.update(free=GC_ROOM - 1, after=14000)
    play(rig, heap, 2 * GC_EVERY)
    assert len(heap["collections"]) == 1
    heap.update(garbage=1500, least=heap["free"])
    play(rig, heap, 200)
    assert len(heap["collections"]) > 10
    assert heap["least"] > 0  # the allocator never had to collect


def test_presses_left_waiting_in_a_short_heap_wait_a_frame_more_for_a_collection(heap):
    """Keys pressed together are handled a frame each, with no quiet frame between them,
    and each makes garbage: a frame that starts with presses waiting and little room
    collects and handles none; the next handles them."""
    rig = at_a_humans_keep()
    c = rig.controller
    heap.update(free=PRESS_ROOM - 1, after=50000)
    c.press(act.DIE0)  # as the frame that handled the first of three dice left them
    c.press(act.DIE0 + 1)
    worked = []
    work = c._work_ahead
    c._work_ahead = lambda began: worked.append(began) or work(began)
    play(rig, heap, 1)
    assert len(heap["collections"]) == 1 and worked == []  # the frame is the collector's alone
    assert c.queue == [act.DIE0, act.DIE0 + 1] and True not in c.selected
    play(rig, heap, 1)
    assert not c.queue and c.selected[:2] == [True, True]
    assert len(heap["collections"]) == 1


def test_a_press_is_handled_in_the_frame_that_reads_it_whatever_the_room(heap):
    """Only presses left waiting ask for the room (a few ms on a board): a single press
    follows quiet frames, where the collector had its chance."""
    rig = at_a_humans_keep()
    heap["free"] = PRESS_ROOM - 1
    rig.board.keys.tap("die0")
    play(rig, heap, 1)
    assert rig.controller.selected[0] and heap["collections"] == []


def test_presses_waiting_for_a_job_do_not_ask_for_the_room(heap, monkeypatch):
    """A job's frames (a module read a frame) are full already, and its presses wait for it
    whatever the room: asking for it there would only add to them."""
    rig = at_a_humans_keep()
    c = rig.controller
    asked = []
    monkeypatch.setattr(main, "MEM_FREE", lambda: asked.append(c.job is not None) or heap["free"])

    def work():
        for _ in range(3 * GC_EVERY):
            yield

    c._start_job(work())
    c.press(act.DIE0)
    c.press(act.DIE0 + 1)
    while c.job is not None:
        play(rig, heap, 1)
    assert True not in asked and len(c.queue) == 2
    play(rig, heap, 1)
    assert not c.queue and c.selected[:2] == [True, True]


def test_presses_wait_at_most_a_frame_whatever_a_collection_leaves(heap):
    rig = at_a_humans_keep()
    c = rig.controller
    heap.update(free=PRESS_ROOM - 1, after=PRESS_ROOM - 1)  # the live objects fill the heap
    c.press(act.DIE0)
    c.press(act.DIE0 + 1)
    play(rig, heap, 2)
    assert not c.queue and c.selected[:2] == [True, True]


def test_presses_left_waiting_wait_for_the_drawing_a_frame_owes_without_a_collection(heap):
    """A frame that owes the display the last one's drawing draws it and handles no press
    left waiting, and collects in no case (the drawing takes the frame); a short heap is
    collected in the next, and the presses are handled in the one after."""
    rig = at_a_humans_keep()
    c = rig.controller
    heap.update(free=PRESS_ROOM - 1, after=50000)
    c.press(act.DIE0)
    c.press(act.DIE0 + 1)
    rig.app.draw_due = True  # as the frame that handled the first of three dice left it
    play(rig, heap, 1)
    assert heap["collections"] == [] and not rig.app.draw_due
    assert c.queue == [act.DIE0, act.DIE0 + 1] and True not in c.selected
    play(rig, heap, 1)
    assert len(heap["collections"]) == 1 and len(c.queue) == 2
    play(rig, heap, 1)
    assert not c.queue and c.selected[:2] == [True, True]


def test_presses_left_waiting_with_room_wait_only_for_a_drawing_owed(heap):
    rig = at_a_humans_keep()
    c = rig.controller
    c.press(act.DIE0)
    rig.app.draw_due = True
    play(rig, heap, 1)
    assert c.queue == [act.DIE0]
    play(rig, heap, 1)
    assert not c.queue and c.selected[0] and heap["collections"] == []


def test_presses_left_waiting_with_room_are_handled_without_a_collection(heap):
    rig = at_a_humans_keep()
    c = rig.controller
    heap["free"] = PRESS_ROOM
    c.press(act.DIE0)
    play(rig, heap, 1)
    assert not c.queue and c.selected[0] and heap["collections"] == []


def test_the_frame_before_a_collection_asks_the_computer_to_rest(heap):
    rig = Rig(dice=[6, 1] + [2, 3, 4, 6, 6, 2] * 20)
    heap["free"] = GC_ROOM - 1
    rests = []
    work = rig.controller._work_ahead

    def watched(began):
        rests.append(rig.controller.resting)
        work(began)

    rig.controller._work_ahead = watched
    play(rig, heap, 200)
    assert rests and not any(rests)  # no work ahead in a frame kept for the collector
    assert heap["collections"]


@pytest.fixture
def job_heap(monkeypatch):
    """app.modules' fake free room, and its collections counted."""
    from app import modules

    state = {"free": 100000, "collections": 0}
    monkeypatch.setattr(modules, "MEM_FREE", lambda: state["free"])
    monkeypatch.setattr(modules.gc, "collect", lambda: state.__setitem__("collections", state["collections"] + 1))
    return state


def _steps_loading(name):
    """The steps of ``load((name,))`` with ``name`` not yet loaded, and whether it was loaded
    in the last one."""
    import sys

    from app.modules import forget, load

    forget((name,))
    loaded = []
    for _ in load((name,)):
        loaded.append(name in sys.modules)
    return loaded


@pytest.mark.parametrize("free", [100000, 1000])
def test_a_jobs_import_on_a_board_collects_in_a_step_before_it_whatever_the_room(job_heap, free):
    job_heap["free"] = free
    assert _steps_loading("app.endscreen") == [False, True]  # collected, then read
    assert job_heap["collections"] == 1


def test_a_jobs_import_on_a_pc_is_one_step_and_never_collects(job_heap, monkeypatch):
    from app import modules

    monkeypatch.setattr(modules, "MEM_FREE", None)  # CPython's heap has no fixed room
    assert _steps_loading("app.endscreen") == [True]
    assert job_heap["collections"] == 0

def test_a_module_already_loaded_takes_a_job_no_step_and_no_collection(job_heap):
    """A player's code lists modules another seat may have loaded (the expert of three
    lists hard's): those cost the job no frame, and the heap no collection."""
    import app.endscreen  # noqa: F401
    from app.modules import load

    assert list(load(("app.endscreen",))) == []
    assert job_heap["collections"] == 0



def test_work_that_makes_many_objects_collects_first_only_in_a_short_heap(job_heap):
    from app.modules import LOAD_ROOM, make_room

    job_heap["free"] = LOAD_ROOM
    assert list(make_room()) == [] and job_heap["collections"] == 0
    job_heap["free"] = LOAD_ROOM - 1
    assert list(make_room()) == [None] and job_heap["collections"] == 1


def test_a_hints_adviser_is_made_a_frame_after_a_collection_of_its_own_in_a_short_heap(job_heap, monkeypatch):
    """The adviser's rows take heap in one go: where the room is short, the collector runs
    in the frame before, not in the adviser's."""
    from app import modules
    from app.modules import LOAD_ROOM
    from farkle.players import make_player
    from farkle.players.hint import hint

    events = []

    def make(*args):
        events.append("make")
        return make_player(*args)

    rig = Rig(dice=[6, 1] + [1, 2, 3, 4, 6, 6] * 100, seats=("human", "expert"), make_player=make, hint=hint)
    c = rig.controller
    rig.to_a_humans_keep()
    job_heap["free"] = LOAD_ROOM - 1
    monkeypatch.setattr(modules.gc, "collect", lambda: events.append("collect"))
    del events[:]
    rig.board.keys.tap("hint")
    for _ in range(200):
        rig.step()
        events.append("frame")
        if c.job is None:
            break
    made = events.index("make")
    assert events[made - 2:made] == ["collect", "frame"]


def test_a_hint_collects_in_a_frame_of_its_own_before_its_first_module(job_heap, monkeypatch):
    """A hint reads up to five modules, a frame each: where an import runs the heap out,
    the allocator collects inside that import's frame. On a board the hint's first frame is
    the collection alone, whatever the free room."""
    import sys

    from app import modules

    rig = at_a_humans_keep()
    modules.forget(("app.advice",))  # as a board's first hint finds it (an earlier test's may have waited)
    events = []
    monkeypatch.setattr(modules.gc, "collect", lambda: events.append("collect"))
    rig.board.keys.tap("hint")
    frames = []
    for _ in range(5):  # the press, then the hint's job a step a frame
        rig.step()
        frames.append((len(events), "app.advice" in sys.modules))
    first = [frame for frame in frames if frame != (0, False)][0]
    assert first == (1, False)  # collected, app.advice not read yet


def _sector_full(rig, heap, monkeypatch):
    """The journal full (the next save rewrites the sector) in a heap with no long hole;
    returns (frame, collect, collections so far) of each save written."""
    from hardware import nvm_store

    store = rig.app.keeper.store
    store.erased = store.end
    monkeypatch.setattr(nvm_store, "_longest", lambda least, shortest, most: None)
    written = []
    save_framed = store.save_framed

    def watched(record, length, collect=True):
        # the frame being played: App.frames counts it at its end
        written.append((rig.app.frames + 1, collect, len(heap["collections"])))
        return save_framed(record, length, collect)

    store.save_framed = watched
    return written


def test_a_save_that_rewrites_the_sector_waits_for_a_quiet_frames_collection(heap, monkeypatch):
    """A sector rewrite wants a long hole: its frame would otherwise do the save's work and a
    collection too. The app collects in a quiet frame first; the save, in a later frame,
    does not collect again."""
    rig = Rig(dice=[6, 1] + [2, 3, 4, 6, 6, 2] * 20)
    rig.run(3000)
    written = _sector_full(rig, heap, monkeypatch)
    store = rig.app.keeper.store
    erases = store.erases
    rig.app.keeper.dirty = True
    play(rig, heap, 10)
    assert len(heap["collections"]) == 1
    assert written == [(written[0][0], False, 1)] and written[0][0] > heap["collections"][0]
    assert store.erases == erases + 1 and not rig.app.keeper.collect_due


def test_a_save_whose_collection_never_comes_is_written_after_a_few_tries(heap, monkeypatch):
    from app import persist

    rig = Rig(dice=[6, 1] + [2, 3, 4, 6, 6, 2] * 20)
    rig.run(3000)
    written = _sector_full(rig, heap, monkeypatch)
    store = rig.app.keeper.store
    erases = store.erases
    monkeypatch.setattr(main, "COLLECT_MS", 0)  # no frame is light enough to collect in
    rig.app.keeper.dirty = True
    play(rig, heap, 2 * persist.COLLECT_TRIES)
    assert [collect for _, collect, _ in written] == [True]  # the save collects for itself
    assert store.erases == erases + 1 and not rig.app.keeper.dirty


def test_a_hint_that_waits_keeps_its_words_code_for_the_answer():
    """A hint whose adviser is still working says "thinking..." and keeps ``app.advice``
    (a board would read it again for the answer, two frames more); the answer lets it go."""
    import sys

    from simrig import stand_in_hint

    class Adviser:  # its work takes a few frames
        level = "expert"
        calls = 0

        def prepare(self, game, stop=None):
            self.calls += 1
            return self.calls > 3

    rig = Rig(dice=[6, 1] + [1, 2, 3, 4, 6, 6] * 100, seats=("human", "human"),
              make_player=lambda *args: Adviser(), hint=stand_in_hint)
    rig.to_a_humans_keep()
    rig.board.keys.tap("hint")
    waited = False
    for _ in range(40):
        rig.step()
        if rig.controller.hint_wait is not None and rig.controller.job is None:
            waited = True
            assert "app.advice" in sys.modules
    assert waited and rig.controller.hint_wait is None
    assert rig.said().startswith("Hint:") and "app.advice" not in sys.modules
