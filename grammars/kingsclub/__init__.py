"""KingsClub text hand histories of the Omaha family.

What a KingsClub hand looks like::

    #37660193: Pot Limit Omaha 5 Card - 5/10
    2020-10-28 22:29:45
    Table 'Denver 5C PLO' Seat 7 is the button
    Seat 2: Ydmgju1 (2,994)
    Ydmgju1: posts ante 2
    Ydmgju1: posts the small blind 5
    *** HOLE CARDS ***
    Dealt to Ydmgju1: [X X X X X]
    Dealt to Xjty: [3h 8h 5c 8s 6s]
    Ydmgju1 raises to 40
    Xjty calls 40
    *** FLOP *** [Kd 9s 4c]
    Ydmgju1 bets 56.43
    Xjty folds
    *** SUMMARY ***
    Seat 2: Ydmgju1 (3,037.50) +43.50
    Rake 4.50
    Ydmgju1 wins pot (85.50)

Quirks, and how they are read:

* The date is on its own line after the header (or at the end of the header line); it
  has no zone. KingsClub's clock zone is not printed and not documented, so
  ``time_zone`` and ``started_at_utc`` are ``None`` (no zone is assumed).
* No currency is printed: cash stakes are read as US dollars (the site plays in USD),
  counted in cents. Thousands are grouped with commas ("10,000").
* Game names: "Pot Limit Omaha", "Pot Limit Omaha 5 Card", "Pot Limit Big O" (five
  cards, hi/lo 8 or better), "Pot Limit Omaha Hi-Lo", "Limit Omaha", "Limit Omaha
  Hi-Lo". In limit games the stakes are the small and big bets; the blinds are the
  posts.
* Posts are written with a colon ("X: posts the small blind 5", "X: posts ante 2"),
  actions without ("X calls 40"). Calls and raises give the player's total on the
  street ("calls 4,875" after "raises to 1,375" puts in 3,500 more); the record holds
  the increment in ``amount`` and, for raises, the total in ``to_amount``.
* Every player's hole cards are listed, hidden ones as "[X X X X]": the hero is the
  player whose cards are shown.
* Shown hands have no description: no claims to type.
* Several boards: "*** BOARD 1 - FLOP *** [..]" / "*** BOARD 2 - RIVER *** [- - - 5d]
  [3h]", where "-" is the first board's card in that place.
* There is no total pot line. The winners' amounts exclude an uncalled bet: the record
  returns it (``Returned`` with ``inferred``: what the player who put in most put in
  over the next one) unless the hand writes "Uncalled bet (70) returned to Amy" (then
  that return, none inferred); the total pot is the amounts won plus the rake
  (``total_pot_line`` is the first "wins" line).
* Each pot is paid on lines of its own, after its rake; the rake's split over the pots
  is not printed, so what each pot's lines paid is the record's ``pot_parts`` (net):
  the audit does not spread the rake in proportion to the pots' sizes (a main pot
  raked 2 and a side pot not raked were four false findings of 28 and 29 cents).
* Wins name their pot after the amount ("wins (20) from side pot 1") or before it
  ("wins pot (85.50)", "wins side pot 1 (20)"). "X sits out" is applied (not dealt in
  unless the player plays).
* A summary seat line with no result ("Seat 1: Hero (32,500)") is a player who came
  out even. A last side pot nobody contested (its other players folded) has no "wins"
  line; its one player's result pays it (a big blind of 500 after a 250 small blind
  folded and a 125 all-in call: main pot 375, the side pot 250 to the big blind, his
  result nothing): the record holds it as a collect on his summary line.
* "X wins (932.50) from pot" does not say which board it is for (KingsClub writes the
  lines in seat order, and a line may hold a player's shares of both boards): with two
  or more boards the collect's board is ``None`` ("not stated"), and the audit compares
  each player's amount from the pot over the boards.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from datetime import datetime
from functools import partial
from typing import Any, BinaryIO

from hhtools.grammars import _kit as k
from hhtools.grammars import _plain
from hhtools.grammars.kingsclub.ledger import on_boards, unwritten_side_pot
from hhtools.grammars.kingsclub.plain import read_line


__all__ = ["FORMAT", "HEADER", "parse_hand"]

SITE = "kingsclub"
MAX_BOARDS = 9

_AMT = r"\d[\d,]*(?:\.\d+)?"
_DATE = r"\d{4}-\d\d-\d\d \d\d:\d\d:\d\d"
_START = re.compile(r"\ufeff?#\d+: ")
_RECOGNISE = re.compile(
    r"^#\d+: [^\n]+ - [\d.,]+/[\d.,]+(?:[ \t]+"
    + _DATE
    + r")?[ \t]*\r?\n(?:"
    + _DATE
    + r"[ \t]*\r?\n)?Table '",
    re.MULTILINE,
)
_END = k.HandEnd(
    "*** SUMMARY ***",
    re.compile(r"Seat \d+: |Rake |.+ wins |\*\*\* SUMMARY \*\*\*"),
)

HEADER = k.rule(
    "header",
    r"\ufeff?#(?P<id>\d+): (?P<game>.+?) - (?P<sb>" + _AMT + r")/(?P<bb>" + _AMT + r")"
    r"(?:\s+(?P<date>" + _DATE + r"))?\s*$",
)
DATE = k.rule("date", r"(?P<date>" + _DATE + r")\s*$")
TABLE = k.rule("table", r"Table '(?P<table>.*)' Seat (?P<button>\d+) is the button\s*$")
SEAT = k.rule("seat", r"Seat (?P<seat>\d+): (?P<player>.+) \((?P<stack>" + _AMT + r")\)\s*$")
STREET = k.rule(
    "street",
    r"\*\*\* (?:BOARD (?P<board>\d+) - )?(?P<street>HOLE CARDS|FLOP|TURN|RIVER|SHOW ?DOWN|SUMMARY)"
    r" \*\*\*(?P<cards>(?: \[[^\]]*\])*)\s*$",
)
DEALT = k.rule("dealt", r"Dealt to (?P<player>.+): \[(?P<cards>[^\]]*)\]\s*$")
POST = k.rule(
    "post",
    r": posts (?:the )?(?P<kind>small blind|big blind|ante|straddle|dead blind)"
    r" (?P<amt>" + _AMT + r")(?P<allin>,? and is all in)?\s*$",
)
PASS = k.rule("pass", r"(?P<kind>folds|checks)(?:\s*)$")
BET = k.rule(
    "bet", r"(?P<kind>calls|bets|raises to) (?P<amt>" + _AMT + r")(?P<allin>,? and is all in)?\s*$"
)
SHOW = k.rule("show", r"shows \[(?P<cards>[^\]]*)\]\s*$")
MUCK = k.rule("muck", r"mucks(?: \[(?P<cards>[^\]]*)\])?\s*$")
WINS = k.rule(
    "wins",
    r"wins (?:(?P<pot1>pot|side pot(?: (?P<n1>\d+))?) \((?P<amt1>" + _AMT + r")\)"
    r"|\((?P<amt2>" + _AMT + r")\) from (?P<pot2>pot|main pot|side pot(?: (?P<n>\d+))?))\s*$",
)
#: "Bo sits out": not dealt in, unless the player plays (``Hand.final_seats``)
SITOUT = k.rule("sitout", r"sits out\s*$")
#: "Uncalled bet (70) returned to Amy": a return the site wrote (none is inferred then)
UNCALLED = k.rule(
    "uncalled", r"Uncalled bet \((?P<amt>" + _AMT + r")\) returned to (?P<player>.+?)\s*$"
)
RAKE = k.rule("rake", r"Rake (?P<amt>" + _AMT + r")\s*$")
S_SEAT = k.rule(
    "summary_seat",
    r"Seat \d+: (?P<who>.+) \(" + _AMT + r"\)(?: (?P<net>[+-]?" + _AMT + r"))?\s*$",
)

#: lines that start with a word of their own, and lines that start with a player's name
#: (the rule reads what follows the name and its space)
_HEAD = k.by_word((("street", STREET), ("seat", SEAT), ("summary_seat", S_SEAT), ("rake", RAKE),
                 ("dealt", DEALT), ("uncalled", UNCALLED)))  # fmt: skip
_PLAYER = k.by_word((("post", POST), ("pass", PASS), ("bet", BET), ("show", SHOW),
                   ("muck", MUCK), ("wins", WINS), ("sitout", SITOUT)))  # fmt: skip
#: :data:`_HEAD`'s rules as their compiled ``match`` (what ``k.rule_match`` runs), by word
_HEAD_MATCH = {word: tuple((kind, rule.re.match) for kind, rule in rules)
               for word, rules in _HEAD.items()}  # fmt: skip
#: the kinds of line read before the summary and in it
_BODY = frozenset({"street", "seat", "dealt", "post", "pass", "bet", "show", "muck",
                   "uncalled", "sitout"})  # fmt: skip
_SUMMARY = frozenset({"street", "summary_seat", "rake", "dealt", "post", "wins", "uncalled"})

_ANTE = k.PostKind.ANTE  # held here: compared with every action's post
_POSTS = {"small blind": k.PostKind.SMALL_BLIND, "big blind": k.PostKind.BIG_BLIND,
          "ante": k.PostKind.ANTE, "straddle": k.PostKind.STRADDLE,
          "dead blind": k.PostKind.DEAD_SMALL_AND_BIG}  # fmt: skip
#: the structure by the words that begin the game words ("pot limit Big O")
_STRUCTURES = tuple((words + " ", structure) for words, structure in k.STRUCTURE_WORDS.items())
_GAMES: dict[str, tuple[k.Variant, bool]] = {
    "omaha": (k.Variant.OMAHA, False), "omaha hi": (k.Variant.OMAHA, False),
    "omaha hi-lo": (k.Variant.OMAHA, True), "omaha hi/lo": (k.Variant.OMAHA, True),
    "omaha 5 card": (k.Variant.OMAHA5, False), "5 card omaha": (k.Variant.OMAHA5, False),
    "omaha 5 card hi-lo": (k.Variant.OMAHA5, True), "big o": (k.Variant.OMAHA5, True),
    "omaha 6 card": (k.Variant.OMAHA6, False), "6 card omaha": (k.Variant.OMAHA6, False),
    "omaha 6 card hi-lo": (k.Variant.OMAHA6, True),
}  # fmt: skip


class _Hand(k.Hand):
    """A KingsClub hand being read: the kernel's :class:`Hand` with one board a run
    (``boards``) and the line of the first "wins" line (the total pot's line)."""

    def __init__(self, file: str, line: int) -> None:
        super().__init__(file, line)
        self.boards: list[list[str]] = []
        self.first_win = 0
        self.nets: dict[str, int] = {}  # each player's result in the summary ("+43.50")
        self.net_lines: dict[str, int] = {}  # the line of each player's result


def _recognise(head: str) -> bool:
    """A KingsClub file: a hand header, its date and its table line.

    >>> _recognise("#1: Pot Limit Big O - 11/22\\n2020-10-26 18:36:41\\nTable 'T' Seat 2 is the button")
    True
    >>> _recognise("PokerStars Hand #1: Omaha Pot Limit ($0.01/$0.02 USD)")
    False
    """
    return _RECOGNISE.search(head.lstrip("\ufeff \t\r\n")) is not None


def _split(fh: BinaryIO, file: str) -> Iterator[k.HandText]:
    """A file's hand texts: one at each "#<number>: " header."""
    return k.iter_hands(fh, file, _START, _END)


def _game(text: str) -> tuple[k.Variant, bool, k.BettingStructure] | str | None:
    """Game words -> (variant, hi/lo, structure); a skip reason for other games; ``None``
    for an Omaha game this reader does not know."""
    low = text.lower().strip() + " "
    for prefix, structure in _STRUCTURES:
        if low.startswith(prefix):
            name = low[len(prefix) :].strip()
            break
    else:
        name, structure = low.strip(), None
    if "omaha" not in name and "big o" not in name:
        return f"not an Omaha-family game: {text}"
    vh = _GAMES.get(name)
    if vh is None or structure is None:
        return None
    return vh[0], vh[1], structure


def _parse(h: _Hand, lines: list[str], line: int, text: str, offset: int) -> k.ParsedHand:
    """Read one KingsClub hand (see :func:`parse_hand`): header, date, table, body."""
    hd = k.rule_match(HEADER, lines[0])
    if hd is None:
        h.problem(line, k.ProblemCode.BAD_HEADER,
                  f"not a KingsClub hand header: {lines[0][:80]}", lines[0])  # fmt: skip
        return k.no_record(h)
    h.hand_id = hd["id"]
    game = k.typed_game(h, _game(hd["game"]), hd["game"], line, lines[0])
    if isinstance(game, k.ParsedHand):
        return game
    i, date = 1, hd["date"]
    if date is None and len(lines) > 1 and (dm := k.rule_match(DATE, lines[1])) is not None:
        i, date = 2, dm["date"]
    stakes = _table(h, hd, lines, i, line)
    if stakes is None:
        return k.no_record(h)
    read = _QUICK_LINE if _plain.QUICK else _line  # the plain lines read from their text
    if not k.read_lines(h, lines, i + 1, line, read):
        return k.no_record(h)
    ended = k.cut_short(h, lines, line, has_total=bool(h.collects), total_words="'wins'",
                      seats_at=i + 1)  # fmt: skip
    if ended is not None:
        return ended
    # the uncalled excess of the player who put in most (none written: the site's own)
    back = k.excess_returned(h.put, h.returned, h.actions) if len(h.put) > 1 else None
    if (won := unwritten_side_pot(h, back)) is not None:
        h.collects.append(won)
    if _cut_in_wins(h, back):
        h.problem(line + len(lines) - 1, k.ProblemCode.TRUNCATED_HAND,
                  "a winner the summary names has no 'wins' line (cut short?)",
                  lines[-1])  # fmt: skip
        return k.no_record(h)
    record = _record(h, game, stakes, date, line, text, offset, back)
    return k.ParsedHand(record, tuple(h.problems), None, h.hand_id)


def _cut_in_wins(h: _Hand, back: k.Returned | None) -> bool:
    """The text stops before its "wins" lines end (a file cut at its end): the wins
    pay less than the summary's results ("Seat 2: Bo (3,037.50) +43.50", one a player:
    what each player won less what he put in) say was paid out. (Paid to another
    player instead, the totals agree: the hand is read and the audit judges it.) ``back``:
    the uncalled excess returned that no line wrote (:func:`~.._inferred.excess_returned`)."""
    if len(h.nets) < len(h.put):
        return False
    returned = sum(r.amount for r in h.returned) + (back.amount if back else 0)
    paid_out = sum(h.nets.values()) + sum(h.put.values()) - returned
    return k.collected(h.collects) < paid_out


def _table(h: _Hand, hd: Any, lines: list[str], i: int, line: int) -> tuple[int, int] | None:
    """The table line (``lines[i]``): table name and button; the header's two stakes.
    ``None`` (a problem added) when it is missing or a number is out of range."""
    tb = k.rule_match(TABLE, lines[i]) if len(lines) > i else None
    if tb is None:
        h.problem(line + i, k.ProblemCode.BAD_TABLE, "no table line",
                  lines[i] if len(lines) > i else "")  # fmt: skip
        return None
    try:
        stakes = h.money(hd["sb"]), h.money(hd["bb"])
        h.button = h.seat_number(tb["button"])
    except k.AmountOutOfRange as exc:
        h.problem(line, k.ProblemCode.OUT_OF_RANGE, str(exc), lines[0])
        return None
    h.table = tb["table"]
    return stakes


def _record(
    h: _Hand, game: tuple[k.Variant, bool, k.BettingStructure], stakes: tuple[int, int],
    date: str | None, line: int, text: str, offset: int, back: k.Returned | None,
) -> Any:  # fmt: skip
    """The record of a hand read whole: no zone, no total pot line (the amounts won
    and the rake), the uncalled excess returned (``back``), a run's board not said."""
    variant, hi_lo, structure = game
    sb, bb = stakes
    small_bet = big_bet = None
    if structure is k.BettingStructure.LIMIT:
        sb, bb, small_bet, big_bet = k.limit_stakes(h.actions, sb, bb)
    ante = next((a.amount for a in h.actions if a.post is _ANTE), 0)
    try:
        started = (
            datetime(int(date[:4]), int(date[5:7]), int(date[8:10]), int(date[11:13]),
                     int(date[14:16]), int(date[17:19])) if date else None
        )  # fmt: skip
    except ValueError:
        started = None
    boards = tuple(tuple(b) for b in h.boards if b)
    collects = on_boards(h.collects, len(boards))
    rake = h.rake or 0
    # each pot as its lines paid it: the rake comes out of the pots as the site chose
    parts = k.paid_parts(collects, sum(c.amount for c in collects))
    return k.build_record(
        h, site=SITE, line=line, text=text, offset=offset, started_at=started,
        game=k.Game(variant, hi_lo, structure, sb, bb, "USD", 8, ante, None, None, None,
                  small_bet, big_bet),
        boards=boards, collects=tuple(collects),
        returned=(*h.returned, back) if back else tuple(h.returned),
        total_pot=sum(c.amount for c in collects) + rake, rake=rake, pot_parts=parts,
        pot_parts_basis=k.PotPartsBasis.NET if parts else None,
        collect_order=k.CollectOrder.UNORDERED, total_pot_line=h.first_win,
    )  # fmt: skip


def _line(h: _Hand, text: str, lno: int) -> bool:
    """Read one body line into ``h``; ``False`` when no rule reads it. What follows a
    player's name is read by :data:`_PLAYER`'s one rule for its first word (each word
    keys one rule), its reading kept for the same text (:meth:`~.._lines.LineTable.match`)."""
    allowed = _SUMMARY if h.summary else _BODY
    heads = _HEAD_MATCH.get(text.partition(" ")[0])
    if heads is not None:
        for kind, match in heads:
            if kind in allowed and (kind != "seat" or not h.actions):
                m = match(text)
                if m is not None:
                    _READ_HEAD[kind](h, m, lno)
                    return True
    player = h.name(text, " :")
    if player is None:
        return False
    rest = text[len(player) :]
    found = _PLAYER.match(rest[1:] if rest.startswith(" ") else rest)
    if found is None or found[0] not in allowed:
        return False
    _READ_PLAYER[found[0]](h, player, found[1], lno)
    return True


def _street(h: _Hand, m: Any, lno: int) -> None:
    """A street line: a betting round starts; its board (of a run) is read whole."""
    name = m["street"]
    if name == "SUMMARY":
        h.summary = True
        return
    street = k.STREETS.get(name)
    if street is None:  # HOLE CARDS, SHOW DOWN
        return
    if street is not h.street:
        h.new_street(street)
    b = int(m["board"]) - 1 if m["board"] else 0
    if b >= MAX_BOARDS:
        raise k.AmountOutOfRange(f"board {b + 1} is out of range")
    cards = _board_cards(h, m["cards"] or "")
    while len(h.boards) <= b:
        h.boards.append([])
    h.boards[b] = list(cards)
    h.saw(lno, f"*board{b}", cards)


def _board_cards(h: _Hand, text: str) -> tuple[str, ...]:
    """A street line's cards: "[2h 5s Qd 8c] [Th]"; "-" is the first board's card."""
    given = k.bracketed(text).split()
    base = h.boards[0] if h.boards else []
    cards = [base[j] if c == "-" and j < len(base) else c for j, c in enumerate(given)]
    return k.cards(" ".join(cards))


def _seat(h: _Hand, m: Any, lno: int) -> None:
    h.seat(h.seat_number(m["seat"]), m["player"], h.money(m["stack"]), lno)


def _rake(h: _Hand, m: Any, lno: int) -> None:
    h.rake = h.money(m["amt"])


def _dealt(h: _Hand, m: Any, lno: int) -> None:
    """Every player's cards are listed, hidden ones as "X": the shown ones are hero's."""
    if set(m["cards"].split()) <= {"X"}:
        return
    cards = k.cards(m["cards"])
    h.hero = m["player"]
    h.hole[h.hero] = cards
    h.saw(lno, h.hero, cards)


def _uncalled(h: _Hand, m: Any, lno: int) -> None:
    """"Uncalled bet (70) returned to Amy"."""
    who = h.name(m["player"], "")
    if who is None:
        h.problem(lno, k.ProblemCode.UNKNOWN_PLAYER, f"{m['player']!r} is not seated", m["player"])
        return
    h.returned.append(k.Returned(who, h.money(m["amt"]), lno))


def _summary_seat(h: _Hand, m: Any, lno: int) -> None:
    """A summary seat line ("Seat 2: Bo (3,037.50) +43.50"): the body said it all but
    each player's result, which the "wins" lines must add up to (``h.nets``)."""
    net = m["net"]
    if net is None:  # no result written: the player came out even
        h.nets[m["who"]] = 0
    else:
        h.nets[m["who"]] = -h.money(net[1:]) if net[0] == "-" else h.money(net.lstrip("+"))
    h.net_lines[m["who"]] = lno


_READ_HEAD: dict[str, Callable[[_Hand, Any, int], None]] = {
    "street": _street, "seat": _seat, "summary_seat": _summary_seat, "rake": _rake,
    "dealt": _dealt, "uncalled": _uncalled,
}  # fmt: skip


def _post(h: _Hand, player: str, m: Any, lno: int) -> None:
    h.post(player, _POSTS[m["kind"]], h.money(m["amt"]), lno)


def _pass(h: _Hand, player: str, m: Any, lno: int) -> None:
    (h.fold if m["kind"] == "folds" else h.check)(player, lno)


def _bet(h: _Hand, player: str, m: Any, lno: int) -> None:
    """A bet (the chips added), a call or a raise (the player's total on the street)."""
    value, had, all_in = h.money(m["amt"]), h.bets.get(player, 0), bool(m["allin"])
    if m["kind"] == "bets":
        h.bet(player, value, lno, all_in)
        return
    if value < (had if m["kind"] == "calls" else h.highest):
        raise ValueError(f"{player} is said to put in less than they had: {value}")
    if m["kind"] == "calls":
        h.call(player, value - had, lno, all_in)
    else:
        h.raise_to(player, value, lno, all_in)


def _show(h: _Hand, player: str, m: Any, lno: int, mucked: bool = False) -> None:
    """Cards shown (no description is written), or mucked face up."""
    if m["cards"]:
        cards = k.cards(m["cards"])
        h.show(player, k.Show(player, cards, mucked=mucked, line=lno))
        h.saw(lno, player, cards)


def _wins(h: _Hand, player: str, m: Any, lno: int) -> None:
    pot = m["pot1"] or m["pot2"]
    index = 0 if pot in ("pot", "main pot") else int(m["n"] or m["n1"] or 1)
    h.collects.append(k.Collect(player, h.money(m["amt1"] or m["amt2"]), index, 0, lno))
    h.first_win = h.first_win or lno


def _muck(h: _Hand, player: str, m: Any, lno: int) -> None:
    """Mucked, the cards shown face up when written."""
    _show(h, player, m, lno, mucked=True)


def _sitout(h: _Hand, player: str, m: Any, lno: int) -> None:
    h.sit_out(player)


_READ_PLAYER: dict[str, Callable[[_Hand, str, Any, int], None]] = {
    "post": _post, "pass": _pass, "bet": _bet, "show": _show, "muck": _muck, "wins": _wins,
    "sitout": _sitout,
}  # fmt: skip

#: the reader of a hand's lines in the compiled core: the plain lines read from their
#: text (:func:`.plain.read_line`), the others by :func:`_line`
_QUICK_LINE = partial(read_line, _line)

#: The KingsClub format. Its parse (``parse_hand``) reads one hand's text into a record
#: and the problems met; never raises (an unexpected error is an ``internal_error``
#: problem). ``_parse`` is looked up on each call: a test plants a bug in it.
FORMAT = k.site_format(
    SITE, "KingsClub",
    "Omaha with 4, 5 and 6 hole cards, Big O; high and hi/lo 8 or better; pot limit, "
    "no limit and limit; cash; several boards",
    _recognise, _split, lambda h, lines, line, text, offset: _parse(h, lines, line, text, offset),
    hand=_Hand,
)  # fmt: skip
parse_hand = FORMAT.parse
