"""A batch's rows as Arrow tables, in one pass over its flat row lists (what a worker of
the import sends): :func:`batch_tables`.

:meth:`hhtools.store.tables._base.ColumnBatch.freeze` and
:func:`hhtools.store.db.to_arrow` are the reference (column lists, then one Arrow array
per column); this gives the very same tables, with less work a hand:

* each column is made an Arrow array of its type straight from its table's row list (no
  dict of column lists in between): compiled, an int, bool or string column by a C loop
  over the list (:mod:`hhtools.store.flatten_columns`), else by ``pa.array`` over the
  column's slice;
* a table whose rows were kept as records (:meth:`ColumnBatch.defer`: the ``actions``,
  compiled, :mod:`hhtools.store.action_columns`) has its columns made from them, no row
  written (or its rows written then, when a value is not one the maker takes);
* ``site`` and ``hand_id`` of every table but ``hands`` are taken from the ``hands``
  arrays by each row's hand (its ``_n`` found among the hands'), not converted again
  from their Python strings (a hand's actions repeat them ten times and more);
* the rows' running numbers are checked in order on their int64 array, not value by
  value in Python;
* the keys table (:data:`hhtools.store.pipeline.KEY_SCHEMA`) is the ``hands`` table's
  ``_n``, ``site``, ``hand_id`` and ``text_digest`` columns and the first lines.

``tests/test_flatten_arrow.py`` holds both paths equal, table by table.
"""

from __future__ import annotations

import numpy as np
import pyarrow as pa

from hhtools.store.flatten_columns import COMPILED, fast_array
from hhtools.store.schema import arrow_schemas
from hhtools.store.tables._base import ColumnBatch

__all__ = ["KEY_SCHEMA", "batch_tables"]

#: Columns of the keys table: each flattened hand's running number, site, hand id, text
#: digest and first line, in the order of the ``hands`` rows.
KEY_SCHEMA = pa.schema([("_n", pa.int64()), ("site", pa.string()), ("hand_id", pa.string()),
                        ("digest", pa.string()), ("line", pa.int64())])  # fmt: skip

#: the columns taken from the ``hands`` arrays by each row's hand
_TAKEN = ("site", "hand_id")
_INT64 = pa.int64()


def _numbers(table: str, values: list[object], width: int,
             loops: bool) -> tuple[pa.Array, np.ndarray]:  # fmt: skip
    """The ``_n`` column of ``table``'s rows (the first value of each row), as an int64
    Arrow array and a NumPy view of it (``loops``: made by
    :func:`~hhtools.store.flatten_columns.fast_array`).

    Raises:
        ValueError: the values do not make whole rows, or the running numbers are not
            ints that never decrease (a row of the wrong length shifted the columns after
            it), as :meth:`ColumnBatch.freeze` says it.
    """
    if len(values) % width:
        raise ValueError(f"{table}: {len(values)} values are not rows of {width}")
    numbers = fast_array(values, 0, width, _INT64, loops) if loops else None
    if numbers is None:  # not made by the loops, or some number not an int
        column = values[0::width]
        if not set(map(type, column)) <= {int}:
            raise ValueError(f"{table}: the rows' values are not in their columns")
        numbers = pa.array(column, _INT64)
    if numbers.null_count:
        raise ValueError(f"{table}: the rows' values are not in their columns")
    view = numbers.to_numpy()
    if len(view) > 1 and bool((view[1:] < view[:-1]).any()):
        raise ValueError(f"{table}: the rows' values are not in their columns")
    return numbers, view


def _hands_of(hand_numbers: np.ndarray | None, numbers: np.ndarray) -> pa.Array | None:
    """The row of ``hands`` of each running number of ``numbers`` (``hand_numbers``: the
    hands' running numbers, ascending), or ``None`` when some number is no hand's or two
    hands share one (never in a worker's batch: the rows' own values are converted then)."""
    if hand_numbers is None or not len(hand_numbers):
        return None
    if len(hand_numbers) > 1 and bool((hand_numbers[1:] == hand_numbers[:-1]).any()):
        return None
    rows = np.searchsorted(hand_numbers, numbers)
    if len(rows) and (int(rows.max()) >= len(hand_numbers)
                      or bool((hand_numbers[rows] != numbers).any())):  # fmt: skip
        return None
    return pa.array(rows)


def _made(batch: ColumnBatch, table: str, hand_numbers: np.ndarray | None, loops: bool,
          ) -> tuple[dict[str, pa.Array], pa.Array, np.ndarray, pa.Array] | None:  # fmt: skip
    """The columns of ``table`` made straight from the records its rows were kept as
    (:meth:`ColumnBatch.defer`): (column name -> array, the ``_n`` array, a NumPy view
    of it, the row of ``hands`` of each row for ``site`` and ``hand_id``); ``None``
    when they were not kept, ``loops`` is false, or they cannot be made so (a value the
    maker does not take, or a running number that is no hand's, or out of order): the
    rows are written then, and converted by the caller."""
    later = batch.later.get(table)
    if later is None or not loops or table == "hands":
        return None
    columns = later.made.columns(later.entries)
    if columns is None:
        return None
    view = columns.pop("_n")
    if len(view) > 1 and bool((view[1:] < view[:-1]).any()):
        return None
    taken = _hands_of(hand_numbers, view)
    if taken is None:
        return None
    return columns, pa.array(view, _INT64), view, taken


def batch_tables(batch: ColumnBatch, lines: list[int],
                 loops: bool = COMPILED) -> tuple[dict[str, pa.Table], pa.Table | None]:
    """The Arrow tables of ``batch``'s rows and its keys table.

    Args:
        batch: the rows of a batch's hands (:func:`hhtools.store.flatten.flatten_hand`).
        lines: each hand's first line, in the order of the hands.
        loops: make the int, bool and string columns by the loops of
            :mod:`hhtools.store.flatten_columns` (by default when it runs compiled; the
            tests run them as Python too), else each by ``pa.array``.

    Returns:
        (table -> Arrow table of its rows: the store's columns in their declared order,
        then ``_n``, int64; the keys table, :data:`KEY_SCHEMA`), the tables in the order
        the batch first met them (one met without rows is an empty table); ``({}, None)``
        when no hand was flattened. The values are
        :func:`hhtools.store.db.to_arrow`'s of :meth:`ColumnBatch.freeze`'s columns.

    Raises:
        ValueError: a table's values do not make whole rows, or its rows' running numbers
            are not in order (a bug: :meth:`ColumnBatch.freeze`).
        pyarrow.ArrowException: a value not of its column's type (a bug).
    """
    if not lines:
        return {}, None
    schemas = arrow_schemas()
    met = list(batch.values)  # the tables in the order first met, with rows or without
    order = sorted(met, key=lambda t: t != "hands")  # the others take site and hand id from it
    tables: dict[str, pa.Table] = {}
    hand_numbers: np.ndarray | None = None
    for table in order:
        made = _made(batch, table, hand_numbers, loops)
        if made is not None:
            columns, numbers, view, taken = made
            arrays = [columns[f.name] if f.name in columns
                      else tables["hands"].column(f.name).take(taken) if f.name in _TAKEN
                      else pa.nulls(len(view), f.type) for f in schemas[table]]  # fmt: skip
            arrays.append(numbers)
            tables[table] = pa.Table.from_arrays(arrays, names=[*schemas[table].names, "_n"])
            continue
        batch.settle(table)
        values, names = batch.values[table], batch.names[table]
        width = len(names)
        numbers, view = _numbers(table, values, width, loops)
        where = {name: i for i, name in enumerate(names)}
        taken = None if table == "hands" else _hands_of(hand_numbers, view)
        arrays = []
        for f in schemas[table]:
            i = where.get(f.name)
            if i is None:
                arrays.append(pa.nulls(len(view), f.type))
            elif taken is not None and f.name in _TAKEN:
                arrays.append(tables["hands"].column(f.name).take(taken))
            else:
                made_array = fast_array(values, i, width, f.type, loops)
                arrays.append(pa.array(values[i::width], type=f.type)
                              if made_array is None else made_array)  # fmt: skip
        arrays.append(numbers)
        tables[table] = pa.Table.from_arrays(arrays, names=[*schemas[table].names, "_n"])
        if table == "hands":
            hand_numbers = view
    tables = {t: tables[t] for t in met}
    hands = tables["hands"]
    keys = pa.Table.from_arrays(
        [hands.column("_n"), hands.column("site"), hands.column("hand_id"),
         hands.column("text_digest"), pa.array(lines, pa.int64())], schema=KEY_SCHEMA)  # fmt: skip
    return tables, keys
