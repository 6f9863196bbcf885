"""A frame whose own work already took most of its time leaves drawing the display, and
then the lights, to the next frame (app.main, DRAW_BY_MS): the display a frame late, never
two frames in a row, the lights at most LIGHTS_LATE frames; and no save or collection in
the frame that owes the drawing, nor a job's step."""

from app.pace import DRAW_BY_MS, LIGHTS_LATE
from simrig import Rig


def busy(rig, ms):
    """Every reading of the work clock comes ``ms`` later, as in a board's busy frame."""
    clock = rig.controller.work_clock

    def reading():
        rig.clock.advance(ms)
        return clock()

    rig.controller.work_clock = reading


def counted(rig, name, owner):
    calls = []
    real = getattr(owner, name)

    def wrapper(*args):
        calls.append(rig.app.frames)
        return real(*args)

    setattr(owner, name, wrapper)
    return calls


def test_a_frame_whose_work_took_long_draws_the_display_in_the_next():
    rig = Rig()
    rig.settle()
    renders = counted(rig, "render", rig.app.screens)
    rig.app.draw_ms = DRAW_BY_MS // 2
    busy(rig, DRAW_BY_MS // 2 + 1)  # the work so far plus the last drawing's cost pass DRAW_BY_MS
    rig.tap("down")  # the set-up menu's cursor moves
    assert rig.app.draw_due and renders == [], "the tap's frame drew on top of its work"
    assert rig.app.screens.version != rig.view.version  # the display still shows the last view
    rig.step()
    assert not rig.app.draw_due and renders == [rig.app.frames - 1]
    assert rig.app.screens.version == rig.view.version


def test_drawing_is_never_left_two_frames_in_a_row():
    rig = Rig()
    rig.settle()
    rig.app.draw_ms = rig.app.lights_ms = DRAW_BY_MS
    busy(rig, DRAW_BY_MS)
    renders = counted(rig, "render", rig.app.screens)
    lights = counted(rig, "update", rig.app.leds)
    for _ in range(6):
        rig.tap("down")  # a change every frame, and every frame slow
    frames = rig.app.frames
    assert all(later - earlier <= 2 for earlier, later in zip(renders, renders[1:]))
    assert all(later - earlier <= LIGHTS_LATE + 1 for earlier, later in zip(lights, lights[1:]))
    assert renders[-1] >= frames - 2 and lights[-1] >= frames - LIGHTS_LATE - 1


def test_a_frame_that_draws_the_display_it_owes_leaves_the_lights_it_owes_to_the_next():
    """Both left by a busy frame: drawing both in the next would make that one as slow."""
    rig = Rig()
    rig.settle()
    rig.app.draw_ms = rig.app.lights_ms = DRAW_BY_MS // 2 + 1
    renders = counted(rig, "render", rig.app.screens)
    lights = counted(rig, "update", rig.app.leds)
    clock = rig.controller.work_clock
    busy(rig, DRAW_BY_MS // 2)
    rig.tap("down")  # a busy frame: both left
    assert renders == [] and lights == []
    rig.controller.work_clock = clock  # the frames after it have no work of their own,
    render = rig.app.screens.render

    def drawing(*args):  # but drawing the display takes what it took before
        rig.clock.advance(DRAW_BY_MS // 2 + 1)
        return render(*args)

    rig.app.screens.render = drawing
    rig.step()
    assert renders == [rig.app.frames - 1] and lights == []
    rig.step()
    assert lights == [rig.app.frames - 1]


def test_a_light_frame_draws_at_once():
    rig = Rig()
    rig.settle()
    rig.app.draw_ms = DRAW_BY_MS - 5
    renders = counted(rig, "render", rig.app.screens)
    rig.tap("down")
    assert not rig.app.draw_due and renders and rig.app.screens.version == rig.view.version


def test_no_save_waits_behind_drawing_owed(monkeypatch):
    """The keeper writes a save only in a frame with no drawing in it: one that owes the
    last frame's drawing is busy."""
    rig = Rig()
    rig.settle()
    busy_flags = []
    update = rig.app.keeper.update

    def watched(busy):
        busy_flags.append((rig.app.draw_due, busy))
        update(busy=busy)

    monkeypatch.setattr(rig.app.keeper, "update", watched)
    rig.app.draw_ms = DRAW_BY_MS
    busy(rig, DRAW_BY_MS)
    rig.tap("down")
    rig.step()
    assert (True, True) in busy_flags  # the frame after the deferral: drawing owed, so busy


def test_a_frame_that_owes_the_last_ones_drawing_works_nothing_ahead():
    """It draws what it owes whatever its own work: a computer's slice of working ahead on
    top of it would make it as slow as the frame that left the drawing."""
    rig = Rig()
    rig.settle()
    ahead = counted(rig, "_work_ahead", rig.controller)
    rig.app.draw_ms = DRAW_BY_MS // 2
    clock = rig.controller.work_clock
    busy(rig, DRAW_BY_MS // 2 + 1)
    rig.tap("down")
    assert rig.app.draw_due
    rig.controller.work_clock = clock
    owed = rig.app.frames  # the next frame's number while it runs (App.frames counts at its end)
    rig.step()  # draws what it owes
    rig.step()  # owes nothing
    assert owed not in ahead and owed + 1 in ahead


def test_lights_with_nothing_new_to_show_are_never_owed():
    """A busy frame leaves the lights to the next only where they have something to draw:
    owing nothing, the next frame would rest (no work ahead) for no drawing at all."""
    rig = Rig()
    rig.settle()
    rig.app.lights_ms = DRAW_BY_MS
    busy(rig, DRAW_BY_MS)
    rig.step()  # busy, but the lights show what they showed
    assert rig.app.lights_late == 0
    rig.view.led_version += 1  # something new for the lights
    rig.step()
    assert rig.app.lights_late == 1


def test_a_frame_a_jobs_step_filled_ends_there_where_nothing_new_is_to_be_drawn():
    """A job's step that took the frame's drawing time (a module read under the splash, on a
    board) leaves the display's, the lights' and the sounds' checks to the next frame: on
    a board even those come to a few ms, and the step has already taken most of the frame."""
    rig = Rig()
    rig.settle()
    while rig.app.screens.incomplete:  # the set-up menu drawn to its last character
        rig.step()
    renders = counted(rig, "render", rig.app.screens)
    lights = counted(rig, "update", rig.app.leds)
    sounds = counted(rig, "update", rig.board.sound)
    steps = []

    def job():
        for _ in range(2):
            steps.append(rig.app.frames)
            rig.clock.advance(DRAW_BY_MS)  # the step's work, on the frame's work clock
            yield

    rig.controller._start_job(job())
    rig.step()  # the step takes the frame: nothing after it
    assert len(steps) == 1 and renders == [] and lights == [] and sounds == []
    rig.step()  # the same with the job's second step
    assert len(steps) == 2 and renders == [] and lights == [] and sounds == []
    rig.step()  # the job's end: a light frame, which checks everything again
    assert rig.controller.job is None and renders and lights and sounds


def test_a_frame_a_jobs_step_filled_still_draws_what_is_new():
    """Where the view changed, the frame goes on as any busy frame: drawing owed to the
    next frame, never two frames in a row."""
    rig = Rig()
    rig.settle()
    renders = counted(rig, "render", rig.app.screens)
    rig.app.draw_ms = DRAW_BY_MS

    def job():
        while True:
            rig.view.version += 1  # each step changes what the display shows
            rig.clock.advance(DRAW_BY_MS)
            yield

    rig.controller._start_job(job())
    for _ in range(6):
        rig.step()
    assert len(renders) >= 3
    assert all(later - earlier <= 2 for earlier, later in zip(renders, renders[1:]))


def test_a_frame_that_owes_a_drawing_runs_no_jobs_step():
    """The display's drawing left to the next frame is that frame's work: a job's step (a
    module read with its collection, under the splash) waits a frame more."""
    rig = Rig()
    rig.settle()
    renders = counted(rig, "render", rig.app.screens)
    steps = []

    def job():
        for _ in range(3):
            steps.append(rig.app.frames)
            yield

    light = rig.controller.work_clock
    rig.app.draw_ms = DRAW_BY_MS // 2
    busy(rig, DRAW_BY_MS // 2 + 1)
    rig.tap("down")  # the drawing left to the next frame
    assert rig.app.draw_due and renders == []
    rig.controller.work_clock = light  # the frames after it light
    rig.controller._start_job(job())
    owed = rig.app.frames
    rig.step()  # draws what it owes, and nothing of the job
    assert renders == [owed] and steps == []
    rig.step()
    assert steps == [owed + 1]



def test_a_collection_waited_for_holds_no_job_back():
    """The quiet frame a collection waits for comes once no job runs; meanwhile the job's
    steps go on (only a drawing owed holds one back)."""
    rig = Rig()
    rig.settle()
    steps = []

    def job():
        for _ in range(3):
            steps.append(rig.app.frames)
            yield

    rig.app.gc_due = True
    rig.controller._start_job(job())
    for _ in range(4):
        rig.step()
    assert len(steps) == 3 and rig.controller.job is None


def test_a_job_goes_on_where_every_frame_is_slow():
    """Every frame's work passing DRAW_BY_MS: the display is owed every other frame and the
    lights up to LIGHTS_LATE frames in a row, yet the job steps at least every other frame."""
    rig = Rig()
    rig.settle()
    rig.app.draw_ms = rig.app.lights_ms = DRAW_BY_MS
    busy(rig, DRAW_BY_MS)
    steps = []

    def job():
        for _ in range(6):
            rig.view.version += 1  # each step gives the display and the lights something new
            rig.view.led_version += 1
            steps.append(rig.app.frames)
            yield

    rig.controller._start_job(job())
    for _ in range(14):
        rig.step()
    assert len(steps) == 6 and rig.controller.job is None
    assert all(later - earlier <= 2 for earlier, later in zip(steps, steps[1:]))
