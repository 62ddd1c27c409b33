"""What every hand table module shares: the column declaration, the key columns, the
batch of columns the rows go into, and the money of a hand worked out once for all
tables (:class:`HandMoney`)."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import pyarrow as pa

from hhtools.rules.pots import clockwise_order, contributions, contributions_by_action

if TYPE_CHECKING:
    from hhtools.audit import AuditResult
    from hhtools.audit.settle import HandSettlement
    from hhtools.model.records import HandHistory

__all__ = ["KEY", "ColumnBatch", "Column", "Columns", "HandMoney", "column"]

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


class ColumnBatch:
    """Columns per table, filled hand by hand.

    Attributes:
        tables: table name -> column name -> values.
        hand_ids: (site, hand_id, digest) of each hand in the batch, in order.
    """

    __slots__ = ("tables", "hand_ids", "n")

    def __init__(self) -> None:
        self.tables: dict[str, Columns] = defaultdict(lambda: defaultdict(list))
        self.hand_ids: list[tuple[str, str, str]] = []
        self.n = 0  # running number of the hand being added (column ``_n``)

    def __len__(self) -> int:
        return len(self.hand_ids)

    def add(self, table: str, **values: Any) -> None:
        """Append one row to ``table`` (keyword per column), tagged with the current hand."""
        cols = self.tables[table]
        cols["_n"].append(self.n)
        for k, v in values.items():
            cols[k].append(v)

    def extend_key(self, table: str, site: str, hand_id: str, k: int) -> Columns:
        """Start ``k`` rows of the current hand in ``table``: its ``_n``, ``site`` and
        ``hand_id`` columns; returns the table's columns for the rest, to be filled one
        column at a time (a list extended once per hand, not one append per value)."""
        cols = self.tables[table]
        cols["_n"].extend([self.n] * k)
        cols["site"].extend([site] * k)
        cols["hand_id"].extend([hand_id] * k)
        return cols

    def freeze(self) -> dict[str, dict[str, list[Any]]]:
        """Plain dicts (picklable, no default factories)."""
        return {t: dict(c) for t, c in self.tables.items()}


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
