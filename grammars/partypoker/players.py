"""PartyPoker's player lines: what follows a seated player's name (fold, check, post,
call, bet, raise, all-in, shows, wins, finished, cash-out offers, balance...), read by
the line's first word (:data:`~.lines.PLAYER_WORD`) and applied to the hand being read.
Amounts are in the hand's minor units (cents, or chips in tournaments).
"""

from __future__ import annotations

from dataclasses import replace
from decimal import Decimal
from typing import Any

from hhtools.grammars import _kit as k
from hhtools.grammars.partypoker import lines as L
from hhtools.grammars.partypoker.record import _cardlist, _Hand

_POSTS = {"small blind": k.PostKind.SMALL_BLIND, "big blind": k.PostKind.BIG_BLIND,
          "big blind + dead": k.PostKind.BIG_BLIND, "ante": k.PostKind.ANTE}  # fmt: skip
#: the betting words: the bracket is what the player adds; an all-in (``None``) is a
#: call, bet or raise by the betting
_BETS = {"call": k.ActionKind.CALL, "bet": k.ActionKind.BET, "raise": k.ActionKind.RAISE,
         "all_in": None}  # fmt: skip

def _nothing(h: _Hand, *args: Any) -> None:
    """A line that changes nothing in the hand ("Trny: N Level: 3")."""


#: what :data:`~.lines.PLAYER_WORD` read of a short text (:func:`~hhtools.grammars._lines.keep`)
_KEPT: dict[str, tuple[str, Any]] = {}


def _player(h: _Hand, who: str, rest: str, lno: int) -> bool:
    """What follows a player's name, read by the first word's rules; ``False`` when
    none reads it."""
    found = _KEPT.get(rest)  # read before: the same groups for the same text
    if found is None:
        sp = rest.find(" ")
        word = rest if sp < 0 else rest[:sp]
        if "[" in word:  # a 2012 client's "raises[ $25 USD ]"
            word = word[: word.index("[")]
        for name, rule in L.PLAYER_WORD.get(word, ()):
            m = rule.match(rest)
            if m is not None:
                found = k.keep(_KEPT, rest, (name, m))
                break
    if found is not None:
        _PLAYER_LINES.get(found[0], _nothing)(h, who, found[1], lno)
        return True
    if rest.startswith("shows") and (m := L.SHOWS_LOW.match(rest)) is not None:
        _shows_low(h, who, m, lno)
        return True
    return False


def _fold(h: _Hand, who: str, m: Any, lno: int) -> None:
    h.fold(who, lno)


def _check(h: _Hand, who: str, m: Any, lno: int) -> None:
    h.check(who, lno)


def _post(h: _Hand, who: str, m: Any, lno: int) -> None:
    """A post; PartyPoker's never says all-in (the site writes "is all-In" for that).
    "big blind + dead [$0.35]" is the big blind and a dead small blind in one total:
    the big blind the hand's other big blind post (else the header's), the rest dead;
    with neither known, or nothing over it, the whole is a big blind."""
    amount = h.amt(m["a"] or m["b"])
    if m["what"] == "big blind + dead":
        bb = next((a.amount for a in reversed(h.actions) if a.post is k.PostKind.BIG_BLIND),
                  h.amt(h.head.stakes[1]) if h.head.stakes else None)  # fmt: skip
        if bb is not None and amount > bb:
            h.dead_small = amount - bb
            h.post_both(who, amount, lno)
            return
    h.post(who, _POSTS[m["what"]], amount, lno)
    if h.actions[-1].all_in:
        h.actions[-1] = replace(h.actions[-1], all_in=False)


def _bet(h: _Hand, who: str, m: Any, lno: int) -> None:
    """A call, bet, raise or all-in: the bracket is the chips added; the new format's
    "raises 2.40 to 2.65" names the increment and the street total."""
    name = _PLAYER_NAME[m.re]
    if name == "all_in" and m["a"] is None:  # new format: flags the player's last action
        j = max((j for j, a in enumerate(h.actions) if a.player == who), default=None)
        if j is not None:
            h.actions[j] = replace(h.actions[j], all_in=True)
        return
    to = None
    if name == "raise" and m["inc"] is not None:
        v, to = h.amt(m["inc"]), h.amt(m["to"])
        had = h.bets.get(who, 0)
        if to != had + v:
            to = had + v if had + v > h.highest else to
    else:
        v = h.amt(m["a"] or m["b"])
    h.added(who, _BETS[name], v, lno, name == "all_in", to)


def _shows(h: _Hand, who: str, m: Any, lno: int) -> None:
    desc = m["desc"] or None
    h.show(who, k.Show(who, _cardlist(m["cards"]), desc, None, False, 0, lno, L.claimed_high(desc)))


#: what ends a whole "wins" amount ("$5.95 USD", "9,750 chips")
_UNITS = ("USD", "EUR", "GBP", "chips")


def _wins(h: _Hand, who: str, m: Any, lno: int) -> None:
    """"wins $8.50 USD from the main pot with 8,7,3,2,A." (or "wins [$8.50 USD]"): a
    collect, and a low named is the winner's claimed low; "wins Lo ($8.50 USD) from
    the main pot with 7,5,4,2,A.": the collect of the pot's low half ("Hi": high)."""
    pot = 0 if m["pot"] in (None, "main pot") else int(m["n"] or 1)
    if m["pot"] is None:
        # cut inside (the hand's last line then): "wins $8" of "wins $8.50 USD from the
        # main pot with ...", or "wins $3 USD" after a line that named its pot
        amt = m["amt"]
        if h.named or (amt is not None and not amt.endswith(_UNITS)):
            h.cut_wins = lno
        h.unnamed = True
    else:
        h.named = True
    half = _HALVES.get(m["half"])
    h.collects.append(k.Collect(who, h.amt(m["hamt"] or m["bamt"] or m["amt"]), pot, 0, lno, half))
    if half is not k.Half.HIGH:
        _claim_low(h, who, m["desc"])


def _claim_low(h: _Hand, who: str, desc: str | None) -> None:
    """A low named ("7,5,4,2,A") is the player's claimed low, on their show."""
    low = k.read_low(desc)
    if low is not None:
        for j, sh in enumerate(h.shows):
            if sh.player == who and sh.claimed_low is None:
                h.shows[j] = replace(sh, low_description=desc, claimed_low=low)


def _shows_low(h: _Hand, who: str, m: Any, lno: int) -> None:
    """"X shows7,5,4,2,A  for low.": the low X claims, after X's "shows [..]" line."""
    _claim_low(h, who, m["low"])


def _not_shown(h: _Hand, who: str, m: Any, lno: int) -> None:
    """"X doesn't show [ 5s, 3c, Kd, Kh ]two pairs, Kings and Fives.": X's cards, mucked
    (not shown to the table), with the site's words for them."""
    desc = m["desc"] or None
    h.show(who, k.Show(who, _cardlist(m["cards"]), desc, None, True, 0, lno, L.claimed_high(desc)))


def _sit_out(h: _Hand, who: str, m: Any, lno: int) -> None:
    """"X is sitting out": X is not dealt in unless X plays (:meth:`Hand.sit_out`)."""
    h.sit_out(who)


_HALVES = {"Hi": k.Half.HIGH, "Lo": k.Half.LOW}


def _finished(h: _Hand, who: str, m: Any, lno: int) -> None:
    h.results.append(k.TournamentResult(who, int(m["place"]), line=lno))


def _cash_out(h: _Hand, who: str, m: Any, lno: int) -> None:
    """The cash-out lines: its probability and amount, on the player's first such line."""
    c = h.cash.setdefault(who, {"line": lno})
    name = _PLAYER_NAME[m.re]
    if name == "co_probability":
        c["p"] = Decimal(m["p"])
    elif name == "co_amount":
        c["amount"] = h.amt(m["amt"])


def _balance(h: _Hand, who: str, m: Any, lno: int) -> None:
    """A new-format summary line: collected money, shown cards and their words."""
    if m["col"] is not None and (h.amt(m["col"]) - h.amt(m["bet"])
                                 != h.amt(m["net"]) * (-1 if m["sign"] == "-" else 1)):
        # the site's net is always collected less bet (the corpora's lines): a line cut
        # inside its net ("net +$0" of "net +$0.60[ As, Ad, ..]", its cards lost) is unread
        h.problem(lno, k.ProblemCode.UNRECOGNISED_LINE,
                  f"net is not collected less bet (cut inside?): {m.string[:80]}", m.string)
        return
    h.balanced.add(who)
    if m["col"] is not None and not m["co"]:
        h.collects.append(k.Collect(who, h.amt(m["col"]), 0, 0, lno))
    if m["cards"]:
        desc = m["desc"].strip() or None
        h.show(who, k.Show(who, _cardlist(m["cards"]), desc, None, False, 0, lno,
                         L.claimed_high(desc)))  # fmt: skip


_PLAYER_NAME = {r.re: str(r.customName) for r in L.PLAYER}
_PLAYER_LINES = {
    "fold": _fold, "check": _check, "post": _post, "call": _bet, "bet": _bet, "raise": _bet,
    "all_in": _bet, "shows": _shows, "wins": _wins, "finished": _finished,
    "not_shown": _not_shown, "sit_out": _sit_out,
    "co_premium": _cash_out, "co_opted": _cash_out, "co_probability": _cash_out,
    "co_amount": _cash_out, "balance": _balance,
}  # fmt: skip
