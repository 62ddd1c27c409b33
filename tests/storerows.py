"""Build store rows by hand for view tests: one call per hand, values written out.

Tests describe a hand the way the audit would have stored it (seats with their money,
pots with their winners, awards, showdowns), append it with :func:`hhtools.store.append`,
and check the views against values worked out by hand.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

import duckdb

from hhtools.store import db as store


@dataclass
class S:
    """A seat: seat number, player, money moved (minor units) and habits."""

    seat: int
    player: str
    put_in: int
    collected: int = 0
    returned: int = 0
    hole: str | None = None
    folded: str | None = None
    voluntary: bool = True
    preflop_raise: bool = False
    showed: bool = False


@dataclass
class P:
    """A pot: index, net amount (after rake), eligible players clockwise from the button."""

    pot: int
    net: int
    eligible: list[str]
    high: list[str]
    low: list[str] = field(default_factory=list)
    gross: int | None = None
    board: int = 0


def add_hand(
    con: duckdb.DuckDBPyConnection,
    hand_id: str,
    seats: list[S],
    pots: list[P],
    *,
    board: str = "",
    game: str = "omaha-hilo",
    bb: int = 10,
    stakes: str = "0.05/0.10",
    currency: str = "USD",
    rake: int = 0,
    button: int = 1,
    showdown: bool = True,
    started_at: datetime | None = None,
    awards: list[dict[str, Any]] | None = None,
    showdowns: list[dict[str, Any]] | None = None,
    findings: list[dict[str, Any]] | None = None,
    actions: list[dict[str, Any]] | None = None,
) -> None:
    """Append one hand's rows to every table it touches."""
    hi_lo = game.endswith("-hilo")
    key = {"site": "pokerstars", "hand_id": hand_id}
    total_in = sum(s.put_in - s.returned for s in seats)
    store.append(
        con,
        "hands",
        {k: [v] for k, v in {
            **key, "game": game, "variant": game.removesuffix("-hilo"), "hi_lo": hi_lo,
            "qualifier": 8 if hi_lo else None, "structure": "pot_limit", "currency": currency,
            "small_blind": bb // 2, "big_blind": bb, "ante": 0, "stakes": stakes,
            "is_tournament": False, "button": button, "players": len(seats),
            "board_count": 1 if board else 0, "board_cards": board, "total_pot": total_in, "rake": rake,
            "fees": 0, "put_in": total_in, "went_to_showdown": showdown,
            "started_at": started_at or datetime(2024, 3, 1, 20, 0), "file": "hand.txt",
            "line": 1, "table_name": "T", "max_seats": 6,
        }.items()},
    )  # fmt: skip
    cols: dict[str, list[Any]] = {k: [] for k in (
        "site", "hand_id", "seat", "player", "stack", "sitting_out", "hole_cards", "put_in",
        "returned", "collected", "net", "folded", "voluntary", "preflop_raise", "showed",
        "is_button", "vpip_opportunity", "at_showdown",
    )}  # fmt: skip
    staying = sum(1 for s in seats if s.folded is None)
    for s in seats:
        for k, v in (
            ("site", "pokerstars"), ("hand_id", hand_id), ("seat", s.seat),
            ("player", s.player), ("stack", 1000), ("sitting_out", False),
            ("hole_cards", s.hole), ("put_in", s.put_in), ("returned", s.returned),
            ("collected", s.collected), ("net", s.collected - s.put_in + s.returned),
            ("folded", s.folded), ("voluntary", s.voluntary),
            ("preflop_raise", s.preflop_raise), ("showed", s.showed),
            ("is_button", s.seat == button), ("vpip_opportunity", True),
            # stayed to the end against another player (no walks in these hands)
            ("at_showdown", showdown and s.folded is None and staying >= 2),
        ):  # fmt: skip
            cols[k].append(v)
    store.append(con, "seats", cols)
    if board:
        cards = board.split()
        store.append(con, "boards", {
            "site": ["pokerstars"], "hand_id": [hand_id], "board": [0], "cards": [board],
            "flop": [" ".join(cards[:3])], "turn": [cards[3] if len(cards) > 3 else None],
            "river": [cards[4] if len(cards) > 4 else None],
        })  # fmt: skip
    if pots:
        store.append(con, "pots", {
            "site": ["pokerstars"] * len(pots), "hand_id": [hand_id] * len(pots),
            "board": [p.board for p in pots], "pot": [p.pot for p in pots],
            "gross": [p.gross if p.gross is not None else p.net for p in pots],
            "net": [p.net for p in pots], "eligible": [p.eligible for p in pots],
            "high_winners": [p.high for p in pots], "low_winners": [p.low for p in pots],
            "hi_lo_split": [bool(p.low) for p in pots],
        })  # fmt: skip
    for table, rows in (("awards", awards), ("showdowns", showdowns), ("findings", findings),
                        ("actions", actions)):  # fmt: skip
        if rows:
            names = sorted({k for r in rows for k in r})
            data = {n: [r.get(n) for r in rows] for n in names}
            data["site"] = ["pokerstars"] * len(rows)
            data["hand_id"] = [hand_id] * len(rows)
            store.append(con, table, data)
    # the seats' results columns, as an upgraded store gets them: from the pots and
    # showdowns just written (the import works them out in Python; tests/test_seat_results.py
    # checks that both agree)
    store.fill_seat_results(con)


def import_db(paths: list[Any], db: Any) -> Any:
    """Import ``paths`` into the database file ``db`` with the real importer (one worker)."""
    from hhtools.store.importer import import_paths

    import_paths(paths, db, workers=1)
    return db


#: count of the hands table's row groups (DuckDB's storage info)
HAND_ROW_GROUPS = "SELECT count(DISTINCT row_group_id) FROM pragma_storage_info('hands')"


def import_in_row_groups(files: list[Any], path: Any, monkeypatch: Any) -> None:
    """Import ``files`` (one hand each) into ``path`` committing and checkpointing after
    every hand, so that the import leaves the hands table one row group a hand (its
    ``max_vacuum_tasks`` 0). Count them (:data:`HAND_ROW_GROUPS`) on the connection
    that goes on: a connection opened and closed to count may merge them at its close."""
    import hhtools.store.import_commit as import_commit
    import hhtools.store.importer as importer
    from hhtools.store.importer import import_paths

    monkeypatch.setattr(import_commit, "COMMIT_HANDS", 1)
    monkeypatch.setattr(importer, "CHECKPOINT_LOG", "1KB")
    assert import_paths(files, path, workers=1).hands == len(files)
