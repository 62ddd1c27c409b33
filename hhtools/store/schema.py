"""The store's tables: every column with its DuckDB type, Arrow type and meaning.

``hhtools schema`` prints this; :mod:`hhtools.store.db` creates and upgrades the
tables from it, and every batch of rows is built against :data:`ARROW_SCHEMAS`.
"""

from __future__ import annotations

from dataclasses import dataclass

import pyarrow as pa

__all__ = ["ARROW_SCHEMAS", "HAND_TABLES", "INTERNAL_TABLES", "TABLES", "Column"]


@dataclass(frozen=True, slots=True)
class Column:
    """One column: name, DuckDB type, Arrow type and what it holds."""

    name: str
    sql: str
    arrow: pa.DataType
    doc: str


def _c(name: str, sql: str, doc: str) -> Column:
    arrow = {
        "VARCHAR": pa.string(),
        "BIGINT": pa.int64(),
        "INTEGER": pa.int32(),
        "BOOLEAN": pa.bool_(),
        "DOUBLE": pa.float64(),
        "TIMESTAMP": pa.timestamp("us"),
        "VARCHAR[]": pa.list_(pa.string()),
    }[sql]
    return Column(name, sql, arrow, doc)


_KEY = (
    _c("site", "VARCHAR", "the poker room that dealt the hand: pokerstars, runitonce..."),
    _c("hand_id", "VARCHAR", "the site's hand number, as text"),
)

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
        ),
    ),
    "seats": (
        "One row per seated player and hand, with the money they moved.",
        _KEY
        + (
            _c("seat", "INTEGER", "seat number"),
            _c("player", "VARCHAR", "screen name"),
            _c("stack", "BIGINT", "stack at the start of the hand, minor units"),
            _c("sitting_out", "BOOLEAN", "sitting out"),
            _c("bounty", "VARCHAR", "knockout bounty text"),
            _c("position", "INTEGER", "1 = first left of the button ... last = button"),
            _c("is_button", "BOOLEAN", "on the button"),
            _c("is_hero", "BOOLEAN", "the player dealt in"),
            _c("hole_cards", "VARCHAR", "known hole cards, space separated"),
            _c("put_in", "BIGINT", "chips put in (posts, calls, bets, raises), minor units"),
            _c("returned", "BIGINT", "uncalled bets returned, minor units"),
            _c("collected", "BIGINT", "what the site says the player collected, minor units"),
            _c("net", "BIGINT", "collected + cashed_out - put_in + returned, minor units"),
            _c("folded", "VARCHAR", "street the player folded on, NULL if never"),
            _c("voluntary", "BOOLEAN", "put money in voluntarily preflop (VPIP)"),
            _c("preflop_raise", "BOOLEAN", "raised preflop (PFR)"),
            _c("showed", "BOOLEAN", "showed cards at showdown"),
            _c("cashed_out", "BIGINT", "what the player received for cashing out the hand, "
               "minor units (0 if none)"),
            _c("cash_out_fee", "BIGINT", "the fee the site charged for that cash-out, minor units"),
            _c("cash_out_forfeited", "BIGINT", "pot winnings the site kept because the "
               "player had cashed out, minor units"),
            _c("rake_paid", "BIGINT", "the seat's share of the hand's rake, in proportion to "
               "what it put in less returns; odd units by largest remainder, then seat "
               "(0 for a seat sitting out), minor units"),
            _c("due_at_showdown", "BIGINT", "what the rules give the player at showdown, every "
               "board together (showdowns.won), minor units"),
            _c("pots_won_high", "INTEGER", "pots (each board apart) contested by two or more "
               "of which the player won the high (or the whole pot)"),
            _c("pots_won_low", "INTEGER", "pots contested by two or more of which the player "
               "won the low half"),
            _c("scooped", "INTEGER", "hi/lo pots the player alone won whole (rows of the "
               "scoops view)"),
            _c("quartered", "INTEGER", "halves of split hi/lo pots the player shared (rows of "
               "the quarters view)"),
            _c("hole_classes", "VARCHAR[]", "classes of the known hole cards: pair, aces, "
               "double_suited, single_suited, rainbow, rundown, a2 (hhtools.rules.holes)"),
            _c("position_name", "VARCHAR", "named position among the players dealt in: SB, "
               "BB, UTG, UTG+1, UTG+2, MP, LJ, HJ, CO, BTN (heads-up BB and BTN, the button "
               "posting the small blind); NULL sitting out"),
            _c("vpip_opportunity", "BOOLEAN", "dealt in, and not the big blind of a walk "
               "(everyone folded to the big blind): the hands VPIP and PFR count over"),
            _c("three_bet_opportunity", "BOOLEAN", "acted preflop facing exactly one raise "
               "(the open raise) by another player"),
            _c("three_bet", "BOOLEAN", "re-raised that open raise, at the first such action"),
            _c("fold_to_three_bet_opportunity", "BOOLEAN", "made the open raise and acted "
               "again preflop facing exactly two raises"),
            _c("fold_to_three_bet", "BOOLEAN", "folded to that 3-bet"),
            _c("cbet_opportunity", "BOOLEAN", "made the last preflop raise and acted on the "
               "flop with no bet before them"),
            _c("cbet", "BOOLEAN", "bet the flop at that chance (continuation bet)"),
            _c("fold_to_cbet_opportunity", "BOOLEAN", "acted on the flop facing the c-bet "
               "(the flop's first bet, by the preflop raiser) with no raise since"),
            _c("fold_to_cbet", "BOOLEAN", "folded to that c-bet"),
            _c("postflop_aggressive", "INTEGER", "bets and raises on the flop, turn and river"),
            _c("postflop_calls", "INTEGER", "calls on the flop, turn and river"),
            _c("postflop_folds", "INTEGER", "folds on the flop, turn and river"),
            _c("saw_flop", "BOOLEAN", "dealt in, did not fold preflop, and a flop was dealt"),
            _c("at_showdown", "BOOLEAN", "dealt in, did not fold, and another player dealt in "
               "did not fold either: at showdown even when every opponent mucked"),
        ),
    ),
    "actions": (
        "Every post and action in order.",
        _KEY
        + (
            _c("seq", "INTEGER", "order within the hand, from 0"),
            _c("street", "VARCHAR", "preflop, flop, turn, river"),
            _c("player", "VARCHAR", "screen name"),
            _c("kind", "VARCHAR", "post, fold, check, call, bet, raise"),
            _c("post", "VARCHAR", "small_blind, big_blind, ante, dead_small_and_big, straddle"),
            _c("amount", "BIGINT", "as printed: call increment, bet, post, raise increment"),
            _c("to_amount", "BIGINT", "a raise's total on the street"),
            _c("added", "BIGINT", "chips this action moved into the pot"),
            _c("all_in", "BOOLEAN", "the action put the player all-in"),
            _c("line", "INTEGER", "source line"),
        ),
    ),
    "boards": (
        "The board(s): two rows when the hand was run twice.",
        _KEY
        + (
            _c("board", "INTEGER", "0, or 1 for the second run"),
            _c("cards", "VARCHAR", "board cards, space separated"),
            _c("flop", "VARCHAR", "first three cards"),
            _c("turn", "VARCHAR", "fourth card"),
            _c("river", "VARCHAR", "fifth card"),
        ),
    ),
    "pots": (
        "Pots rebuilt from the actions, per board.",
        _KEY
        + (
            _c("board", "INTEGER", "0, or 1 for the second run"),
            _c("pot", "INTEGER", "0 = main pot, 1, 2... side pots"),
            _c("gross", "BIGINT", "chips in the pot before rake (for this board's share)"),
            _c("net", "BIGINT", "after rake: what the rules award"),
            _c("eligible", "VARCHAR[]", "players who may win it, clockwise from the button"),
            _c("high_winners", "VARCHAR[]", "winners of the high half (or whole pot)"),
            _c("low_winners", "VARCHAR[]", "winners of the low half (empty: no low)"),
            _c("hi_lo_split", "BOOLEAN", "the pot was halved (a low qualified)"),
        ),
    ),
    "awards": (
        "What the site paid and what the rules give, per pot, half and player.",
        _KEY
        + (
            _c("board", "INTEGER", "0, or 1 for the second run"),
            _c("pot", "INTEGER", "0 = main pot, 1, 2... side pots"),
            _c("half", "VARCHAR", "high, low, or all (whole pot, or halves not told apart)"),
            _c("player", "VARCHAR", "screen name"),
            _c("paid", "BIGINT", "paid by the site, minor units"),
            _c("due", "BIGINT", "due by the rules, minor units"),
            _c("share", "DOUBLE", "due as a fraction of the pot (0.25 = a quarter)"),
            _c("scoop", "BOOLEAN", "the player alone won the whole pot at showdown"),
            _c("quarter", "BOOLEAN", "the player won part of a tied half"),
        ),
    ),
    "showdowns": (
        "Every hand shown, read by the rules (exactly two hole cards, three board cards).",
        _KEY
        + (
            _c("board", "INTEGER", "0, or 1 for the second run"),
            _c("player", "VARCHAR", "screen name"),
            _c("hole_cards", "VARCHAR", "hole cards shown"),
            _c("high_cards", "VARCHAR", "best high five, reading order"),
            _c("high_category", "VARCHAR", "straight flush ... high card"),
            _c("high_value", "BIGINT", "comparable high value (greater wins)"),
            _c("low_cards", "VARCHAR", "best qualifying low five, NULL if none"),
            _c("low_ranks", "VARCHAR", "low as 7,5,3,2,A"),
            _c("low_value", "BIGINT", "comparable low value (greater wins)"),
            _c("declared_high", "VARCHAR", "the site's words for the high"),
            _c("declared_low", "VARCHAR", "the site's words for the low"),
            _c("won", "BIGINT", "due to the player by the rules on this board, minor units"),
        ),
    ),
    "findings": (
        "Audit findings: one row per disagreement (award_mismatch, chip_imbalance, "
        "declared_misread...).",
        _KEY
        + (
            _c("board", "INTEGER", "0, or 1 for the second run"),
            _c("player", "VARCHAR", "player concerned ('' for the whole hand)"),
            _c("kind", "VARCHAR", "award_mismatch, chip_imbalance, declared_misread, ..."),
            _c("pot", "INTEGER", "0 = main pot, 1, 2... side pots"),
            _c("half", "VARCHAR", "high, low or all"),
            _c("paid", "BIGINT", "what the site paid or stated, minor units"),
            _c("due", "BIGINT", "what the rules give, minor units"),
            _c("explanation", "VARCHAR", "one line naming the five cards"),
            _c("file", "VARCHAR", "source file"),
            _c("line", "INTEGER", "the line the finding is about (a collect, a show, the "
               "total pot), else the hand's first line"),
        ),
    ),
    "tournament_results": (
        "Tournament results a hand reports: finishing places, prizes, bounties won.",
        _KEY
        + (
            _c("player", "VARCHAR", "screen name"),
            _c("place", "INTEGER", "finishing place (1 = the winner); NULL for a bounty line"),
            _c("prize", "BIGINT", "prize money, minor units of currency"),
            _c("bounty", "BIGINT", "bounty money won, minor units of currency"),
            _c("eliminated", "VARCHAR", "the players eliminated, as the site names them"),
            _c("currency", "VARCHAR", "ISO code of prize and bounty"),
            _c("line", "INTEGER", "source line"),
        ),
    ),
    "seat_sessions": (
        "The session of each seat dealt in: a player's run of hands on one site, at any "
        "tables, with no gap over 30 minutes between one hand's start and the next "
        "(worked out again for the players of each import; the sessions view sums it).",
        _KEY
        + (
            _c("player", "VARCHAR", "screen name"),
            _c("session_start", "TIMESTAMP", "start of the session's first hand (UTC when "
               "the site's zone is known, else the site's clock)"),
            _c("net", "BIGINT", "the seat's net (seats.net), minor units"),
        ),
    ),
    "allin_equity": (
        "All-in equity (hhtools ev): per board, pot and player still in, the expected share "
        "of the pot over every board the deck could still deal once the money was all in "
        "(hhtools.store.ev).",
        _KEY
        + (
            _c("board", "INTEGER", "0, or 1 for the second run"),
            _c("pot", "INTEGER", "0 = main pot, 1, 2... side pots"),
            _c("player", "VARCHAR", "screen name"),
            _c("street", "VARCHAR", "the street of the hand's last call, bet or raise: "
               "preflop, flop, turn"),
            _c("amount", "BIGINT", "the pot after rake (pots.net), minor units"),
            _c("equity_high", "DOUBLE", "expected fraction of the pot won through the high "
               "(the whole pot where no low qualifies)"),
            _c("equity_low", "DOUBLE", "expected fraction of the pot won through the low half"),
            _c("std_error", "DOUBLE", "standard error of equity_high + equity_low (0 when "
               "every board was enumerated)"),
            _c("boards", "INTEGER", "boards enumerated, or dealt at random when not exact"),
            _c("exact", "BOOLEAN", "every remaining board was enumerated"),
        ),
    ),
    "allin_hands": (
        "Every hand hhtools ev looked at and what came of it.",
        _KEY
        + (
            _c("street", "VARCHAR", "the street of the hand's last call, bet or raise"),
            _c("status", "VARCHAR", "computed; money_on_river (an all-in before the river, "
               "but more money went in on the river); unknown_cards (a player still in whose "
               "hole cards the history does not give); error: why"),
        ),
    ),
    "draws": (
        "Draw analysis (hhtools draws --fill): one row per hand, board, player whose hole "
        "cards are known, and street with cards to come (flop, turn) the player saw: the "
        "outs of each kind over the cards unseen by the player, the nuts, counterfeits "
        "(hhtools.rules.draws, whose docstring gives each definition and its rule text).",
        _KEY
        + (
            _c("board", "INTEGER", "0, or 1 for the second run"),
            _c("player", "VARCHAR", "screen name"),
            _c("street", "VARCHAR", "flop or turn: the board so far, cards still to come"),
            _c("hole_cards", "VARCHAR", "the player's hole cards"),
            _c("board_cards", "VARCHAR", "the board so far (3 or 4 cards)"),
            _c("unseen", "INTEGER", "cards the next one could be (52 less hole and board)"),
            _c("high", "VARCHAR", "the player's best high now: straight, two pair..."),
            _c("low", "VARCHAR", "the player's best low now, e.g. 8,7,5,2,A; NULL if none"),
            _c("straight_outs", "INTEGER", "cards with which, coming next, some legal five "
               "is a straight (or straight flush) when none is now"),
            _c("flush_outs", "INTEGER", "the same for a flush (or straight flush)"),
            _c("full_house_outs", "INTEGER", "the same for a full house or better"),
            _c("low_outs", "INTEGER", "cards giving a qualifying low to a player with none "
               "(hi/lo)"),
            _c("nut_outs", "INTEGER", "cards after which the player holds the nuts (no two "
               "cards left to hold beat it), when not holding them now"),
            _c("nut_low_outs", "INTEGER", "the same for the nut low (hi/lo)"),
            _c("redraw_outs", "INTEGER", "holding the nuts: cards improving the best high to "
               "a higher category"),
            _c("straight_cards", "VARCHAR", "the straight outs, e.g. 5c 5d ... Qs"),
            _c("nut_cards", "VARCHAR", "the nut outs"),
            _c("counterfeit_cards", "VARCHAR", "cards pairing a hole card of the player's "
               "low after which more holdings beat that low (hi/lo)"),
            _c("wrap", "BOOLEAN", "a straight draw of nine or more outs"),
            _c("nuts", "BOOLEAN", "the player's high is the nuts now"),
            _c("nut_low", "BOOLEAN", "the player's low is the nut low now"),
            _c("redraw", "BOOLEAN", "holds the nuts now with a redraw (redraw_outs > 0)"),
            _c("protected_low", "BOOLEAN", "holds the nut low and no card counterfeits it"),
            _c("low_possible", "BOOLEAN", "three distinct low ranks on the board (hi/lo)"),
            _c("low_draw", "BOOLEAN", "no low possible yet, but the cards to come could "
               "bring one (hi/lo)"),
            _c("live_low", "VARCHAR", "the rank the best low plays live (one hole card "
               "pairs the board, the other, this rank, is off it), e.g. 4; NULL if none"),
            _c("next_card", "VARCHAR", "the card dealt next (turn or river), NULL if none"),
            _c("next_straight", "BOOLEAN", "the next card was a straight out"),
            _c("next_nut", "BOOLEAN", "the next card was a nut out"),
            _c("counterfeited", "BOOLEAN", "the next card was a counterfeit card"),
            _c("river_straight", "BOOLEAN", "on the river the player could make a straight "
               "(NULL when no river was dealt)"),
        ),
    ),
    "draws_hands": (
        "Every hand hhtools draws --fill looked at and what came of it.",
        _KEY
        + (
            _c("rows", "INTEGER", "rows written to draws"),
            _c("status", "VARCHAR", "analysed; error: why"),
        ),
    ),
    "import_errors": (
        "Problems met while importing: unreadable lines, hands, files.",
        _KEY
        + (
            _c("site_format", "VARCHAR", "the site format of the file, NULL if none"),
            _c("import_id", "INTEGER", "imports.import_id"),
            _c("file", "VARCHAR", "source file"),
            _c("line", "INTEGER", "line in the file"),
            _c("code", "VARCHAR", "short key: unrecognised_line, unsupported_site, ..."),
            _c("message", "VARCHAR", "what is wrong"),
            _c("excerpt", "VARCHAR", "the offending line"),
            _c("is_note", "BOOLEAN", "a note, not a problem: a hand skipped by design (a "
               "game outside the Omaha family), listed so every hand is accounted for"),
        ),
    ),
    "imports": (
        "One row per file imported (site/hand_id: the room and number of its last hand).",
        _KEY
        + (
            _c("site_format", "VARCHAR", "the site format of the file, NULL if none"),
            _c("import_id", "INTEGER", "one number per hhtools import run"),
            _c("file", "VARCHAR", "source file"),
            _c("digest", "VARCHAR", "SHA-256 of the file's bytes"),
            _c("bytes", "BIGINT", "file size"),
            _c("modified_at", "TIMESTAMP", "the file's modification time (a file with the "
               "same name, size and time is not read again)"),
            _c("hands", "INTEGER", "hands newly imported"),
            _c("duplicates", "INTEGER", "hands already in the store, skipped"),
            _c("skipped", "INTEGER", "hands of non-Omaha games, skipped"),
            _c("failed", "INTEGER", "hands that could not be read"),
            _c("problems", "INTEGER", "problems reported"),
            _c("findings", "INTEGER", "audit findings"),
            _c("imported_at", "TIMESTAMP", "when, UTC"),
        ),
    ),
    "loading": (
        "Files an import is storing batch by batch (a file of more than a few thousand "
        "hands): their hands are already in the tables, and the file's `imports` row "
        "is written, and this row removed, with its last batch. A row left here names a "
        "file whose import was killed half-way: the next import removes that file's "
        "hands from every table (a file is stored whole or not at all).",
        (
            _c("import_id", "INTEGER", "imports.import_id of the run storing the file"),
            _c("file", "VARCHAR", "source file (hands.file of its hands)"),
        ),
    ),
}

#: The import's own book-keeping, not data to export.
INTERNAL_TABLES: tuple[str, ...] = ("loading",)

#: Tables with one or more rows per hand (every table but ``imports`` and ``import_errors``).
HAND_TABLES: tuple[str, ...] = tuple(
    t for t in TABLES if t not in ("imports", "import_errors", "loading")
)

ARROW_SCHEMAS: dict[str, pa.Schema] = {
    name: pa.schema([(c.name, c.arrow) for c in cols]) for name, (_, cols) in TABLES.items()
}
