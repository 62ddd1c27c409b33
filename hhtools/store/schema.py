"""The store's tables: every column with its DuckDB type, Arrow type and meaning.

``hhtools schema`` prints this; :mod:`hhtools.store.db` creates and upgrades the
tables from it, and every batch of rows is built against :data:`ARROW_SCHEMAS`. The
tables a hand's import fills are declared beside the function making their rows, in
:mod:`hhtools.store.tables`; the rest (sessions, equity, draws, the import's own
tables) here.
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING, Any

from hhtools.store.tables import hands, play, seats, settlement
from hhtools.store.tables._base import KEY as _KEY
from hhtools.store.tables._base import Column
from hhtools.store.tables._base import column as _c

if TYPE_CHECKING:
    import pyarrow as pa

__all__ = ["ARROW_SCHEMAS", "HAND_TABLES", "INTERNAL_TABLES", "TABLES", "Column"]

TABLES: dict[str, tuple[str, tuple[Column, ...]]] = {
    **hands.TABLES,
    **seats.TABLES,
    "actions": play.TABLES["actions"],
    "boards": play.TABLES["boards"],
    **settlement.TABLES,
    "tournament_results": play.TABLES["tournament_results"],
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
               "but more money went in on the river); uncalled (fewer than two players still "
               "in: nobody stayed in against the all-in to the end); unknown_cards (a player "
               "still in whose hole cards the history does not give); error: why"),
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
            _c("file", "VARCHAR", "source file: its resolved absolute path (before 2026-12: "
               "the path as given)"),
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


@cache
def arrow_schemas() -> dict[str, pa.Schema]:
    """Each table's Arrow schema (:data:`ARROW_SCHEMAS`), made once, when first asked."""
    import pyarrow as pa

    return {name: pa.schema([(c.name, c.arrow) for c in cols])
            for name, (_, cols) in TABLES.items()}  # fmt: skip


def __getattr__(name: str) -> Any:
    """``ARROW_SCHEMAS``: table name -> the Arrow schema its batches are built against
    (:func:`arrow_schemas`). Made when first asked, so that a command that only reads the
    store never loads pyarrow (with numpy, about 0.1 s of its start)."""
    if name == "ARROW_SCHEMAS":
        return arrow_schemas()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
