"""What the gadget shows is what will happen: lit keys act, advice arrives and stays, keys
pressed for a computer stay with it, a tied roll-off shows the tie."""

from simrig import Rig

from app import view as v
from app.pace import MESSAGE_MS
from farkle.game import START


def test_bank_is_lit_with_a_scoring_selection_that_may_bank():
    rig = Rig(dice=[6, 1, 1, 5, 2, 2, 3, 4], seats=("human", "human"), preset=2)  # duel: no opening
    rig.tap("roll", "roll", "roll")
    rig.settle()
    rig.tap("roll")
    rig.settle()
    assert "bank" not in rig.view.keys_lit  # nothing set aside, nothing selected
    rig.tap("die0")
    assert rig.view.status == "Keep +100 = 100" and "bank" in rig.view.keys_lit
    rig.tap("bank")
    assert rig.view.banner == "P1 banks\n100"


def test_bank_is_dark_when_the_selection_would_not_open():
    rig = Rig(dice=[6, 1, 1, 5, 2, 2, 3, 4], seats=("human", "human"))  # classic: 500 to open
    rig.tap("roll", "roll", "roll")
    rig.settle()
    rig.tap("roll")
    rig.settle()
    rig.tap("best")
    assert rig.view.status == "Keep +150 = 150" and "bank" not in rig.view.keys_lit
    assert "roll" in rig.view.keys_lit and "best" not in rig.view.keys_lit  # the best is selected


def test_keys_pressed_for_the_computer_hurry_it_and_go_no_further():
    rig = Rig(dice=[2, 6] + [1, 1, 1, 2, 3, 4] + [1, 5, 2, 2, 3, 4] * 3)  # C2 first: three 1s, banks
    rig.tap("roll", "roll", "roll")
    rig.run(2000)
    assert rig.view.header.startswith("C2")
    for _ in range(200):  # a key a frame until the human's turn
        if rig.view.header.startswith("P1"):
            break
        rig.tap("roll")
    assert rig.view.header == "P1 0" and rig.game.phase == START  # nothing rolled for P1
    rig.run(100)
    assert rig.game.phase == START and not rig.said()  # no "roll the dice first", no roll


def test_a_hint_that_needs_thinking_shows_its_advice_when_ready_and_keeps_it():
    from farkle.players import make_player
    from farkle.players.hint import hint

    rig = Rig(dice=[6, 1, 1, 5, 5, 2, 3, 4], seats=("human", "human"), make_player=make_player, hint=hint)
    slow = []

    def slow_clock():  # each look at the work clock takes 5 ms: the expert works for frames
        slow.append(0)
        return rig.clock() + 5 * len(slow)

    rig.controller.work_clock = slow_clock
    rig.tap("roll", "roll", "roll")
    rig.settle()
    rig.tap("roll")
    rig.settle()
    rig.tap("hint")
    assert rig.view.message == ["Hint: thinking..."]
    frames = 0
    while rig.said() == "Hint: thinking...":
        rig.step()
        frames += 1
        assert frames < 2000
    assert frames > 1  # it took frames of thinking, and no second press
    advice = rig.said()
    assert advice.startswith("Hint: keep") and "farkle" in advice
    assert v.SELECTED in rig.view.states  # the advised dice are selected: on the MacroPad they blink
    assert rig.view.message and rig.view.message[0].startswith("Hint: keep")
    rig.run(MESSAGE_MS * 2)
    assert rig.said() == advice  # until the next action
    rig.tap("die5")
    assert rig.said() != advice


def test_the_towers_menu_names_the_keys_it_stands_in_for():
    rig = Rig(dice=[6, 1, 1, 5, 2, 2, 3, 4], seats=("human", "human"), layout="tower")
    rig.tap("roll", "roll", "roll")
    rig.settle()
    rig.tap("roll")
    rig.settle()
    rig.tap("menu")
    assert rig.view.rows[1:3] == [("Hint", "no key"), ("Take best", "no key")]
    rig.tap("die1", "die1", "roll")  # Take best, chosen with the tower's die keys
    assert rig.view.screen == v.PLAY and rig.view.status == "Keep +150 = 150"


def test_a_tied_roll_off_shows_the_tied_faces_before_the_re_roll():
    rig = Rig(dice=[4, 4, 6, 2], seats=("human", "human"))
    rig.tap("roll", "roll", "roll")
    rig.settle()
    assert rig.view.status == "Tie! Roll again"
    assert [(face, state) for _, face, state in rig.view.rolloff] == [(4, v.FREE), (4, v.FREE)]
