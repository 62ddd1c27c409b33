"""``procedure_bet_size``: a bet or raise the betting structure does not allow."""

from __future__ import annotations

from collections.abc import Iterator

from hhtools.audit.checks.procedure._table import (
    STREET_WORDS,
    Step,
    Table,
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
_CHECK, _CALL = ActionKind.CHECK, ActionKind.CALL
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
        if s.kind is not _POST:
            continue
        post = s.act.post
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
    the big blind and a raise of at least the last bet or raise, unless all-in. Any
    structure: a raise by a player who has acted on the street while the bet has
    risen since by less than a full raise, all-ins only (:func:`_not_reopened`: a
    short all-in does not reopen the betting to him), in a format whose room's rule
    on it is known (``Habits.short_all_in_closes``).
    """
    hand, settlement = ctx.hand, ctx.settlement
    game = hand.game
    t = table(ctx)
    steps = t.steps
    if not t.whole:
        return
    # a line the rest of the hand contradicts is reported once, as contradicted_line
    corrected = {c.line for c in settlement.rebuild.corrections}
    m = game.currency
    structure = game.structure
    # who acted is judged only where the room's reopening rule is known
    order = t.order if habits.of(hand.site_format).short_all_in_closes else None
    for s, before in _judged(hand, t, order, corrected):
        a = s.act
        if before is not None:
            yield from _not_reopened(s, before, structure, game.small_bet, game.big_bet, m)
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


def _judged(
    hand: HandHistory, t: Table, order: frozenset[int] | None, corrected: set[int]
) -> list[tuple[Step, tuple[int, int, int, int] | None]]:
    """The bets and raises :func:`procedure_bet_size` judges, in order, each with the
    raiser's last action on the street when the betting may not have been reopened to
    him (``(total, full, line, raised)``: see :func:`_not_reopened`), else ``None``.

    Left out: what is no bet or raise, a showdown's, one on a line the rest of the hand
    contradicts (``corrected``) and, before the flop, all of them when the blinds make
    the sizes unsure (:func:`_preflop_unsure`). Who acted is kept only for the actions
    in text order (``order``; ``None``: the room's reopening rule unknown). (A plain
    loop over C fields when compiled: sizes.pxd.)
    """
    out: list[tuple[Step, tuple[int, int, int, int] | None]] = []
    unsure = -1  # worked out at the first bet or raise before the flop (-1: not yet)
    street = None
    # this street: each player who acted -> (his total, the full raise over it, his
    # line, the street's raises not all-in so far): see _not_reopened
    acted: dict[str, tuple[int, int, int, int]] = {}
    raised = 0
    for s in t.steps:
        kind = s.kind
        if s.street is not street:
            street, acted, raised = s.street, {}, 0
        if kind is not _BET and kind is not _RAISE or street is _SHOWDOWN:
            if (kind is _CHECK or kind is _CALL) and order is not None and s.index in order:
                acted[s.player] = (s.total, s.last_full, s.act.line, raised)
            continue
        a = s.act
        prior = raised
        if not s.ends_all_in:
            raised += 1
        line = a.line
        if line in corrected:
            continue
        if street is _PREFLOP:
            if unsure < 0:
                unsure = 1 if _preflop_unsure(hand, t.by_street[_PREFLOP]) else 0
            if unsure:
                continue
        before = None
        if order is not None and s.index in order:
            p = s.player
            last = acted.get(p)
            if kind is _RAISE and last is not None and last[3] == prior:
                before = last
            acted[p] = (s.total, _full_after(s), line, raised)
        out.append((s, before))
    return out


def _full_after(s: Step) -> int:
    """The last full bet or raise of the street once the bet or raise of ``s`` is in
    (a short all-in leaves it as it was, as :func:`~._table.replay` keeps it)."""
    size = s.total - s.current
    if size >= s.last_full or not s.ends_all_in:
        return max(s.last_full, size)
    return s.last_full


def _not_reopened(
    s: Step, before: tuple[int, int, int, int], structure: BettingStructure,
    small_bet: int | None, big_bet: int | None, currency: str,
) -> Iterator[Finding]:  # fmt: skip
    """A raise by a player to whom the betting was not reopened.

    ``before``: his last action on the street as ``(total, full, line, raised)``: his
    street total after it, the full raise a raise over it had to add then (minor
    units), its line (the caller judges only when every raise since was all-in: one
    that was not is a full raise or a finding of its own, and what it reopened is
    the site's call). Since then the bet rose by ``s.current - total``. No limit and pot
    limit (TDA rule 43, Robert's Rules of Poker 3.9 "an all-in wager of less than a
    full raise does not reopen the betting to a player who has already acted"): the
    rise must be a full raise; several short all-ins adding up to one reopen it (the
    TDA's count, the most lenient: a room that counts only one raise at a time is
    not accused on it). Fixed limit: rooms reopen on a full bet or on half of one
    (TDA: "at least half a bet"), so only a rise of less than half a bet is judged.
    A player who checked (total 0, nothing to raise over) is reopened by any bet.
    """
    total, full, line, _ = before
    rise = s.current - total
    if structure is _FIXED:
        big = s.act.street is _TURN or s.act.street is _RIVER
        full = (big_bet if big else small_bet) or 0
        short = 2 * rise < full
        need = "half a bet"
    else:
        short = rise < full
        need = "a full raise"
    if full <= 0 or not short:
        return
    a = s.act
    yield finding(
        FindingKind.PROCEDURE_BET_SIZE,
        a.player,
        a.line,
        f"{a.player} raised {STREET_WORDS[a.street]} after acting on line {line}; the "
        f"bet has risen by {format_money(rise, currency)} since, less than {need} "
        f"({format_money(full, currency)}): an all-in for less does not reopen the "
        f"betting to a player who has acted, who may only call or fold",
        rise,
        full,
    )


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
