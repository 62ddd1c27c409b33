"""A hand's lines as the grammars read them (:func:`hhtools.grammars._spaces.normalised_lines`):
compiled, the text is cut into its lines and each stripped in one pass in C instead of
split and searched (``_spaces.QUICK``, ``_c_lines``: a text of one byte a character by
``memchr``, a wider one character by character); the lines must be the same either way."""

from __future__ import annotations

import random

from hhtools.grammars import _spaces
from hhtools.grammars._spaces import normalise, normalised_lines


def test_lines_by_hand() -> None:
    assert normalised_lines("Ann: folds\nBob: checks") == ["Ann: folds", "Bob: checks"]
    # a line ending in a space, a tab or a CR is stripped of them; inside a line they stay
    assert normalised_lines("Ann: folds \nBob:\tchecks\r\nCy: bets 2\t") == [
        "Ann: folds", "Bob:\tchecks", "Cy: bets 2"]
    assert normalised_lines("a\r b\nc") == ["a\r b", "c"]  # a CR inside a line, none at an end
    assert normalised_lines("a\n\nb \n") == ["a", "", "b", ""]
    assert normalised_lines(" ") == [""]
    assert normalised_lines("") == [""]
    # the spaces made plain first: a no-break space at a line's end goes too
    assert normalised_lines("Ann: calls 1\u00a0430\u00a0\nBob") == ["Ann: calls 1 430", "Bob"]


def test_lines_are_each_line_normalised() -> None:
    """Random texts of the characters that matter: the lines are those of splitting the
    text and normalising each line (:func:`normalise`), on whichever path runs."""
    rng = random.Random(7)
    alphabet = ["a", "b", " ", "\t", "\r", "\n", "\u00a0", "\u202f", "\ufeff", "\u00c2"]
    for _ in range(20_000):
        text = "".join(rng.choice(alphabet) for _ in range(rng.randrange(0, 12)))
        plain = _spaces._spaces_plain(text) if not text.isascii() else text
        assert normalised_lines(text) == [normalise(x) for x in plain.split("\n")], repr(text)


def test_lines_of_texts_wider_than_a_byte() -> None:
    """Texts of two and four bytes a character (a euro sign, a playing card): cut
    character by character, the same lines as a text of one byte a character."""
    assert normalised_lines("Ann: calls \u20ac2 \r\nBob\t\n") == ["Ann: calls \u20ac2", "Bob", ""]
    assert normalised_lines("\U0001f0a1 \n\n\u20ac") == ["\U0001f0a1", "", "\u20ac"]
    assert normalised_lines("\u00e9\r\n\u00e9") == ["\u00e9", "\u00e9"]  # latin-1, not ASCII
    rng = random.Random(11)
    alphabet = ["a", " ", "\t", "\r", "\n", "\u20ac", "\U0001f0a1", "\u00e9"]
    for _ in range(5_000):
        text = "".join(rng.choice(alphabet) for _ in range(rng.randrange(0, 12)))
        assert normalised_lines(text) == [x.rstrip(" \t\r") for x in text.split("\n")], repr(text)
