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
from hhtools.grammars._english import read_high, read_low
from hhtools.grammars._lines import _cards, _m, _rule
from hhtools.grammars._quiet import NO_CHIPS, SAID
from hhtools.grammars.pokerstars.seats import POST, _post
from hhtools.grammars.pokerstars.state import _AMT, _CARDS, _Hand
from hhtools.grammars.pokerstars.summary import _board, _split_desc, _summary_seat, _total
from hhtools.grammars.pokerstars.tourney import (
    BOUNTY,
    FINISHED,
    WINS_TOURNAMENT,
    _bounty,
    _finished,
    _split_bounty,
    _wins_tournament,
)

from hhtools.model.records import Action, ActionKind, CashOut, Collect, Returned, Show, Street
from hhtools.model.vocab import ProblemCode

# Player rules: they read what follows the player's name on the line.
# "X: folds", "X: folds [Ah Kd ..]", "X: folds (disconnect)", "X: folds (timeout) [..]";
# the colon is optional ("X folds").
FOLD = _rule(
    "fold",
    r":? folds(?: \((?P<why>[^)]*)\))?(?: \[(?P<cards>" + _CARDS + r")\])?"
    r"(?: \((?P<why2>[^)]*)\))?$",
)
CHECK = _rule("check", r": checks$")
# A cap table's "and has reached the $10 cap": no more chips can go in, as all in.
_ALL_IN = r"(?P<allin> and is all-in| and has reached the " + _AMT + r" cap)?$"
CALL = _rule("call", r": calls (?P<amount>" + _AMT + r")" + _ALL_IN)
BET = _rule("bet", r": bets (?P<amount>" + _AMT + r")" + _ALL_IN)
RAISE = _rule("raise", r": raises (?P<amount>" + _AMT + r") to (?P<to>" + _AMT + r")" + _ALL_IN)
SHOW = _rule("show", r": shows \[(?P<cards>" + _CARDS + r")\](?: \((?P<desc>.*)\))?$")
MUCK = _rule("muck", r": mucks hand$")
NO_SHOW = _rule("no_show", r": doesn't show hand$")
SITS_OUT = _rule("sits_out", r": (?P<status>sits out|is sitting out|sitting out)$")
COLLECT = _rule(
    "collect",
    r" collected (?P<amount>" + _AMT + r") from "
    r"(?P<pot>pot|main pot|side pot(?:-(?P<side>\d+)| (?P<side_rio>\d+))?)$",
)
CASH_OUT = _rule(
    "cash_out",
    r" cashed out the hand for (?P<amount>" + _AMT + r")(?: \| Cash Out Fee (?P<fee>" + _AMT + r"))?$",
)
STATUS = _rule(
    "table_status",
    r" (?P<status>is sitting out|sits out|will be allowed to play after the button"
    r"|was removed from the table for failing to post)$",
)
REBUY = _rule(
    "rebuy",
    r" (?P<what>re-buys|takes the add-on) and receives (?P<chips>[\d,]+) chips"
    r"(?: for (?P<amount>" + _AMT + r"))?$",
)
RIO_SHOW = _rule("rio_show", r" shows \[(?P<cards>" + _CARDS + r")\](?: for (?P<desc>.+))?$")

# Fixed rules: lines that do not start with a seated player.
STREET_LINE = _rule(
    "street",
    r"\*\*\* (?P<name>HOLE CARDS|PRE-FLOP|(?:(?:FIRST|SECOND) )?(?:FLOP|TURN|RIVER|SHOW ?DOWN)"
    r"|SUMMARY) \*\*\*(?P<cards>(?: \[" + _CARDS + r"\])*)$",
)
DEALT = _rule("dealt", r"Dealt to (?P<player>.+) \[(?P<cards>" + _CARDS + r")\]$")
UNCALLED = _rule(
    "uncalled", r"Uncalled bet \((?P<amount>" + _AMT + r")\) returned to (?P<player>.+)$"
)
NO_LOW = _rule("no_low", r"No low hand qualified$")
RUN_TWICE = _rule("run_twice", r"Hand was run twice$")
HAND_CANCELLED = _rule("hand_cancelled", r"Hand cancelled$")
# Money the room adds to the pot: Run It Once's splash the pot ("STP added: €5.00"),
# GGPoker's cash drop ("Cash Drop to Pot : total $0.2") in files converted to this format.
ROOM_ADDED = _rule(
    "room_added",
    r"(?:STP [Aa]dded|Cash Drop to Pot) ?: (?:total )?(?P<amount>" + _AMT + r")$",
)
CONVERTER_COMMENT = _rule("converter_comment", r"# .*$")
# Written between exported hands: "*********** # 2 **************".
HAND_SEPARATOR = _rule("hand_separator", r"\*{5,} # \d+ \*{5,}$")
CONVERTER_LEAVE = _rule("converter_leave", r"Table leave user$")
#: The lines that carry no chips (chat, joins, leaves, connection, time): the kernel's
#: with PokerStars' chat and the status lines of a player not seated in the hand.
QUIET = NO_CHIPS.plus(
    tails=(SAID, r"is sitting out", r"will be allowed to play after the button",
           r"was removed from the table for failing to post"),
    # a limit game's fourth bet: "Betting is capped" (no chips; the bets say it all)
    lines=(r".+?: (?:sits out|is sitting out|sitting out)", r"Betting is capped"),
)  # fmt: skip

#: Rules for what follows a seated player's name, keyed by (first char, keyword).
PLAYER_RULES: dict[tuple[str, str], pp.Regex] = {
    (":", "folds"): FOLD,
    (" ", "folds"): FOLD,
    (":", "checks"): CHECK,
    (":", "calls"): CALL,
    (":", "bets"): BET,
    (":", "raises"): RAISE,
    (":", "posts"): POST,
    (":", "shows"): SHOW,
    (":", "mucks"): MUCK,
    (":", "doesn't"): NO_SHOW,
    (":", "sits"): SITS_OUT,
    (":", "is"): SITS_OUT,
    (":", "sitting"): SITS_OUT,
    (" ", "collected"): COLLECT,
    (" ", "cashed"): CASH_OUT,
    (" ", "is"): STATUS,
    (" ", "sits"): STATUS,
    (" ", "will"): STATUS,
    (" ", "was"): STATUS,
    (" ", "finished"): FINISHED,
    (" ", "wins"): WINS_TOURNAMENT,
    (" ", "re-buys"): REBUY,
    (" ", "takes"): REBUY,
    (" ", "shows"): RIO_SHOW,
}
_SECOND_TRY = {WINS_TOURNAMENT: BOUNTY}

#: Fixed rules of lines the record does not need, by their first character.
_KNOWN_FIXED = {
    "N": NO_LOW,
    "H": RUN_TWICE,
    "#": CONVERTER_COMMENT,
    "*": HAND_SEPARATOR,
    "T": CONVERTER_LEAVE,
}

_STREETS = {"FLOP": Street.FLOP, "TURN": Street.TURN, "RIVER": Street.RIVER}


# ----------------------------------------------------------------------------- dispatch
def _line(h: _Hand, ln: str, lno: int) -> bool:
    """Read one body line into ``h``; ``False`` when no rule reads it.

    One dispatch per line: a street line by its "*** ", a summary line by its first
    words, a seated player's line by the word after the name (:data:`FAST_RULES`:
    one compiled pattern each, what a text gave kept), else the fixed rules by the
    line's first character.

    Raises:
        _BadCards, _OutOfRange, ValueError: a card, an amount or a number the line
            holds is not one (:func:`~hhtools.grammars._betting.read_body` reports them).
    """
    if ln.startswith("*** "):
        return _street(h, ln, lno)
    if h.summary:
        if ln.startswith("Seat "):
            return _summary_seat(h, ln, lno)
        if ln.startswith("Total pot "):
            return _total(h, ln, lno)
        if "Board [" in ln[:15] and _board(h, ln, lno):
            return True
    for name, starts in h.by_first.get(ln[:1], ()):  # the longest seated name first
        if ln.startswith(starts):
            rest = ln[len(name) :]
            seen = h.rules.seen
            hit = seen.get(rest)
            if hit is None:
                hit = h.rules.read(rest)
                if len(seen) >= _SEEN_MAX:
                    seen.clear()
                seen[rest] = hit
            if hit is not _UNREAD:
                hit[0](h, name, hit[1], lno)
                return True
            break
    return _fixed(h, ln, lno)


def _fixed(h: _Hand, ln: str, lno: int) -> bool:
    c = ln[:1]
    if c == "D" and ln.startswith("Dealt to "):
        r = _m(DEALT, ln)
        if r is not None:
            player = r["player"]
            cards = _cards(r["cards"])
            if player not in h.names.values():
                h.problem(lno, ProblemCode.UNKNOWN_PLAYER,
                          f"'Dealt to' a player not seated: {player}", ln)  # fmt: skip
            h.hero = player
            h.know_cards(player, cards, lno)
            return True
    elif c == "U" and ln.startswith("Uncalled bet "):
        r = _m(UNCALLED, ln)
        if r is not None:
            player = r["player"]
            if player not in h.names.values():
                h.problem(lno, ProblemCode.UNKNOWN_PLAYER,
                          f"uncalled bet to a player not seated: {player}", ln)  # fmt: skip
            h.returned.append(Returned(player, h.money(r["amount"]), lno))
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
        which, _, street = name.rpartition(" ")
        h.street = _STREETS[street]
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
            Action(h.street, player, kind, amount, None, r["allin"] is not None, None, lno)
        )

    return handler


def _fold(h: _Hand, player: str, r: Any, lno: int) -> None:
    if r["cards"]:
        h.know_cards(player, _cards(r["cards"]), lno)
    h.folded.add(player)
    h.actions.append(Action(h.street, player, ActionKind.FOLD, 0, None, False, None, lno))


def _check(h: _Hand, player: str, r: Any, lno: int) -> None:
    h.actions.append(Action(h.street, player, ActionKind.CHECK, 0, None, False, None, lno))


def _raise(h: _Hand, player: str, r: Any, lno: int) -> None:
    h.actions.append(
        Action(
            h.street, player, ActionKind.RAISE, h.money(r["amount"]), h.money(r["to"]),
            r["allin"] is not None, None, lno,
        )
    )  # fmt: skip


def _show(h: _Hand, player: str, r: Any, lno: int) -> None:
    cards = _cards(r["cards"])
    h.know_cards(player, cards, lno)
    hi, lo = _split_desc(r["desc"])
    h.shows.append(
        Show(player, cards, hi, lo, False, h.show_board, lno, read_high(hi), read_low(lo))
    )


def _collect(h: _Hand, player: str, r: Any, lno: int) -> None:
    pot_name: str = r["pot"]
    if pot_name in ("pot", "main pot"):
        pot = 0
    else:
        side = r["side"] or r["side_rio"]
        pot = int(side) if side else 1
    board = h.show_board if h.street is Street.SHOWDOWN else 0
    h.collects.append(Collect(player, h.money(r["amount"]), pot, board, lno))


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


_PLAYER_HANDLERS: dict[pp.Regex, Callable[[_Hand, str, Any, int], None]] = {
    FOLD: _fold,
    CHECK: _check,
    CALL: _act(ActionKind.CALL),
    BET: _act(ActionKind.BET),
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
_Entry = tuple[_Match, _Handler, _Match | None, _Handler | None]


class PlayerRules:
    """:data:`PLAYER_RULES` as :func:`_line` reads them: by what follows the name up to
    its first word's end (": folds", " collected": one dictionary lookup, then one
    pattern), each rule read by ``match(rule)``; what a text after a name gave is kept
    (:attr:`seen`: the same text reads the same way in every hand)."""

    __slots__ = ("by_key", "seen")

    def __init__(self, match: Callable[[pp.Regex], _Match]) -> None:
        self.by_key: dict[str, _Entry] = {}
        for (sep, word), rule in PLAYER_RULES.items():
            second = _SECOND_TRY.get(rule)
            self.by_key[(": " if sep == ":" else " ") + word] = (
                match(rule), _PLAYER_HANDLERS[rule], None if second is None else match(second),
                None if second is None else _PLAYER_HANDLERS[second],
            )  # fmt: skip
        #: text after a name -> (handler, results), or :data:`_UNREAD`
        self.seen: dict[str, tuple[_Handler, Any] | tuple[()]] = {}

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


_UNREAD: tuple[()] = ()
_SEEN_MAX = 1 << 15

#: The player rules as :func:`_line` looks them up: each rule's own compiled pattern
#: (``FAST``); :data:`SLOW_RULES` read the same rules with ``parse_string``
#: (``hhtools.grammars._lines.FAST`` unset: the tests compare the two).
FAST_RULES = PlayerRules(lambda rule: rule.re.match)
SLOW_RULES = PlayerRules(lambda rule: partial(_m, rule))
