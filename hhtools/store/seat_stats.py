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

from hhtools.model.records import Action, ActionKind, HandHistory, PostKind, Street
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
    """The facts gathered over one hand's actions, in order (module docstring)."""

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

    def preflop(self, act: Action) -> None:
        """Count a preflop post or action: the big blind, VPIP, PFR, 3-bets."""
        kind, player = act.kind, act.player
        if kind is _POST:
            if self.big_blind is None and act.post is _BIG_BLIND:
                self.big_blind = player
            return
        if kind is _FOLD:
            self.folded_on.setdefault(player, "preflop")
        elif kind is not _CHECK:
            self.voluntary.add(player)
        if self.raises == 1:
            if player != self.opener and player not in self.three_opp:
                self.three_opp[player] = kind is _RAISE
        elif self.raises == 2 and player == self.opener and player not in self.fold3_opp:
            self.fold3_opp[player] = kind is _FOLD
        if kind is _RAISE or kind is _BET:
            if kind is _RAISE:
                self.raised_pre.add(player)
            self.raises += 1
            self.last_raiser = player
            if self.opener is None:
                self.opener = player

    def postflop(self, act: Action) -> None:
        """Count an action on the flop, turn or river: aggression, calls, folds, c-bets."""
        kind, player = act.kind, act.player
        if kind is _POST:
            return
        aggressive_act = kind is _BET or kind is _RAISE
        if aggressive_act:
            self.aggressive[player] = self.aggressive.get(player, 0) + 1
        elif kind is _CALL:
            self.calls[player] = self.calls.get(player, 0) + 1
        elif kind is _FOLD:
            self.folds[player] = self.folds.get(player, 0) + 1
            self.folded_on.setdefault(player, _STREET_TEXT[act.street])
        if act.street is _FLOP:
            self.flop(player, kind, aggressive_act)

    def flop(self, player: str, kind: ActionKind, aggressive_act: bool) -> None:
        """Count a flop action's c-bet chance and its answer."""
        if player == self.last_raiser and not self.flop_bet and player not in self.cbet_opp:
            self.cbet_opp[player] = kind is _BET
            self.cbet_live = kind is _BET
        elif self.cbet_live and player != self.last_raiser and player not in self.fold_cbet_opp:
            self.fold_cbet_opp[player] = kind is _FOLD
        if aggressive_act:
            if self.flop_bet:
                self.cbet_live = False
            self.flop_bet = True

    def row(self, p: str, names: dict[str, str], walk: bool, flop_dealt: bool,
            staying: bool) -> tuple[object, ...]:  # fmt: skip
        """The facts of the dealt-in player ``p``, as :data:`STAT_COLUMNS` names them."""
        fold = self.folded_on.get(p)
        return (
            fold, p in self.voluntary, p in self.raised_pre,
            names.get(p),
            not (walk and p == self.big_blind),
            p in self.three_opp, self.three_opp.get(p, False),
            p in self.fold3_opp, self.fold3_opp.get(p, False),
            p in self.cbet_opp, self.cbet_opp.get(p, False),
            p in self.fold_cbet_opp, self.fold_cbet_opp.get(p, False),
            self.aggressive.get(p, 0), self.calls.get(p, 0), self.folds.get(p, 0),
            flop_dealt and fold != "preflop",
            fold is None and staying,
        )  # fmt: skip


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
    dealt = [p for p in order if p not in out_players] if out_players else list(order)
    names = dict(zip(dealt, position_names(min(len(dealt), 10)), strict=False))
    tally = _Tally()
    for act in hand.actions:
        if act.street is _PREFLOP:
            tally.preflop(act)
        else:
            tally.postflop(act)
    folded_on = tally.folded_on
    flop_dealt = any(len(b) >= 3 for b in hand.boards)
    walk = (
        tally.big_blind is not None
        and not tally.voluntary
        and all(p in folded_on for p in dealt if p != tally.big_blind)
    )
    staying = sum(1 for p in dealt if p not in folded_on) >= 2
    return [
        (folded_on.get(s.player), s.player in tally.voluntary, s.player in tally.raised_pre,
         *_SITTING_OUT)
        if s.sitting_out
        else tally.row(s.player, names, walk, flop_dealt, staying)
        for s in seats
    ]  # fmt: skip
