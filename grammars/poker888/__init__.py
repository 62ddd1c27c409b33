"""888poker / Pacific Poker hand histories (the "Cassava" network), line by line.

The format::

    #Game No : 385494443
    ***** 888poker Hand History for Game 385494443 *****      (or Cassava, Pacific Poker, 888.es)
    $25/$50 Blinds Pot Limit Omaha - *** 21 08 2015 15:17:55
    Table Helmond 6 Max (Real Money)                          (Practice Play: play chips)
    Seat 2 is the button
    Total number of players : 6
    Seat 1: Ydmgju1 ( $3,000 )
    Xjty posts small blind [$25]
    Ydmgju1 posts dead blind [$25 + $0]                       dead part + live part
    ** Dealing down cards **
    Dealt to Xjty [ 5s, Ad, 8h, 7c ]
    Clexwg1 raises [$125]                                     the amount the player adds
    ** Dealing flop ** [ 7c, Ah, 2c ]
    ** Summary **
    djcywnqj shows [ Qd, Qh, 2d, Jd ]
    (Hi: Jd, Jc, 2d, 2s, Ks)                                  the five cards of the claimed hands
    (Lo: 2s, 4d, 5h, 6c, Ac)
    Wwvyj78 mucks [ 8c, 6d, Jh, 6h ]
    djcywnqj collected [ 238 ]

Quirks read here:

* Amounts: "( 4,202.50 )", "( 1 430 )", "[ 368,55 ]", "25 $/50 $", "15 788,50 $" with a
  no-break space between thousands: thousands by comma or space, decimal comma, the
  currency sign before or after. Practice-play chips have cents ("4,202.50"): they are
  counted in hundredths with currency ``PLAY``. Tournament chips are written with a
  "$" sign; they are whole chips (currency ``CHIPS``).
* Every betting amount (call, bet, raise) is what the player adds; a raise's "to" is
  the player's street total after it. "posts dead blind [$a + $b]": ``a`` is dead (in
  the pot, not toward the call: an ante-like post), ``b`` a live big blind.
* No total pot, no rake line, no uncalled-bet line. The uncalled excess is returned
  (:class:`Returned`, ``inferred``) unless the collected amounts show the site paid it
  in the pot (a walk: "collected [ $100 ]" of 25 + 50 + a dead 25); the rake is what
  was put in less what was collected (0 in tournaments, where a difference is the
  site's own contradiction and the audit reports it).
* Several "collected" lines come main pot first, then the side pots; they are given
  to the pots in that order (each pot takes lines while they fit in it). The site
  takes the rake from the main pot, so with side pots the per-pot sums of the collect
  lines are recorded as net pot parts (``pot_parts_basis`` net). Hi/lo halves are
  not named (``collect_order`` unordered). Nothing follows the last "collected" line:
  a text cut between them (a claim's player paid nothing, a pot with no line, a cash
  pot less than nine tenths paid) is a ``truncated_hand`` (:func:`.ending.wins_cut`).
* Shown hands are described by their five cards, "(Hi: ...)" and "(Lo: ...)": typed
  into ``claimed_high`` (category and ranks) and ``claimed_low``.
* Times: "11 03 2011 15:43:24" (day month year). The site prints no zone, so
  ``time_zone`` and ``started_at_utc`` are ``None``.
* Older files start a hand at the site's header line, with no "#Game No" line above
  it, and may write no "** Dealing down cards **" line. A file may end with a lone
  "#Game No : N" line, the number of the next hand written before it is played: no
  hand (inside a file, such a line is a hand cut short).
* A client in another language writes the ranks in its letters, the suits in English:
  Swedish "Knh" (knekt, jack), "Dd" (dam, queen), "Es" (ess, ace); Dutch "Bh" (boer),
  "Vd" (vrouw), "Hs" (heer). One hand is in one language
  (:func:`~.._lines.localised_cards`).
* "X is sitting out" is applied: not dealt in, unless the player plays.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import BinaryIO

from hhtools.grammars import _kit as k
from hhtools.grammars.poker888.read import SITE, _Hand, hand_id, header_id, lone_number, read_hand


__all__ = ["FORMAT"]

#: the site's header line: "888poker", "888", "Cassava", "Pacific Poker", with a country
#: domain ("888.es", "888poker.es", "888.pt-pt") and the fast-fold or lottery game's
#: name ("Snap Poker", "BLAST") before "Hand History"
_HEADER = re.compile(
    r"\*{4,5} (?:888poker|888|Pacific Poker|Cassava)(?:\.[a-z]{2})?(?:-[a-z]{2})?"
    r" (?:Snap Poker |BLAST )?Hand History for Game \d+"
)
_START = re.compile(r"#Game No : \d+")
#: where the splitter starts a hand: a "#Game No" line, or a header line; a header right
#: after a "#Game No" line is joined to it again (:func:`_split`)
_STARTS = re.compile(_START.pattern + "|" + _HEADER.pattern)
#: 888 writes no blank line inside a hand: text after one is a hand of its own (a
#: damaged "#Game No" line is reported, never read into the hand before). Nor does a
#: hand hold, after its header, a line that starts or ends with four stars ("** Summary
#: **" has two), names "Hand History for Game" or is a "#Game No" line: such a line (a
#: header with a damaged byte, "***** 888poker Hand His#ory for Game 9 *****", written
#: straight after the hand before) starts a hand text too; read into the hand before,
#: it cost that intact hand its record (paid short of its pot, read with the next one's).
#: A line that is the start of a "#Game No" line alone ("#Game ": a hand cut there) too,
#: and one whose "#" is damaged ("?Game No : 700000901", fuzz seed 36).
_END = k.HandEnd("", None, re.compile(
    r"\*{4}|.*\*{4}[^\S\n]*$|.*Hand History for Game|#Game No|[^\n]Game No : \d+[^\S\n]*$"
    r"|#(?:G(?:a(?:m(?:e(?: N?)?)?)?)?)?[^\S\n]*$|#[^\n]{9,10}\d+[^\S\n]*$"), blank=True)


def _recognise(head: str) -> bool:
    """An 888 / Pacific Poker / Cassava file: its "***** ... Hand History for Game" line."""
    return "Hand History for Game" in head and _HEADER.search(head) is not None


def _split(fh: BinaryIO, file: str) -> Iterator[k.HandText]:
    """The hands of a file, one per "#Game No :" line, one per header line written
    without one (older files), and one after blank lines (see
    :func:`grammars._text.iter_hands`). A file that ends with a lone "#Game No : N" line
    ends with the number of a hand not played yet (the site writes it first): no hand.

    A hand starts at its header too (joined to the "#Game No" line right above it), so
    that a hand written with no "#Game No" line right after another hand (no blank line
    between) is never run into the hand before: it was lost with that hand when that
    one's "#Game No" line was damaged (a hand given no record)."""
    last = None
    for hand in k.iter_hands(fh, file, _STARTS, _END):
        if last is not None and last.text.startswith("#") and "\n" not in last.text and (
            hand.line == last.line + 1 and _HEADER.match(k.plain_head(hand.text[:200])) is not None
            and _one_number(last.text, k.plain_head(hand.text[:200]))
        ):  # its "#Game No" line, however damaged (read_hand reports a damaged one); the
            # header matched as the splitter matched it, its spaces plain (no-break ones)
            hand = k.HandText(last.text + "\n" + hand.text, last.file, last.line, last.offset,
                              last.encoding)  # fmt: skip
        elif last is not None:
            yield last
        last = hand
    if last is not None and not lone_number(last.text):
        yield last


def _one_number(game_no: str, header: str) -> bool:
    """Whether a "#Game No" line and the header line after it may be one hand's: the
    same number, or either unread (damaged: :func:`read.read_hand` reports it). Two
    numbers are two hands: a file ending with the next hand's lone number (the site
    writes it first) joined to a file of headers with none ("#Game No : 374770003" then
    "***** 888poker Hand History for Game 700000001 *****") stored the second file's
    first hand under the lone number."""
    a, b = hand_id(game_no), header_id(header)
    return a is None or b is None or a == b


def _parse(h: _Hand, lines: list[str], line: int, text: str, offset: int) -> k.ParsedHand:
    """Read one hand (:func:`read.read_hand`) under the kernel's guard
    (:func:`~hhtools.grammars._hand.reader`);
    its number from its first line as normalised (a trailing no-break space is spacing)."""
    first = lines[0] if lines else ""
    h.hand_id = hand_id(first) or header_id(first)
    return read_hand(h, lines, line, text, offset)


FORMAT = k.site_format(
    SITE, "888poker / Pacific Poker",
    "Omaha, Omaha Hi-Lo (pot limit, no limit, fixed limit), cash, practice play, tournaments",
    _recognise, _split, _parse, hand=_Hand,
    habits=k.Habits(shows_in_order=True),  # the corpus: shows in the order played
)  # fmt: skip
