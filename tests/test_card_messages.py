"""What a user reads when a hand given to ``equity`` is wrong (issue 24, item 8): the word
that is not a card, and the card given twice with the two places it is in."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from hhtools.cli.main import app
from hhtools.model.cards import dealt_twice, parse_cards
from hhtools.rules.equity import all_in_equity, hand_odds
from hhtools.rules.evaluator import InvalidHandError
from hhtools.rules.ranges import parse_hand

runner = CliRunner()


@pytest.mark.parametrize(
    ("hands", "extra", "said"),
    [
        # before: "'As Ad Kh Xx' names 5 cards; the game deals 4"
        (["A=As Ad Kh Xx", "B=Qs Qd Jc Tc"], [],
         "error: 'As Ad Kh Xx' ('Xx' is not a card) names 5 cards as a pattern; the game "
         "deals 4\n"),
        (["A=As Ad Kh Zz", "B=Qs Qd Jc Tc"], [],
         "error: cannot read 'As Ad Kh Zz' ('Zz' is not a card): a hand is cards "
         "(Ah Kh Qd Jd), a pattern (AAxx, A2xx, KQJTds) or class words (double-suited "
         "rundowns)\n"),
        # before: "'As Ad Kh Kh' names a card twice"
        (["A=As Ad Kh Kh", "B=Qs Qd Jc Tc"], [], "error: 'As Ad Kh Kh' names Kh twice\n"),
        (["A=AsAsxx", "B=Qs Qd Jc Tc"], [], "error: 'AsAsxx' names As twice\n"),
        # before: "a card appears twice among the hands, board and dead cards"
        (["Alan=As Ad Kh Kc", "Bea=As Qd Jc Tc"], [],
         "error: card As is both in Alan's hand and in Bea's hand\n"),
        (["Alan=As Ad Kh Kc", "Bea=Qs Qd Jc Tc"], ["--board", "Qs 7d 2c"],
         "error: card Qs is both in Bea's hand and on the board\n"),
        (["Alan=As Ad Kh Kc", "Bea=AAxx"], ["--dead", "Kh"],
         "error: card Kh is both in Alan's hand and among the dead cards\n"),
    ],
)  # fmt: skip
def test_equity_names_the_word_or_the_card(hands: list[str], extra: list[str], said: str) -> None:
    args = ["equity", "--game", "omaha", *(a for h in hands for a in ("--hand", h)), *extra]
    res = runner.invoke(app, args)
    assert res.exit_code == 2
    assert res.stderr == said


def test_the_library_says_the_same() -> None:
    with pytest.raises(InvalidHandError, match=r"^card 7h is both in hand 2 and on the board$"):
        hand_odds([parse_hand("As Ad Kh Kc", 4), parse_hand("7h 6h 5d 4d", 4)], "7h 8c 2d")
    with pytest.raises(InvalidHandError, match=r"^card Ah is both in hand 1 and in hand 2$"):
        all_in_equity(["Ah Ad Kc Qc", "Ah 6s 5d 4d"], "As 7h 2c", [(200, (0, 1))])
    assert dealt_twice([("in hand 1", parse_cards("Ah Ad")), ("on the board", ())]) is None
