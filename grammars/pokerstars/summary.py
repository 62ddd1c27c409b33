"""The summary of a PokerStars hand (after "*** SUMMARY ***"): the total pot, its parts,
the rake and the other money the pot gave or took ("Total pot $10.50 Main pot $7. Side
pot $3. | Rake $0.50", "... | STP €5.00 | Rake €2.50", "... | Rake $7.5 | Jackpot $5"),
the boards, and one line per seat ("Seat 3: name (button) showed [..] and won ($7) with
...", "Seat 2: name folded on the Turn").
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any

from hhtools.grammars import _lines
from hhtools.grammars._lines import _cards, _m, _rule
from hhtools.grammars.pokerstars.plain import add_show, read_summary_seat, read_total
from hhtools.grammars.pokerstars.state import _AMT, _CARDS, _Hand

from hhtools.model.frozen import maker
from hhtools.model.money import Unit
from hhtools.model.records import CashOut, Show, Street
from hhtools.model.vocab import PotPartsBasis, ProblemCode

TOTAL = _rule(
    "total_pot",
    r"Total pot (?P<total>" + _AMT + r")"
    r"(?P<parts>(?: (?:Main pot|Side pot(?:-\d+)?) " + _AMT + r"\.)*)"
    r"(?P<extra>(?: \| [^|]+)*)$",
)
BOARD = _rule("board", r"(?:(?P<which>FIRST|SECOND) )?Board \[(?P<cards>" + _CARDS + r")\]$")
SUMMARY_SEAT = _rule("summary_seat", r"Seat (?P<seat>\d+): (?P<rest>.+)$")

# Summary seat rules: they read what follows "Seat N: <name>" and the position tags.
S_FOLDED = _rule(
    "summary_folded",
    r" folded (?:before (?:the )?Flop|on the (?P<street>Flop|Turn|River))(?P<nobet> \(didn't bet\))?$",
)
#: "collected ($5)"; converted histories write "won (12600)"
S_COLLECTED = _rule("summary_collected", r" (?:collected|won) \((?P<amount>" + _AMT + r")\)$")
S_SHOWED = _rule(
    "summary_showed",
    r" showed \[(?P<cards>" + _CARDS + r")\] and "
    r"(?:won (?P<open>\()?(?P<won>" + _AMT + r")(?(open)\))|lost)(?: with (?P<desc>.*?))?"
    r"(?:, and (?:won (?P<open2>\()?(?P<won2>" + _AMT + r")(?(open2)\))|lost)"
    r"(?: with (?P<desc2>.*?))?)?"
    r"(?P<cashed> \(pot not awarded as player cashed out\)| \(cashed out\)\.?)?$",
)
S_MUCKED = _rule(
    "summary_mucked",
    r" mucked(?: \[(?P<cards>" + _CARDS + r")\]| hand)?"
    r"(?: and (?:lost|won (?P<open>\()?" + _AMT + r"(?(open)\))))?$",
)  # "mucked" (no cards: a hand not shown); Run It Once: "mucked hand and won €0.65"
# a "won (" amount's ")" is required: "won ($4" is a line cut inside it, unread
S_SITTING_OUT = _rule("summary_sitting_out", r" (?:is )?sitting out$")

_SUMMARY_RULES = {
    "folded": S_FOLDED,
    "collected": S_COLLECTED,
    "won": S_COLLECTED,
    "showed": S_SHOWED,
    "mucked": S_MUCKED,
    "is": S_SITTING_OUT,
    "sitting": S_SITTING_OUT,
}

_FOLD_STREETS = {None: Street.PREFLOP, "Flop": Street.FLOP, "Turn": Street.TURN,
                 "River": Street.RIVER}  # fmt: skip
#: A summary segment of money the room added to the pot (splash the pot, cash drop).
_ROOM_ADDED = re.compile(r"\bSTP\b|splash|cash drop|\badded\b", re.IGNORECASE)
#: A summary segment taken for a jackpot or bad-beat fund.
_JACKPOT = re.compile(r"jackpot|\bJP\b|bad.?beat|\bBBJ\b", re.IGNORECASE)
_POT_PART = re.compile(r"(?:Main pot|Side pot(?:-\d+)?) (" + _AMT + r")\.")
_POS_TAGS = (" (button)", " (small blind)", " (big blind)")


#: a summary's shows, built without the class call (:func:`maker`)
_show_of = maker(Show)

def _total(h: _Hand, ln: str, lno: int) -> bool:
    """The "Total pot" line: the total, its parts, and each "| label amount" segment:
    the rake; a splash the pot ("STP", "STP added") is money the room added
    (``room_added``); a jackpot or bad-beat fund ("Jackpot", "JP Fee", "Bad Beat") is
    ``jackpot``; any other named segment ("Bingo", a fee) is a fee. A line read before
    in the hand's unit is applied as read then (:data:`_TOTALS`); one written the plain
    way is read from its text (:func:`~.plain.read_total`)."""
    if h.quick and read_total(h, ln, lno):
        return True
    known = _TOTALS[_lines.FAST][h.units]
    got = known.get(ln)
    if got is not None:
        h.total, known_parts, known_segments = got
        h.total_line = lno
        h.pot_parts.extend(known_parts)
        for kind, value in known_segments:
            _segment(h, kind, value)
        return True
    r = _m(TOTAL, ln)
    if r is None:
        return False
    h.total = total = h.money(r["total"])
    h.total_line = lno
    parts: list[int] = []
    if r["parts"]:
        for a in _POT_PART.findall(r["parts"]):
            parts.append(h.money(a))
            h.pot_parts.append(parts[-1])
    segments: list[tuple[int, int]] = []
    for seg in r["extra"].split(" | ")[1:] if r["extra"] else ():
        label, _, amt = seg.strip().rpartition(" ")
        value = h.money(amt)
        label = label.rstrip(":")
        if label == "Rake":
            kind = _RAKE
        elif label in ("Main pot", "Side pot") or label.startswith("Side pot"):
            kind = _PART
        elif _ROOM_ADDED.search(label) is not None:
            kind = _ROOM
        elif _JACKPOT.search(label) is not None:
            kind = _JACKPOT_FUND
        else:
            kind = _FEE
        _segment(h, kind, value)
        segments.append((kind, value))
    if len(known) >= _SEEN_MAX:
        known.clear()
    known[ln] = (total, tuple(parts), tuple(segments))
    return True


_RAKE, _PART, _ROOM, _JACKPOT_FUND, _FEE = range(5)


def _segment(h: _Hand, kind: int, value: int) -> None:
    """A "| label amount" segment of the total's line, its label read as ``kind``."""
    if kind == _RAKE:
        h.rake = value
    elif kind == _PART:
        h.pot_parts.append(value)
    elif kind == _ROOM:
        h.room_added = (h.room_added or 0) + value
    elif kind == _JACKPOT_FUND:
        h.jackpot += value
    else:
        h.fees += value


def _board(h: _Hand, ln: str, lno: int) -> bool:
    """A summary's "Board [..]" (or "FIRST/SECOND Board [..]") line."""
    if ln.startswith("Board [") and ln.endswith("]") and "]" not in ln[7:-1]:
        which, cards_text = None, ln[7:-1]  # the one board, as BOARD reads it
    else:
        r = _m(BOARD, ln)
        if r is None:
            return False
        which, cards_text = r["which"], r["cards"]
    k = 1 if which == "SECOND" else 0
    cards = _cards(cards_text)
    h.summary_boards[k] = cards
    h.board_line = lno
    if cards != h.street_boards[k]:  # the streets' cards, read again: nothing new
        h.sightings.append((lno, "\x00*" if which is None else f"\x00{k}", cards))
    return True


def _summary_seat(h: _Hand, ln: str, lno: int) -> bool:
    """A summary's "Seat N: <name> ..." line: what it shows, mucks or says of a fold.
    A line read before whose seat holds the same player in this hand reads the same
    (:data:`_LINES`); one written the plain way is read from its text
    (:func:`~.plain.read_summary_seat`)."""
    if h.quick and read_summary_seat(h, ln, lno):
        return True
    fast = _lines.FAST
    got = _LINES[fast].get(ln)
    if got is not None and h.names.get(got[0]) == got[1]:
        player, hit = got[1], got[2]
    else:
        r = _m(SUMMARY_SEAT, ln)
        if r is None:
            return False
        seat_text = r["seat"]
        seat = int(seat_text) if len(seat_text) < 4 else h.number(seat_text, "seat")
        named = h.names.get(seat)
        rest: str = r["rest"]
        if named is None or not rest.startswith(named):
            h.problem(lno, ProblemCode.UNKNOWN_PLAYER,
                      f"summary for seat {seat}, not seated as written", ln)  # fmt: skip
            return True
        player = named
        seen = _SEEN[fast]
        after = rest[len(player) :]
        cached = seen.get(after)
        if cached is None:
            if len(seen) >= _SEEN_MAX:
                seen.clear()
            cached = seen[after] = _kept(_after_name(after))
        hit = cached
        if not hit or (hit[0] != _SHOWED and hit[0] != _MUCKED):  # no cards shown
            lines = _LINES[fast]
            if len(lines) >= _SEEN_MAX:
                lines.clear()
            lines[ln] = (seat, player, hit)
    if not hit:
        return False
    rule, s = hit
    if rule == _SHOWED:
        cards = _cards(s["cards"])
        h.know_cards(player, cards, lno)
        add_show(h, player, cards, s["desc"], 0, lno)
        if s["desc2"] is not None or s["won2"] is not None:
            add_show(h, player, cards, s["desc2"], 1, lno)
        cashed = s["cashed"]
        if cashed is not None and "not awarded" in cashed:
            _forfeit(h, player, s, lno)
    elif rule == _MUCKED and s["cards"] is not None:
        cards = _cards(s["cards"])
        h.know_cards(player, cards, lno)
        h.shows.append(_show_of(player, cards, None, None, True, 0, lno))
    elif rule == _FOLDED and player not in h.folded:  # no fold line in the body
        h.summary_folds.append((player, _FOLD_STREETS[s["street"]], lno))
    return True


def _after_name(rest: str) -> tuple[Any, Any] | tuple[()]:
    """The rule and results of a summary seat line after the player's name: position
    tags (" (button) (small blind)") passed over, the rule by the first word after
    them; ``()`` when no rule reads it."""
    while rest[:2] == " (":  # position tags: " (button) (small blind)"
        for tag in _POS_TAGS:
            if rest.startswith(tag):
                rest = rest[len(tag) :]
                break
        else:
            break
    sp = rest.find(" ", 1)
    rule = _SUMMARY_RULES.get(rest[1:sp] if sp > 0 else rest[1:])
    if rule is None:
        return ()
    s = _m(rule, rest)
    return () if s is None else (rule, s)


#: the summary seat rules by the index :func:`_kept` gives them
_S_RULES = (S_FOLDED, S_COLLECTED, S_SHOWED, S_MUCKED, S_SITTING_OUT)
_FOLDED, _COLLECTED, _SHOWED, _MUCKED, _SITTING_OUT = range(len(_S_RULES))


def _kept(hit: tuple[Any, Any] | tuple[()]) -> tuple[int, dict[str, Any]] | tuple[()]:
    """:func:`_after_name`'s rule and results as they are kept (:data:`_SEEN`,
    :data:`_LINES`): the rule's index in :data:`_S_RULES` and its results by name (what
    each name reads, ``None`` when not matched, as the results read it). Ints, strings
    and ``None`` alone: the garbage collector stops tracking what is kept after its first
    pass (a kept match would be walked again at every full collection)."""
    if not hit:
        return hit
    rule, s = hit
    return _S_RULES.index(rule), {name: s[name] for name in rule.re.groupindex}


#: :func:`_after_name` of the texts met (as :func:`_kept` keeps it), by the line
#: matcher's ``FAST``: a summary line after the name ("  folded before Flop (didn't
#: bet)") reads the same every hand.
_SEEN: dict[bool, dict[str, tuple[int, dict[str, Any]] | tuple[()]]] = {True: {}, False: {}}
_SEEN_MAX = 1 << 14
#: summary seat lines met, by ``FAST``: the line -> ``(seat, player, what follows the
#: name as read)``, for a hand whose seat holds the same player
_LINES: dict[bool, dict[str, tuple[int, str, tuple[int, dict[str, Any]] | tuple[()]]]] = {
    True: {},
    False: {},
}
#: "Total pot" lines read whole, by ``FAST`` and unit: the line -> ``(total, parts,
#: segments)``, each segment ``(kind, amount)`` (:func:`_segment`)
_TotalRead = tuple[int, tuple[int, ...], tuple[tuple[int, int], ...]]
_TOTALS: dict[bool, dict[Unit, dict[str, _TotalRead]]] = {
    fast: {unit: {} for unit in Unit} for fast in (True, False)
}


def _forfeit(h: _Hand, player: str, r: Any, lno: int) -> None:
    """A pot the site kept ("... and won ($25.23) with ... (pot not awarded as player
    cashed out)"): what the player won (both boards' when run twice) goes on their
    cash-out as ``forfeited`` (one without a cash-out line is added, with nothing
    received, on this line). It is not a collect."""
    kept = sum(h.money(w) for w in (r["won"], r["won2"]) if w is not None)
    for k in range(len(h.cash_outs) - 1, -1, -1):
        if h.cash_outs[k].player == player:
            co = h.cash_outs[k]
            h.cash_outs[k] = replace(co, forfeited=co.forfeited + kept)
            return
    h.cash_outs.append(CashOut(player, 0, 0, lno, kept))


def _boards(h: _Hand) -> list[tuple[str, ...]]:
    """The hand's boards (one, or two when run twice; none when no card was dealt):
    the summary's, else the streets'. A summary board that differs from the streets'
    is kept and adds a ``board_mismatch`` problem."""
    boards: list[tuple[str, ...]] = []
    for k in (0, 1):
        sb_k = h.summary_boards[k]
        street_k = h.street_boards[k]
        if k == 1 and sb_k is None and not street_k:
            break
        if sb_k is not None:
            if street_k and street_k != sb_k:
                h.problem(
                    h.board_line, ProblemCode.BOARD_MISMATCH,
                    f"summary board [{' '.join(sb_k)}] differs from the streets' "
                    f"[{' '.join(street_k)}]",
                )  # fmt: skip
            boards.append(sb_k)
        else:
            boards.append(street_k)
    if boards == [()]:
        boards = []
    return boards


def _parts_basis(parts: list[int], total: int, rake: int) -> PotPartsBasis | None:
    """Are the summary's pot parts after rake or before it? PokerStars writes them
    net of rake (they add up to the total less the rake); files converted by other
    apps write them gross (they add up to the total). ``None``: neither, or no parts.

    >>> _parts_basis([95, 40], 140, 5), _parts_basis([100, 40], 140, 5), _parts_basis([], 1, 0)
    (<PotPartsBasis.NET: 'net'>, <PotPartsBasis.GROSS: 'gross'>, None)
    """
    if not parts:
        return None
    if sum(parts) + rake == total:
        return PotPartsBasis.NET
    if sum(parts) == total:
        return PotPartsBasis.GROSS
    return None
