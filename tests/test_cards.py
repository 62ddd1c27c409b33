"""Card parsing (issue #2, point 1): codes are ``rank * 4 + suit``, ranks 2..A, suits cdhs."""

from __future__ import annotations

import pytest

from hhtools.model.cards import (
    DuplicateCardError,
    InvalidCardError,
    card_str,
    cards_str,
    parse_card,
    parse_cards,
)


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("2c", 0),
        ("2d", 1),
        ("2h", 2),
        ("2s", 3),
        ("3c", 4),
        ("Td", 8 * 4 + 1),
        ("10d", 8 * 4 + 1),
        ("td", 8 * 4 + 1),
        ("10D", 8 * 4 + 1),
        ("as", 51),
        ("AS", 51),
        ("As", 51),
        ("Kh", 11 * 4 + 2),
        ("Q♠", 10 * 4 + 3),
        (" 9c ", 7 * 4),
    ],
)
def test_parse_card(text: str, code: int) -> None:
    assert parse_card(text) == code


def test_every_card_round_trips() -> None:
    texts = [r + s for r in "23456789TJQKA" for s in "cdhs"]
    assert [card_str(parse_card(t)) for t in texts] == texts
    assert sorted(parse_card(t) for t in texts) == list(range(52))


@pytest.mark.parametrize("bad", ["1s", "Ax", "A", "", "11c", "Tsx", "s", "AsK"])
def test_bad_card_is_named(bad: str) -> None:
    with pytest.raises(InvalidCardError) as err:
        parse_card(bad)
    assert isinstance(err.value, ValueError)
    assert repr(bad) in str(err.value)
    assert err.value.card == bad


@pytest.mark.parametrize(
    "text",
    ["As Kd 10c", "As,Kd,10c", "AsKd10c", "as kd tc", "  As  Kd\tTc ", ["As", "Kd", "10c"], [51, 45, 32],
     ("As", "Kd", "Tc"), ["As", 45, " 10c"], iter(["As", "Kd", "Tc"])],
)
def test_parse_cards_forms(text: str | list[str] | list[int]) -> None:
    assert parse_cards(text) == (51, 45, 32)


def test_parse_cards_names_the_bad_card() -> None:
    with pytest.raises(InvalidCardError, match="'Xh'"):
        parse_cards("As Xh Kd")
    with pytest.raises(InvalidCardError, match="'Zz'"):
        parse_cards("AsZz")
    with pytest.raises(InvalidCardError):
        parse_cards([52])
    with pytest.raises(InvalidCardError):
        parse_cards(("As", True))  # a bool is not a card code


def test_duplicate_is_named_in_canonical_form() -> None:
    with pytest.raises(DuplicateCardError) as err:
        parse_cards("Td 2c 10d")
    assert err.value.card == "Td"
    assert "'Td'" in str(err.value)
    assert isinstance(err.value, InvalidCardError)
    assert parse_cards("Td 10d", distinct=False) == (33, 33)


def test_card_str_rejects_non_codes() -> None:
    for bad in (-1, 52, True):
        with pytest.raises(InvalidCardError):
            card_str(bad)  # type: ignore[arg-type]
    assert cards_str([0, 51]) == "2c As"
