"""The ``hands`` table: one row per hand, its columns and the row of one hand."""

from __future__ import annotations

from datetime import timezone
from typing import TYPE_CHECKING

from hhtools.model.money import amount_text, buy_in_total
from hhtools.store.tables._base import KEY as _KEY
from hhtools.store.tables._base import Column, ColumnBatch, HandMoney
from hhtools.store.tables._base import column as _c
from hhtools.store.tables._base import row_names as _row_names

if TYPE_CHECKING:
    from hhtools.audit import AuditResult
    from hhtools.model.records import Game, HandHistory

__all__ = ["TABLES", "hand_row"]

TABLES: dict[str, tuple[str, tuple[Column, ...]]] = {
    "hands": (
        "One row per hand: game, stakes, table, time, the site's totals.",
        _KEY
        + (
            _c("site_format", "VARCHAR", "the site format (grammar) that read the hand"),
            _c("text_digest", "VARCHAR", "SHA-1 of the hand's text, to spot a changed hand"),
            _c("file", "VARCHAR", "source file (archive!member for zip members)"),
            _c("line", "INTEGER", "first line of the hand in the file (1-based)"),
            _c("byte_offset", "BIGINT", "byte offset of the hand in the decoded file"),
            _c("table_name", "VARCHAR", "table name"),
            _c("started_at", "TIMESTAMP", "start time on the site's clock"),
            _c("time_zone", "VARCHAR", "the site's zone for started_at (ET, CET...)"),
            _c("started_at_utc", "TIMESTAMP", "start time in UTC"),
            _c("game", "VARCHAR", "the hand's own game: omaha2, omaha, omaha5, omaha6, omaha7, "
               "courchevel, each with -hilo when split (omaha-hilo, omaha2-hilo...)"),
            _c("variant", "VARCHAR", "omaha2, omaha, omaha5, omaha6, omaha7, courchevel (the hole "
               "cards: 2, 4, 5, 6, 7, 5)"),
            _c("hi_lo", "BOOLEAN", "split-pot high/low game"),
            _c("qualifier", "INTEGER", "low qualifier (8 for eight-or-better, 9 or 7 where the "
               "header says so); NULL if high only"),
            _c("mix", "VARCHAR", "the mixed or dealer's-choice game the hand was dealt in "
               "(Binglao, 8-Game...), NULL otherwise"),
            _c("structure", "VARCHAR", "limit, pot_limit, no_limit"),
            _c("currency", "VARCHAR", "ISO code for real money, PLAY, or CHIPS (tournaments)"),
            _c("small_blind", "BIGINT", "small blind posted, minor units"),
            _c("big_blind", "BIGINT", "big blind posted, minor units"),
            _c("ante", "BIGINT", "ante, minor units"),
            _c("small_bet", "BIGINT", "limit games: the small bet, minor units (NULL otherwise)"),
            _c("big_bet", "BIGINT", "limit games: the big bet, minor units (NULL otherwise)"),
            _c("stakes", "VARCHAR", "stakes as the site names them: blinds (0.01/0.02), or "
               "small/big bet in limit games"),
            _c("is_tournament", "BOOLEAN", "tournament hand (amounts in chips)"),
            _c("tournament_id", "VARCHAR", "tournament number"),
            _c("buy_in", "VARCHAR", "the site's buy-in text"),
            _c("buy_in_amount", "BIGINT", "the buy-in summed (prize pool, bounty and fee), "
               "minor units of buy_in_currency (whole units when no currency is printed)"),
            _c("buy_in_currency", "VARCHAR", "ISO code of the buy-in, NULL when the site "
               "prints none (play money)"),
            _c("level", "VARCHAR", "tournament level"),
            _c("button", "INTEGER", "button seat"),
            _c("max_seats", "INTEGER", "table size (6 for 6-max)"),
            _c("players", "INTEGER", "players seated"),
            _c("hero", "VARCHAR", "the player dealt in (Dealt to), if any"),
            _c("board_count", "INTEGER", "number of boards (2 when run twice)"),
            _c("board_cards", "VARCHAR", "the first board's cards, space separated"),
            _c("total_pot", "BIGINT", "the site's total pot, minor units"),
            _c("rake", "BIGINT", "the site's rake, minor units"),
            _c("fees", "BIGINT", "other fees the site takes from the pot (not rake, jackpot "
               "or cash-out fees), minor units"),
            _c("room_added", "BIGINT", "money the room added to the pot (splash the pot), "
               "minor units"),
            _c("jackpot", "BIGINT", "taken from the pot for a jackpot or bad-beat fund, minor "
               "units"),
            _c("cash_out_fees", "BIGINT", "cash-out fees the site charged, minor units (not "
               "from the pot)"),
            _c("cash_out_forfeited", "BIGINT", "pot winnings the site kept because their "
               "winner had cashed out, minor units"),
            _c("put_in", "BIGINT", "chips put in by all players less uncalled bets returned"),
            _c("went_to_showdown", "BOOLEAN", "two or more hands shown at showdown"),
            _c("inferred", "VARCHAR", "what the grammar worked out by the rules because the "
               "text did not write it, comma separated (returned, rake, pot_parts, collects, "
               "button, blinds, actions); NULL when the text wrote everything"),
            _c("findings", "INTEGER", "number of audit findings for the hand"),
            _c("import_id", "INTEGER", "imports.import_id that brought the hand in"),
            _c("read_in_part", "BOOLEAN", "the hand has lines the grammar did not understand "
               "(unread_lines): stored, settled from what was read, and judged only where "
               "those lines cannot matter (no money, award or misread finding; a procedure "
               "finding only before them); NULL for a hand of a store whose problems do not "
               "tell"),
            _c("unread_lines", "INTEGER[]", "the file lines of the hand not understood, "
               "ascending (import_errors names each with its reason); empty when read in full"),
        ),
    ),
}


#: the names of a ``hands`` row's values (:func:`~hhtools.store.tables._base.row_names`)
_ROW = _row_names(TABLES["hands"][1])
_UTC = timezone.utc
#: game -> (the game, its columns from ``game`` to ``level``): a table's hands share one
#: :class:`~hhtools.model.records.Game` record, keyed by identity (the entry holds the
#: record, so its id is not reused while it is here)
_GAME_COLUMNS: dict[int, tuple[Game, tuple[object, ...]]] = {}
_GAMES_MAX = 512


def _stakes(g: Game) -> str:
    """Stakes as the site names them: the blinds, or a limit game's small/big bet."""
    low, high = (g.small_bet, g.big_bet) if g.small_bet is not None and g.big_bet is not None else (
        g.small_blind, g.big_blind)
    return f"{amount_text(low, g.currency)}/{amount_text(high, g.currency)}"


def _game_columns(g: Game) -> tuple[object, ...]:
    """The ``hands`` columns of game ``g``, from ``game`` to ``level`` in their declared
    order (worked out once per game record)."""
    entry = _GAME_COLUMNS.get(id(g))
    if entry is not None and entry[0] is g:
        return entry[1]
    buy_in = buy_in_total(g.buy_in) if g.is_tournament else None
    values = (
        g.name, g.variant.value, g.hi_lo, g.qualifier if g.hi_lo else None, g.mix,
        g.structure.value, g.currency, g.small_blind, g.big_blind, g.ante, g.small_bet,
        g.big_bet, _stakes(g), g.is_tournament, g.tournament_id, g.buy_in,
        buy_in[0] if buy_in else None, buy_in[1] if buy_in else None, g.level,
    )  # fmt: skip
    if len(_GAME_COLUMNS) >= _GAMES_MAX:
        _GAME_COLUMNS.clear()
    _GAME_COLUMNS[id(g)] = (g, values)
    return values


def _inferred(hand: HandHistory) -> str | None:
    """What the grammar worked out for ``hand``, comma separated, or ``None``: the
    record's :attr:`~hhtools.model.records.HandHistory.inferred`, with ``returned``
    added when a return was inferred (``Returned.inferred``) by a grammar that does not
    list it."""
    returned = False
    for r in hand.returned:
        if r.inferred:
            returned = True
            break
    if not returned:
        inferred = hand.inferred
        return (",".join(sorted(set(inferred))) or None) if inferred else None
    return ",".join(sorted({*hand.inferred, "returned"}))


def hand_row(
    batch: ColumnBatch,
    hand: HandHistory,
    money: HandMoney,
    audit: AuditResult | None,
    digest: str,
    import_id: int,
) -> None:
    """Add the ``hands`` row of ``hand`` to ``batch``.

    Args:
        batch: the batch being filled (its current hand is ``hand``).
        hand: the parsed hand.
        money: its money (:class:`~hhtools.store.tables._base.HandMoney`).
        audit: its audit, or ``None`` under ``--no-audit`` (no findings, no showdown).
        digest: SHA-1 of the hand's text (``hands.text_digest``).
        import_id: the ``imports.import_id`` of this run.

    ``started_at_utc`` is stored as the UTC clock's time: a UTC datetime goes to the
    batch as it is (Arrow stores an aware time in UTC), any other is made naive.
    """
    settlement = money.settlement
    utc = hand.started_at_utc
    if utc is not None and utc.tzinfo is not _UTC:
        utc = utc.replace(tzinfo=None)
    boards = hand.boards
    cash_outs = hand.cash_outs
    unread = hand.unread_lines
    values = batch.table("hands", _ROW)
    values.extend((
        batch.n, hand.site, hand.hand_id, hand.site_format, digest, hand.file, hand.line,
        hand.offset, hand.table, hand.started_at, hand.time_zone, utc,
    ))  # fmt: skip
    values.extend(_game_columns(hand.game))
    values.extend((
        hand.button, hand.max_seats, len(hand.seats), hand.hero, len(boards),
        " ".join(boards[0]) if boards else "",
        hand.total_pot, hand.rake, hand.fees, hand.room_added, hand.jackpot,
        sum([c.fee for c in cash_outs]) if cash_outs else 0,
        sum([c.forfeited for c in cash_outs]) if cash_outs else 0,
        sum(money.put_in.values()) - sum(money.returned.values()),
        settlement.went_to_showdown if settlement is not None else False,
        _inferred(hand),
        len(audit.findings) if audit is not None else 0,
        import_id, bool(unread), list(unread),
    ))  # fmt: skip
