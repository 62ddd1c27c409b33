# cython: boundscheck=False
# (compiled, a text is indexed unchecked: each index is within its line by the test before
# it; amount_at and cards_at, which Python may call with any i and end, check those first)
"""PokerStars lines written the plain way, read straight from their text: the compiled
core's quick path through a hand's body (:meth:`.actions._Body.read_line`).

Most of a hand's body lines are a seated player's fold, check, call, bet, raise, post
or collect with plain amounts ("Ann: raises $0.03 to $0.05", "Bob collected $1.37
from pot"). :func:`read_plain` reads such a line from its characters: the verb by
comparing the text after the name with the rule's own words, each amount by
:func:`amount_at` (digits read into an int, no text cut out of the line), and adds
the record the line's rule (:data:`.line_rules.PLAYER_RULES`) gives. It reads a line only
when it is written exactly the rule's plain way; any other line (an amount with a
comma, a cap, a fold with cards, a name another seated name starts...) is left to the
rules, which stay the reference: ``False`` and nothing added. Run compiled, it saves
the rules' per-line lookups (the whole line hashed, then the text after the name)
and the objects they make, and builds each record in C, without a call of its builder
(:func:`~hhtools.model.quick.built`); run as Python the rules are quicker, so
:data:`QUICK` is set only in the compiled core (the tests set it on the Python path
too, and check that both read every fixture alike).

Also here, the other lines read by cutting them rather than by their patterns: a
street line's card lists (:func:`_bracketed`), "Dealt to" (:func:`_dealt`) and
"Uncalled bet" (:func:`_uncalled`) lines.
"""

from __future__ import annotations

import re

from hhtools.grammars import _lines
from hhtools.grammars._english import read_high, read_low
from hhtools.grammars._lines import _cards, _m, _rule
from hhtools.grammars.pokerstars.state import _AMT, _CARDS, _Hand

from hhtools.model.frozen import maker
from hhtools.model.money import MAX_AMOUNT, Unit
from hhtools.model.quick import built
from hhtools.model.records import Action, ActionKind, Collect, PostKind, Seat, Show, Street

__all__ = ["DEALT", "QUICK", "UNCALLED", "add_show", "amount_at", "read_plain", "read_seat",
           "read_summary_seat", "read_total", "show_parts"]  # fmt: skip

DEALT = _rule("dealt", r"Dealt to (?P<player>.+) \[(?P<cards>" + _CARDS + r")\]$")
UNCALLED = _rule(
    "uncalled", r"Uncalled bet \((?P<amount>" + _AMT + r")\) returned to (?P<player>.+)$"
)


def _compiled() -> bool:
    """Whether this module runs compiled (its functions are then Cython's)."""
    return type(_compiled).__name__ == "cython_function_or_method"


#: ``True``: :meth:`.actions._Body.read_line` reads the plain lines with
#: :func:`read_plain` (set when this module runs compiled; the tests set it on the
#: Python path to check the two readings agree)
QUICK = _compiled()
#: compiled (``plain.pxd``: a C flag): :func:`_starts` compares in C
_C = QUICK

#: the currency symbols an amount may start with (:data:`~hhtools.model.money.SYMBOL_CLASS`;
#: written out, so that the compiled test is a C switch: the tests check it is the same)
_SYMBOLS = "$€£₹¥"
#: the hands counted in cents
_CENTS = Unit.CENTS
#: the most digits :func:`amount_at` reads before leaving an amount to the rules
_MOST_DIGITS = 12
_ALL_IN = " and is all-in"

#: an amount as the rules' pattern reads it, the whole text
_AMOUNT = re.compile(_AMT).fullmatch

_action, _collect_of, _seat, _show_of = maker(Action), maker(Collect), maker(Seat), maker(Show)
_FOLD, _CHECK, _CALL, _BET = ActionKind.FOLD, ActionKind.CHECK, ActionKind.CALL, ActionKind.BET
_RAISE, _POST, _ANTE = ActionKind.RAISE, ActionKind.POST, PostKind.ANTE
_PREFLOP, _SHOWDOWN = Street.PREFLOP, Street.SHOWDOWN
#: the posts by the words after ": posts " (seats' ``_POSTS``), each with its words' length
_POST_WORDS = (
    ("small blind ", PostKind.SMALL_BLIND), ("big blind ", PostKind.BIG_BLIND),
    ("the ante ", PostKind.ANTE), ("ante ", PostKind.ANTE),
    ("straddle ", PostKind.STRADDLE), ("small & big blinds ", PostKind.DEAD_SMALL_AND_BIG),
)  # fmt: skip


def _starts(ln: str, lit: str, at: int) -> bool:
    """``ln.startswith(lit, at)``; compiled, two texts of one kind compared by ``memcmp``
    (``_c_starts``, plain.pxd), else ``PyUnicode_Tailmatch`` as ``str.startswith``."""
    if _C:
        return _c_starts(ln, lit, at)  # type: ignore[name-defined,no-any-return]  # noqa: F821
    return ln.startswith(lit, at)


def _ends(ln: str, lit: str) -> bool:
    """``ln.endswith(lit)``, by :func:`_starts`."""
    return len(ln) >= len(lit) and _starts(ln, lit, len(ln) - len(lit))


def amount_at(ln: str, i: int, end: int, cents: bool) -> int:
    """The amount ``ln[i:end]`` written the plain way, in minor units; ``-1`` when it is
    written any other way (the rules then read it: :meth:`~.state._Hand.money`).

    Plain: a currency symbol or none, then 1 to 12 ASCII digits, then in cents a "."
    and two digits or nothing ("$0.05" is 5 cents, "$2" 200); in chips digits only. Such
    an amount matches the rules' amount pattern and :meth:`~.state._Hand.money` reads
    it as here (``_plain_amount``); one from :data:`MAX_AMOUNT` up is ``-1`` too (the
    rules report it out of range).

    >>> amount_at("x $0.05", 2, 7, True), amount_at("$2", 0, 2, True), amount_at("1500", 0, 4, False)
    (5, 200, 1500)
    >>> amount_at("$1,250", 0, 6, True), amount_at("$0.5", 0, 4, True), amount_at("1.50", 0, 4, False)
    (-1, -1, -1)

    Raises:
        IndexError: ``i`` below 0 or ``end`` past the line's end.
    """
    if i < 0 or end > len(ln):
        raise IndexError("amount_at: i and end not within the line")
    if i < end and ln[i] in "$€£₹¥":  # _SYMBOLS
        i += 1
    start = i
    value = 0
    while i < end:
        c = ln[i]
        if c < "0" or c > "9":
            break
        value = value * 10 + (ord(c) - 48)
        i += 1
    if i == start or i - start > _MOST_DIGITS:
        return -1
    if i < end:
        if not cents or end - i != 3 or ln[i] != ".":
            return -1
        d1, d2 = ln[i + 1], ln[i + 2]
        if d1 < "0" or d1 > "9" or d2 < "0" or d2 > "9":
            return -1
        value = value * 100 + (ord(d1) - 48) * 10 + (ord(d2) - 48)
    elif cents:
        value *= 100
    return value if value < MAX_AMOUNT else -1


def _last_amount(ln: str, i: int, n: int, cents: bool) -> int:
    """The line's last amount, from ``i`` to its end or to " and is all-in" there, as
    :func:`amount_at` reads it: twice the amount, plus 1 when all-in; -1 for any other
    text."""
    end = ln.find(" ", i)
    if end < 0:
        end = n
        all_in = 0
    elif n - end == 14 and _ends(ln, _ALL_IN):
        all_in = 1
    else:
        return -1
    amount = amount_at(ln, i, end, cents)
    return -1 if amount < 0 else amount * 2 + all_in


def read_plain(h: _Hand, ln: str, name: str, lno: int) -> bool:
    """Read a line of ``name`` (the longest seated name ``ln`` starts with) written the
    plain way, adding what its player rule adds (the fold, check, call, bet, raise or
    post; the collect); ``False``, nothing added, for any other line.

    The plain lines, after the name: ": folds", ": checks", ": calls A", ": bets A",
    ": raises A to B", ": posts <small blind|big blind|the ante|ante|straddle|small &
    big blinds> A", each but the first two and the last ending in " and is all-in" or
    not, and " collected A from pot" (or "main pot", "side pot-N"); every amount as
    :func:`amount_at` reads it in the hand's unit.
    """
    at = len(name)
    n = len(ln)
    if n - at < 7:
        return False
    cents = h.units is _CENTS
    if ln[at] == " ":
        return _collected(h, ln, name, lno, at, n, cents)
    if ln[at + 1] != " ":  # ":" then not a space
        return False
    c = ln[at + 2]
    if c == "f":
        if n != at + 7 or not _starts(ln, ": folds", at):
            return False
        h.folded.add(name)
        h.actions.append(built(_action, (h.street, name, _FOLD, 0, None, False, None, lno)))
        return True
    if c == "c":
        if n == at + 8 and _starts(ln, ": checks", at):
            h.actions.append(built(_action, (h.street, name, _CHECK, 0, None, False, None,
                                         lno)))  # fmt: skip
            return True
        if not _starts(ln, ": calls ", at):
            return False
        return _added(h, ln, name, lno, at + 8, n, cents, _CALL)
    if c == "b":
        if not _starts(ln, ": bets ", at):
            return False
        return _added(h, ln, name, lno, at + 7, n, cents, _BET)
    if c == "r":
        return _raised(h, ln, name, lno, at, n, cents)
    if c == "p":
        return _posted(h, ln, name, lno, at, n, cents)
    return False


def _added(h: _Hand, ln: str, name: str, lno: int, i: int, n: int, cents: bool,
           kind: ActionKind) -> bool:  # fmt: skip
    """A call or a bet whose amount starts at ``i``."""
    got = _last_amount(ln, i, n, cents)
    if got < 0:
        return False
    h.actions.append(built(_action, (h.street, name, kind, got >> 1, None, got & 1 == 1, None,
                                     lno)))  # fmt: skip
    return True


def _raised(h: _Hand, ln: str, name: str, lno: int, at: int, n: int, cents: bool) -> bool:
    """": raises A to B" (and is all-in)."""
    if not _starts(ln, ": raises ", at):
        return False
    end = ln.find(" ", at + 9)
    if end < 0 or not _starts(ln, " to ", end):
        return False
    amount = amount_at(ln, at + 9, end, cents)
    got = _last_amount(ln, end + 4, n, cents)
    if amount < 0 or got < 0:
        return False
    h.actions.append(built(_action, (h.street, name, _RAISE, amount, got >> 1, got & 1 == 1,
                                     None, lno)))  # fmt: skip
    return True


def _posted(h: _Hand, ln: str, name: str, lno: int, at: int, n: int, cents: bool) -> bool:
    """": posts <kind> A" (and is all-in)."""
    if not _starts(ln, ": posts ", at):
        return False
    for words, kind in _POST_WORDS:
        if _starts(ln, words, at + 8):
            got = _last_amount(ln, at + 8 + len(words), n, cents)
            if got < 0:
                return False
            amount = got >> 1
            if kind is _ANTE and amount > h.ante:
                h.ante = amount
            h.actions.append(built(_action, (_PREFLOP, name, _POST, amount, None, got & 1 == 1,
                                             kind, lno)))  # fmt: skip
            return True
    return False


def _collected(h: _Hand, ln: str, name: str, lno: int, at: int, n: int, cents: bool) -> bool:
    """" collected A from pot" ("main pot"; "side pot-N": pot N)."""
    if not _starts(ln, " collected ", at):
        return False
    i = at + 11
    end = ln.find(" ", i)
    if end < 0 or not _starts(ln, " from ", end):
        return False
    amount = amount_at(ln, i, end, cents)
    if amount < 0:
        return False
    i = end + 6
    rest = n - i
    if (rest == 3 and _ends(ln, "pot")) or (rest == 8 and _ends(ln, "main pot")):
        pot = 0
    elif rest == 10 and _starts(ln, "side pot-", i) and "1" <= ln[n - 1] <= "9":
        pot = ord(ln[n - 1]) - 48
    else:
        return False
    board = h.show_board if h.street is _SHOWDOWN else 0
    h.collects.append(built(_collect_of, (name, amount, pot, board, lno)))
    return True


def _seat_number(ln: str, colon: int) -> int:
    """The number of a "Seat N: " line whose ": " is at ``colon``: 1 to 3 ASCII digits
    from index 5 (more are left to the rules: :meth:`~.state._Hand.number`); else -1."""
    if not 5 < colon < 9:
        return -1
    seat = 0
    for k in range(5, colon):
        c = ln[k]
        if c < "0" or c > "9":
            return -1
        seat = seat * 10 + (ord(c) - 48)
    return seat


def read_seat(h: _Hand, ln: str, lno: int) -> bool:
    """Seat the player of a seat line written the plain way, as
    :func:`~.seats._read_seats` seats them ("Seat 3: Ann (B) ($12.34 in chips)": the
    seat number 1 to 3 ASCII digits, the name up to the last " (", a plain stack:
    :func:`amount_at`); ``False``, nobody seated, for any other line."""
    n = len(ln)
    if n < 20 or not _ends(ln, " in chips)") or not _starts(ln, "Seat ", 0):
        return False
    end = n - 10
    cut = ln.rfind(" (", 0, end)
    colon = ln.find(": ", 5)
    if not 5 < colon < cut - 2:  # a name after the seat number
        return False
    seat = _seat_number(ln, colon)
    if seat < 0:
        return False
    stack = amount_at(ln, cut + 2, end, h.units is _CENTS)
    if stack < 0:
        return False
    player = ln[colon + 2 : cut]
    h.seat_as(built(_seat, (seat, player, stack, False, None, lno)), seat, player)
    return True


def read_total(h: _Hand, ln: str, lno: int) -> bool:
    """A summary's "Total pot A | Rake B" (or "Total pot A") line written the plain way,
    read as :func:`~.summary._total` reads it: the total and its line, the rake;
    ``False``, nothing read, for any other line (pot parts, other segments...)."""
    n = len(ln)
    if not _starts(ln, "Total pot ", 0):
        return False
    cents = h.units is _CENTS
    end = ln.find(" ", 10)
    if end < 0:
        end = n
    total = amount_at(ln, 10, end, cents)
    if total < 0:
        return False
    if end == n:
        rake = -1
    elif _starts(ln, " | Rake ", end):
        rake = amount_at(ln, end + 8, n, cents)
        if rake < 0:
            return False
    else:
        return False
    h.total = total
    h.total_line = lno
    if rake >= 0:
        h.rake = rake
    return True


#: a summary seat line's position tags (:mod:`.summary`'s ``_POS_TAGS``)
_TAGS = (" (button)", " (small blind)", " (big blind)")
#: where a summary seat line says the player folded, by its words after " folded "
_FOLDED = (("before Flop", _PREFLOP), ("before the Flop", _PREFLOP),
           ("on the Flop", Street.FLOP), ("on the Turn", Street.TURN),
           ("on the River", Street.RIVER))  # fmt: skip


def read_summary_seat(h: _Hand, ln: str, lno: int) -> bool:
    """A summary seat line written the plain way, read as
    :func:`~.summary._summary_seat` reads it: "Seat N: <the seat's player>", position
    tags, then " folded before Flop" ("before the Flop", "on the Flop"...; then "
    (didn't bet)" or not: a fold the body did not write is kept) or " collected (A)"
    (nothing to keep); ``False``, nothing read, for any other line (shows, mucks, a
    name not the seat's...)."""
    n = len(ln)
    colon = ln.find(": ", 5)
    seat = _seat_number(ln, colon) if _starts(ln, "Seat ", 0) else -1
    if seat < 0:
        return False
    player = h.names.get(seat)
    if player is None or not _starts(ln, player, colon + 2):
        return False
    i = colon + 2 + len(player)
    while i + 2 < n and ln[i + 1] == "(" and ln[i] == " ":  # " (" and a character
        c = ln[i + 2]  # the tag's first letter: no tag tried that it does not start
        for tag in _TAGS:
            if tag[2] == c and _starts(ln, tag, i):
                i += len(tag)
                break
        else:
            break
    if _starts(ln, " folded ", i):
        i += 8
        c = ln[i + 7] if i + 7 < n else " "  # "before Flop"'s "F", "on the Turn"'s "T"...
        for words, street in _FOLDED:
            if words[7] == c and _starts(ln, words, i):
                end = i + len(words)
                if end != n and (n - end != 13 or not _ends(ln, " (didn't bet)")):
                    return False
                if player not in h.folded:  # no fold line in the body
                    h.summary_folds.append((player, street, lno))
                return True
        return False
    if _starts(ln, " collected (", i) and _ends(ln, ")"):
        return amount_at(ln, i + 12, n - 1, h.units is _CENTS) >= 0
    if _starts(ln, " showed [", i):
        return _showed(h, ln, player, lno, i + 9, n)
    return False


def _showed(h: _Hand, ln: str, player: str, lno: int, i: int, n: int) -> bool:
    """A summary's " showed [C] and lost" or "and won ($A)", then " with D" or not (``i``
    where C starts): the show, as :data:`~.summary.S_SHOWED` reads it when D holds no
    ", and " (a second board's) and no "(" (a cash-out's note)."""
    end = ln.find("] and ", i)
    if end < 0 or "]" in ln[i:end]:
        return False
    k = end + 6
    if _starts(ln, "lost", k):
        k += 4
    elif _starts(ln, "won (", k):
        close = ln.find(")", k)
        if close < 0 or amount_at(ln, k + 5, close, h.units is _CENTS) < 0:
            return False
        k = close + 1
    else:
        return False
    if k == n:
        desc = None
    elif _starts(ln, " with ", k):
        desc = ln[k + 6 :]
        if ", and " in desc or "(" in desc:
            return False
    else:
        return False
    cards = read_cards(ln[i:end])
    h.know_cards(player, cards, lno)
    add_show(h, player, cards, desc, 0, lno)
    return True


def add_show(h: _Hand, player: str, cards: tuple[str, ...], desc: str | None, board: int,
             lno: int) -> None:  # fmt: skip
    """A show of ``player``'s ``cards`` (read, and known: :meth:`~.state._Hand.know_cards`)
    on ``board`` (0; 1 the second of a hand run twice), the site's description ``desc``
    ("HI: ...; LO: ...", or ``None``) split (:func:`_split_desc`) and read (:func:`read_high`,
    :func:`read_low`)."""
    hi, lo = _split_desc(desc)
    h.shows.append(built(_show_of, (player, cards, hi, lo, False, board, lno, read_high(hi),
                                    read_low(lo))))  # fmt: skip


def _split_desc(desc: str | None) -> tuple[str | None, str | None]:
    """``"HI: a pair; LO: 8,6,4,2,A"`` -> ``("a pair", "8,6,4,2,A")``."""
    if desc is None:
        return None, None
    if not desc.startswith(("HI:", "LO:")):
        return desc, None
    hi = lo = None
    for part in desc.split("; "):
        if part.startswith("HI: "):
            hi = part[4:]
        elif part.startswith("LO: "):
            lo = part[4:]
        elif hi is not None:
            hi += "; " + part
    return hi, lo


def show_parts(ln: str, at: int) -> dict[str, str | None] | None:
    """The cards and description texts of a line ": shows [..] (..)" after a name that
    ends at ``at``, as :data:`.actions.SHOW` reads them (``desc`` ``None`` when the line
    has none); ``None``: not such a line."""
    if not ln.startswith(": shows [", at):
        return None
    end = ln.find("]", at + 9)
    n = len(ln)
    if end < 0:
        return None
    if end + 1 == n:
        desc = None
    elif n >= end + 4 and ln.startswith(" (", end + 1) and ln.endswith(")"):
        desc = ln[end + 3 : n - 1]
    else:
        return None
    return {"cards": ln[at + 9 : end], "desc": desc}


def _bracketed(text: str) -> bool:
    """Whether ``text`` is card lists in brackets, each after a space (" [Qh Td Ts]
    [9c]", or none: ""), as :data:`.line_rules.STREET_LINE` reads a street line's cards.

    >>> _bracketed(" [Qh Td Ts] [9c]"), _bracketed(""), _bracketed(" [Qh]]"), _bracketed("[Qh]")
    (True, True, False, False)
    """
    lists = text.split("]")
    if lists.pop():  # text after the last "]"
        return False
    for part in lists:
        if not part.startswith(" ["):
            return False
    return True


def _dealt(ln: str) -> tuple[str, str] | None:
    """A "Dealt to" line's player and cards text as :data:`DEALT` reads them (``None``:
    not read). The line is cut at its last " [" (the pattern's longest name ends there
    when no "]" follows it but the last), else read by the pattern.

    >>> _dealt("Dealt to Ann [x] [Ah Kd 5c 3s]"), _dealt("Dealt to Ann [Ah]]")
    (('Ann [x]', 'Ah Kd 5c 3s'), None)
    """
    if _lines.FAST and ln[-1:] == "]":
        name, cut, cards = ln[9:-1].rpartition(" [")
        if cut and name and "]" not in cards:
            return name, cards
    r = _m(DEALT, ln)
    return None if r is None else (r["player"], r["cards"])


_RETURNED_TO = ") returned to "


def _uncalled(ln: str) -> tuple[str, str] | None:
    """An "Uncalled bet (..)" line's amount text and player as :data:`UNCALLED` reads
    them (``None``: not read): cut at the first ") returned to " (an amount holds no
    ")"), else read by the pattern.

    >>> _uncalled("Uncalled bet ($0.50) returned to Ann (B)"), _uncalled("Uncalled bet (x) returned to A")
    (('$0.50', 'Ann (B)'), None)
    """
    if _lines.FAST and ln.startswith("Uncalled bet ("):
        at = ln.find(_RETURNED_TO, 14)
        if at > 0 and len(ln) > at + 14 and (amount_at(ln, 14, at, True) >= 0  # plain
                                            or _AMOUNT(ln, 14, at) is not None):  # fmt: skip
            return ln[14:at], ln[at + 14 :]
    r = _m(UNCALLED, ln)
    return None if r is None else (r["amount"], r["player"])


#: the cards as the record writes them, by rank ("23456789TJQKA") times 4 plus suit
#: ("cdhs"): a card read from its characters is one of these (no text made)
_CARD_TEXTS = tuple(r + s for r in "23456789TJQKA" for s in "cdhs")


def read_cards(text: str) -> tuple[str, ...]:
    """The cards of ``text`` as :func:`~hhtools.grammars._lines._cards` reads them (the
    same cards, the same errors); with :data:`QUICK`, cards written as the record writes
    them, one space between ("Ah Kd 5c"), are read from their characters
    (:func:`cards_at`).

    >>> read_cards("Ah Kd 5c"), read_cards("10h 9s")
    (('Ah', 'Kd', '5c'), ('Th', '9s'))
    """
    if QUICK:
        out: list[str] = []
        if cards_at(out, text, 0, len(text)) == len(text):
            return tuple(out)
    return _cards(text)


def cards_at(out: list[str], ln: str, i: int, end: int) -> int:
    """Add to ``out`` the cards of ``ln`` from ``i``, each two characters (a rank of
    "23456789TJQKA", a suit of "cdhs") and one space between, up to ``end`` or the first
    "]" after a card; the index after the last card (``end``, or that "]"), or -1 when
    the text is written any other way (nothing is then to be kept of ``out``).

    Raises:
        IndexError: ``i`` below 0 or ``end`` past the line's end.
    """
    if i < 0 or end > len(ln):
        raise IndexError("cards_at: i and end not within the line")
    while i + 1 < end:
        r = _rank(ln[i])
        su = _suit(ln[i + 1])
        if r < 0 or su < 0:
            return -1
        out.append(_CARD_TEXTS[r * 4 + su])
        i += 2
        if i == end or ln[i] == "]":
            return i
        if ln[i] != " ":
            return -1
        i += 1
    return -1


def _rank(c: str) -> int:
    """A rank's place in "23456789TJQKA"; -1 for any other character."""
    if "2" <= c <= "9":
        return ord(c) - 50
    return 8 if c == "T" else 9 if c == "J" else 10 if c == "Q" else 11 if c == "K" else (
        12 if c == "A" else -1)


def board_lists(ln: str, i: int) -> tuple[str, ...] | None:
    """The cards of a street line's lists from ``i`` (" [Qh Td Ts] [9c]"), as
    :func:`_bracketed` and ``_cards`` read them there, when each list is cards written
    as the record writes them (:func:`cards_at`); ``None`` for any other text."""
    n = len(ln)
    out: list[str] = []
    while i < n:
        if not _starts(ln, " [", i):
            return None
        i = cards_at(out, ln, i + 2, n)
        if i < 0 or i == n or ln[i] != "]":
            return None
        i += 1
    return tuple(out) if out else None


def _suit(c: str) -> int:
    """A suit's place in "cdhs"; -1 for any other character."""
    return 0 if c == "c" else 1 if c == "d" else 2 if c == "h" else 3 if c == "s" else -1
