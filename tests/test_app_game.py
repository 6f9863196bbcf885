"""A whole game on the simulated MacroPad: power-on to the end screen, a human against a
computer seat, fixed dice; every screen on the way is compared with its golden picture.

Regenerate the pictures with ``FARKLE_REGOLD=1 python3 -m pytest tests/test_app_game.py``.
"""

from simrig import Rig

# the dice in the order they are rolled (see the comments in test_a_whole_game)
DICE = [
    6, 2,  # roll-off: P1 6, C2 2
    1, 5, 2, 2, 3, 4,  # P1
    5, 5, 5, 2,  # P1, four dice
    1, 1, 1, 2, 3, 4,  # C2
    2, 2, 3, 3, 4, 6,  # P1 farkles
    5, 2, 3, 4, 6, 6,  # C2
    1, 1, 1, 1, 1,  # C2, five dice: hot dice
    1, 2, 3, 4, 5, 6,  # P1 straight: hot dice
    6, 6, 6, 6, 6, 6,  # hot dice again
    1, 1, 1, 1, 1, 1,
    1, 1, 1, 1, 1, 1,
    2, 3, 4, 6, 2, 3,  # C2's last turn in the final round: a farkle
]


def test_a_whole_game():
    rig = Rig(dice=DICE)
    game_sounds = []
    assert rig.screen == "splash"
    rig.check("splash")
    rig.run(3000)  # the splash moves on by itself
    assert rig.screen == "setup"
    rig.check("setup")
    rig.tap("roll")  # Roll starts the game from the set-up menu
    assert rig.screen == "rolloff"
    rig.check("rolloff")
    assert rig.view.keys_lit == ("roll", "menu")
    rig.tap("roll")
    rig.run(300)
    assert rig.view.status == ""  # still tumbling
    rig.run(500)
    assert rig.view.status == "P1 goes first!"
    rig.check("rolloff-result")
    rig.settle()
    assert rig.screen == "play" and rig.view.header == "P1 0"
    rig.check("play-start")

    # refusals before the roll
    rig.tap("bank")
    assert rig.said() == "roll first: there is nothing to bank yet"
    rig.check("refused-bank-before-roll")
    rig.tap("die0")
    assert rig.said() == "roll the dice first"

    rig.tap("roll")
    rig.run(200)
    assert rig.view.tumbling
    rig.check("tumbling")
    rig.settle()
    assert rig.view.faces == [1, 5, 2, 2, 3, 4] and rig.view.status == "Pick scoring dice"
    rig.check("rolled")
    rig.tap("die2")
    assert rig.said() == "a 2 does not score on its own"
    assert rig.view.status == "Not a scoring keep"
    rig.check("refused-selection")
    rig.tap("die2", "roll")
    assert rig.said() == "set aside at least one scoring die before rolling again"
    rig.tap("best")
    assert rig.view.status == "Keep +150 = 150" and rig.view.states[:2] == [2, 2]
    rig.check("selected")
    rig.tap("bank")  # sets the 1 and the 5 aside, but 150 does not open
    assert rig.said() == "you need 500 in one turn to get on the board (you have 150)"
    assert rig.game.turn_total == 150 and rig.view.header_right == "+150"
    rig.check("refused-bank-opening")
    rig.tap("die0")
    assert rig.said() == "that die is set aside"

    rig.tap("roll")
    rig.settle()
    assert rig.view.faces == [1, 5, 5, 5, 5, 2] and rig.view.states == [3, 3, 1, 1, 1, 1]
    rig.tap("hint")
    assert rig.said() == "Hint: keep 5 5 5, then roll 1 die: 31% farkle. Win 54%"
    assert rig.view.status == "Keep +500 = 650"
    rig.check("hint")
    rig.tap("bank")
    assert rig.view.banner == "P1 banks\n650" and rig.game.scores == [650, 0]
    rig.check("banked")

    # the computer's turn: watchable, one step at a time
    rig.run(1400)
    assert rig.view.header == "C2 0" and rig.view.status == "C2 is playing"
    rig.check("computer-turn")
    for _ in range(200):
        rig.step()
        if rig.view.status.startswith("C2 keeps"):
            break
    assert rig.view.status == "C2 keeps 1 1 1" and rig.view.states[:3] == [2, 2, 2]
    rig.check("computer-keeps")
    for _ in range(300):
        rig.step()
        if rig.view.banner:
            break
    assert rig.view.banner == "C2 banks\n1000"
    rig.settle()

    # P1 farkles
    assert rig.view.header == "P1 650"
    rig.tap("roll")
    rig.run(800)
    assert rig.view.banner == "FARKLE!" and rig.view.faces == [2, 2, 3, 3, 4, 6]
    rig.check("farkle")
    rig.run(1400)
    assert rig.view.header == "C2 1000"

    # the computer keeps a 5, rolls five 1s: hot dice
    for _ in range(600):
        rig.step()
        if rig.view.banner == "HOT DICE!":
            break
    assert rig.view.banner == "HOT DICE!" and rig.view.states == [3] * 6
    rig.check("hot-dice")
    rig.settle()
    assert rig.game.scores == [650, 3050]

    # P1: a straight, then hot dice three times, and over the target
    rig.tap("roll")
    rig.settle()
    rig.tap("best")
    assert rig.view.status == "Keep +1500 = 1500"
    rig.tap("roll")
    assert rig.view.banner == "HOT DICE!"
    rig.settle()  # the banner, then the roll of six fresh dice
    assert rig.view.faces == [6] * 6 and rig.view.states == [1] * 6
    for _ in range(2):
        rig.tap("best", "roll")
        rig.settle()
    rig.tap("best")
    assert rig.view.status == "Keep +3000 = 10500"
    rig.tap("bank")
    assert rig.view.banner == "P1 banks\n10500"
    rig.run(1400)
    assert rig.view.banner == "FINAL\nROUND"
    rig.check("final-round")
    rig.run(2000)
    assert rig.view.header == "C2 3050" and rig.view.header_right == "FINAL"
    rig.check("final-round-turn")

    # C2's last turn farkles: the game is over
    rig.until("end")
    assert rig.game.outcome() == [0]
    assert rig.view.title == "P1 wins!"
    assert rig.view.lines == ["1. P1           11150", "2. C2 normal     3050"]
    rig.check("end")
    game_sounds = rig.sounds()
    assert game_sounds.count("farkle") == 2 and game_sounds.count("hot") >= 4
    assert game_sounds[-1] == "win" and game_sounds.count("roll") >= 10

    # a rematch keeps the set-up; Menu goes back to it
    rig.tap("menu")
    assert rig.screen == "setup"
    rig.tap("roll")
    assert rig.screen == "rolloff" and rig.game.scores == [0, 0]
