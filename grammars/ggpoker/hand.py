"""Reading the lines of one GGPoker hand after its header (private to
:mod:`hhtools.grammars.ggpoker`, which describes the format).

:class:`GGHand` is the kernel's :class:`~hhtools.grammars._hand.Hand` with what only
GGPoker writes (boards per run, cash-outs, tournament results, the room's fees);
:func:`read_lines` reads the table, seat, body and summary lines through the kernel's
per-line loop; :func:`whole_hand` gives the parts of the record that need the whole
hand (boards per run, collects per pot and run, pot parts). Money is integer minor
units (cents, or chips in tournaments).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from collections.abc import Set as AbstractSet
from datetime import datetime
from functools import partial
from operator import attrgetter
from typing import Any

from hhtools.grammars import _kit as k
from hhtools.grammars import _plain
from hhtools.grammars._dead import join_dead
from hhtools.grammars.ggpoker import plain
from hhtools.grammars.ggpoker.pots import Record, assign, gg_pots, with_ante
from hhtools.grammars.ggpoker.rules import (
    _A,
    _COLLECT_M,
    _EXTRAS,
    _ORDER,
    _POSTS,
    _RESULT_M,
    _RUN,
    _S_OTHER,
    _S_RESULT,
    _S_SHOWED,
    _SEAT_M,
    _TABLE_M,
    _TIMES,
    HEAD,
    PLAYER,
    SEGMENT,
    SUMMARY,
)
from hhtools.grammars.ggpoker.words import read_gg_high, read_gg_low


#: an amount as the rules read it ("$1,234.56", "2,020"), the whole text
_AMOUNT = re.compile(_A).fullmatch
#: post kinds held here (a member read through its enum class costs several global reads)
_STRADDLE, _ANTE, _BIG_BLIND = k.PostKind.STRADDLE, k.PostKind.ANTE, k.PostKind.BIG_BLIND
#: whether an action is all in (read in C: every hand asks it of each action)
_ALL_IN = attrgetter("all_in")
#: what the summary's "Total pot" segments other than rake and jackpot are: fees
_JACKPOT_WORDS = frozenset({"jackpot", "jp", "bad beat jackpot"})
_IN_CHIPS, _BEFORE = " in chips)", _plain.SIGN_BEFORE  # a seat line's end, its amounts' signs


class GGHand(k.Hand):
    """A GGPoker hand being read: the kernel's :class:`Hand` and what only GGPoker
    writes. ``collects`` hold the run of each line in ``board`` until
    :func:`whole_hand` puts them in their pots."""

    names_by_length = False  # a player is found by ``name_set`` and ``names`` (:meth:`who`)
    # starting values never changed in place are class defaults (set on the hand when read)
    started: datetime | None = None
    tournament: tuple[str, str, str] | None = None
    header_ante = 0
    ante = 0  # the largest "posts the ante"
    prize_currency = ""  # a tournament's buy-in currency, from its name text
    currency = ""
    names: Sequence[str] = ()  # seated names holding ": ", longest first
    name_set: AbstractSet[str] = frozenset()
    fees = 0
    room_added = 0
    runs = 1
    showdown_run = 0

    def __init__(self, file: str, line: int) -> None:
        super().__init__(file, line)
        self.by_seat: dict[int, str] = {}
        self.cash_outs: list[k.CashOut] = []
        self.results: list[k.TournamentResult] = []
        self.boards: list[list[str]] = [[]]
        self.summary_folds: list[tuple[str, k.Street, int]] = []

    def who(self, text: str) -> str | None:
        """The seated player whose name starts ``text`` followed by ": " (or ``None``)."""
        for name in self.names:  # a name holding ": " itself (rare), longest first
            if text.startswith(name) and text.startswith(": ", len(name)):
                return name
        cut = text.find(": ")
        if cut > 0 and text[:cut] in self.name_set:
            return text[:cut]
        return None

    def know(self, player: str, cards: tuple[str, ...], lno: int) -> None:
        """A player's cards seen: kept when they tell more than what was known."""
        known = self.hole.get(player)
        if known == cards or (known is not None and set(cards) <= set(known)):
            return
        self.saw(lno, player, cards)
        if known is None or len(cards) > len(known):
            self.hole[player] = cards


def read_lines(h: GGHand, lines: list[str]) -> bool:
    """Read every line after the header into ``h``; ``False`` when no record can be
    made (its problem added): no table line, no seat lines, an amount out of range,
    the hand cut short or without its total, a card seen twice."""
    i = _table_and_seats(h, lines)
    if i is None:
        return False
    n, base = len(lines), h.line
    try:
        end = lines.index("*** SUMMARY ***", i)
    except ValueError:
        end = next((j for j in range(i, n) if lines[j].startswith("*** SUMMARY")), n)
    h.summary = end < n
    # the body, then the summary, each by its own line reader (the reader's lines, k.reader:
    # normalised; in the compiled core the plain lines read from their text, .plain); a
    # line out of range ends the reading at once, as in one loop
    if _plain.QUICK:
        body, summary = partial(plain.read_body, _read, h), partial(plain.read_summary,
                                                                     _summary_line, h)
    else:
        body, summary = partial(_read, h), partial(_summary_line, h)
    if not (k.read_body(h, enumerate(lines[i:end], i), base, body, quiet=k.NO_CHIPS,
                        normalised=True)
            and k.read_body(h, enumerate(lines[end + 1 :], end + 1), base, summary,
                            quiet=k.NO_CHIPS, normalised=True)):
        return False
    if not h.summary:
        h.problem(base + n - 1, k.ProblemCode.TRUNCATED_HAND,
                  "the hand ends before its summary", lines[-1])  # fmt: skip
        return False
    if h.total is None:
        h.problem(base + n - 1, k.ProblemCode.MISSING_TOTAL, "no Total pot line in the summary")
        return False
    _infer_folds(h)
    if _impossible_cards(h):
        return False
    if _seat_lines_missing(h, lines, end):
        h.problem(base + n - 1, k.ProblemCode.TRUNCATED_HAND,
                  "the summary stops before every player's seat line (cut short?)",
                  lines[-1])  # fmt: skip
        return False
    return True


def _seat_lines_missing(h: GGHand, lines: list[str], end: int) -> bool:
    """Whether the summary (from line index ``end``) stops before the "Seat N:" line of
    a player who put chips in: the site writes one a seated player (the corpora's 125
    hands, every one), so such a summary is cut short, or its total line cut inside
    ("Total pot $9.25 | Rake $0" of "$0.25": a rake of 0 read)."""
    listed = {ln[5 : ln.find(":")] for ln in lines[end + 1 :] if ln.startswith("Seat ")}
    seats = {p: str(h.seat_of(p)) for p, v in h.put.items() if v and h.seat_of(p) is not None}
    return any(seat not in listed for seat in seats.values())


def _table_and_seats(h: GGHand, lines: list[str]) -> int | None:
    """The table line and the seat lines after it; the index of the first line after
    them, or ``None`` (a problem added)."""
    n, base = len(lines), h.line
    tm = _TABLE_M(lines[1]) if n > 1 else None
    if tm is None:
        h.problem(base + 1 if n > 1 else base, k.ProblemCode.BAD_TABLE, "no table line",
                  lines[1] if n > 1 else "")  # fmt: skip
        return None
    i = 1
    try:
        h.table = tm["table"]
        h.button = h.seat_number(tm["btn"])
        h.max_seats = h.seat_number(tm["max"]) if tm["max"] else None
        i = 2
        quick = _plain.QUICK
        while i < n:
            if quick and _plain.read_seat(h, lines[i], base + i, _IN_CHIPS, _BEFORE, True):
                i += 1
                continue
            seat = _plain_seat(lines[i])
            if seat is not None:
                h.seat(h.seat_number(seat[0]), seat[1], h.money(seat[2]), base + i)
            elif (sm := _SEAT_M(lines[i])) is not None:
                h.seat(h.seat_number(sm["seat"]), sm["name"], h.money(sm["stack"]), base + i,
                       bool(sm["out"]), sm["bounty"])  # fmt: skip
            else:
                break
            i += 1
    except k.AmountOutOfRange as exc:  # on the line that holds the number
        h.problem(base + i, k.ProblemCode.OUT_OF_RANGE, str(exc), lines[i])
        return None
    if not h.seats:
        h.problem(base + i, k.ProblemCode.NO_SEATS, "no seat lines", lines[i] if i < n else "")
        return None
    h.name_set = {s.player for s in h.seats}
    h.by_seat = {s.seat: s.player for s in h.seats}
    h.names = sorted((p for p in h.name_set if ": " in p), key=len, reverse=True)
    return i


def _plain_seat(text: str) -> tuple[str, str, str] | None:
    """A seat line written the plain way, "Seat 1: Ann ($80.61 in chips)": its seat
    number, name and stack texts, read without the pattern (what :data:`_SEAT_M` reads
    of it: the name is all before the line's one " (", the stack an amount); ``None``
    for any other line (a bounty, sitting out, a name holding " (").

    >>> _plain_seat("Seat 1: Ann ($80.61 in chips)")
    ('1', 'Ann', '$80.61')
    >>> _plain_seat("Seat 1: Ann (x) ($80.61 in chips)") is None
    True
    """
    if not (text.startswith("Seat ") and text.endswith(" in chips)")):
        return None
    cut = text.find(": ", 5)
    paren = text.find(" (", cut + 3)
    if cut < 0 or paren < 0 or text.find(" (", paren + 2) >= 0 or not text[5:cut].isdecimal():
        return None
    stack = text[paren + 2 : -10]
    return (text[5:cut], text[cut + 2 : paren], stack) if _AMOUNT(stack) else None


def _read(h: GGHand, text: str, lno: int) -> bool:
    """One line before the summary line (the body): a line of its own first word
    (:data:`HEAD`; "Dealt to X" without cards, another player's hidden cards, compared
    whole), else a seated player's ("<player>: <what>": a fold or a check compared
    whole, else :data:`PLAYER` by the first word of what), a collect, a result."""
    cut = text.find(" ")
    word = text if cut < 0 else text[:cut]
    heads = HEAD.get(word)
    if heads is not None:
        if word == "Dealt" and "[" not in text and text.startswith(" to ", 5):
            if text[9:] in h.name_set:
                return True  # what _dealt reads of it: nothing
        for kind, match in heads:
            m = match(text)
            if m is not None:
                return _READ_HEAD[kind](h, m, text, lno)
        if word == "***":
            return False
    if h.names:  # a name holding ": " (rare)
        player = h.who(text)
    else:  # what who() finds without such names
        cut = text.find(": ")
        player = text[:cut] if cut > 0 else None
        if player is not None and player not in h.name_set:
            player = None
    if player is not None:
        rest = text[len(player) + 2 :]
        if rest == "folds":  # what the "folds" note rule reads, and _pass does
            h.fold(player, lno)
            return True
        if rest == "checks":
            h.check(player, lno)
            return True
        found = PLAYER.match(rest)
        if found is None:
            return False
        _READ_PLAYER[found[0]](h, player, found[1], rest, lno)
        return True
    if text.endswith("pot") and (m := _COLLECT_M(text)) is not None:
        if m["name"] in h.name_set:
            h.collects.append(k.Collect(m["name"], h.money(m["amt"]), 0, h.showdown_run, lno))
        else:
            h.problem(lno, k.ProblemCode.UNKNOWN_PLAYER, f"no seat for {m['name']!r}", text)
        return True
    return _result(h, text, lno)


def _street(h: GGHand, m: Any, text: str, lno: int) -> bool:
    """A street line of a run: its cards are that run's board so far (a later run's
    line repeats the cards before it); the new ones are seen."""
    name, run = m["name"], _RUN[m["run"]]
    if name.startswith("SHOW"):
        h.showdown_run = run
        return True
    street = k.STREETS.get(name)
    if street is None:
        return True
    cards = k.cards(m["c1"]) if m["c1"] else ()
    if m["c2"]:
        cards += k.cards(m["c2"])
    while len(h.boards) <= run:
        h.boards.append([])
    old = h.boards[run] or (h.boards[0] if run else [])
    j = len(old)
    if run == 0 and tuple(cards[:j]) != tuple(old[: len(cards)]):
        h.problem(lno, k.ProblemCode.BOARD_MISMATCH,
                  "the street line repeats another board", text)  # fmt: skip
    if tuple(cards[:j]) == tuple(old):  # the usual case: the street adds its cards
        new = list(cards[j:])
    else:
        new = [c for c in cards if c not in old]
    h.boards[run] = list(cards)
    if new:
        h.saw(lno, f"\0{run}", tuple(new))
    if _ORDER[street] > _ORDER[h.street]:
        h.new_street(street)
    return True


def _dealt(h: GGHand, m: Any, text: str, lno: int) -> bool:
    """"Dealt to X [..]": the hero's cards; a bare "Dealt to X" another's hidden ones."""
    if m["name"] not in h.name_set:
        return _result(h, text, lno)
    if m["cards"]:
        cards = k.cards(m["cards"])
        h.hero = m["name"]
        h.know(m["name"], cards, lno)
    return True


def _uncalled(h: GGHand, m: Any, text: str, lno: int) -> bool:
    if m["name"] not in h.name_set:
        return _result(h, text, lno)
    h.returned.append(k.Returned(m["name"], h.money(m["amt"]), lno))
    return True


def _cash_drop(h: GGHand, m: Any, text: str, lno: int) -> bool:
    h.room_added += h.money(m["amt"])
    return True


_READ_HEAD = {"street": _street, "dealt": _dealt, "uncalled": _uncalled,
              "cash_drop": _cash_drop}  # fmt: skip


def _post(h: GGHand, player: str, m: Any, rest: str, lno: int) -> None:
    """A post; a straddle's amount is the player's new total (an over-straddle)."""
    what = m["what"] or "straddle"
    amt = h.money(m["amt"])
    kind = _POSTS.get(what, _STRADDLE)
    if kind is _STRADDLE:
        amt = max(amt - h.bets.get(player, 0), 0)
    elif kind is _ANTE and "ante" in what:
        h.ante = max(h.ante, amt)
    # a missed (dead) blind and the player's big blind: one post of both (join_dead joins
    # nothing else: a small blind, an ante or a straddle is posted as typed)
    dead = kind is _ANTE and "ante" not in what
    if (dead or kind is _BIG_BLIND) and join_dead(h, player, kind, amt, lno, dead):
        return
    h.post(player, kind, amt, lno)


def _bet(h: GGHand, player: str, m: Any, rest: str, lno: int) -> None:
    """A call or a bet (the chips added), a raise ("raises $4 to $6", as printed)."""
    all_in = m["allin"] is not None
    if m["verb"] == "raises":
        by, to = h.money(m["amt"]), h.money(m["to"])
        h.raise_to(player, to, lno, all_in, by)
    else:
        (h.call if m["verb"] == "calls" else h.bet)(player, h.money(m["amt"]), lno, all_in)


def _show(h: GGHand, player: str, m: Any, rest: str, lno: int) -> None:
    """Cards shown in the body: the description only when the board was complete."""
    cards = k.cards(m["cards"])
    complete = len(h.boards) == 1 and len(h.boards[0]) == 5
    desc = m["desc"] if complete else None
    h.shows.append(k.Show(player, cards, desc, None, rest.startswith("mucks"), 0, lno,
                        read_gg_high(desc), None))  # fmt: skip
    h.know(player, cards, lno)


def _money_out(h: GGHand, player: str, m: Any, rest: str, lno: int) -> None:
    """EV cashout and all-in insurance: money from the site, or paid back to it."""
    amt = h.money(m["amt"])
    if m["what"] == "Receives Cashout" or m["what"].startswith("receive"):
        h.cash_outs.append(k.CashOut(player, amt, 0, lno, 0))
    else:  # paid back to the site from what the player collects
        h.cash_outs.append(k.CashOut(player, -amt, amt, lno, 0))


def _pass(h: GGHand, player: str, m: Any, rest: str, lno: int) -> None:
    """A fold, a check, or a note that changes nothing in the hand."""
    if rest == "folds":
        h.fold(player, lno)
    elif rest == "checks":
        h.check(player, lno)


def _sit_out(h: GGHand, player: str, m: Any, rest: str, lno: int) -> None:
    """"X: sits out": X is not dealt in unless X plays (:meth:`~.._hand.Hand.sit_out`)."""
    h.sit_out(player)


_READ_PLAYER = {"post": _post, "bet": _bet, "show": _show, "money_out": _money_out,
                "note": _pass, "sit_out": _sit_out}  # fmt: skip


def _cents(text: str | None) -> int:
    """A prize or bounty in cents of the buy-in's currency; 0 when not written."""
    return k.parse_money(text, k.Unit.CENTS) if text else 0


def _result(h: GGHand, text: str, lno: int) -> bool:
    """A tournament's bounty or finishing line, in the buy-in's currency."""
    m = _RESULT_M(text)
    if m is None or m["name"] not in h.name_set:
        return False
    cur = h.prize_currency or (h.currency if h.currency != "CHIPS" else "")
    place = int(m["place"]) if m["place"] else (1 if "wins the tournament" in text else None)
    h.results.append(k.TournamentResult(
        m["name"], place, _cents(m["prize"] or m["prize2"]), _cents(m["b1"] or m["b2"]),
        m["elim"] or "", cur, lno,
    ))  # fmt: skip
    return True


def _summary_line(h: GGHand, text: str, lno: int) -> bool:
    if text.startswith("Seat "):
        _summary_seat(h, text, lno)
        return True
    for kind, match in SUMMARY.get(text.partition(" ")[0], ()):
        m = match(text)
        if m is not None:
            _READ_SUMMARY[kind](h, m, text, lno)
            return True
    return _result(h, text, lno)


def _total(h: GGHand, m: Any, text: str, lno: int) -> None:
    """"Total pot $597.08 | Rake $7.5 | Jackpot $5 | Bingo $0": rake, jackpot, fees."""
    h.total, h.total_line = h.money(m["amt"]), lno
    h.rake = h.rake or 0
    for seg in filter(None, (s.strip() for s in m["rest"].split("|"))):
        sm = SEGMENT.match(seg)
        if sm is None:
            h.problem(lno, k.ProblemCode.UNRECOGNISED_LINE, f"summary segment {seg!r}", text)
            continue
        amt, name = h.money(sm["amt"]), sm["name"].lower()
        if name == "rake":
            h.rake += amt
        elif name in _JACKPOT_WORDS:
            h.jackpot += amt
        else:  # Bingo, Fortune, Tax...: taken from the pot by the room
            h.fees += amt


def _run_times(h: GGHand, m: Any, text: str, lno: int) -> None:
    h.runs = _TIMES.get(m["n"]) or int(m["n"])


def _summary_board(h: GGHand, m: Any, text: str, lno: int) -> None:
    """A run's summary board: the cards that differ from the first run's, the last of
    that run's board."""
    run = _RUN[m["run"]]
    cards = k.cards(m["cards"])
    board = h.boards[run] if run < len(h.boards) else []
    if not cards or tuple(board[-len(cards) :]) != cards:
        h.problem(lno, k.ProblemCode.BOARD_MISMATCH,
                  "the summary's board differs from the streets", text)  # fmt: skip


#: the positions a summary seat line may write after the name, one after another
_POSITION_TEXTS = frozenset((" (button)", " (small blind)", " (big blind)", " (dealer)"))
#: the summary seat lines' folds as written (after the name and position), by the
#: street they name: what :data:`_S_OTHER` reads of them, found by one lookup
_S_FOLDS = {f" folded {where}{note}": street
            for where, street in (("before Flop", k.Street.PREFLOP),
                                  ("before the Flop", k.Street.PREFLOP),
                                  ("on the Flop", k.Street.FLOP), ("on the Turn", k.Street.TURN),
                                  ("on the River", k.Street.RIVER))
            for note in ("", " (didn't bet)")}  # fmt: skip

_READ_SUMMARY = {"total": _total, "run_times": _run_times, "summary_board": _summary_board}


def _summary_seat(h: GGHand, text: str, lno: int) -> None:
    """A summary seat line: a fold the body left out, or the cards shown
    (:func:`_summary_show`); "collected ($x)", "won ($x)", "sitting out"...: the body
    says it."""
    cut = text.find(": ", 5)  # "Seat N: <rest>", N decimal digits
    number = text[5:cut] if cut > 5 else ""
    seat = int(number) if number.isdecimal() and len(number) < 5 else -1
    player = h.by_seat.get(seat)
    if player is None or not text.startswith(player, cut + 2):
        h.problem(lno, k.ProblemCode.UNKNOWN_PLAYER,
                  "summary seat names no seated player", text)  # fmt: skip
        return
    rest = text[cut + 2 + len(player) :]
    while rest.startswith(" ("):  # " (button)", " (small blind)"...: left out
        close = rest.find(")") + 1
        if rest[:close] not in _POSITION_TEXTS:
            break
        rest = rest[close:]
    if ", " in rest:
        rest = _EXTRAS.sub("", rest)
    street = _S_FOLDS.get(rest)
    if street is not None:  # a fold written the usual way (what _S_OTHER reads of it)
        h.summary_folds.append((player, street, lno))
        return
    if rest.startswith((" showed [", " mucked [")) and _summary_show(h, player, rest, lno):
        return
    om = _S_OTHER.fullmatch(rest)
    if om is None:
        h.problem(lno, k.ProblemCode.UNRECOGNISED_LINE, f"unrecognised summary seat: {text[:80]}",
                  text)  # fmt: skip
    elif om["folded"] is not None:  # a fold: its street read by the same match
        street = k.STREETS[om["st"].upper()] if om["st"] else k.Street.PREFLOP
        h.summary_folds.append((player, street, lno))


def _summary_show(h: GGHand, player: str, rest: str, lno: int) -> bool:
    """"showed [..] and won ($48.93) with Three Twos, and lost with Three Twos": the
    cards, and one show a run with what they made there (high and low). ``False`` (and
    nothing read) when a part after "and" is no "won ($x)[ with ..]" or "lost[ with ..]"."""
    sm = _S_SHOWED.match(rest)
    if sm is None:
        return False
    results = (sm["res"] or "").split(", and ") if sm["res"] else [""]
    found = [_S_RESULT.match(res.strip()) if res else None for res in results]
    if any(rm is None and res for rm, res in zip(found, results, strict=True)):
        return False
    cards = k.cards(sm["cards"])
    h.know(player, cards, lno)
    mucked = sm["verb"] == "mucked"
    for run, rm in enumerate(found):
        desc = (rm["w"] or rm["l"]) if rm else None
        high, low = desc, None
        if desc and " and " in desc and ("Low" in desc or "low" in desc):
            high, _, low = desc.partition(" and ")
        h.shows.append(k.Show(player, cards, high, low, mucked, run, lno,
                            read_gg_high(high), read_gg_low(low)))  # fmt: skip
    return True


def _infer_folds(h: GGHand) -> None:
    """The summary's folds the body did not write, at the end of their street."""
    for player, street, lno in h.summary_folds:
        if player in h.folded:
            continue
        h.folded.add(player)
        at = len(h.actions)
        while at and _ORDER[h.actions[at - 1].street] > _ORDER[street]:
            at -= 1
        h.actions.insert(at, k.Action(street, player, k.ActionKind.FOLD, 0, None, False, None, lno))


def _impossible_cards(h: GGHand) -> bool:
    """A card seen on two lines (the runs are dealt from one deck): ``True``, with its
    ``impossible_cards`` problem."""
    seen: dict[str, int] = {}
    for lno, _owner, cards in h.sightings:
        for c in cards:
            if c in seen and seen[c] != lno:
                h.problem(lno, k.ProblemCode.IMPOSSIBLE_CARDS, f"card {c} seen twice")
                return True
            seen[c] = lno
    return False


def whole_hand(h: GGHand, game: k.Game) -> Record:
    """The whole-hand parts of the record: the game (antes, limit bets), the boards,
    the collects by pot and run, the pot parts."""
    game = with_ante(game, h.ante or h.header_ante)
    won = [(c.player, c.amount, c.board or 0, c.line) for c in h.collects]
    runs = max(h.runs, len(h.boards), 1 + max((w[2] for w in won), default=0))
    board_t = tuple(tuple(b) for b in h.boards if b)
    # With nobody all-in every live player put in the same: one pot.
    if runs == 1 and not any(map(_ALL_IN, h.actions)):
        return Record(game, board_t, tuple(h.collects), (), None)
    dead = {a.player: a.amount - game.big_blind for a in h.actions  # a missed blind's chips
            if a.post is k.PostKind.DEAD_SMALL_AND_BIG and a.amount > game.big_blind}  # fmt: skip
    pots = gg_pots(h.put, h.returned, h.folded, h.room_added, dead)
    if len(pots) <= 1 and runs == 1:
        return Record(game, board_t, tuple(h.collects), (), None)
    return assign(game, board_t, pots, won, max(len(board_t), 1))
