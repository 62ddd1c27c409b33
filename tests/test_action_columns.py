"""The ``actions`` columns made straight from the records (hhtools/store/action_columns.py,
compiled: no row tuple per action) are the reference's: the rows ColumnBatch.freeze
gives, made Arrow arrays by db.to_arrow, on every fixture and sample hand and on
generated ones, with the loop compiled (when built) and run as Python; and a value the
loop does not take leaves the batch to its rows, which give the reference's value or
error."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pyarrow as pa
import pytest

from hhtools.audit import audit_hands
from hhtools.ingest.read import parse_path
from hhtools.model.records import Action, ActionKind, HandHistory, PostKind, Street
from hhtools.store import action_columns
from hhtools.store.db import to_arrow
from hhtools.store.flatten import ColumnBatch, flatten_hand
from hhtools.store.flatten_arrow import batch_tables
from hhtools.store.tables import play
from hhtools.store.tables._base import Later

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(params=["as built", "as Python"])
def deferred(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """The actions kept for their columns: by the loop as this process runs it (compiled
    when built), or with the loop as Python (its class's slots then read by name)."""
    monkeypatch.setattr(play, "DEFER", True)
    if request.param == "as Python":
        monkeypatch.setattr(action_columns, "_LAYOUT", [()])
    yield request.param


def flattened(hands: list[HandHistory], audited: bool) -> tuple[ColumnBatch, list[int]]:
    batch, lines = ColumnBatch(), []
    audits = audit_hands(hands) if audited else [None] * len(hands)
    for i, (hand, audit) in enumerate(zip(hands, audits, strict=True)):
        flatten_hand(batch, hand, None if isinstance(audit, Exception) else audit, 7,
                     10 + 3 * i)  # fmt: skip
        lines.append(hand.line)
    return batch, lines


def reference(hands: list[HandHistory], audited: bool) -> dict[str, pa.Table]:
    play.DEFER = False
    try:
        batch, _ = flattened(hands, audited)
    finally:
        play.DEFER = True
    return {t: to_arrow(t, cols, extra=("_n",)) for t, cols in batch.freeze().items()}


def assert_made(hands: list[HandHistory], audited: bool = True) -> pa.Table:
    """The batch's tables equal the reference's, its actions made from the records (no
    row written); returns the actions table."""
    batch, lines = flattened(hands, audited)
    assert "actions" in batch.later and batch.values["actions"] == []
    tables, _ = batch_tables(batch, lines)
    assert batch.values["actions"] == []  # made from the records, no row written
    want = reference(hands, audited)
    assert list(tables) == list(want)
    for name, table in want.items():
        assert tables[name].schema.equals(table.schema), name
        assert tables[name].equals(table), name
        for column in tables[name].columns:
            assert column.num_chunks == 1 and column.chunk(0).validate(full=True) is None
    return tables["actions"]


def every_hand() -> list[HandHistory]:
    folders = [ROOT / "tests" / "fixtures", ROOT / "sample_histories"]
    return [r.hand for r in parse_path(folders) if r.hand is not None]


@pytest.mark.parametrize("audited", [True, False])
def test_every_fixture_hand_gives_the_reference_actions(deferred: str, audited: bool) -> None:
    hands = every_hand()
    assert len(hands) > 500 and len({h.site for h in hands}) > 20
    actions = assert_made(hands, audited)
    assert actions.num_rows == sum(len(h.actions) for h in hands)


def test_generated_hands_give_the_reference_actions(deferred: str, generated: Any) -> None:
    folder, _ = generated(400, 7)
    hands = [r.hand for r in parse_path([folder]) if r.hand is not None]
    assert len(hands) == 400
    assert_made(hands)


def _hand(*actions: Action, hand_id: str = "1") -> HandHistory:
    """A fixture hand with its actions replaced (the rows read only the actions, the
    site and the hand id; the money the actions moved is worked out from them)."""
    hand = next(r.hand for r in parse_path([ROOT / "tests" / "fixtures" / "pokerstars"])
                if r.hand is not None and not r.hand.cash_outs)  # fmt: skip
    return dataclasses.replace(hand, actions=actions, hand_id=hand_id)


SB = Action(Street.PREFLOP, "Zoë", ActionKind.POST, 5, post=PostKind.SMALL_BLIND, line=3)
BB = Action(Street.PREFLOP, "Bob", ActionKind.POST, 10, post=PostKind.BIG_BLIND, line=4)
RAISE = Action(Street.PREFLOP, "Zoë", ActionKind.RAISE, 20, to_amount=30, all_in=True, line=5)


def test_the_columns_of_two_hands_by_hand(deferred: str) -> None:
    hands = [_hand(SB, BB, RAISE, hand_id="1"), _hand(BB, hand_id="2")]
    actions = assert_made(hands, audited=False)
    assert actions.column("_n").to_pylist() == [10, 10, 10, 13]
    assert actions.column("seq").to_pylist() == [0, 1, 2, 0]
    assert actions.column("hand_id").to_pylist() == ["1", "1", "1", "2"]
    assert actions.column("player").to_pylist() == ["Zoë", "Bob", "Zoë", "Bob"]
    assert actions.column("kind").to_pylist() == ["post", "post", "raise", "post"]
    assert actions.column("post").to_pylist() == ["small_blind", "big_blind", None, "big_blind"]
    assert actions.column("street").to_pylist() == ["preflop"] * 4
    assert actions.column("amount").to_pylist() == [5, 10, 20, 10]
    assert actions.column("to_amount").to_pylist() == [None, None, 30, None]
    # the raise to 30 puts in 25 more than Zoë's small blind of 5
    assert actions.column("added").to_pylist() == [5, 10, 25, 10]
    assert actions.column("all_in").to_pylist() == [False, False, True, False]
    assert actions.column("line").to_pylist() == [3, 4, 5, 4]


@pytest.mark.parametrize("odd", [
    {"amount": True},  # a bool where an int is due
    {"line": 1 << 31},  # out of int32
    {"all_in": 1},  # an int where a bool is due
    {"player": 7},  # not text
    {"street": None},  # NULL where the loop takes none
])  # fmt: skip
def test_a_value_the_loop_does_not_take_leaves_the_rows(deferred: str,
                                                        odd: dict[str, Any]) -> None:
    hands = [_hand(SB, BB, hand_id="1"), _hand(dataclasses.replace(BB, **odd), hand_id="2")]
    batch, lines = flattened(hands, audited=False)
    assert batch.later["actions"].made.columns(batch.later["actions"].entries) is None
    try:
        want: dict[str, pa.Table] | Exception = reference(hands, audited=False)
    except (pa.ArrowException, ValueError, TypeError) as exc:
        want = exc
    if isinstance(want, Exception):
        with pytest.raises(type(want)):
            batch_tables(batch, lines)
        return
    tables, _ = batch_tables(batch, lines)
    assert batch.values["actions"]  # the rows written
    assert tables["actions"].equals(want["actions"])


def test_rows_written_before_keep_their_order() -> None:
    batch = ColumnBatch()
    later = Later(lambda values, entry: values.extend(entry), action_columns.action_columns)
    values = batch.table("t", ("_n", "x"))
    values.extend((1, "a"))
    batch.defer("t", ("_n", "x"), (2, "b"), later)  # rows already there: written at once
    assert "t" not in batch.later and values == [1, "a", 2, "b"]
    other = ColumnBatch()
    other.defer("t", ("_n", "x"), (1, "a"), later)
    other.defer("t", ("_n", "x"), (2, "b"), later)
    assert other.values["t"] == [] and len(other.later["t"].entries) == 2
    assert other.freeze() == {"t": {"_n": [1, 2], "x": ["a", "b"]}}
    assert "t" not in other.later


def test_the_loop_runs_compiled_when_the_core_built_it() -> None:
    import hhtools._core as core

    if core.status().get("hhtools.store.action_columns") != "compiled":
        pytest.skip(f"not compiled here ({core.describe()})")
    assert action_columns.COMPILED and play.DEFER
    assert len(action_columns._layout()) == len(action_columns.FIELDS)
