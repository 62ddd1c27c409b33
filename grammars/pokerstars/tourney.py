"""Tournament result lines of a PokerStars hand: finishing places and prizes ("X
finished the tournament in 17th place and received $4.20.", "X wins the tournament and
receives $230.36 - congratulations!") and bounties ("X wins the $0.27 bounty for
eliminating Y", "X wins $19.90 for eliminating Y and their own bounty increases by
$19.89 to $155.32", "X wins $4.60 for splitting the elimination of Y ...", "A, B split
the $50 bounty for eliminating Y"), read into
:class:`~hhtools.model.records.TournamentResult`.

Prizes and bounties are money of the buy-in's currency, in its minor units (cents),
whatever unit the hand's chips are counted in; a tournament whose buy-in and amounts
name no currency (play money) counts them in whole chips, currency ``PLAY``.
"""

from __future__ import annotations

from typing import Any

from hhtools.grammars._lines import _m, _rule
from hhtools.grammars.pokerstars.state import _AMT, _Hand

from hhtools.model.money import CURRENCY_SYMBOLS, Unit
from hhtools.model.records import TournamentResult

# Player rules: they read what follows the player's name on the line.
FINISHED = _rule(
    "finished",
    r" finished the tournament(?: in (?P<place>\d+)(?:st|nd|rd|th) place)?"
    r"(?: and received (?P<prize>" + _AMT + r")(?: [A-Z]{3})?)?\.?$",
)
WINS_TOURNAMENT = _rule(
    "wins_tournament",
    r" wins the tournament(?: and receives (?P<prize>" + _AMT + r")(?: [A-Z]{3})?)?"
    r"(?: - congratulations!)?$",
)
BOUNTY = _rule(
    "bounty",
    r" wins (?:the )?(?P<amount>" + _AMT + r")(?: bounty)? for "
    r"(?:eliminating|splitting the elimination of) (?P<victims>.+?)"
    r"(?: and (?:their|his|her) own bounty increases by (?P<inc>"
    + _AMT
    + r") to (?P<new>"
    + _AMT
    + r"))?$",
)
# A fixed rule: the line starts with several players ("A, B split the $50 bounty ...").
SPLIT_BOUNTY = _rule(
    "split_bounty",
    r"(?P<players>.+?) split the (?P<amount>" + _AMT + r") bounty for eliminating "
    r"(?P<victims>.+)$",
)


def _prize(h: _Hand, text: str) -> tuple[int, str]:
    """An amount won in a tournament: minor units and the ISO code of its currency.

    The buy-in's currency (``h.currency``), else the amount's own symbol; with
    neither, play money: whole chips, ``PLAY``.
    """
    currency = h.currency or CURRENCY_SYMBOLS.get(text[:1], "")
    if currency:
        return h.money_in(text, Unit.CENTS), currency
    return h.money_in(text, Unit.CHIPS), "PLAY"


def _finished(h: _Hand, player: str, r: Any, lno: int) -> None:
    """A place and its prize: "X finished the tournament in 17th place and received
    $4.20." (a line with neither place nor prize gives no result)."""
    place = int(r["place"]) if r["place"] else None
    if place is None and not r["prize"]:
        return
    prize, currency = _prize(h, r["prize"]) if r["prize"] else (0, h.currency or "PLAY")
    h.results.append(TournamentResult(player, place, prize, 0, "", currency, lno))


def _wins_tournament(h: _Hand, player: str, r: Any, lno: int) -> None:
    """First place: "X wins the tournament and receives $230.36 - congratulations!"."""
    prize, currency = _prize(h, r["prize"]) if r["prize"] else (0, h.currency or "PLAY")
    h.results.append(TournamentResult(player, 1, prize, 0, "", currency, lno))


def _bounty(h: _Hand, player: str, r: Any, lno: int) -> None:
    """A bounty won by one player; a progressive bounty's increase of the winner's own
    bounty is not money won now and is not counted."""
    amount, currency = _prize(h, r["amount"])
    h.results.append(TournamentResult(player, None, 0, amount, r["victims"], currency, lno))


def _split_bounty(h: _Hand, ln: str, lno: int) -> bool:
    """A bounty shared: "A, B split the $50 bounty for eliminating Y". Each winner gets
    an equal share of the amount; the odd cents (chips) go one each to the first
    winners named."""
    r = _m(SPLIT_BOUNTY, ln)
    if r is None:
        return False
    winners = _winners(h, r["players"])
    total, currency = _prize(h, r["amount"])
    share, odd = divmod(total, len(winners))
    for k, player in enumerate(winners):
        h.results.append(
            TournamentResult(player, None, 0, share + (k < odd), r["victims"], currency, lno)
        )
    return True


_SEPARATORS = (", ", " and ")


def _winners(h: _Hand, text: str) -> list[str]:
    """The players of "A, B" (or "A, B and C"): seated names first (a name may hold
    ", " itself), else the text between the separators."""
    names = sorted(set(h.names.values()), key=len, reverse=True)
    out: list[str] = []
    rest = text
    while rest:
        end = len(rest)
        name = next(
            (n for n in names
             if rest.startswith(n) and (len(n) == end or rest.startswith(_SEPARATORS, len(n)))),
            None,
        )  # fmt: skip
        if name is None:
            cuts = [k for k in (rest.find(", "), rest.find(" and ")) if k >= 0]
            name = rest[: min(cuts)] if cuts else rest
        if name:
            out.append(name)
        rest = rest[len(name) :]
        for sep in _SEPARATORS:
            if rest.startswith(sep):
                rest = rest[len(sep) :]
                break
    return out or [text]
