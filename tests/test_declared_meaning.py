"""Declared hands are compared by meaning, on the board they belong to (issue 27, item 5).

A site's words for a shown hand are typed into a category and the ranks they name
(:func:`hhtools.grammars._english.read_high`, the sites' own readers), and the audit's
``declared_misread`` asks whether that claim fits the rules' reading
(:meth:`ClaimedHigh.fits`), never whether two texts are equal. Every expected value
below is worked out by hand from the cards.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from hhtools.audit import audit_hand
from hhtools.grammars._english import read_high, read_low
from hhtools.ingest.read import parse_path
from hhtools.model.records import ClaimedHigh, HandHistory
from hhtools.model.vocab import FindingKind, HandCategory

FIX = Path(__file__).parent / "fixtures"
SF, QUADS, FULL = HandCategory.STRAIGHT_FLUSH, HandCategory.FOUR_OF_A_KIND, HandCategory.FULL_HOUSE
FLUSH, STRAIGHT, TRIPS = HandCategory.FLUSH, HandCategory.STRAIGHT, HandCategory.THREE_OF_A_KIND
TWO, PAIR, HIGH = HandCategory.TWO_PAIR, HandCategory.ONE_PAIR, HandCategory.HIGH_CARD


def _hands(rel: str) -> list[HandHistory]:
    out = [r.hand for r in parse_path([FIX / rel]) if r.hand is not None]
    assert out, f"no hand read from {rel}"
    return out


def _declared(hand: HandHistory) -> list[tuple[str, int]]:
    """(player, board) of every declared_misread finding on the hand."""
    return [(f.player, f.board) for f in audit_hand(hand).findings
            if f.kind is FindingKind.DECLARED_MISREAD]  # fmt: skip


@pytest.mark.parametrize(("words", "category", "ranks"), [
    # straights: named from either end, by the top card, or by a "-High" word
    ("a straight, Nine to King", STRAIGHT, (13,)),
    ("a straight, Eight to Four", STRAIGHT, (8,)),       # 4-5-6-7-8: top 8
    ("a straight, Ace to Ten", STRAIGHT, (14,)),         # T-J-Q-K-A
    ("a straight, Ace to Five", STRAIGHT, (5,)),         # the wheel: five high
    ("a straight, Five to Ace", STRAIGHT, (5,)),
    ("a straight, Queen high", STRAIGHT, (12,)),
    ("Jacks-High Straight", STRAIGHT, (11,)),
    ("a straight flush, Seven to Three", SF, (7,)),
    ("a Royal Flush", SF, (14,)),
    ("Royal Straight Flush", SF, (14,)),
    ("a straight, Nine to Six", STRAIGHT, (9, 6)),       # no straight has these ends
    # pairs, two pairs (pairs high first), trips, quads
    ("a pair of Sevens", PAIR, (7,)),
    ("Pair of Kings", PAIR, (13,)),
    ("One pair", PAIR, ()),
    ("One Pair: 3s", PAIR, (3,)),
    ("two pair, Aces and Fives - King kicker", TWO, (14, 5)),
    ("two pairs, Tens and Twos", TWO, (10, 2)),
    ("Pair of Aces and Pair of Jacks", TWO, (14, 11)),
    ("Two Pairs T 5 and Q", TWO, (10, 5, 12)),           # pairs T and 5, Queen kicker
    ("three of a kind, Deuces", TRIPS, (2,)),
    ("trips, Kings", TRIPS, (13,)),
    ("a set of Nines", TRIPS, (9,)),
    ("Three Treys", TRIPS, (3,)),
    ("Three of Kind T's and 9 7", TRIPS, (10, 9, 7)),
    ("four of a kind, Fours", QUADS, (4,)),
    # full houses: trips first
    ("a full house, Jacks full of Sevens - lower kicker", FULL, (11, 7)),
    ("Fives Full over Nines", FULL, (5, 9)),
    ("Full House J's and A's", FULL, (11, 14)),
    ("Full House - Eights over Threes", FULL, (8, 3)),
    ("Full House", FULL, ()),
    # flushes and high cards: as many ranks as the words name
    ("a flush, Ace high", FLUSH, (14,)),
    ("a flush Ace high", FLUSH, (14,)),
    ("a flush, Jack high - lower cards", FLUSH, (11,)),
    ("Ace High Flush", FLUSH, (14,)),
    ("Flush A K 9 7 2", FLUSH, (14, 13, 9, 7, 2)),
    ("Flush [Ah Kh 9h 7h 2h]", FLUSH, (14, 13, 9, 7, 2)),
    ("Full House [As Ad Js Jh Jc]", FULL, (11, 14)),     # three Jacks, two Aces
    ("Two Pairs [Qd Ts Tc 5d 5c]", TWO, (10, 5, 12)),
    ("high card Ace", HIGH, (14,)),
    ("Ace King high", HIGH, (14, 13)),
    ("Queen-High", HIGH, (12,)),
    ("High Card, Ace +KQT8", HIGH, (14, 13, 12, 10, 8)),
])  # fmt: skip
def test_words_are_read_by_meaning(words: str, category: HandCategory, ranks: tuple) -> None:
    assert read_high(words) == ClaimedHigh(category, ranks)


@pytest.mark.parametrize("words", ["", "wins the pot", "a straight, Nine to Foo",
                                   "a pair of Aces, for high and 8,7,5,2,A, for low"])
def test_words_not_known_make_no_claim(words: str) -> None:
    assert read_high(words) is None


@pytest.mark.parametrize(("words", "ranks"), [
    ("6,5,4,2,A", (6, 5, 4, 2, 1)), ("Lo: 2 3 4 5 8", (8, 5, 4, 3, 2)),
    ("7-5-4-3-A", (7, 5, 4, 3, 1)), ("8-low", (8,)), ("8 low", (8,)),
    # fewer than five ranks with commas: the low's first cards, compared on those
    ("8,5,4,3", (8, 5, 4, 3)), ("4,3,2,A", (4, 3, 2, 1)),
    ("A,A,2,3,4", None), ("8", None), ("8,8,4,3", None),
])  # fmt: skip
def test_lows_are_read_by_meaning(words: str, ranks: tuple | None) -> None:
    assert read_low(words) == ranks


def test_a_claim_fits_the_hand_it_names() -> None:
    # 9d 8h 7h 6d 5s: a straight, nine high, read from either end
    straight = ClaimedHigh.of_cards(STRAIGHT, ("9d", "8h", "7h", "6d", "5s"))
    assert straight == ClaimedHigh(STRAIGHT, (9,))
    assert read_high("a straight, Nine to Five").fits(straight)
    assert read_high("a straight, Five to Nine").fits(straight)
    assert not read_high("a straight, Nine to Six").fits(straight)  # not its ends
    assert not read_high("a straight, Ten to Six").fits(straight)
    # Ks Kd 5c 5h Qs: two pair, Kings and Fives, Queen kicker
    two = ClaimedHigh.of_cards(TWO, ("5c", "Ks", "Qs", "5h", "Kd"))
    assert two.ranks == (13, 5, 12)
    assert read_high("Two pair").fits(two) and read_high("two pair, Kings and Fives").fits(two)
    assert not read_high("two pair, Kings and Queens").fits(two)
    assert not read_high("a pair of Kings").fits(two)


def test_ggpoker_straights_named_top_card_first() -> None:
    """corpus2's GGPoker file gave two false findings of this kind."""
    quillan_won, ondine_won = _hands("ggpoker/straight_named_top_card_first.txt")
    claims = {(s.player, s.line): s.claimed_high for s in quillan_won.shows if s.description}
    # Ks 6d 5h Jh on 3c 8c Jd 7h 4d: 6d 5h + 8c 7h 4d, 4-5-6-7-8; Ondine's
    # 2s Qc 6s As: As Qc + Jd 8c 7h, Ace high
    for line in (24, 33):  # the show line and the summary's
        assert claims[("Quillan", line)] == ClaimedHigh(STRAIGHT, (8,))
    assert claims[("Ondine", 31)] == ClaimedHigh(HIGH, (14,))
    assert _declared(quillan_won) == []
    # Ad Th 6c Qc on 3h Kc Jh 9c Ac: 6c Qc + Kc 9c Ac, an Ace-high flush; Quillan's
    # 6h Tc Ts Qh: Tc Qh + Ac Kc Jh, the straight Ten to Ace
    summary = {s.player: s.claimed_high for s in ondine_won.shows if s.line > 62}
    assert summary == {"Ondine": ClaimedHigh(FLUSH, (14,)), "Quillan": ClaimedHigh(STRAIGHT, (14,))}
    assert _declared(ondine_won) == []


def test_fulltilt_for_high_and_for_low() -> None:
    (hand,) = _hands("fulltilt/hilo_show_for_high_and_for_low.txt")
    body = {s.player: s for s in hand.shows if s.line < 28}
    # Sorrel 9c Qh Ah Js on 2h 3c Jh Kh 8d: Ah Qh + Kh Jh 2h, flush Ace high, no low
    assert body["Sorrel"].claimed_high == ClaimedHigh(FLUSH, (14,))
    assert body["Sorrel"].claimed_low is None
    # Rowan 5d 3h 4c Kd: Kd 3h + Kh 3c Jh, Kings and Threes; low 5d 4c + 8d 3c 2h
    assert body["Rowan"].claimed_high == ClaimedHigh(TWO, (13, 3))
    assert body["Rowan"].claimed_low == (8, 5, 4, 3, 2)
    assert _declared(hand) == []


def test_winamax_low_named_by_its_top_card() -> None:
    (hand,) = _hands("winamax/low_named_by_top_card.txt")
    zoltan = next(s for s in hand.shows if s.player == "Zoltan")
    # 4d 9h 7h 2s on Ac 5s 4h 5d Qc: low 7h 2s + Ac 5s 4h = 7-5-4-2-A, top card 7
    assert zoltan.claimed_low == (7,)
    assert zoltan.claimed_high == ClaimedHigh(TWO, (5, 4))
    assert _declared(hand) == []
    # the same words on a low whose top card is 8 would be a misread
    wrong = replace(hand, shows=tuple(replace(s, claimed_low=(8,)) if s.player == "Zoltan" else s
                                      for s in hand.shows))  # fmt: skip
    assert _declared(wrong) == [("Zoltan", 0)]


def test_bovada_royal_straight_flush() -> None:
    (hand,) = _hands("bovada/royal_straight_flush_named.txt")
    # UTG Ac Ts 7s Jc on Kc Tc Qc Qd 8h: Ac Jc + Kc Qc Tc, the royal flush;
    # UTG+1 Jh Ah As 6c: As Jh + Kc Qc Tc, the straight Ten to Ace
    claims = {s.player: s.claimed_high for s in hand.shows}
    assert claims == {"UTG": ClaimedHigh(SF, (14,)), "UTG+1": ClaimedHigh(STRAIGHT, (14,))}
    assert _declared(hand) == []


def test_each_board_is_judged_by_its_own_declaration() -> None:
    (hand,) = _hands("fulltilt/run_it_twice_second_board_misdeclared.txt")
    # Ulric Tc 9c 7h 6h. Board 1 Jc 8d 2s 5h Kd: Tc 9c + Kd Jc 8d, high card King, as
    # declared. Board 2 Jc 8d 2s Qc Ts: Tc 9c + Qc Jc 8d makes the straight Eight to
    # Queen, but the site says "a straight, Jack high": one finding, on board 2 only,
    # on the line of the second showdown. Verity's three Jacks are right on both boards.
    assert _declared(hand) == [("Ulric", 1)]
    lines = [f.line for f in audit_hand(hand).findings if f.kind is FindingKind.DECLARED_MISREAD]
    assert lines == [30]


def test_one_declaration_for_two_boards_is_not_compared() -> None:
    """A site that wrote one declaration for a hand run twice names no board: it is not
    compared with either (never with every board)."""
    (hand,) = _hands("fulltilt/run_it_twice_second_board_misdeclared.txt")
    first_only = replace(hand, shows=tuple(s for s in hand.shows if s.board == 0))
    # Ulric's one "high card King" would be false on board 2 (a straight there)
    assert _declared(first_only) == []


@pytest.mark.parametrize(("hole", "board", "category", "ranks"), [
    ("Kd Kc 7s 2h", "Ks 7d 7c 3h 9s", FULL, (13, 7)),  # K K K 7 7
    ("Ah 2c Qs Qd", "3s 4d 5c Kh 9s", STRAIGHT, (5,)),  # the wheel, 5-4-3-2-A: five high
    ("9h 8h 2c 2d", "7h 6h 5h Ks Kd", SF, (9,)),  # 9h-8h-7h-6h-5h
    ("Ks 5c 4d 3h", "Kd 5h Qs 2c 8d", TWO, (13, 5, 12)),  # K K 5 5 and a queen: kings up
    ("Ah Jh 4c 3c", "Kh 9h 2h 7s 8d", FLUSH, (14, 13, 11, 9, 2)),  # A K J 9 2 of hearts, high first
    ("Qc Qd 9s 8s", "Qh 4d 2c 7h 3s", TRIPS, (12, 7, 4)),  # Q Q Q (both queens in hand), the board's 7 and 4
])
def test_rules_key_is_the_cards_key(hole: str, board: str, category: HandCategory,
                                    ranks: tuple[int, ...]) -> None:  # fmt: skip
    """The check's key of the rules' reading, read from its value (``rules_key``), is the
    key of its five cards (:meth:`ClaimedHigh.of_cards`): worked by hand from the cards,
    a flush's ranks high to low (its five cards read so)."""
    from hhtools.audit.checks.declared import rules_key
    from hhtools.rules.evaluator import best_high

    high = best_high(hole, board)
    assert high.category is category
    assert rules_key(high) == ClaimedHigh(category, ranks)
    assert ClaimedHigh.of_cards(high.category, high.cards) == ClaimedHigh(category, ranks)


def test_rules_key_agrees_with_the_cards_on_random_deals() -> None:
    """Over 3,000 random Omaha deals (4 to 6 hole cards, a narrow deck half the time, so
    that every category comes up), the key read from the value is the cards' key."""
    import random

    from hhtools.audit.checks.declared import rules_key
    from hhtools.model.cards import card_str
    from hhtools.rules.evaluator import best_high

    rnd, seen = random.Random(28), set()
    for _ in range(3000):
        ranks = rnd.sample(range(13), rnd.randint(5, 13)) if rnd.random() < 0.5 else range(13)
        suits = rnd.sample(range(4), rnd.randint(2, 4)) if rnd.random() < 0.5 else range(4)
        deck = [r * 4 + s for r in ranks for s in suits]
        k = rnd.choice((4, 5, 6))
        if len(deck) < k + 5:
            continue
        cards = [card_str(c) for c in rnd.sample(deck, k + 5)]
        high = best_high(cards[:k], cards[k:])
        assert rules_key(high) == ClaimedHigh.of_cards(high.category, high.cards), cards
        seen.add(high.category)
    assert seen == set(HandCategory)
