"""Lines written the plain way, read straight from their text: the compiled core's quick
path for the formats that read their betting through the kernel's
:class:`~hhtools.grammars._hand.Hand` (Winamax, GGPoker).

Most of a hand's lines are a seated player's fold, check, call, bet or raise with plain
amounts ("calls 10€", "raises $4 to $6 and is all-in"). :func:`read_betting` reads such a
line from its characters, each amount by :func:`amount_at` (digits read into an int, no
text cut out of the line), and applies it as the formats' line rules do
(:meth:`~hhtools.grammars._betting._State.fold`, ``check``, ``call``, ``bet``,
``raise_to`` with the printed raise). It reads a line only when it is written exactly
the plain way; any other line (an amount with a comma, words after it...) is left to
the site's rules, which stay the reference: ``False`` and nothing applied. Run compiled
(typed by ``_plain.pxd``) it saves the rules' lookups, matches and the objects they make;
run as Python the rules are as quick, so a site uses it only where :data:`QUICK` (set when
this module runs compiled; the tests set it on the Python path to check that both
readings agree on every fixture).
"""

from __future__ import annotations

from typing import Any

from hhtools.grammars._digits import number_in
from hhtools.model.money import MAX_AMOUNT, Unit

__all__ = ["NO_SIGN", "QUICK", "SIGN_AROUND", "SIGN_BEFORE", "after_name", "amount_at",
           "last_amount", "read_betting", "read_seat"]


def _compiled() -> bool:
    """Whether this module runs compiled (its functions are then Cython's)."""
    return type(_compiled).__name__ == "cython_function_or_method"


#: ``True``: the sites read their plain lines here (set when this module runs compiled;
#: the tests set it on the Python path to check the two readings agree)
QUICK = _compiled()

#: where :func:`amount_at` takes a currency sign: none, before the number, before or after it
NO_SIGN, SIGN_BEFORE, _AROUND = 0, 1, 2
SIGN_AROUND = _AROUND
_CENTS = Unit.CENTS
#: the most digits :func:`amount_at` reads before leaving an amount to the rules
_MOST_DIGITS = 12
_ALL_IN = " and is all-in"


def amount_at(ln: str, i: int, end: int, cents: bool, signs: int) -> int:
    """The amount ``ln[i:end]`` written the plain way, in minor units; ``-1`` when it is
    written any other way (the rules then read it: :func:`~hhtools.model.money.parse_money`).

    Plain: "$", "€" or "£" or none (``signs`` :data:`NO_SIGN`: none), then 1 to 12 ASCII
    digits (grouped by "," in threes after the first one to three, or not: "1,250"), then
    in cents a "." and one or two digits or nothing ("$0.05" is 5 cents, "$0.5" 50, "$2"
    200); in chips digits only; then (``signs`` :data:`SIGN_AROUND`: the format writes its
    sign after the number, "5€") one of the three signs or none. Such an amount matches
    the three formats' amount patterns (each says which ``signs`` its pattern takes) and
    ``parse_money`` reads it as here; one from :data:`MAX_AMOUNT` up is ``-1`` too (the
    rules report it out of range).

    >>> amount_at("x $0.05", 2, 7, True, SIGN_BEFORE), amount_at("5€", 0, 2, True, SIGN_AROUND)
    (5, 500)
    >>> amount_at("$0.5", 0, 4, True, SIGN_BEFORE), amount_at("1500", 0, 4, False, NO_SIGN)
    (50, 1500)
    >>> amount_at("$1,250.50", 0, 9, True, SIGN_BEFORE), amount_at("10,000", 0, 6, False, NO_SIGN)
    (125050, 10000)
    >>> amount_at("1,25", 0, 4, True, NO_SIGN), amount_at("1234,567", 0, 8, False, NO_SIGN)
    (-1, -1)
    >>> amount_at(",250", 0, 4, False, NO_SIGN), amount_at("5€", 0, 2, True, SIGN_BEFORE)
    (-1, -1)
    >>> amount_at("1.50", 0, 4, False, NO_SIGN), amount_at("$5", 0, 2, True, NO_SIGN)
    (-1, -1)
    """
    if signs and i < end and ln[i] in "$€£":
        i += 1
    if signs == _AROUND and end > i and ln[end - 1] in "$€£":
        end -= 1
    start = i
    value = 0
    digits = 0
    group = -1  # digits since the last ",": -1 before the first
    while i < end:
        c = ln[i]
        if c == ",":
            if digits == 0 or group == 0 or group > 0 and group != 3 or group < 0 and digits > 3:
                return -1
            group = 0
            i += 1
            continue
        if c < "0" or c > "9":
            break
        value = value * 10 + (ord(c) - 48)
        digits += 1
        if group >= 0:
            group += 1
        i += 1
    if digits == 0 or digits > _MOST_DIGITS or group >= 0 and group != 3:
        return -1
    if i < end:
        if not cents or ln[i] != "." or end - i > 3 or end - i < 2:
            return -1
        d1 = ln[i + 1]
        if d1 < "0" or d1 > "9":
            return -1
        value = value * 100 + (ord(d1) - 48) * 10
        if end - i == 3:
            d2 = ln[i + 2]
            if d2 < "0" or d2 > "9":
                return -1
            value += ord(d2) - 48
    elif cents:
        value *= 100
    return value if value < MAX_AMOUNT else -1


def last_amount(ln: str, i: int, n: int, cents: bool, signs: int) -> int:
    """The line's last amount, from ``i`` to its end (``n``, the line's length) or to " and
    is all-in" there, as :func:`amount_at` reads it: twice the amount, plus 1 when all-in;
    -1 for any other text.

    >>> last_amount("calls 5€ and is all-in", 6, 22, True, SIGN_AROUND)
    1001
    >>> last_amount("bets 5", 5, 6, True, NO_SIGN), last_amount("bets 5 now", 5, 10, True, NO_SIGN)
    (1000, -1)
    """
    all_in = n - i > 14 and ln.endswith(_ALL_IN)
    amount = amount_at(ln, i, n - 14 if all_in else n, cents, signs)
    return -1 if amount < 0 else amount * 2 + all_in


def read_betting(h: Any, ln: str, player: str, at: int, lno: int, cents: bool,
                 signs: int) -> bool:  # fmt: skip
    """Apply a betting line of ``player`` whose words start at ``at`` and are written
    the plain way; ``False``, nothing applied, for any other line.

    The plain lines' words: "folds", "checks" (the whole rest of the line), "calls A",
    "bets A" (the chips added), "raises A to B" (the raise as printed, to a street total
    of B), each but the first two ending in " and is all-in" or not; every amount as
    :func:`amount_at` reads it (``cents``: the hand counts cents; ``signs``: where a
    currency sign may stand, :data:`SIGN_BEFORE`...). Applied as the formats' rules
    apply them: ``h.fold(player, lno)``, ``h.check``, ``h.call(player, A, lno,
    all_in)``, ``h.bet``, ``h.raise_to(player, B, lno, all_in, A)``
    (:class:`~hhtools.grammars._betting._State`, amounts in minor units).
    """
    n = len(ln)
    if n - at < 5:
        return False
    c = ln[at]
    if c == "f" or c == "c" and n - at == 6:
        if ln.startswith("folds", at) and n - at == 5:
            h.fold(player, lno)
        elif ln.startswith("checks", at):
            h.check(player, lno)
        else:
            return False
        return True
    if c == "r":
        if not ln.startswith("raises ", at):
            return False
        end = ln.find(" ", at + 7)
        if end < 0 or not ln.startswith(" to ", end):
            return False
        by = amount_at(ln, at + 7, end, cents, signs)
        got = last_amount(ln, end + 4, n, cents, signs)
        if by < 0 or got < 0:
            return False
        h.raise_to(player, got >> 1, lno, got & 1 == 1, by)
        return True
    calls = ln.startswith("calls ", at)
    if not calls and not ln.startswith("bets ", at):
        return False
    got = last_amount(ln, at + (6 if calls else 5), n, cents, signs)
    if got < 0:
        return False
    if calls:
        h.call(player, got >> 1, lno, got & 1 == 1)
    else:
        h.bet(player, got >> 1, lno, got & 1 == 1)
    return True


def after_name(ln: str, at: int, player: str | None, tags: tuple[str, ...]) -> int:
    """Where a summary seat line's name and position tags end: ``player`` written at
    ``at``, then each " (" starting one of ``tags`` (" (button)"...), skipped; -1 when
    there is no player, the line does not name him there, or a " (" starts no tag.

    >>> tags = (" (button)", " (big blind)")
    >>> after_name("Seat 1: Ann (button) (big blind) folded", 8, "Ann", tags)
    32
    >>> after_name("Seat 1: Ann (dealer) folded", 8, "Ann", (" (button)",))
    -1
    """
    if player is None or not ln.startswith(player, at):
        return -1
    i = at + len(player)
    while ln.startswith(" (", i):
        for tag in tags:
            if ln.startswith(tag, i):
                i += len(tag)
                break
        else:
            return -1
    return i


def read_seat(h: Any, ln: str, lno: int, closing: str, signs: int, lone: bool) -> bool:
    """Seat the player of a seat line "Seat N: <name> (A" + ``closing`` (")", " in chips)")
    written the plain way (N 1 to 3 ASCII digits, the name up to the last " (", and
    ``lone``: the name holds no " (", the stack A as :func:`amount_at` reads it with
    ``signs``): ``h.seat(N, name, A, lno)``; ``False``, nobody seated, for any other line.

    >>> from hhtools.grammars._hand import Hand
    >>> h = Hand("f.txt", 1); read_seat(h, "Seat 3: Ann (x) (5€)", 4, ")", SIGN_AROUND, False)
    True
    >>> h.seats[0].seat, h.seats[0].player, h.seats[0].stack
    (3, 'Ann (x)', 500)
    >>> read_seat(h, "Seat 3: Ann (x) (5€)", 4, ")", SIGN_AROUND, True)
    False
    """
    n = len(ln)
    end = n - len(closing)
    if not ln.startswith("Seat ") or not ln.endswith(closing):
        return False
    colon = ln.find(": ", 5)
    cut = ln.rfind(" (", 0, end)
    if colon < 0 or cut <= colon + 2 or lone and ln.find(" (", colon + 3) != cut:
        return False
    seat = number_in(ln, 5, colon)
    stack = amount_at(ln, cut + 2, end, h.unit is _CENTS, signs)
    if seat < 0 or stack < 0:
        return False
    h.seat(seat, ln[colon + 2 : cut], stack, lno)
    return True
