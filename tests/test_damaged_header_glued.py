"""A hand's header with a damaged byte, written straight after the hand before (no
blank line between: a file cut and joined, an old 888 file whose hands have no "#Game
No" line), was read into that intact hand: 888poker and Cake start a hand at a header
only, so the damaged one and the lines after it went into the hand before, which was
stored read in part with the next hand's money (888: its "collected" twice and two false
``procedure_order`` findings; Cake: another player's win, the button moved). Now such a
line ends the hand before (888: a line starting or ending with four stars or naming
"Hand History for Game"; Cake: a line with two " -- ", the header's parts): the damaged
header is its own ``bad_header`` and the hands around it read whole.

Fixtures (``tests/fixtures/<site>/damaged/header_damaged_byte_glued_to_the_hand_before.txt``),
worked by hand:

* 888poker, lines 1-31: Nils calls $0.25, Olga completes, Mira checks ($0.75); Nils bets
  $0.50 on the flop, Olga folds, Mira calls ($1.75); Nils's Kings beat Mira's Queens,
  "Nils collected [ $1.66 ]" (rake $0.09). Line 32 "***** 888poker Hand His#ory for Game
  700000602 *****". Hand 700000603 (line 50): a walk, Olga collects $0.35 (both blinds).
* Cake, lines 1-20: Rosa calls $0,25, Odile completes, Piet checks ($0,75); Piet's flop
  bet of $0,75 goes back; "Piet wins $0,71" (rake $0,04). Line 21 "Hxnd#2900000000000602
  ...". Hand 2900000000000603 (line 37): Odile's big blind, $0,15 of it returned, wins
  $0,20.
"""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from hhtools.audit import audit_hand
from hhtools.grammars import get
from hhtools.model.vocab import ProblemCode

FIX = Path(__file__).parent / "fixtures"
NAME = "header_damaged_byte_glued_to_the_hand_before.txt"
#: (site, fixture) -> (first hand's id, its collects and rake; the damaged header's
#: line; the last hand's line, id and collects)
CASES = {
    ("888poker", NAME): ("700000601", [("Nils", 166)], 9, 32, 50, "700000603", [("Olga", 35)]),
    # the first fixture's first two hands again, each from its "#Game No" line, the
    # second's "#" damaged ("?Game No : 700000952", line 33, fuzz seed 36: it had been
    # read into 700000951 as an unread line); the second hand a walk, Nils $0.35
    ("888poker", "game_no_line_first_byte_damaged_after_a_hand.txt"): (
        "700000951", [("Nils", 166)], 9, 33, 34, "700000952", [("Nils", 35)]),
    # the first fixture's hands again, the next one's "#Game No" line cut to "#Game "
    # (line 33), its header glued (old files) after the hand before
    ("888poker", "next_hand_cut_inside_its_game_no_line.txt"): (
        "700000911", [("Nils", 166)], 9, 33, 34, "700000913", [("Olga", 35)]),
    ("cake", NAME): ("2900000000000601", [("Piet", 71)], 4, 21, 37, "2900000000000603",
                     [("Odile", 20)]),
    # a headerless hand's seat lines after a Bovada summary (tests/test_bovada_summary_end.py)
    ("bovada", "seat_lines_of_a_headerless_hand_after_the_summary.txt"): (
        "3300000101", [("Big Blind", 33)], 2, 36, 57, "3300000103", [("Big Blind", 4)]),
    # PokerTracker: a damaged Merge header after blank lines, a damaged "Game ID" one
    # glued after a Merge hand (tests/test_pokertracker_damaged_headers.py)
    ("pokertracker", "merge_header_damaged_byte_after_blank_lines.txt"): (
        "80400001-1", [("Eva", 86)], 4, 27, 45, "80400001-3", [("Eva", 29)]),
    ("pokertracker", "game_id_header_damaged_glued_after_a_merge_hand.txt"): (
        "80400002-1", [("Hal", 19)], 1, 17, 40, "4908900002", [("Hero", 100)]),
    # Everleaf: a hand cut inside its header ("Everleaf Gaming Gam", line 24), the next
    # written after it: Cy's flop bet goes back, he wins $1.43 of $1.50; Ann the same
    ("everleaf", "header_cut_short_before_the_next_header.txt"): (
        "500000901", [("Cy", 143)], 7, 24, 25, "500000903", [("Ann", 143)]),
    # Entraction: "Game # 52000009x2 - ..." (line 30) straight after the hand's "Game
    # ended" line; each hand $0.60, the flop bet paid back, $0.57 won (rake $0.03)
    ("entraction", "header_damaged_byte_after_game_ended.txt"): (
        "5200000901", [("Cleo", 57)], 3, 30, 61, "5200000903", [("Bert", 57)]),
    # WPN (fuzz seed 19): a tournament's "Game Hand #" header with its first byte lost
    # (" ame Hand #2700000902 - ...", line 26) straight after a hand: it still holds
    # "Hand #N - " after other text, which had kept it (and its hand: Ben's 250.00) in
    # 2700000901. Ann's flop bet goes back: 50 + 300 + 300 = 650.00, no rake; then Ann's
    # straight 8-7-6-5-4 over Ben's Kings: 100 + 100 + 200 + 200 = 600.00
    ("winning", "tournament_header_first_byte_damaged_after_a_hand.txt"): (
        "2700000901", [("Ann", 650)], 0, 26, 46, "2700000903", [("Ann", 600)]),
    # WPN: a header cut short ("Hand #8100090", line 26), the next hand's header after
    # it; $0.25 + $1.75 + $1.75 less $0.18 rake = $3.57; then Ann's $1.00 (both blinds)
    ("winning", "header_cut_short_before_the_next_header.txt"): (
        "81000901", [("Ann", 357)], 18, 26, 27, "81000903", [("Ann", 100)]),
    # WPN: the next hand's header line lost after a blank line ("Cedar Lake 6-max Seat #2
    # is the button", line 26, then that hand whole): it had all gone into 81000901,
    # read in part with Bob's $3.57 as a second collect. Hands as in the fixture above
    ("winning", "header_line_lost_after_a_hand.txt"): (
        "81000901", [("Ann", 357)], 18, 26, 50, "81000903", [("Ann", 100)]),
    # Enet (fuzz seed 25: 900006 had been read in part with 900002's seats and money):
    # "Game X900902: ..." (line 36) straight after a hand; each hand three calls of
    # 0,25 checked down, 0,75 less "Rake: 0,03" = 0,72 to the three of a kind
    ("enet", "header_damaged_byte_glued_after_a_hand.txt"): (
        "900901", [("Ana", 72)], 3, 36, 72, "900903", [("Cid", 72)]),
    # Absolute (fuzz seed 28: 2000000301 had been read with the next hand's pots and
    # board): "St>ge #2000000902: ..." (line 33) straight after a hand; each hand
    # $0.25 + $1.75 + $1.75 + $3.75 + $3.75 = $11.25 less $0.50 rake: Ada $10.75
    ("absolute", "header_damaged_byte_glued_after_a_hand.txt"): (
        "2000000901", [("Ada", 1075)], 50, 33, 66, "2000000903", [("Ada", 1075)]),
}  # fmt: skip


@pytest.mark.parametrize(("site", "name"), sorted(CASES))
def test_a_damaged_header_is_no_line_of_the_hand_before(site: str, name: str) -> None:
    first_id, first_paid, rake, bad_line, last_line, last_id, last_paid = CASES[site, name]
    fmt = get(site)
    data = (FIX / site / "damaged" / name).read_bytes()
    rs = [fmt.parse(ht) for ht in fmt.split(io.BytesIO(data), name)]
    assert [r.hand_id for r in rs] == [first_id, None, last_id]
    first, bad, last = rs
    assert first.hand is not None and first.problems == ()
    assert [(c.player, c.amount) for c in first.hand.collects] == first_paid
    assert first.hand.rake == rake
    assert audit_hand(first.hand).findings == ()
    assert bad.hand is None
    assert [(p.line, p.code) for p in bad.problems] == [(bad_line, ProblemCode.BAD_HEADER)]
    assert last.hand is not None and last.problems == () and last.hand.line == last_line
    assert [(c.player, c.amount) for c in last.hand.collects] == last_paid


def test_888_lone_number_is_not_the_next_files_first_hand() -> None:
    """``888poker/damaged/lone_game_no_joined_to_the_next_files_header.txt``: a file
    ending with the next hand's lone number ("#Game No : 700000702", line 33: the site
    writes it before the hand is played) joined to a file whose hands have no "#Game
    No" line (its first header, line 34, names hand 700000801). The lone line was joined
    to that header: hand 700000801 stored as 700000702. Now a "#Game No" line and a
    header naming two numbers are two texts: the lone line a hand cut short, 700000801
    whole under its own number (each hand as the first fixture's first: Nils $1.66)."""
    fmt = get("888poker")
    name = "lone_game_no_joined_to_the_next_files_header.txt"
    data = (FIX / "888poker" / "damaged" / name).read_bytes()
    rs = [fmt.parse(ht) for ht in fmt.split(io.BytesIO(data), name)]
    assert [(r.hand_id, r.hand is not None) for r in rs] == [
        ("700000701", True), ("700000702", False), ("700000801", True)]  # fmt: skip
    assert [(p.line, p.code) for p in rs[1].problems] == [(33, ProblemCode.TRUNCATED_HAND)]
    for r, line in ((rs[0], 1), (rs[2], 34)):
        assert r.problems == () and r.hand is not None and r.hand.line == line
        assert [(c.player, c.amount) for c in r.hand.collects] == [("Nils", 166)]


#: site -> (the skipped Hold'em hand's problem line, the damaged header's line; the last
#: hand's id and line, its collects, returns and rake)
AFTER_HOLDEM = {
    "bovada": (1, 16, "3300000003", 33, [("Big Blind", 4)], [("Big Blind", 3)], 0),
    "ongame": (3, 22, "R5-91000002-5", 47, [("Wessel", 38)], [("Wessel", 10)], 2),
}


@pytest.mark.parametrize("site", sorted(AFTER_HOLDEM))
def test_a_damaged_header_after_a_skipped_holdem_hand(site: str) -> None:
    """``<site>/damaged/header_damaged_byte_after_a_holdem_hand.txt``: a Hold'em hand
    (skipped), an Omaha hand whose header has a damaged byte, then an intact Omaha
    hand. The damaged hand's lines went into the Hold'em text, lost with it: an Omaha
    hand gone with no word but "not an Omaha game".

    Bovada: the damaged header "Bovada Hxnd #3300000002 TBL#9300002 ..." (line 16)
    right after the Hold'em summary; now a line naming "Hand #" or "TBL#" ends a hand.
    The last hand (line 33): a walk, the big blind's $0.03 over the small blind
    returned, "Hand result $0.04", no rake.

    OnGame: "***** History for hxnd R5-91000002-4 *****" (line 22) right after the
    Hold'em hand's "***** End of hand" line; nothing follows that line in OnGame's files
    but the next header, so now a line after it starts a hand text. The last hand (line
    47): Wessel raises to $0.20, Zora calls ($0.40), his $0.10 flop bet goes back; "won
    by Wessel ($0.38)", rake $0.02."""
    holdem, bad, last_id, line, paid, back, rake = AFTER_HOLDEM[site]
    fmt = get(site)
    name = "header_damaged_byte_after_a_holdem_hand.txt"
    data = (FIX / site / "damaged" / name).read_bytes()
    rs = [fmt.parse(ht) for ht in fmt.split(io.BytesIO(data), name)]
    assert [[(p.line, p.code) for p in r.problems] for r in rs] == [
        [(holdem, ProblemCode.SKIPPED_GAME)], [(bad, ProblemCode.BAD_HEADER)], []]  # fmt: skip
    last = rs[2].hand
    assert last is not None and last.hand_id == last_id and last.line == line
    assert [(c.player, c.amount) for c in last.collects] == paid
    assert [(x.player, x.amount) for x in last.returned] == back
    assert last.rake == rake


@pytest.mark.parametrize(("site", "name"), sorted(CASES))
def test_the_line_reader_cuts_alike(site: str, name: str) -> None:
    """The same file in UTF-16 (read line by line, not by blocks): the same texts."""
    fmt = get(site)
    data = (FIX / site / "damaged" / name).read_bytes()
    wide = b"\xff\xfe" + data.decode("utf-8").encode("utf-16-le")
    fast = [(h.line, h.text) for h in fmt.split(io.BytesIO(data), name)]
    assert [(h.line, h.text) for h in fmt.split(io.BytesIO(wide), name)] == fast


def test_wpn_header_line_lost_straight_after_a_summary() -> None:
    """``winning/damaged/header_line_lost_after_a_hand.txt`` without its blank line 25:
    the table line (now line 25) straight after 81000901's last summary seat line (fuzz
    seed 37, a tournament hand). The seat line had been cut off with the table line as
    the lost header's: 81000901 read "cut short" (its summary short of a seat). Now the
    table line starts the damaged text: 81000901 whole, the next hand on line 49."""
    fmt = get("winning")
    data = (FIX / "winning" / "damaged" / "header_line_lost_after_a_hand.txt").read_bytes()
    glued = data.replace(b"the Flop\n\nCedar Lake", b"the Flop\nCedar Lake", 1)
    assert glued != data
    rs = [fmt.parse(ht) for ht in fmt.split(io.BytesIO(glued), "w.txt")]
    assert [r.hand_id for r in rs] == ["81000901", None, "81000903"]
    assert rs[0].problems == () and rs[0].hand is not None
    assert [(c.player, c.amount) for c in rs[0].hand.collects] == [("Ann", 357)]
    assert [(p.line, p.code) for p in rs[1].problems] == [(25, ProblemCode.BAD_HEADER)]
    assert rs[2].problems == () and rs[2].hand is not None and rs[2].hand.line == 49
