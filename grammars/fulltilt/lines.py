"""The Full Tilt Poker grammar's line rules: every kind of line, as one regular
expression each, and the words the site uses (games, structures, currencies, time zones).
:mod:`hhtools.grammars.fulltilt` reads a hand with them.
"""

from __future__ import annotations

import re
from datetime import UTC
from zoneinfo import ZoneInfo

from hhtools.model.records import BettingStructure, Street, Variant

_CUR = r"[$€£]?"
_AMT = r"(?P<a>[$€£]?\d[\d,.]*)"
_STAKES = (r"(?P<cur{n}>[$€£]?)(?P<sb{n}>\d[\d,.]*)/[$€£]?(?P<bb{n}>\d[\d,.]*)"
           r"(?: Ante [$€£]?(?P<ante{n}>\d[\d,.]*))?")  # fmt: skip
HEADER = re.compile(
    r"\ufeff?(?:Full Tilt Poker|FullTiltPoker) Game #(?P<id>\d+):\s+"
    r"(?:(?P<tname>.+?) \((?P<tid>\d+)\),\s+)?(?:Table |Match )?(?P<table>.+?)"
    r"(?: \((?P<attrs>[^()]*)\))? - (?:" + _STAKES.format(n=1) + " - )?"
    r"(?:(?P<cap>[$€£]?\d[\d,.]*) (?:Cap |CAP )?)?"
    r"(?P<limit>No Limit|Pot Limit|Limit|NL|PL|FL) (?P<game>.+?)"
    r"(?: - " + _STAKES.format(n=2) + r")? - (?P<when>\d.*?)(?P<partial> \(partial\))?\s*$"
)
_STAMP = re.compile(r"(?P<h>\d\d?):(?P<mi>\d\d)(?::(?P<s>\d\d))? (?P<tz>[A-Z]{2,4}) - "
                    r"(?P<y>\d{4})/(?P<mo>\d\d?)/(?P<d>\d\d?)")  # fmt: skip
SEAT = re.compile(r"Seat (?P<seat>\d+): (?P<name>.+) \((?P<stack>[$€£]?\d[\d,.]*)\)"
                  r"(?P<out>, is sitting out)?\s*$")  # fmt: skip
STREET = re.compile(
    r"\*\*\* (?P<street>FLOPET|FLOP|TURN|RIVER)(?: (?P<run>[12]))? \*\*\*(?P<cards>[^(]*)(?:\(.*)?$"
)
TOTAL = re.compile(
    r"Total pot " + _AMT + r"(?P<parts>(?: (?:Main|Side) pot(?:[- ]#?\d+)? [$€£]?\d[\d,.]*\.?)*)"
    r"(?:\s*\|\s*Rake (?P<rake>[$€£]?\d[\d,.]*))?\s*$"
)
_PART = re.compile(r"(?:Main|Side) pot(?:[- ]#?\d+)? ([$€£]?\d[\d,.]*?)\.?(?= |$)")
BOARD = re.compile(r"Board: \[(?P<cards>[^\]]*)\]\s*$")
RETURNED = re.compile(r"Uncalled bet of " + _AMT + r" returned to (?P<name>.+?)\s*$")
LOW_LINE = re.compile(r"\s*\((?P<low>[A2-9TJQK](?:,[A2-9TJQK]){4})\)\s*$")
CANCELLED = re.compile(r"Hand #?\d* ?has been cancel")
_SUFFIX = r"(?P<allin>, and is all in)?(?P<capped>, and is capped)?"
#: what follows a seated player's name, by kind
PLAYER_RULES: tuple[tuple[str, re.Pattern[str]], ...] = tuple(
    (kind, re.compile(pattern))
    for kind, pattern in (
        ("fold", r"folds(?: \[[^\]]*\])?"),
        ("check", r"checks"),
        ("call", r"calls " + _AMT + _SUFFIX),
        ("bet", r"bets " + _AMT + _SUFFIX),
        ("raise", r"raises to " + _AMT + _SUFFIX),
        ("sb", r"posts the small blind of " + _AMT + _SUFFIX),
        ("bb", r"posts the big blind of " + _AMT + _SUFFIX),
        ("dead", r"posts a dead small blind of " + _AMT + _SUFFIX),
        ("both", r"posts small (?:&|and) big blinds?(?: of)? \[?\s*" + _AMT + r"\]?" + _SUFFIX),
        ("posts", r"posts " + _AMT + _SUFFIX),
        ("ante", r"antes " + _AMT + _SUFFIX),
        ("show", r"shows \[(?P<cards>[^\]]*)\](?: \(?(?P<desc>[^()]*?)\)?)?"),
        ("show_words", r"shows (?P<desc>[^\[].*)"),
        ("muck", r"mucks(?: \[(?P<cards>[^\]]*)\])?"),
        ("collect",
         r"(?:wins|ties for) (?:the )?(?P<h1>high |low )?(?P<which>main |side )?pot"
         r"(?: #?(?P<sn>\d+))?(?: (?P<h2>high|low))? \(" + _AMT + r"\)(?: with (?P<desc>.*))?"),
        ("event",
         r"(?:has \d+ seconds? (?:left to act|to reconnect)|has requested TIME|adds " + _AMT
         + r"|sits (?:down|out)|stands up|is sitting out|has returned|has timed out"
         r"|(?:has been |is )?(?:dis|re)connected|leaves the table|joins the table"
         r"|is feeling .*|has been moved.*|will be allowed to play after the button"
         r"|seconds left to act|is (?:now )?sitting in)\.?"),
    )
)
_BY_WORD: dict[str, tuple[tuple[str, re.Pattern[str]], ...]] = {}
for _kind, _rule in PLAYER_RULES:
    _w = {"fold": "folds", "check": "checks", "call": "calls", "bet": "bets", "raise": "raises",
          "sb": "posts", "bb": "posts", "dead": "posts", "both": "posts", "posts": "posts",
          "ante": "antes", "show": "shows", "show_words": "shows", "muck": "mucks",
          "collect": ("wins", "ties")}.get(_kind, "")  # fmt: skip
    for _word in (_w,) if isinstance(_w, str) else _w:
        _BY_WORD[_word] = (*_BY_WORD.get(_word, ()), (_kind, _rule))
_EVENT = PLAYER_RULES[-1][1]
#: a line about a player who is not seated ("Player4 sits down"), or an observer's chat
_OTHER = re.compile(r".+? \(Observer\): .*|[^:]+ (?:" + _EVENT.pattern + r")\s*")
_SUMMARY_SEAT = re.compile(r"Seat (?P<seat>\d+): (?P<rest>.*?)\s*$")
_SUMMARY_SHOW = re.compile(
    r"(?P<how>showed|mucked) \[(?P<cards>[^\]]*)\](?: and won \(" + _AMT + r"\) with (?P<wd>.*)"
    r"| and lost with (?P<ld>.*)| - (?P<md>.*))?\s*$"
)
_SUMMARY_COLLECT = re.compile(r"collected \(" + _AMT + r"\)(?:, mucked)?\s*$")
_POSITIONS = re.compile(r"(?:\((?:button|small blind|big blind)\) )+")
_HILO_WORDS = re.compile(r"HI: (?P<hi>.*?)(?:; LO: (?P<lo>.*))?$")
_FTP_HIGH = re.compile(r"a (?P<sf>straight flush|straight), (?P<r>\w+) high|(?P<hc>\w+) high")
_STRUCTURES = {
    "no limit": BettingStructure.NO_LIMIT, "nl": BettingStructure.NO_LIMIT,
    "pot limit": BettingStructure.POT_LIMIT, "pl": BettingStructure.POT_LIMIT,
    "limit": BettingStructure.LIMIT, "fl": BettingStructure.LIMIT,
}  # fmt: skip
_GAMES = {
    base + suffix: (variant, hi_lo)
    for base, variant in (("omaha", Variant.OMAHA), ("5 card omaha", Variant.OMAHA5),
                          ("6 card omaha", Variant.OMAHA6), ("courchevel", Variant.COURCHEVEL))
    for suffix, hi_lo in (("", False), (" hi", False), (" h/l", True), (" hi/lo", True))
}  # fmt: skip
_CURRENCIES = {"$": "USD", "€": "EUR", "£": "GBP"}
_STREETS = {"FLOP": Street.FLOP, "TURN": Street.TURN, "RIVER": Street.RIVER}
_ET = ZoneInfo("America/New_York")
_ZONES = {"ET": _ET, "EST": _ET, "EDT": _ET, "CET": ZoneInfo("Europe/Paris"),
          "CEST": ZoneInfo("Europe/Paris"), "GMT": UTC, "UTC": UTC, "WET": ZoneInfo("Europe/Lisbon"),
          "PT": ZoneInfo("America/Los_Angeles"), "CT": ZoneInfo("America/Chicago"),
          "MT": ZoneInfo("America/Denver"), "AT": ZoneInfo("America/Halifax")}  # fmt: skip
