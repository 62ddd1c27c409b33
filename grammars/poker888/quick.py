"""888poker lines written the plain way, read straight from their text: the compiled
core's quick path through a hand's body (the kernel's ``quick`` reader,
:func:`~hhtools.grammars._betting.read_body`).

Most of an 888 hand's body lines are a seat line, a seated player's post, call, bet,
raise, all-in, check, fold or collect with a plain amount ("Ydmgju1 raises [$125]",
"Seat 1: Ydmgju1 ( $3,000 )"), or one of the fixed lines that carry nothing but a mark
("** Dealing down cards **", "** Summary **"). :func:`read_line` reads such a line from
its characters: the words compared with the rule's own (:mod:`.read`'s ``_FIXED`` and
``_PLAYER``), the amount by :func:`~.._digits.amount_in` (digits read into an int, no text cut out
of the line), and adds what the rule's handler adds, through the same methods of the
hand. It reads a line only when it is written exactly the plain way; any other line (an
amount written "368,55 $" or "1 430", a dead blind, a street's cards, a show, a name not
seated...) is left to the rules: ``False`` and nothing added. The rules stay the
reference and hold every line; run compiled, this path saves their per-line lookups and
the Python calls between them. Run as Python the rules are as quick, so :data:`QUICK`
is set only in the compiled core (the tests set it on the Python path too, and check
that both read every line and fixture alike).
"""

from __future__ import annotations

from typing import Any

from hhtools.grammars._digits import amount_in, button_in, name_in, number_in
from hhtools.grammars._lines import _BadCards, _cards
from hhtools.model.frozen import maker
from hhtools.model.money import Unit
from hhtools.model.records import ActionKind, Collect, PostKind, Show, Street

__all__ = ["FIXED_WORDS", "QUICK", "read_line"]


def _compiled() -> bool:
    """Whether this module runs compiled (its functions are then Cython's)."""
    return type(_compiled).__name__ == "cython_function_or_method"


#: ``True``: an 888 hand's body is read with :func:`read_line` first (set when this module
#: runs compiled; the tests set it on the Python path to check the two readings agree)
QUICK = _compiled()

#: the first words of :mod:`.read`'s fixed lines (its ``_FIXED`` table's keys: the tests
#: check they are the same): a line starting with one is never a player's line here
FIXED_WORDS = frozenset({"#Game", "(Hi:", "(Lo:", "**", "*{4,5}", "Dealt", "Seat", "Total"})
_CENTS = Unit.CENTS
_CALL, _BET, _RAISE = ActionKind.CALL, ActionKind.BET, ActionKind.RAISE
#: the posts by their words after "posts ", up to the amount's "[" (a dead blind is the rules')
_POSTS = {"small blind [": PostKind.SMALL_BLIND, "big blind [": PostKind.BIG_BLIND,
          "ante [": PostKind.ANTE}  # fmt: skip
_FLOP, _TURN, _RIVER = Street.FLOP, Street.TURN, Street.RIVER
#: a collect line's record (pot 0: given to its pot after the hand, board 0, no half)
_collect = maker(Collect)
_show = maker(Show)


def read_line(h: Any, ln: str, lno: int) -> bool:
    """Read a body line of an 888 hand ``h`` (:mod:`.read`'s ``_Hand``) written the plain
    way, adding what its rule's handler adds; ``False``, nothing added, for any other
    line (the rules read it).

    The plain lines: "Seat N: <name> ( A )", "Seat N is the button", "** Dealing down
    cards **", "** Dealing flop ** [C]" ("turn", "river"), "Dealt to <name> [C]", "**
    Summary **", "Total number of players : N", and after a seated player's name (the
    longest: ``Hand.name``) "folds", "checks", "calls [A]", "bets [A]", "raises [A]",
    "is all-in [A]", "posts small blind [A]" ("big blind", "ante"), "collected [A]",
    "shows [C]", "mucks [C]" and "did not show his hand"; every amount as
    :func:`~.._digits.amount_in` reads it in the hand's unit, a seat number 1 to 3 ASCII digits,
    cards in English letters while the hand's are (``C``: "5s, Ad, 8h, 7c").
    """
    n = len(ln)
    if n < 5:
        return False
    if ln[0] in "#(*DST":  # the first characters of FIXED_WORDS
        cut = ln.find(" ")
        if (ln if cut < 0 else ln[:cut]) in FIXED_WORDS:
            return _fixed(h, ln, n, lno)
    who = name_in(h.by_initial, ln, " ")  # Hand.name's reading
    if who is None:
        return False
    at = len(who) + 1
    if at >= n:
        return False
    c = ln[at]
    if c == "f":
        if n - at != 5 or not ln.endswith("folds"):
            return False
        if not h.dealt and not h.put.get(who):  # passed over by the deal (read's _plain)
            h.passed_over.add(who)
        else:
            h.fold(who, lno)
        return True
    if c == "c":
        if n - at == 6 and ln.endswith("checks"):
            h.check(who, lno)
            return True
        if ln.startswith("calls [", at):
            return _added(h, ln, who, at + 7, n, lno, _CALL, False)
        if ln.startswith("collected [", at):
            return _collected(h, ln, who, at + 11, n, lno)
        return False
    if c == "b":
        return ln.startswith("bets [", at) and _added(h, ln, who, at + 6, n, lno, _BET, False)
    if c == "r":
        return ln.startswith("raises [", at) and _added(h, ln, who, at + 8, n, lno, _RAISE, False)
    if c == "i":
        return ln.startswith("is all-in [", at) and _added(h, ln, who, at + 11, n, lno, None, True)
    if c == "p":
        return _posted(h, ln, who, at, n, lno)
    if c == "s" or c == "m":
        return _shown(h, ln, who, at, n, lno)
    return c == "d" and n - at == 21 and ln.endswith("did not show his hand")


def _amount_to_end(h: Any, ln: str, i: int, n: int) -> int:
    """The amount from ``i`` to the line's closing "]" (its last character), as
    :func:`~.._digits.amount_in` reads it in the hand's unit; -1 for any other text."""
    if ln[n - 1] != "]":
        return -1
    return amount_in(ln, i, n - 1, h.unit is _CENTS)


def _added(h: Any, ln: str, who: str, i: int, n: int, lno: int, kind: Any, said: bool) -> bool:
    """A call, bet, raise or all-in (``kind`` ``None``: the betting decides) whose amount
    starts at ``i``, as :mod:`.read`'s ``_act`` adds it: all-in when the line says so or
    the chips put in reach the player's stack."""
    amount = _amount_to_end(h, ln, i, n)
    if amount < 0:
        return False
    put: dict[str, int] = h.put
    stacks: dict[str, int] = h.stacks
    stack = stacks.get(who, -1)
    all_in = said or (put.get(who, 0) + amount >= stack and stack > 0)
    h.added(who, kind, amount, lno, all_in)
    return True


def _posted(h: Any, ln: str, who: str, at: int, n: int, lno: int) -> bool:
    """"posts small blind [A]" ("big blind", "ante"): the post (a dead blind, or an
    amount with a "+", is the rules')."""
    if not ln.startswith("posts ", at):
        return False
    cut = ln.find("[", at + 6)
    kind = _POSTS.get(ln[at + 6 : cut + 1]) if cut > 0 else None
    if kind is None:
        return False
    amount = _amount_to_end(h, ln, cut + 1, n)
    if amount < 0:
        return False
    h.post(who, kind, amount, lno)
    return True


def _collected(h: Any, ln: str, who: str, i: int, n: int, lno: int) -> bool:
    """"collected [A]": the collect, its pot given after the hand (:mod:`.read`'s
    ``_paid_out``)."""
    amount = _amount_to_end(h, ln, i, n)
    if amount < 0:
        return False
    h.collects.append(_collect(who, amount, 0, 0, lno, None))
    return True


def _english(h: Any, text: str) -> tuple[str, ...] | None:
    """The cards of a line's brackets ("5s, Ad, 8h, 7c") in English letters, as
    :mod:`.read`'s ``_read_cards`` reads them while the hand's language is English (the
    text kept among the hand's card texts); ``None``, nothing kept, for any other text
    or a hand in another language (the rules read it)."""
    if h.language is not None:
        return None
    text = text.replace(",", " ")
    try:
        cards = _cards(text)
    except _BadCards:
        return None
    h.card_texts.append(text)
    return cards


def _shown(h: Any, ln: str, who: str, at: int, n: int, lno: int) -> bool:
    """"shows [C]" or "mucks [C]": the show (mucked or not), its cards known."""
    if ln.startswith("shows [", at):
        mucked = False
    elif ln.startswith("mucks [", at):
        mucked = True
    else:
        return False
    if ln[n - 1] != "]":
        return False
    cards = _english(h, ln[at + 7 : n - 1])
    if cards is None:
        return False
    h.show(who, _show(who, cards, None, None, mucked, 0, lno, None, None))
    return True


def _street(h: Any, ln: str, n: int) -> bool:
    """"** Dealing flop ** [C]" ("turn", "river"; the cards or none): the betting round
    starts, the cards go to the board; "** Dealing down cards **": the deal."""
    if ln == "** Dealing down cards **":
        h.dealt = True
        return True
    if ln.startswith("flop **", 11):
        street, at = _FLOP, 18
    elif ln.startswith("turn **", 11):
        street, at = _TURN, 18
    elif ln.startswith("river **", 11):
        street, at = _RIVER, 19
    else:
        return False
    if at == n:
        cards = _english(h, "")
    elif ln.startswith(" [", at) and ln[n - 1] == "]":
        cards = _english(h, ln[at + 2 : n - 1])
    else:
        return False
    if cards is None:
        return False
    h.new_street(street)
    h.board.extend(cards)
    return True


def _dealt(h: Any, ln: str, n: int) -> bool:
    """"Dealt to <name> [C]" (the name up to the first " [", as the rule's lazy name):
    the hero and the hero's cards."""
    cut = ln.find(" [", 10)
    if cut < 0 or ln[n - 1] != "]":
        return False
    cards = _english(h, ln[cut + 2 : n - 1])
    if cards is None:
        return False
    player = ln[9:cut]
    h.hero = player
    h.hole[player] = cards
    return True


def _fixed(h: Any, ln: str, n: int, lno: int) -> bool:
    """A line starting with a fixed word: a seat line, the button's, a street's, the
    hero's cards, the summary's mark, the players' count; ``False`` for any other."""
    if ln.startswith("Seat "):
        return _seat(h, ln, n, lno)
    if ln.startswith("** Dealing "):
        return _street(h, ln, n)
    if ln.startswith("Dealt to "):
        return _dealt(h, ln, n)
    if ln == "** Summary **":
        h.summary = True
        return True
    return ln.startswith("Total number of players : ") and number_in(ln, 26, n) >= 0


def _seat(h: Any, ln: str, n: int, lno: int) -> bool:
    """"Seat N: <name> ( A )" (the name up to the first " ( ", ``A`` plain: what the
    rule's lazy name and amount read then) or "Seat N is the button"."""
    colon = ln.find(": ", 5)
    if colon < 0:
        seat = button_in(ln)
        if seat < 0:
            return False
        h.button = seat
        return True
    seat = number_in(ln, 5, colon)
    if seat < 0 or not ln.endswith(" )"):
        return False
    cut = ln.find(" ( ", colon + 3)
    if cut < 0:
        return False
    stack = amount_in(ln, cut + 3, n - 2, h.unit is _CENTS)
    if stack < 0:
        return False
    if not h.actions:  # a seat line after the betting started tells nothing new
        h.seat(seat, ln[colon + 2 : cut], stack, lno)
    return True
