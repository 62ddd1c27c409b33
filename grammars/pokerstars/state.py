"""What every part of the PokerStars reader shares: the state of the hand being read
(:class:`_Hand`), the amount and card text the line rules are built from, and the
range every number read must fall in (:class:`_OutOfRange`).

The lowest module of the package: it imports none of the others.
"""

from __future__ import annotations

from typing import Any

from hhtools.grammars._hand import Hand
from hhtools.grammars._meaning import Meanings

from hhtools.model.money import (
    CURRENCY_SYMBOLS,
    MAX_AMOUNT,
    SYMBOL_CLASS,
    AmountOutOfRange,
    Unit,
    parse_money,
)
from hhtools.model.records import (
    Action,
    CashOut,
    Collect,
    Problem,
    Returned,
    Seat,
    Show,
    Street,
    TournamentResult,
)
from hhtools.model.vocab import ProblemCode

#: An amount as written: "$1,234.56", "€5", "¥25" (CNY tables), "1430".
_AMT = SYMBOL_CLASS + r"?\d[\d,]*(?:\.\d+)?"
#: The text between a card list's brackets.
_CARDS = r"[^\]]*"

#: Amounts (minor units) from here up are out of range (the one bound,
#: :data:`hhtools.model.money.MAX_AMOUNT`, imported above).
#: Seat, button and table-size numbers above this are out of range.
MAX_SEAT = 1000


def _compiled() -> bool:
    """Whether this module runs compiled (its functions are then Cython's)."""
    return type(_compiled).__name__ == "cython_function_or_method"


#: compiled (``state.pxd``: C): :meth:`_Hand.player_prefix` compares a name with the
#: line's start by ``memcmp`` (``_c_starts``) rather than ``str.startswith``
_C = _compiled()


#: An amount or a seat number no real hand can hold (``out_of_range``): the one class
#: :func:`~hhtools.model.money.parse_money` raises from :data:`MAX_AMOUNT` up.
_OutOfRange = AmountOutOfRange


#: Amounts already read, by unit: amounts repeat a lot (blinds, bets, stacks), and a
#: hit costs one lookup. Only amounts in range are kept; each is bounded in size.
_READ: dict[Unit, dict[str, int]] = {Unit.CENTS: {}, Unit.CHIPS: {}}
_READ_MAX = 1 << 16


def _plain_amount(text: str, unit: Unit) -> int | None:
    """An amount written the plain way ("1500", "$25", "€0.05": a symbol or none, ASCII
    digits, in cents two decimals or none) in minor units of ``unit``; ``None`` for
    any other way of writing it, which :func:`parse_money` reads (the same value for
    these: this is its common case without its general search).

    >>> _plain_amount("$1.25", Unit.CENTS), _plain_amount("1500", Unit.CHIPS)
    (125, 1500)
    >>> _plain_amount("$1,250", Unit.CENTS) is None, _plain_amount("1.5", Unit.CHIPS) is None
    (True, True)
    """
    s = text[1:] if text[:1] in _SYMBOLS else text
    if not s.isascii():
        return None
    if s.isdigit():
        return int(s) * 100 if unit is Unit.CENTS else int(s)
    if unit is Unit.CENTS and len(s) > 3 and s[-3] == "." and s[:-3].isdigit() and s[-2:].isdigit():
        return int(s[:-3]) * 100 + int(s[-2:])
    return None


_SYMBOLS = tuple(CURRENCY_SYMBOLS)
#: the street a hand starts on (a module constant: an enum member's lookup costs more)
_PREFLOP = Street.PREFLOP


class _Hand:
    """The hand state of this format: what the kernel's :class:`~hhtools.grammars._hand.Hand`
    holds that a PokerStars hand fills (seats, actions, hole cards, shows, collects,
    returns, total and its line, rake, summary...; its methods :meth:`problem`,
    :meth:`sit_out` and :meth:`final_seats` are the kernel's own) with what only
    PokerStars' format holds: two boards by street and by summary (a hand run twice),
    cash-outs, tournament results, the pot's parts and the room's money, the card lists
    seen (:mod:`.crosscheck`), and the names keyed for the line dispatch.

    A class of its own, not a subclass of the kernel's (whose betting this format never
    works out): in the compiled core it is a C type (``state.pxd``), its attributes read
    and written in C by the modules that cimport it (``actions``, ``seats``,
    ``summary``). ``street`` is a plain attribute here (the street lines say it; no
    betting is worked out), and the showdown is one of its values.
    """

    # Every attribute is a slot with its starting value set in ``__init__`` (no class
    # default): the compiled core's C type (state.pxd) declares the same attributes
    __slots__ = (
        "file", "line", "problems", "actions", "folded", "seats", "hole", "shows",
        "collects", "returned", "board", "inferred", "sightings", "jackpot", "meanings",
        "away", "street", "rake", "show_board", "fees", "room_added", "room_added_body",
        "board_line", "ante", "cancelled", "fatal", "currency", "rules", "units", "read",
        "hand_id", "table", "button", "max_seats", "hero", "summary", "total", "total_line",
        "first_line", "names", "by_first", "lone", "cash_outs", "street_boards",
        "summary_boards", "pot_parts", "results", "summary_folds", "quick",
    )  # fmt: skip

    def __init__(self, file: str, first_line: int) -> None:
        # the kernel's (:class:`~hhtools.grammars._hand.Hand`) that this format fills
        self.file = file
        self.line = first_line
        self.problems: list[Problem] = []
        self.actions: list[Action] = []
        self.folded: set[str] = set()
        self.seats: list[Seat] = []
        self.hole: dict[str, tuple[str, ...]] = {}
        self.shows: list[Show] = []
        self.collects: list[Collect] = []
        self.returned: list[Returned] = []
        self.board: list[str] = []  # the kernel's board (unused here: ``street_boards``)
        self.inferred: list[str] = []
        self.jackpot = 0
        self.meanings: Meanings | None = None
        self.away: tuple[str, ...] = ()  # players a line said sit out (:meth:`sit_out`)
        #: the current street, as the last street line named it (shadows the kernel's
        #: betting-round property: this format's street lines are never inferred)
        self.street: Street = _PREFLOP
        self.hand_id: str | None = None
        self.table = ""
        self.button: int | None = None
        self.max_seats: int | None = None
        self.hero: str | None = None
        self.summary = False
        self.total: int | None = None
        self.total_line = 0
        # this format's own starting values
        self.rake: int | None = 0
        self.show_board = 0  # the board a showdown line is for (1: a hand run twice's second)
        self.fees = 0
        self.room_added: int | None = None  # the summary's segment, when it has one
        self.room_added_body = 0  # body lines announcing money added to the pot
        self.board_line = 0
        self.ante = 0
        self.cancelled = 0  # line of "Hand cancelled", 0 when not cancelled
        self.fatal = False  # a problem met that leaves the hand without a record
        self.currency = ""  # the tournament buy-in's ISO code, for prizes and bounties
        #: the player rules by what follows the name (set by the parse: fast or not)
        self.rules: Any = None
        #: the plain body lines read from their text (:mod:`.plain`; set by the parse)
        self.quick = False
        # ``units`` and ``read`` have no starting value: set with the unit (:attr:`unit`)
        self.first_line = first_line
        self.names: dict[int, str] = {}
        #: seated names by first character, longest first (a line goes on after a
        #: name with ":" or " ": :meth:`player_prefix`)
        self.by_first: dict[str, list[str]] = {}
        #: the seated names no other seated name starts with: a line that starts with
        #: one of them (and ":" or " ") starts with no longer seated name
        self.lone: set[str] = set()
        self.cash_outs: list[CashOut] = []
        self.street_boards: list[tuple[str, ...]] = [(), ()]
        self.summary_boards: list[tuple[str, ...] | None] = [None, None]
        self.pot_parts: list[int] = []
        self.results: list[TournamentResult] = []
        #: (player, street, line) of each summary line saying that a player with no
        #: fold in the body folded
        self.summary_folds: list[tuple[str, Street, int]] = []
        # ``sightings``: every card list read, in line order: (line, owner, cards); the
        # owner is a player's name for hole cards, or "\0" + board key ("\0*" both
        # boards of a hand run twice, "\0" + "0" / "1" one of them) for board cards
        self.sightings: list[tuple[int, str, tuple[str, ...]]] = []

    # the kernel's own methods, run on this state (it holds every attribute they read)
    def problem(self, line: int, code: ProblemCode, message: str, excerpt: str = "") -> None:
        """Record a problem on a source line (:meth:`~hhtools.grammars._betting._State.problem`)."""
        Hand.problem(self, line, code, message, excerpt)  # type: ignore[arg-type]

    def sit_out(self, player: str) -> bool:
        """A line saying a seated player sits out (:meth:`~hhtools.grammars._hand.Hand.sit_out`)."""
        return Hand.sit_out(self, player)  # type: ignore[arg-type]

    def seat_of(self, player: str) -> int | None:
        """The seat number of a seated player, else ``None`` (:meth:`~.Hand.seat_of`)."""
        return Hand.seat_of(self, player)  # type: ignore[arg-type]

    def final_seats(self) -> tuple[Seat, ...]:
        """The seats as the record holds them (:meth:`~.Hand.final_seats`)."""
        return Hand.final_seats(self)  # type: ignore[arg-type]

    @property
    def unit(self) -> Unit:
        """The unit the hand counts its money in (cents, or chips)."""
        return self.units

    @unit.setter
    def unit(self, unit: Unit) -> None:
        self.units = unit
        self.read = _READ[unit]

    def money(self, text: str) -> int:
        """An amount in minor units of the hand: every amount a hand holds is read here.

        Raises:
            _OutOfRange: the amount is :data:`MAX_AMOUNT` or more.
            ValueError: the text is not an amount (:func:`parse_money`).
        """
        value = self.read.get(text)
        if value is None:
            value = _plain_amount(text, self.units)
            if value is None or value >= MAX_AMOUNT:
                value = self.money_in(text, self.units)
            if len(self.read) >= _READ_MAX:
                self.read.clear()
            self.read[text] = value
        return value

    def money_in(self, text: str, unit: Unit) -> int:
        """An amount in minor units of ``unit`` (a prize in cents in a hand of chips);
        the same range as :meth:`money`."""
        value = parse_money(text, unit)
        if value >= MAX_AMOUNT:
            raise _OutOfRange(f"amount out of range: {text[:40]!r}")
        return value

    def number(self, text: str, what: str) -> int:
        """A seat, button or table-size number; :class:`_OutOfRange` above :data:`MAX_SEAT`."""
        if len(text) < 4:  # at most 999: the common case, in range
            return int(text)
        digits = text.lstrip("0")
        if len(digits) > 4 or int(text) > MAX_SEAT:
            raise _OutOfRange(f"{what} number out of range: {text[:40]}")
        return int(text)

    def add_seat(self, seat: Seat) -> None:
        """Seat a player (the names a line may start with are kept longest first)."""
        self.seat_as(seat, seat.seat, seat.player)

    def seat_as(self, seat: Seat, number: int, name: str) -> None:
        """:meth:`add_seat` of ``seat``, whose seat number and player are ``number`` and
        ``name`` (given by a caller that has them, in C: not read again from the record)."""
        self.seats.append(seat)
        self.names[number] = name
        if name:
            lst = self.by_first.get(name[0])
            if lst is None:
                self.by_first[name[0]] = [name]
                self.lone.add(name)
            else:
                lone = True
                at = 0  # after every name as long or longer: the list stays longest first
                for other in lst:  # only a name of the same first character can start it
                    if len(other) >= len(name):
                        at += 1
                    if other != name and other.startswith(name):
                        lone = False
                    elif other != name and name.startswith(other):
                        self.lone.discard(other)
                if lone:
                    self.lone.add(name)
                lst.insert(at, name)

    def player_prefix(self, line: str) -> str | None:
        """The longest seated name that ``line`` starts with, followed by ':' or ' '."""
        n = len(line)
        for name in self.by_first.get(line[:1], ()):
            k = len(name)
            if n > k and line[k] in ": " and (  # ":" or " " after it
                    _c_starts(line, name, 0) if _C  # type: ignore[name-defined]  # noqa: F821
                    else line.startswith(name)):  # fmt: skip
                return name
        return None

    def know_cards(self, player: str, cards: tuple[str, ...], line: int) -> None:
        """Hole cards of ``player`` read on ``line`` (dealt, shown, mucked)."""
        known = self.hole.get(player)
        if cards == known:  # read again (shown, then in the summary): nothing new
            return
        self.sightings.append((line, player, cards))
        if known is None or len(cards) > len(known):
            self.hole[player] = cards
