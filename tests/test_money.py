"""hhtools.model.money: one function for every printed amount."""

from __future__ import annotations

import doctest

import pytest

import hhtools.model.money
from hhtools.model.money import Unit, parse_money


def test_doctests() -> None:
    assert doctest.testmod(hhtools.model.money).failed == 0


@pytest.mark.parametrize(
    ("text", "unit", "expected"),
    [
        ("$1,234.56", Unit.CENTS, 123456),
        ("€0.10", Unit.CENTS, 10),
        ("£7", Unit.CENTS, 700),
        ("$25", Unit.CENTS, 2500),
        ("25", Unit.CHIPS, 25),
        ("1 430", Unit.CHIPS, 1430),
        ("368,55", Unit.CENTS, 36855),
        ("1.234,56", Unit.CENTS, 123456),
        ("$1,492.66", Unit.CENTS, 149266),
        ("1,500", Unit.CHIPS, 1500),
        ("$0.5", Unit.CENTS, 50),
        ("$2.00", Unit.CENTS, 200),
        ("84688", Unit.CHIPS, 84688),
    ],
)
def test_parse_money(text: str, unit: Unit, expected: int) -> None:
    assert parse_money(text, unit) == expected
    assert isinstance(parse_money(text, unit), int)


@pytest.mark.parametrize("text", ["", "$", "abc", "1.2.3x", "$1.5e3", "--1"])
def test_not_an_amount(text: str) -> None:
    with pytest.raises(ValueError):
        parse_money(text, Unit.CENTS)


def test_chips_have_no_fraction() -> None:
    with pytest.raises(ValueError):
        parse_money("10.5", Unit.CHIPS)
