"""The Full Tilt Poker grammar's line rules: every kind of line, as one named pyparsing
``Regex`` rule each (:func:`~hhtools.grammars._lines._rule`), the rules of what follows
a player's name by their first word, and the words the site uses (games, structures,
currencies, time zones). :mod:`hhtools.grammars.fulltilt` reads a hand with them.
"""

from __future__ import annotations

import re
from datetime import UTC
from typing import Any
from zoneinfo import ZoneInfo

from hhtools.grammars import _kit as k

_CUR = r"[$€£]?"
_AMT = r"(?P<a>[$€£]?\d[\d,.]*)"
#: the stakes; a tournament's may count in thousands ("50K/100K", a real 2011 file)
_STAKES = (r"(?P<cur{n}>[$€£]?)(?P<sb{n}>\d[\d,.]*K?)/[$€£]?(?P<bb{n}>\d[\d,.]*K?)"
           r"(?: Ante [$€£]?(?P<ante{n}>\d[\d,.]*K?))?")  # fmt: skip
HEADER = k.rule("header",
    r"\ufeff?(?:Full Tilt Poker|FullTiltPoker) Game #(?P<id>\d+):\s+"
    r"(?:(?P<tname>.+?) \((?P<tid>\d+)\),\s+)?(?:Table |Match )?(?P<table>.+?)"
    r"(?: \((?P<attrs>[^()]*)\))? - (?:" + _STAKES.format(n=1) + " - )?"
    r"(?:(?P<cap>[$€£]?\d[\d,.]*) (?:Cap |CAP )?|CAP |Cap )?"
    r"(?P<limit>No Limit|Pot Limit|Limit|NL|PL|FL) (?P<game>.+?)"
    r"(?: - " + _STAKES.format(n=2) + r")? - (?P<when>\d.*?)(?P<partial> \(partial\))?\s*$"
)  # fmt: skip
STAMP = re.compile(r"(?P<h>\d\d?):(?P<mi>\d\d)(?::(?P<s>\d\d))? (?P<tz>[A-Z]{2,4}) - "
                   r"(?P<y>\d{4})/(?P<mo>\d\d?)/(?P<d>\d\d?)")  # fmt: skip
SEAT = k.rule("seat", r"Seat (?P<seat>\d+): (?P<name>.+) \((?P<stack>[$€£]?\d[\d,.]*)\)"
                     r"(?P<out>, is sitting out)?\s*$")  # fmt: skip
STREET = k.rule("street", r"\*\*\* (?P<street>FLOPET|FLOP|TURN|RIVER)(?: (?P<run>[12]))? \*\*\*"
                         r"(?P<cards>[^(]*)(?:\(.*)?$")  # fmt: skip
SHOWDOWN = k.rule("showdown", r"\*\*\* SHOW ?DOWN(?: (?P<run>[12]))? \*\*\*\s*$")
TOTAL = k.rule("total",
    r"Total pot " + _AMT + r"(?P<parts>(?: (?:Main|Side) pot(?:[- ]#?\d+)? [$€£]?\d[\d,.]*\.?)*)"
    r"(?:\s*\|\s*Rake (?P<rake>[$€£]?\d[\d,.]*))?\s*$"
)  # fmt: skip
PART = re.compile(r"(?:Main|Side) pot(?:[- ]#?\d+)? ([$€£]?\d[\d,.]*?)\.?(?= |$)")
RETURNED = k.rule("returned", r"Uncalled bet of " + _AMT + r" returned to (?P<name>.+?)\s*$")
LOW_LINE = k.rule("low_line", r"\s*\((?P<low>[A2-9TJQK](?:,[A2-9TJQK]){4})\)\s*$")
CANCELLED = re.compile(r"Hand #?\d* ?has been cancel")
#: the summary's lines other than its seat lines, by their first word
SUMMARY = k.by_word((
    ("total", TOTAL),
    ("board", k.rule("board", r"Board: \[(?P<cards>[^\]]*)\]\s*$")),
    ("run", k.rule("run", r"\*\*\* SUMMARY (?P<run>[12]) \*\*\*\s*$")),
    ("noise", k.rule("pot_of_run", r"Pot [12] " + _CUR + r"\d[\d,.]*\s*$")),
    ("noise", k.rule("duration", r"Duration \d+s?\s*$")),
))  # fmt: skip
_SUFFIX = r"(?P<allin>, and is all in)?(?P<capped>, and is capped)?"
#: a seated player not dealt in ("Bo sits out" before the deal): applied
_SIT_OUT = r"(?:sits out|is sitting out|will be allowed to play after the button)\.?"
#: what follows a seated player's name, by kind
PLAYER_RULES: tuple[tuple[str, Any], ...] = tuple(
    (kind, k.rule(kind, pattern + "$"))
    for kind, pattern in (
        ("fold", r"folds(?: \[[^\]]*\])?"),
        ("check", r"checks"),
        ("call", r"calls " + _AMT + _SUFFIX),
        ("bet", r"bets " + _AMT + _SUFFIX),
        ("raise_to", r"raises to " + _AMT + _SUFFIX),
        ("sb", r"posts the small blind of " + _AMT + _SUFFIX),
        ("bb", r"posts the big blind of " + _AMT + _SUFFIX),
        ("dead", r"posts a dead small blind of " + _AMT + _SUFFIX),
        ("both", r"posts small (?:&|and) big blinds?(?: of)? \[?\s*" + _AMT + r"\]?" + _SUFFIX),
        ("posts", r"posts " + _AMT + _SUFFIX),
        ("ante", r"antes " + _AMT + _SUFFIX),
        ("show", r"shows \[(?P<cards>[^\]]*)\](?: \(?(?P<desc>[^()]*?)\)?)?"),
        ("show_words", r"shows (?P<desc>[^\[].*)"),
        ("muck", r"mucks(?: \[(?P<cards>[^\]]*)\])?"),
        # the low declared at the showdown, on its own line after the player's show
        ("low_claim", r"is low with \(?(?P<desc>[^()]*?)\)?\.?\s*"),
        ("collect",
         r"(?:wins|ties for) (?:the )?(?P<h1>high |low )?(?P<which>main |side )?pot"
         r"(?: #?(?P<sn>\d+))?(?: (?P<h2>high|low))? \(" + _AMT + r"\)(?: with (?P<desc>.*))?"),
    )
)  # fmt: skip
BY_WORD = k.by_word(PLAYER_RULES)
SIT_OUT = k.rule("sit_out", _SIT_OUT + "$")
#: The lines that carry no chips: the kernel's and Full Tilt's own (chips added for the
#: next hand, a seat taken or left, time asked for, moods), a player not seated sitting
#: out, an observer's chat ("Al (Observer): gl"); a seated player's chat ("Al: gl") is
#: the grammar's.
QUIET = k.NO_CHIPS.plus(
    tails=(r"has requested TIME", r"adds [$€£]?\d[\d,.]*", r"sits down", r"is feeling .*",
           r"has been moved.*", r"seconds left to act", r"is (?:now )?sitting in", _SIT_OUT,
           r"has registered late for the tournament and will be dealt in on their big blind"),
    lines=(r".+? \(Observer\): .*", r"The blinds are now .*", r"Time has expired"),
)  # fmt: skip
SUMMARY_SEAT = k.rule("summary_seat", r"Seat (?P<seat>\d+): (?P<rest>.*?)\s*$")
SUMMARY_SHOW = k.rule("summary_show",
    r"(?P<how>showed|mucked) \[(?P<cards>[^\]]*)\](?: and won \(" + _AMT + r"\) with (?P<wd>.*)"
    r"| and lost with (?P<ld>.*)| - (?P<md>.*))?\s*$"
)  # fmt: skip
SUMMARY_COLLECT = k.rule("summary_collect", r"collected \(" + _AMT + r"\)(?:, mucked)?\s*$")
POSITIONS = re.compile(r"(?:\((?:button|small blind|big blind)\) )+")
#: a hi/lo description: "HI: a flush, Ace high; LO: 8,7,4,3,A" (summary), "two pair, Kings
#: and Threes, for high and 8,5,4,3,2, for low" or "a flush, Ace high, for high" (show lines)
HILO_WORDS = re.compile(
    r"HI: (?P<hi>.*?)(?:; LO: (?P<lo>.*))?$"
    r"|(?P<hi2>.*?), for high(?: and (?P<lo2>.*), for low)?$|(?P<lo3>[^,]*(?:,[^,]*){4}), for low$"
)
FTP_HIGH = re.compile(r"a (?P<sf>straight flush|straight), (?P<r>\w+) high|(?P<hc>\w+) high")
OMAHA_WORDS = re.compile(r"omaha|courchevel", re.IGNORECASE)
TABLE_SIZE = re.compile(r"(\d+) max")
STRUCTURES = {
    "no limit": k.BettingStructure.NO_LIMIT, "nl": k.BettingStructure.NO_LIMIT,
    "pot limit": k.BettingStructure.POT_LIMIT, "pl": k.BettingStructure.POT_LIMIT,
    "limit": k.BettingStructure.LIMIT, "fl": k.BettingStructure.LIMIT,
}  # fmt: skip
GAMES = {
    base + suffix: (variant, hi_lo)
    for base, variant in (("omaha", k.Variant.OMAHA), ("5 card omaha", k.Variant.OMAHA5),
                          ("6 card omaha", k.Variant.OMAHA6), ("courchevel", k.Variant.COURCHEVEL))
    for suffix, hi_lo in (("", False), (" hi", False), (" h/l", True), (" hi/lo", True))
}  # fmt: skip
#: the betting lines, by the kernel's names (calls and bets add chips, raises name the
#: street total)
BETS = frozenset({"call", "bet", "raise_to"})
#: forced bets: blinds count toward the bet to call; a dead small blind and an ante
#: are in the pot, not toward it (a dead small blind beside the player's big blind is
#: one post of both, :func:`hhtools.grammars._dead.join_dead`)
POSTS = {"sb": k.PostKind.SMALL_BLIND, "bb": k.PostKind.BIG_BLIND, "posts": k.PostKind.BIG_BLIND,
         "both": k.PostKind.DEAD_SMALL_AND_BIG, "dead": k.PostKind.ANTE,
         "ante": k.PostKind.ANTE}  # fmt: skip
CURRENCIES = {"$": "USD", "€": "EUR", "£": "GBP"}
_ET = ZoneInfo("America/New_York")
ZONES = {"ET": _ET, "EST": _ET, "EDT": _ET, "CET": ZoneInfo("Europe/Paris"),
         "CEST": ZoneInfo("Europe/Paris"), "GMT": UTC, "UTC": UTC,
         "WET": ZoneInfo("Europe/Lisbon"),
         "PT": ZoneInfo("America/Los_Angeles"), "CT": ZoneInfo("America/Chicago"),
         "MT": ZoneInfo("America/Denver"), "AT": ZoneInfo("America/Halifax")}  # fmt: skip
