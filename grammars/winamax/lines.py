"""The line rules of the Winamax grammar (:mod:`hhtools.grammars.winamax`): one named
pyparsing ``Regex`` per kind of line, and the words of its headers (games, limits).

Amounts are written with the currency sign after the number ("207.96€"), or with
none (play money, tournament chips).
"""

from __future__ import annotations

import re
from typing import Any

from hhtools.grammars import _kit as k

_AMT = r"[$€£]?\d[\d,.]*[$€£]?"


def _a(name: str) -> str:
    """An amount named ``name``: the number without the currency sign around it."""
    return r"[$€£]?(?P<" + name + r">\d[\d,.]*)[$€£]?"


_START = re.compile(r"\ufeff?Winamax Poker - ")
#: A whole hand header on some line: "... - HandId: #<id> - <game> (<stakes>) - <date>".
_ANY_START = re.compile(
    r"^\ufeff?Winamax Poker - [^\n]* - HandId: #[\d-]+ - [^\n]+ \([^()\n]*\) - "
    r"\d{4}/\d\d/\d\d \d\d?:\d\d:\d\d",
    re.MULTILINE,
)
_END = k.HandEnd(
    "*** SUMMARY ***",
    re.compile(r"Seat \d+: |Total pot |Board: |\*\*\* SUMMARY \*\*\*"),
    re.compile(r"Seat \d+: [^\n]* \([$€£]?\d[\d,.]*[$€£]?(?:, [^)\n]*)?\)\r?$", re.MULTILINE),
    "Seat ",
)

HEADER = k.rule(
    "header",
    r"\ufeff?Winamax Poker - (?:CashGame|Tournament \"(?P<tname>[^\"]*)\" buyIn: (?P<buyin>.*?)"
    r"(?: level: (?P<level>\d+))?|(?P<other>.+?)) - HandId: #(?P<id>[\d-]+) - "
    r"(?P<game>.+?) \((?P<stakes>[^()]*)\) - (?P<date>\d{4}/\d\d/\d\d \d\d?:\d\d:\d\d)"
    r"(?: (?P<tz>[A-Za-z]+))?\s*$",
)
TABLE = k.rule(
    "table",
    r"Table:? '(?P<table>.*)' (?P<max>\d+)-max \((?P<money>real|play) money\)"
    r"(?: Seat #(?P<button>\d+) is the button)?\s*$",
)
SEAT = k.rule(
    "seat",
    r"Seat (?P<seat>\d+): (?P<player>.+) \(" + _a("stack") + r"(?:, (?P<bounty>[^)]*))?\)"
    r"(?P<out> out of hand)?\s*$",
)
STREET = k.rule(
    "street",
    r"\*\*\* (?P<street>ANTE/BLINDS|PRE-FLOP|FLOP|TURN|RIVER|SHOW DOWN|SUMMARY) \*\*\*:?"
    r"(?: (?P<cards>\[[^\]]*\](?: ?\[[^\]]*\])*))?\s*$",  # "[..][2s]" or "[..] [2s]"
)
DEALT = k.rule("dealt", r"Dealt to (?P<rest>.+) \[(?P<cards>[^\]]*)\]\s*$")
POST = k.rule(
    "post",
    r"posts (?P<kind>small blind|big blind|ante|straddle) " + _a("amt")
    + r"(?P<oop> out of position)?(?P<allin> and is all-in)?\s*$",
)
PASS = k.rule("pass", r"(?P<kind>folds|checks)(?:\s*)$")
CALL = k.rule("call", r"(?P<kind>calls|bets) " + _a("amt") + r"(?P<allin> and is all-in)?\s*$")
RAISE = k.rule(
    "raise", r"raises " + _a("amt") + " to " + _a("to") + r"(?P<allin> and is all-in)?\s*$"
)
SHOW = k.rule("show", r"shows \[(?P<cards>[^\]]*)\](?: \((?P<desc>.*)\))?\s*$")
MUCK = k.rule("muck", r"(?:mucks|doesn't show)(?: hand)?(?: \[(?P<cards>[^\]]*)\])?\s*$")
COLLECT = k.rule(
    "collect",
    r"collected " + _a("amt") + r" from (?P<pot>pot|main pot|side pot(?: (?P<n>\d+))?)"
    r" ?(?:\((?P<half>HI|LO)\))?\s*$",
)
DENY = k.rule("deny", r"deny (?:BB|SB|big blind|small blind)(?: " + _AMT + r")?\s*$")
DENY_ANY = k.rule("deny_any", r".+ deny (?:BB|SB|big blind|small blind)(?: " + _AMT + r")?\s*$")
TOTAL = k.rule(
    "total",
    r"Total pot " + _a("total") + r"(?: \| (?:Rake " + _a("rake") + r"|No rake))?(?P<rest>.*)$",
)
BOARD = k.rule("board", r"Board: \[(?P<cards>[^\]]*)\]\s*$")
#: money the room adds to the pot: "Hold-up to Pot: total 0.20€" (HOLD-UP tables),
#: "Escape to Pot: total 0.20€" (ESCAPE tables' splash pots)
ROOM_ADDED = k.rule("room_added", r"(?P<what>Hold-up|Escape) to Pot: total " + _a("amt") + r"\s*$")
S_SEAT = k.rule("summary_seat", r"Seat (?P<seat>\d+): (?P<rest>.*)$")
#: what a summary seat line says after the player's name: positions, then a fold, a
#: muck, a win or a show (the body's lines say the money)
S_REST = re.compile(
    r"(?: \((?:button|small blind|big blind)\))* (?:folded(?: on the (?:pre-flop|flop|turn|river))?"
    r"|mucked(?: \[[^\]]*\])?|won \S+(?: with .+)?"
    r"|showed \[[^\]]*\] and (?:won \S+|lost) with .+|(?:is )?sitting out)\s*"
)
S_SHOWED = re.compile(
    r" showed \[(?P<cards>[^\]]*)\] and (?:won (?P<amt>\S+)|lost) with (?P<desc>.*)$"
)

#: lines that start with a word of their own (before the summary and in it), and
#: lines that start with a player's name (the rule reads what follows the name)
HEAD = k.by_word((("street", STREET), ("seat", SEAT), ("dealt", DEALT),
                  ("room_added", ROOM_ADDED)))  # fmt: skip
SUMMARY = k.by_word((("street", STREET), ("total", TOTAL), ("board", BOARD),
                   ("summary_seat", S_SEAT)))  # fmt: skip
PLAYER = k.by_word((("post", POST), ("pass", PASS), ("call", CALL), ("raise", RAISE),
                  ("show", SHOW), ("collect", COLLECT), ("deny", DENY),
                  ("muck", MUCK)))  # fmt: skip


def compiled(table: dict[str, tuple[tuple[str, Any], ...]]) -> dict[str, tuple[tuple[str, Any], ...]]:
    """``table`` with each rule as its compiled ``match`` (what ``_lines._m`` runs with
    ``FAST``), so a line is read without a call through ``_m``: ``word -> ((kind, match), ...)``.

    >>> kind, match = compiled(PLAYER)["folds"][0]; kind, match("folds")["kind"]
    ('pass', 'folds')
    """
    return {word: tuple((kind, rule.re.match) for kind, rule in rules)
            for word, rules in table.items()}  # fmt: skip


#: :data:`HEAD` and :data:`SUMMARY` with compiled matches (:data:`PLAYER` is read by its
#: own :meth:`~hhtools.grammars._lines.LineTable.match`)
HEAD_M, SUMMARY_M = compiled(HEAD), compiled(SUMMARY)

_STREETS = {
    "PRE-FLOP": k.Street.PREFLOP, "FLOP": k.Street.FLOP, "TURN": k.Street.TURN,
    "RIVER": k.Street.RIVER, "SHOW DOWN": k.Street.SHOWDOWN,
}  # fmt: skip
_POSTS = {"small blind": k.PostKind.SMALL_BLIND, "big blind": k.PostKind.BIG_BLIND,
          "ante": k.PostKind.ANTE, "straddle": k.PostKind.STRADDLE}  # fmt: skip
_SIGNS = {"€": "EUR", "$": "USD", "£": "GBP"}
_OTHER_GAMES = re.compile(r"hold'?em|stud|razz|draw|badugi|courchevel|mix", re.IGNORECASE)
_STRUCTURES = k.STRUCTURE_WORDS
_GAMES: dict[str, tuple[k.Variant, bool]] = {
    "omaha": (k.Variant.OMAHA, False), "omaha hi": (k.Variant.OMAHA, False),
    "omaha hi/lo": (k.Variant.OMAHA, True), "omaha8": (k.Variant.OMAHA, True),
    "omaha 8": (k.Variant.OMAHA, True),
    "omaha5": (k.Variant.OMAHA5, False), "5 card omaha": (k.Variant.OMAHA5, False),
    "omaha5 hi/lo": (k.Variant.OMAHA5, True), "5 card omaha hi/lo": (k.Variant.OMAHA5, True),
    "omaha5 8": (k.Variant.OMAHA5, True), "omaha58": (k.Variant.OMAHA5, True),
    "omaha6": (k.Variant.OMAHA6, False), "6 card omaha": (k.Variant.OMAHA6, False),
    "omaha6 hi/lo": (k.Variant.OMAHA6, True), "6 card omaha hi/lo": (k.Variant.OMAHA6, True),
}  # fmt: skip


def game_of(game_text: str) -> tuple[k.Variant, bool, k.BettingStructure] | str | None:
    """The header's game words, typed.

    Args:
        game_text: e.g. "5 Card Omaha Hi/Lo pot limit".

    Returns:
        ``(variant, hi/lo, structure)``; a ``str`` (the skip reason) for a game outside
        the Omaha family; ``None`` for an Omaha game this reader does not know.

    >>> game_of("Omaha5 pot limit")
    (<Variant.OMAHA5: 'omaha5'>, False, <BettingStructure.POT_LIMIT: 'pot_limit'>)
    >>> game_of("Holdem no limit")
    'not an Omaha-family game: Holdem no limit'
    """
    low = game_text.lower().strip()
    for words, structure in _STRUCTURES.items():
        if low.endswith(" " + words):
            name = low[: -len(words) - 1].strip()
            break
    else:
        name, structure = low, None
    if "omaha" not in name:
        if _OTHER_GAMES.search(low) or structure is not None:
            return f"not an Omaha-family game: {game_text}"
        return None
    vh = _GAMES.get(name)
    if vh is None or structure is None:
        return None
    return vh[0], vh[1], structure
