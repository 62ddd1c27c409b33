"""The facts of one stored hand that both replays show, worked out once.

``hhtools show`` (:mod:`hhtools.reports.replay`) and the HTML replay
(:mod:`hhtools.reports.replay_html`) draw the same hand; what they say about it comes
from :func:`hand_facts` so the two never disagree. Everything is read from the store's
rows of the hand (:meth:`hhtools.store.api.HandStore.hand`); nothing is settled again:

* the streets: which board cards were dealt on each street (Courchevel's first board
  card before the flop; a run-it-twice board's cards on the street they were dealt
  twice, found as the cards where the ``boards`` rows part), the actions in order, and
  the pot after each street (the running sum of ``actions.added``, less the uncalled
  bets returned after the last betting street: ``seats.returned``);
* the pots (``pots``): amount after rake, the players who could win each
  (``pots.eligible``, the audit's rebuild by :mod:`hhtools.rules.pots`: players who did
  not fold and put chips in up to that pot's level), the winners of each half
  (``pots.high_winners``/``low_winners``) with their five cards (``showdowns``);
* which two hole cards made a five: the five cards (``showdowns.high_cards`` or
  ``low_cards``) that are among the player's hole cards (``showdowns.hole_cards``);
  cards are unique in a deck, so these are exactly the two hole cards the rules used,
  and the other three are the board's;
* what the site paid and what the rules give (``awards``), and each player's net
  (``seats.net``: collected + cashed out - put in + returned) with, where the awards
  differ, the net the rules give (the net plus due less paid).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

__all__ = [
    "STREETS",
    "AwardFacts",
    "FiveCards",
    "HalfFacts",
    "HandFacts",
    "NetFacts",
    "PotFacts",
    "StreetFacts",
    "action_text",
    "hand_facts",
    "pot_name",
    "split_five",
]

STREETS = ("preflop", "flop", "turn", "river")


@dataclass(frozen=True, slots=True)
class FiveCards:
    """A best five in reading order, with the hole cards among them and its words."""

    cards: tuple[str, ...]
    hole: tuple[str, ...]
    board: tuple[str, ...]
    words: str

    def is_hole(self, card: str) -> bool:
        """Whether ``card`` is one of the player's hole cards used."""
        return card in self.hole


@dataclass(frozen=True, slots=True)
class HalfFacts:
    """One half of a pot (``high`` or ``low``) and its winners with their fives.

    ``label`` is what a reader sees: ``high``, ``low``, or ``whole pot`` for the high
    of a game without a low half.
    """

    half: str
    label: str
    winners: tuple[tuple[str, FiveCards | None], ...]


@dataclass(frozen=True, slots=True)
class AwardFacts:
    """One ``awards`` row: what the site paid a player from a pot, what the rules give."""

    half: str
    player: str
    paid: int
    due: int | None
    differs: bool
    kept_for_cash_out: bool
    scoop: bool
    quarter: bool


@dataclass(frozen=True, slots=True)
class PotFacts:
    """One pot on one board: amount, who could win it, its halves and its awards."""

    board: int
    pot: int
    name: str
    gross: int | None
    net: int
    eligible: tuple[str, ...]
    halves: tuple[HalfFacts, ...]
    no_low: bool
    awards: tuple[AwardFacts, ...]

    @property
    def uncontested(self) -> bool:
        """One player alone could win the pot (the rest folded or did not cover it)."""
        return len(self.eligible) == 1


@dataclass(frozen=True, slots=True)
class StreetFacts:
    """One street: cards dealt on it (one tuple per run), the board so far, the actions."""

    street: str
    dealt: tuple[tuple[str, ...], ...]
    board: tuple[tuple[str, ...], ...]
    actions: tuple[dict[str, Any], ...]
    returned: tuple[tuple[str, int], ...]
    pot_after: int


@dataclass(frozen=True, slots=True)
class NetFacts:
    """A seat's result: the net by what the site paid, and by the rules' awards."""

    seat: int
    player: str
    net: int
    net_by_rules: int
    cashed_out: bool


@dataclass(frozen=True, slots=True)
class HandFacts:
    """Everything both replays show beyond the raw rows."""

    hand: dict[str, Any]
    seats: tuple[dict[str, Any], ...]
    boards: tuple[tuple[str, ...], ...]
    streets: tuple[StreetFacts, ...]
    pots: tuple[PotFacts, ...]
    nets: tuple[NetFacts, ...]
    courchevel: bool


def pot_name(pot: int) -> str:
    """``main pot`` for pot 0, ``side pot N`` for the others."""
    return "main pot" if pot == 0 else f"side pot {pot}"


def split_five(five: str | None, hole_cards: str | None, words: str = "") -> FiveCards | None:
    """A five-card string split into the hole cards used and the board cards used.

    Args:
        five: the five cards, space separated (``showdowns.high_cards``), or None.
        hole_cards: the player's hole cards, space separated.
        words: the category or low ranks to carry along.

    >>> f = split_five("Kc Qd Jd Ts 9h", "Qd Jd 8c 3s", "straight")
    >>> f.hole, f.board
    (('Qd', 'Jd'), ('Kc', 'Ts', '9h'))
    """
    if not five:
        return None
    cards = tuple(five.split())
    hole = set((hole_cards or "").split())
    return FiveCards(
        cards=cards,
        hole=tuple(c for c in cards if c in hole),
        board=tuple(c for c in cards if c not in hole),
        words=words or "",
    )


def action_text(a: dict[str, Any], money: Any) -> str:
    """An ``actions`` row in words, without the player: ``raises $0.60 to $0.85``.

    Args:
        a: one row of ``actions``.
        money: the amount formatter (minor units -> text), e.g. ``format_money`` bound
            to the hand's currency.
    """
    kind = a["kind"]
    if kind == "post":
        what = f"posts {str(a['post'] or '').replace('_', ' ')} {money(a['amount'])}"
    elif kind in ("fold", "check"):
        what = kind + "s"
    elif kind == "call":
        what = f"calls {money(a['amount'])}"
    elif kind == "bet":
        what = f"bets {money(a['amount'])}"
    else:
        what = f"raises {money(a['amount'])} to {money(a['to_amount'])}"
    return what + (" and is all-in" if a["all_in"] else "")


def _street_slices(courchevel: bool) -> dict[str, slice]:
    if courchevel:
        return {"preflop": slice(0, 1), "flop": slice(1, 3), "turn": slice(3, 4),
                "river": slice(4, 5)}  # fmt: skip
    return {"preflop": slice(0, 0), "flop": slice(0, 3), "turn": slice(3, 4),
            "river": slice(4, 5)}  # fmt: skip


def _streets(data: dict[str, Any], boards: tuple[tuple[str, ...], ...],
             courchevel: bool) -> tuple[StreetFacts, ...]:  # fmt: skip
    seats = list(data["seats"].iter_rows(named=True))
    actions = list(data["actions"].iter_rows(named=True))
    returned = tuple((s["player"], s["returned"]) for s in seats if s["returned"])
    last_street = max((STREETS.index(a["street"]) for a in actions
                       if a["street"] in STREETS), default=0)  # fmt: skip
    slices = _street_slices(courchevel)
    runs = boards or ((),)
    pot = 0
    out = []
    for i, street in enumerate(STREETS):
        acts = tuple(a for a in actions if a["street"] == street)
        cut = slices[street]
        dealt = [b[cut] for b in runs]
        if all(d == dealt[0] for d in dealt):
            dealt = dealt[:1]  # dealt once, shared by every run
        dealt = [d for d in dealt if d]
        if street != "preflop" and not dealt and not acts:
            continue
        so_far = [b[: cut.stop] for b in runs]
        if all(b == so_far[0] for b in so_far):
            so_far = so_far[:1]
        pot += sum(a["added"] or 0 for a in acts)
        back: tuple[tuple[str, int], ...] = ()
        if i == last_street and returned:
            back = returned
            pot -= sum(r for _, r in returned)
        out.append(StreetFacts(street, tuple(dealt), tuple(so_far), acts, back, pot))
    return tuple(out)


def _pots(data: dict[str, Any], hi_lo: bool, kept: set[str]) -> tuple[PotFacts, ...]:
    shows = {(sd["board"], sd["player"]): sd for sd in data["showdowns"].iter_rows(named=True)}
    awards = list(data["awards"].iter_rows(named=True))
    out = []
    for p in data["pots"].sort(["board", "pot"]).iter_rows(named=True):
        b = p["board"]

        def five(player: str, half: str, b: int = b) -> FiveCards | None:
            sd = shows.get((b, player))
            if sd is None:
                return None
            if half == "low":
                return split_five(sd["low_cards"], sd["hole_cards"], sd["low_ranks"] or "")
            return split_five(sd["high_cards"], sd["hole_cards"], sd["high_category"] or "")

        high = tuple((w, five(w, "high")) for w in p["high_winners"] or [])
        low = tuple((w, five(w, "low")) for w in p["low_winners"] or [])
        halves = [HalfFacts("high", "high" if hi_lo else "whole pot", high)]
        if low:
            halves.append(HalfFacts("low", "low", low))
        lines = []
        for a in awards:
            if a["board"] != b or a["pot"] != p["pot"]:
                continue
            differs = a["due"] is not None and a["paid"] != a["due"]
            lines.append(AwardFacts(
                half=a["half"], player=a["player"], paid=a["paid"] or 0, due=a["due"],
                differs=differs, kept_for_cash_out=differs and a["player"] in kept,
                scoop=bool(a["scoop"]) and hi_lo, quarter=bool(a["quarter"]),
            ))  # fmt: skip
        out.append(PotFacts(
            board=b, pot=p["pot"], name=pot_name(p["pot"]), gross=p["gross"],
            net=p["net"] or 0, eligible=tuple(p["eligible"] or ()), halves=tuple(halves),
            no_low=hi_lo and not low and len(p["eligible"] or ()) > 1, awards=tuple(lines),
        ))  # fmt: skip
    covered = {(p.board, p.pot) for p in out}
    for key in sorted({(a["board"], a["pot"]) for a in awards} - covered):
        # awards of a pot the rebuild does not hold: shown with what was paid and due
        lines = [AwardFacts(a["half"], a["player"], a["paid"] or 0, a["due"],
                            a["due"] is not None and a["paid"] != a["due"], False, False,
                            bool(a["quarter"]))
                 for a in awards if (a["board"], a["pot"]) == key]  # fmt: skip
        out.append(PotFacts(key[0], key[1], pot_name(key[1]), None,
                            sum(x.due or 0 for x in lines), (), (), False, tuple(lines)))
    return tuple(out)


def hand_facts(data: dict[str, Any]) -> HandFacts:
    """Work out the shared facts of one hand from its stored rows.

    Args:
        data: :meth:`hhtools.store.api.HandStore.hand` of one hand (frames per table).

    Returns:
        The hand's row, its seats, boards (a tuple of cards per run), streets, pots
        (with halves, winners' fives and awards) and each seat's net.
    """
    hand = data["hands"].row(0, named=True)
    hi_lo = bool(hand["hi_lo"])
    courchevel = (hand.get("variant") or "") == "courchevel" or str(
        hand.get("game") or ""
    ).startswith("courchevel")
    seats = tuple(data["seats"].iter_rows(named=True))
    boards = tuple(
        tuple((b["cards"] or "").split()) for b in data["boards"].sort("board").iter_rows(named=True)
    )
    kept = {s["player"] for s in seats if s.get("cash_out_forfeited")}
    pots = _pots(data, hi_lo, kept)
    nets = []
    for s in seats:
        if s.get("sitting_out") and not s["put_in"] and not s["collected"]:
            continue
        mine = [a for p in pots for a in p.awards if a.player == s["player"]]
        owed = sum((a.due or 0) - a.paid for a in mine if a.due is not None)
        cashed = bool(s.get("cashed_out"))
        net = s["net"] or 0
        nets.append(NetFacts(s["seat"], s["player"], net, net if cashed else net + owed, cashed))
    return HandFacts(
        hand=hand, seats=seats, boards=boards, streets=_streets(data, boards, courchevel),
        pots=pots, nets=tuple(nets), courchevel=courchevel,
    )  # fmt: skip
