"""``@record``: the quick ``__init__`` keeps every property of a frozen dataclass."""

from __future__ import annotations

import dataclasses
import pickle

import pytest

from hhtools.model.frozen import record
from hhtools.model.records import Action, ActionKind, HandHistory, Street


@record
class Pot:
    amount: int
    players: tuple[str, ...] = ()
    seen: dict[str, int] = dataclasses.field(default_factory=dict)
    note: str = dataclasses.field(default="main", init=False)


def test_fields_defaults_and_factories() -> None:
    a = Pot(10)
    assert (a.amount, a.players, a.seen, a.note) == (10, (), {}, "main")
    b = Pot(10, ("Ann",), {"Ann": 5})
    assert (b.players, b.seen) == (("Ann",), {"Ann": 5})
    assert Pot(1).seen is not Pot(1).seen  # a new dict each time, as with dataclass


def test_still_frozen_hashable_and_compared_by_value() -> None:
    a = Action(Street.FLOP, "Ann", ActionKind.BET, 50, line=7)
    with pytest.raises(dataclasses.FrozenInstanceError):
        a.amount = 60  # type: ignore[misc]
    b = Action(Street.FLOP, "Ann", ActionKind.BET, 50, None, False, None, 7)
    assert a == b and hash(a) == hash(b)
    assert dataclasses.replace(a, amount=60).amount == 60
    assert pickle.loads(pickle.dumps(a)) == a


def test_missing_and_unknown_arguments_raise() -> None:
    with pytest.raises(TypeError):
        Pot()  # type: ignore[call-arg]
    with pytest.raises(TypeError):
        Pot(1, note="side")  # type: ignore[call-arg]  # init=False


def test_hand_history_default_factory() -> None:
    h = HandHistory("pokerstars", "1", "T", None, None, None, None, None, None, (), (), (), None)  # type: ignore[arg-type]
    assert h.hole_cards == {} and h.total_pot is None and h.rake == 0
