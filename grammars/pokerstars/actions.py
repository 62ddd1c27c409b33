"""The body of a PokerStars hand, one line at a time (:func:`_line`): street lines,
what seated players do and say (fold, check, call, bet, raise, post, show, collect,
cash out, chat, table status, tournament results...), the lines that do not start with
a seated player (hole cards dealt, uncalled bets, money the room adds to the pot, "Hand
cancelled"...), and, once the summary started, its lines.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

import pyparsing as pp
from hhtools.grammars import _lines
from hhtools.grammars._betting import read_body
from hhtools.grammars._lines import _cards, _m
from hhtools.grammars.pokerstars.line_rules import (
    BET,
    CALL,
    CASH_OUT,
    CHECK,
    COLLECT,
    FOLD,
    HAND_CANCELLED,
    MUCK,
    NO_SHOW,
    PLAYER_RULES,
    QUIET,
    RAISE,
    REBUY,
    RIO_SHOW,
    ROOM_ADDED,
    SHOW,
    SITS_OUT,
    STATUS,
    STREET_LINE,
    _KNOWN_FIXED,
    _SECOND_TRY,
)
from hhtools.grammars.pokerstars.plain import (
    _bracketed, _dealt, _uncalled, add_show, board_lists, read_cards, read_plain, show_parts,
)  # fmt: skip
from hhtools.grammars.pokerstars.seats import _POSTS, POST, _post
from hhtools.grammars.pokerstars.state import _Hand
from hhtools.grammars.pokerstars.summary import _board, _summary_seat, _total
from hhtools.grammars.pokerstars.tourney import (
    BOUNTY,
    FINISHED,
    WINS_TOURNAMENT,
    _bounty,
    _finished,
    _split_bounty,
    _wins_tournament,
)

from hhtools.model.frozen import maker
from hhtools.model.quick import built
from hhtools.model.money import Unit
from hhtools.model.records import (
    Action,
    ActionKind,
    CashOut,
    Collect,
    PostKind,
    Returned,
    Street,
)
from hhtools.model.vocab import ProblemCode

_STREETS = {"FLOP": Street.FLOP, "TURN": Street.TURN, "RIVER": Street.RIVER}
#: the street lines of one board read by cutting them (:func:`_street`): these and a
#: Courchevel hand's "*** PRE-FLOP *** [9c]", read as :data:`.line_rules.STREET_LINE` reads it
_ONE_BOARD = {**_STREETS, "PRE-FLOP": Street.PREFLOP}


# ----------------------------------------------------------------------------- dispatch
#: the records a body line makes, built without the class call (:func:`maker`)
_action, _collect_of = maker(Action), maker(Collect)
_returned = maker(Returned)


class _Body(_Hand):
    """A PokerStars hand as its body is read: the kernel's hand state (:class:`_Hand`)
    and :meth:`read_line`, the reader :func:`~hhtools.grammars._betting.read_body` calls
    on each line (a method: no object made per hand or per line to call it)."""

    __slots__ = ("seen", "known")

    #: what the texts after a seated name read as, in the hand's unit
    #: (:attr:`PlayerRules.seen`; set by the parse once the header gave the unit: no
    #: class default, so a hand read without its unit fails rather than share a cache
    #: of another unit)
    seen: dict[str, _Entry]
    #: whole player lines read before, in the hand's unit: ``(name, entry)``
    #: (:attr:`PlayerRules.lines`; set with :attr:`seen`)
    known: dict[str, tuple[str, _Entry]]

    def read_line(self, ln: str, lno: int) -> bool:
        """Read one body line into the hand; ``False`` when no rule reads it.

        One dispatch per line: a street line by its "*** ", a summary line by its
        first words, a seated player's line by the whole line when it was read before
        (:attr:`known`, trusted when its player is seated and no other seated name
        starts with theirs: :attr:`~.state._Hand.lone`) or by the text after the name
        (:attr:`seen`); the common verbs, folds, checks, calls, bets, raises and
        posts, are applied here from their amounts already read, the others by their
        handler; else the fixed rules by the line's first character.

        Raises:
            _BadCards, _OutOfRange, ValueError: a card, an amount or a number the
                line holds is not one (:func:`~hhtools.grammars._betting.read_body`
                reports them).
        """
        c = ln[:1]
        if c == "*" and ln.startswith("*** "):
            return _street(self, ln, lno)
        if self.summary:
            if c == "S" and ln.startswith("Seat "):
                return _summary_seat(self, ln, lno)
            if c == "T" and ln.startswith("Total pot "):
                return _total(self, ln, lno)
            if "Board [" in ln[:15] and _board(self, ln, lno):
                return True
        if self.quick:  # the plain lines read from their text (:mod:`.plain`)
            player = self.player_prefix(ln)
            if player is None:  # no seated name starts the line: no player rule reads it
                return _fixed(self, ln, lno)
            if read_plain(self, ln, player, lno):
                return True
            shown = show_parts(ln, len(player))
            if shown is not None:
                _show(self, player, shown, lno)
                return True
        got = self.known.get(ln)
        if got is None or got[0] not in self.lone:
            got = self.player_line(ln)
            if got is None:
                return _fixed(self, ln, lno)
        name, hit = got
        op = hit[0]
        if op == _OP_FOLD:
            self.folded.add(name)
            self.actions.append(_action(self.street, name, _FOLD, 0, None, False, None, lno))
        elif op == _OP_ADD:  # calls, bets: (op, kind's index, amount, all-in)
            kind = _ADD_KINDS[hit[1]]
            self.actions.append(_action(self.street, name, kind, hit[2], None, hit[3], None, lno))
        elif op == _OP_CHECK:
            self.actions.append(_action(self.street, name, _CHECK, 0, None, False, None, lno))
        elif op == _OP_RAISE:  # (op, amount, to, all-in)
            act = _action(self.street, name, _RAISE, hit[1], hit[2], hit[3], None, lno)
            self.actions.append(act)
        elif op == _OP_POST:  # (op, post kind's index, amount, all-in)
            amount = hit[2]
            post = _POST_KINDS[hit[1]]
            if post is _ANTE and amount > self.ante:
                self.ante = amount
            self.actions.append(_action(_PREFLOP, name, _POST, amount, None, hit[3], post, lno))
        elif op == _OP_COLLECT:  # (op, amount, pot)
            board = self.show_board if self.street is _SHOWDOWN else 0
            self.collects.append(_collect_of(name, hit[1], hit[2], board, lno))
        else:  # (op, handler, results)
            hit[1](self, name, hit[2], lno)
        return True

    def player_line(self, ln: str) -> tuple[str, _Entry] | None:
        """The longest seated name ``ln`` starts with (and ":" or " ") and what the rest
        reads as (:attr:`seen`, else :meth:`PlayerRules.learn`), kept in :attr:`known`;
        ``None`` when no seated name starts it or the rest is read by no player rule."""
        name = self.player_prefix(ln)  # the longest seated name
        if name is None:
            return None
        rest = ln[len(name) :]
        hit = self.seen.get(rest)
        if hit is None:
            hit = self.rules.learn(self, rest)
        if not hit:
            return None
        known = self.known
        if len(known) >= _KNOWN_MAX:
            known.clear()
        got = known[ln] = (name, hit)
        return got


def read_lines(h: _Body, lines: list[str], start: int, line: int) -> bool:
    """Read a hand's body, ``lines[start:]`` (normalised), into ``h`` as
    :func:`~hhtools.grammars._betting.read_body` reads it with :meth:`_Body.read_line`
    (``past_range``, :data:`QUIET`): the same lines read, the same problems.

    Each line is read here by :meth:`_Body.read_line` (in the compiled core a C call, no
    Python call a line); only a line it does not read, or raises on, goes to
    ``read_body``, with what it gave (:func:`_not_read`, :class:`_Raised`): the kernel's
    reader, the one place that turns such a line into its problem (``unrecognised_line``
    unless :data:`QUIET` reads it; ``bad_cards``, ``out_of_range``, ``bad_amount``) or
    lets any other error through (the hand's ``internal_error``).

    Args:
        h: the hand being read.
        lines: the hand's lines, header first; ``start`` the index of the body's first.
        line: the file line of ``lines[0]``.

    Returns:
        ``False`` when a line held an amount or a seat number out of range (reported),
        else ``True``.
    """
    in_range = True
    n = len(lines)
    for i in range(start, n):
        ln = lines[i]
        if not ln or (ln[0].isspace() and ln.isspace()):  # the first character in C
            continue
        try:
            if h.read_line(ln, line + i):
                continue
            again: Callable[[str, int], bool] = _not_read
        except Exception as exc:  # noqa: BLE001 - handed on, reported or raised there
            again = _Raised(exc)
        if not read_body(h, ((i, ln),), line, again, past_range=True,  # type: ignore[arg-type]
                         quiet=QUIET, normalised=True):  # (the kernel's state as _Hand holds it)
            in_range = False
    return in_range


def _not_read(ln: str, lno: int) -> bool:
    """A line :meth:`_Body.read_line` did not read (:func:`read_lines`)."""
    return False


class _Raised:
    """What :meth:`_Body.read_line` raised on a line, raised again when called
    (:func:`read_lines` hands it to ``read_body``)."""

    __slots__ = ("exc",)

    def __init__(self, exc: Exception) -> None:
        self.exc = exc

    def __call__(self, ln: str, lno: int) -> bool:
        raise self.exc


def _fixed(h: _Hand, ln: str, lno: int) -> bool:
    c = ln[:1]
    if c == "D" and ln.startswith("Dealt to "):
        dealt = _dealt(ln)
        if dealt is not None:
            player = dealt[0]
            cards = read_cards(dealt[1])
            if player not in h.names.values():
                h.problem(lno, ProblemCode.UNKNOWN_PLAYER,
                          f"'Dealt to' a player not seated: {player}", ln)  # fmt: skip
            h.hero = player
            h.know_cards(player, cards, lno)
            return True
    elif c == "U" and ln.startswith("Uncalled bet "):
        uncalled = _uncalled(ln)
        if uncalled is not None:
            player = uncalled[1]
            if player not in h.names.values():
                h.problem(lno, ProblemCode.UNKNOWN_PLAYER,
                          f"uncalled bet to a player not seated: {player}", ln)  # fmt: skip
            h.returned.append(built(_returned, (player, h.money(uncalled[0]), lno)))
            return True
    elif c == "H" and _m(HAND_CANCELLED, ln) is not None:
        h.cancelled = h.cancelled or lno
        return True
    elif (c == "S" or c == "C") and (r := _m(ROOM_ADDED, ln)) is not None:
        h.room_added_body += h.money(r["amount"])
        return True
    known = _KNOWN_FIXED.get(c)
    if known is not None and _m(known, ln) is not None:
        return True
    if " split the " in ln and _split_bounty(h, ln, lno):
        return True
    return False  # chat, joins... are read by QUIET (read_body) once nothing else reads them


def _street(h: _Hand, ln: str, lno: int) -> bool:
    if ln == "*** HOLE CARDS ***":  # the street lines with no cards, as STREET_LINE reads them
        h.street = _PREFLOP
        return True
    if ln == "*** SUMMARY ***":
        h.summary = True
        return True
    if ln == "*** SHOW DOWN ***":
        h.street = _SHOWDOWN
        h.show_board = 0
        return True
    end = ln.find(" ***", 4)  # "*** FLOP *** [..]": the pre-flop, flop, turn or river of one board
    street = _ONE_BOARD.get(ln[4:end]) if end > 0 else None
    if street is not None:  # its cards read from their characters (:mod:`.plain`), else cut
        dealt = board_lists(ln, end + 4) if h.quick else None
        if dealt is None and _bracketed(ln[end + 4 :]):
            dealt = _cards(ln[end + 4 :].replace("[", " ").replace("]", " "))
        if dealt is not None:
            h.street = street
            h.street_boards[0] = dealt
            h.sightings.append((lno, "\x00*", dealt))
            return True
    r = _m(STREET_LINE, ln)
    if r is None:
        return False
    name: str = r["name"]
    cards_text: str = r["cards"]
    board: tuple[str, ...] = ()
    if cards_text:
        board = _cards(cards_text.replace("[", " ").replace("]", " "))
    if name == "HOLE CARDS":
        h.street = Street.PREFLOP
    elif name == "PRE-FLOP":
        h.street = Street.PREFLOP
        h.street_boards[0] = board
        h.sightings.append((lno, "\x00*", board))
    elif name == "SUMMARY":
        h.summary = True
    elif "SHOW" in name:
        h.street = Street.SHOWDOWN
        h.show_board = 1 if name.startswith("SECOND") else 0
    else:
        which, _, street_name = name.rpartition(" ")
        h.street = _STREETS[street_name]
        if which == "SECOND":
            h.street_boards[1] = board
            h.sightings.append((lno, "\x001", board))
        else:
            h.street_boards[0] = board
            h.sightings.append((lno, "\x000" if which else "\x00*", board))
    return True


# ----------------------------------------------------------------------------- player handlers
def _act(kind: ActionKind) -> Callable[[_Hand, str, Any, int], None]:
    def handler(h: _Hand, player: str, r: Any, lno: int) -> None:
        text = r["amount"]
        amount = h.read.get(text)
        if amount is None:
            amount = h.money(text)
        h.actions.append(
            _action(h.street, player, kind, amount, None, r["allin"] is not None, None, lno)
        )

    return handler


def _fold(h: _Hand, player: str, r: Any, lno: int) -> None:
    if r["cards"]:
        h.know_cards(player, _cards(r["cards"]), lno)
    h.folded.add(player)
    h.actions.append(_action(h.street, player, ActionKind.FOLD, 0, None, False, None, lno))


def _check(h: _Hand, player: str, r: Any, lno: int) -> None:
    h.actions.append(_action(h.street, player, ActionKind.CHECK, 0, None, False, None, lno))


def _raise(h: _Hand, player: str, r: Any, lno: int) -> None:
    h.actions.append(
        _action(
            h.street, player, ActionKind.RAISE, h.money(r["amount"]), h.money(r["to"]),
            r["allin"] is not None, None, lno,
        )
    )  # fmt: skip


def _show(h: _Hand, player: str, r: Any, lno: int) -> None:
    cards = read_cards(r["cards"])
    h.know_cards(player, cards, lno)
    add_show(h, player, cards, r["desc"], h.show_board, lno)


def _collect(h: _Hand, player: str, r: Any, lno: int) -> None:
    board = h.show_board if h.street is _SHOWDOWN else 0
    h.collects.append(_collect_of(player, h.money(r["amount"]), _pot(r), board, lno))


def _pot(r: Any) -> int:
    """The pot a collect line names: 0 the main pot, k side pot k ("side pot" alone: 1)."""
    pot_name: str = r["pot"]
    if pot_name in ("pot", "main pot"):
        return 0
    side = r["side"] or r["side_rio"]
    return int(side) if side else 1


def _cash_out(h: _Hand, player: str, r: Any, lno: int) -> None:
    fee = h.money(r["fee"]) if r["fee"] else 0
    h.cash_outs.append(CashOut(player, h.money(r["amount"]), fee, lno))


def _known(h: _Hand, player: str, r: Any, lno: int) -> None:
    """Lines the record does not need (mucks, rebuys)."""


def _sits_out(h: _Hand, player: str, r: Any, lno: int) -> None:
    """ "X: sits out", "X is sitting out", "X will be allowed to play after the button",
    "X was removed from the table for failing to post": a seated player who has done
    nothing yet is not dealt in (:meth:`~hhtools.grammars._hand.Hand.sit_out`)."""
    h.sit_out(player)


_call = _act(ActionKind.CALL)
_bet = _act(ActionKind.BET)

_PLAYER_HANDLERS: dict[pp.Regex, Callable[[_Hand, str, Any, int], None]] = {
    FOLD: _fold,
    CHECK: _check,
    CALL: _call,
    BET: _bet,
    RAISE: _raise,
    POST: _post,
    SHOW: _show,
    RIO_SHOW: _show,
    COLLECT: _collect,
    CASH_OUT: _cash_out,
    MUCK: _known,
    NO_SHOW: _known,
    SITS_OUT: _sits_out,
    STATUS: _sits_out,
    FINISHED: _finished,
    WINS_TOURNAMENT: _wins_tournament,
    BOUNTY: _bounty,
    REBUY: _known,
}

_Handler = Callable[[_Hand, str, Any, int], None]
_Match = Callable[[str], Any]
#: a player rule's entry: its matcher and handler, and the rule tried next (or ``None``)
_Rule = tuple[_Match, _Handler, _Match | None, _Handler | None]
#: what a text after a name reads as (:meth:`PlayerRules.learn`): ``(op, ...)`` by the
#: ``_OP_`` codes below, or :data:`_UNREAD`
_Entry = tuple[Any, ...]

#: :meth:`_Body.read_line`'s operations: a plain fold ``(op,)``, a check ``(op,)``, a call or
#: a bet ``(op, kind, amount, all-in)``, a raise ``(op, amount, to, all-in)``, a post
#: ``(op, post kind, amount, all-in)``, a collect ``(op, amount, pot)``, any other line
#: ``(op, handler, results)``; a kind is its index in :data:`_ADD_KINDS` or :data:`_POST_KINDS`
#: (ints and bools alone: the collector untracks the entries kept, and their lines)
_OP_FOLD, _OP_CHECK, _OP_ADD, _OP_RAISE, _OP_POST, _OP_COLLECT, _OP_OTHER = range(7)
_FOLDS: _Entry = (_OP_FOLD,)
_CHECKS: _Entry = (_OP_CHECK,)
_FOLD, _CHECK, _RAISE, _POST = ActionKind.FOLD, ActionKind.CHECK, ActionKind.RAISE, ActionKind.POST
_ANTE, _PREFLOP, _SHOWDOWN = PostKind.ANTE, Street.PREFLOP, Street.SHOWDOWN
#: the kinds of a call or bet entry and of a post entry, by the index the entry holds
_ADD_KINDS, _POST_KINDS = (ActionKind.CALL, ActionKind.BET), tuple(dict.fromkeys(_POSTS.values()))
_POST_INDEX, _ADDS = {kind: i for i, kind in enumerate(_POST_KINDS)}, {_call: 0, _bet: 1}


def _entry(h: _Hand, handler: _Handler, r: Any) -> _Entry:
    """What a player rule's results are, as :meth:`_Body.read_line` applies them: a fold
    with no cards, a check, a call, bet, raise, post or collect with its amounts read in
    the hand's unit (what the handler would read: :meth:`_Hand.money`), else the handler
    and the results (also when an amount is not one: the handler then raises it on
    every line that holds it)."""
    try:
        if handler is _fold:
            return _FOLDS if not r["cards"] else (_OP_OTHER, handler, r)
        if handler is _check:
            return _CHECKS
        kind = _ADDS.get(handler)
        if kind is not None:
            return (_OP_ADD, kind, h.money(r["amount"]), r["allin"] is not None)
        if handler is _raise:
            return (_OP_RAISE, h.money(r["amount"]), h.money(r["to"]), r["allin"] is not None)
        if handler is _post:
            kind = _POST_INDEX[_POSTS[r["kind"]]]
            return (_OP_POST, kind, h.money(r["amount"]), r["allin"] is not None)
        if handler is _collect:
            return (_OP_COLLECT, h.money(r["amount"]), _pot(r))
    except ValueError:  # not an amount, or out of range: the handler says so, line by line
        pass
    return (_OP_OTHER, handler, r)


class PlayerRules:
    """:data:`PLAYER_RULES` as :meth:`_Body.read_line` reads them: by what follows the name up
    to its first word's end (": folds", " collected": one dictionary lookup, then one
    pattern), each rule read by ``match(rule)``; what a text after a name reads as is
    kept, by the hand's unit (:attr:`seen`: the same text reads the same way in every
    hand of that unit)."""

    __slots__ = ("by_key", "lines", "seen")

    def __init__(self, match: Callable[[pp.Regex], _Match]) -> None:
        self.by_key: dict[str, _Rule] = {}
        for (sep, word), rule in PLAYER_RULES.items():
            second = _SECOND_TRY.get(rule)
            self.by_key[(": " if sep == ":" else " ") + word] = (
                match(rule), _PLAYER_HANDLERS[rule], None if second is None else match(second),
                None if second is None else _PLAYER_HANDLERS[second],
            )  # fmt: skip
        #: by unit: text after a name -> its entry (:func:`_entry`), or :data:`_UNREAD`
        self.seen: dict[Unit, dict[str, _Entry]] = {unit: {} for unit in Unit}
        #: by unit: a whole player line -> its player and entry (:attr:`_Body.known`)
        self.lines: dict[Unit, dict[str, tuple[str, _Entry]]] = {unit: {} for unit in Unit}

    def read(self, rest: str) -> tuple[_Handler, Any] | tuple[()]:
        """The handler and results of the rule for ``rest`` (the line after the
        player's name: ": calls $0.04"), or :data:`_UNREAD` when no rule reads it."""
        sp = rest.find(" ", 2)
        entry = self.by_key.get(rest if sp < 0 else rest[:sp])
        if entry is None:
            return _UNREAD
        match, handler, second, second_handler = entry
        r = match(rest)
        if r is None and second is not None and second_handler is not None:
            r, handler = second(rest), second_handler
        return _UNREAD if r is None else (handler, r)

    def learn(self, h: _Hand, rest: str) -> _Entry:
        """What ``rest`` (the line after a player's name) reads as in ``h``'s unit
        (:func:`_entry`, or :data:`_UNREAD`), kept in :attr:`seen` for the next line
        that holds it.

        Raises:
            KeyError: the hand's unit is none of :class:`Unit`'s (a grammar bug).
        """
        hit = self.read(rest)
        entry = _entry(h, hit[0], hit[1]) if hit else _UNREAD
        seen = self.seen[h.units]
        if len(seen) >= _SEEN_MAX:
            seen.clear()
        seen[rest] = entry
        return entry


_UNREAD: tuple[()] = ()
_SEEN_MAX = 1 << 15
_KNOWN_MAX = 1 << 16

#: The player rules as :meth:`_Body.read_line` looks them up: each rule's own compiled
#: pattern (``FAST``); :data:`SLOW_RULES` read the same rules with ``parse_string``
#: (``hhtools.grammars._lines.FAST`` unset: the tests compare the two).
FAST_RULES = PlayerRules(lambda rule: rule.re.match)
SLOW_RULES = PlayerRules(lambda rule: partial(_m, rule))
