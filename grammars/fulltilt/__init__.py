"""Full Tilt Poker text hand histories of the Omaha family.

The format, as the site wrote it (2006 to 2013)::

    Full Tilt Poker Game #31319837969: Table Rymer (6 max, shallow) - $2/$4 - Pot Limit Omaha Hi - 18:33:09 CET - 2012/11/06 [12:33:09 ET - 2012/11/06]
    Full Tilt Poker Game #32635413160: Table Play Chip 2409 (6 max) - PL Courchevel Hi - 25/50 - 14:04:16 ET - 2013/05/11
    Seat 5: Dcjsyb7 (52,149), is sitting out
    *** FLOPET *** [9h]                           (Courchevel: the first board card)
    Ydmgju1 raises to $22.50                      (the street total; "calls": chips added)
    Ydmgju1 bets $295, and is capped
    *** TURN 1 *** [6c Qh 3c] [3d]                (run-it-twice streets, then "... 2 ***")
    cowocw shows [3c 9h As Qs] (a flush, Ace high)
     (8,7,4,3,A)                                  (the low of the hand shown above)
    cowocw is low with 8,7,4,3,A                  (the same, on a line of its own)
    Xjty ties for pot 1 ($62.10) with two pair, Aces and Sevens
    cowocw wins the high pot ($2,048.50) with a flush, Ace high
    Total pot $234.55 Main pot $158.20. Side pot $76.35. | Rake $3
    Seat 5: Ydmgju1 (big blind) mucked [6c Js Ac Qc Ts 5d] - a flush, Ace high

Quirks read here:

* Two header spellings ("Full Tilt Poker Game #", older "FullTiltPoker Game #"); the
  stakes stand before or after the game; a CAP game names its cap before the
  structure ("$400 Pot Limit Omaha Hi", "$15 Cap No Limit"), or from 2013 only the word
  ("CAP PL Omaha Hi", "CAP PL Omaha H/L": the game names another public reader of the
  site's files matches); play money has no currency sign (chips,
  currency ``PLAY``); tournaments name "<buy-in> (<number>), Table N" (chips).
* A tournament's stakes may count in thousands ("50K/100K Ante 10000": 50,000 and
  100,000 chips; a real 2011 file). A header with no stakes is a bad header.
* The header's time is ET; a newer header prints the player's local time first and the
  ET time in brackets: the ET time is the record's (``time_zone`` "ET").
* Games: "Omaha", "Omaha Hi", "Omaha H/L", "Omaha Hi/Lo", "5 Card Omaha", "6 Card Omaha
  Hi", "Courchevel Hi", "Courchevel H/L". Hold'em, stud, razz, draw and Irish hands are
  skipped (``skipped_game``).
* Courchevel: "*** FLOPET *** [9h]" deals the first board card before the preflop
  betting, and the flop line then prints only the two new cards; the record's board
  holds the FLOPET card first (:attr:`HandHistory.boards`).
* CAP games cap what each player may put in the hand; "and is capped" ends a player's
  betting like an all-in: the action is typed ``all_in`` (no more chips can go in).
* Run it twice: "*** FLOP 1 ***"... "*** RIVER 2 ***" give two boards (a run that starts
  after the flop repeats the shared cards). "wins pot 1" / "ties for pot 2" pay the
  main pot on run 1 / 2; a pot won uncontested before the runs ("wins the side pot")
  names no run (``Collect.board`` ``None``). Descriptions under "*** SHOW DOWN 1 ***"
  are for board 1, with the cards the player showed before the runs.
* Collect lines are the body's "wins"/"ties for" lines (the pot, the side pot number,
  the run, the high or low half when named); when a hand has none, the summary's
  "collected ($x)" and "showed [..] and won ($x)" lines are read instead.
* Summary pot parts ("Main pot $x. Side pot $y.") are before rake (gross) when they add
  up to the total pot, after it (net) when they add up to the total less the rake.
* Uncalled bets are returned on their own line; when a hand has none and the total pot
  shows the top bet's excess was not in the pot, the return is inferred
  (``Returned.inferred``, ``inferred`` names "returned"). A missing rake is the total
  less what was collected (``inferred`` "rake").
* Lines that carry nothing the record needs: chat ("name: ..." and "name (Observer):
  ..."), "has 15 seconds left to act", "has requested TIME", "adds $x" (chips for the
  next hand), "sits down", "is sitting out", "Players agree to Run It Twice", "Duration".
* Shown-hand words are PokerStars-like ("two pair, Aces and Sevens") except straights:
  "a straight, Ace high", "a straight flush, Jack high" (read here).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import replace
from datetime import UTC, datetime
from typing import Any, BinaryIO

from hhtools.grammars import _kit as k
from hhtools.grammars._dead import join_dead
from hhtools.grammars.fulltilt.lines import (
    BETS, BY_WORD, CANCELLED, CURRENCIES, FTP_HIGH, GAMES, HEADER, HILO_WORDS, LOW_LINE,
    OMAHA_WORDS, PART, POSITIONS, POSTS, QUIET, RETURNED, SEAT, SHOWDOWN, SIT_OUT, STAMP, STREET,
    STRUCTURES, SUMMARY, SUMMARY_COLLECT, SUMMARY_SEAT, SUMMARY_SHOW, TABLE_SIZE, ZONES,
)  # fmt: skip

__all__ = ["FORMAT", "HAND_START", "parse_hand"]

SITE = "fulltilt"
HAND_START = re.compile(r"\ufeff?(?:Full Tilt Poker|FullTiltPoker) Game #")
_ANY_START = re.compile(r"^\s*\ufeff?(?:Full Tilt Poker|FullTiltPoker) Game #\d+", re.MULTILINE)
HAND_END = k.HandEnd(
    "*** SUMMARY ***",
    re.compile(r"Seat \d+: |Total pot |Board: \[|\*\*\* SUMMARY|Pot \d+ |Duration "),
    re.compile(r"Seat \d+: (?![^\n]*(?:collected|won|wins|ties for) )[^\n]* "
               r"\([$€£]?\d[\d,.]*\)(?:, is sitting out)?\r?$", re.MULTILINE),  # fmt: skip
    "(",
)


class _FtpHand(k.Hand):
    """A Full Tilt hand: the kernel's :class:`Hand` (its ``board`` the cards before the
    runs), plus what running it twice and the summary's own lines need."""

    def __init__(self, file: str, line: int) -> None:
        super().__init__(file, line)
        self.runs: dict[int, list[str]] = {}  # run index -> its board
        self.summary_boards: dict[int, tuple[str, ...]] = {}
        self.parts: tuple[int, ...] = ()  # the summary's main and side pots
        self.summary_run = 0  # the run the summary's lines are about
        self.show_board = 0  # the board the showdown's descriptions are for


def parse_hand(text: str, file: str = "", line: int = 1, offset: int = 0) -> k.ParsedHand:
    """Read one hand's text (header first, ``\\n`` line ends) into a record and problems.

    Args:
        text: the hand's lines. file, line, offset: where it starts in its file.

    Returns:
        A :class:`ParsedHand`; amounts in cents (real money) or chips (play money and
        tournaments). Never raises: an unexpected error becomes ``internal_error``.
    """
    return FORMAT.parse(k.HandText(text, file, line, offset))


def _omaha(game: str) -> bool:
    """Whether a game name Full Tilt writes is an Omaha-family game (Courchevel too)."""
    return OMAHA_WORDS.search(game) is not None


def _parse(h: _FtpHand, lines: list[str], line: int, text: str, offset: int) -> k.ParsedHand:
    """Read one hand on ``h``: the header, the body, the end checks, the record. A text
    that starts with an archive's separator lines (:data:`_SEPARATOR`, then blanks) is
    one whose header is damaged (a good one starts its own text): it is read, and its
    bad header reported, from its first line past them, the damaged header's own."""
    if lines[0][:2] in ("**", "\ufeff*") and _SEPARATOR.fullmatch(lines[0]) is not None:
        skip = 1
        while skip < len(lines) - 1 and (not lines[skip].strip()
                                         or _SEPARATOR.fullmatch(lines[skip]) is not None):
            skip += 1
        lines, line = lines[skip:], line + skip
    got = k.header_game(h, k.rule_match(HEADER, lines[0]), GAMES, lines, line, omaha=_omaha)
    if isinstance(got, k.ParsedHand):
        return got
    hd, game = got
    if hd["sb1"] is None and hd["sb2"] is None:  # no stakes where the header has them
        h.problem(line, k.ProblemCode.BAD_HEADER, "no stakes in the header", lines[0])
        return k.no_record(h)
    if CANCELLED.search(text):
        h.problem(line, k.ProblemCode.HAND_CANCELLED, "the site cancelled the hand", lines[0])
        return k.no_record(h)
    play = hd["tid"] is None and not hd["cur1" if hd["sb1"] is not None else "cur2"]
    h.unit = k.Unit.CHIPS if hd["tid"] is not None or play else k.Unit.CENTS
    if not k.read_lines(h, lines, 1, line, _line, quiet=QUIET):
        return k.no_record(h)
    h.summary_board = h.summary_boards.get(0)
    street_board = h.runs[0] if 0 in h.runs else h.board
    done = k.summary_checks(h, lines, line, h.total, "'Total pot'", h.total_line, h.hole,
                          h.summary_board, street_board)  # fmt: skip
    if done is not None:
        return done
    cut = k.seat_lines_cut(h, lines, line)  # one summary seat line a player
    if cut is not None:
        return cut
    return k.ParsedHand(_record(h, hd, game, lines, line, text, offset), tuple(h.problems),
                      None, h.hand_id)  # fmt: skip


def _record(h: _FtpHand, hd: Any, game: tuple[Any, bool], lines: list[str], line: int,
            text: str, offset: int) -> Any:  # fmt: skip
    """The record of a whole hand: its money (:func:`_money`), the time, the table."""
    at = next((i for i, ln in enumerate(lines) if ln.startswith("*** SUMMARY ***")), 0)
    summary = line + at  # the summary's collects and shows come after it
    started, zone, utc = _when(hd["when"])
    attrs = hd["attrs"] or ""
    size = TABLE_SIZE.search(attrs)
    return k.build_record(
        h, site=SITE, game=_game(h, hd, game), line=line, text=text, offset=offset,
        table=hd["table"], started_at=started, time_zone=zone, started_at_utc=utc,
        max_seats=int(size.group(1)) if size else (2 if "heads up" in attrs.lower() else None),
        boards=_boards(h), shows=_shows(h, summary), collect_order=k.CollectOrder.UNORDERED,
        **_money(h, summary),
    )  # fmt: skip


def _money(h: _FtpHand, summary: int) -> dict[str, Any]:
    """The record's collects (the summary's when the body wrote none), returns (one
    inferred when no line wrote it: :func:`_unreturned`), rake (the total less what
    was collected when not written) and pot parts (gross or net by their sum)."""
    assert h.total is not None  # summary_checks: a hand with no total gives no record
    collects = tuple(c for c in h.collects if c.line < summary)
    inferred: list[str] = []
    if not collects and h.collects:
        collects = tuple(h.collects)
        inferred.append("collects")
    returned = tuple(h.returned)
    extra = _unreturned(h)
    if extra is not None:
        returned = (*returned, extra)
        inferred.append("returned")
    rake = h.rake
    if rake is None:
        rake = max(h.total - sum(c.amount for c in collects), 0)
        inferred.append("rake")
    basis = None
    if h.parts and sum(h.parts) == h.total:
        basis = k.PotPartsBasis.GROSS
    elif h.parts and sum(h.parts) == h.total - rake:
        basis = k.PotPartsBasis.NET
    return {"collects": collects, "returned": returned, "rake": rake, "inferred": tuple(inferred),
            "pot_parts": h.parts if basis else (), "pot_parts_basis": basis}  # fmt: skip


def _game(h: k.Hand, hd: Any, game: tuple[Any, bool]) -> k.Game:
    """The game: a limit game's header names the bets (the blinds are those posted, else
    the small bet and half of it); another names the blinds."""
    n = "1" if hd["sb1"] is not None else "2"
    tourney = hd["tid"] is not None
    symbol = hd["cur" + n] or ""
    structure = STRUCTURES[hd["limit"].lower()]
    stake_sb, stake_bb = _stake(h, hd["sb" + n]), _stake(h, hd["bb" + n])
    limit = structure is k.BettingStructure.LIMIT
    sb, bb = k.limit_blinds(h, stake_sb) if limit else (stake_sb, stake_bb)
    ante = hd["ante" + n]
    currency = "CHIPS" if tourney else (CURRENCIES[symbol] if symbol else "PLAY")
    return k.Game(
        variant=game[0], hi_lo=game[1], structure=structure, small_blind=sb, big_blind=bb,
        currency=currency, ante=_stake(h, ante) if ante else 0, tournament_id=hd["tid"],
        buy_in=hd["tname"] if tourney else None,
        small_bet=stake_sb if limit else None, big_bet=stake_bb if limit else None,
    )  # fmt: skip


def _stake(h: k.Hand, text: str) -> int:
    """A header's stake in the hand's unit; "50K" (a tournament's thousands) is 50,000
    chips. ``ValueError`` (the kernel's) for a text that is no amount."""
    if text.endswith("K"):
        return h.money(text[:-1]) * 1000
    return h.money(text)


def _boards(h: _FtpHand) -> tuple[tuple[str, ...], ...]:
    """The board of each run: the streets' cards, else the summary's."""
    if h.runs:
        return tuple(tuple(h.runs.get(r) or h.summary_boards.get(r) or h.board) for r in (0, 1))
    board = tuple(h.board) or h.summary_boards.get(0, ())
    return (board,) if board else ()


def _unreturned(h: k.Hand) -> k.Returned | None:
    """An uncalled excess the text returns on no line, when the total pot shows it was
    not in the pot (:func:`~hhtools.grammars._inferred.excess_returned`), else ``None``."""
    if h.total is None or len(h.put) < 2:
        return None
    back = k.excess_returned(h.put, h.returned, h.actions)
    if back is None or sum(h.put.values()) - back.amount != h.total:
        return None
    return back


def _shows(h: k.Hand, summary: int) -> tuple[k.Show, ...]:
    """The body's shows, then the summary's of hands the body did not show on that board
    (mucked ones, mostly)."""
    body = [s for s in h.shows if s.line < summary]
    have = {(s.player, s.board) for s in body}
    return (*body, *(s for s in h.shows if s.line > summary and (s.player, s.board) not in have))


def _when(text: str) -> tuple[datetime | None, str | None, datetime | None]:
    """The header's ET time (the bracketed one when two are printed), its zone, and UTC."""
    stamps = list(STAMP.finditer(text))
    if not stamps:
        return None, None, None
    m = next((s for s in stamps if s["tz"] == "ET"), stamps[-1])
    naive = datetime(int(m["y"]), int(m["mo"]), int(m["d"]), int(m["h"]), int(m["mi"]),
                     int(m["s"] or 0))  # fmt: skip
    zone = ZONES.get(m["tz"])
    utc = naive.replace(tzinfo=zone).astimezone(UTC) if zone is not None else None
    return naive, m["tz"], utc


def _claim(desc: str | None) -> k.ClaimedHigh | None:
    """Full Tilt's words for a high hand as a claim ("a straight, Ace high" included)."""
    if not desc:
        return None
    claim = k.read_high(desc)
    if claim is not None:
        return claim
    m = FTP_HIGH.fullmatch(desc.strip().lower())
    rank = k.RANK_WORDS.get(m["r"] or m["hc"] or "") if m is not None else None
    if m is None or rank is None:
        return None
    if m["sf"]:
        flush = m["sf"] == "straight flush"
        cat = k.HandCategory.STRAIGHT_FLUSH if flush else k.HandCategory.STRAIGHT
        return k.ClaimedHigh(cat, (rank,))
    return k.ClaimedHigh(k.HandCategory.HIGH_CARD, (rank,))


def _show(h: _FtpHand, p: str, cards: tuple[str, ...] | None, desc: str | None, lno: int,
          *, mucked: bool = False, board: int | None = None) -> None:  # fmt: skip
    """Add a show of ``p``: ``cards`` known now or earlier, ``desc`` the site's words."""
    if cards:
        h.hole[p] = cards
    known = cards or h.hole.get(p)
    if not known:
        h.problem(lno, k.ProblemCode.BAD_CARDS, f"{p} shows but no cards of theirs are known")
        return
    high, low = desc, None
    if desc:
        m = HILO_WORDS.match(desc)
        if m is not None:
            high, low = m["hi"] or m["hi2"], m["lo"] or m["lo2"] or m["lo3"]
    b = h.show_board if board is None else board
    claims = (None, None) if mucked else (_claim(high), k.read_low(low))
    h.shows.append(k.Show(p, known, high or None, low, mucked, b, lno, *claims))


def _line(h: _FtpHand, ln: str, lno: int) -> bool:
    """Read one body line into the hand; ``False`` when no rule reads it."""
    if h.summary:
        return _summary_line(h, ln, lno)
    if ln.startswith("***"):
        return _section(h, ln)
    if ln.startswith("Seat ") and not h.actions and not h.hole:
        m = k.rule_match(SEAT, ln)
        if m is None:
            return False
        h.seat(h.seat_number(m["seat"]), m["name"].strip(), h.money(m["stack"]), lno,
               bool(m["out"]))  # fmt: skip
        return True
    name = h.name(ln, " :")
    if name is not None:
        if ln[len(name) : len(name) + 1] == ":":  # chat
            return True
        return _player(h, name, ln[len(name) + 1 :].rstrip(), lno)
    return _other(h, ln, lno)


def _other(h: _FtpHand, ln: str, lno: int) -> bool:
    """A line about no seated player: the hero's cards, the button, an uncalled bet
    returned, the low of the hand shown above, a line the record does not need."""
    if ln.startswith("Dealt to "):
        return _dealt(h, ln, lno)
    if ln.startswith("The button is in seat #"):
        h.button = h.seat_number(ln[23:].strip())
        return True
    m = k.rule_match(RETURNED, ln)
    if m is not None:
        if m["name"] not in h.stacks:
            h.problem(lno, k.ProblemCode.UNKNOWN_PLAYER, f"not seated: {m['name'][:40]}", ln)
        else:
            h.betting("return", m["name"], h.money(m["a"]), lno)
        return True
    if ln.startswith("Players agree to Run It"):
        return True
    m = k.rule_match(LOW_LINE, ln)
    if m is not None and h.shows:
        last = h.shows[-1]
        h.shows[-1] = replace(last, low_description=m["low"], claimed_low=k.read_low(m["low"]))
        return True
    return False  # a line about a player not seated: QUIET's (read_body), or unread


def _dealt(h: k.Hand, ln: str, lno: int) -> bool:
    """ "Dealt to <seated name> [cards]": the hero and their cards."""
    for name in h.by_length:
        if ln.startswith(name, 9) and ln[9 + len(name) : 11 + len(name)] == " [":
            h.hero = name
            h.hole[name] = k.cards(ln[11 + len(name) :].rstrip().rstrip("]"))
            h.in_hand.add(name)
            return True
    h.problem(lno, k.ProblemCode.UNKNOWN_PLAYER, f"not seated: {ln[9:49]}", ln)
    return True


def _section(h: _FtpHand, ln: str) -> bool:
    """A "*** ... ***" line: hole cards, a street (of a run), the showdown, the summary."""
    if ln.startswith("*** HOLE CARDS ***"):
        return True
    if ln.startswith("*** SUMMARY ***"):
        h.summary = True
        return True
    m = k.rule_match(SHOWDOWN, ln)
    if m is not None:
        h.show_board = int(m["run"]) - 1 if m["run"] else 0
        return True
    m = k.rule_match(STREET, ln)
    if m is None:
        return False
    cards = k.cards(m["cards"].replace("[", " ").replace("]", " "))
    if m["street"] == "FLOPET":  # Courchevel: the first board card, before the betting
        h.board = list(cards)
    elif m["run"] is None:
        h.board = _extend(h.board, cards)
        h.new_street(k.STREET_WORDS[m["street"]])
    else:
        run = int(m["run"]) - 1
        h.runs[run] = _extend(h.runs.get(run) or h.board, cards)
    return True


def _extend(board: list[str], cards: tuple[str, ...]) -> list[str]:
    """The board after a street line: its cards repeat the board so far, or add to it."""
    if board and list(cards[: len(board)]) == board:
        return list(cards)
    return [*board, *cards]


def _player(h: _FtpHand, p: str, rest: str, lno: int) -> bool:
    """What a seated player did, by the rules of its first word (an event the record
    does not need reads as known)."""
    found = k.match_line(BY_WORD, rest)
    if found is None:
        if k.rule_match(SIT_OUT, rest) is None:
            return False  # no-chips lines are QUIET's (read_body)
        h.sit_out(p)
        return True
    kind, m = found
    if kind in BETS or kind in POSTS:
        a = h.money(m["a"])
        if kind in BETS:  # capped: no more chips can go in, as all-in
            h.betting(kind, p, a, lno, bool(m["allin"] or m["capped"]))
        else:
            if not join_dead(h, p, POSTS[kind], a, lno, kind == "dead"):  # with the big blind
                h.post(p, POSTS[kind], a, lno)
    elif kind in ("fold", "check"):
        h.betting(kind, p, 0, lno)
    elif kind == "show":
        _show(h, p, k.cards(m["cards"]), m["desc"], lno)
    elif kind == "show_words":
        _show(h, p, None, m["desc"], lno)
    elif kind == "muck":
        if m["cards"]:
            _show(h, p, k.cards(m["cards"]), None, lno, mucked=True)
    elif kind == "low_claim":
        return _low_claim(h, p, m["desc"])
    else:
        _collect(h, p, m, lno)
    return True


def _low_claim(h: _FtpHand, p: str, desc: str) -> bool:
    """ "X is low with 7,4,3,2,A": the low X declares, put on X's show of this showdown's
    board (its words and :func:`~hhtools.grammars._english.read_low`'s ranks, ace 1);
    ``False`` (the line unread) when X showed no hand there to put it on."""
    for ix in range(len(h.shows) - 1, -1, -1):
        s = h.shows[ix]
        if s.player == p and s.board == h.show_board and not s.mucked:
            h.shows[ix] = replace(s, low_description=desc, claimed_low=k.read_low(desc))
            return True
    return False


def _collect(h: _FtpHand, p: str, m: Any, lno: int) -> None:
    """A "wins"/"ties for" line: the pot (side pot number), the run, the half."""
    half_word = (m["h1"] or m["h2"] or "").strip()
    half = k.Half.HIGH if half_word == "high" else k.Half.LOW if half_word == "low" else None
    which = (m["which"] or "").strip()
    board: int | None = 0
    pot = 0
    if which == "side":
        pot = int(m["sn"]) if m["sn"] else 1
        board = None if h.runs else 0
    elif which == "main":
        board = None if h.runs else 0
    elif m["sn"] and h.runs:  # "pot 1", "pot 2": the main pot on run 1, 2
        board = int(m["sn"]) - 1
    elif h.runs:
        board = None
    h.collects.append(k.Collect(p, h.money(m["a"]), pot, board, lno, half))


def _summary_line(h: _FtpHand, ln: str, lno: int) -> bool:
    """A summary line: a seat's, the total pot (rake, pot parts), a run's board."""
    if ln.startswith("Seat "):
        return _summary_seat(h, ln, lno)
    found = k.match_line(SUMMARY, ln)
    if found is None:
        return False
    kind, m = found
    if kind == "total":
        h.total = h.money(m["a"])
        h.total_line = lno
        h.rake = h.money(m["rake"]) if m["rake"] else None
        h.parts = tuple(h.money(a) for a in PART.findall(m["parts"] or ""))
    elif kind == "board":
        h.summary_boards[h.summary_run] = k.cards(m["cards"])
    elif kind == "run":
        h.summary_run = int(m["run"]) - 1
    return True


def _summary_seat(h: _FtpHand, ln: str, lno: int) -> bool:
    """A summary seat line: shown and mucked cards, and what the player collected."""
    m = k.rule_match(SUMMARY_SEAT, ln)
    if m is None:
        return False
    seat = int(m["seat"])
    p = next((s.player for s in h.seats if s.seat == seat), None)
    rest = m["rest"]
    if p is None or not rest.startswith(p):
        return True  # a seat the hand did not list: nothing to read
    vars(h).setdefault("_summed", set()).add(p)  # the players with a summary seat line
    rest = POSITIONS.sub("", rest[len(p) :].strip() + " ").strip()
    s = k.rule_match(SUMMARY_SHOW, rest)
    run = h.summary_run if h.runs else 0
    if s is not None:
        mucked = s["how"] == "mucked"
        desc = s["wd"] or s["ld"] or s["md"]
        _show(h, p, k.cards(s["cards"]), desc, lno, mucked=mucked, board=run)
        if s["a"]:
            h.collects.append(k.Collect(p, h.money(s["a"]), 0, run, lno))
        return True
    c = k.rule_match(SUMMARY_COLLECT, rest)
    if c is not None:
        h.collects.append(k.Collect(p, h.money(c["a"]), 0, run, lno))
    return True


#: The separator line an archive writes before each hand ("******************** # 2
#: *******************", fpdb-3's real 2009 archive file), with the blank lines after it
_SEPARATOR = re.compile(r"\ufeff?(?:\*{5,} # \d+ \*{5,}\s*)+")


def _split(fh: BinaryIO, file: str) -> Iterator[k.HandText]:
    """A file's hand texts (:data:`HAND_START`, :data:`HAND_END`), less the texts that
    hold nothing but an archive's separator lines: each was a hand of its own reported
    as a bad header (a failed hand and a problem before every hand of an archive)."""
    for ht in k.iter_hands(fh, file, HAND_START, HAND_END):
        if ht.text[:2] not in ("**", "\ufeff*") or _SEPARATOR.fullmatch(ht.text) is None:
            yield ht


#: The Full Tilt Poker site format: a file holds one when its first lines hold a hand
#: header; its hands start at each header, and after a summary a new text starts at
#: the first line no summary holds (:data:`HAND_END`), so a damaged header is reported;
#: an archive's separator lines are dropped (:func:`_split`).
FORMAT = replace(k.text_format(
    "fulltilt", "Full Tilt Poker",
    "Omaha, Omaha hi/lo 8 or better, 5- and 6-card Omaha, Courchevel; pot limit, no limit, "
    "fixed limit and CAP; cash (real and play money) and tournaments; run it twice",
    HAND_START, _parse, header=_ANY_START, end=HAND_END, hand=_FtpHand,
), split=_split)  # fmt: skip
