"""Messages are wrapped to the screen's width at spaces, greedily, as a reader expects."""

from hypothesis import given, strategies as st

from app.view import COLUMNS, wrap

WORD = st.text(alphabet="abc15", min_size=1, max_size=5)  # no longer than the narrowest line


def test_a_short_message_is_one_line():
    assert wrap("Roll the dice!") == ["Roll the dice!"]


def test_a_long_message_breaks_at_the_last_space_that_fits():
    assert wrap("a 2 does not score on its own", 21) == ["a 2 does not score on", "its own"]


def test_a_newline_starts_a_new_line():
    assert wrap("HOT DICE!\nroll all six", 21) == ["HOT DICE!", "roll all six"]


def test_a_word_longer_than_a_line_is_cut():
    assert wrap("go abcdefghij", 4) == ["go", "abcd", "efgh", "ij"]


def test_an_empty_message_is_one_empty_line():
    assert wrap("") == [""]


@given(st.lists(st.lists(WORD, min_size=1, max_size=12), min_size=1, max_size=3), st.integers(5, COLUMNS))
def test_lines_fit_keep_every_word_in_order_and_are_filled_greedily(paragraphs, width):
    text = "\n".join(" ".join(words) for words in paragraphs)
    lines = wrap(text, width)
    assert all(len(line) <= width for line in lines)
    at = 0
    for words in paragraphs:
        mine = []  # this paragraph's lines: as many as hold its words
        while sum(len(line.split(" ")) for line in mine) < len(words):
            mine.append(lines[at])
            at += 1
        assert " ".join(mine) == " ".join(words)  # every word, in order, a single space apart
        for line, after in zip(mine, mine[1:]):  # no line could have taken the next one's first word
            assert len(line) + 1 + len(after.split(" ")[0]) > width
    assert at == len(lines)
