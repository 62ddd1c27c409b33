"""The ``actions`` array of a PHH hand (:mod:`hhtools.reports.phh`): the dealing, the
betting of each street as pokerkit replays it, the boards, and the showdown where
pokerkit holds it.

``d dh pN cards`` for every player (``????`` per unknown card), then the betting in
order (``pN f``, ``pN cc``, ``pN cbr TOTAL`` with TOTAL the player's live bet on the
street after the action, antes and dead blinds not counted), ``d db CARDS`` as each
street is dealt, and the showdown: at the end, or as soon as a betting round ends with
at most one player left who has chips (everyone else all-in), before the rest of the
board is dealt. A hand pokerkit could not replay as the site dealt it raises
:class:`PhhGap`.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable
from typing import Any

__all__ = ["PhhGap", "action_lines", "showdown_lines"]

_STREETS = ("preflop", "flop", "turn", "river")


class PhhGap(ValueError):
    """A hand PHH cannot carry so that pokerkit replays it; the message says why."""


def showdown_lines(live: list[dict[str, Any]], index: dict[str, int],
                   show_all: bool = False) -> list[str]:  # fmt: skip
    """The showdown: ``pN sm CARDS`` for a player who showed or collected (or every
    player), ``pN sm`` for one who mucked; ``????`` per card not known."""
    out = []
    for s in live:
        cards = (s["hole_cards"] or "").split()
        if show_all or s["showed"] or (s["collected"] or 0) > 0:
            shown = "".join(cards) if cards else "????????"
            out.append(f"p{index[s['player']]} sm {shown}")
        else:
            out.append(f"p{index[s['player']]} sm")
    return out


class _Street:
    """The betting of one street so far.

    Attributes:
        on_street: player -> chips bet on the street (live posts preflop), minor units.
        top: the bet to call; step: the last full raise (the minimum raise).
        closed: players who acted since the last full raise: they may not raise again.
        last: the player who acted last on the street, ``None`` before anyone.
        pot: the pot before the street's bets (dead money preflop).
    """

    __slots__ = ("on_street", "top", "step", "closed", "last", "pot")

    def __init__(self, on_street: dict[str, int], min_raise: int, pot: int) -> None:
        self.on_street: defaultdict[str, int] = defaultdict(int, on_street)
        self.top = max(self.on_street.values(), default=0)
        self.step = min_raise or 0
        self.closed: set[str] = set()
        self.last: str | None = None
        self.pot = pot


class _Writer:
    """The ``actions`` array being written, with each player's chips and the folds."""

    def __init__(
        self, players: list[dict[str, Any]], actions: list[dict[str, Any]],
        live_posts: dict[str, int], dead: list[int], amt: Callable[[int], str], min_raise: int,
        limit: tuple[int, int] | None = None,
    ) -> None:  # fmt: skip
        self.limit = limit
        self.players = players
        self.actions = actions
        self.live_posts = live_posts
        self.dead = dead
        self.amt = amt
        self.min_raise = min_raise
        self.index = {s["player"]: i + 1 for i, s in enumerate(players)}
        self.chips = {s["player"]: int(s["stack"] or 0) - dead[i] - live_posts[s["player"]]
                      for i, s in enumerate(players)}  # fmt: skip
        self.folded: set[str] = set()
        self.shown = False
        self.stayed = -1  # streets still to deal once all but one player mucked (-1: no limit)
        self.acts: list[str] = []

    def write(self, boards: list[dict[str, Any]]) -> list[str]:
        """The whole array: the deal, each street's board and betting, the showdown."""
        for s in self.players:
            cards = (s["hole_cards"] or "").split()
            dealt = "".join(cards) if len(cards) == 4 else "??" * 4
            self.acts.append(f"d dh p{self.index[s['player']]} {dealt}")
        board = boards[0] if boards else {}
        street_cards = [board.get(name) for name in ("flop", "turn", "river")]
        acted_streets = {a["street"] for a in self.actions if a["kind"] != "post"}
        dealt_streets = 0
        for n, name in enumerate(_STREETS):
            if n > 0:
                cards = street_cards[n - 1]
                if (not cards and name not in acted_streets) or self.stayed == 0:
                    break
                self.stayed -= 1
                # a board the history damaged ("Kns"), with betting after it: unknown cards
                unknown = "??" * (3 if n == 1 else 1)
                self.acts.append(f"d db {''.join(cards.split()) if cards else unknown}")
                dealt_streets = n
            self.betting(n, name)
            self.all_in_showdown()
        live = [s for s in self.players if s["folded"] is None]
        if not self.shown and len(live) >= 2 and dealt_streets == 3:
            self.acts.extend(showdown_lines(live, self.index))
        return self.acts

    def betting(self, n: int, name: str) -> None:
        """Write the betting of street ``n`` (``name``), checking whose turn it is."""
        if n == 0:
            pot = sum(self.dead)
        else:  # posts, dead money too
            pot = sum(int(x["added"] or 0) for x in self.actions
                      if x["player"] in self.index and _STREETS.index(x["street"]) < n)  # fmt: skip
        # fixed limit: a full raise is the street's bet (the small bet, then the big one)
        step = self.limit[n >= 2] if self.limit else self.min_raise
        st = _Street(self.live_posts if n == 0 else {}, step, pot)
        for a in self.actions:
            if a["street"] != name or a["player"] not in self.index or a["kind"] == "post":
                continue
            if self.shown:  # betting after everyone is all in: the history's own mistake
                continue
            self.check_turn(st, a["player"], n)
            added = int(a["added"] or 0)
            st.on_street[a["player"]] += added
            self.chips[a["player"]] -= added
            self.acts.append(self.word(st, a, added))
            if a["kind"] != "fold" and step:
                st.closed.add(a["player"])

    def check_turn(self, st: _Street, player: str, n: int) -> None:
        """Raise :class:`PhhGap` unless ``player`` is the one pokerkit asks next
        (clockwise from the last to act, among those not folded with chips)."""
        order = [s["player"] for s in self.players
                 if s["player"] not in self.folded and self.chips[s["player"]] > 0]  # fmt: skip
        last = st.last
        if last is not None or n > 0:
            after = [q for q in order if self.index[q] > self.index[last]] if last else order
            if player != (after or order or [None])[0]:
                raise PhhGap("actions out of turn")
        st.last = player

    def word(self, st: _Street, a: dict[str, Any], added: int) -> str:
        """The PHH words of one action (its chips already counted on the street).

        Raises:
            PhhGap: a raise the rules do not allow, or a bet above the pot limit.
        """
        player, p = a["player"], f"p{self.index[a['player']]}"
        on = st.on_street
        if a["kind"] == "fold":
            self.folded.add(player)
            return f"{p} f"
        if a["kind"] in ("check", "call"):
            return f"{p} cc"
        if not any(self.chips[o["player"]] + on[o["player"]] > st.top for o in self.players
                   if o["player"] not in self.folded and o["player"] != player):  # fmt: skip
            # a raise nobody can call more of (all in, or chips only to call the
            # bet before it): pokerkit calls, the site returned the rest
            return f"{p} cc"
        if self.min_raise and self.chips[player] > 0 and on[player] < st.top + st.step:
            return f"{p} cc"  # a raise short of the minimum, not all in: a call
        if player in st.closed:
            raise PhhGap("raise the rules do not allow")
        if self.min_raise and on[player] > st.top + (
                st.pot + sum(on.values()) - added + st.top - (on[player] - added)):
            raise PhhGap("bet above the pot limit")
        total = on[player]
        if total - st.top >= st.step:  # a full raise reopens the betting for everyone
            st.closed.clear()
        st.step, st.top = max(st.step, total - st.top), max(st.top, total)
        return f"{p} cbr {self.amt(total)}"

    def all_in_showdown(self) -> None:
        """After a street's betting: the showdown when at most one player left in has
        chips (everyone else all in), before the rest of the board is dealt."""
        live = [s for s in self.players if s["player"] not in self.folded]
        with_chips = [s for s in live if self.chips[s["player"]] > 0]
        if self.shown or len(live) < 2 or len(with_chips) > 1:
            return
        lines = showdown_lines(live, self.index)  # all in: shown before the runout
        kept = [s for s, line in zip(live, lines, strict=True) if not line.endswith(" sm")]
        if len(kept) == 1 and kept[0] in with_chips:
            # the one hand left has chips behind: pokerkit 0.7 fails dealing on to
            # it alone, so the mucked hands are shown (they lost): it deals every
            # card and pays by the rules, as the site did
            lines = showdown_lines(live, self.index, show_all=True)
        elif len(kept) <= 1:
            self.stayed = 1  # every other hand mucked: pokerkit deals one street, then pays
        self.acts.extend(lines)
        self.shown = True


def action_lines(
    players: list[dict[str, Any]], actions: list[dict[str, Any]], boards: list[dict[str, Any]],
    live_posts: dict[str, int], dead: list[int], amt: Callable[[int], str], min_raise: int,
    limit: tuple[int, int] | None = None,
) -> list[str]:  # fmt: skip
    """The ``actions`` array: dealing, betting, boards, and the showdown in its place.

    Args:
        players: the ``seats`` rows dealt in, in PHH order.
        actions: the hand's ``actions`` rows in order.
        boards: its ``boards`` rows (the first is dealt).
        live_posts: player -> live posts (blinds, straddles), minor units.
        dead: per player (PHH order) the dead money posted, minor units.
        amt: minor units -> PHH amount text.
        min_raise: the big blind in pot limit (a raise short of the last one, not all
            in, is written as the call it became), 0 in fixed limit.
        limit: fixed limit's small and big bet, minor units (``None`` in pot limit): a
            full raise is the street's bet, and a player who acted may not raise again
            after all-ins short of it (pokerkit's rule, the TDA's), else
            ``"raise the rules do not allow"``.

    Raises:
        PhhGap: ``"actions out of turn"``, ``"raise the rules do not allow"``, ``"bet
            above the pot limit"``.
    """
    return _Writer(players, actions, live_posts, dead, amt, min_raise, limit).write(boards)
