"""The seats' labels on the play screen: who plays, at a glance."""

from app import view as v


def test_the_play_screens_seat_labels_are_made_once_and_kept():
    """A label made anew at every redraw would be garbage, and a board looks each new string
    up among every name it keeps, one by one, before making it."""
    assert (v.seat_label(0, "human"), v.seat_label(1, "cpu")) == ("P1", "C2")
    assert (v.seat_mark(0, "human"), v.seat_mark(2, "hard"), v.seat_mark(7, "expert")) == ("P1", "C3h", "C8x")
    assert v.seat_mark(1, "cpu") == "C2"  # a level without a mark
    # every level that has a mark: the kept labels' places come from the marks' own letters
    for seat in range(8):
        for level in ("human", "cpu") + tuple(sorted(v.LEVEL_MARKS)):
            assert v.seat_label(seat, level, keep=True) == v.seat_label(seat, level)
            assert v.seat_mark(seat, level, keep=True) == v.seat_mark(seat, level)
            assert v.seat_label(seat, level, keep=True) is v.seat_label(seat, level, keep=True)
            assert v.seat_mark(seat, level, keep=True) is v.seat_mark(seat, level, keep=True)
