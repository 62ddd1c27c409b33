"""PartyPoker's line rules, header reading and words for shown hands.

Private to :mod:`hhtools.grammars.partypoker` (which describes the format). Every kind
of line is one named pyparsing ``Regex`` (:func:`hhtools.grammars._lines._rule`):
``FIXED`` rules read lines that start with a fixed word, ``PLAYER`` rules read what
follows a player's name. Amount groups keep the site's text (``$0.50 USD``,
``1,830``); the grammar turns them into minor units.
"""

from __future__ import annotations

import functools
import re
from datetime import UTC, datetime, timedelta

from hhtools.grammars import _kit as k

__all__ = [
    "FIXED",
    "LOWER_SEAT",
    "OLD_CASH",
    "OLD_TOURNEY",
    "POT_PART",
    "FIXED_PREFIX",
    "PLAYER",
    "PLAYER_WORD",
    "QUIET",
    "SHOWS_LOW",
    "aliases",
    "claimed_high",
    "game_kind",
    "parse_date",
]

_AMT = r"\$?\s?[\d][\d,.]*(?: USD| EUR| GBP| chips)?"
#: "[$20 USD]", "(0.10)", or a 2012 client's "[ $20 USD ]" (after "calls[", no space)
_BRACKET = rf"(?:\[\s?(?P<a>{_AMT})\s?\]|\((?P<b>{_AMT})\))"

#: Lines that start with a fixed word, tried in order.
FIXED = (
    k.rule("game_starts", r"Game #(?P<id>\d+) starts\.\s*$"),
    k.rule("game_no", r"#Game No : (?P<id>\d+)\s*$"),
    k.rule("hand_header", r"\*{5} Hand History [Ff]or Game (?P<id>\w+) \*{5}\s*$"),
    k.rule(
        "new_header",
        r"(?P<sb>[\d.,]+)/(?P<bb>[\d.,]+) (?P<name>.+?) Game Table \((?P<st>PL|NL|FL)\)"
        # a tournament's (2019-2021): "(MTT Tournament #302466038) (Buyin $3.0 + $0.3)",
        # "(SNG JackPot Tournament #241086059) (Buyin $0.23 + $0.02)"; its name "Tourney X"
        r"(?: \([^()#]*Tournament #(?P<tid>\d+)\) \(Buyin (?P<buyin>[^()]+)\))? - "
        r"(?P<date>\w{3} \w{3} \d{1,2} \d{1,2}:\d\d:\d\d) (?P<tz>[A-Z]{2,5}) (?P<year>\d{4})\s*$",
    ),
    k.rule(
        "old_header",
        r"(?P<game>.+?) ?- ?\w+, ?(?P<date>\w+ \d{1,2}, \d{1,2}:\d\d:\d\d) "
        r"(?:(?P<tz>[A-Z]{2,5}) | )(?P<year>\d{4})\s*$",  # no zone: two spaces (2013); a
        # 2012 client's "Omaha Hi-Saturday,February 18, 01:10:59 EST 2012" (no spaces)
    ),
    k.rule(
        "table",
        r"Table (?P<name>.+?) \(\s?(?P<money>Real Money|Play Money)\s?\)"
        r"(?: -- Seat (?P<button>\d+) is the button)?\s*$",
    ),
    k.rule("button", r"Seat (?P<seat>\d+) is the button\s*$"),
    k.rule("players", r"Total number of players : (?P<n>\d+)/(?P<max>\d+)\s*$"),
    k.rule(
        "seat",
        r"Seat (?P<seat>\d+): (?P<player>.+?) \(\s*(?P<amt>[$€£]?[\d][\d,.]*)(?: [A-Z]{3})?\s*\)"
        r"(?P<out> is sitting out)?\s*$",
    ),
    k.rule("trny", r"Trny: ?(?P<id>\d+) Level: ?(?P<level>\d+)\s*$"),
    k.rule("blinds", r"Blinds(?:-Antes)?\((?P<sb>[\d,.]+)/(?P<bb>[\d,.]+)(?: -[\d,.]+)?\)\s*$"),
    k.rule("dealing", r"\*\* Dealing down cards \*\*\s*$"),
    k.rule(
        "street",
        r"\*\* Dealing (?P<street>Flop|Turn|River) \*\*(?: :)?\s*\[(?P<cards>[^\]]*)\]\s*$",
    ),
    k.rule("dealt", r"Dealt to (?P<player>.+?) \[(?P<cards>[^\]]*)\]\s*$"),
    k.rule(
        "creating",
        r"Creating (?P<pot>Main Pot|Side Pot(?: \d+)?) with \$? ?(?P<amt>[\d][\d,.]*) with .*$",
    ),
    k.rule("summary", r"\*\* Summary \*\*\s*$"),
    k.rule("pots", r"(?P<pots>(?:Main|Side) Pot(?: \d+)?: \$?[\d][\d,.]*"
                   r"(?:[\s|,]*Side Pot(?: \d+)?: \$?[\d][\d,.]*)*)"
                   r"[\s|,]*Rake: \$?(?P<rake>[\d][\d,.]*)\s*$"),
    k.rule("board", r"Board: \[(?P<cards>[^\]]*)\]\s*$"),
    # a tournament's pots in chips, no rake written: "Main Pot: 1770"
    k.rule("chip_pots", r"(?P<pots>(?:Main|Side) Pot(?: \d+)?: [\d][\d,]*"
                        r"(?:[\s|,]*Side Pot(?: \d+)?: [\d][\d,]*)*)\s*$"),
)  # fmt: skip

#: What follows a player's name, tried in order.
PLAYER = (
    k.rule("fold", r"folds\s*$"),
    k.rule("check", r"checks\s*$"),
    k.rule("call", rf"calls ?{_BRACKET}\s*$"),
    k.rule("bet", rf"bets ?{_BRACKET}\s*$"),
    k.rule("raise", rf"raises ?(?:\[\s?(?P<a>{_AMT})\s?\]"
                    rf"|(?P<inc>[\d][\d,.]*) to (?P<to>[\d][\d,.]*))\s*$"),
    k.rule("all_in", rf"is all-In(?:\s+\[(?P<a>{_AMT})\])?\.?\s*$"),
    # "posts big blind + dead [$0.35].": a player coming back posts the big blind and a
    # dead small blind, one total
    k.rule("post", rf"posts (?P<what>small blind|big blind \+ dead|big blind|ante) "
                   rf"{_BRACKET}\.?\s*$"),
    k.rule("shows", r"shows \[(?P<cards>[^\]]*)\]\s*(?P<desc>.*?)\.?\s*$"),
    k.rule("no_show", r"(?:does not show cards|mucks(?: hand| cards)?)\.?\s*$"),
    # "doesn't show [ 5s, 3c, Kd, Kh ]two pairs, Kings and Fives.": cards not shown to the
    # table (the hero's own), the words PartyPoker's description of them
    k.rule("not_shown", r"doesn't show \[(?P<cards>[^\]]*)\]\s*(?P<desc>.*?)\.?\s*$"),
    # "shows7,5,4,2,A  for low.": the low hand a player shows (no space after "shows")
    k.rule("shows_low", r"shows\s*(?P<low>[2-9TJQKA](?:,[2-9TJQKA]){4})\s+for low\.?\s*$"),
    # "wins $28.75 USD from the main pot with a pair of Kings.", "wins [$5 USD]", the low
    # half: "wins Lo ($28.75 USD) from the main pot with 7,5,4,2,A."
    k.rule(
        "wins",
        rf"wins (?:(?P<half>Hi|Lo) \((?P<hamt>{_AMT})\)|\[(?P<bamt>{_AMT})\]|(?P<amt>{_AMT}))"
        r"(?: from the (?P<pot>main pot|side pot(?: (?P<n>\d+))?))?"
        r"(?: with (?P<desc>.*?))?\.?\s*$",
    ),
    k.rule("finished", r"finished in (?P<place>\d+)(?:st|nd|rd|th)? place\.?\s*$"),
    k.rule("co_premium", r"Cash-out Premium % is [\d.]+\s*$"),
    k.rule("co_opted", r"opted for cash-out\s*$"),
    k.rule("co_probability", r"probabi?li?ty is (?P<p>[\d.]+)\s*$"),
    k.rule("co_amount", r"Cashout Amount is (?P<amt>[\d][\d,.]*)\s*$"),
    k.rule(
        "balance",
        r"(?P<co>Cashed out\s+)?balance \$?(?P<bal>[\d][\d,.]*), (?:didn't bet|lost \$?(?P<lost>"
        r"[\d][\d,.]*)|bet \$?(?P<bet>[\d][\d,.]*), collected \$?(?P<col>[\d][\d,.]*), net "
        r"(?P<sign>[+-]?)\$?(?P<net>[\d][\d,]*(?:\.\d\d)?))(?: \(folded\))?"
        r"\s*(?:\[(?P<cards>[^\]]*)\]\s*\[(?P<desc>[^\]]*)\])?\s*$",
    ),
    # a player not dealt in (applied); the lines that carry no chips are QUIET's
    k.rule(
        "sit_out",
        r"(?:is sitting out|sits out|will be allowed to play after the button"
        r"|waits for (?:the )?big blind)\.?\s*$",
    ),
)  # fmt: skip

#: The lines that carry no chips: the kernel's (joined, left, connection, time bank) and
#: PartyPoker's own ("did not respond in time", the time bank's warning to the hero).
QUIET = k.NO_CHIPS.plus(
    tails=(r"did not respond in time",),
    lines=(r"Your time bank will be activated in \d+ secs?\. If you do not want it to be"
           r" used, please act now\.",),
)  # fmt: skip

#: The old format's game words of a tournament and of a cash table.
OLD_TOURNEY = k.rule(
    "old_tourney",
    r"(?P<st>PL|NL|FL) (?P<name>.+?) (?P<buyin>[$€£]? ?[\d.,]+(?: [A-Z]{3})?) Buy-in ?"
    r"(?:Trny: ?(?P<trny>\d+) Level: ?(?P<level>\d+)\s+Blinds(?:-Antes)?"
    r"\((?P<sb>[\d,]+)/(?P<bb>[\d,]+)(?: -[\d,]+)?\))?\s*$",
)
OLD_CASH = k.rule(
    "old_cash",
    r"[$€£]?(?P<a>[\d.,]+)(?:/[$€£]?(?P<b>[\d.,]+))? (?P<cur>[A-Z]{3}) "
    r"(?:fastforward )?(?P<st>PL|NL|FL) +(?P<name>.+)$",  # a 2016 Fast Forward pool's word
)
#: A 2012 client's seat line: "seat1: Player0 ( $664.25 USD )" (lowercase, no space; the
#: other lines of that hand are the old format's, "raises[ $25 USD ]" aside); a 2016 Fast
#: Forward table's "seat 1: Player0 ( $11.84 USD )"
LOWER_SEAT = k.rule(
    "lower_seat",
    r"seat ?(?P<seat>\d+): (?P<player>.+?) \(\s*(?P<amt>[$€£]?[\d][\d,.]*)(?: [A-Z]{3})?\s*\)"
    r"(?P<out>)\s*$",
)
#: One pot's amount in the new summary's "Main Pot: $38.50 | Side Pot 1: $2 Rake: $2.0".
POT_PART = re.compile(r"Pot(?: \d+)?: \$?([\d][\d,.]*)")

_BY_NAME = {str(r.customName): r for r in FIXED + PLAYER}

#: The fixed rules a body line may match, by its first four characters.
FIXED_PREFIX: dict[str, tuple[re.Pattern[str], ...]] = {
    prefix: tuple(_BY_NAME[n].re for n in names)
    for prefix, names in (
        ("** D", ("dealing", "street")), ("** S", ("summary",)), ("Seat", ("seat", "button")),
        ("Deal", ("dealt",)), ("Tabl", ("table",)), ("Tota", ("players",)), ("Trny", ("trny",)),
        ("Blin", ("blinds",)), ("Crea", ("creating",)), ("Main", ("pots", "chip_pots")),
        ("Side", ("pots", "chip_pots")),
        ("Boar", ("board",)),
    )
}  # fmt: skip

#: The player rules a line may match, by the first word after the player's name.
PLAYER_WORD: dict[str, tuple[tuple[str, re.Pattern[str]], ...]] = {
    word: tuple((n, _BY_NAME[n].re) for n in names)
    for word, names in (
        ("folds", ("fold",)), ("checks", ("check",)), ("calls", ("call",)), ("bets", ("bet",)),
        ("raises", ("raise",)), ("is", ("all_in", "sit_out")), ("posts", ("post",)),
        ("shows", ("shows",)), ("does", ("no_show",)), ("doesn't", ("not_shown",)),
        ("mucks", ("no_show",)), ("wins", ("wins",)), ("finished", ("finished",)),
        ("Cash-out", ("co_premium",)), ("opted", ("co_opted",)),
        ("probabilty", ("co_probability",)), ("probability", ("co_probability",)),
        ("Cashout", ("co_amount",)), ("balance", ("balance",)), ("Cashed", ("balance",)),
        ("will", ("sit_out",)), ("sits", ("sit_out",)), ("waits", ("sit_out",)),
    )
}  # fmt: skip

#: "shows7,5,4,2,A  for low.": its first word is not "shows" alone
SHOWS_LOW = _BY_NAME["shows_low"].re

#: An action line whose player is not seated: the name, then what a player rule reads.
UNSEATED = re.compile(
    r"(?P<name>\S+) (?P<rest>(?:folds|checks|calls|bets|raises|is all-In|posts|shows|does not show"
    r"|wins) ?.*)$"
)

_OMAHA = {"omaha": False, "omaha hi": False, "omaha hi-lo": True, "omaha hi/lo": True,
          "omaha h/l": True, "omaha hi lo": True, "omaha hilo": True}  # fmt: skip
_OTHER = re.compile(r"hold.?em|stud|razz|draw|badugi|lowball|triple|holdem", re.IGNORECASE)
STRUCTURES = k.STRUCTURE_CODES


def game_kind(name: str) -> bool | str:
    """A game name's hi/lo flag, or a string saying why it is not read.

    Returns:
        ``True``/``False`` (hi/lo or high) for an Omaha game the format knows;
        ``"skip:<name>"`` for a game outside the Omaha family; ``"unknown:<name>"``
        for a name this grammar does not know.

    >>> game_kind("Omaha Hi-Lo"), game_kind("Texas Hold'em"), game_kind("Omaha Spread")
    (True, "skip:Texas Hold'em", 'unknown:Omaha Spread')
    """
    key = " ".join(name.lower().split())
    if key in _OMAHA:
        return _OMAHA[key]
    if "omaha" not in key and _OTHER.search(key):
        return f"skip:{name}"
    return f"unknown:{name}"


_ZONES = {"EST": -5, "EDT": -4, "CST": -6, "CDT": -5, "PST": -8, "PDT": -7, "GMT": 0,
          "UTC": 0, "BST": 1, "CET": 1, "CEST": 2, "WET": 0, "WEST": 1,
          "MEZ": 1, "MESZ": 2, "ICT": 7}  # fmt: skip
_MONTHS = {m: i for i, m in enumerate(
    ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"], 1)}  # fmt: skip


@functools.lru_cache(maxsize=4096)
def parse_date(text: str, zone: str, year: str) -> tuple[datetime, datetime | None]:
    """``"January 05, 20:50:31"`` or ``"Feb 09 12:55:26"`` in ``zone`` -> (site clock,
    UTC or ``None`` for a zone abbreviation it does not know).

    Raises:
        ValueError: not a date.

    >>> parse_date("Feb 09 12:55:26", "EST", "2026")[1].isoformat()
    '2026-02-09T17:55:26+00:00'
    """
    parts = text.replace(",", " ").split()
    if len(parts) == 4:  # "Mon Feb 09 12:55:26": the weekday first
        parts = parts[1:]
    month, day, clock = parts
    hh, mm, ss = (int(x) for x in clock.split(":"))
    local = datetime(int(year), _MONTHS[month[:3].lower()], int(day), hh, mm, ss)
    off = _ZONES.get(zone)
    utc = None if off is None else (local - timedelta(hours=off)).replace(tzinfo=UTC)
    return local, utc


_WORDS = (
    (re.compile(r"^two pairs\b"), "two pair"),
    (re.compile(r"^one pair, (\w+)$"), r"a pair of \1"),
    (re.compile(r"^(?:a )?full house, "), "a full house, "),
    (re.compile(r"^(?:a )?flush, "), "a flush, "),
    (re.compile(r"^(?:a )?straight, "), "a straight, "),
    (re.compile(r"^(?:a )?straight flush, "), "a straight flush, "),
    (re.compile(r"^high card,? "), "high card "),
    (re.compile(r"^(?:a )?royal flush$"), "a royal flush"),
)


_CLAIMS: dict[str, k.ClaimedHigh | None] = {}


def claimed_high(desc: str | None) -> k.ClaimedHigh | None:
    """PartyPoker's words for a high hand, typed: "two pairs, aces and jacks -- Ac,Ad,..."
    (new format, the five cards after " -- ") or "two pairs, Tens and Twos." (old).

    >>> claimed_high("a straight, seven to jack -- Jc,Ts,9c,8h,7d").ranks
    (11,)
    >>> claimed_high("two pairs, Tens and Twos").ranks
    (10, 2)
    """
    if not desc:
        return None
    words = desc.split(" -- ")[0].strip().rstrip(".").lower()
    if words in _CLAIMS:
        return _CLAIMS[words]
    key = words
    for pattern, repl in _WORDS:
        words = pattern.sub(repl, words)
    claim = k.read_high(words)
    if len(_CLAIMS) < 1 << 14:
        _CLAIMS[key] = claim
    return claim


def aliases(lines: list[str], start: int) -> dict[str, str]:
    """Map unseated action names to the seated players never named (see the docstring of
    ``grammars/partypoker/__init__.py``); the seats are read ahead for it."""
    seat_re = FIXED[8].re
    seats: list[tuple[int, str]] = []
    body = []
    for raw in lines[start:]:
        ln = raw.strip()
        if ln.startswith("Seat "):
            m = seat_re.match(ln)
            if m is not None:
                seats.append((int(m["seat"]), m["player"]))
            continue
        body.append(ln)
    names = sorted({p + " " for _, p in seats}, key=len, reverse=True)
    unknown = _unseated_names(body, names)
    if not unknown:
        return {}
    free = _never_named(body, names, [p for _, p in sorted(seats)])
    return dict(zip(unknown, free, strict=True)) if len(free) == len(unknown) else {}


def _unseated_names(body: list[str], names: list[str]) -> list[str]:
    """The names of action lines whose first word starts no seated name ("name "), in
    the order they first act."""
    firsts = {p.split(" ")[0] for p in names} | {"Dealt", "**", "Table", "Total", "Board:"}
    unknown: list[str] = []
    for ln in body:
        if ln[: max(ln.find(" "), 0)] not in firsts:
            u = UNSEATED.match(ln)
            if u is not None and u["name"] not in unknown:
                unknown.append(u["name"])
    return unknown


def _never_named(body: list[str], names: list[str], order: list[str]) -> list[str]:
    """The seated players (``order``: by seat) no line names but a post, in preflop
    turn order: from the seat left of the big blind."""
    named: set[str] = set()
    bb = None
    for ln in body:
        who = next((p[:-1] for p in names if ln.startswith(p) or ln.startswith(p, 9)), None)
        if who is not None:
            if " posts " in ln:
                bb = who if "big blind" in ln else bb
            else:
                named.add(who)
    if bb in order:
        ix = order.index(bb) + 1
        order = order[ix:] + order[:ix]
    return [p for p in order if p not in named]
