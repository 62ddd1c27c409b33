"""What every hand table module shares: the column declaration, the key columns, the
batch the rows go into (row tuples, turned into columns once per batch) and the money
of a hand worked out once for all tables (:class:`HandMoney`)."""

from __future__ import annotations

from dataclasses import dataclass
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import pyarrow as pa

from hhtools.rules.pots import clockwise_order, contributions, contributions_by_action

if TYPE_CHECKING:
    from hhtools.audit import AuditResult
    from hhtools.audit.settle import HandSettlement
    from hhtools.model.records import HandHistory

__all__ = ["KEY", "ColumnBatch", "Column", "Columns", "HandMoney", "column", "row_names"]

Columns = dict[str, list[Any]]

_ARROW = {
    "VARCHAR": pa.string(),
    "BIGINT": pa.int64(),
    "INTEGER": pa.int32(),
    "BOOLEAN": pa.bool_(),
    "DOUBLE": pa.float64(),
    "TIMESTAMP": pa.timestamp("us"),
    "VARCHAR[]": pa.list_(pa.string()),
    "INTEGER[]": pa.list_(pa.int32()),
}


@dataclass(frozen=True, slots=True)
class Column:
    """One column: name, DuckDB type, Arrow type and what it holds."""

    name: str
    sql: str
    arrow: pa.DataType
    doc: str


def column(name: str, sql: str, doc: str) -> Column:
    """A :class:`Column` with the Arrow type of its DuckDB type.

    Args:
        name: the column's name.
        sql: its DuckDB type: VARCHAR, BIGINT, INTEGER, BOOLEAN, DOUBLE, TIMESTAMP,
            VARCHAR[] or INTEGER[].
        doc: what it holds (``hhtools schema`` prints it).

    Raises:
        KeyError: ``sql`` is none of those types.
    """
    return Column(name, sql, _ARROW[sql], doc)


#: the key of every hand table: the site and its hand number
KEY: tuple[Column, ...] = (
    column("site", "VARCHAR", "the poker room that dealt the hand: pokerstars, runitonce..."),
    column("hand_id", "VARCHAR", "the site's hand number, as text"),
)


def row_names(columns: Sequence[Column]) -> tuple[str, ...]:
    """The names of a table's row tuples in a :class:`ColumnBatch`: ``_n`` (the hand's
    running number), then the table's columns in their declared order.

    >>> row_names(KEY)
    ('_n', 'site', 'hand_id')
    """
    return ("_n", *(c.name for c in columns))


class ColumnBatch:
    """The rows of every hand table, filled hand by hand, turned into columns once.

    A table's rows are tuples in the order of its :func:`row_names`: one tuple per row
    costs less than one list append per value, and :meth:`freeze` turns them into
    columns in one pass (``zip``) when the batch is done.

    Attributes:
        rows: table name -> its rows, in the order the tables were first met.
        names: table name -> the names of its row tuples' values (:func:`row_names`).
        hand_ids: (site, hand_id, digest) of each hand in the batch, in order.
        n: running number of the hand being added (every row's ``_n``).
    """

    __slots__ = ("rows", "names", "hand_ids", "n")

    def __init__(self) -> None:
        self.rows: dict[str, list[tuple[Any, ...]]] = {}
        self.names: dict[str, tuple[str, ...]] = {}
        self.hand_ids: list[tuple[str, str, str]] = []
        self.n = 0

    def __len__(self) -> int:
        return len(self.hand_ids)

    def table(self, name: str, names: tuple[str, ...]) -> list[tuple[Any, ...]]:
        """The list the rows of table ``name`` are appended to, one tuple per row with
        the values of ``names`` (:func:`row_names`) in order; the table is in the batch
        from then on, with or without rows."""
        rows = self.rows.get(name)
        if rows is None:
            rows = self.rows[name] = []
            self.names[name] = names
        return rows

    def freeze(self) -> dict[str, Columns]:
        """Table -> column name -> values, for every table met (plain lists, picklable);
        a table met without rows has empty columns.

        Raises:
            ValueError: a row whose length is not its table's number of names (a
                column would be shifted).
        """
        out: dict[str, Columns] = {}
        for table, rows in self.rows.items():
            names = self.names[table]
            if not rows:
                out[table] = {name: [] for name in names}
                continue
            if set(map(len, rows)) != {len(names)}:
                raise ValueError(f"{table}: rows of {sorted(set(map(len, rows)))} values "
                                 f"for {len(names)} columns")  # fmt: skip
            out[table] = dict(zip(names, map(list, zip(*rows)), strict=True))
        return out


@dataclass(frozen=True, slots=True)
class HandMoney:
    """The money of one hand every table reads, worked out once: from the audit's
    settlement when there is one, else from the actions by the rules
    (:mod:`hhtools.rules.pots`).

    Attributes:
        settlement: the audit's settlement, ``None`` under ``--no-audit``.
        added: chips each action moved into the pot, in action order (minor units).
        put_in: player -> chips put in (minor units).
        returned: player -> uncalled chips returned (minor units).
        order: the seated players clockwise from the first left of the button.
    """

    settlement: HandSettlement | None
    added: Sequence[int]
    put_in: dict[str, int]
    returned: dict[str, int]
    order: tuple[str, ...]

    @classmethod
    def of(cls, hand: HandHistory, audit: AuditResult | None) -> HandMoney:
        """The money of ``hand``, from ``audit`` when given.

        Raises:
            ValueError: the amounts added are not one per action.
        """
        big_blind = hand.game.big_blind
        settlement = audit.settlement if audit is not None else None
        rebuild = settlement.rebuild if settlement is not None else None
        added: Sequence[int] = (
            rebuild.added
            if rebuild is not None and rebuild.added
            else contributions_by_action(hand.actions, big_blind)
        )
        if len(added) != len(hand.actions):
            raise ValueError(f"{len(added)} amounts added for {len(hand.actions)} actions")
        if rebuild is not None:
            return cls(settlement, added, rebuild.put_in, rebuild.returned, rebuild.order)
        returned: dict[str, int] = {}
        for r in hand.returned:
            returned[r.player] = returned.get(r.player, 0) + r.amount
        put_in = contributions(hand.actions, big_blind)
        return cls(None, added, put_in, returned, clockwise_order(hand))
