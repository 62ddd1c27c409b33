"""The mucked_winner and holdem_misread_prone checks on the hand-written cases."""

from __future__ import annotations

from hhtools.audit.checks.holdem import holdem_misread_prone
from hhtools.audit.checks.mucked import mucked_winner
from hhtools.audit.context import AuditContext
from hhtools.audit.settle import settle
from hhtools.model.vocab import HandCategory
from hhtools.rules.reading import holdem_category, holdem_reading
from hhtools.ingest.read import parse_path
from tests.conftest import HARD_CASES


def hands() -> dict[str, object]:
    return {r.hand.hand_id: r.hand for r in parse_path(HARD_CASES) if r.hand is not None}


def findings(hand_id: str) -> list[object]:
    hand = hands()[hand_id]
    ctx = AuditContext(hand, settle(hand))  # type: ignore[arg-type]
    return [*holdem_misread_prone(ctx), *mucked_winner(ctx)]


def test_holdem_reading_board_trips() -> None:
    # Js Jd Ad Jh Kc with As 2s 3h Kd: any five make jacks full of aces; with exactly two
    # hole cards (no pair in hand) the best is three jacks.
    h = holdem_reading(("As", "2s", "3h", "Kd"), ("Js", "Jd", "Ad", "Jh", "Kc"))
    assert (str(h.category), set(h.cards)) == ("full house", {"Js", "Jd", "Jh", "As", "Ad"})
    assert holdem_category(("As", "2s", "3h", "Kd"), ("Js", "Jd", "Ad", "Jh", "Kc")) == (
        HandCategory.FULL_HOUSE
    )


def test_holdem_misread_prone_kim() -> None:
    got = [f for f in findings("990000000005") if f.kind == "holdem_misread_prone"]
    assert [(f.player, f.half) for f in got] == [("Kim", "high")]
    assert "full house" in got[0].explanation and "three of a kind" in got[0].explanation
    # Lee's 2c 2d makes a real full house with exactly two hole cards: no finding


def test_mucked_winner_nia() -> None:
    # Nia's Th 9h 4c 4s on Jh 8h 2d 3c Qs: T9 + Q J 8 = a straight, Eight to Queen;
    # Oto shows a pair of aces. The whole pot (60 - 3 rake = 57) was hers.
    got = [f for f in findings("990000000006") if f.kind == "mucked_winner"]
    assert [(f.player, f.pot, f.paid, f.due) for f in got] == [("Nia", 0, 0, 57)]
    assert "Th 9h 4c 4s" in got[0].explanation


def test_no_false_alarms() -> None:
    # hand 1: nobody's hold'em reading is a better category (Alice trips, Bob a pair
    # of nines, Carol trips queens); nobody mucked.
    assert findings("990000000001") == []
    assert findings("990000000004") == []


#: Hardcase VI played hi/lo: Nia's Th 9h 4c As on Jh 8h 2d 3c Qs is the straight Eight
#: to Queen (T9 + Q J 8) and the low 8-4-3-2-A (A4 + 8 3 2), better than Oto's pair of
#: aces and his low 8-5-3-2-A (A5 + 8 3 2); she mucked.
NIA_HI_LO = """\
PokerStars Hand #990000000106:  Omaha Hi/Lo Pot Limit ($0.05/$0.10 USD) - 2024/03/01 20:25:00 CET [2024/03/01 14:25:00 ET]
Table 'Hardcase VI' 6-max Seat #1 is the button
Seat 1: Nia ($10 in chips)
Seat 2: Oto ($10 in chips)
Nia: posts small blind $0.05
Oto: posts big blind $0.10
*** HOLE CARDS ***
Dealt to Nia [Th 9h 4c As]
Nia: calls $0.05
Oto: checks
*** FLOP *** [Jh 8h 2d]
Oto: checks
Nia: checks
*** TURN *** [Jh 8h 2d] [3c]
Oto: checks
Nia: checks
*** RIVER *** [Jh 8h 2d 3c] [Qs]
Oto: bets $0.20
Nia: calls $0.20
*** SHOW DOWN ***
Oto: shows [Ad Ac 6s 5s] (HI: a pair of Aces; LO: 8,5,3,2,A)
Nia: mucks hand
Oto collected $0.57 from pot
*** SUMMARY ***
Total pot $0.60 | Rake $0.03
Board [Jh 8h 2d 3c Qs]
Seat 1: Nia (button) (small blind) mucked [Th 9h 4c As]
Seat 2: Oto (big blind) showed [Ad Ac 6s 5s] and won ($0.57) with HI: a pair of Aces; LO: 8,5,3,2,A
"""


def test_mucked_winner_hi_lo_names_the_high_and_the_low() -> None:
    # the pot after rake, 60 - 3 = 57, is halved: high 29 (the odd cent), low 28; Nia's
    # straight and her low win both halves: 57 due, none paid
    import io

    from hhtools.grammars import pokerstars

    (parsed,) = [pokerstars.FORMAT.parse(ht)
                 for ht in pokerstars.FORMAT.split(io.BytesIO(NIA_HI_LO.encode()), "nia.txt")]  # fmt: skip
    hand = parsed.hand
    got = [f for f in mucked_winner(AuditContext(hand, settle(hand)))]
    assert [(f.player, f.pot, f.paid, f.due) for f in got] == [("Nia", 0, 0, 57)]
    assert got[0].explanation == (
        "Nia mucked Th 9h 4c As at showdown: Qs Jh Th 9h 8h (straight), low 8,4,3,2,A "
        "would have won $0.57 of the main pot"
    )

