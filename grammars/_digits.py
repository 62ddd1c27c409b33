"""Amounts, seat numbers and seated names read from a line's characters, for the compiled
quick readers of the text formats' common lines (:mod:`.poker888.quick`,
:mod:`.partypoker.quick`): digits read into an int, no text cut out of the line, and
``-1`` (``None`` for a name) for any text written another way, which the format's rules
then read (and report, when they refuse it). Typed by ``_digits.pxd`` in the compiled
core.
"""

from __future__ import annotations

from hhtools.model.money import MAX_AMOUNT

__all__ = ["amount_in", "button_in", "name_in", "number_in"]

#: the most digits :func:`amount_in` reads before leaving an amount to the rules
_MOST_DIGITS = 15


def amount_in(ln: str, i: int, end: int, cents: bool) -> int:
    """The amount ``ln[i:end]`` as a format's amount rule and
    :func:`~hhtools.model.money.parse_money` read it, in minor units,
    when it is written a plain way; ``-1`` for any other text (the rules then read it).

    Plain: spaces and "$", "€" or "£" signs around (none inside), then ASCII digits
    (at most 15) and the separators ",", ".", " " or "'" between digits ("3,000",
    "15 552,50", "717.50"): as :func:`~hhtools.model.money.parse_money` reads them, a
    last separator followed by one or two digits is the decimal point, the others
    group thousands; in chips a fraction other than zeros is the rules' (they report
    it). An amount from :data:`~hhtools.model.money.MAX_AMOUNT` up is ``-1`` too (the
    rules report it out of range).

    >>> amount_in("[ $3,000 ]", 1, 9, True), amount_in("15 552,50 $", 0, 11, True)
    (300000, 1555250)
    >>> amount_in("$0.5", 0, 4, True), amount_in("1,500", 0, 5, False), amount_in("25", 0, 2, True)
    (50, 1500, 2500)
    >>> amount_in("1.50", 0, 4, False), amount_in("1$5", 0, 3, True), amount_in(",5", 0, 2, True)
    (-1, -1, -1)
    """
    while i < end and ln[i] in " $€£":
        i += 1
    while end > i and ln[end - 1] in " $€£":
        end -= 1
    if i >= end or not ("0" <= ln[i] <= "9" and "0" <= ln[end - 1] <= "9"):
        return -1
    value = 0
    count = 0  # digits in all
    after = 0  # digits after the last separator
    grouped = False
    while i < end:
        c = ln[i]
        if "0" <= c <= "9":
            value = value * 10 + (ord(c) - 48)
            count += 1
            after += 1
        elif c in ",. '":
            grouped = True
            after = 0
        else:
            return -1
        i += 1
    if count > _MOST_DIGITS:
        return -1
    if grouped and after <= 2:  # a decimal point: one or two digits after it
        scale = 10 if after == 1 else 100
        frac = value % scale * (100 // scale)
        value //= scale
        if cents:
            value = value * 100 + frac
        elif frac:
            return -1
    elif cents:
        value *= 100
    return value if value < MAX_AMOUNT else -1


def number_in(ln: str, i: int, end: int) -> int:
    """The seat number ``ln[i:end]``: 1 to 3 ASCII digits, else -1 (the rules read it).

    >>> number_in("Seat 3: Ann", 5, 6), number_in("Seat 1000: Ann", 5, 9), number_in("Seat x:", 5, 6)
    (3, -1, -1)
    """
    if end - i < 1 or end - i > 3:
        return -1
    value = 0
    while i < end:
        c = ln[i]
        if c < "0" or c > "9":
            return -1
        value = value * 10 + (ord(c) - 48)
        i += 1
    return value


def button_in(ln: str) -> int:
    """The seat of a line "Seat N is the button" (N 1 to 3 ASCII digits, the whole line),
    else -1 (the rules read it).

    >>> button_in("Seat 3 is the button"), button_in("Seat 3: is the button"), button_in("Seat 3")
    (3, -1, -1)
    """
    n = len(ln)
    if not (ln.startswith("Seat ") and ln.endswith(" is the button")):
        return -1
    return number_in(ln, 5, n - 14)


def name_in(by_initial: dict[str, list[str]], ln: str, after: str) -> str | None:
    """The seated name ``ln`` starts with as :meth:`~hhtools.grammars._hand.Hand.name`
    reads it (the longest, followed by one of ``after`` or the end), typed for the quick
    readers: ``by_initial`` the hand's names by first character, longest first
    (``Hand.by_initial``); ``None`` when no seated name starts the line.

    >>> name_in({"A": ["Ann B", "Ann"]}, "Ann B folds", " "), name_in({"A": ["Ann"]}, "Anne", " ")
    ('Ann B', None)
    """
    n = len(ln)
    names = by_initial.get(ln[:1])
    if names is not None:
        for name in names:
            k = len(name)
            if k <= n and ln.startswith(name) and (k == n or ln[k] in after):
                return name
    return "" if n > 0 and "" in by_initial and ln[0] in after else None
