"""What every part of the PokerStars reader shares: the state of the hand being read
(:class:`_Hand`) and the amount and card text the line rules are built from.

The lowest module of the package: it imports none of the others.
"""

from __future__ import annotations

from hhtools.model.money import Unit, parse_money
from hhtools.model.records import (
    Action,
    CashOut,
    Collect,
    Problem,
    Returned,
    Seat,
    Show,
    Street,
)

#: An amount as written: "$1,234.56", "€5", "1430".
_AMT = r"[$€£]?\d[\d,]*(?:\.\d+)?"
#: The text between a card list's brackets.
_CARDS = r"[^\]]*"


class _Hand:
    """Mutable state while one hand is read; the orchestrator freezes it into a record."""

    __slots__ = (
        "actions", "boards", "cash_outs", "collects", "file", "first_line", "hand_id",
        "hero", "hole_cards", "names", "by_first", "pot_parts", "problems", "rake", "fees",
        "returned", "seats", "shows", "street", "show_board", "street_boards",
        "summary", "total_pot", "unit", "summary_boards", "total_line", "board_line",
        "ante",
    )  # fmt: skip

    def __init__(self, file: str, first_line: int) -> None:
        self.file = file
        self.first_line = first_line
        self.hand_id: str | None = None
        self.problems: list[Problem] = []
        self.seats: list[Seat] = []
        self.names: dict[int, str] = {}
        self.by_first: dict[str, list[str]] = {}
        self.actions: list[Action] = []
        self.shows: list[Show] = []
        self.collects: list[Collect] = []
        self.returned: list[Returned] = []
        self.cash_outs: list[CashOut] = []
        self.hole_cards: dict[str, tuple[str, ...]] = {}
        self.hero: str | None = None
        self.street = Street.PREFLOP
        self.show_board = 0
        self.street_boards: list[tuple[str, ...]] = [(), ()]
        self.summary_boards: list[tuple[str, ...] | None] = [None, None]
        self.summary = False
        self.total_pot: int | None = None
        self.rake = 0
        self.fees = 0
        self.pot_parts: list[int] = []
        self.unit = Unit.CENTS
        self.total_line = 0
        self.board_line = 0
        self.ante = 0

    def problem(self, line: int, code: str, message: str, excerpt: str = "") -> None:
        self.problems.append(
            Problem(self.file, line, self.hand_id, code, message, excerpt[:200])
        )

    def money(self, text: str) -> int:
        return parse_money(text, self.unit)

    def add_seat(self, seat: Seat) -> None:
        self.seats.append(seat)
        self.names[seat.seat] = seat.player
        if seat.player:
            lst = self.by_first.setdefault(seat.player[0], [])
            lst.append(seat.player)
            lst.sort(key=len, reverse=True)

    def player_prefix(self, line: str) -> str | None:
        """The longest seated name that ``line`` starts with, followed by ':' or ' '."""
        for name in self.by_first.get(line[:1], ()):
            if line.startswith(name) and line[len(name) : len(name) + 1] in (":", " "):
                return name
        return None

    def know_cards(self, player: str, cards: tuple[str, ...]) -> None:
        if len(cards) > len(self.hole_cards.get(player, ())):
            self.hole_cards[player] = cards
