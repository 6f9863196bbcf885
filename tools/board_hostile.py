"""Keys as nobody plans them, for the board check's hostile scenarios (host-only: run ON the
CircuitPython core by tools/board_scenario.py).

Taps at random moments, chords, holds of up to three seconds and the encoder spun, whatever
shows, the set-up and the menus included, so games of every size and level start, get
paused, left and resumed. A run is ok when the firmware never shows its error screen and
never loses a save; after CFG["hostile"] frames the power goes (tools/board_check.py boots
the same drive again). A module of its own, loaded once the driver has filled its pools of
names (``fill_name_pool``), before the firmware starts: in the driver its names would push
those pools past where ``fill_name_pool`` expects them. The check counts its names and its
heap as the machinery's, not the firmware's.
"""
import random

# A held key and the frame it is let go, a game on, then what the keys met: games started,
# the most seats, games with an expert, seats that gave way to hard, saves that waited for heap
held = [-1, 0, 0]
met = [0, 0, 0, 0, 0]


def press(app, frames, last, result, see):
    """After a frame: what the keys met, then maybe a key (about one frame in four); after
    frame ``last`` the report (``result``) ends the run."""
    ctl = app.controller
    if frames >= last:
        store = app.keeper.store
        print("HOSTILE", met)
        if store is not None and store.failures:
            result(False, "%d saves failed" % store.failures, ctl.game)
        result(True, None, ctl.game)
    if ctl.game is not None and not held[2]:  # a game started or resumed (no reference kept)
        met[0] += 1
        met[1] = max(met[1], len(ctl.seats))
        if "expert" in ctl.levels:
            met[2] += 1
        print("HOSTILE GAME", " ".join(ctl.levels))  # the last is the failed game's
    held[2] = ctl.game is not None
    gave = 0
    for player in ctl.seats if ctl.game is not None else ():
        if getattr(player, "demoted", None) is not None:
            gave += 1
    met[3] = max(met[3], gave)
    met[4] = app.keeper.short
    from app import view

    see(app.keeper.panel or view.SCREEN_NAMES[ctl.view.screen])
    keys = app.board.keys.events
    if held[0] >= 0 and frames >= held[1]:  # a held key let go
        keys.put(held[0], False)
        held[0] = -1
    if random.getrandbits(2):
        return
    kind = random.getrandbits(4)
    if kind == 0 and app.board.encoder is not None:  # a turn of the knob, either way
        app.board.encoder.position += random.randrange(-3, 4)
        return
    number = random.randrange(len(app.board.key_names))
    keys.put(number, True)
    if kind == 1 and held[0] < 0:  # held for up to three seconds
        held[0], held[1] = number, frames + random.randrange(2, 120)
        return
    if kind == 2:  # two keys at once
        other = random.randrange(len(app.board.key_names))
        keys.put(other, True)
        keys.put(other, False)
    keys.put(number, False)
