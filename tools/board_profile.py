"""Which calls a board check's slow frames spent their time in (``tools/board_time.py
--profile``): the firmware's main calls wrapped to add up their inclusive host time, the
fakes' C work taken off. Loaded by ``tools/board_scenario.py`` only for a profiled game, so
that the driver of every other game holds fewer names of its own (they come before the
firmware's, which its pool of names must not be pushed past). Runs on CircuitPython's core;
renamed with the firmware's short names as the driver is."""

import time

import _cost

calls = {}  # label -> host ns this frame
slow = {}  # the calls a kind of slow frame spent most in -> [frames, worst us, (frame, cpu, parts)]
faked = [None]  # the driver's faked_ns: the fakes' C work in host ns


def _timed(function, label):
    """``function`` that adds its inclusive host time to ``calls[label]``."""
    def wrapper(*args, **kwargs):
        began = time.monotonic_ns()
        was = _cost.spent[0]
        try:
            return function(*args, **kwargs)
        finally:
            spent = time.monotonic_ns() - began - faked[0](was)  # the fakes' C work out
            calls[label] = calls.get(label, 0) + spent

    return wrapper


def _wrap(owner, name, label):
    function = getattr(owner, name, None)
    if function is not None:
        setattr(owner, name, _timed(function, label))


# the functions of the parts a job loads, timed once each is imported
PARTS = ("app.setupmenu", "app.setup", "app.gamestart", "app.advice", "app.rolloff", "app.endscreen",
         "app.pausemenu", "farkle.players.expert_files", "farkle.players.policy_files")


def _time_imports():
    """``app.modules.load``'s imports, each under its module's name (the name ``__import__``
    is looked up in the module's globals before the builtins), and then the functions of
    the PARTS it loads."""
    import sys

    from app import modules

    real = __import__

    def timed_import(name, *args):
        module = _timed(real, "import " + name)(name, *args)
        if name in PARTS:
            part = sys.modules[name]
            for attr in dir(part):
                value = getattr(part, attr)
                if type(value) is type(_time_imports) and not attr.startswith("__"):
                    setattr(part, attr, _timed(value, name.split(".")[-1] + "." + attr))
        return module

    modules.__import__ = timed_import


def profile_calls(faked_ns):
    faked[0] = faked_ns
    from app import controller, leds, persist, powerup, screens
    from farkle.players import easy, expert, expert_files, expert_turns, hard, normal

    for name in ("_handle", "_work_ahead", "_tick", "_cpu", "_hint", "_refresh", "_begin_turn",
                 "_end_turn", "_roll", "_next_banner", "_open_end", "_keep_selection", "_act",
                 "_say", "_settle", "_tumble_frame", "_ready", "_select_faces", "_page_strip",
                 "_open_setup", "_start_game"):
        _wrap(controller.Controller, name, "ctl." + name)
    for name in ("update", "_save", "_write", "_new_game"):
        _wrap(persist.Keeper, name, "keeper." + name)
    _wrap(screens.Screens, "render", "screens.render")
    _wrap(expert_turns.TurnTable, "build", "expert.build")
    _wrap(expert_turns.TurnTable, "__init__", "expert.TurnTable")
    _wrap(expert_files, "open_table", "expert.open_table")
    _wrap(leds.Leds, "update", "leds.update")
    for module in (easy, normal, hard, expert):
        for cls in [getattr(module, n) for n in dir(module)]:
            if isinstance(cls, type) and hasattr(cls, "choose_keep"):
                for name in ("choose_keep", "roll_on", "piggyback", "prepare", "win_chance"):
                    if name in cls.__dict__:
                        _wrap(cls, name, "%s.%s" % (module.__name__.split(".")[-1], name))
    _time_imports()
    from app import setup  # loaded at power-up, before any job

    for name in ("plays_as", "rules", "rows"):
        _wrap(setup, name, "setup." + name)
    make = powerup.computer_players  # the app made next keeps what it returns

    def wrapped_players():
        made, hint = make()
        return (_timed(made, "make_player") if made else made), (_timed(hint, "hint") if hint else hint)

    powerup.computer_players = wrapped_players


def profiled(spent, cpu, limit_us, frame):
    """A slow frame (``limit_us`` host us or more) counts under the (at most three) calls it
    spent most in, by the innermost: the slowest frame of each such kind is kept with its
    calls."""
    if spent >= limit_us * 1000:
        parts = sorted([(ns // 1000, label) for label, ns in calls.items()], reverse=True)[:6]
        kind = " ".join(sorted([label for _, label in parts[:3]]))
        seen = slow.get(kind)
        if seen is None:
            slow[kind] = seen = [0, 0, None]
        seen[0] += 1
        if spent // 1000 > seen[1]:
            seen[1], seen[2] = spent // 1000, [frame, cpu, parts]
    calls.clear()
