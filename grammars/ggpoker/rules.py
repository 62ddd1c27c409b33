"""The line rules of the GGPoker grammar (private to :mod:`hhtools.grammars.ggpoker`):
one named pyparsing ``Regex`` per kind of line (:func:`hhtools.grammars._lines._rule`),
and each rule's compiled ``match`` bound once (what ``_lines._m`` runs with ``FAST``),
so a line is read without a call through ``_m``. Amounts are read from the text
``_A`` matches ("$1,234.56", "2,020").
"""

from __future__ import annotations

import re

from hhtools.grammars._lines import _rule

from hhtools.model.records import PostKind, Street

_A = r"[$€£]?\d[\d,]*(?:\.\d+)?"
_ALLIN = r"(?P<allin> and is all-in)?"

TABLE = _rule(
    "table",
    r"Table '(?P<table>.*)' (?:(?P<max>\d+)-max )?(?:\([^)]*\) )?"
    r"Seat #(?P<btn>\d+) is the button\s*$",
)
SEAT = _rule(
    "seat",
    rf"Seat (?P<seat>\d+): (?P<name>.+?) \((?P<stack>{_A}) in chips(?:, (?P<bounty>[^)]*))?\)"
    r"(?P<out> is sitting out| out of hand.*)?\s*$",
)
STREET_LINE = _rule(
    "street",
    r"\*\*\* (?:(?P<run>FIRST|SECOND|THIRD) )?(?P<name>HOLE CARDS|PRE-?FLOP|FLOP|TURN|RIVER|"
    r"SHOW ?DOWN|SUMMARY) \*\*\*(?: \[(?P<c1>[^\]]*)\])?(?: \[(?P<c2>[^\]]*)\])?\s*$",
)
DEALT = _rule("dealt", r"Dealt to (?P<name>.+?)(?: \[(?P<cards>[^\]]*)\])?\s*$")
UNCALLED = _rule("uncalled", rf"Uncalled bet \((?P<amt>{_A})\) returned to (?P<name>.+?)\s*$")
COLLECT = _rule("collect", rf"(?P<name>.+) collected (?P<amt>{_A}) from (?:the )?pot\s*$")
CASH_DROP = _rule("cash_drop", rf"Cash Drop to Pot ?: total (?P<amt>{_A})\s*$")
POST = _rule(
    "post",
    rf"posts (?P<what>small blind|big blind|the ante|ante|missed blind|dead blind|"
    rf"missed small blind|missed big blind|straddle|button blind) (?P<amt>{_A}){_ALLIN}\s*$",
)
STRADDLE = _rule("straddle", rf"straddle (?P<amt>{_A}){_ALLIN}\s*$")
CALL_BET = _rule("call_bet", rf"(?P<verb>calls|bets) (?P<amt>{_A}){_ALLIN}\s*$")
RAISE = _rule("raise", rf"raises (?P<amt>{_A}) to (?P<to>{_A}){_ALLIN}\s*$")
SHOW = _rule("show", r"(?:shows|mucks) \[(?P<cards>[^\]]*)\](?: \((?P<desc>.*)\))?\s*$")
MONEY_OUT = _rule(
    "money_out",
    rf"(?P<what>Pays Cashout Risk|Receives Cashout|pay premium of all-in insurance|"
    rf"receives? (?:all-in )?insurance(?: payout)?) \((?P<amt>{_A})\)\s*$",
)
NOTE = _rule(
    "note",
    r"(?:folds|checks|Chooses to EV Cashout|get an all-in insurance .*|doesn't show hand|"
    r"mucks|sits out|is sitting out|has timed out|is disconnected|is connected|"
    r"has returned|said, .*|will be allowed to play after the button)\s*$",
)
RESULT = _rule(
    "tournament_result",
    rf"(?P<name>.+?) (?:(?:wins|won) (?:the )?bounty (?:of )?(?P<b1>{_A})"
    rf"|(?:wins|won) (?P<b2>{_A}) (?:bounty )?for eliminating (?P<elim>.+?)"
    rf"|finished the tournament in (?P<place>\d+)\w* place(?: and received (?P<prize>{_A}))?"
    rf"|wins the tournament(?: and receives? (?P<prize2>{_A}))?)(?:\.| - congratulations!)?\s*$",
)
TOTAL = _rule("total", rf"Total pot (?P<amt>{_A})(?P<rest>(?: \| [^|]*)*)$")
SEGMENT = re.compile(rf"(?P<name>[A-Za-z][A-Za-z ]*?) (?P<amt>{_A})\s*$")
RUN_TIMES = _rule("run_times", r"Hand was run (?P<n>two|three|\d+) times\s*$")
S_BOARD = _rule(
    "summary_board", r"(?:(?P<run>FIRST|SECOND|THIRD) )?Board \[(?P<cards>[^\]]*)\]\s*$"
)
S_SEAT = _rule("summary_seat", r"Seat (?P<seat>\d+): (?P<rest>.*)$")
_POSITIONS = re.compile(r"^(?: \((?:button|small blind|big blind|dealer)\))+")
_EXTRAS = re.compile(
    rf", (?:AII Premium|All-?in Insurance(?: Premium)?|Cashout Risk|EV Cashout|Receives Cashout)"
    rf" \({_A}\)"
)
_S_SHOWED = re.compile(r" (?P<verb>showed|mucked) \[(?P<cards>[^\]]*)\](?: and (?P<res>.*))?$")
_S_RESULT = re.compile(rf"^(?:won \((?P<amt>{_A})\)(?: with (?P<w>.*))?|lost(?: with (?P<l>.*))?)$")
_S_FOLD = re.compile(r"^ folded (?:before (?:the )?Flop|on the (?P<st>Flop|Turn|River))")
_RUN = {None: 0, "FIRST": 0, "SECOND": 1, "THIRD": 2}
_STREETS = {"FLOP": Street.FLOP, "TURN": Street.TURN, "RIVER": Street.RIVER}
_POSTS = {
    "small blind": PostKind.SMALL_BLIND, "button blind": PostKind.SMALL_BLIND,
    "big blind": PostKind.BIG_BLIND, "the ante": PostKind.ANTE, "ante": PostKind.ANTE,
    "missed blind": PostKind.ANTE, "dead blind": PostKind.ANTE,
    "missed small blind": PostKind.ANTE, "missed big blind": PostKind.ANTE,
}  # fmt: skip
_TIMES = {"two": 2, "three": 3}
_ORDER = {s: k for k, s in enumerate(Street)}
_TABLE_M = TABLE.re.match
_SEAT_M = SEAT.re.match
_STREET_LINE_M = STREET_LINE.re.match
_DEALT_M = DEALT.re.match
_UNCALLED_M = UNCALLED.re.match
_COLLECT_M = COLLECT.re.match
_CASH_DROP_M = CASH_DROP.re.match
_POST_M = POST.re.match
_STRADDLE_M = STRADDLE.re.match
_CALL_BET_M = CALL_BET.re.match
_RAISE_M = RAISE.re.match
_SHOW_M = SHOW.re.match
_MONEY_OUT_M = MONEY_OUT.re.match
_NOTE_M = NOTE.re.match
_RESULT_M = RESULT.re.match
_TOTAL_M = TOTAL.re.match
_RUN_TIMES_M = RUN_TIMES.re.match
_S_BOARD_M = S_BOARD.re.match
_S_SEAT_M = S_SEAT.re.match
