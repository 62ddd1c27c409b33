"""Reading one 888poker / Pacific Poker hand into a :class:`HandHistory` (the format and
its quirks: :mod:`hhtools.grammars.poker888`). Money is integer minor units: cents
(real money), hundredths of a play chip (practice play), whole chips (tournaments).

The hand is read on the grammar kernel: the hand state :class:`~.._hand.Hand` (a
subclass adds what only 888 keeps), the per-line loop :func:`~.._betting.read_body`,
line rules named once (:func:`~.._lines._rule`) and looked up by their first word
(:func:`~.._hand.rule_table`), the end checks :func:`~.._hand.incomplete` and the one
record builder :func:`~.._record.build_record`. What is 888's own is data below: the
words of its lines, and that every betting amount is what the player adds.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import replace
from datetime import datetime
from typing import Any, NamedTuple

from hhtools.grammars import _kit as k
from hhtools.grammars.poker888 import quick
from hhtools.grammars.poker888.ending import wins_cut

__all__ = ["claimed_high", "claimed_low", "header_id", "lone_number", "read_hand"]

SITE = "888poker"
_AMT = r"(?P<amt>[^\]\)]*?)"
_GAME_NO = re.compile(r"#Game No : (\d+)[ \t\r]*(?:\n|$)")  # the whole line: a damaged number is no id
#: the site's header line, the hand's first in older files (no "#Game No" line above it)
_HEADER_ID = re.compile(
    r"\ufeff?\*{4,5} [^\n]*?Hand History for Game (\d+) \*{4,5}[ \t\r]*(?:\n|$)"
)
#: a "#Game No" line and nothing else: the number of a hand the site had not written yet
_LONE = re.compile(r"#Game No : \d+\s*")
_GAME = k.rule(
    "game",
    r"(?P<sb>[^/]+?)\s*/\s*(?P<bb>\S+(?: [$€£])?) Blinds (?P<limit>Pot Limit|No Limit|Fix Limit"
    r"|Fixed Limit|Limit) (?P<name>.+?)(?: Jackpot table)? - \*\*\*"
    r"(?: (?P<date>\d\d \d\d \d{4} \d\d:\d\d:\d\d))?\s*$",  # 888.ro: no date
)
_TABLE = k.rule(
    "table",
    r"(?:Tournament #(?P<tid>\d+) (?P<buyin>.*?) - )?Table (?P<table>.+?)\s*"
    r"\((?P<mode>[^()]*)\)\s*$",
)
#: a tournament's table line with no table named (888.ro): "Tournament #133191603 Free
#: 10 Max (Real Money)"; the table's name is empty
_TABLE_UNNAMED = k.rule(
    "table_unnamed",
    r"Tournament #(?P<tid>\d+) (?P<buyin>.+?)(?P<table>) \d+ Max \((?P<mode>[^()]*)\)\s*$",
)
_HEADER_LINE = r"\*{4,5} .* Hand History for Game \d+ \*{4,5}\s*$"
_HEADER = k.rule("header", _HEADER_LINE)

#: lines that start with a fixed word, by that word
_FIXED = k.rule_table(
    ("seat", r"Seat (?P<seat>\d+): (?P<player>.+?) \( " + _AMT + r" \)\s*$"),
    ("button", r"Seat (?P<seat>\d+) is the button\s*$"),
    ("street", r"\*\* Dealing (?P<street>down cards|flop|turn|river) \*\*(?: \[(?P<cards>.*)\])?\s*$"),
    ("summary", r"\*\* Summary \*\*\s*$"),
    ("dealt", r"Dealt to (?P<player>.+?) \[(?P<cards>.*)\]\s*$"),
    ("hi", r"\(Hi: (?P<cards>.*)\)\s*$"),
    ("lo", r"\(Lo: (?P<cards>.*)\)\s*$"),
    ("noise", r"Total number of players : \d+\s*$"),
    ("noise", r"#Game No : \d+\s*$"),
    ("noise", _HEADER_LINE),
)  # fmt: skip

#: what follows a player's name, by its first word
_PLAYER = k.rule_table(
    ("post", r"posts (?P<what>small blind|big blind|dead blind|ante) \[" + _AMT + r"\]\s*$"),
    ("act", r"(?P<verb>calls|bets|raises|is all-in) \[" + _AMT + r"\]\s*$"),
    ("plain", r"(?P<verb>checks|folds)(?:\s*$)"),
    ("show", r"(?P<how>shows|mucks) \[(?P<cards>.*)\]\s*$"),
    ("collect", r"collected \[" + _AMT + r"\]\s*$"),
    ("noise", r"did not show his hand\s*$"),
    ("sitout", r"(?:is sitting out|sits out)\s*$"),
)  # fmt: skip
#: the plain lines' reader tried first on each body line (:func:`.quick.read_line`), in
#: the compiled core only (``None``: the rules read every line; the tests set it on the
#: Python path too)
QUICK = quick.read_line if quick.QUICK else None
#: the no-chips lines: the common ones and 888's own wordings of them
_QUIET = k.NO_CHIPS.plus(tails=(r"is timed out", r"has been connected"))

#: a line of one of the words above whose player is not seated
_UNSEATED = re.compile(
    r"(?P<player>.+?) (?P<rest>(?:posts|calls|bets|raises|is|checks|folds|shows|mucks|collected"
    r"|did|has) .*|checks\s*|folds\s*)$"
)
#: the betting words: what each adds is the chips the player puts in ("raises [$125]");
#: ``None``, an all-in, is a call, bet or raise by the betting
_VERBS = {"calls": k.ActionKind.CALL, "bets": k.ActionKind.BET, "raises": k.ActionKind.RAISE,
          "is all-in": None}  # fmt: skip
_POSTS = {"small blind": k.PostKind.SMALL_BLIND, "big blind": k.PostKind.BIG_BLIND,
          "ante": k.PostKind.ANTE}  # fmt: skip
_LIMITS = {"Pot Limit": k.BettingStructure.POT_LIMIT, "No Limit": k.BettingStructure.NO_LIMIT}
_OMAHA = {"omaha": False, "omahahl": True, "omaha hi/lo": True, "omaha hi-lo": True}
_OTHER = re.compile(r"hold'?em|stud|razz|draw|badugi", re.IGNORECASE)
_RANK = {r: i for i, r in enumerate("23456789TJQKA", start=2)}
#: amounts already read (in range only), by text and unit; bounded in size
_AMOUNTS: dict[tuple[str, k.Unit], int] = {}
_SIGNS = str.maketrans({"$": None, "€": None, "£": None, "\u00a0": " "})


class _Hand(k.Hand):
    """An 888 hand being read: the kernel's hand and what only 888 keeps."""

    def __init__(self, file: str, line: int) -> None:
        super().__init__(file, line)
        self.passed_over: set[str] = set()  # folded before the deal with no chips in
        self.bad_board = False  # a street line's cards not read: the board is left out
        self.unseated: list[tuple[int, str]] = []  # (line, name) acting without a seat
        self.language: str | None = None  # the cards' rank letters: English, or "sv", "nl"
        self.card_texts: list[str] = []  # the cards read in English letters so far
        self.pot_sizes: list[int] = []  # the pots' gross sizes, main pot first (_paid_out)


class _Head(NamedTuple):
    """What the first four lines say (amounts in minor units)."""

    hi_lo: bool
    structure: k.BettingStructure
    sb: int
    bb: int
    currency: str
    tid: str | None
    buy_in: str | None
    started: datetime | None  # None: the game line has no date (888.ro)


def hand_id(text: str) -> str | None:
    """The number of a hand text's "#Game No :" line, or ``None``."""
    m = _GAME_NO.match(text)
    return m.group(1) if m else None


def header_id(text: str) -> str | None:
    """The number of a hand text that starts at the site's header line ("***** 888poker
    Hand History for Game N *****", older files write no "#Game No" line), or ``None``."""
    m = _HEADER_ID.match(text)
    return m.group(1) if m else None


def lone_number(text: str) -> bool:
    """A hand text that is only a "#Game No : N" line: the site writes the next hand's
    number before the hand is played (a file ends with one), so it is no hand yet."""
    return _LONE.fullmatch(text) is not None


def _read_cards(h: _Hand, text: str) -> tuple[str, ...]:
    """The cards of a line ("Kd, 7c" or, from a client in another language, "Knh, Dd"):
    in English letters until a card needs a language's (:data:`~.._lines.RANKS_BY_LANGUAGE`),
    then in that language's for the rest of the hand; the cards read before must be
    written in it too.

    Raises:
        _BadCards: a card neither English nor of the hand's language.
    """
    text = text.replace(",", " ")
    if h.language is None:
        try:
            cards = k.cards(text)
        except k.BadCards:
            language = k.language_of(" ".join((*h.card_texts, text)))
            if language is None:
                raise
            h.language = language
        else:
            h.card_texts.append(text)
            return cards
    return k.localised_cards(text, h.language)


def _amount(h: k.Hand, text: str) -> int:
    """An amount as 888 prints it ("$1,430", "368,55 $", "9 899,50 $"), minor units.

    Raises:
        AmountOutOfRange: from :data:`~hhtools.model.money.MAX_AMOUNT` up.
        ValueError: not an amount.
    """
    key = (text, h.unit)
    value = _AMOUNTS.get(key)
    if value is not None:
        return value
    try:
        value = h.money(text.translate(_SIGNS).strip())
    except k.AmountOutOfRange:
        raise k.AmountOutOfRange(f"amount out of range: {text!r}") from None
    except ValueError:
        raise ValueError(f"not an amount: {text!r}") from None
    if len(_AMOUNTS) < 1 << 16:
        _AMOUNTS[key] = value
    return value


def claimed_high(cards: tuple[str, ...]) -> k.ClaimedHigh | None:
    """The claim of five named cards ("(Hi: Jd, Jc, 2d, 2s, Ks)"): category and ranks.

    >>> claimed_high(("Jd", "Jc", "2d", "2s", "Ks"))
    ClaimedHigh(category=<HandCategory.TWO_PAIR: 'two pair'>, ranks=(11, 2))
    >>> claimed_high(("2s", "3h", "4h", "5c", "Ah")).ranks
    (5,)
    """
    if len(cards) != 5:
        return None
    ranks = sorted((_RANK[c[0]] for c in cards), reverse=True)
    groups = sorted(Counter(ranks).items(), key=lambda kv: (-kv[1], -kv[0]))
    flush = len({c[1] for c in cards}) == 1
    top = _straight_top([r for r, _ in groups]) if len(groups) == 5 else None
    if top is not None:
        category = k.HandCategory.STRAIGHT_FLUSH if flush else k.HandCategory.STRAIGHT
        return k.ClaimedHigh(category, (top,))
    category, named = _SHAPES.get(tuple(n for _, n in groups)[:2], (k.HandCategory.HIGH_CARD, 1))
    if flush and category not in (k.HandCategory.FOUR_OF_A_KIND, k.HandCategory.FULL_HOUSE):
        return k.ClaimedHigh(k.HandCategory.FLUSH, (ranks[0],))
    return k.ClaimedHigh(category, tuple(r for r, _ in groups[:named]))


#: a hand's category by its two biggest groups of ranks, and how many ranks it names
_SHAPES: dict[tuple[int, ...], tuple[k.HandCategory, int]] = {
    (4, 1): (k.HandCategory.FOUR_OF_A_KIND, 1), (3, 2): (k.HandCategory.FULL_HOUSE, 2),
    (3, 1): (k.HandCategory.THREE_OF_A_KIND, 1), (2, 2): (k.HandCategory.TWO_PAIR, 2),
    (2, 1): (k.HandCategory.ONE_PAIR, 1), (1, 1): (k.HandCategory.HIGH_CARD, 1),
}  # fmt: skip


def _straight_top(distinct: list[int]) -> int | None:
    """The top card of five distinct ranks (high to low) that make a straight (5 for
    the wheel), else ``None``."""
    if distinct[0] - distinct[4] == 4:
        return distinct[0]
    return 5 if distinct == [14, 5, 4, 3, 2] else None


def claimed_low(cards: tuple[str, ...]) -> tuple[int, ...] | None:
    """The low of five named cards, high to low, ace = 1 ("(Lo: 2s, 4d, 5h, 6c, Ac)").

    >>> claimed_low(("2s", "4d", "5h", "6c", "Ac"))
    (6, 5, 4, 2, 1)
    """
    if len(cards) != 5:
        return None
    return tuple(sorted((1 if c[0] == "A" else _RANK[c[0]] for c in cards), reverse=True))


def _fail(
    h: k.Hand, code: k.ProblemCode, message: str, lines: list[str], line: int, at: int,
    skipped: str | None = None,
) -> k.ParsedHand:  # fmt: skip
    """No record: a problem on the hand's line index ``at`` (its text the excerpt)."""
    h.problem(line + at, code, message, lines[at][:120] if at < len(lines) else "")
    return k.no_record(h, skipped)


def read_hand(h: _Hand, lines: list[str], line: int, text: str, offset: int) -> k.ParsedHand:
    """The record of one hand's text, with the problems met.

    Args:
        h: a new hand state (its ``hand_id`` the "#Game No :" number, or ``None``).
        lines: the hand's lines; ``line`` the file line of the first.
        text, offset: the hand's text and its byte offset in the file.

    Returns:
        The record (or ``None``) and the problems; a hand of another game is a
        ``skipped_game`` note.
    """
    damaged = _damaged_number(h, lines, line)
    first = 0 if h.hand_id is not None and lines[0].lstrip("\ufeff").startswith("*") else 1
    head = _header(h, lines, line, damaged, first)
    if isinstance(head, k.ParsedHand):
        return head
    h.dealt = not _deals_down(text, lines)
    if not k.read_lines(h, lines, first + 3, line, _line, quiet=_QUIET, quick=QUICK):
        return k.no_record(h)
    end = line + len(lines) - 1
    # a summary with no "collected" line though chips went in: the text stops before
    # the wins (a file cut at its end); read, it was all rake, or in a tournament a pot
    # the site kept
    cut = None if h.summary else "the hand ends before its summary"
    if cut is None and not h.collects and any(h.put.values()):
        cut = "the summary pays nobody (cut short?)"
    if k.incomplete(h, lines, line, cut_short=cut):
        return k.no_record(h)
    if damaged:  # read to report every line, but its first line was not read
        return k.no_record(h)
    if h.unseated:
        at, who = h.unseated[0]
        h.problem(at, k.ProblemCode.UNKNOWN_PLAYER, f"{who!r} has no seat", lines[at - line])
        return k.no_record(h)
    record = _record(h, head, line, end, text, offset)
    # nothing follows the last "collected" line: a text cut between them
    cut = wins_cut(h.shows, record.collects, h.pot_sizes, record.total_pot or 0, bool(head.tid))
    if cut is not None:
        h.problem(end, k.ProblemCode.TRUNCATED_HAND, cut, lines[-1][:120])
        return k.no_record(h)
    return k.ParsedHand(record, tuple(h.problems), hand_id=h.hand_id)


def _deals_down(text: str, lines: list[str]) -> bool:
    """A line of the hand starts "** Dealing down cards": looked for in the hand's own
    text first (an ASCII phrase there is one in the normalised lines too), the lines
    joined only when the text does not hold it as written.

    >>> _deals_down("#1\\n** Dealing down cards **", ["#1", "** Dealing down cards **"])
    True
    >>> _deals_down("#1\\n**\\u00a0Dealing down cards **", ["#1", "** Dealing down cards **"])
    True
    >>> _deals_down("#1\\n** Dealing flop **", ["#1", "** Dealing flop **"])
    False
    """
    if text.startswith(_DOWN) or "\n" + _DOWN in text:
        return True
    return "\n" + _DOWN in "\n" + "\n".join(lines)


_DOWN = "** Dealing down cards"


def _damaged_number(h: k.Hand, lines: list[str], line: int) -> bool:
    """A "#Game No" line whose number is damaged ("#Game No : 700000>04", "#Game Nx :
    7...") under an intact second header line: a ``bad_header`` problem on it, and the
    hand read on with no number, so that every line of it (and of a hand glued to it)
    is read or reported; the hand gives no record."""
    if h.hand_id is not None or len(lines) < 2 or not lines[0].startswith("#G"):
        return False
    if k.rule_match(_HEADER, lines[1].rstrip()) is None:
        return False
    h.problem(line, k.ProblemCode.BAD_HEADER, "the '#Game No' line is damaged", lines[0][:120])
    return True


def _header(
    h: k.Hand, lines: list[str], line: int, damaged: bool, first: int
) -> _Head | k.ParsedHand:  # fmt: skip
    """Lines 0 to 3: "#Game No" (``damaged``: reported already), the site's header, the
    game and the table; lines 0 to 2 (``first`` 0) when the site's header is the first."""
    header = lines[first].lstrip("\ufeff").rstrip() if len(lines) > first else ""
    if h.hand_id is not None and not header:
        msg = "only the hand's '#Game No' line was written (cut short?)"
        return _fail(h, k.ProblemCode.TRUNCATED_HAND, msg, lines, line, 0)
    if (
        (h.hand_id is None and not damaged)
        or len(lines) < first + 2
        or k.rule_match(_HEADER, header) is None
    ):
        msg = "not an 888 hand header (#Game No : N, then *****)"
        return _fail(h, k.ProblemCode.BAD_HEADER, msg, lines, line, 0)
    g = _game(h, lines, line, first + 1)
    if isinstance(g, k.ParsedHand):
        return g
    t = k.rule_match(_TABLE, lines[first + 2]) if len(lines) > first + 2 else None
    if t is None and len(lines) > first + 2:
        t = k.rule_match(_TABLE_UNNAMED, lines[first + 2])
    if t is None:
        return _fail(h, k.ProblemCode.BAD_TABLE, "no table line", lines, line, first + 2)
    h.table, tid = t["table"] or "", t["tid"]
    h.unit = k.Unit.CHIPS if tid else k.Unit.CENTS
    try:
        sb, bb = _amount(h, g["sb"]), _amount(h, g["bb"])
    except ValueError as exc:
        out = isinstance(exc, k.AmountOutOfRange)
        code = k.ProblemCode.OUT_OF_RANGE if out else k.ProblemCode.BAD_AMOUNT
        return _fail(h, code, str(exc), lines, line, first + 1)
    d = g["date"]
    try:
        started = None if d is None else datetime(
            int(d[6:10]), int(d[3:5]), int(d[:2]), int(d[11:13]), int(d[14:16]), int(d[17:19]))
    except ValueError:
        return _fail(h, k.ProblemCode.BAD_HEADER, f"not a date: {d!r}", lines, line, first + 1)
    currency = _currency(tid, t["mode"].lower(), g["sb"] + g["bb"])
    structure = _LIMITS.get(g["limit"], k.BettingStructure.LIMIT)
    return _Head(_OMAHA[g["name"].strip().lower()], structure, sb, bb, currency, tid,
                 t["buyin"] if tid else None, started)  # fmt: skip


def _currency(tid: str | None, mode: str, stakes: str) -> str:
    """Tournament chips, practice-play chips ("(Practice Play)"), or the stakes' sign.

    >>> _currency(None, "real money", "€0.10€0.25"), _currency(None, "practice play", "$1$2")
    ('EUR', 'PLAY')
    """
    if tid:
        return "CHIPS"
    if "practice" in mode or "play" in mode and "real" not in mode:
        return "PLAY"
    return "EUR" if "€" in stakes else "GBP" if "£" in stakes else "USD"


def _game(h: k.Hand, lines: list[str], line: int, at: int) -> Any:
    """The game line's results (line index ``at``), or the :class:`ParsedHand` of a game
    not read: another game (``skipped_game``), an Omaha game 888's words do not name
    (``unknown_game``)."""
    text = lines[at]
    g = k.rule_match(_GAME, text.replace("\u00a0", " "))
    name = g["name"].strip() if g is not None else None
    if name is not None and name.lower() in _OMAHA:
        return g
    other = _OTHER.search((name or text).lower()) is not None
    if g is None:
        code = k.ProblemCode.SKIPPED_GAME if other else k.ProblemCode.UNKNOWN_GAME
        msg = f"not an Omaha game: {text!r}" if other else f"game line not read: {text!r}"
        return _fail(h, code, msg, lines, line, at, skipped=text if other else None)
    if other:
        msg = f"not an Omaha game: {g['name']!r}"
        return _fail(h, k.ProblemCode.SKIPPED_GAME, msg, lines, line, at, skipped=g["name"])
    msg = f"unknown Omaha game: {g['name']!r}"
    return _fail(h, k.ProblemCode.UNKNOWN_GAME, msg, lines, line, at)


def _line(h: _Hand, text: str, lno: int) -> bool:
    """Read one body line (normalised by :func:`~.._betting.read_body`: no-break spaces
    plain, no trailing space) into ``h``; ``False`` when no rule reads it."""
    # most lines start with a player's name: the fixed words' table is tried only when
    # the first word is one of its keys (the lookup its match would make)
    fixed = None
    if text[:1] in _FIXED_FIRST and text.partition(" ")[0] in _FIXED:
        fixed = _FIXED.match(text)
    if fixed is not None:
        _FIXED_LINES[fixed[0]](h, fixed[1], lno)
        return True
    who = h.name(text)
    found = _PLAYER.match(text[len(who) + 1 :]) if who is not None else None
    if found is not None:
        _PLAYER_LINES[found[0]](h, who, found[1], lno)
        return True
    u = _UNSEATED.match(text)
    found = _PLAYER.match(u["rest"]) if u is not None else None
    if found is None:
        return False
    if found[0] not in ("noise", "sitout"):  # read on; the hand gives no record (:func:`read_hand`)
        h.unseated.append((lno, u["player"]))  # type: ignore[index]
    return True


def _seat(h: _Hand, m: Any, lno: int) -> None:
    if not h.actions:  # a seat line after the betting started tells nothing new
        h.seat(h.seat_number(m["seat"]), m["player"], _amount(h, m["amt"]), lno)


def _button(h: _Hand, m: Any, lno: int) -> None:
    h.button = h.seat_number(m["seat"])


def _street(h: _Hand, m: Any, lno: int) -> None:
    if m["street"] == "down cards":
        h.dealt = True
        return
    h.new_street(k.STREETS[m["street"]])
    try:
        h.board.extend(_read_cards(h, m["cards"] or ""))
    except k.BadCards as exc:
        h.problem(lno, k.ProblemCode.BAD_CARDS, f"{exc} (board not read)", m.string)
        h.bad_board = True


def _summary(h: _Hand, m: Any, lno: int) -> None:
    h.summary = True


def _dealt(h: _Hand, m: Any, lno: int) -> None:
    cards = _read_cards(h, m["cards"])
    h.hero, h.hole[m["player"]] = m["player"], cards


def _hi(h: _Hand, m: Any, lno: int) -> None:
    """"(Hi: Jd, Jc, 2d, 2s, Ks)": the five cards of the last show's high claim."""
    if h.shows:
        five = _read_cards(h, m["cards"])
        h.shows[-1] = replace(h.shows[-1], description=m["cards"], claimed_high=claimed_high(five))


def _lo(h: _Hand, m: Any, lno: int) -> None:
    """"(Lo: 2s, 4d, 5h, 6c, Ac)": the five cards of the last show's low claim."""
    if h.shows:
        five = _read_cards(h, m["cards"])
        h.shows[-1] = replace(h.shows[-1], low_description=m["cards"], claimed_low=claimed_low(five))


def _noise(h: _Hand, *args: Any) -> None:
    """A line that changes nothing in the hand."""


#: the first characters of :data:`_FIXED`'s words: a line starting otherwise is a player's
_FIXED_FIRST = frozenset(word[0] for word in _FIXED)
_FIXED_LINES = {"seat": _seat, "button": _button, "street": _street, "summary": _summary,
                "dealt": _dealt, "hi": _hi, "lo": _lo, "noise": _noise}  # fmt: skip


def _post(h: _Hand, p: str, m: Any, lno: int) -> None:
    """"posts dead blind [$25 + $0]": the first part dead, the rest a live big blind."""
    what, amt = m["what"], m["amt"]
    if what != "dead blind":
        amount = _amount(h, amt) if "+" not in amt else sum(_amount(h, x) for x in amt.split("+"))
        h.post(p, _POSTS[what], amount, lno)
        return
    parts = [_amount(h, x) for x in amt.split("+")]
    amount = sum(parts)
    if parts[0] and sum(parts[1:]):
        h.dead_small = parts[0]
        h.post_both(p, amount, lno)
    else:
        h.post(p, k.PostKind.BIG_BLIND if sum(parts[1:]) else k.PostKind.ANTE, amount, lno)


def _act(h: _Hand, p: str, m: Any, lno: int) -> None:
    verb = m["verb"]
    amount = _amount(h, m["amt"])
    all_in = verb == "is all-in" or h.put.get(p, 0) + amount >= h.stacks.get(p, -1) > 0
    h.added(p, _VERBS[verb], amount, lno, all_in)


def _plain(h: _Hand, p: str, m: Any, lno: int) -> None:
    if m["verb"] == "checks":
        h.check(p, lno)
    elif not h.dealt and not h.put.get(p):
        # a fold written before "** Dealing down cards **" by a player with no chips
        # in: the seat is passed over by the deal (sitting out), not a preflop fold
        h.passed_over.add(p)
    else:
        h.fold(p, lno)


def _show(h: _Hand, p: str, m: Any, lno: int) -> None:
    cards = _read_cards(h, m["cards"])
    h.show(p, k.Show(p, cards, mucked=m["how"] == "mucks", line=lno))


def _collect(h: _Hand, p: str, m: Any, lno: int) -> None:
    h.collects.append(k.Collect(p, _amount(h, m["amt"]), pot=0, line=lno))


def _sitout(h: _Hand, p: str, m: Any, lno: int) -> None:
    """"X is sitting out": not dealt in, unless the player plays (``Hand.final_seats``)."""
    h.sit_out(p)


_PLAYER_LINES = {"post": _post, "act": _act, "plain": _plain, "show": _show,
                 "collect": _collect, "noise": _noise, "sitout": _sitout}  # fmt: skip


def _record(h: _Hand, head: _Head, line: int, end: int, text: str, offset: int) -> Any:
    """The record: the game, the money paid out (:func:`_paid_out`), the seats passed
    over by the deal sitting out, no board when a street's cards were not read."""
    returned, pot, rake, collects, parts = _paid_out(h, end)
    small_bet = big_bet = None
    if head.structure is k.BettingStructure.LIMIT:
        small_bet, big_bet = head.bb, 2 * head.bb
    most = max((len(c) for c in h.hole.values()), default=4)
    variant = {5: k.Variant.OMAHA5, 6: k.Variant.OMAHA6}.get(most, k.Variant.OMAHA)
    game = k.Game(variant, head.hi_lo, head.structure, head.sb, head.bb, head.currency,
                tournament_id=head.tid, buy_in=head.buy_in, small_bet=small_bet,
                big_bet=big_bet)  # fmt: skip
    seats = [k.sitting_out(s) if s.player in h.passed_over else s
             for s in h.final_seats()]  # fmt: skip
    return k.build_record(
        h, site=SITE, game=game, line=line, text=text, offset=offset, started_at=head.started,
        seats=tuple(seats), boards=() if h.bad_board or not h.board else (tuple(h.board),),
        collects=tuple(collects), returned=returned, total_pot=pot, total_pot_line=line,
        rake=0 if head.tid else rake, collect_order=k.CollectOrder.UNORDERED,
        pot_parts=tuple(parts) if len(parts) > 1 else (),
        pot_parts_basis=k.PotPartsBasis.NET if len(parts) > 1 else None,
    )  # fmt: skip


def _paid_out(
    h: _Hand, end: int
) -> tuple[tuple[k.Returned, ...], int, int, list[k.Collect], list[int]]:
    """``(returned, pot, rake, collects, pot parts)`` (minor units): the uncalled excess
    returned unless the wins show the site paid it in the pot (a walk: 25 + 50 + a dead
    25 collected), the pot what stayed in, the rake the pot less what was paid, the
    collect lines given to the pots main pot first, what they paid from each pot."""
    put_in, paid = sum(h.put.values()), k.collected(h.collects)
    # a dead small blind posted with the big ("posts dead blind [$1 + $2]") is at no level
    # and never uncalled: counted as a contribution it made a side pot of its own (which a
    # winning poster's collect was given to), and part of a poster's uncalled excess;
    # only a hand whose dead small blind was set (:func:`_post`) has such a post
    dead = {a.player: min(h.dead_small, a.amount) for a in h.actions
            if a.post is k.PostKind.DEAD_SMALL_AND_BIG} if h.dead_small else {}  # fmt: skip
    back = k.hand_excess(h.put, h.actions, end)
    if back is not None and dead.get(back.player):
        over = back.amount - dead[back.player]
        back = k.Returned(back.player, over, back.line, inferred=True) if over > 0 else None
    returned = (back,) if back is not None and paid <= put_in - back.amount else ()
    pot = put_in - sum(r.amount for r in returned)
    net_in = dict(h.put)
    for r in returned:
        net_in[r.player] -= r.amount
    folded = h.folded  # the fold lines' players (:meth:`~.._betting._State.fold`, 888's only fold)
    pots = k.pots_of(net_in, {p for p in net_in if p not in folded}, list(net_in), dead or None)
    h.pot_sizes = [g for g, _ in pots]
    rake = max(pot - paid, 0)  # in a tournament no rake: the record says 0, the audit why
    kept = 0 if h.unit is k.Unit.CHIPS else rake
    collects, parts = k.in_pot_order(h.collects, [g for g, _ in pots], kept, [e for _, e in pots])
    return returned, pot, rake, collects, parts
