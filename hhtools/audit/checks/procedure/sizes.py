"""``procedure_bet_size``: a bet or raise the betting structure does not allow."""

from __future__ import annotations

from collections.abc import Iterator

from hhtools.audit.checks.procedure._table import (
    STREET_WORDS,
    Step,
    finding,
    table,
)
from hhtools.audit.context import AuditContext
from hhtools.audit.findings import Finding
from hhtools.model import habits
from hhtools.model.money import format_money
from hhtools.model.records import ActionKind, BettingStructure, HandHistory, PostKind, Street
from hhtools.model.vocab import FindingKind
from hhtools.rules.limits import limit_raise_to_allowed, no_limit_min_raise_to, pot_limit_max_to

#: The common fixed-limit cap, the fewest bets a round any room known allows: a bet
#: and three raises, lifted heads-up. Seed 002 names no cap and rooms differ (some
#: allow a bet and four raises), so the cap judged is the one the hand's format
#: declares (``Habits.limit_bets``); a format declaring none is not judged on it. Heads-up is read as two players left who can still bet: rooms
#: differ on whether a player all-in counts, so with one all-in and two betting the
#: check says nothing.
LIMIT_CAP = 4

# enum members as module constants (a class attribute lookup costs several times a
# global; the loops below run once per action)
_POST, _BET, _RAISE = ActionKind.POST, ActionKind.BET, ActionKind.RAISE
_PREFLOP, _TURN, _RIVER, _SHOWDOWN = Street.PREFLOP, Street.TURN, Street.RIVER, Street.SHOWDOWN
_SMALL, _BIG = PostKind.SMALL_BLIND, PostKind.BIG_BLIND
_STRADDLE, _DEAD = PostKind.STRADDLE, PostKind.DEAD_SMALL_AND_BIG
_POT, _NO, _FIXED = BettingStructure.POT_LIMIT, BettingStructure.NO_LIMIT, BettingStructure.LIMIT


def _preflop_unsure(hand: HandHistory, steps: list[Step]) -> bool:
    """Preflop sizes depend on blinds the texts do not cover (straddles, a short or
    all-in blind, no big blind): the checks then say nothing before the flop.

    ``steps``: the preflop steps (:func:`~._table.steps_by_street`)."""
    bbs = sbs = 0
    for s in steps:
        act = s.act
        if act.kind is not _POST:
            continue
        post = act.post
        if post is _STRADDLE or post is _DEAD:
            return True  # a post to come in: which part is dead the record does not say
        if post is _BIG:
            bbs += 1
            if s.added != hand.game.big_blind or s.ends_all_in:
                return True
        elif post is _SMALL:
            sbs += 1
            if s.ends_all_in:
                return True
    return bbs != 1 or sbs > 1


def procedure_bet_size(ctx: AuditContext) -> Iterator[Finding]:
    """Bets and raises of a size the betting structure does not allow.

    Fixed limit (seed 002, "Omaha High-Low 8 or Better": "the size of the bet doubles
    after the turn card is dealt"; seed 003, 8): every bet and raise is one small bet
    before the turn and one big bet from the turn on (an all-in may be short), and at
    most the bets a round the format's room allows (``Habits.limit_cap``, e.g.
    :data:`LIMIT_CAP`: a bet and three raises) while three or more players can still
    bet (not folded, not all-in); a format that declares no cap is not judged on it. Pot limit (seed 002, "a pot
    limit betting structure"): no bet or raise above the pot, the call included. No
    limit (seed 002: "The big blind is equal to the minimum bet"): a bet of at least
    the big blind and a raise of at least the last bet or raise, unless all-in.
    """
    hand, settlement = ctx.hand, ctx.settlement
    game = hand.game
    t = table(ctx)
    steps = t.steps
    if not t.whole:
        return
    unsure: bool | None = None  # worked out at the first bet or raise before the flop
    # a line the rest of the hand contradicts is reported once, as contradicted_line
    corrected = {c.line for c in settlement.rebuild.corrections}
    m = game.currency
    structure = game.structure
    for s in steps:
        a = s.act
        kind = a.kind
        if kind is not _BET and kind is not _RAISE or a.street is _SHOWDOWN:
            continue
        if a.line in corrected:
            continue
        if a.street is _PREFLOP:
            if unsure is None:
                unsure = _preflop_unsure(hand, t.by_street[_PREFLOP])
            if unsure:
                continue
        to = s.mine + s.added
        if structure is _POT:
            most = pot_limit_max_to(s.pot, s.current, s.mine)
            if to > most and not (s.ends_all_in and _uncalled_over(steps, s, most)):
                call = max(s.current - s.mine, 0)
                with_call = f" with the {format_money(call, m)} call" if call else ""
                yield finding(
                    FindingKind.PROCEDURE_BET_SIZE,
                    a.player,
                    a.line,
                    f"{a.player} {_what(s, to, m)} {STREET_WORDS[a.street]} in a pot-limit hand; the pot "
                    f"({format_money(s.pot, m)}{with_call}) allowed at most "
                    f"{format_money(most, m)}",
                    to,
                    most,
                )
        elif structure is _NO:
            if s.ends_all_in or game.big_blind <= 0:
                continue
            least = no_limit_min_raise_to(s.current, s.last_full, game.big_blind)
            if to < least:
                rule = (
                    "a raise adds at least the last bet or raise"
                    if s.current
                    else "a bet is at least the big blind"
                )
                yield finding(
                    FindingKind.PROCEDURE_BET_SIZE,
                    a.player,
                    a.line,
                    f"{a.player} {_what(s, to, m)} {STREET_WORDS[a.street]} in a no-limit hand; {rule}, "
                    f"so at least {format_money(least, m)} unless all-in",
                    to,
                    least,
                )
        elif structure is _FIXED:
            yield from _limit_size(hand, s, to)


def _what(s: Step, to: int, currency: str) -> str:
    """The bet or raise of ``s`` (to ``to``) in words: "raised to $4", "bet $2"."""
    return f"raised to {format_money(to, currency)}" if s.current else f"bet {format_money(to, currency)}"


def _uncalled_over(steps: list[Step], s: Step, most: int) -> bool:
    """Nobody else put more than ``most`` in on the street of ``s``.

    Some formats write an all-in as the player's whole stack, and return what the
    pot limit kept out as an uncalled bet: the chips over the limit never played.
    """
    totals: dict[str, int] = {}
    for t in steps:
        if t.act.street is s.act.street and t.act.player != s.act.player:
            totals[t.act.player] = t.mine + t.added
    return max(totals.values(), default=0) <= most


def _limit_size(hand: HandHistory, s: Step, to: int) -> Iterator[Finding]:
    game, a, m = hand.game, s.act, hand.game.currency
    where = STREET_WORDS[a.street]
    big = a.street is _TURN or a.street is _RIVER
    unit = (game.big_bet if big else game.small_bet) or 0
    if unit <= 0:
        return
    allowed = limit_raise_to_allowed(s.current, unit)
    size = "big bet" if big else "small bet"
    if to not in allowed and not (s.ends_all_in and to < max(allowed)):
        yield finding(
            FindingKind.PROCEDURE_BET_SIZE,
            a.player,
            a.line,
            f"{a.player} {_what(s, to, m)} {where} in a fixed-limit hand; bets and raises "
            f"{where} are of the {size} ({format_money(unit, m)}), so "
            f"{' or '.join(format_money(x, m) for x in allowed)}",
            to,
            allowed[0],
        )
        return
    if s.full_bets < LIMIT_CAP or s.live - len(s.all_in) < 3 or s.ends_all_in:
        return
    cap = habits.of(hand.site_format).limit_cap(game.is_tournament)
    if cap and s.full_bets >= cap:
        yield finding(
            FindingKind.PROCEDURE_BET_SIZE,
            a.player,
            a.line,
            f"{a.player} {_what(s, to, m)} {where} after the betting was capped; a "
            f"fixed-limit round allows a bet and {cap - 1} raises while "
            f"more than two players can still bet",
            to,
            s.current,
        )
