"""Per-hand state shared by the Bovada and Winning Poker Network grammars.

Both formats print amounts that must be typed against the betting so far: Bovada's
"All-in $2.36" is the chips a player adds (a bet, a call or a raise, the betting
decides which), and its oldest hands print no street lines at all, so a street ends
when the betting round is complete. :class:`_State` keeps the betting of the current
street and turns each action into an :class:`~hhtools.model.records.Action` the way
PokerStars' grammar writes them (a raise's ``to_amount`` is the street total, its
``amount`` the increment over the bet faced). It also collects the problems of one hand.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from hhtools.grammars._lines import _BadCards
from hhtools.grammars._quiet import NoChips
from hhtools.grammars._text import normalise
from hhtools.grammars.base import ParsedHand
from hhtools.model.frozen import maker
from hhtools.model.money import MAX_AMOUNT, AmountOutOfRange, Unit, parse_money
from hhtools.model.records import Action, ActionKind, ClaimedHigh, PostKind, Problem, Street
from hhtools.model.vocab import HandCategory, ProblemCode

MAX_SEAT = 1000
_STREETS = (Street.PREFLOP, Street.FLOP, Street.TURN, Street.RIVER)
_VALUE = {r: i for i, r in enumerate("23456789TJQKA", start=2)}
#: an :class:`Action` built from its eight fields by position (no ``type.__call__``; in C in
#: the compiled core: :func:`~hhtools.model.frozen.maker`)
_action = maker(Action)
_problem = maker(Problem)
_FOLD, _CHECK, _CALL, _BET, _RAISE, _POST = (ActionKind.FOLD, ActionKind.CHECK, ActionKind.CALL,
                                             ActionKind.BET, ActionKind.RAISE, ActionKind.POST)
_PREFLOP, _ANTE = Street.PREFLOP, PostKind.ANTE
_SMALL_BLIND, _BIG_BLIND = PostKind.SMALL_BLIND, PostKind.BIG_BLIND
_CENTS, _CHIPS = Unit.CENTS, Unit.CHIPS
#: the amounts :meth:`_State.money` has read, text -> minor units, one table per
#: unit (what :func:`~hhtools.model.money.parse_money` caches under a key of the text and
#: the unit, found here without making that key); emptied when full
_READ_CENTS: dict[str, int] = {}
_READ_CHIPS: dict[str, int] = {}
_READ_MAX = 1 << 15


#: An amount or a seat number no real hand can hold (``out_of_range``): the one class
#: :func:`~hhtools.model.money.parse_money` raises from :data:`MAX_AMOUNT` up.
_OutOfRange = AmountOutOfRange


def add_problem(h: Any, line: int, code: ProblemCode, message: str, excerpt: str = "") -> None:
    """Record a problem on a source line of ``h`` (any hand state with ``problems``,
    ``file`` and ``hand_id``); ``code`` a :class:`ProblemCode` member (a plain string
    is a grammar bug: the registry's check refuses it); the excerpt cut to 200 characters."""
    h.problems.append(_problem(h.file, line, h.hand_id, code, message, excerpt[:200]))


class _State:
    """One hand being read: its problems, and the betting of the current street.

    Amounts are minor units (cents, or chips in tournaments). In the compiled core this
    is a C type (``_betting.pxd``): every attribute a slot read and written in C, its
    starting value set in ``__init__`` (as Python, a class default: :data:`_STARTING`),
    its line methods callable in C by the compiled quick readers
    (:mod:`~hhtools.grammars._plain`...); a subclass (the kernel's
    :class:`~hhtools.grammars._hand.Hand`) is a Python class with its own ``__dict__``.
    A subclass overrides none of these attributes by a class attribute (the C slot
    would not see it) and none of the line methods but :meth:`new_street`.
    """

    def __init__(self, file: str, line: int) -> None:
        self.file = file
        self.line = line
        if _C_TYPE:  # the C type's starting values (as Python: class defaults, :data:`_STARTING`)
            self.hand_id: str | None = None
            self.unit = Unit.CENTS
            self.street_index = 0
            self.street = Street.PREFLOP  #: the current betting round (:meth:`new_street` sets it)
            self.highest = 0
            self.sb: int | None = None  # the first small blind posted
            self.bb: int | None = None  # the first big blind posted
        self.problems: list[Problem] = []
        self.stacks: dict[str, int] = {}
        self.put: dict[str, int] = {}  # chips put in over the whole hand
        self.actions: list[Action] = []
        self.folded: set[str] = set()
        self.in_hand: set[str] = set()
        self.bets: dict[str, int] = {}
        self.acted: set[str] = set()

    # --- problems and numbers
    def problem(self, line: int, code: ProblemCode, message: str, excerpt: str = "") -> None:
        """Record a problem on a source line (:func:`add_problem`)."""
        add_problem(self, line, code, message, excerpt)

    def money(self, text: str) -> int:
        """An amount in the hand's minor units; :class:`_OutOfRange` from
        :data:`~hhtools.model.money.MAX_AMOUNT` up. An amount read before in the same
        unit is looked up by its text alone (``_READ_CENTS``, ``_READ_CHIPS``)."""
        unit = self.unit
        read = _READ_CENTS if unit is _CENTS else _READ_CHIPS if unit is _CHIPS else None
        if read is not None:
            value = read.get(text)
            if value is not None:
                return value
        value = parse_money(text, unit)
        if value >= MAX_AMOUNT:
            raise _OutOfRange(f"amount out of range: {text[:40]!r}")
        if read is not None:
            if len(read) >= _READ_MAX:
                read.clear()
            read[text] = value
        return value

    @staticmethod
    def seat_number(text: str) -> int:
        """A seat or button number; :class:`_OutOfRange` above 1000."""
        if len(text) > 4 or int(text) > MAX_SEAT:
            raise _OutOfRange(f"seat number out of range: {text[:40]}")
        return int(text)

    # --- betting
    def new_street(self, street: Street) -> None:
        """Start a betting round (a street line, or one inferred)."""
        self.street_index = _STREETS.index(street)
        self.street = street
        self.bets = {}
        self.highest = 0
        self.acted = set()

    def round_complete(self) -> bool:
        """Every player still in with chips behind has acted and matched the bet."""
        live = [p for p in self.in_hand if p not in self.folded and self.left(p) > 0]
        if not live:
            return True
        return all(p in self.acted and self.bets.get(p, 0) == self.highest for p in live)

    def left(self, player: str) -> int:
        """Chips the player has behind."""
        return self.stacks.get(player, 0) - self.put.get(player, 0)

    def _add(self, player: str, amount: int) -> bool:
        """Put ``amount`` more in for ``player`` this street; ``True`` when all-in now."""
        bets, put = self.bets, self.put
        bets[player] = bets.get(player, 0) + amount
        total = put[player] = put.get(player, 0) + amount
        self.in_hand.add(player)
        stack = self.stacks.get(player)  # all-in: what it has behind (:meth:`left`) is 0
        return stack is not None and stack - total <= 0

    def post(
        self, player: str, kind: PostKind, amount: int, line: int, stated: bool = True
    ) -> None:
        """A forced bet: blinds count toward the bet to call, antes and dead chips not.

        The first small and big blind posted are the hand's blinds (:attr:`sb`,
        :attr:`bb`), unless the line states no amount (``stated=False``: posted as 0).
        """
        if stated:
            if kind is _SMALL_BLIND and self.sb is None:
                self.sb = amount
            elif kind is _BIG_BLIND and self.bb is None:
                self.bb = amount
        if kind is _ANTE:
            self.put[player] = self.put.get(player, 0) + amount
            self.in_hand.add(player)
            all_in = player in self.stacks and self.left(player) <= 0
        else:
            all_in = self._add(player, amount)
            self.highest = max(self.highest, self.bets[player])
        self.actions.append(_action(self.street, player, _POST, amount, None, all_in, kind, line))

    def fold(self, player: str, line: int) -> None:
        """A fold."""
        self.folded.add(player)
        self.in_hand.add(player)
        self.actions.append(_action(self.street, player, _FOLD, 0, None, False, None, line))

    def check(self, player: str, line: int) -> None:
        """A check."""
        self.acted.add(player)
        self.in_hand.add(player)
        self.actions.append(_action(self.street, player, _CHECK, 0, None, False, None, line))

    def call(self, player: str, amount: int, line: int, all_in: bool = False) -> None:
        """A call of ``amount`` more chips."""
        self.acted.add(player)
        all_in = self._add(player, amount) or all_in
        self.actions.append(_action(self.street, player, _CALL, amount, None, all_in, None, line))

    def bet(self, player: str, amount: int, line: int, all_in: bool = False) -> None:
        """A bet of ``amount``; a bet when one was already made is read as a raise."""
        if self.highest > 0 and self.street is not _PREFLOP:
            self.raise_to(player, self.bets.get(player, 0) + amount, line, all_in)
            return
        self.acted = {player}
        all_in = self._add(player, amount) or all_in
        self.highest = max(self.highest, self.bets[player])
        self.actions.append(_action(self.street, player, _BET, amount, None, all_in, None, line))

    def raise_to(
        self, player: str, to: int, line: int, all_in: bool = False, by: int | None = None
    ) -> None:
        """A raise to a street total of ``to``; ``amount`` is the raise over the bet faced,
        or ``by`` when the site prints it ("raises 5€ to 8€": the record keeps the line's
        word when a dead blind makes the bet faced differ from the site's)."""
        already = self.bets.get(player, 0)
        if to <= self.highest:  # no raise: the site's raise that only calls (all-in short)
            self.call(player, max(to - already, 0), line, all_in)
            return
        faced = self.highest
        self.acted = {player}
        all_in = self._add(player, to - already) or all_in
        self.highest = to
        amount = to - faced if by is None else by
        self.actions.append(_action(self.street, player, _RAISE, amount, to, all_in, None, line))

    def added(
        self, player: str, kind: ActionKind | None, amount: int, line: int,
        all_in: bool = False, to: int | None = None,
    ) -> None:  # fmt: skip
        """A call, bet or raise whose printed amount is the chips the player adds
        (888's "raises [$125]", PartyPoker's "raises [$30 USD]"), recorded as printed:
        ``amount`` the chips added, a raise's ``to_amount`` the player's street total
        after it (``to`` when the line names it, else what the player had in plus
        ``amount``).

        ``kind`` ``None`` (an all-in line) is decided by the betting: a bet when nobody
        has bet, a call when it reaches no higher than the bet faced, else a raise; a
        bet facing a bet is a raise. ``all_in`` is the flag recorded, as the site's
        words (or the grammar) say; amounts in minor units.
        """
        bets, highest = self.bets, self.highest
        total = bets.get(player, 0) + amount if to is None else to
        if kind is None:
            kind = (_BET if highest == 0 else
                    _CALL if total <= highest else _RAISE)  # fmt: skip
        elif kind is _BET and highest > 0:
            kind = _RAISE
        if kind is _CALL:
            self.acted.add(player)
        else:
            self.acted = {player}
        self._add(player, amount)
        self.highest = max(highest, bets[player])
        raised = total if kind is _RAISE else None
        self.actions.append(_action(self.street, player, kind, amount, raised, all_in, None, line))

    def all_in(self, player: str, added: int, line: int) -> None:
        """All-in for ``added`` more chips: a call, a bet or a raise by the betting."""
        total = self.bets.get(player, 0) + added
        if total <= self.highest:
            self.call(player, added, line, True)
        elif self.highest == 0:
            self.bet(player, added, line, True)
        else:
            self.raise_to(player, total, line, True)


#: whether :class:`_State` is the compiled core's C type (its attributes C fields: set on
#: each hand by ``__init__``); as Python its starting values are class defaults instead, so
#: that a hand's ``__dict__`` stays small (within the interpreter's shared keys)
_C_TYPE = "bets" in vars(_State)
#: :class:`_State`'s starting values that are never changed in place
_STARTING = {"hand_id": None, "unit": Unit.CENTS, "street_index": 0, "street": Street.PREFLOP,
             "highest": 0, "sb": None, "bb": None}  # fmt: skip
if not _C_TYPE:
    for _name, _value in _STARTING.items():
        setattr(_State, _name, _value)


def claimed_from_five(category: HandCategory, cards: tuple[str, ...]) -> ClaimedHigh | None:
    """The claim of a high hand a site names by category and shows as five cards.

    Ranks are keyed as :func:`hhtools.rules.reading.high_key` keys them: straights by top
    card (5 for the wheel), flush and high card by top card, others by the named ranks.

    >>> claimed_from_five(HandCategory.TWO_PAIR, ("Ks", "Kd", "5c", "5h", "Qs")).ranks
    (13, 5)
    >>> claimed_from_five(HandCategory.STRAIGHT, ("5d", "4c", "3h", "2s", "Ah")).ranks
    (5,)
    """
    if len(cards) != 5:
        return None
    values = [_VALUE[c[0]] for c in cards]
    if category in (HandCategory.STRAIGHT, HandCategory.STRAIGHT_FLUSH):
        top = 5 if sorted(values) == [2, 3, 4, 5, 14] else max(values)
        return ClaimedHigh(category, (top,))
    if category in (HandCategory.FLUSH, HandCategory.HIGH_CARD):
        return ClaimedHigh(category, (max(values),))
    counts: dict[int, int] = {}
    for v in values:
        counts[v] = counts.get(v, 0) + 1
    grouped = sorted((v for v, n in counts.items() if n >= 2), key=lambda v: (-counts[v], -v))
    named = 2 if category in (HandCategory.FULL_HOUSE, HandCategory.TWO_PAIR) else 1
    if len(grouped) < named:
        return None
    return ClaimedHigh(category, tuple(grouped[:named]))


def low_from_five(cards: tuple[str, ...], qualifier: int = 8) -> tuple[int, ...] | None:
    """Five cards shown as a low, as ranks high to low (ace = 1), or ``None`` when they
    are not a qualifying low.

    >>> low_from_five(("5s", "Ad", "6c", "2d", "3s"))
    (6, 5, 3, 2, 1)
    """
    if len(cards) != 5:
        return None
    ranks = sorted({1 if c[0] == "A" else _VALUE[c[0]] for c in cards}, reverse=True)
    if len(ranks) != 5 or ranks[0] > qualifier:
        return None
    return tuple(ranks)


def impossible(hole: dict[str, tuple[str, ...]], boards: list[tuple[str, ...]]) -> str | None:
    """The first card dealt twice (two players, or a player and a board), else ``None``."""
    seen: set[str] = set()
    for cards in hole.values():
        for c in cards:
            if c in seen:
                return c
            seen.add(c)
    for board in boards:
        for c in board:
            if c in seen:
                return c
        seen.update(board)
    return None


def second_line(lines: list[str], card: str, first: int) -> int:
    """The source line where ``card`` is seen the second time (``first`` is the number
    of ``lines[0]``), or ``first`` when it cannot be told."""
    seen = 0
    for i, ln in enumerate(lines):
        if "[" in ln and card in ln.replace("10", "T").replace("[", " ").replace("]", " ").split():
            seen += 1
            if seen == 2:
                return first + i
    return first


def seen_twice(sightings: Iterable[tuple[int, str, tuple[str, ...]]]) -> tuple[int, str] | None:
    """The first card seen in two places (two players, or a player and a board).

    An owner may see its own cards again (a show repeats the cards dealt); the boards
    of a hand run more than once share their first cards, so every owner starting
    "*board" is one owner.

    Args:
        sightings: ``(line, owner, cards)`` in line order (:meth:`Hand.saw`).

    Returns:
        ``(line, message)`` for the line of the second sighting, or ``None``.

    >>> seen_twice([(1, "A", ("Ah", "Kd")), (2, "*board1", ("Kd", "2c", "3c"))])
    (2, 'card Kd appears twice')
    >>> seen_twice([(1, "*board0", ("Kd", "2c", "3c")), (2, "*board1", ("Kd", "2c", "3c"))])
    """
    seen: dict[str, str] = {}
    for lno, owner, cards in sightings:
        own = "*board" if owner.startswith("*board") else owner
        if len(set(cards)) < len(cards):
            return lno, "a card appears twice on this line"
        for c in cards:
            if seen.setdefault(c, own) != own:
                return lno, f"card {c} appears twice"
    return None


def cut_short(
    h: Any, lines: list[str], line: int, *, has_total: bool, total_words: str, seats_at: int
) -> ParsedHand | None:
    """The end checks of a hand whose cards are checked by sightings; the
    :class:`ParsedHand` of a hand that gives no record, else ``None``.

    In order: no summary (``truncated_hand``, last line), no total (``missing_total``,
    last line), no seats (``no_seats``, on line index ``seats_at``), a card seen twice
    (``impossible_cards``, on the second sighting: :func:`seen_twice`).

    Args:
        h: the hand read (``summary``, ``seats``, ``sightings``, ``problems``).
        lines: the hand's lines; ``line`` is the file line of ``lines[0]``.
        has_total: the summary wrote what makes its total (a total line, a "wins" line).
        total_words: how the site names it ("'Total pot'"), for the problem.
        seats_at: the index in ``lines`` where the seat lines should have been.
    """
    last = line + len(lines) - 1
    if not h.summary:
        h.problem(last, ProblemCode.TRUNCATED_HAND, "hand has no summary (cut short?)", lines[-1])
    elif not has_total:
        h.problem(last, ProblemCode.MISSING_TOTAL, f"summary has no {total_words} line", lines[-1])
    elif not h.seats:
        at = min(seats_at, len(lines) - 1)
        h.problem(line + at, ProblemCode.NO_SEATS, "hand has no seat lines", lines[at])
    else:
        dup = seen_twice(h.sightings)
        if dup is None:
            return None
        h.problem(dup[0], ProblemCode.IMPOSSIBLE_CARDS, dup[1], lines[dup[0] - line])
    return ParsedHand(None, tuple(h.problems), None, h.hand_id)


def limit_stakes(
    actions: Iterable[Action], sb: int, bb: int
) -> tuple[int, int, int | None, int | None]:
    """The blinds and bets of a limit game whose header names the small and big bet.

    Args:
        actions: the hand's actions; the last blind of each kind posted (not all-in)
            is the blind.
        sb, bb: the header's two stakes (minor units): the small and the big bet.

    Returns:
        ``(small blind, big blind, small bet, big bet)``; a blind nobody posted is the
        small bet (big blind) or half of it (small blind).

    >>> limit_stakes([], 200, 400)
    (100, 200, 200, 400)
    """
    posted = {a.post: a.amount for a in actions if a.kind is ActionKind.POST and not a.all_in}
    return (posted.get(PostKind.SMALL_BLIND, sb // 2), posted.get(PostKind.BIG_BLIND, sb), sb, bb)


def read_body(
    h: _State,
    numbered: Iterable[tuple[int, str]],
    line: int,
    read: Callable[[str, int], bool],
    *,
    past_range: bool = False,
    quiet: NoChips | None = None,
    normalised: bool = False,
    quick: Callable[[Any, str, int], bool] | None = None,
) -> bool:
    """Read a hand's body lines into ``h``, each with ``read(text, line number)``.

    Args:
        h: the hand being read; gets a problem for each line ``read`` does not know
            (``unrecognised_line``), holds bad cards (``bad_cards``) or an unreadable
            amount (``bad_amount``).
        numbered: ``(index in the hand, text)`` of the lines to read; blank ones skipped.
        line: the file line of index 0.
        read: reads one line, normalised (:func:`~hhtools.grammars._text.normalise`:
            no trailing spaces, plain spaces); ``False`` when it does not know it.
        past_range: read on after a line out of range (every such line is reported;
            the result is still ``False``), as PokerStars' grammar does.
        quiet: the format's lines that carry no chips (:class:`~._quiet.NoChips`:
            chat, joins, time bank...), tried on a line ``read`` does not know before
            it is reported; ``None``: none.
        normalised: the lines come normalised already (:func:`~hhtools.grammars._hand.reader`
            gives them so): none is normalised again.
        quick: ``quick(h, text, line number)`` tried first on each line (normalised): a
            format's compiled reader of its common lines, ``True`` when it read the line
            as ``read`` would have; ``False``, nothing added, for any other line, which
            ``read`` then reads. It raises nothing for a line it leaves (a bug in it is
            the hand's ``internal_error``). ``None``: every line to ``read``.

    Returns:
        ``False`` when an amount or a seat number out of range ends the hand (an
        ``out_of_range`` problem is added), else ``True``.

    Only what ``read`` raises is turned into a problem: the problems this function adds
    are made outside the ``try``, so a bug in making one is never read as bad input.
    """
    in_range = True
    for i, text in numbered:
        if not text or text.isspace():
            continue
        lno = line + i
        # normalise only what it changes: most lines come normalised (the kernel's reader)
        plain = text
        if not normalised and not (text.isascii() and text[-1] not in " \t\r"):
            plain = normalise(text)
        if quick is not None and quick(h, plain, lno):
            continue
        try:
            known = read(plain, lno)
        except _BadCards as exc:
            h.problem(lno, ProblemCode.BAD_CARDS, str(exc), text)
        except _OutOfRange as exc:
            h.problem(lno, ProblemCode.OUT_OF_RANGE, str(exc), text)
            if not past_range:
                return False
            in_range = False
        except ValueError as exc:
            h.problem(lno, ProblemCode.BAD_AMOUNT, str(exc), text)
        else:
            if not known and (quiet is None or quiet.match(plain) is None):
                h.problem(lno, ProblemCode.UNRECOGNISED_LINE,
                          f"unrecognised line: {text[:80]}", text)  # fmt: skip
    return in_range


def unfinished(
    h: Any,
    lines: list[str],
    line: int,
    total: int | None,
    total_words: str,
    total_line: int,
    hole: dict[str, tuple[str, ...]],
) -> ParsedHand | None:
    """The checks every hand ends with; the :class:`ParsedHand` of a hand that gives no
    record (cut short, no total, no seats, a card dealt twice), else ``None``.

    Args:
        h: the hand read so far (a :class:`_State` with its summary flag, seats,
            problems, the summary's ``board`` and the street lines' ``street_board``).
        lines: the hand's lines; ``line`` is the file line of ``lines[0]``.
        total: the total pot read, or ``None`` when the summary has none.
        total_words: how the site names its total ("'Total pot'"), for the problem.
        total_line: the total's line (a board that differs is reported there).
        hole: every player's known hole cards.
    """
    return summary_checks(h, lines, line, total, total_words, total_line, hole,
                          h.board, h.street_board)  # fmt: skip


def summary_checks(
    h: Any, lines: list[str], line: int, total: int | None, total_words: str,
    total_line: int, hole: dict[str, tuple[str, ...]],
    summary_board: tuple[str, ...] | None, street_board: list[str], board_line: int = 0,
) -> ParsedHand | None:  # fmt: skip
    """:func:`unfinished` with the boards given: ``summary_board`` (``None`` when
    it writes none), ``street_board`` the street lines' cards (a summary board that
    differs from them is ``board_mismatch`` on ``board_line``, the summary board's
    line, or ``total_line`` when it is 0). The other arguments and the result are
    :func:`unfinished`'s; ``h`` has ``summary``, ``seats``, ``problems``.
    """
    last = line + len(lines) - 1
    if not h.summary:
        h.problem(last, ProblemCode.TRUNCATED_HAND, "hand has no summary (cut short?)", lines[-1])
    elif total is None:
        h.problem(last, ProblemCode.MISSING_TOTAL, f"summary has no {total_words} line", lines[-1])
    elif not h.seats:
        h.problem(line, ProblemCode.NO_SEATS, "hand has no seat lines", lines[0])
    else:
        board = summary_board if summary_board is not None else tuple(street_board)
        if summary_board is not None and street_board and tuple(street_board) != summary_board:
            at = board_line or total_line
            h.problem(at, ProblemCode.BOARD_MISMATCH,
                      "the summary's board differs from the streets'", lines[at - line]
                      if 0 <= at - line < len(lines) else "")  # fmt: skip
        twice = impossible(hole, [board]) or impossible(hole, [tuple(street_board)])
        if twice is None:
            return None
        at = second_line(lines, twice, line)
        h.problem(at, ProblemCode.IMPOSSIBLE_CARDS, f"card {twice} seen twice", lines[at - line])
    return ParsedHand(None, tuple(h.problems), None, h.hand_id)
