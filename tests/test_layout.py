"""Layout that fits: on every screen, at every player count, on both boards, no label's ink
leaves the 128x64 display and nothing overlaps anything else (so no descender is cut and
no banner is drawn over old text). ``tests/layout.py`` finds each label's ink."""

import pytest
from simrig import Rig

import layout
from app import view as v
from farkle.presets import NAMES
from tools.fuzz_app import Fuzzer


def check_display(fuzzer):
    wrong = layout.problems(fuzzer.board.display)
    return "; ".join(wrong)


@pytest.mark.parametrize("board, seed", [("macropad", 11), ("tower", 12)])
def test_every_frame_of_a_fuzz_run_fits(board, seed):
    fuzzer = Fuzzer(seed=seed, layout=board, checks=[check_display])
    stats = fuzzer.run(3000)
    for screen in ("setup", "play", "pause", "rolloff", "end"):
        assert stats["screens"].get(screen, 0) > 0, stats["screens"]


def fits(rig, what):
    rig.app.screens.flush(rig.view)
    wrong = layout.problems(rig.board.display)
    assert not wrong, "%s: %s" % (what, wrong)


@pytest.mark.parametrize("board", ["macropad", "tower"])
def test_every_set_up_row_of_every_preset_and_player_count_fits(board):
    rig = Rig(layout=board, seats=("human", "expert", "hard", "easy", "normal", "expert", "human", "hard"))
    rig.tap("roll")
    for preset in range(len(NAMES)):
        for players in range(2, 9):
            setup = rig.controller.setup
            setup.preset, setup.players, setup.options = preset, players, {}
            rig.controller._setup_rows()
            for row in range(len(rig.view.rows)):
                rig.view.cursor = row
                rig.controller._setup_rows()
                fits(rig, "set-up %s, %d players, row %d" % (NAMES[preset], players, row))


@pytest.mark.parametrize("players", range(2, 9))
def test_roll_off_play_strip_and_end_screens_fit_at_every_player_count(players):
    seats = ("human", "easy", "normal", "hard", "expert", "human", "easy", "hard")[:players]
    rig = Rig(dice=[6] + [1] * (players - 1) + [1, 5, 2, 2, 3, 4] * 40, players=players, seats=seats)
    rig.tap("roll", "roll")
    fits(rig, "roll-off")
    rig.tap("roll")
    rig.settle()
    fits(rig, "roll-off result")
    rig.until("play")
    rig.settle()
    game = rig.game
    for s in range(players):
        game.scores[s] = 10000 + 1111 * s if s % 2 else -1500
    rig.controller._refresh()
    for _ in range(8):
        fits(rig, "score strip")
        rig.tap("down")
    game._finish([players - 1])
    rig.controller._open_end()
    for _ in range(players):
        fits(rig, "end screen")
        rig.tap("down")
    assert rig.view.top == max(0, players - v.MENU_ROWS)  # every seat ranked, the last ones too


def test_the_long_banners_fit():
    rig = Rig(dice=[6, 1, 1, 5, 2, 2, 3, 4], seats=("human", "human"))
    rig.tap("roll", "roll", "roll")
    rig.settle()
    c = rig.controller
    for text in ("P1 loses 1000\nfor 3 farkles", "Over the target:\n1450 to C8", "Over the target:\n950 lost",
                 "FINAL\nROUND", "P8 banks\n10500", "HOT DICE!", "FARKLE!"):
        c.banners = [(text, 1000, None)]
        c._next_banner()
        fits(rig, text)
    c._say("you must be on the board (1000 in one turn) before you can piggyback")
    c._refresh()
    fits(rig, "a long refusal")


def test_the_win_meter_row_fits():
    from farkle.players import make_player
    from farkle.players.hint import hint

    rig = Rig(dice=[6, 2] + [1, 5, 2, 2, 3, 4] * 20, seats=("human", "normal"), make_player=make_player, hint=hint)
    rig.controller.setup.meter = True
    rig.tap("roll", "roll", "roll")
    rig.until("play")
    rig.settle()
    assert rig.view.meter is not None
    fits(rig, "the win meter under the scores")
    rig.tap("roll")
    rig.settle()
    fits(rig, "the win meter after a roll")


def test_the_screens_drawn_in_cells_show_bitmap_labels_pixels():
    """With a font laid out as the board's built-in one (tests/cellfont.py), app.label draws
    text as glyph cells; every screen a fuzz run shows is drawn again with the library's
    bitmap_label in the same font, and the panel's pixels are the same."""
    import cellfont
    from adafruit_display_text import bitmap_label

    from app import screens
    from hardware.sim.screen import HostDisplay

    def reference_label(font, chars=0, **args):
        return bitmap_label.Label(font, save_text=False, **args)

    ours, theirs = screens.Screens(HostDisplay()), screens.Screens(HostDisplay())
    ours.font = theirs.font = cellfont.FONT
    theirs._label_class = reference_label
    seen = {"views": 0, "cells": 0}

    def same_pixels(fuzzer):
        view = fuzzer.app.controller.view
        if view.version == ours.version or seen["views"] >= 250:
            return ""
        seen["views"] += 1
        for drawn in (ours, theirs):
            drawn.version = -1  # the fuzz run's views are all fresh objects to these screens
            drawn.flush(view)
        for parts in ours.built.values():
            seen["cells"] += sum(label.cells is not None for label in parts.labels)
        mine, reference = ours.display.snapshot(), theirs.display.snapshot()
        if mine.tobytes() != reference.tobytes():
            return "screen %s drawn in cells differs from bitmap_label's" % v.SCREEN_NAMES[view.screen]
        return ""

    fuzzer = Fuzzer(seed=21, layout="macropad", checks=[same_pixels])
    fuzzer.run(2500)
    assert seen["views"] >= 100 and seen["cells"] > seen["views"]
