"""A store written before the statistics (schema 5 or before): work its facts out.

The per-seat facts of :mod:`hhtools.store.seat_stats` depend only on what the store
already holds for every hand (the seats in clockwise order, the actions in order, the
boards), so an older store gets them from its own rows, by the same function the
import uses, batch by batch, the first time this version opens it for writing.
"""

from __future__ import annotations

from collections import defaultdict
from types import SimpleNamespace
from typing import TYPE_CHECKING, Any

import duckdb

from hhtools.model.money import buy_in_total
from hhtools.model.records import ActionKind, PostKind, Street
from hhtools.rules.holes import hole_classes
from hhtools.store.seat_stats import STAT_COLUMNS, seat_stats

if TYPE_CHECKING:
    import pyarrow as pa

__all__ = ["fill_buy_ins", "fill_seat_stats"]

#: hands per batch (bounds the memory of an upgrade)
BATCH_HANDS = 20_000
#: the facts an upgrade writes (folded, VPIP and PFR were stored already)
_NEW = STAT_COLUMNS[3:]


def _missing(con: duckdb.DuckDBPyConnection) -> int:
    return int(con.execute(
        "SELECT count(*) FROM seats WHERE vpip_opportunity IS NULL").fetchall()[0][0])  # fmt: skip


def fill_seat_stats(con: duckdb.DuckDBPyConnection, batch_hands: int = BATCH_HANDS) -> int:
    """Work out ``position_name``, ``hole_classes`` and the statistics facts of every seat
    stored without them (NULL), from the store's own seats, actions and boards.

    Args:
        con: a writable connection (outside a transaction).
        batch_hands: hands per batch.

    Returns:
        The number of hands filled in.
    """
    if not _missing(con):
        return 0
    con.execute(
        "CREATE OR REPLACE TEMP TABLE stats_todo AS SELECT DISTINCT site, hand_id FROM seats "
        "WHERE vpip_opportunity IS NULL ORDER BY site, hand_id")  # fmt: skip
    total = int(con.execute("SELECT count(*) FROM stats_todo").fetchall()[0][0])
    for start in range(0, total, batch_hands):
        con.execute(
            "CREATE OR REPLACE TEMP TABLE stats_batch AS SELECT site, hand_id FROM stats_todo "
            f"LIMIT {int(batch_hands)} OFFSET {int(start)}")  # fmt: skip
        table = _batch_facts(con)
        con.register("stats_rows", table)
        sets = ", ".join(f"{c} = r.{c}" for c in ("hole_classes", *_NEW))
        con.execute("BEGIN TRANSACTION")
        try:
            con.execute(
                f"UPDATE seats SET {sets} FROM stats_rows r WHERE seats.site = r.site "
                "AND seats.hand_id = r.hand_id AND seats.seat = r.seat AND seats.player = r.player")
            con.execute("COMMIT")
        except BaseException:
            con.execute("ROLLBACK")
            raise
        finally:
            con.unregister("stats_rows")
    con.execute("DROP TABLE IF EXISTS stats_batch")
    con.execute("DROP TABLE IF EXISTS stats_todo")
    return total


def _batch_facts(con: duckdb.DuckDBPyConnection) -> pa.Table:
    """The facts of every seat of the hands in ``stats_batch``, as an Arrow table."""
    import pyarrow as pa

    seats: dict[tuple[str, str], list[Any]] = defaultdict(list)
    for site, hid, seat, player, out, hole in con.execute(
        "SELECT s.site, s.hand_id, s.seat, s.player, coalesce(s.sitting_out, false), "
        "s.hole_cards FROM seats s JOIN stats_batch USING (site, hand_id) "
        "ORDER BY s.site, s.hand_id, s.position NULLS LAST, s.seat"
    ).fetchall():
        seats[site, hid].append(SimpleNamespace(seat=seat, player=player, sitting_out=out,
                                                hole=hole))  # fmt: skip
    actions: dict[tuple[str, str], list[Any]] = defaultdict(list)
    for site, hid, street, player, kind, post in con.execute(
        "SELECT a.site, a.hand_id, a.street, a.player, a.kind, a.post FROM actions a "
        "JOIN stats_batch USING (site, hand_id) ORDER BY a.site, a.hand_id, a.seq"
    ).fetchall():
        actions[site, hid].append(SimpleNamespace(
            street=Street(street), player=player, kind=ActionKind(kind),
            post=PostKind(post) if post else None))  # fmt: skip
    boards: dict[tuple[str, str], list[tuple[str, ...]]] = defaultdict(list)
    for site, hid, cards in con.execute(
        "SELECT b.site, b.hand_id, b.cards FROM boards b JOIN stats_batch USING (site, hand_id) "
        "ORDER BY b.site, b.hand_id, b.board"
    ).fetchall():
        boards[site, hid].append(tuple((cards or "").split()))
    cols: dict[str, list[Any]] = {c: [] for c in ("site", "hand_id", "seat", "player",
                                                  "hole_classes", *_NEW)}  # fmt: skip
    for key, hand_seats in seats.items():
        # seats come in stored clockwise order from the first left of the button
        hand = SimpleNamespace(seats=hand_seats, actions=actions.get(key, []),
                               boards=boards.get(key, []))  # fmt: skip
        order = tuple(s.player for s in hand_seats)
        for s, facts in zip(hand_seats, seat_stats(hand, order), strict=True):  # type: ignore[arg-type]
            cols["site"].append(key[0])
            cols["hand_id"].append(key[1])
            cols["seat"].append(s.seat)
            cols["player"].append(s.player)
            cols["hole_classes"].append(list(hole_classes(s.hole.split())) if s.hole else None)
            for name, value in zip(_NEW, facts[3:], strict=True):
                cols[name].append(value)
    return pa.table(cols)


def fill_buy_ins(con: duckdb.DuckDBPyConnection) -> int:
    """Sum the buy-in of tournament hands stored without ``buy_in_amount`` (schema 5 or
    before), by :func:`hhtools.model.money.buy_in_total` over each distinct text.

    Returns:
        The number of distinct buy-in texts read (those that hold no amount, such as
        a freeroll, stay NULL).
    """
    texts = [t for (t,) in con.execute(
        "SELECT DISTINCT buy_in FROM hands WHERE is_tournament AND buy_in IS NOT NULL "
        "AND buy_in_amount IS NULL").fetchall()]  # fmt: skip
    rows = [(t, *total) for t in texts if (total := buy_in_total(t)) is not None]
    if rows:
        import pyarrow as pa

        con.register("buy_ins", pa.table({"buy_in": [r[0] for r in rows],
                                          "amount": [r[1] for r in rows],
                                          "currency": [r[2] for r in rows]}))  # fmt: skip
        try:
            con.execute("UPDATE hands SET buy_in_amount = b.amount, buy_in_currency = b.currency "
                        "FROM buy_ins b WHERE hands.buy_in = b.buy_in AND hands.is_tournament "
                        "AND hands.buy_in_amount IS NULL")  # fmt: skip
        finally:
            con.unregister("buy_ins")
    return len(rows)
