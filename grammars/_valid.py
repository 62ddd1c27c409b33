"""The checks every hand a grammar returns goes through, whatever the site format.

:func:`check_record` is one of the registry's ``AFTER_PARSE`` checks
(:mod:`hhtools.grammars`), which every format's ``parse`` runs, so no grammar can leave
one out:

* every problem's code is a :class:`~hhtools.model.vocab.ProblemCode` member
  (:func:`foreign_code`): a misspelt code is a bug of hhtools, never a reason a user reads;
* no card is dealt twice: in one player's hole cards, to two players, or to a player and
  the board (:func:`dealt_twice`, the rule that a deck holds each card once);
* every amount is one a history can hold: not negative, below
  :data:`~hhtools.model.money.MAX_AMOUNT` (:func:`absurd_amount`);
* no player holds more hole cards than the game deals (:func:`too_many_cards`).

A hand failing the cards or the amounts is a problem naming the card or the amount, and
no record. A player's line holding more hole cards than the game line deals is a
``bad_cards`` problem on that line, the hand kept read in part (the audit judges no pot
on it: what he holds is not known). The checks read records only: the model and the grammars' base, nothing else.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from hhtools.grammars.base import ParsedHand, internal_error
from hhtools.model.money import MAX_AMOUNT
from hhtools.model.records import HandHistory, HandText, Problem, Variant
from hhtools.model.vocab import ProblemCode

__all__ = ["absurd_amount", "check_record", "dealt_twice", "foreign_code", "too_many_cards"]


def _compiled() -> bool:
    """Whether this module runs compiled (its functions are then Cython's)."""
    return type(_compiled).__name__ == "cython_function_or_method"


#: compiled (``_valid.pxd``: C): :func:`_in_range` reads the fields in C, and
#: :data:`MAX_AMOUNT` as a C integer
_C = _compiled()
_MAX = MAX_AMOUNT


def check_record(parsed: ParsedHand, text: HandText) -> ParsedHand:
    """What a grammar gave for ``text``, checked the same way for every format.

    * A problem whose code is not a :class:`ProblemCode` member (a grammar bug) raises
      under tests (:data:`hhtools.grammars.base.RAISE_BUGS`); for a user it becomes an
      ``internal_error`` naming the code, and the hand has no record.
    * A card dealt twice (:func:`dealt_twice`) is an ``impossible_cards`` problem
      naming the card, and no record.
    * An amount no history holds (:func:`absurd_amount`) is a ``bad_amount`` problem
      naming it, and no record.
    * A line holding more hole cards than the game deals (:func:`too_many_cards`) is a
      ``bad_cards`` problem on that line; the record is kept, and read in part there
      (:func:`hhtools.grammars.mark_unread`), so no pot is judged on cards not known.

    Args:
        parsed: what the site format's parser gave.
        text: the hand's text (its file and first line).

    Returns:
        ``parsed`` itself when every check passes, else no record and the problems met
        plus the one that stopped it.

    Raises:
        TypeError: a problem code is not a member and the tests' switch is set.
    """
    bad = foreign_code(parsed.problems)
    if bad is not None:
        exc = TypeError(f"problem code {bad.code!r} is not a ProblemCode member "
                        f"(line {bad.line}: {bad.message})")  # fmt: skip
        kept = tuple(p for p in parsed.problems if p is not bad)
        return internal_error(text.file, text.line, parsed.hand_id, exc, kept)
    hand = parsed.hand
    if hand is None:
        return parsed
    stop: Problem | None = None
    twice = dealt_twice(hand)
    if twice is not None:
        _, message, line = twice
        stop = Problem(hand.file, line, hand.hand_id, ProblemCode.IMPOSSIBLE_CARDS, message,
                       _line_text(hand.text, line - hand.line))  # fmt: skip
    else:
        absurd = absurd_amount(hand)
        if absurd is None:
            extra = too_many_cards(hand)
            if not extra:
                return parsed
            found = tuple(Problem(hand.file, line, hand.hand_id, ProblemCode.BAD_CARDS, message,
                                  _line_text(hand.text, line - hand.line))
                          for message, line in extra)  # fmt: skip
            return ParsedHand(hand, (*parsed.problems, *found), parsed.skipped, parsed.hand_id)
        what, amount, line = absurd
        stop = Problem(hand.file, line, hand.hand_id, ProblemCode.BAD_AMOUNT,
                       f"{what} reads {amount:,} minor units: no hand holds that amount",
                       _line_text(hand.text, line - hand.line))  # fmt: skip
    return ParsedHand(None, (*parsed.problems, stop), parsed.skipped, parsed.hand_id)


def _line_text(text: str, index: int) -> str:
    """Line ``index`` of a hand's text (0 = its first), cut to 200 characters; "" if none."""
    lines = text.split("\n", index + 1)
    return lines[index][:200] if 0 <= index < len(lines) else ""

#: hole cards each variant deals (:attr:`Variant.hole_cards`, read once: the property
#: and the enum's ``value`` are two Python calls a hand)
_DEALT = {v: v.hole_cards for v in Variant}

_TOKEN = re.compile(r"(?:10|[2-9TJQKA])[cdhs]")


def foreign_code(problems: tuple[Problem, ...]) -> Problem | None:
    """The first problem whose code is not a :class:`ProblemCode` member, else ``None``.

    A plain string, even one spelling a real code, is refused: grammars pass members, so
    a misspelling is caught where it is written (tests/test_problem_codes.py).
    """
    for p in problems:
        if type(p.code) is not ProblemCode:
            return p
    return None


def dealt_twice(hand: HandHistory) -> tuple[str, str, int] | None:
    """The first card a hand deals twice: ``(card, message, line)``, else ``None``.

    Each card is in the deck once (a card twice is a damaged or misread history). The
    hole cards of every player are dealt first, then the board; boards run twice share
    the cards dealt before they part, and each run's own cards are new ones.

    Args:
        hand: the record; card codes as :mod:`hhtools.model.cards` writes them ("Qs").

    Returns:
        The card, a message naming it and whose it is ("card Qs twice in Bob's hole cards
        Qs Qc 6c Qs"), and the source line that shows it (the hand's first line when no
        line can be told).

    >>> from hhtools.model.records import BettingStructure, Game, Variant
    >>> g = Game(Variant.OMAHA, False, BettingStructure.POT_LIMIT, 5, 10, "USD")
    >>> h = HandHistory("s", "1", "t", None, None, None, g, 1, 6, (), (), (("Qd", "2c", "7h"),),
    ...                 None, {"Ann": ("Qs", "Qc", "6c", "Qs")})
    >>> dealt_twice(h)[:2]
    ('Qs', "card Qs twice in Ann's hole cards Qs Qc 6c Qs")
    """
    dealt = [c for cards in hand.hole_cards.values() for c in cards]
    if len(hand.boards) <= 1:
        dealt += hand.boards[0] if hand.boards else ()
        if len(set(dealt)) == len(dealt):
            return None  # the common case, without naming anything
    owner: dict[str, str] = {}
    for player, cards in hand.hole_cards.items():
        mine: set[str] = set()
        for c in cards:
            if c in mine:
                text = f"card {c} twice in {player}'s hole cards {' '.join(cards)}"
                return c, text, _line_of(hand, c, player, twice=True)
            if c in owner:
                text = f"card {c} is both {owner[c]}'s and {player}'s"
                return c, text, _line_of(hand, c, player)
            mine.add(c)
            owner[c] = player
    for c, run in _board_cards(hand.boards):
        where = f"on the board{'' if run is None else f' (run {run + 1})'}"
        if c in owner:
            first = owner[c]
            if first == where:
                text = f"card {c} twice {where}"
            elif first.startswith("on the board"):
                text = f"card {c} is both {first} and {where}"
            else:
                text = f"card {c} is both {first}'s and {where}"
            return c, text, _line_of(hand, c, first)
        owner[c] = where
    return None


def _board_cards(boards: tuple[tuple[str, ...], ...]) -> Iterator[tuple[str, int | None]]:
    """Each board card once, with its run (``None`` for the cards every run shares)."""
    if not boards:
        return
    shared = len(boards[0])
    for b in boards[1:]:
        shared = next((k for k, (x, y) in enumerate(zip(boards[0], b)) if x != y),
                      min(shared, len(b)))  # fmt: skip
    for c in boards[0][:shared]:
        yield c, None
    for run, b in enumerate(boards):
        for c in b[shared:]:
            yield c, (run if len(boards) > 1 else None)


def _line_of(hand: HandHistory, card: str, player: str, *, twice: bool = False) -> int:
    """The source line showing ``card`` as ``player``'s (twice on it with ``twice``): a
    show line of theirs, else the first line of the text naming both; else the hand's."""
    for s in hand.shows:
        if s.player == player and s.line and card in s.cards:
            return s.line
    for i, text in enumerate(hand.text.split("\n")):
        if player in text:
            seen = [t if len(t) == 2 else "T" + t[2] for t in _TOKEN.findall(text)]
            if seen.count(card) >= (2 if twice else 1):
                return hand.line + i
    return hand.line


def too_many_cards(hand: HandHistory) -> list[tuple[str, int]]:
    """The lines giving a player more hole cards than the game deals: ``(message, line)``
    each, in the record's order (show lines, then hole cards known from no show line).

    The game line says how many hole cards each player is dealt (the variant's, 2 to 7);
    a line showing more contradicts it (a damaged line, or a game line misread), so what
    the player holds is not known and no pot can be judged on it (judge only what was
    read: shared/DESIGN.md). Fewer is no contradiction: a player may show part of his
    hand, and is then not considered for the pot (seed 002: "the player must show all
    four hole cards").

    Args:
        hand: the record.

    Returns:
        One ``(message, line)`` per such line ("Bob shows 5 hole cards 2c 2d 3h 4h 9s:
        the game line deals 4 (omaha)"), the hand's first line when the record names
        none; empty when every player's cards fit the game.

    >>> from hhtools.model.records import BettingStructure, Game, Show, Variant
    >>> g = Game(Variant.OMAHA, False, BettingStructure.POT_LIMIT, 5, 10, "USD")
    >>> five = ("Qs", "Qc", "6c", "2d", "3d")
    >>> h = HandHistory("s", "1", "t", None, None, None, g, 1, 6, (), (), (), None,
    ...                 {"Ann": five}, (Show("Ann", five, line=20),), line=3)
    >>> too_many_cards(h)
    [('Ann shows 5 hole cards Qs Qc 6c 2d 3d: the game line deals 4 (omaha)', 20)]
    """
    variant = hand.game.variant
    dealt = _DEALT[variant] if type(variant) is Variant else variant.hole_cards
    out: list[tuple[str, int]] = []
    named: set[str] = set()
    for s in hand.shows:
        if len(s.cards) > dealt:
            named.add(s.player)
            out.append((f"{s.player} shows {len(s.cards)} hole cards {' '.join(s.cards)}: "
                        f"the game line deals {dealt} ({hand.game.variant.value})",
                        s.line or hand.line))  # fmt: skip
    for player, cards in hand.hole_cards.items():
        if len(cards) > dealt and player not in named:
            out.append((f"{player} holds {len(cards)} hole cards {' '.join(cards)}: the "
                        f"game line deals {dealt} ({hand.game.variant.value})",
                        _line_of(hand, cards[-1], player)))  # fmt: skip
    return out


def absurd_amount(hand: HandHistory) -> tuple[str, int, int] | None:
    """The first amount of a record no history can hold: ``(what, amount, line)``.

    Every amount of a hand is minor units from 0 up to below
    :data:`~hhtools.model.money.MAX_AMOUNT` (a cash-out may be negative: the premium a
    player paid for all-in insurance); a negative one (a total pot less more than it
    held) or a larger one comes from a damaged line the grammar read.

    Args:
        hand: the record.

    Returns:
        What the amount is ("total pot", "Bob's collect"), the amount in minor units,
        and its source line (the hand's first line when the record keeps none); or
        ``None`` when every amount is in range.
    """
    if _in_range(hand) and not hand.cash_outs and not hand.tournament_results:
        return None  # the common case, without naming anything
    for what, amount, line in _amounts(hand):
        if amount is not None and not 0 <= amount < MAX_AMOUNT:
            return what, amount, line or hand.line
    for o in hand.cash_outs:  # a premium paid for all-in insurance is a negative cash-out
        if not -MAX_AMOUNT < o.amount < MAX_AMOUNT:
            return f"{o.player}'s cash-out", o.amount, o.line or hand.line
    return None


def _in_range(hand: HandHistory) -> bool:
    """Whether every amount :func:`_amounts` names is in range (the common case, read
    in one pass without naming any). Compiled, the same tests in the same order are
    ``_c_in_range`` (``_valid.pxd``), which reads the record's fields in C."""
    if _C:
        return _c_in_range(hand)  # type: ignore[name-defined,no-any-return]  # noqa: F821
    for a in hand.actions:
        to = a.to_amount
        if not 0 <= a.amount < MAX_AMOUNT or (to and not 0 <= to < MAX_AMOUNT):
            return False
    for s in hand.seats:
        if not 0 <= s.stack < MAX_AMOUNT:
            return False
    for c in hand.collects:
        if not 0 <= c.amount < MAX_AMOUNT:
            return False
    for r in hand.returned:
        if not 0 <= r.amount < MAX_AMOUNT:
            return False
    for v in hand.pot_parts:
        if not 0 <= v < MAX_AMOUNT:
            return False
    g = hand.game
    for v in (hand.rake, hand.fees, hand.room_added, hand.jackpot, hand.total_pot or 0,
              g.small_blind, g.big_blind, g.ante, g.small_bet or 0, g.big_bet or 0):
        if not 0 <= v < MAX_AMOUNT:
            return False
    return True


def _amounts(hand: HandHistory) -> Iterator[tuple[str, int | None, int]]:
    g = hand.game
    for what, amount in (("small blind", g.small_blind), ("big blind", g.big_blind),
                         ("ante", g.ante), ("small bet", g.small_bet), ("big bet", g.big_bet)):
        yield what, amount, hand.line  # fmt: skip
    for s in hand.seats:
        yield f"{s.player}'s stack", s.stack, s.line
    for a in hand.actions:
        yield f"{a.player}'s {a.kind.value}", a.amount, a.line
        yield f"{a.player}'s {a.kind.value} total", a.to_amount, a.line
    for c in hand.collects:
        yield f"{c.player}'s collect", c.amount, c.line
    for r in hand.returned:
        yield f"{r.player}'s uncalled bet returned", r.amount, r.line
    for o in hand.cash_outs:
        yield f"{o.player}'s cash-out fee", o.fee, o.line
        yield f"{o.player}'s forfeited winnings", o.forfeited, o.line
    for t in hand.tournament_results:
        yield f"{t.player}'s prize", t.prize, t.line
        yield f"{t.player}'s bounty", t.bounty, t.line
    yield "total pot", hand.total_pot, hand.total_pot_line
    for what, amount in (("rake", hand.rake), ("fees", hand.fees),
                         ("room money added", hand.room_added), ("jackpot", hand.jackpot)):
        yield what, amount, hand.total_pot_line  # fmt: skip
    for k, part in enumerate(hand.pot_parts):
        yield ("main pot" if k == 0 else f"side pot {k}"), part, hand.total_pot_line
