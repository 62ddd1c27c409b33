"""Per seat and hand, the facts player statistics count, worked out once at import.

``hhtools stats`` and the ``stats`` query sum these columns of ``seats``; every ratio
is one column's sum over another's, so each number can be checked with plain SQL.
The definitions follow PokerTracker 4 (its statistics reference and the Hold'em
Manager 3 equivalents); where a definition needs a choice, the choice is written
here and in ``hhtools schema``. "Dealt in" means a seat not sitting out.

* ``folded``: the street the player folded on; ``voluntary`` (VPIP): called, bet or
  raised preflop (posts do not count); ``preflop_raise`` (PFR): raised preflop.
* ``position_name``: :func:`hhtools.rules.positions.position_names` over the players
  dealt in, clockwise from the first left of the button.
* ``vpip_opportunity``: dealt in, except the big blind of a walk (nobody called, bet
  or raised preflop and everyone else folded to the big blind). VPIP (``voluntary``)
  and PFR (``preflop_raise``) count over these.
* ``three_bet_opportunity`` / ``three_bet``: the player's first preflop action (not
  a post) made facing exactly one raise, by another player; ``three_bet`` when that
  action raised. A preflop bet (a site that writes the open as "bets") counts as a
  raise for these counts.
* ``fold_to_three_bet_opportunity`` / ``fold_to_three_bet``: the player made the
  first preflop raise and then acted facing exactly two raises; folded to it.
* ``cbet_opportunity`` / ``cbet``: the player made the last preflop raise and acted on
  the flop with no bet before them on the flop; bet.
* ``fold_to_cbet_opportunity`` / ``fold_to_cbet``: another player's first flop action
  facing that c-bet (the flop's first bet, made by the preflop raiser) with no raise
  after it; folded.
* ``postflop_aggressive`` / ``postflop_calls`` / ``postflop_folds``: bets and raises,
  calls, folds on the flop, turn and river (AF = aggressive / calls, AFq = aggressive
  / (aggressive + calls + folds)).
* ``saw_flop``: dealt in, did not fold preflop, and a flop was dealt.
* ``at_showdown``: dealt in, did not fold, and two or more players dealt in did not
  fold: the player stayed to the end against someone, even when every opponent then
  mucked.
"""

from __future__ import annotations

from collections.abc import Sequence

from hhtools.model.records import Action, ActionKind, HandHistory, PostKind, Seat, Street
from hhtools.rules.positions import position_names

__all__ = ["STAT_COLUMNS", "seat_stats"]

#: the seats columns of a seat's facts, in the order :func:`seat_stats` gives them
STAT_COLUMNS: tuple[str, ...] = (
    "folded", "voluntary", "preflop_raise",
    "position_name", "vpip_opportunity",
    "three_bet_opportunity", "three_bet", "fold_to_three_bet_opportunity", "fold_to_three_bet",
    "cbet_opportunity", "cbet", "fold_to_cbet_opportunity", "fold_to_cbet",
    "postflop_aggressive", "postflop_calls", "postflop_folds", "saw_flop", "at_showdown",
)  # fmt: skip

_PREFLOP = Street.PREFLOP
_FLOP = Street.FLOP
_POST = ActionKind.POST
_FOLD = ActionKind.FOLD
_CHECK = ActionKind.CHECK
_CALL = ActionKind.CALL
_BET = ActionKind.BET
_RAISE = ActionKind.RAISE
_BIG_BLIND = PostKind.BIG_BLIND
_STREET_TEXT = {m: m.value for m in Street}
#: the facts of a seat sitting out after its fold, VPIP and PFR
_SITTING_OUT: tuple[object, ...] = (None, False, False, False, False, False, False, False, False,
                                    False, 0, 0, 0, False, False)  # fmt: skip


class _Tally:
    """The facts gathered over one hand's actions, in order (module docstring).

    The actions are read in runs: :func:`_preflop` reads a run of preflop actions and
    :func:`_postflop` a run of later ones, each with the facts in local names, so a
    hand is one call of each whatever its length (and a record whose streets go back
    is read in the same order all the same). A plain slotted class: the compiled core
    makes it a C type (``seat_stats.pxd``) whose fields the run readers read in C.
    """

    __slots__ = ("folded_on", "voluntary", "raised_pre", "big_blind", "raises", "opener",
                 "last_raiser", "three_opp", "fold3_opp", "cbet_opp", "fold_cbet_opp",
                 "aggressive", "calls", "folds", "flop_bet", "cbet_live")  # fmt: skip

    def __init__(self) -> None:
        self.folded_on: dict[str, str] = {}
        self.voluntary: set[str] = set()
        self.raised_pre: set[str] = set()
        self.big_blind: str | None = None
        self.raises = 0  # preflop raises so far
        self.opener: str | None = None  # the first preflop raiser
        self.last_raiser: str | None = None  # the last preflop raiser
        self.three_opp: dict[str, bool] = {}
        self.fold3_opp: dict[str, bool] = {}
        self.cbet_opp: dict[str, bool] = {}
        self.fold_cbet_opp: dict[str, bool] = {}
        self.aggressive: dict[str, int] = {}
        self.calls: dict[str, int] = {}
        self.folds: dict[str, int] = {}
        self.flop_bet = False  # a bet was made on the flop
        self.cbet_live = False  # the flop's first bet was the c-bet, with no raise since


def _preflop(t: _Tally, actions: Sequence[Action], start: int) -> int:
    """Count the preflop posts and actions from ``actions[start]`` on, up to the first
    action of a later street: the big blind, VPIP, PFR, 3-bets. Returns that action's
    index (``len(actions)`` when none)."""
    folded_on, voluntary, three_opp, fold3_opp = t.folded_on, t.voluntary, t.three_opp, t.fold3_opp
    big_blind, raises, opener, last_raiser = t.big_blind, t.raises, t.opener, t.last_raiser
    end = len(actions)
    for i in range(start, end):
        act = actions[i]
        if act.street is not _PREFLOP:
            end = i
            break
        kind, player = act.kind, act.player
        if kind is _POST:
            if big_blind is None and act.post is _BIG_BLIND:
                big_blind = player
            continue
        if kind is _FOLD:
            folded_on.setdefault(player, "preflop")
        elif kind is not _CHECK:
            voluntary.add(player)
        if raises == 1:
            if player != opener and player not in three_opp:
                three_opp[player] = kind is _RAISE
        elif raises == 2 and player == opener and player not in fold3_opp:
            fold3_opp[player] = kind is _FOLD
        if kind is _RAISE or kind is _BET:
            if kind is _RAISE:
                t.raised_pre.add(player)
            raises += 1
            last_raiser = player
            if opener is None:
                opener = player
    t.big_blind, t.raises, t.opener, t.last_raiser = big_blind, raises, opener, last_raiser
    return end


def _postflop(t: _Tally, actions: Sequence[Action], start: int) -> int:
    """Count the actions on the flop, turn or river from ``actions[start]`` on, up to
    the next preflop one: aggression, calls, folds, c-bets (:func:`_flop`). Returns that
    action's index (``len(actions)`` when none)."""
    aggressive, calls, folds, folded_on = t.aggressive, t.calls, t.folds, t.folded_on
    end = len(actions)
    for i in range(start, end):
        act = actions[i]
        street = act.street
        if street is _PREFLOP:
            end = i
            break
        kind, player = act.kind, act.player
        if kind is _POST:
            continue
        aggressive_act = kind is _BET or kind is _RAISE
        if aggressive_act:
            aggressive[player] = aggressive.get(player, 0) + 1
        elif kind is _CALL:
            calls[player] = calls.get(player, 0) + 1
        elif kind is _FOLD:
            folds[player] = folds.get(player, 0) + 1
            folded_on.setdefault(player, _STREET_TEXT[street])
        if street is _FLOP:
            _flop(t, player, kind, aggressive_act)
    return end


def _flop(t: _Tally, player: str, kind: ActionKind, aggressive_act: bool) -> None:
    """Count a flop action's c-bet chance and its answer."""
    if player == t.last_raiser and not t.flop_bet and player not in t.cbet_opp:
        t.cbet_opp[player] = kind is _BET
        t.cbet_live = kind is _BET
    elif t.cbet_live and player != t.last_raiser and player not in t.fold_cbet_opp:
        t.fold_cbet_opp[player] = kind is _FOLD
    if aggressive_act:
        if t.flop_bet:
            t.cbet_live = False
        t.flop_bet = True


def _tally(actions: Sequence[Action]) -> _Tally:
    """The facts of a hand's actions, read in order, run by run."""
    t = _Tally()
    i, end = 0, len(actions)
    while i < end:
        i = _preflop(t, actions, i)
        if i < end:
            i = _postflop(t, actions, i)
    return t


def _rows(t: _Tally, seats: Sequence[Seat], names: dict[str, str], walk: bool,
          flop_dealt: bool, staying: bool) -> list[tuple[object, ...]]:  # fmt: skip
    """The facts of each seat, as :data:`STAT_COLUMNS` names them (:func:`seat_stats`)."""
    folded_on, voluntary, raised_pre = t.folded_on, t.voluntary, t.raised_pre
    three_opp, fold3_opp, cbet_opp, fold_cbet_opp = (t.three_opp, t.fold3_opp, t.cbet_opp,
                                                     t.fold_cbet_opp)  # fmt: skip
    aggressive, calls, folds, big_blind = t.aggressive, t.calls, t.folds, t.big_blind
    out: list[tuple[object, ...]] = []
    for s in seats:
        p = s.player
        fold = folded_on.get(p)
        if s.sitting_out:
            out.append((fold, p in voluntary, p in raised_pre, *_SITTING_OUT))
            continue
        # each chance once: None (no chance), else whether it was taken (a bool)
        three, fold3, cbet, fold_cbet = (three_opp.get(p), fold3_opp.get(p), cbet_opp.get(p),
                                         fold_cbet_opp.get(p))  # fmt: skip
        out.append((
            fold, p in voluntary, p in raised_pre,
            names.get(p),
            not (walk and p == big_blind),
            three is not None, three is True,
            fold3 is not None, fold3 is True,
            cbet is not None, cbet is True,
            fold_cbet is not None, fold_cbet is True,
            aggressive.get(p, 0), calls.get(p, 0), folds.get(p, 0),
            flop_dealt and fold != "preflop",
            fold is None and staying,
        ))  # fmt: skip
    return out


def seat_stats(hand: HandHistory, order: tuple[str, ...]) -> list[tuple[object, ...]]:
    """The statistics facts of each seat of ``hand`` (module docstring).

    Args:
        hand: the parsed hand.
        order: the seated players clockwise from the first left of the button
            (:func:`hhtools.rules.pots.clockwise_order`).

    Returns:
        One tuple per seat of ``hand.seats``, in that order, valued as
        :data:`STAT_COLUMNS` names them: the street the player folded on (or
        ``None``), VPIP and PFR (``seats.voluntary``, ``seats.preflop_raise``), the
        position name (``None`` for a seat sitting out), then booleans and counts.
    """
    seats = hand.seats
    out_players = {s.player for s in seats if s.sitting_out}
    dealt = [p for p in order if p not in out_players] if out_players else order
    names = dict(zip(dealt, position_names(min(len(dealt), 10)), strict=False))
    tally = _tally(hand.actions)
    folded_on = tally.folded_on
    flop_dealt = max(map(len, hand.boards), default=0) >= 3
    big_blind = tally.big_blind
    walk = (
        big_blind is not None
        and not tally.voluntary
        and all(p in folded_on for p in dealt if p != big_blind)
    )
    staying = len(dealt) - sum(map(folded_on.__contains__, dealt)) >= 2
    return _rows(tally, seats, names, walk, flop_dealt, staying)
