"""PPPoker text hand histories (and SupremaPoker's, written the same way).

The club apps' hands reach trackers as text in a PokerStars-like dialect (written by hand
grabbers and converters), one hand after another with a blank line between::

    PPPoker Hand #886664460000891:  5 Card Omaha Pot Limit ($0.30/$0.60 USD) - 2025/02/23 ...
        ... 23:50:04 UTC                           (one line: the date, then its zone)
    Table 'ClubId:951145,Table:PPP_88666446' 6-max Seat #2 is the button
    Seat 3: 72659288 ($159.68 in chips)            (numeric player ids as names)
    72659288: posts small blind $0.30
    72659288: raises $1.20 to $1.80                (the chips added, then the street total)
    3206892: calls $1.20                           (the chips added)
    *** FLOP *** [5d Jd 5h] {Rake: $0}             (the rake taken from the pot so far)
    *** SHOW DOWN ***
    72659288 collected $3.30 from pot              (after rake; pots are not named)
    *** SUMMARY ***
    Total pot $3.60 | Rake $0.36
    Seat 3: 72659288 showed [6d 7c Ac Qs Kd]       (shown cards: often only here)
    Seat 4: 3206892 folded on the Flop             (also written for a preflop fold)
    Hand ended at 2025/02/23 23:50:04              (the zone is the header's)

What each part means, and the quirks read:

* Header: ``<room> Hand #<id>:  <game> (<sb>/<bb>[ - Ante <ante>] <ISO code>) - <date>
  <zone>``; rooms ``PPPoker`` and ``SupremaPoker`` (site keys ``pppoker``, ``suprema``).
  Games "Omaha Pot Limit", "5 Card Omaha Pot Limit", "6 Card Omaha Pot Limit" (hi/lo
  when "Hi/Lo" follows "Omaha"); "Hold'em No Limit" hands are skipped. Money is the
  code's (``USD``, ``CNY`` with "¥" amounts, ...) in cents; the time is UTC as written.
* Tournaments: ``<room> Hand #<id>: Tournament #<t>, <buy-in> <game> - Level <l>
  (<sb>/<bb>) - <date> <zone>``, as PokerStars writes them (amounts in chips; the
  buy-in is the text before the game's name).
* Table: ``'ClubId:<club>,Table:<table>'``, kept whole as the table's name.
* Posts: ``posts small blind``, ``posts big blind`` (a second big blind is a new
  player's live post), ``posts the ante`` (dead), ``posts straddle`` (live, the chips
  added), ``posts small & big blinds`` (a live big blind and a dead small one).
* Betting: ``calls``/``bets`` the chips added, ``raises X to Y`` (Y the street total),
  `` and is all-in``; ``Uncalled bet ($x) returned to X``.
* Streets print the whole board and the rake taken so far: ``*** TURN *** [5d Jd 5h]
  [As] {Rake: $0}``. Run it twice: ``*** FIRST FLOP *** [..]`` ... ``*** SECOND RIVER
  *** [..] [..]`` (each run's line prints that run's whole board), ``*** FIRST SHOW DOWN
  ***`` (the collects after it are that run's), ``Hand was run twice``, ``FIRST Board
  [..]``: one board per run in the record.
* Showdown: ``X: shows [..] (a full house, Fours full of Threes)``, ``X: mucks hand``,
  ``X: doesn't show hand``; ``X collected $57.90 from pot`` (net of rake; a pot named
  "main pot"/"side pot-N" is read as such).
* Summary: ``Total pot $63.00 | Rake $5.10`` (a ``| Jackpot $x`` segment is the
  jackpot); the seat lines: ``folded before Flop (didn't bet)``, ``folded on the
  Flop``, ``collected ($5.95)``, ``mucked``, ``showed [..]``, ``showed [..] and won
  ($48.05) with <hand>``, ``showed [..] and lost with <hand>``, each after the seat's
  positions (``(button)``, ``(small blind)``, ``(big blind)``, ``(straddle)``). Cards a
  summary "showed" are the player's shown hand, even after ``mucks hand`` in the body
  (players all in are shown so, and the winner of such a hand "mucks hand" too and is
  paid); ``mucked [..]`` cards are a mucked hand. The summary's "folded on the Flop" of
  a player who folded before it, or who checked to the showdown and did not show,
  changes nothing: the body's actions speak. A ``shows`` line before the river (all
  in) keeps its cards, not its words (they describe the board so far).
* Sitting out: a seat line ``... is sitting out``; a body line ``X: sits out`` (or
  ``is sitting out``, ``waits for big blind``): not dealt in unless the player then
  plays (:meth:`~hhtools.grammars._hand.Hand.sit_out`). Chat, joins and time-bank
  lines are read as lines that carry no chips (:mod:`hhtools.grammars._quiet`).

Money is integer minor units (cents of the hand's currency).
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any

from hhtools.grammars import _kit as k
from hhtools.grammars._clock import local_time

__all__ = ["FORMAT", "HAND_START", "ROOMS", "SITE"]

SITE = "pppoker"
#: the site key of each room that writes this format, by the header's first word
ROOMS = {"PPPoker": "pppoker", "SupremaPoker": "suprema"}

#: A hand starts at its header line.
HAND_START = re.compile(r"\ufeff?(?:PPPoker|SupremaPoker) Hand #\d+:")
#: Where a hand ends before the next header: after its summary, at the first line a
#: summary does not hold (a seat line "Seat 2: B ($5 in chips)" is none).
_END = k.HandEnd(
    "*** SUMMARY ***",
    re.compile(r"Seat \d+: |Total pot |(?:FIRST |SECOND |THIRD )?Board \[|Hand (?:was run|ended)"),
    re.compile(r"Seat \d+: [^\n]* \(" + k.SYMBOL_CLASS + r"?\d[\d,.]* in chips\)", re.MULTILINE),
    " in chips",
)

_A = k.SYMBOL_CLASS + r"?\d[\d,]*(?:\.\d+)?"  # an amount: "$1,234.56", "¥25", "1500"
_ALLIN = r"(?P<allin> and is all-in)?$"

HEADER = re.compile(
    r"\ufeff?(?P<room>PPPoker|SupremaPoker) Hand #(?P<id>\d+): +(?P<game>[^(]+?) "
    rf"\((?P<sb>{_A})/(?P<bb>{_A})(?: - Ante (?P<ante>{_A}))?(?: (?P<cur>[A-Z]{{3}}))?\) - "
    r"(?P<date>\d{4}/\d\d?/\d\d? \d\d?:\d\d:\d\d)(?: (?P<tz>\S+))?$"
)
#: a tournament's header, as PokerStars writes one: "Tournament #T, <buy-in> <game> -
#: Level <level> (<sb>/<bb>) - <date> <zone>" (amounts in chips)
TOURNEY = re.compile(
    r"\ufeff?(?P<room>PPPoker|SupremaPoker) Hand #(?P<id>\d+): +Tournament #(?P<tid>\d+),? "
    r"(?P<game>.+?) - Level (?P<level>[^ (]+) ?\((?P<sb>\d[\d,]*)/(?P<bb>\d[\d,]*)\) - "
    r"(?P<date>\d{4}/\d\d?/\d\d? \d\d?:\d\d:\d\d)(?: (?P<tz>\S+))?$"
)
_GAME = re.compile(
    r"(?:(?P<n>[4-7])[ -]Card )?Omaha(?P<hilo> Hi/Lo| Hi-Lo| H/L)? "
    r"(?P<limit>Pot Limit|No Limit|Fixed Limit|Limit)$",
    re.IGNORECASE,
)
_VARIANTS = {None: k.Variant.OMAHA, "4": k.Variant.OMAHA, "5": k.Variant.OMAHA5,
             "6": k.Variant.OMAHA6, "7": k.Variant.OMAHA7}  # fmt: skip
_LIMITS = k.structure_names(" ", str.lower)

#: the lines of the table's, keyed by their first word
_TABLE = k.rule_table(
    ("table", r"Table '(?P<table>.*)' (?:(?P<max>\d+)-max )?Seat #(?P<btn>\d+) is the button$"),
    ("seat", r"Seat (?P<seat>\d+): (?P<rest>.+)$"),
    ("street", r"\*\*\* (?:(?P<run>FIRST|SECOND|THIRD) )?(?P<street>FLOP|TURN|RIVER) \*\*\* "
               rf"(?P<cards>\[[^\]]*\](?: \[[^\]]*\])?)(?: \{{Rake: (?P<rake>{_A})\}})?$"),
    ("section", r"\*\*\* (?:(?P<run>FIRST|SECOND|THIRD) )?(?P<what>HOLE CARDS|SHOW ?DOWN|SUMMARY)"
                r" \*\*\*$"),
    ("dealt", r"Dealt to (?P<rest>.+)$"),
    ("uncalled", rf"Uncalled bet \((?P<a>{_A})\) returned to (?P<name>.+)$"),
    ("total", rf"Total pot (?P<a>{_A})(?: Main pot {_A}\.(?: Side pot(?:-\d+)? {_A}\.)*)?"
              rf" \| Rake (?P<rake>{_A})(?P<rest>(?: \| [^|]+)*)$"),
    ("board", r"Board \[(?P<cards>[^\]]*)\]$"),
    ("run_board", r"(?P<run>FIRST|SECOND|THIRD) Board \[(?P<cards>[^\]]*)\]$"),
    ("runs", r"Hand was run (?:twice|three times|\d+ times)$"),
    ("ended", r"Hand ended at \d{4}/\d\d?/\d\d? \d\d?:\d\d:\d\d(?: \S+)?$"),
)  # fmt: skip
_TABLE_WORDS = tuple(f"{w} " for w in _TABLE)
#: what follows "<player>: "
_COLON = k.rule_table(
    ("sb", rf"posts small blind (?P<a>{_A}){_ALLIN}"),
    ("bb", rf"posts big blind (?P<a>{_A}){_ALLIN}"),
    ("ante", rf"posts the ante (?P<a>{_A}){_ALLIN}"),
    ("ante", rf"posts ante (?P<a>{_A}){_ALLIN}"),
    ("straddle", rf"posts straddle (?P<a>{_A}){_ALLIN}"),
    ("both", rf"posts small & big blinds (?P<a>{_A}){_ALLIN}"),
    ("fold", r"folds$"),
    ("check", r"checks$"),
    ("call", rf"calls (?P<a>{_A}){_ALLIN}"),
    ("bet", rf"bets (?P<a>{_A}){_ALLIN}"),
    ("raise", rf"raises (?P<by>{_A}) to (?P<a>{_A}){_ALLIN}"),
    ("show", r"shows \[(?P<cards>[^\]]*)\](?: \((?P<desc>.*)\))?$"),
    ("muck", r"mucks hand$"),
    ("no_show", r"doesn't show hand$"),
    ("sit_out", r"sits out$"),
    ("sit_out", r"is sitting out$"),
    ("sit_out", r"waits for (?:the )?big blind$"),
)
#: what follows "<player> "
_SPACE = k.rule_table(
    ("collect", rf"collected (?P<a>{_A}) from (?:(?P<pot>main pot|side pot(?:-(?P<n>\d+))?)|pot)$"),
    ("sit_out", r"is sitting out$"),
    ("sit_out", r"sits out$"),
)
#: a summary seat line after the player's name: positions, then what became of the hand
_S_REST = re.compile(
    r"(?: \((?:button|small blind|big blind|straddle|dealer)\))* (?:"
    r"folded (?:before (?:the )?Flop|on the (?:Flop|Turn|River))(?: \(didn't bet\))?"
    rf"|collected \({_A}\)|mucked(?: \[(?P<mucked>[^\]]*)\])?|is sitting out|sitting out"
    rf"|showed \[(?P<cards>[^\]]*)\](?: and (?:won \({_A}\)|lost)(?: with (?P<desc>.+))?)?)$"
)
_SEAT_LINE = re.compile(rf"(?P<name>.+) \((?P<stack>{_A}) in chips\)(?P<out> is sitting out)?$")
_SEGMENT = re.compile(rf"(?P<name>[A-Za-z][A-Za-z ]*?):? (?P<a>{_A})")
_JACKPOT = frozenset(("Jackpot", "JP", "JP Fee", "Jackpot Fee"))
#: a hi/lo hand's words: "HI: <high>; LO: <low>", or a half alone
_HILO = re.compile(r"HI: (?P<hi>.+?)(?:; LO: (?P<lo>.+))?|LO: (?P<lo_only>.+)")
_POSTS = {"sb": k.PostKind.SMALL_BLIND, "bb": k.PostKind.BIG_BLIND, "ante": k.PostKind.ANTE,
          "straddle": k.PostKind.STRADDLE}  # fmt: skip
_RUN = {"FIRST": 0, "SECOND": 1, "THIRD": 2}
#: chat, joins, time bank: lines that carry no chips
_QUIET = k.NO_CHIPS.plus(tails=(k.SAID,))


class _PPHand(k.Hand):
    """A hand of this format being read: the kernel's :class:`Hand` plus the boards of a
    hand run more than once and the showdown's run."""

    showdown_run: int | None = None  # the run of the "*** FIRST SHOW DOWN ***" read last
    street_rake = 0  # the rake a street line says was taken so far

    def __init__(self, file: str, line: int) -> None:
        super().__init__(file, line)
        self.runs: dict[int, tuple[str, ...]] = {}  # run index -> that run's whole board
        self.summary_runs: dict[int, tuple[str, ...]] = {}  # the summary's "FIRST Board"
        self.summed: set[str] = set()  # the players with a summary seat line


def _parse(h: _PPHand, lines: list[str], line: int, text: str, offset: int) -> k.ParsedHand:
    """One hand's lines into its record (run by the kernel's guard, :func:`reader`)."""
    hm = TOURNEY.match(lines[0]) or HEADER.match(lines[0])
    if hm is None:
        return k.bad_header(h, lines, line)
    h.hand_id = hm["id"]
    name = " ".join(hm["game"].split())
    gm = _GAME.search(name)
    tid = hm["tid"] if "tid" in hm.re.groupindex else None
    if gm is None or (tid is None and gm.start() > 0):
        return k.not_read(h, line, name, lines[0], omaha="omaha" in name.lower())
    buy_in = level = None
    if tid is None:
        currency = hm["cur"] or k.CURRENCY_SYMBOLS.get(hm["sb"][0], "CHIPS")
    else:  # the buy-in is the text before the game's name
        currency, level = "CHIPS", f"Level {hm['level']}"
        buy_in = name[: gm.start()].strip() or None
    h.unit = k.Unit.CHIPS if currency == "CHIPS" else k.Unit.CENTS
    try:
        sb, bb = h.money(hm["sb"]), h.money(hm["bb"])
        ante = h.money(hm["ante"]) if tid is None and hm["ante"] else 0
        started = local_time(hm["date"])
    except ValueError as exc:  # an amount out of range or unreadable, no such day
        h.problem(line, k.ProblemCode.BAD_HEADER, str(exc), lines[0])
        return k.no_record(h)
    h.dead_small = sb
    if not k.read_lines(h, lines, 1, line, _line, quiet=_QUIET):  # fmt: skip
        return k.no_record(h)
    runs = [h.runs[r] for r in sorted(h.runs)]
    if runs:  # each run's board is checked here; the kernel checks the first
        h.board = list(runs[0])
        summary = [h.summary_runs[r] for r in sorted(h.summary_runs)]
        if summary and summary != runs:
            h.problem(h.total_line or line, k.ProblemCode.BOARD_MISMATCH,
                      "the summary's boards differ from the runs'")  # fmt: skip
        twice = next((c for run in runs[1:] if (c := k.impossible(h.hole, [run]))), None)
        if twice is not None:
            h.problem(line, k.ProblemCode.IMPOSSIBLE_CARDS, f"card {twice} seen twice", lines[0])
            return k.no_record(h)
        h.summary_board = None
    ended = k.summary_end(h, lines, line, "'Total pot'")
    if ended is not None:
        return ended
    # the summary writes a seat line a player, the only place a mucker's cards may be:
    # a player who put chips in and has none is past the text's end (a file cut there)
    if any(v and p not in h.summed for p, v in h.put.items()):
        h.problem(line + len(lines) - 1, k.ProblemCode.TRUNCATED_HAND,
                  "the summary stops before every player's seat line (cut short?)",
                  lines[-1])  # fmt: skip
        return k.no_record(h)
    variant, hi_lo = _VARIANTS[gm["n"]], gm["hilo"] is not None
    structure = _LIMITS[gm["limit"].lower()]
    game = k.Game(variant, hi_lo, structure, sb, bb, currency, ante=ante, tournament_id=tid,
                buy_in=buy_in, level=level)  # fmt: skip
    if structure is k.BettingStructure.LIMIT:
        game = replace(game, small_bet=bb, big_bet=2 * bb)
    parsed = k.finish(
        h, lines, line, site=SITE, game=game, started_at=started,
        time_zone=hm["tz"], max_seats=h.max_seats, collect_order=k.CollectOrder.UNORDERED,
        text=text, offset=offset, pots_named=any(c.pot for c in h.collects),
    )  # fmt: skip
    if parsed.hand is None:
        return parsed
    room = ROOMS[hm["room"]]
    if room == SITE and len(runs) < 2:
        return parsed
    boards = tuple(runs) if len(runs) > 1 else parsed.hand.boards
    hand = replace(parsed.hand, site=room, boards=boards)
    return k.ParsedHand(hand, parsed.problems, None, parsed.hand_id)


def _line(h: _PPHand, ln: str, lno: int) -> bool:
    """Read one line after the header into the hand; ``False`` when no rule reads it."""
    if ln.startswith(_TABLE_WORDS):
        found = k.match_line(_TABLE, ln)
        if found is not None:
            return _table_line(h, found[0], found[1], ln, lno)
    played = k.match_player(h, ln, _SPACE, _COLON)
    if played is None:
        return False
    return _player(h, *played, lno)


def _table_line(h: _PPHand, kind: str, m: Any, ln: str, lno: int) -> bool:
    """A line of the table's, not a player's; ``False`` when it is out of place."""
    if kind == "seat":
        return _summary_seat(h, m, lno) if h.summary else _seat(h, m["rest"], m["seat"], lno)
    if kind == "table":
        if h.seats or h.table:
            return False
        h.table, h.button = m["table"], h.seat_number(m["btn"])
        h.max_seats = int(m["max"]) if m["max"] else None
    elif kind == "street":
        _street(h, m)
    elif kind == "section":
        if m["what"] == "SUMMARY":
            h.summary = True
        elif m["what"] != "HOLE CARDS":
            h.showdown_run = _RUN[m["run"]] if m["run"] else None
        else:
            h.dealt = True
    elif kind == "dealt":
        return _dealt(h, m["rest"])
    elif kind == "uncalled":
        p = h.name(m["name"], "")
        if p is None:
            return False
        h.betting("return", p, h.money(m["a"]), lno)
    elif kind == "total":
        _total(h, m, ln, lno)
    elif kind == "board":
        h.summary_board = k.cards(m["cards"])
    elif kind == "run_board":
        h.summary_runs[_RUN[m["run"]]] = k.cards(m["cards"])
    return True  # "runs", "ended": nothing the record needs


def _seat(h: _PPHand, rest: str, seat: str, lno: int) -> bool:
    """A seat line before the betting: "Seat 3: 72659288 ($159.68 in chips)"."""
    m = _SEAT_LINE.fullmatch(rest)
    if m is None or h.actions:
        return False
    h.seat(h.seat_number(seat), m["name"], h.money(m["stack"]), lno, bool(m["out"]))
    return True


def _summary_seat(h: _PPHand, m: Any, lno: int) -> bool:
    """A summary seat line: the player named by the seat, then what became of the hand;
    the cards it "showed" are the player's shown hand, those it "mucked" a mucked one."""
    number = h.seat_number(m["seat"])
    player = next((s.player for s in h.seats if s.seat == number), None)
    rest = m["rest"]
    if player is None or not rest.startswith(player):
        return False
    r = _S_REST.fullmatch(rest, len(player))
    if r is None:
        return False
    h.summed.add(player)
    if r["cards"] is not None:  # words for a hand run more than once: not for one board
        _show(h, player, k.cards(r["cards"]), None if h.runs else r["desc"], lno, 0)
    elif r["mucked"] is not None:
        h.show(player, k.Show(player, k.cards(r["mucked"]), mucked=True, line=lno))
    return True


def _show(h: _PPHand, player: str, cards: tuple[str, ...], desc: str | None, lno: int,
          board: int) -> None:  # fmt: skip
    """A shown hand, its words typed: "a flush, Ace high", or a hi/lo hand's "HI: a
    straight, Six to Ten; LO: 6,5,4,3,A" (each half's words; either may be missing)."""
    hi, lo = desc, None
    split = _HILO.fullmatch(desc) if desc else None
    if split is not None:
        hi, lo = split["hi"], split["lo"] or split["lo_only"]
    h.show(player, k.Show(player, cards, hi, lo, board=board, line=lno,
                        claimed_high=k.read_high(hi), claimed_low=k.read_low(lo)))  # fmt: skip


def _street(h: _PPHand, m: Any) -> None:
    """A street line: the whole board so far, and the rake taken so far. A run's line
    ("*** SECOND TURN *** [..] [..]") is that run's whole board; no betting follows."""
    cards = k.cards(m["cards"].replace("[", " ").replace("]", " "))
    if m["rake"]:
        h.street_rake = h.money(m["rake"])
    if m["run"]:
        h.runs[_RUN[m["run"]]] = cards
    else:
        h.deal(k.STREETS[m["street"]], cards, True)


def _dealt(h: _PPHand, rest: str) -> bool:
    """"Dealt to X [cards]": the hero's hole cards (or a bare "Dealt to X")."""
    name = h.name(rest, " ")
    if name is None:
        return False
    tail = rest[len(name) :].strip()
    if tail:
        if not (tail.startswith("[") and tail.endswith("]")):
            return False
        h.hero = name
        h.hole[name] = k.cards(tail[1:-1])
    return True


def _total(h: _PPHand, m: Any, ln: str, lno: int) -> None:
    """"Total pot $63.00 | Rake $5.10[ | Jackpot $1]": the total, the rake, the jackpot;
    a segment of another name is reported (the line is then read in part)."""
    h.total, h.total_line, h.rake = h.money(m["a"]), lno, h.money(m["rake"])
    for segment in filter(None, (s.strip() for s in m["rest"].split("|"))):
        seg = _SEGMENT.fullmatch(segment)
        if seg is not None and seg["name"] in _JACKPOT:
            h.jackpot += h.money(seg["a"])
        else:
            h.problem(lno, k.ProblemCode.UNRECOGNISED_LINE,
                      f"unrecognised part of the total: {segment[:40]}", ln)  # fmt: skip


def _player(h: _PPHand, p: str, kind: str, m: Any, lno: int) -> bool:
    """What a seated player did: a post, a betting action, a show, a win, sitting out."""
    all_in = bool(m["allin"]) if "allin" in m.groupdict() else False
    post = _POSTS.get(kind)
    if post is not None:
        h.post(p, post, h.money(m["a"]), lno)
    elif kind == "both":
        h.post_both(p, h.money(m["a"]), lno)
    elif kind == "raise":
        h.raise_to(p, h.money(m["a"]), lno, all_in, by=h.money(m["by"]))
    elif kind == "show":  # shown before the river (all in): the words are the board's then
        desc = m["desc"] if len(h.board) == 5 or h.runs else None
        _show(h, p, k.cards(m["cards"]), desc, lno, h.showdown_run or 0)
    elif kind == "collect":
        pot = 0 if m["pot"] in (None, "main pot") else int(m["n"] or 1)
        board = h.showdown_run if h.showdown_run is not None else (None if h.runs else 0)
        h.collects.append(k.Collect(p, h.money(m["a"]), pot, board, lno))
    elif kind == "sit_out":  # not dealt in unless the player plays (the kernel's rule)
        h.sit_out(p)
    elif kind not in ("muck", "no_show"):
        return h.betting(kind, p, h.money(m["a"]) if "a" in m.groupdict() else 0, lno, all_in)
    return True


#: The PPPoker site format (and SupremaPoker's hands, written the same way).
FORMAT = replace(
    k.text_format(
        SITE, "PPPoker (also SupremaPoker: the club apps' text hand histories)",
        "Omaha with 4, 5 and 6 hole cards, high and hi/lo; pot limit, no limit and fixed "
        "limit; cash (antes, straddles, run it twice; USD, CNY and the other currencies "
        "the header names) and tournaments", HAND_START, _parse, hand=_PPHand, end=_END,
    ),
    rooms=tuple(ROOMS.values()),
)  # fmt: skip
