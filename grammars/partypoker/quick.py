"""PartyPoker lines written the plain way, read straight from their text: the compiled
core's quick path through a hand's body (the kernel's ``quick`` reader,
:func:`~hhtools.grammars._betting.read_body`).

Most of a PartyPoker hand's body lines are a seat line or a seated player's fold,
check, call, bet, raise or post with a plain amount ("Xjty raises 2.40 to 2.65",
"Mrzqnh8 calls [$30 USD]", "Seat 1: Xjty ($56.64)"). :func:`read_line` reads such a
line from its characters: the words compared with the rules' own (:mod:`.lines`'
``FIXED`` and ``PLAYER``), each amount checked against the rules' amount pattern and
read by :func:`~hhtools.grammars._digits.amount_in`, and applied as the rule's handler
in :mod:`hhtools.grammars.partypoker` applies it, through the same methods of the hand.
Any other line (an all-in, a dead big blind, a win, a show, a summary line, chat, a
name not seated...) is left to the rules: ``False`` and nothing applied. The rules stay
the reference; run compiled, this path saves their per-line lookups and the Python calls
between them. Run as Python the rules are as quick, so :data:`QUICK` is set only in the
compiled core (the tests set it on the Python path too, and check that both read every
line and fixture alike).
"""

from __future__ import annotations

from typing import Any

from hhtools.grammars._digits import amount_in, button_in, name_in, number_in
from hhtools.grammars._lines import _BadCards, _cards
from hhtools.model.frozen import maker
from hhtools.model.money import Unit
from hhtools.model.records import Action, ActionKind, Collect, PostKind, Street

__all__ = ["FIXED_PREFIXES", "QUICK", "read_line"]


def _compiled() -> bool:
    """Whether this module runs compiled (its functions are then Cython's)."""
    return type(_compiled).__name__ == "cython_function_or_method"


#: ``True``: a PartyPoker hand's body is read with :func:`read_line` first (set when this
#: module runs compiled; the tests set it on the Python path to check the readings agree)
QUICK = _compiled()

#: the first four characters of the fixed lines (:data:`.lines.FIXED_PREFIX`'s keys: the
#: tests check they are the same): a line starting with one is never a player's line here
FIXED_PREFIXES = frozenset({"** D", "** S", "Seat", "Deal", "Tabl", "Tota", "Trny", "Blin",
                            "Crea", "Main", "Side", "Boar"})  # fmt: skip
_CENTS = Unit.CENTS
_CALL, _BET, _RAISE = ActionKind.CALL, ActionKind.BET, ActionKind.RAISE
#: the posts by the words after "posts "
_POSTS = (("small blind ", PostKind.SMALL_BLIND), ("big blind ", PostKind.BIG_BLIND),
          ("ante ", PostKind.ANTE))  # fmt: skip
_action, _collect = maker(Action), maker(Collect)
#: the streets by their words after "** Dealing "
_STREETS = (("Flop **", Street.FLOP), ("Turn **", Street.TURN), ("River **", Street.RIVER))


def _digits_to(ln: str, i: int, end: int) -> bool:
    """Whether ``ln[i:end]`` is a digit, then digits, "," and "." (the rules' ``[\\d][\\d,.]*``,
    in ASCII digits)."""
    if i >= end or not "0" <= ln[i] <= "9":
        return False
    while i < end:
        c = ln[i]
        if not ("0" <= c <= "9" or c == "," or c == "."):
            return False
        i += 1
    return True


def _amount(h: Any, ln: str, i: int, end: int) -> int:
    """The amount ``ln[i:end]`` as the rules' amount pattern (:mod:`.lines`' ``_AMT``: "$"
    or none, a space or none, digits with "," and ".", then " USD", " EUR", " GBP" or
    " chips" or none) and the hand's ``amt`` read it, in its minor units; -1 for any
    other text."""
    if i < end and ln[i] == "$":
        i += 1
    if i < end and ln[i] == " ":
        i += 1
    for unit in (" USD", " EUR", " GBP", " chips"):
        if end - len(unit) > i and ln.startswith(unit, end - len(unit)):
            end -= len(unit)
            break
    if not _digits_to(ln, i, end):
        return -1
    return amount_in(ln, i, end, h.unit is _CENTS)


def _bracket(h: Any, ln: str, i: int, n: int) -> int:
    """The amount of "[A]" or "(A)" from ``i`` to the line's end (``n``), as the rules'
    ``_BRACKET`` reads it; -1 for any other text."""
    if n - i < 3:
        return -1
    c, last = ln[i], ln[n - 1]
    if not ((c == "[" and last == "]") or (c == "(" and last == ")")):
        return -1
    return _amount(h, ln, i + 1, n - 1)


def read_line(h: Any, ln: str, lno: int) -> bool:
    """Read a body line of a PartyPoker hand ``h`` (:mod:`.record`'s ``_Hand``) written
    the plain way, applying it as its rule's handler does; ``False``, nothing applied,
    for any other line (the rules read it).

    The plain lines: "Seat N: <name> ( A )" (a seat number of 1 to 3 ASCII digits, the
    amount with a sign or none, a currency code or none), "Seat N is the button", "**
    Summary **", "Total number of players : N/M", and where no silent blinds wait to be
    posted "** Dealing down cards **", "** Dealing Flop ** [C]" ("Turn", "River") and
    "Dealt to <name> [C]"; and after a seated player's
    name (the longest followed by a space: ``Hand.name``; a name with a colon is the
    rules') "folds", "checks", "calls [A]" or "calls (A)", "bets [A]" ("(A)"), "raises
    [A]", "raises A to B", "posts small blind [A]" ("big blind", "ante"; "(A)"; then a
    "." or none), the new summary's "balance $B, didn't bet", "lost $L" (" (folded)" or
    not) and "bet $A, collected $C, net +$D"; every amount as the rules' pattern reads it,
    in ASCII digits.
    """
    n = len(ln)
    if n < 5 or "\x00" in ln or ln[0].isspace() or ln[n - 1].isspace():
        return False
    if ln[:4] in FIXED_PREFIXES:
        return _fixed(h, ln, n, lno)
    who = name_in(h.by_initial, ln, " :")  # Hand.name's reading
    if who is None or ":" in who:
        return False
    at = len(who) + 1
    if at >= n or ln[at - 1] != " ":
        return False
    if n - at <= 6:  # "folds", "checks": the whole rest of the line
        if n - at == 5 and ln.endswith("folds"):
            h.fold(who, lno)
        elif n - at == 6 and ln.endswith("checks"):
            h.check(who, lno)
        else:
            return False
        return True
    c = ln[at]
    if c == "c":
        return ln.startswith("calls ", at) and _added(h, ln, who, at + 6, n, lno, _CALL)
    if c == "b" and ln.startswith("bets ", at):
        return _added(h, ln, who, at + 5, n, lno, _BET)
    if c == "r":
        return ln.startswith("raises ", at) and _raised(h, ln, who, at + 7, n, lno)
    if c == "p":
        return ln.startswith("posts ", at) and _posted(h, ln, who, at + 6, n, lno)
    return c == "b" and ln.startswith("balance ", at) and _balance(h, ln, who, at + 8, n, lno)


def _added(h: Any, ln: str, who: str, i: int, n: int, lno: int, kind: Any) -> bool:
    """A call or bet of the chips in its brackets (the party's ``_bet``)."""
    amount = _bracket(h, ln, i, n)
    if amount < 0:
        return False
    h.added(who, kind, amount, lno, False, None)
    return True


def _raised(h: Any, ln: str, who: str, i: int, n: int, lno: int) -> bool:
    """"raises [A]" (the chips added) or "raises A to B" (the increment, then the street
    total, taken as the party's ``_bet`` takes it: the street total is the player's bet
    so far plus A unless that is no raise)."""
    if ln[i] == "[":
        amount = _bracket(h, ln, i, n)
        if amount < 0 or ln[n - 1] != "]":
            return False
        h.added(who, _RAISE, amount, lno, False, None)
        return True
    cut = ln.find(" to ", i)
    if cut < 0 or not _digits_to(ln, i, cut) or not _digits_to(ln, cut + 4, n):
        return False
    cents = h.unit is _CENTS
    amount = amount_in(ln, i, cut, cents)
    to = amount_in(ln, cut + 4, n, cents)
    if amount < 0 or to < 0:
        return False
    bets: dict[str, int] = h.bets
    had = bets.get(who, 0) + amount
    if to != had:
        to = had if had > h.highest else to
    h.added(who, _RAISE, amount, lno, False, to)
    return True


def _posted(h: Any, ln: str, who: str, i: int, n: int, lno: int) -> bool:
    """"posts small blind [A]" ("big blind", "ante"; "(A)"; a "." after it or none): the
    post, never all-in (the party's ``_post``; "big blind + dead" is the rules')."""
    for words, kind in _POSTS:
        if ln.startswith(words, i):
            end = n - 1 if ln[n - 1] == "." else n
            amount = _bracket(h, ln, i + len(words), end)
            break
    else:
        return False
    if amount < 0:
        return False
    h.post(who, kind, amount, lno)
    actions: list[Any] = h.actions
    a = actions[-1]
    if a.all_in:  # PartyPoker writes "is all-In" for that
        actions[-1] = _action(a.street, a.player, a.kind, a.amount, a.to_amount, False, a.post,
                              a.line)  # fmt: skip
    return True


def _fixed(h: Any, ln: str, n: int, lno: int) -> bool:
    """A line of the fixed words that changes little: a seat line, the button's, the
    summary's mark, the players' count, and the deal's mark where no blinds wait to be
    posted (a tournament's silent blinds are the rules'); ``False`` for any other."""
    if ln.startswith("Seat "):
        seat = button_in(ln)
        if seat < 0:
            return _seat(h, ln, n, lno)
        h.button = seat
        return True
    if ln.startswith("** Dealing "):
        if h.blinds is not None:  # a tournament's silent blinds may wait: the rules'
            return False
        return ln == "** Dealing down cards **" or _street(h, ln, n)
    if ln.startswith("Dealt to "):
        return h.blinds is None and _dealt(h, ln, n)
    if ln == "** Summary **":
        h.summary = True
        return True
    if not ln.startswith("Total number of players : "):
        return False
    cut = ln.find("/", 26)
    most = number_in(ln, cut + 1, n) if cut > 26 and number_in(ln, 26, cut) >= 0 else -1
    if most < 0:
        return False
    h.max_seats = most
    return True


def _english(text: str) -> tuple[str, ...] | None:
    """The cards of a line's brackets ("Qh, Kd, 6d"), as the party's ``_cardlist`` reads
    them; ``None`` for any other text (the rules report it)."""
    if "]" in text:
        return None
    try:
        return _cards(text.replace(",", " "))
    except _BadCards:
        return None


def _street(h: Any, ln: str, n: int) -> bool:
    """"** Dealing Flop ** [C]" ("Turn", "River"; " :" before the cards or not): the
    betting round starts, the cards go to the board."""
    for words, street in _STREETS:
        if ln.startswith(words, 11):
            i = 11 + len(words)
            break
    else:
        return False
    if ln.startswith(" :", i):
        i += 2
    while i < n and ln[i] == " ":
        i += 1
    if i >= n or ln[i] != "[" or ln[n - 1] != "]":
        return False
    cards = _english(ln[i + 1 : n - 1])
    if cards is not None:
        h.new_street(street)
        h.board.extend(cards)
    return cards is not None


def _dealt(h: Any, ln: str, n: int) -> bool:
    """"Dealt to <name> [C]" (the name up to the first " ["): the hero and the hero's cards."""
    cut = ln.find(" [", 10)
    cards = _english(ln[cut + 2 : n - 1]) if cut > 0 and ln[n - 1] == "]" else None
    if cards is not None:
        h.hero = ln[9:cut]
        h.hole[h.hero] = cards
    return cards is not None


def _run(ln: str, i: int, end: int) -> int:
    """Where an amount of the summary's balance line ("$44.16", "1,830": "$" or none, a
    digit, then digits, "," and "." as long as they go) that starts at ``i`` ends; -1 if
    none starts there."""
    if i < end and ln[i] == "$":
        i += 1
    if i >= end or not "0" <= ln[i] <= "9":
        return -1
    while i < end and ("0" <= ln[i] <= "9" or ln[i] == "," or ln[i] == "."):
        i += 1
    return i


def _then(ln: str, i: int, n: int) -> int:
    """After an amount at ``i`` followed by ", " (the pattern's amount gives back the run's
    last ","): where what follows starts; -1 for any other text."""
    j = _run(ln, i, n)
    if j < 0 or j >= n or ln[j] != " " or ln[j - 1] != ",":
        return -1
    return j + 1


def _balance(h: Any, ln: str, who: str, i: int, n: int, lno: int) -> bool:
    """A new summary's "balance $B, didn't bet" or "lost $L" (" (folded)" or not), or
    "balance $B, bet $A, collected $C, net +$D" (the collect): as the party's ``_balance``
    applies them when no cards follow."""
    i = _then(ln, i, n)
    if i < 0:
        return False
    if ln.startswith("didn't bet", i):
        i += 10
    elif ln.startswith("lost ", i):
        i = _run(ln, i + 5, n)
    elif ln.startswith("bet ", i):
        return _collected(h, ln, who, i + 4, n, lno)
    else:
        return False
    if i < 0 or (i != n and (n - i != 9 or not ln.endswith(" (folded)"))):
        return False
    h.balanced.add(who)
    return True


def _collected(h: Any, ln: str, who: str, i: int, n: int, lno: int) -> bool:
    """The rest of "bet $A, collected $C, net +$D" from ``A``: the collect of ``C``, when
    ``D`` is ``C`` less ``A`` (the rules report a line cut inside its net)."""
    bet_at = i + 1 if i < n and ln[i] == "$" else i
    i = _then(ln, i, n)
    if i < 0 or not ln.startswith("collected ", i):
        return False
    start = i + 10
    if start < n and ln[start] == "$":
        start += 1
    k = _then(ln, start, n)
    if k < 0 or not ln.startswith("net ", k):
        return False
    end = k - 2  # the collected amount, without its ", "
    k += 4
    minus = k < n and ln[k] == "-"
    if k < n and (ln[k] == "+" or ln[k] == "-"):
        k += 1
    if _run(ln, k, n) != n:
        return False
    cents = h.unit is _CENTS
    amount = amount_in(ln, start, end, cents)
    if amount < 0:
        return False
    net = amount_in(ln, k + 1 if ln[k] == "$" else k, n, cents)
    if net < 0 or amount - amount_in(ln, bet_at, i - 2, cents) != (-net if minus else net):
        return False
    dot = ln.find(".", k)
    if dot >= 0 and dot != n - 3:  # cents in two digits ("$0.6" is "$0.60" cut)
        return False
    h.balanced.add(who)
    h.collects.append(_collect(who, amount, 0, 0, lno, None))
    return True


def _seat(h: Any, ln: str, n: int, lno: int) -> bool:
    """"Seat N: <name> (A)" as the seat rule reads it (the name up to the first " (",
    spaces inside the brackets, a sign or none, a currency code or none)."""
    colon = ln.find(": ", 5)
    seat = number_in(ln, 5, colon) if colon > 0 else -1
    if seat < 0 or ln[n - 1] != ")":
        return False
    cut = ln.find(" (", colon + 3)
    if cut < 0:
        return False
    i, end = cut + 2, n - 1
    while i < end and ln[i] == " ":
        i += 1
    while end > i and ln[end - 1] == " ":
        end -= 1
    if end - i > 4 and ln[end - 4] == " " and "A" <= ln[end - 3] <= "Z" and (
        "A" <= ln[end - 2] <= "Z" and "A" <= ln[end - 1] <= "Z"
    ):  # a currency code
        end -= 4
    start = i
    if i < end and ln[i] in "$€£":
        i += 1
    if not _digits_to(ln, i, end):
        return False
    stack = amount_in(ln, start, end, h.unit is _CENTS)
    if stack < 0:
        return False
    h.seat(seat, ln[colon + 2 : cut], stack, lno, False)
    if h.head.sym is None:  # the new format's currency: "$56.64"
        h.head.sym = ln[start]
    return True
