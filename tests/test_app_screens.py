"""Screens the whole-game test does not pass through, and the lights, on the simulated
boards; each picture is compared with tests/golden/app/ (``FARKLE_REGOLD=1`` rewrites them).
"""

from simrig import Rig

from app import leds
from app import view as v

FARKLE = [2, 3, 4, 6, 2, 3]


def start(rig):
    rig.tap("roll", "roll")
    for _ in range(3000):
        if rig.screen == "play":
            return
        if rig.controller.idle():
            rig.tap("roll")
        else:
            rig.step()
    raise AssertionError("no first turn")


def test_set_up_menu_screens():
    rig = Rig()
    rig.tap("select")
    for _ in range(5):
        rig.tap("down")
    assert rig.view.top == 3 and rig.view.cursor == 5  # three rows shown
    rig.check("setup-options")
    rig.tap("up", "up", "select", "select")  # rules: duel
    rig.tap("down", "select")  # target 5000
    rig.check("setup-duel")
    rig.tap("die0", "die0", "die0", "die0", "die3")  # players 3
    rig.check("setup-players")


def test_pause_menu_screen():
    rig = Rig(dice=[6, 1])
    start(rig)
    rig.tap("menu", "down")
    rig.check("pause")
    rig.tap("menu")
    assert rig.screen == "play"


def test_eight_players():
    rolloff = [5, 6, 2, 6, 1, 3, 4, 6]  # C2, C4 and C8 tie on 6...
    rig = Rig(dice=rolloff + [6, 4, 5] + FARKLE * 4, players=8, seats=("human", "easy") * 4)
    rig.tap("roll", "roll", "roll")
    rig.run(800)
    assert rig.view.status == "Tie! Roll again"
    rig.check("rolloff-eight")
    rig.run(1400)  # ...and, all three computers, roll again by themselves
    assert [r[2] for r in rig.view.rolloff].count(v.FREE) == 3
    rig.check("rolloff-tie")
    rig.until("play")
    assert rig.view.header == "C2 0" and [c[0] for c in rig.view.cells] == ["P1 0", "C2e 0", "P3 0", "C4e 0"]
    rig.tap("menu", "menu")  # pause and resume: the computer's turn goes on
    rig.check("play-eight")


def test_piggyback_offer_screen():
    dice = [6, 1,  5, 5, 5, 2, 3, 4,  1, 1, 1, 2, 3, 4,  5, 5, 5, 1, 3, 4]
    rig = Rig(dice=dice + FARKLE * 4, seats=("human", "human"), preset=4)
    start(rig)
    for _ in range(3):
        rig.tap("roll")
        rig.settle()
        rig.tap("best", "bank")
        rig.settle()
    assert rig.view.status == "Roll or take 600"
    rig.check("piggyback-offer")
    rig.tap("bank")
    rig.check("piggyback-taken")


def test_penalty_banner():
    rig = Rig(dice=[6, 1] + FARKLE * 6, seats=("human", "human"), options={"penalty": 500})
    start(rig)
    for turn in range(5):
        rig.tap("roll")
        rig.run(800)
        rig.run(1400)
    assert rig.view.banner == "P1 loses 500\nfor 3 farkles"
    rig.check("penalty")


def test_draw_end_screen():
    big = [1, 1, 1, 1, 1, 1]
    dice = [6, 1] + big + [5, 5, 5, 5, 2, 3] + big + [5, 5, 5, 5, 2, 3]
    rig = Rig(dice=dice, seats=("human", "human"), preset=2, options={"target": 5000})
    start(rig)
    for _ in range(2):
        rig.tap("roll")
        rig.settle()
        rig.tap("best", "roll")
        rig.settle()
        rig.tap("best", "bank")
        rig.settle()
    assert rig.screen == "end"
    rig.check("end-draw")


def test_settings_problems_on_the_splash():
    from app.main import App
    from hardware.sim.board import ManualClock, SimBoard

    board = SimBoard("macropad", ManualClock(0))
    App(board, players=False, notices=["FARKLE_PICO_OLED_SDA=GP99: not a pin; using GP14"]).step()
    from simrig import GOLDEN, _compare

    _compare(board.display.snapshot(2), GOLDEN / "splash-problems.png")


# ----- lights -----

def colour(rig, index):
    return rig.board.pixels.shown[index]


def test_macropad_lights_follow_the_dice():
    rig = Rig(dice=[6, 1, 1, 5, 2, 2, 3, 4, 1, 5, 5, 2])
    start(rig)
    keys = rig.board.key_pixels
    assert colour(rig, keys["roll"]) == leds.KEY_COLOURS["roll"] and colour(rig, keys["bank"]) == (0, 0, 0)
    assert [colour(rig, i) for i in range(6)] == [leds.WAITING] * 6
    rig.tap("roll")
    rig.settle()
    assert [colour(rig, i) for i in range(6)] == [leds.FACE_COLOURS[f] for f in (1, 5, 2, 2, 3, 4)]
    rig.check_leds("macropad-rolled")
    rig.tap("die0")
    # a selected die blinks: its own colour, then white
    seen = set()
    for _ in range(40):
        rig.step()
        seen.add(colour(rig, 0))
    assert seen == {leds.FACE_COLOURS[1], leds.WHITE}
    assert colour(rig, keys["bank"]) == (0, 0, 0)  # 100 does not open: nothing to bank
    rig.tap("die1", "bank")
    rig.step()
    assert colour(rig, 0) == leds.dim(leds.FACE_COLOURS[1]) and colour(rig, 1) == leds.dim(leds.FACE_COLOURS[5])
    assert colour(rig, keys["best"]) == (0, 0, 0)  # 2 2 3 4 left: nothing more to take
    assert colour(rig, keys["bank"]) == (0, 0, 0)  # the bank was refused: 150 does not open...
    assert rig.said().startswith("you need 500")  # ...but the 1 and 5 are set aside: roll on
    assert colour(rig, keys["roll"]) == leds.KEY_COLOURS["roll"]
    rig.check_leds("macropad-aside")
    rig.tap("mute")
    assert colour(rig, keys["mute"]) == leds.MUTED


def test_tower_lights_draw_pips():
    rig = Rig(dice=[6, 1, 1, 5, 2, 3, 4, 6], layout="tower")
    start(rig)
    rig.tap("roll")
    rig.settle()
    pixels = rig.board.pixels.shown
    for die, face in enumerate((1, 5, 2, 3, 4, 6)):
        lit = [pixels[7 * die + bit] != (0, 0, 0) for bit in range(7)]
        mask = leds.PIP_MASKS[face]
        assert lit == [bool(mask & (1 << (6 - bit))) for bit in range(7)]
        assert set(pixels[7 * die + bit] for bit in range(7) if lit[bit]) == {leds.FACE_COLOURS[face]}
    rig.tap("die0")
    rig.step()
    assert pixels[0] == (0, 0, 0) and rig.board.pixels.shown[0] == leds.SELECT_FILL
    rig.check_leds("tower-selected")
    rig.check("tower-selected")  # the same display on both boards


def test_a_screen_closed_before_it_was_built_is_dropped():
    rig = Rig(dice=[6, 1])
    start(rig)
    rig.settle()
    screens = rig.app.screens

    def drawn():
        for _ in range(10):
            if not screens.incomplete:
                return
            rig.step()
        raise AssertionError("the screen is not drawn")

    drawn()
    assert list(screens.built) == ["play"]
    rig.tap("menu")  # the pause menu's labels are being made, a few a frame...
    assert rig.screen == "pause" and screens.incomplete and list(screens.built) == ["play", "menu"]
    rig.tap("menu")  # ...when it is closed: play shows on, and the half-made menu goes
    drawn()
    assert rig.screen == "play" and list(screens.built) == ["play"]
