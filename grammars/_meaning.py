"""The site's own totals check the reading: an amount read in one meaning while the
totals the site wrote fit another meaning of the same line.

A betting line's amount may mean several things, and a format says which one it
writes: a raise's number may be the street total ("raises to 14"), the chips the
player adds ("raises (14)" by an older Winning Poker format) or the raise over the bet
faced; a call's number the chips added or the street total (PKR's "calls 40"); a pot
line may be printed twice and summed. A format declares what it reads and what else
its lines might mean as :class:`Meanings` (on its hand state: ``Hand.meanings``).

:func:`meaning_problems` runs once per hand when the record is built
(:func:`~hhtools.grammars._record.build_record`; an XML or JSON grammar calls it the same
way): when the chips the actions put in (less what went back) agree with every total
the site wrote (the total pot, and what it paid plus its rake and fees), nothing more
is done. Otherwise every declared alternative is tried on the same lines; one that
makes the totals fit exactly means the grammar read the lines wrong: each line whose
amount changes gets an ``amount_meaning`` problem naming both readings (the hand is
then read in part, and the audit silent on what the lines change), never a money
finding. When no alternative fits, the site's numbers disagree with themselves and the
audit speaks. Amounts are integer minor units.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from hhtools.model.money import format_money
from hhtools.model.records import (
    Action, ActionKind, Collect, HandHistory, PostKind, Returned, Street
)  # fmt: skip
from hhtools.model.vocab import ProblemCode

__all__ = ["Meanings", "TotalsFault", "check_record", "meaning_problems"]

#: what a raise's printed number may mean
RAISE_MEANINGS = ("to", "added", "over")
#: what a call's printed number may mean
CALL_MEANINGS = ("added", "total")
_WORDS = {("raise", "to"): "a raise to a street total", ("raise", "added"): "the chips added",
          ("raise", "over"): "a raise over the bet faced", ("call", "added"): "the chips added",
          ("call", "total"): "the street total called"}  # fmt: skip


@dataclass(frozen=True, slots=True)
class Meanings:
    """What a format's amounts mean as read, and what else they might mean.

    Attributes:
        raise_read: the meaning the grammar gives a raise's number: ``"to"`` (the
            street total), ``"added"`` (the chips put in by the raise) or ``"over"``
            (the raise over the bet faced).
        raise_alt: the other meanings a raise line of the format may have.
        call_read: the meaning the grammar gives a call's number: ``"added"`` or
            ``"total"`` (the street total after the call).
        call_alt: the other meanings a call line may have.
        pot_repeated: a pot line (or a group of them) may be printed more than once,
            and the grammar sums what it reads.

    >>> Meanings(raise_read="added", raise_alt=("to",)).declared
    True
    >>> Meanings().declared
    False
    """

    raise_read: str = "to"
    raise_alt: tuple[str, ...] = ()
    call_read: str = "added"
    call_alt: tuple[str, ...] = ()
    pot_repeated: bool = False

    @property
    def declared(self) -> bool:
        """Whether any alternative is declared (else there is nothing to try)."""
        return bool(self.raise_alt or self.call_alt or self.pot_repeated)


@dataclass(frozen=True, slots=True)
class TotalsFault:
    """A line the site's totals say was read in the wrong meaning.

    Attributes:
        line: the source line.
        message: both readings and the totals the other one fits.
    """

    line: int
    message: str


def _printed(meaning: str, added: int, before: int, faced: int) -> int:
    """The number a line printed, from the chips it added under ``meaning``
    (``before`` the player's street total before it, ``faced`` the bet faced)."""
    if meaning in ("to", "total"):
        return before + added
    if meaning == "over":
        return before + added - faced
    return added


def _added(meaning: str, printed: int, before: int, faced: int) -> int:
    """The chips a line adds when its number ``printed`` has ``meaning``."""
    if meaning in ("to", "total"):
        return max(printed - before, 0)
    if meaning == "over":
        return max(faced + printed - before, 0)
    return printed


def _reread(
    actions: Sequence[Action], meanings: Meanings, kind: str, alt: str
) -> list[tuple[Action, int, int]]:
    """The actions of ``kind`` ("raise" or "call") whose chips change when their
    numbers mean ``alt``: ``(action, chips added as read, chips added as alt)``.

    Both readings are played street by street side by side (the bets so far and the
    bet faced of each), so a later line's number is re-read against the bets as the
    other meaning leaves them.
    """
    read_as = meanings.raise_read if kind == "raise" else meanings.call_read
    changed: list[tuple[Action, int, int]] = []
    street: Street | None = None
    bets: dict[str, int] = {}
    alts: dict[str, int] = {}
    high = alt_high = 0
    for a in actions:
        if a.street is not street:
            street, bets, alts, high, alt_high = a.street, {}, {}, 0, 0
        before, alt_before = bets.get(a.player, 0), alts.get(a.player, 0)
        if a.kind is ActionKind.RAISE:
            added = (a.to_amount if a.to_amount is not None else before + a.amount) - before
        elif a.kind in (ActionKind.CALL, ActionKind.BET) or (
            a.kind is ActionKind.POST and a.post is not PostKind.ANTE
        ):
            added = a.amount
        else:
            continue
        alt_added = added
        mine = (a.kind is ActionKind.RAISE) if kind == "raise" else (a.kind is ActionKind.CALL)
        if mine:
            printed = _printed(read_as, added, before, high)
            alt_added = _added(alt, printed, alt_before, alt_high)
            if alt_added != added:
                changed.append((a, added, alt_added))
        bets[a.player] = before + added
        alts[a.player] = alt_before + alt_added
        high, alt_high = max(high, bets[a.player]), max(alt_high, alts[a.player])
    return changed


def _excess(put: Mapping[str, int]) -> int:
    """What the player who put in most put in over the second (never called)."""
    ranked = sorted(put.values(), reverse=True)
    return ranked[0] - ranked[1] if len(ranked) > 1 else (ranked[0] if ranked else 0)


def meaning_problems(
    put: Mapping[str, int], actions: Sequence[Action], returned: Sequence[Returned],
    collects: Iterable[Collect], *, total_pot: int | None, taken: int | None,
    meanings: Meanings, unit: str = "USD",
) -> list[TotalsFault]:  # fmt: skip
    """The lines the site's totals say were read in the wrong meaning (see the module
    docstring); ``[]`` when the reading fits the totals, or no declared meaning does.

    Args:
        put: chips each player put in over the hand as read (minor units).
        actions: the hand's actions as read, in order.
        returned: the returns (an ``inferred`` one is worked out again under the
            other meaning: the uncalled excess of the player who put in most).
        collects: what the site paid.
        total_pot: the total pot the site wrote (after returns), ``None`` when none.
        taken: what the site took from the pot (rake, jackpot, fees, less money the
            room added), ``None`` when the text does not say (inferred).
        meanings: the format's :class:`Meanings`.
        unit: the currency, to word the amounts.

    Returns:
        One :class:`TotalsFault` per line whose chips change under the first meaning
        that fits every total, or one on no line (line 0) for a repeated pot line.
    """
    stated = [r for r in returned if not r.inferred]
    in_pot = sum(put.values()) - sum(r.amount for r in returned)
    paid = sum(c.amount for c in collects)
    targets = [t for t in (total_pot, None if taken is None else paid + taken) if t is not None]
    if not targets or all(t == in_pot for t in targets) or not meanings.declared:
        return []
    back = sum(r.amount for r in stated)
    tries = [("raise", m) for m in meanings.raise_alt] + [("call", m) for m in meanings.call_alt]
    for kind, alt in tries:
        changed = _reread(actions, meanings, kind, alt)
        if not changed:
            continue
        alt_put = dict(put)
        for a, added, alt_added in changed:
            alt_put[a.player] = alt_put.get(a.player, 0) + alt_added - added
        alt_in = sum(alt_put.values()) - back
        if len(stated) != len(returned):
            alt_in -= _excess(alt_put)
        if all(t == alt_in for t in targets):
            read_as = meanings.raise_read if kind == "raise" else meanings.call_read
            return [TotalsFault(a.line, (
                f"read as {_WORDS[kind, read_as]} ({format_money(added, unit)} put in), the "
                f"line may mean {_WORDS[kind, alt]} ({format_money(alt_added, unit)} put in): "
                f"the site's totals ({format_money(targets[0], unit)}) fit the latter, "
                f"not the {format_money(in_pot, unit)} read")) for a, added, alt_added in changed]  # fmt: skip
    if meanings.pot_repeated and total_pot is not None and total_pot != in_pot and in_pot > 0:
        times, rest = divmod(total_pot, in_pot)
        if rest == 0 and times > 1 and (taken is None or paid + taken == in_pot):
            return [TotalsFault(0, (
                f"the pot lines add up to {format_money(total_pot, unit)}: the same pot "
                f"printed {times} times; {format_money(in_pot, unit)} once, as the actions "
                f"and the payouts fit"))]  # fmt: skip
    return []


def check_record(h: Any, r: HandHistory) -> None:
    """Check a record built from hand state ``h`` against the site's totals: each
    line they say was read in the wrong meaning (:func:`meaning_problems`, with the
    meanings ``h.meanings`` declares) becomes an ``amount_meaning`` problem on ``h``
    (a repeated pot line's on the total pot's line). The text formats' record builder
    calls it; an XML or JSON grammar calls it the same way.

    Args:
        h: the hand state (``put``, ``meanings`` and ``problem(line, code, message,
            excerpt)``: a :class:`~hhtools.grammars._betting._State`).
        r: its record.
    """
    meanings = h.meanings
    if meanings is None or not meanings.declared:
        return
    taken = None if "rake" in r.inferred else r.rake + r.fees + r.jackpot - r.room_added
    faults = meaning_problems(h.put, r.actions, r.returned, r.collects, total_pot=r.total_pot,
                              taken=taken, meanings=meanings, unit=r.game.currency)  # fmt: skip
    if not faults:
        return
    lines = r.text.splitlines()
    for fault in faults:
        at = fault.line or r.total_pot_line or r.line
        excerpt = lines[at - r.line] if 0 <= at - r.line < len(lines) else ""
        h.problem(at, ProblemCode.AMOUNT_MEANING, fault.message, excerpt)
