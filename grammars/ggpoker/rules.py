"""The line rules of the GGPoker grammar (private to :mod:`hhtools.grammars.ggpoker`):
one named pyparsing ``Regex`` per kind of line (:func:`hhtools.grammars._lines._rule`),
and each rule's compiled ``match`` bound once (what ``_lines._m`` runs with ``FAST``),
so a line is read without a call through ``_m``; the tables key them by a line's first
word. Amounts are read from the text
``_A`` matches ("$1,234.56", "2,020").
"""

from __future__ import annotations

import re
from typing import Any

from hhtools.grammars import _kit as k

_A = r"[$€£]?\d[\d,]*(?:\.\d+)?"
_ALLIN = r"(?P<allin> and is all-in)?"

TABLE = k.rule(
    "table",
    r"Table '(?P<table>.*)' (?:(?P<max>\d+)-max )?(?:\([^)]*\) )?"
    r"Seat #(?P<btn>\d+) is the button\s*$",
)
SEAT = k.rule(
    "seat",
    rf"Seat (?P<seat>\d+): (?P<name>.+?) \((?P<stack>{_A}) in chips(?:, (?P<bounty>[^)]*))?\)"
    r"(?P<out> is sitting out| out of hand(?: \([^()]*\))?)?\s*$",
)
STREET_LINE = k.rule(
    "street",
    r"\*\*\* (?:(?P<run>FIRST|SECOND|THIRD) )?(?P<name>HOLE CARDS|PRE-?FLOP|FLOP|TURN|RIVER|"
    r"SHOW ?DOWN|SUMMARY) \*\*\*(?: \[(?P<c1>[^\]]*)\])?(?: \[(?P<c2>[^\]]*)\])?\s*$",
)
DEALT = k.rule("dealt", r"Dealt to (?P<name>.+?)(?: \[(?P<cards>[^\]]*)\])?\s*$")
UNCALLED = k.rule("uncalled", rf"Uncalled bet \((?P<amt>{_A})\) returned to (?P<name>.+?)\s*$")
COLLECT = k.rule("collect", rf"(?P<name>.+) collected (?P<amt>{_A}) from (?:the )?pot\s*$")
CASH_DROP = k.rule("cash_drop", rf"Cash Drop to Pot ?: total (?P<amt>{_A})\s*$")
POST = k.rule(
    "post",
    rf"posts (?P<what>small blind|big blind|the ante|ante|missed blind|dead blind|"
    rf"missed small blind|missed big blind|straddle|button blind) (?P<amt>{_A}){_ALLIN}\s*$",
)
STRADDLE = k.rule("straddle", rf"(?P<what>straddle) (?P<amt>{_A}){_ALLIN}\s*$")
CALL_BET = k.rule("call_bet", rf"(?P<verb>calls|bets) (?P<amt>{_A}){_ALLIN}\s*$")
RAISE = k.rule("raise", rf"(?P<verb>raises) (?P<amt>{_A}) to (?P<to>{_A}){_ALLIN}\s*$")
SHOW = k.rule("show", r"(?:shows|mucks) \[(?P<cards>[^\]]*)\](?: \((?P<desc>.*)\))?\s*$")
MONEY_OUT = k.rule(
    "money_out",
    rf"(?P<what>Pays Cashout Risk|Receives Cashout|pay premium of all-in insurance|"
    rf"receives? (?:all-in )?insurance(?: payout)?) \((?P<amt>{_A})\)\s*$",
)
#: what a player does that changes nothing in the hand (a fold or check is read as one
#: only when it is the whole line), one rule a wording
_NOTES = ("folds", "checks", "Chooses to EV Cashout",
          r"get an all-in insurance \(premium \([^()]*\) for \([^()]*\) - \([^()]*\)\)",
          "doesn't show hand", "mucks", "has timed out",
          "is disconnected", "is connected", "has returned", "said, .*")  # fmt: skip
NOTES = tuple(k.rule("note", words + r"\s*$") for words in _NOTES)
#: a player not dealt in ("X: sits out"): applied (:meth:`~.._hand.Hand.sit_out`)
SIT_OUT = k.rule("sit_out", r"(?:sits out|is sitting out|will be allowed to play after the button"
                           r"|waits for (?:the )?big blind)\s*$")
RESULT = k.rule(
    "tournament_result",
    rf"(?P<name>.+?) (?:(?:wins|won) (?:the )?bounty (?:of )?(?P<b1>{_A})"
    rf"|(?:wins|won) (?P<b2>{_A}) (?:bounty )?for eliminating (?P<elim>.+?)"
    rf"|finished the tournament in (?P<place>\d+)\w* place(?: and received (?P<prize>{_A}))?"
    rf"|wins the tournament(?: and receives? (?P<prize2>{_A}))?)(?:\.| - congratulations!)?\s*$",
)
TOTAL = k.rule("total", rf"Total pot (?P<amt>{_A})(?P<rest>(?: \| [^|]*)*)$")
SEGMENT = re.compile(rf"(?P<name>[A-Za-z][A-Za-z ]*?) (?P<amt>{_A})\s*$")
RUN_TIMES = k.rule("run_times", r"Hand was run (?P<n>two|three|\d+) times\s*$")
S_BOARD = k.rule(
    "summary_board", r"(?:(?P<run>FIRST|SECOND|THIRD) )?Board \[(?P<cards>[^\]]*)\]\s*$"
)
_EXTRAS = re.compile(
    rf", (?:AII Premium|All-?in Insurance(?: Premium)?|Cashout Risk|EV Cashout|Receives Cashout)"
    rf" \({_A}\)"
)
_S_SHOWED = re.compile(r" (?P<verb>showed|mucked) \[(?P<cards>[^\]]*)\](?: and (?P<res>.*))?$")
_S_RESULT = re.compile(rf"^(?:won \((?P<amt>{_A})\)(?: with (?P<w>.*))?|lost(?: with (?P<l>.*))?)$")
#: the other summary seat lines, whose money the body's lines already say: "collected
#: ($x)", "won ($x)", "sitting out" (anything else is read as no line), and the folds
#: (``folded``, and the street ``st`` after the flop), read in the same match
_S_OTHER = re.compile(
    rf" (?:(?P<folded>folded) (?:before (?:the )?Flop|on the (?P<st>Flop|Turn|River))"
    rf"(?: \(didn't bet\))?"
    rf"|(?:collected|won) \({_A}\)|(?:is )?sitting out)\s*"
)
_RUN = {None: 0, "FIRST": 0, "SECOND": 1, "THIRD": 2}
_POSTS = {
    "small blind": k.PostKind.SMALL_BLIND, "button blind": k.PostKind.SMALL_BLIND,
    "big blind": k.PostKind.BIG_BLIND, "the ante": k.PostKind.ANTE, "ante": k.PostKind.ANTE,
    "missed blind": k.PostKind.ANTE, "dead blind": k.PostKind.ANTE,
    "missed small blind": k.PostKind.ANTE, "missed big blind": k.PostKind.ANTE,
}  # fmt: skip
_TIMES = {"two": 2, "three": 3}
_ORDER = {s: order for order, s in enumerate(k.Street)}
_TABLE_M = TABLE.re.match
_SEAT_M = SEAT.re.match
_COLLECT_M = COLLECT.re.match
_RESULT_M = RESULT.re.match

Table = dict[str, tuple[tuple[str, Any], ...]]


def keyed(*entries: tuple[str, str, Any]) -> Table:
    """A line table: ``(first words, kind, rule)`` entries keyed by each of their
    first words (space-separated), in order: a line is tried against its first
    word's rules only (the rules' patterns start with alternatives, so the words are
    written out here). Each rule is held as its compiled ``match`` (what
    ``_lines._m`` runs with ``FAST``): ``(kind, match)``.

    >>> table = keyed(("calls bets", "bet", CALL_BET)); sorted(table)
    ['bets', 'calls']
    >>> kind, match = table["calls"][0]; kind, match("calls $2 and is all-in")["allin"]
    ('bet', ' and is all-in')
    """
    out: dict[str, tuple[tuple[str, Any], ...]] = {}
    for words, kind, rule in entries:
        for word in words.split():
            out[word] = (*out.get(word, ()), (kind, rule.re.match))
    return out


#: lines before the summary that start with a word of their own
HEAD = keyed(("***", "street", STREET_LINE), ("Dealt", "dealt", DEALT),
             ("Uncalled", "uncalled", UNCALLED), ("Cash", "cash_drop", CASH_DROP))  # fmt: skip
#: what follows "<player>: " (a kernel table: :meth:`~hhtools.grammars._lines.LineTable.match`)
PLAYER = k.LineTable.keyed((
    ("posts", "post", POST), ("straddle", "post", STRADDLE), ("calls bets", "bet", CALL_BET),
    ("raises", "bet", RAISE), ("shows mucks", "show", SHOW),
    ("Pays Receives pay receive receives", "money_out", MONEY_OUT),
    *((n.split()[0], "note", rule) for n, rule in zip(_NOTES, NOTES, strict=True)),
    ("sits is will waits", "sit_out", SIT_OUT),
))
#: summary lines other than the seats'
SUMMARY = keyed(("Total", "total", TOTAL), ("Hand", "run_times", RUN_TIMES),
                ("Board FIRST SECOND THIRD", "summary_board", S_BOARD))  # fmt: skip
