"""Enet Poker text hand histories of the Omaha family (2012).

The format, as the site writes it::

    Game #7732419: Omaha (€0,25/€0,50) - 23:32:44 29.7.2012 - %6
    Table 'Romania 1 - Pot Limit' 9-max Seat #1 is the button     (0-based: seat 2)
    Seat 2: Alice (€58,14 in chips)
    Carol: posts small blind €0,25
    Dave: posts big blind €0,50
    *** HOLECARDS ***
    Erin: raises €2,75                 (the chips added, not the street total)
    Alice: goes all-in €45,89          (the chips added: a call, bet or raise)
    Rake: €3,61                        (one line per pot, signed: "€-2,22" occurs)
    *** FLOP *** [Td4h7d]              (cards run together; later streets repeat the board)
    *** SHOWDOWN ***
    Erin: shows [Kh3sThKs] (Three of a kind, Kings)
    Erin: collected (€56,64) from pot
    Uncalled bet (€0,82) returned to Bob
    Bob collected (€0,82) from pot     (after a return: repeats the returned amount)
    *** SUMMARY ***
    Total pot €2,75 | Rake €1,39
    Board [Td4h7d2dKc]
    Seat 5: Erin  showed [Kh3sThKs] and won (€56,64) with Three of a kind, Kings
    Seat 2: Bob (small blind) collected (€1,04) from pot

Quirks read here (worked out from the arithmetic of the corpus hands):

* Amounts use a decimal comma ("€58,14"; whole amounts "€18").
* "raises €X", "calls €X" and "goes all-in €X" are the chips the player adds: "raises
  €11,75" from a posted €0,50 big blind is the pot-sized raise to €12,25, and the
  player who faced it "calls €12,25".
* The header's button number is 0-based: "Seat #1 is the button" is seat 2, the seat
  the summary marks "(dealer)" (every corpus hand agrees; a "(dealer)" mark in the
  summary is the site's own word and wins). "Seat #0" with seat 1 empty is a dead
  button.
* The body's "collected" line after an uncalled bet repeats the returned amount
  (fpdb's "bad collected" case), so what each player won is read from the summary's
  "won (€X)" / "collected (€X)" lines only.
* Collect lines name no pot ("from pot"), and the summary's amount is a player's
  total over the pots. With side pots (rebuilt from the chips put in) the record says
  its collects' pots are not named (``pots_named`` false) and the audit gives each
  player's amount to the pots: a share of a tied main pot and a side pot won alone
  (€6,04 + €8,65) was put in the smallest pot that could hold it, none, so the main
  pot's (two false findings on a hand paid right).
* "posts big blind" with no amount (a returning player) is a post of the stakes'
  blind ("blinds" in ``inferred``).
* Hands whose text is wrong are kept as written, and the audit reports them: in the
  corpus, a player who wins two pots is paid only the first (the side pot is missing,
  so collected + rake is far short of the pot), "Rake:" lines can be negative,
  and a hand lacks the post of a player who then checks facing the big blind (the
  site paid out €0,35 more than the text put in). See tests/test_enet.py.
* The summary's "Total pot" is not the pot in any real hand read: "€0" in hands that
  paid €10,57 + €0,67 rake and 2 x €12,74 + €1,62 as their actions add up, "€2,75"
  for €140,53. It ends the hand and is not kept (``total_pot`` ``None``): the audit
  balances what went in against what was paid and the summary's rake (the sum of the
  "Rake:" lines).
* Times have no zone (the header's trailing "%6" is an unfilled placeholder):
  ``time_zone`` and ``started_at_utc`` are ``None``. The currency is the sign printed.
* Hold'em hands are skipped (``skipped_game``).
"""

from __future__ import annotations

import re
from datetime import datetime
from typing import Any

from hhtools.grammars import _kit as k

__all__ = ["FORMAT", "HAND_START", "read_high"]

SITE = "enet"
#: a file is Enet's when one of its first lines is a whole header
_ANY_START = re.compile(
    r"^\s*\ufeff?Game #\d+: .+ - \d\d?:\d\d:\d\d \d\d?\.\d\d?\.\d{4}", re.MULTILINE
)
#: where a hand starts: "Game #", a word and a colon, so that a header with a damaged
#: byte starts a hand of its own (a bad_header problem) rather than join the hand before
HAND_START = re.compile(r"\ufeff?Game #\S{1,40}: ")
HEADER = k.rule("header",
    r"\ufeff?Game #(?P<id>\d+): (?P<game>.+?) \((?P<sb>[^/()]+)/(?P<bb>[^/()]+)\)"
    r" - (?P<time>\d\d?:\d\d:\d\d) (?P<date>\d\d?\.\d\d?\.\d{4})(?: - .*)?\s*$"
)  # fmt: skip
TABLE = k.rule("table",
    r"Table '(?P<table>.*?)(?: - (?P<limit>Pot Limit|No Limit|Fixed Limit|Limit))?'"
    r"(?: (?P<max>\d+)-max)?(?: Seat #(?P<button>\d+) is the button)?\s*$"
)  # fmt: skip
_AMT = r" (?P<a>[^\s()]+)"
_CARDS_SHOWN = r"(?: \[(?P<cards>[^\]]*)\])?\s*$"
#: what a player did, after "<player>: " (the colon may be left out before "collected"
#: and "sits out")
RULES = tuple((kind, k.rule(kind, pattern)) for kind, pattern in (
    ("sb", r"posts small blind(?:" + _AMT + r")?\s*$"),
    ("bb", r"posts big blind(?:" + _AMT + r")?\s*$"),
    ("fold", r"folds$"),
    ("check", r"checks$"),
    ("call", r"calls" + _AMT + r"\s*$"),
    ("bet", r"bets" + _AMT + r"\s*$"),
    ("raise_by", r"raises" + _AMT + r"\s*$"),
    ("allin", r"goes all-in" + _AMT + r"\s*$"),
    ("show", r"shows \[(?P<cards>[^\]]*)\](?: \((?P<desc>[^)]*)\))?\s*$"),
    ("muck", r"mucked" + _CARDS_SHOWN),
    ("muck", r"mucks hand" + _CARDS_SHOWN),
    ("collect", r"collected \((?P<a>[^)]*)\) from pot\s*$"),
    ("sitout", r"sits out\s*$"),
))  # fmt: skip
_COLON = k.by_word(RULES)
_SPACE = k.by_word(tuple(r for r in RULES if r[0] in ("collect", "event", "sitout")))
#: the table's lines before the summary, by the rule's kind
_BODY = k.rule_table(
    ("seat", r"Seat (?P<seat>\d+): (?P<name>.+?) \((?P<stack>[^()]*) in chips\)"
             r"(?P<out> is sitting out)?\s*$"),
    ("noise", r"\*\*\* (?:HOLECARDS|SHOWDOWN) \*\*\*$"),
    ("summary", r"\*\*\* SUMMARY \*\*\*$"),
    ("street", r"\*\*\* (?P<street>FLOP|TURN|RIVER) \*\*\* \[(?P<cards>[^\]]*)\]\s*$"),
    ("rake", r"Rake: (?P<a>\S+)\s*$"),
    ("returned", r"Uncalled bet \((?P<a>[^)]*)\) returned to (?P<name>.+?)\s*$"),
    ("dealt", r"Dealt to (?P<rest>.*)$"),
)  # fmt: skip
#: lines read by the table's rules only (a seat line only before the first action)
_TABLE_LINES = ("Seat ", "***", "Rake: ", "Uncalled bet ", "Dealt to ")
#: the summary's lines
_SUMMARY = k.rule_table(
    ("seat", r"Seat (?P<seat>\d+): (?P<rest>.*)$"),
    ("total", r"Total pot (?P<total>\S+) \| Rake (?P<rake>\S+)\s*$"),
    ("board", r"Board \[(?P<cards>[^\]]*)\]\s*$"),
)  # fmt: skip
SUMMARY_WIN = re.compile(r"(?:won|collected) \((?P<a>[^)]*)\)")
#: what follows a summary seat's player: the seat's marks, then how the hand ended for
#: the player (another wording is not understood: it could pay the player)
SUMMARY_REST = re.compile(
    r"(?: \((?:dealer|small blind|big blind)\))*\s+(?:folded(?: (?:before|on(?: the)?) \w+)?"
    r"|mucked(?: \[[^\]]*\])?|showed \[[^\]]*\] and (?:won \([^)]*\)|lost)(?: with .*)?"
    r"|collected \([^)]*\) from pot|won \([^)]*\))\s*"
)
SUMMARY_SHOW = re.compile(r"showed \[(?P<cards>[^\]]*)\]")
_CARD = re.compile(r"(?:10|[2-9TJQKA])[cdhs]")
_STRUCTURES = k.structure_names(" ", str.title)
_GAMES = {"omaha": (k.Variant.OMAHA, False), "omaha hi/lo": (k.Variant.OMAHA, True),
          "omaha hi-lo": (k.Variant.OMAHA, True)}  # fmt: skip
_BLINDS = {"sb": (k.PostKind.SMALL_BLIND, 0), "bb": (k.PostKind.BIG_BLIND, 1)}
_HIGH_WORDS: tuple[tuple[k.HandCategory, re.Pattern[str]], ...] = (
    (k.HandCategory.THREE_OF_A_KIND, re.compile(r"three of a kind, (\w+)")),
    (k.HandCategory.TWO_PAIR, re.compile(r"two pairs?, (\w+) and (\w+)")),
    (k.HandCategory.ONE_PAIR, re.compile(r"a pair, (\w+)")),
)


def read_high(text: str | None) -> k.ClaimedHigh | None:
    """Type Enet's words for a high hand ("A Pair, Jacks", "Two Pairs, Aces and Twos",
    "Three of a kind, Kings"); ``None`` for wording not seen in Enet's hands.

    >>> read_high("Two Pairs, Aces and Twos")
    ClaimedHigh(category=<HandCategory.TWO_PAIR: 'two pair'>, ranks=(14, 2))
    >>> read_high("A Pair, Jacks").ranks
    (11,)
    >>> read_high("Royal thing") is None
    True
    """
    return k.read_high_words(text, _HIGH_WORDS)


def _run_cards(text: str) -> tuple[str, ...]:
    """ "Td4h7d" (or "Td 4h 7d") -> ("Td", "4h", "7d"); bad text raises ``_BadCards``."""
    squeezed = text.replace(" ", "")
    found = _CARD.findall(squeezed)
    if "".join(found) != squeezed:
        return k.cards(text if " " in text else squeezed)  # reports the bad card
    return k.cards(" ".join(found))


class _Hand(k.Hand):
    """A hand being read, with the header's stakes (a post without an amount is the
    stakes' blind) and the players by seat for the summary. ``board`` holds the street lines' cards (each writes the whole
    board), ``summary_board`` the summary's."""

    def __init__(self, file: str, line: int) -> None:
        super().__init__(file, line)
        self.stakes = (0, 0)  # the header's small and big blind
        self.by_seat: dict[int, str] = {}  # seat number -> player, for the summary
        self.summed: set[str] = set()  # the players with a summary seat line


def _parse(h: _Hand, lines: list[str], line: int, text: str, offset: int) -> k.ParsedHand:
    """Read one hand (``lines``, the first on file line ``line``) into a record."""
    head = _header(h, lines, line)
    if isinstance(head, k.ParsedHand):
        return head
    hd, tm, g = head
    if not k.read_lines(h, lines, 2, line, _line):
        return k.no_record(h)
    done = k.summary_end(h, lines, line, "'Total pot'")
    if done is not None:
        return done
    # the wins are in the summary's seat lines alone, one a player: a player who put
    # chips in and has none is past the text's end (a file cut inside the summary)
    if any(v and p not in h.summed for p, v in h.put.items()):
        h.problem(line + len(lines) - 1, k.ProblemCode.TRUNCATED_HAND,
                  "the summary stops before every player's seat line (cut short?)",
                  lines[-1])  # fmt: skip
        return k.no_record(h)
    returned = k.returns(h)
    if h.button is None and tm["button"] is not None:  # no "(dealer)" in the summary
        h.button = h.seat_number(tm["button"]) + 1
    day, month, year = hd["date"].split(".")
    hh, mi, ss = hd["time"].split(":")
    return k.ParsedHand(k.build_record(
        h, site=SITE, game=g, line=line, text=text, offset=offset,
        started_at=datetime(int(year), int(month), int(day), int(hh), int(mi), int(ss)),
        max_seats=int(tm["max"]) if tm["max"] else None,
        boards=(h.summary_board,) if h.summary_board else (),
        collects=tuple(h.collects), returned=returned,
        pots_named=len(_pots(h, returned)) < 2,
        total_pot=None, total_pot_line=0,  # the summary's "Total pot" is not the pot
        collect_order=k.CollectOrder.UNORDERED,
    ), tuple(h.problems), None, h.hand_id)  # fmt: skip


def _header(h: _Hand, lines: list[str], line: int) -> k.ParsedHand | tuple[Any, Any, k.Game]:
    """The header and table lines' results and the game; a :class:`ParsedHand` for a
    hand not read (no header, not a game read here, no betting structure named)."""
    hd = k.rule_match(HEADER, lines[0])
    if hd is None:
        return k.bad_header(h, lines, line)
    h.hand_id = hd["id"]
    raw = " ".join(hd["game"].split()).lower()
    game = _GAMES.get(raw)
    if game is None:
        return k.not_read(h, line, hd["game"], lines[0], omaha="omaha" in raw)
    tm = k.rule_match(TABLE, lines[1]) if len(lines) > 1 else None
    structure = _STRUCTURES.get(tm["limit"]) if tm is not None and tm["limit"] else None
    if tm is None or structure is None:
        h.problem(line + 1, k.ProblemCode.BAD_TABLE, "no table line naming the betting structure",
                  lines[1] if len(lines) > 1 else lines[0])  # fmt: skip
        return k.no_record(h)
    try:
        h.stakes = sb, bb = (h.money(hd["sb"]), h.money(hd["bb"]))
    except ValueError as exc:  # a damaged header: "(â‚¬0,05/...)", a byte not UTF-8 beside it
        out = isinstance(exc, k.AmountOutOfRange)
        h.problem(line, k.ProblemCode.OUT_OF_RANGE if out else k.ProblemCode.BAD_AMOUNT,
                  f"stakes not read: {exc}", lines[0])  # fmt: skip
        return k.no_record(h)
    h.table = tm["table"]
    limit = structure is k.BettingStructure.LIMIT
    g = k.Game(
        variant=game[0], hi_lo=game[1], structure=structure, small_blind=sb, big_blind=bb,
        currency=k.CURRENCY_SYMBOLS.get(hd["sb"].strip()[:1], "EUR"), qualifier=8,
        small_bet=bb if limit else None, big_bet=2 * bb if limit else None,
    )  # fmt: skip
    return hd, tm, g


def _pots(h: _Hand, returned: tuple[k.Returned, ...]) -> list[tuple[int, frozenset[str]]]:
    """The pots rebuilt from the chips put in at each all-in level, less what went
    back: ``(size, who can win it)``, main pot first (minor units)."""
    put = dict(h.put)
    for r in returned:
        put[r.player] = put.get(r.player, 0) - r.amount
    live = [p for p in put if p not in h.folded]
    pots: list[tuple[int, frozenset[str]]] = []
    prev = 0
    for level in sorted({put[p] for p in live if put[p] > 0}):
        size = sum(min(v, level) - min(v, prev) for v in put.values())
        pots.append((size, frozenset(p for p in live if put[p] >= level)))
        prev = level
    return pots


def _signed(h: _Hand, text: str) -> int:
    """A rake amount, which Enet may print negative ("€-2,22")."""
    body = text.replace("-", "", 1)
    return -h.money(body) if body != text else h.money(text)


def _line(h: _Hand, ln: str, lno: int) -> bool:
    """Read one body line into the hand; ``False`` when no rule reads it."""
    if h.summary:
        return _summary_line(h, ln, lno)
    if ln.startswith(_TABLE_LINES) and not (h.actions and ln.startswith("Seat ")):
        found = _BODY.match(ln)
        return found is not None and _table_line(h, found[0], found[1], ln, lno)
    return k.player_line(h, ln, lno, _player, _SPACE, _COLON)


def _table_line(h: _Hand, kind: str, m: Any, ln: str, lno: int) -> bool:
    """A line of the table's: seats, streets, rake, returns, the hero's cards."""
    if kind == "seat":
        seat = h.seat_number(m["seat"])
        h.seat(seat, m["name"].strip(), h.money(m["stack"]), lno, bool(m["out"]))
    elif kind == "summary":
        h.summary = True
        h.by_seat = {s.seat: s.player for s in h.seats}
    elif kind == "street":
        h.deal(k.STREETS[m["street"]], _run_cards(m["cards"]), whole=True)
    elif kind == "rake":
        _signed(h, m["a"])  # read, not kept: the summary's rake is their sum
    elif kind == "returned":
        if m["name"] not in h.stacks:
            return False
        h.returned.append(k.Returned(m["name"], h.money(m["a"]), lno))
    elif kind == "dealt":
        name = next((n for n in h.by_length if ln.startswith(n + " [", 9)), None)
        if name is None:
            return False
        h.hero = name
        h.hole[name] = _run_cards(ln[9 + len(name) + 2 :].rstrip("]"))
    return True


def _player(h: _Hand, p: str, kind: str, m: Any, lno: int) -> None:
    """A line of what player ``p`` did; amounts are the chips added."""
    if kind == "sitout":  # not dealt in, unless the player plays (Hand.final_seats)
        h.sit_out(p)
        return
    if kind in _BLINDS:
        post, which = _BLINDS[kind]
        if m["a"] is None:  # a returning player's post: the stakes' blind
            if "blinds" not in h.inferred:
                h.inferred.append("blinds")
            h.post(p, post, h.stakes[which], lno, stated=False)
        else:
            h.post(p, post, h.money(m["a"]), lno)
    elif kind in ("call", "bet", "raise_by", "allin"):
        h.betting(kind, p, h.money(m["a"]), lno)
    elif kind in ("fold", "check"):
        h.betting(kind, p, 0, lno)
    elif kind == "show":
        h.show(p, k.Show(p, _run_cards(m["cards"]), m["desc"], line=lno,
                       claimed_high=read_high(m["desc"])))  # fmt: skip
    elif kind == "muck" and m["cards"]:
        h.show(p, k.Show(p, _run_cards(m["cards"]), None, mucked=True, line=lno))
    # "collected" in the body is not read: the summary's amounts are (module docstring)


def _summary_line(h: _Hand, ln: str, lno: int) -> bool:
    """A summary line: each seat's winnings and shown cards, the rake, the board."""
    found = _SUMMARY.match(ln)
    if found is None:
        return False
    kind, m = found
    if kind == "total":
        h.total, h.rake, h.total_line = h.money(m["total"]), _signed(h, m["rake"]), lno
    elif kind == "board":
        h.summary_board = _run_cards(m["cards"]) if m["cards"].strip() else None
    else:
        seat = int(m["seat"])
        p = h.by_seat.get(seat)
        return p is not None and m["rest"].startswith(p) and _summary_seat(h, seat, p, m, lno)
    return True


def _summary_seat(h: _Hand, seat: int, p: str, m: Any, lno: int) -> bool:
    """A summary's seat line: the dealer's mark, what the player won, the cards shown."""
    rest = m["rest"][len(p) :]
    if SUMMARY_REST.fullmatch(rest) is None:
        return False
    h.summed.add(p)
    if rest.startswith(" (dealer)"):
        h.button = seat
    won = SUMMARY_WIN.search(rest)
    if won is not None:
        h.collects.append(k.Collect(p, h.money(won["a"]), 0, 0, lno))
    shown = SUMMARY_SHOW.search(rest)
    if shown is not None and shown["cards"] and p not in h.hole:
        h.show(p, k.Show(p, _run_cards(shown["cards"]), None, line=lno))
    return True


#: Enet's table line ("Table 'Sofia 3 - Pot Limit' 6-max Seat #3 is the button") is only
#: ever its header's second line: the line before one that is no text's second line (a
#: header with a damaged byte, "Game X900002: ...", written straight after the hand
#: before) starts a hand text, reported where it stands, never read into that hand
#: (which was read in part with the next one's seats and money). The split finds no
#: header after other text on a line (``finds_glued=False``).
_END = k.HandEnd("", None, second=("Table '",), finds_glued=False)

#: The Enet Poker site format.
FORMAT = k.text_format(
    SITE, "Enet Poker", "Omaha; pot limit (no limit and limit tables read the same way); cash",
    HAND_START, _parse, header=_ANY_START, hand=_Hand, end=_END,
)  # fmt: skip
