"""The rules of PokerStars' body lines (:mod:`.actions` reads with them): what follows a
seated player's name (fold, check, call, bet, raise, post, show, collect, cash out,
table status, tournament results...), the lines that start with no seated player
(street lines, "No low hand qualified", money the room adds...), and the lines that
carry no chips (:data:`QUIET`). Amounts are read as the hand's unit (``_AMT``).
"""

from __future__ import annotations

import pyparsing as pp
from hhtools.grammars._lines import _rule
from hhtools.grammars._quiet import NO_CHIPS, SAID
from hhtools.grammars.pokerstars.seats import POST
from hhtools.grammars.pokerstars.state import _AMT, _CARDS
from hhtools.grammars.pokerstars.tourney import BOUNTY, FINISHED, WINS_TOURNAMENT

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
    r"(?: for (?P<amount>" + _AMT + r")(?: StarsCoin)?)?$",
)
RIO_SHOW = _rule("rio_show", r" shows \[(?P<cards>" + _CARDS + r")\](?: for (?P<desc>.+))?$")

# Fixed rules: lines that do not start with a seated player.
STREET_LINE = _rule(
    "street",
    r"\*\*\* (?P<name>HOLE CARDS|PRE-FLOP|(?:(?:FIRST|SECOND) )?(?:FLOP|TURN|RIVER|SHOW ?DOWN)"
    r"|SUMMARY) \*\*\*(?P<cards>(?: \[" + _CARDS + r"\])*)$",
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
