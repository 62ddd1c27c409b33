"""A batch's Arrow tables as the import's workers make them (hhtools/store/flatten_arrow.py)
are the reference's: ColumnBatch.freeze's column lists, each made an Arrow array by
db.to_arrow, and the keys from the batch's hand ids; and a batch whose rows do not fit
their columns is refused the same way.

The reference is the tables of every hand of the fixtures and samples (every site format
the project reads), audited and not, with the running numbers a worker gives and with
numbers two hands share (site and hand id then read from each row's own values).
"""

from __future__ import annotations

import enum
import importlib.util
from pathlib import Path
from typing import Any

import numpy as np
import pyarrow as pa
import pytest

from hhtools.audit import audit_hands
from hhtools.ingest.read import parse_file, parse_path
from hhtools.model.records import HandHistory
from hhtools.store.db import to_arrow
from hhtools.store.flatten import ColumnBatch, flatten_hand
from hhtools.store.flatten_arrow import KEY_SCHEMA, batch_tables
from hhtools.store import flatten_columns
from hhtools.store.flatten_columns import COMPILED, fast_array

ROOT = Path(__file__).resolve().parents[1]


class Seat(enum.IntEnum):
    """An int of a class of its own (an int all the same)."""

    TWO = 2


QUARTERED = ROOT / "tests" / "fixtures" / "pokerstars" / "hilo_two_timestamps_quartered.txt"


def every_hand() -> list[HandHistory]:
    folders = [ROOT / "tests" / "fixtures", ROOT / "sample_histories"]
    return [r.hand for r in parse_path(folders) if r.hand is not None]


def reference(batch: ColumnBatch, lines: list[int]) -> tuple[dict[str, pa.Table], pa.Table]:
    """freeze, then to_arrow per table; the keys from the batch's hand ids."""
    tables = {t: to_arrow(t, cols, extra=("_n",)) for t, cols in batch.freeze().items()}
    sites, hids, digests = zip(*batch.hand_ids, strict=True)
    keys = pa.Table.from_arrays(
        [tables["hands"].column("_n"), pa.array(sites, pa.string()), pa.array(hids, pa.string()),
         pa.array(digests, pa.string()), pa.array(lines, pa.int64())], schema=KEY_SCHEMA)
    return tables, keys


def assert_same(batch: ColumnBatch, lines: list[int]) -> None:
    """Equal to the reference's: as this process runs (compiled or not), with the loops
    of flatten_columns (as Python when not compiled) and without them."""
    want_tables, want_keys = reference(batch, lines)
    for loops in (COMPILED, True, False):
        got_tables, got_keys = batch_tables(batch, lines, loops)
        assert list(got_tables) == list(want_tables)
        for name, want in want_tables.items():
            got = got_tables[name]
            assert got.schema.equals(want.schema), (name, loops)
            assert got.equals(want), (name, loops)
            for column in got.columns:
                assert column.num_chunks == 1 and column.chunk(0).validate(full=True) is None
        assert got_keys is not None and got_keys.equals(want_keys)


@pytest.fixture(scope="module")
def hands() -> list[HandHistory]:
    found = every_hand()
    assert len(found) > 500  # every site format's fixtures
    assert len({h.site for h in found}) > 20
    return found


@pytest.mark.parametrize("audited", [True, False])
def test_every_fixture_hand_gives_the_reference_tables(hands: list[HandHistory],
                                                       audited: bool) -> None:
    audits = audit_hands(hands) if audited else [None] * len(hands)
    batch, lines = ColumnBatch(), []
    for i, (hand, audit) in enumerate(zip(hands, audits, strict=True)):
        if isinstance(audit, Exception):
            audit = None
        flatten_hand(batch, hand, audit, 7, 10 + 3 * i)  # numbers with gaps, as skipped hands leave
        lines.append(hand.line)
    assert_same(batch, lines)


def test_hands_sharing_a_number_read_their_rows_own_site_and_hand_id(
        hands: list[HandHistory]) -> None:
    batch, lines = ColumnBatch(), []
    for hand in hands[:40]:
        flatten_hand(batch, hand, None, 7)  # every hand numbered 0
        lines.append(hand.line)
    assert_same(batch, lines)
    tables, _ = batch_tables(batch, lines)
    assert tables["actions"].column("hand_id").to_pylist() == [
        h.hand_id for h in hands[:40] for _ in h.actions]


def test_the_quartered_hand_by_hand() -> None:
    (result,) = list(parse_file(QUARTERED))
    hand = result.hand
    assert hand is not None
    batch = ColumnBatch()
    flatten_hand(batch, hand, audit_hands([hand])[0], 7, n=3)  # type: ignore[arg-type]
    tables, keys = batch_tables(batch, [1])
    actions = tables["actions"]
    # 14 actions (the file's lines 6-24), each of hand 200000000001 of PokerStars
    assert actions.column("site").to_pylist() == ["pokerstars"] * 14
    assert actions.column("hand_id").to_pylist() == ["200000000001"] * 14
    assert actions.column("_n").to_pylist() == [3] * 14
    assert tables["seats"].column("player").to_pylist() == ["Alice", "Bob", "Carol"]
    assert keys.to_pylist() == [{"_n": 3, "site": "pokerstars", "hand_id": "200000000001",
                                 "digest": batch.hand_ids[0][2], "line": 1}]
    assert batch_tables(ColumnBatch(), []) == ({}, None)


def test_a_table_met_without_rows_is_an_empty_table() -> None:
    batch = ColumnBatch()
    batch.table("seats", ("_n", "site", "hand_id", "seat"))
    hands = batch.table("hands", ("_n", "site", "hand_id"))
    hands.extend((4, "s", "1"))
    tables, keys = batch_tables(batch, [9])
    assert list(tables) == ["seats", "hands"]
    assert tables["seats"].num_rows == 0
    assert tables["seats"].column_names[-1] == "_n"
    assert keys is not None and keys.column("line").to_pylist() == [9]


@pytest.mark.parametrize(("rows", "message"), [
    ([(5, 0, "Ah Kd 2c"), (5, 1)], "boards: 5 values are not rows of 3"),
    # one row short, the next long: the third row's number is a card
    ([(5, 0, "Ah Kd 2c"), (5, 1), (6, 0, "Ah Kd 2c", "9s")],
     "boards: the rows' values are not in their columns"),
    ([(5, 0, "Ah Kd 2c"), (4, 1, "Ah Kd 2c 9s")], "boards: the rows' values are not in their"),
    ([(5, 0, "Ah Kd 2c"), (5.0, 1, "Ah Kd 2c 9s")], "boards: the rows' values are not in their"),
    ([(5, 0, "Ah Kd 2c"), (True, 1, "Ah Kd 2c 9s")], "boards: the rows' values are not in their"),
    ([(None, 0, "Ah Kd 2c")], "boards: the rows' values are not in their columns"),
])  # fmt: skip
def test_rows_that_do_not_fit_their_columns_are_refused(rows: list[tuple[object, ...]],
                                                        message: str) -> None:
    batch = ColumnBatch()
    hands = batch.table("hands", ("_n", "site", "hand_id"))
    hands.extend((5, "s", "1"))
    values = batch.table("boards", ("_n", "board", "cards"))
    for row in rows:
        values.extend(row)
    with pytest.raises(ValueError, match=message):
        batch.freeze()
    with pytest.raises(ValueError, match=message):
        batch_tables(batch, [1])


# -- the loops of flatten_columns, by hand -----------------------------------------------------


@pytest.mark.parametrize("loops", [True, COMPILED])
@pytest.mark.parametrize(("column", "kind"), [
    ([3, None, -(1 << 63), (1 << 63) - 1, 0], pa.int64()),
    ([-(1 << 31), (1 << 31) - 1, None], pa.int32()),
    ([True, None, False, True], pa.bool_()),
    (["Ah Kd", None, "", "preflop", "x" * 70], pa.string()),
    ([None, None], pa.string()),
    (["Zoë", None, "Bob", "Zoë", "日本", ""], pa.string()),  # not ASCII: offsets in bytes
    ([], pa.int64()),
])  # fmt: skip
def test_the_loops_make_what_pa_array_makes(column: list[object], kind: pa.DataType,
                                            loops: bool) -> None:
    # the column is the middle value of rows of three
    values = [v for x in column for v in ("before", x, 7)]
    made = fast_array(values, 1, 3, kind, loops)
    if not loops:
        assert made is None
        return
    assert made is not None
    assert made.validate(full=True) is None
    assert made.equals(pa.array(column, type=kind))
    assert made.to_pylist() == column


@pytest.mark.parametrize(("column", "kind"), [
    ([1, True], pa.int64()),  # a bool where an int is due
    ([1, 2.0], pa.int64()),  # a float
    ([1, "2"], pa.int64()),
    ([1 << 63], pa.int64()),  # out of int64
    ([-(1 << 63) - 1], pa.int64()),
    ([1 << 200], pa.int64()),
    ([1 << 31], pa.int32()),  # out of int32
    ([-(1 << 31) - 1], pa.int32()),
    ([True, 1], pa.bool_()),  # an int where a bool is due
    (["Ah", 3], pa.string()),
    (["\udc80"], pa.string()),  # a lone surrogate: no UTF-8
])  # fmt: skip
def test_the_loops_leave_to_pa_array_a_value_they_do_not_take(column: list[object],
                                                              kind: pa.DataType) -> None:
    assert fast_array(list(column), 0, 1, kind, True) is None


def _as_python() -> Any:
    """flatten_columns run as Python (its .py as it is, compiled or not)."""
    path = ROOT / "hhtools" / "store" / "flatten_columns.py"
    spec = importlib.util.spec_from_file_location("_flatten_columns_as_python", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("run", ["as built", "as Python"])
def test_the_loops_as_built_and_as_python_give_the_same(run: str) -> None:
    module = flatten_columns if run == "as built" else _as_python()
    ints = [5, None, -(1 << 63), (1 << 63) - 1, Seat.TWO, 1 << 63]
    values = [v for x in ints for v in (x, "z")]
    out, null = np.zeros(6, np.longlong), np.zeros(6, np.uint8)
    no_flags, no_ends = np.zeros(0, np.uint8), np.zeros(1, np.int32)
    assert module.fill_column(values, 0, 2, 0, out, no_flags, no_ends, null, []) == -1
    assert out[:5].tolist() == [5, 0, -(1 << 63), (1 << 63) - 1, 2]
    assert null.tolist() == [0, 1, 0, 0, 0, 0]
    assert module.fill_column(values[:10], 0, 2, 0, out, no_flags, no_ends, null[:5], []) == 1
    assert module.fill_column(values[:10], 0, 2, 1, out, no_flags, no_ends, null[:5], []) == -1
    with pytest.raises(ValueError):  # a column past the row: refused, not read
        module.fill_column(values, 2, 2, 0, out, no_flags, no_ends, null, [])
    with pytest.raises(ValueError):  # a buffer too short
        module.fill_column(values, 0, 2, 0, out[:5], no_flags, no_ends, null, [])
    with pytest.raises(ValueError):
        module.fill_column(values, 1, 2, 3, out, no_flags, no_ends, null, [])
    with pytest.raises(ValueError):
        module.utf8_ends(["a"], np.zeros(1, np.uint8), np.zeros(1, np.int32))


def test_a_column_the_loops_leave_is_converted_by_pa_array() -> None:
    # a stack that is a NumPy integer, not an int: the loop leaves the stack column to
    # pa.array; the players' names, one not ASCII, are the loop's
    batch = ColumnBatch()
    hands = batch.table("hands", ("_n", "site", "hand_id", "players"))
    hands.extend((1, "s", "1", 2))
    seats = batch.table("seats", ("_n", "site", "hand_id", "player", "stack"))
    seats.extend((1, "s", "1", "Zoë", np.int64(150)))
    seats.extend((1, "s", "1", "Bob", None))
    assert fast_array(batch.values["seats"], 4, 5, pa.int64(), True) is None
    for loops in (True, False):
        tables, _ = batch_tables(batch, [1], loops)
        assert tables["seats"].column("player").to_pylist() == ["Zoë", "Bob"]
        assert tables["seats"].column("stack").to_pylist() == [150, None]
        assert tables["seats"].column("hand_id").to_pylist() == ["1", "1"]


def test_the_loops_run_compiled_when_the_core_built_them() -> None:
    from hhtools import _core

    built = _core.status().get("hhtools.store.flatten_columns") == "compiled"
    assert COMPILED == (built and not _core.pure_requested())
