"""What every hand table module shares: the column declaration, the key columns, the
batch the rows go into (row tuples, turned into columns once per batch) and the money
of a hand worked out once for all tables (:class:`HandMoney`)."""

from __future__ import annotations

from dataclasses import dataclass
from operator import le
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, NamedTuple

from hhtools.rules.pots import clockwise_order, contributions, contributions_by_action

if TYPE_CHECKING:
    import pyarrow as pa

    from hhtools.audit import AuditResult
    from hhtools.audit.settle import HandSettlement
    from hhtools.model.records import HandHistory

__all__ = ["KEY", "ColumnBatch", "Column", "Columns", "HandMoney", "Later", "column", "row_names"]

Columns = dict[str, list[Any]]

#: the DuckDB types a column may have
SQL_TYPES = ("VARCHAR", "BIGINT", "INTEGER", "BOOLEAN", "DOUBLE", "TIMESTAMP", "VARCHAR[]",
             "INTEGER[]")  # fmt: skip


def arrow_type(sql: str) -> pa.DataType:
    """The Arrow type of a DuckDB type of :data:`SQL_TYPES` (pyarrow imported here, when
    rows are built: a command that only reads the store never loads it, 0.1 s).

    Raises:
        KeyError: ``sql`` is none of those types.
    """
    import pyarrow as pa

    return {
        "VARCHAR": pa.string,
        "BIGINT": pa.int64,
        "INTEGER": pa.int32,
        "BOOLEAN": pa.bool_,
        "DOUBLE": pa.float64,
        "TIMESTAMP": lambda: pa.timestamp("us"),
        "VARCHAR[]": lambda: pa.list_(pa.string()),
        "INTEGER[]": lambda: pa.list_(pa.int32()),
    }[sql]()


@dataclass(frozen=True, slots=True)
class Column:
    """One column: name, DuckDB type and what it holds; :attr:`arrow` its Arrow type."""

    name: str
    sql: str
    doc: str

    @property
    def arrow(self) -> pa.DataType:
        """The column's Arrow type (:func:`arrow_type`)."""
        return arrow_type(self.sql)


def column(name: str, sql: str, doc: str) -> Column:
    """A :class:`Column` of a DuckDB type (its Arrow type, :attr:`Column.arrow`, worked
    out when asked).

    Args:
        name: the column's name.
        sql: its DuckDB type: VARCHAR, BIGINT, INTEGER, BOOLEAN, DOUBLE, TIMESTAMP,
            VARCHAR[] or INTEGER[].
        doc: what it holds (``hhtools schema`` prints it).

    Raises:
        KeyError: ``sql`` is none of those types.
    """
    if sql not in SQL_TYPES:
        raise KeyError(sql)
    return Column(name, sql, doc)


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

    A table's rows go into one flat list, row after row, each row's values in the order
    of the table's :func:`row_names`: a row is one ``extend`` however many columns it
    has, and :meth:`freeze` cuts each column out of the list with one slice.

    Attributes:
        values: table name -> the values of its rows, row after row, in the order the
            tables were first met.
        names: table name -> the names of a row's values, in order (:func:`row_names`,
            ``_n`` first).
        hand_ids: (site, hand_id, digest) of each hand in the batch, in order.
        n: running number of the hand being added (every row's ``_n``); it never
            decreases within a batch.
        later: table name -> the rows kept for later (:meth:`defer`): how to write
            them, each hand's records, how the columns are made from them.
    """

    __slots__ = ("values", "names", "hand_ids", "n", "later")

    def __init__(self) -> None:
        self.values: dict[str, list[Any]] = {}
        self.names: dict[str, tuple[str, ...]] = {}
        self.hand_ids: list[tuple[str, str, str]] = []
        self.n = 0
        self.later: dict[str, Later] = {}

    def __len__(self) -> int:
        return len(self.hand_ids)

    def table(self, name: str, names: tuple[str, ...]) -> list[Any]:
        """The list the rows of table ``name`` are added to: each row's values, in the
        order of ``names`` (:func:`row_names`: ``_n`` first), with one ``extend`` or
        several that add up to one row; the table is in the batch from then on, with
        or without rows."""
        values = self.values.get(name)
        if values is None:
            values = self.values[name] = []
            self.names[name] = names
        return values

    def defer(self, name: str, names: tuple[str, ...], entry: Any, later: Later) -> None:
        """Keep ``entry`` (the records of one hand's rows of table ``name``) for later:
        its rows are written by ``later.rows`` when the batch is frozen or its table
        settled (:meth:`settle`), or its columns made straight from the entries (by the
        batch's ``made``, a few hands at a time, :class:`Later`;
        :func:`hhtools.store.flatten_arrow.batch_tables`). A table that already has rows
        gets the entry's rows at once (they stay in order)."""
        values = self.table(name, names)
        kept = self.later.get(name)
        if kept is None:
            if values:
                later.rows(values, entry)
                return
            kept = self.later[name] = later.fresh()
        elif kept.rows is not later.rows:
            self.settle(name)
            later.rows(values, entry)
            return
        entries = kept.entries
        entries.append(entry)
        if len(entries) % Later.EVERY == 0:
            kept.made.add(entries)

    def settle(self, name: str) -> None:
        """Write the rows of table ``name`` kept for later (:meth:`defer`) into its list,
        in order, and keep none."""
        later = self.later.pop(name, None)
        if later is not None:
            values = self.values[name]
            for entry in later.entries:
                later.rows(values, entry)

    def freeze(self) -> dict[str, Columns]:
        """Table -> column name -> values, for every table met (plain lists, picklable);
        a table met without rows has empty columns.

        Raises:
            ValueError: a table's values do not make whole rows, or its ``_n`` column
                is not the hands' running numbers in order (a row of the wrong length
                shifted the columns after it).
        """
        out: dict[str, Columns] = {}
        for table in list(self.later):
            self.settle(table)
        for table, values in self.values.items():
            names = self.names[table]
            width = len(names)
            if len(values) % width:
                raise ValueError(f"{table}: {len(values)} values are not rows of {width}")
            cols = {name: values[i::width] for i, name in enumerate(names)}
            numbers = cols["_n"]
            if not _in_order(numbers):
                raise ValueError(f"{table}: the rows' values are not in their columns")
            out[table] = cols
        return out


class Later:
    """How a table's rows kept for later (:meth:`ColumnBatch.defer`) are written or made
    columns; a batch's own copy (:meth:`fresh`) holds its entries.

    Attributes:
        rows: writes one entry's rows into the table's list (the reference).
        maker: makes the object that takes the entries a few at a time (``add(entries)``:
            those past the ones it took, :data:`EVERY` hands at a time, while their
            records are in the processor's caches) and makes the table's columns of
            them all (``columns(entries)``: column name -> Arrow array, ``_n`` a NumPy
            int64 array, every column of the rows but ``site`` and ``hand_id``; or
            ``None``, then the rows are written).
        entries: the entries kept, in order (one per hand).
        made: the batch's object made by ``maker`` (``None`` in the template).
    """

    __slots__ = ("rows", "maker", "entries", "made")

    #: hands whose entries :attr:`made` takes at a time
    EVERY = 50

    def __init__(self, rows: Callable[[list[Any], Any], None], maker: Callable[[], Any]) -> None:
        self.rows = rows
        self.maker = maker
        self.entries: list[Any] = []
        self.made: Any = None

    def fresh(self) -> Later:
        """A copy without entries, with an object of its own from :attr:`maker`."""
        copy = Later(self.rows, self.maker)
        copy.made = self.maker()
        return copy


def _in_order(numbers: list[Any]) -> bool:
    """True when ``numbers`` are ints that never decrease (a batch's ``_n`` column).

    >>> _in_order([3, 3, 4]), _in_order([3, 2]), _in_order([3, "pokerstars"])
    (True, False, False)
    """
    return set(map(type, numbers)) <= {int} and all(map(le, numbers, numbers[1:]))


class HandMoney(NamedTuple):
    """The money of one hand every table reads, worked out once: from the audit's
    settlement when there is one, else from the actions by the rules
    (:mod:`hhtools.rules.pots`). A named tuple: made once per hand, quicker than a
    frozen dataclass.

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
