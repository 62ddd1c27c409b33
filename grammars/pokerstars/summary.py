"""The summary of a PokerStars hand (after "*** SUMMARY ***"): the total pot, its parts
and the rake ("Total pot $10.50 Main pot $7. Side pot $3. | Rake $0.50"), the boards,
and one line per seat ("Seat 3: name (button) showed [..] and won ($7) with ...").
"""

from __future__ import annotations

import re

from hhtools.grammars._english import read_high, read_low
from hhtools.grammars._lines import _cards, _m, _rule
from hhtools.grammars.pokerstars.state import _AMT, _CARDS, _Hand
from hhtools.model.records import Show
from hhtools.model.vocab import PotPartsBasis

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
S_COLLECTED = _rule("summary_collected", r" collected \((?P<amount>" + _AMT + r")\)$")
S_SHOWED = _rule(
    "summary_showed",
    r" showed \[(?P<cards>" + _CARDS + r")\] and "
    r"(?:won \(?(?P<won>" + _AMT + r")\)?|lost)(?: with (?P<desc>.*?))?"
    r"(?:, and (?:won \(?(?P<won2>" + _AMT + r")\)?|lost)(?: with (?P<desc2>.*?))?)?"
    r"(?P<cashed> \(pot not awarded as player cashed out\)| \(cashed out\)\.?)?$",
)
S_MUCKED = _rule("summary_mucked", r" mucked \[(?P<cards>" + _CARDS + r")\](?: and lost)?$")
S_SITTING_OUT = _rule("summary_sitting_out", r" (?:is )?sitting out$")

_SUMMARY_RULES = {
    "folded": S_FOLDED,
    "collected": S_COLLECTED,
    "showed": S_SHOWED,
    "mucked": S_MUCKED,
    "is": S_SITTING_OUT,
    "sitting": S_SITTING_OUT,
}

_POT_PART = re.compile(r"(?:Main pot|Side pot(?:-\d+)?) (" + _AMT + r")\.")
_POS_TAGS = (" (button)", " (small blind)", " (big blind)")


def _split_desc(desc: str | None) -> tuple[str | None, str | None]:
    """``"HI: a pair; LO: 8,6,4,2,A"`` -> ``("a pair", "8,6,4,2,A")``."""
    if desc is None:
        return None, None
    if not desc.startswith(("HI:", "LO:")):
        return desc, None
    hi = lo = None
    for part in desc.split("; "):
        if part.startswith("HI: "):
            hi = part[4:]
        elif part.startswith("LO: "):
            lo = part[4:]
        elif hi is not None:
            hi += "; " + part
    return hi, lo


def _total(h: _Hand, ln: str, lno: int) -> bool:
    r = _m(TOTAL, ln)
    if r is None:
        return False
    h.total_pot = h.money(r["total"])
    h.total_line = lno
    if r["parts"]:
        h.pot_parts.extend(h.money(a) for a in _POT_PART.findall(r["parts"]))
    for seg in r["extra"].split(" | ")[1:] if r["extra"] else ():
        label, _, amt = seg.strip().rpartition(" ")
        value = h.money(amt)
        if label == "Rake":
            h.rake = value
        elif label in ("Main pot", "Side pot") or label.startswith("Side pot"):
            h.pot_parts.append(value)
        else:
            h.fees += value
    return True


def _board(h: _Hand, ln: str, lno: int) -> bool:
    """A summary's "Board [..]" (or "FIRST/SECOND Board [..]") line."""
    r = _m(BOARD, ln)
    if r is None:
        return False
    k = 1 if r["which"] == "SECOND" else 0
    h.summary_boards[k] = _cards(r["cards"])
    h.board_line = lno
    return True


def _summary_seat(h: _Hand, ln: str, lno: int) -> bool:
    r = _m(SUMMARY_SEAT, ln)
    if r is None:
        return False
    seat = int(r["seat"])
    player = h.names.get(seat)
    rest: str = r["rest"]
    if player is None or not rest.startswith(player):
        h.problem(lno, "unknown_player", f"summary for seat {seat}, not seated as written", ln)
        return True
    rest = rest[len(player) :]
    moved = True
    while moved:
        moved = False
        for tag in _POS_TAGS:
            if rest.startswith(tag):
                rest = rest[len(tag) :]
                moved = True
    key = rest[1:].split(" ", 1)[0]
    rule = _SUMMARY_RULES.get(key)
    if rule is None:
        return False
    s = _m(rule, rest)
    if s is None:
        return False
    if rule is S_SHOWED:
        cards = _cards(s["cards"])
        h.know_cards(player, cards)
        hi, lo = _split_desc(s["desc"])
        h.shows.append(Show(player, cards, hi, lo, False, 0, lno, read_high(hi), read_low(lo)))
        if s["desc2"] is not None or s["won2"] is not None:
            hi2, lo2 = _split_desc(s["desc2"])
            h.shows.append(Show(player, cards, hi2, lo2, False, 1, lno, read_high(hi2), read_low(lo2)))
    elif rule is S_MUCKED:
        cards = _cards(s["cards"])
        h.know_cards(player, cards)
        h.shows.append(Show(player, cards, None, None, True, 0, lno))
    return True


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
                    h.board_line, "board_mismatch",
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
