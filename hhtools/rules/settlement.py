"""Awarding a pot by the rules: high and low halves, ties, odd units.

The rules (DESIGN.md "The rules the evaluator applies"; seeds 000, 001, 002):

* Each pot is awarded separately among the players eligible for it.
* High only, or hi/lo with no qualifying low among the contenders: the best high
  takes the whole pot (half ``"all"``).
* Hi/lo with at least one qualifying low: the pot is halved; the high half is
  ``amount - amount // 2`` (the odd unit of the halving goes to the high half), the
  low half ``amount // 2``.
* A tied half is split equally; its leftover units (``half % winners``) go one each
  to the tied winners in clockwise order from the button, i.e. in the order the
  contenders are given. Example (DESIGN.md): a 39-cent pot, one high winner, two
  tied lows: high 20, low 19 split 10 / 9, the 10 to the first tied player clockwise.
* Each half is settled on its own: players who tie both ways may each get a
  leftover unit of each half, so equal hands end within one unit of each other
  *per half* (a 2-unit pot tied both ways pays 2 / 0: the high half's unit and the
  low half's unit both go to the first tied player clockwise). PokerStars pays so
  (shared/tools/README.md "The rules the generator applies" and the real hands).

Amounts are integer units (cents or chips) and always add up to the pot. Shares
(``high_fraction`` / ``low_fraction``) are the exact fractions of the pot *before*
rounding to units: 1/2 for a half won alone, 1/4 for a half shared by two, 1/6 by
three; 1 for a high-only pot won alone, 1/2 when two tie for it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import field
from fractions import Fraction
from functools import lru_cache

from hhtools.model.cards import card_str, check_distinct, to_codes
from hhtools.model.frozen import maker, record
from hhtools.model.vocab import Half, OddChips
from hhtools.rules.evaluator import (
    HighHand,
    InvalidHandError,
    LowHand,
    best_high,
    best_low,
)
from hhtools.rules.games import get_game

__all__ = [
    "Contender",
    "PlayerResult",
    "PlayerShare",
    "PotAward",
    "Showdown",
    "award_pot",
    "settle_showdown",
    "split_units",
]

HIGH, LOW, ALL = Half.HIGH.value, Half.LOW.value, Half.ALL.value


@record
class Contender:
    """A player eligible for a pot, with their hand values.

    Attributes:
        player: name.
        high: the high value (:attr:`hhtools.evaluator.HighHand.value`).
        low: the low value (:attr:`hhtools.evaluator.LowHand.value`) or ``None``.
    """

    player: str
    high: int
    low: int | None = None


@record
class PlayerShare:
    """What one contender receives from one pot.

    Attributes:
        high: units from the high half (or from the whole pot when it is not split).
        low: units from the low half.
        total: ``high + low``.
        high_fraction: exact fraction of the whole pot due from the high side, before
            rounding (``Fraction(1, 2)``, ``Fraction(1, 4)``, ...; 0 when nothing).
        low_fraction: same for the low half.
    """

    high: int
    low: int
    total: int
    high_fraction: Fraction
    low_fraction: Fraction


@record
class PotAward:
    """How one pot is awarded.

    Attributes:
        amount: the pot, in units (cents or chips).
        high_winners: players winning the high (or the whole pot), clockwise order.
        low_winners: players winning the low half, clockwise order; empty when no low.
        shares: every contender (in the order given) -> :class:`PlayerShare`.
        half_amounts: ``{"high": x, "low": y}`` when split, else ``{"all": amount}``.
    """

    amount: int
    high_winners: tuple[str, ...]
    low_winners: tuple[str, ...]
    shares: dict[str, PlayerShare] = field(default_factory=dict)
    half_amounts: dict[str, int] = field(default_factory=dict)

    @property
    def split(self) -> bool:
        """True when the pot is halved between high and low."""
        return LOW in self.half_amounts

    def scooped(self, player: str) -> bool:
        """True when ``player`` alone won the whole pot: both halves, or all of it when
        no low qualified (or the game is high only)."""
        if self.high_winners != (player,):
            return False
        return not self.split or self.low_winners == (player,)

    def due(self, player: str, half: Half | str) -> int:
        """Units due to ``player`` from one half (``all``: from the whole pot).

        >>> a = award_pot(39, [Contender("a", 9, 1), Contender("b", 5, 1)], True)
        >>> a.due("a", "high"), a.due("a", "low"), a.due("b", "low"), a.due("b", "all")
        (20, 10, 9, 9)
        """
        share = self.shares.get(player)
        if share is None:
            return 0
        if half == HIGH:
            return share.high
        if half == LOW:
            return share.low
        return share.total

    def fraction(self, player: str, half: Half | str) -> Fraction:
        """The exact fraction of the whole pot due to ``player`` from ``half``, before rounding.

        >>> award_pot(39, [Contender("a", 9, 1), Contender("b", 5, 1)], True).fraction("b", "all")
        Fraction(1, 4)
        """
        share = self.shares.get(player)
        if share is None:
            return _ZERO
        if half == HIGH:
            return share.high_fraction
        if half == LOW:
            return share.low_fraction
        high, low = share.high_fraction, share.low_fraction
        if low is _ZERO:  # the usual case: no low share (adding Fractions is slow)
            return high
        return low if high is _ZERO else high + low

    def quartered_in(self, player: str, half: Half | str) -> bool:
        """True when ``player`` won part of a tied ``half`` of a halved pot (``all``:
        of either half; see :meth:`quartered`)."""
        if not self.split:
            return False
        if half == HIGH:
            return len(self.high_winners) > 1 and player in self.high_winners
        if half == LOW:
            return len(self.low_winners) > 1 and player in self.low_winners
        return self.quartered(player)

    def quartered(self, player: str) -> bool:
        """True when the pot was halved and ``player`` won part of a *tied* half.

        A tie for a pot that is not halved (high only, or no low) is a plain split,
        not a quarter.
        """
        if not self.split:
            return False
        return (len(self.high_winners) > 1 and player in self.high_winners) or (
            len(self.low_winners) > 1 and player in self.low_winners
        )


def split_units(amount: int, winners: int) -> list[int]:
    """Split ``amount`` units among ``winners``, the leftover one each to the first.

    Args:
        amount: units to split (>= 0).
        winners: number of winners (>= 1), in clockwise order from the button.

    Returns:
        One amount per winner, adding up to ``amount``.

    >>> split_units(19, 2), split_units(100, 3), split_units(0, 2)
    ([10, 9], [34, 33, 33], [0, 0])
    """
    base, extra = divmod(amount, winners)
    return [base + (1 if i < extra else 0) for i in range(winners)]


# Fractions are immutable and a pot's are few (1, 1/2, 1/4, 1/6...): made once each,
# since building a Fraction costs more than the rest of awarding a pot.
_ZERO = Fraction(0)
_fraction = lru_cache(maxsize=None)(Fraction)
_ONE = _fraction(1, 1)
# a record's builder (hhtools.model.frozen.maker: by position, the compiled core writes
# its slots in C; calling the class runs its Python __new__)
_share, _award = maker(PlayerShare), maker(PotAward)


def award_pot(
    amount: int,
    contenders: Sequence[Contender],
    hi_lo: bool,
    odd_chips: OddChips = OddChips.CLOCKWISE,
    halves: tuple[int, int] | None = None,
) -> PotAward:
    """Award one pot among the players eligible for it.

    Args:
        amount: the pot in integer units (cents or chips), >= 0.
        contenders: the eligible players in clockwise order starting from the first
            seat left of the button (this order settles odd units; see the module
            docstring for the low half's leftover units).
        hi_lo: the game splits pots high/low; lows are ignored otherwise.
        odd_chips: the rules' odd units (the default), or a room's declared house rule
            (``LOW_LEFTOVER_TO_HIGH``: a tied low half is split in equal whole units and
            the leftover goes to the high half).
        halves: the high and low halves as the site's rake left them (adding up to
            ``amount``), when the pot is split: the rules halve the pot, they do not
            say which half the rake comes from (``audit.settle`` passes them only when
            each lies between its half of the pot before rake, less the rake, and that
            half). ``None``: the rules' halving of ``amount``.

    Returns:
        The :class:`PotAward`.

    Raises:
        ValueError: no contenders, a negative or non-integer amount, a repeated player.

    The DESIGN.md example: 39 cents, Ann wins high, Bob and Cat tie for low.

    >>> award = award_pot(39, [Contender("Bob", 5, 8000), Contender("Ann", 9, None),
    ...                        Contender("Cat", 4, 8000)], hi_lo=True)
    >>> award.half_amounts, [award.shares[p].total for p in ("Ann", "Bob", "Cat")]
    ({'high': 20, 'low': 19}, [20, 10, 9])
    >>> str(award.shares["Bob"].low_fraction), award.quartered("Bob"), award.scooped("Ann")
    ('1/4', True, False)

    The same pot where the room gives a tied low half's leftover to the high half:

    >>> award = award_pot(39, [Contender("Bob", 5, 8000), Contender("Ann", 9, None),
    ...                        Contender("Cat", 4, 8000)], True, OddChips.LOW_LEFTOVER_TO_HIGH)
    >>> award.half_amounts, [award.shares[p].total for p in ("Ann", "Bob", "Cat")]
    ({'high': 21, 'low': 18}, [21, 9, 9])
    """
    if type(amount) is not int or amount < 0:
        raise ValueError(f"pot amount must be a non-negative integer number of units, not {amount!r}")
    if not contenders:
        raise ValueError("a pot needs at least one contender")
    if len(contenders) == 1 and (not hi_lo or contenders[0].low is None):
        # one player, no low: the whole pot, as the general case below gives it
        name = contenders[0].player
        share = _share(amount, 0, amount, _ONE, _ZERO)  # high, low, total, fractions
        return _award(amount, (name,), (), {name: share}, {ALL: amount})
    names = [c.player for c in contenders]
    if len(set(names)) != len(names):
        raise ValueError(f"a player is listed twice among the contenders: {names}")

    best_high_value = max(c.high for c in contenders)
    high_winners = tuple(c.player for c in contenders if c.high == best_high_value)
    lows = [c.low for c in contenders if c.low is not None] if hi_lo else []
    if lows:
        best_low_value = max(lows)
        low_winners = tuple(c.player for c in contenders if c.low == best_low_value)
        low_half = amount // 2
        if odd_chips is OddChips.LOW_LEFTOVER_TO_HIGH:
            low_half -= low_half % len(low_winners)
        high_half = amount - low_half
        if halves is not None and sum(halves) == amount:
            high_half, low_half = halves
        half_amounts = {HIGH: high_half, LOW: low_half}
        high_fraction = _fraction(1, 2 * len(high_winners))
        low_fraction = _fraction(1, 2 * len(low_winners))
    else:
        low_winners = ()
        high_half, low_half = amount, 0
        half_amounts = {ALL: amount}
        high_fraction = _fraction(1, len(high_winners))
        low_fraction = _ZERO

    high_paid = dict(zip(high_winners, split_units(high_half, len(high_winners))))
    low_paid: dict[str, int] = {}
    if low_winners:
        low_paid = dict(zip(low_winners, split_units(low_half, len(low_winners))))
    shares = {}
    for name in names:
        hi = high_paid.get(name, 0)
        lo = low_paid.get(name, 0)
        # by position (high, low, total, high_fraction, low_fraction): the compiled
        # core builds a record given its fields so in C (hhtools.model.quick)
        shares[name] = _share(
            hi, lo, hi + lo,
            high_fraction if name in high_paid else _ZERO,
            low_fraction if name in low_paid else _ZERO,
        )  # fmt: skip
    return _award(amount, high_winners, low_winners, shares, half_amounts)


@record
class PlayerResult:
    """One player's hands at a showdown.

    Attributes:
        player: name.
        hole: hole cards, canonical text.
        high: best high hand.
        low: best qualifying low, or ``None`` (always ``None`` in a high-only game).
    """

    player: str
    hole: tuple[str, ...]
    high: HighHand
    low: LowHand | None


@record
class Showdown:
    """A settled showdown: each player's hands and the award of the pot.

    Attributes:
        game: the game's CLI name (a key of :data:`hhtools.rules.games.GAMES`).
        board: the five board cards, canonical text.
        qualifier: the low qualifier used (``None`` for a high-only game).
        players: the results in the order given (clockwise from the button).
        award: the :class:`PotAward`.
    """

    game: str
    board: tuple[str, ...]
    qualifier: int | None
    players: tuple[PlayerResult, ...]
    award: PotAward


def settle_showdown(
    game: str,
    board: str | Sequence[str | int],
    hands: Sequence[tuple[str, str | Sequence[str | int]]],
    pot: int,
    qualifier: int | None = None,
) -> Showdown:
    """Evaluate every hand and award one pot: the whole of ``hhtools showdown``.

    Args:
        game: a key of :data:`hhtools.rules.games.GAMES` (``"omaha-hilo"``...).
        board: five board cards (text, card strings or codes).
        hands: ``(player, hole cards)`` pairs, the first being first clockwise from
            the button; each hole must have the game's number of cards.
        pot: the pot in integer units (cents or chips).
        qualifier: the low qualifier for a hi/lo game (default 8); ignored for a
            high-only game.

    Returns:
        The :class:`Showdown`.

    Raises:
        UnknownGameError: ``game`` is not known.
        InvalidCardError / DuplicateCardError: a bad card, or a card dealt twice
            anywhere on the board or in the hands (named).
        InvalidHandError: board not five cards, a hole of the wrong size, no hands.
        InvalidQualifierError: a qualifier other than 5-9.
        ValueError: a negative pot or a repeated player name.

    >>> sd = settle_showdown("omaha-hilo", "2s 5c Th 7d 8c",
    ...                      [("Chris", "7c 9c Js Qs"), ("Eve", "Ad 3d 6d 9h")], 400)
    >>> sd.award.high_winners, sd.award.low_winners, sd.award.shares["Eve"].total
    (('Chris',), ('Eve',), 200)
    """
    rule = get_game(game)
    q = (8 if qualifier is None else qualifier) if rule.hi_lo else None
    board_codes = to_codes(board)
    if len(board_codes) != 5:
        raise InvalidHandError(f"board must be five cards, got {len(board_codes)}")
    if not hands:
        raise InvalidHandError("a showdown needs at least one hand")
    all_codes = list(board_codes)
    holes = []
    for player, hole in hands:
        codes = to_codes(hole)
        if len(codes) != rule.hole_cards:
            raise InvalidHandError(
                f"{player}: {game} is dealt {rule.hole_cards} hole cards, got {len(codes)}"
            )
        holes.append(codes)
        all_codes.extend(codes)
    check_distinct(all_codes)

    results = []
    contenders = []
    for (player, _), codes in zip(hands, holes):
        high = best_high(codes, board_codes)
        low = best_low(codes, board_codes, q) if q is not None else None
        results.append(PlayerResult(player, tuple(card_str(c) for c in codes), high, low))
        contenders.append(Contender(player, high.value, None if low is None else low.value))
    award = award_pot(pot, contenders, rule.hi_lo)
    return Showdown(
        game=rule.name,
        board=tuple(card_str(c) for c in board_codes),
        qualifier=q,
        players=tuple(results),
        award=award,
    )
