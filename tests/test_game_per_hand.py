"""Each hand carries its own game: Binglao, two and seven hole cards, the 9 qualifier.

Seed 002 (Binglao): "Before each deal the player holding the dealer button rolls a
6-sided die. The result of the roll determines how many private cards will be dealt to
each player and whether the game will be High or High-Low 8 or Better." A header that
names the hand's game inside the rotation's brackets ("Binglao (5 Card Omaha Hi/Lo Pot
Limit, 10/20)") is read hand by hand. A home game that prints "9 or Better" plays its
low with a 9 qualifier. Every amount below is worked out by hand from the fixture lines.
"""

from __future__ import annotations

from pathlib import Path

import duckdb
import pytest

from hhtools.audit import audit_hand
from hhtools.grammars import pokerstars
from hhtools.grammars.pokerstars.header import GAME_NAME
from hhtools.grammars._lines import _m
from hhtools.model.records import Variant
from hhtools.model.vocab import FindingKind
from hhtools.store.importer import import_paths

FIX = Path(__file__).parent / "fixtures" / "pokerstars"
MONEY = {FindingKind.AWARD_MISMATCH, FindingKind.CHIP_IMBALANCE, FindingKind.DECLARED_MISREAD}


def _parse(name: str, text: str | None = None) -> list:
    import io

    data = text.encode() if text is not None else (FIX / name).read_bytes()
    return [pokerstars.FORMAT.parse(ht) for ht in pokerstars.FORMAT.split(io.BytesIO(data), name)]


def _kinds(hand) -> set:
    res = audit_hand(hand)
    return {f.kind for f in getattr(res, "findings", res)}


@pytest.mark.parametrize(
    ("name", "variant", "hi_lo", "qualifier"),
    [
        ("2 Card Omaha Pot Limit", "2 Card Omaha", None, None),
        ("7 Card Omaha Hi/Lo Pot Limit", "7 Card Omaha", " Hi/Lo", None),
        ("Omaha Hi/Lo 9 or Better Pot Limit", "Omaha", " Hi/Lo", "9"),
        ("Omaha H/L 7 or better Limit", "Omaha", " H/L", "7"),
    ],
)
def test_game_names(name: str, variant: str, hi_lo: str | None, qualifier: str | None) -> None:
    g = _m(GAME_NAME, name)
    assert g is not None
    assert (g["variant"], g["hilo"], g["qualifier"]) == (variant, hi_lo, qualifier)


def test_a_qualifier_needs_a_split_game() -> None:
    # "9 or Better" on a high-only game is not a game name the grammar types
    assert _m(GAME_NAME, "Omaha 9 or Better Pot Limit") is None


def test_binglao_each_hand_its_own_game() -> None:
    one, two, three = (p.hand for p in _parse("binglao_game_per_hand.txt"))
    assert [h.game.mix for h in (one, two, three)] == ["Binglao"] * 3
    # hand 1: two hole cards, high only
    assert (one.game.variant, one.game.hi_lo, one.game.name) == (Variant.OMAHA2, False, "omaha2")
    assert one.hole_cards["Ann"] == ("Jd", "Td")
    # hand 2: five hole cards, hi/lo eight or better
    assert (two.game.variant, two.game.hi_lo, two.game.qualifier) == (Variant.OMAHA5, True, 8)
    assert two.game.name == "omaha5-hilo"
    # hand 3: seven hole cards, high only
    assert (three.game.variant, three.game.name) == (Variant.OMAHA7, "omaha7")
    assert len(three.hole_cards["Ann"]) == 7
    assert (three.game.small_blind, three.game.big_blind, three.game.currency) == (10, 20, "PLAY")


def test_binglao_two_hole_cards_both_play() -> None:
    # Board As Ks 7s Qs 2c. Ben's 3s 9h holds a spade, but both hole cards must play:
    # 3s 9h As Ks Qs is ace high, no flush; Ann's Jd Td with As Ks Qs is the straight
    # to the ace. Pot 20 x 3 + 40 x 2 + 100 x 2 = 340, all to Ann, as the site paid.
    one = _parse("binglao_game_per_hand.txt")[0].hand
    assert one.total_pot == 340
    assert not (_kinds(one) & MONEY)


def test_binglao_five_card_hand_split_high_and_low() -> None:
    # Board 8h 4c 3d Kc Ks. Ann's best high uses Kd and a side card: three kings (no
    # straight: 3-4-5-6-7 would take three hole cards). Ben's As 2s with 8 4 3 is the
    # 8-4-3-2-A low; Ann's best low is 8-6-5-4-3. Pot 20 x 3 + 60 x 2 + 100 x 2 = 380:
    # 190 high to Ann, 190 low to Ben, as the site paid.
    two = _parse("binglao_game_per_hand.txt")[1].hand
    assert two.total_pot == 380
    assert sorted((c.player, c.amount) for c in two.collects) == [("Ann", 190), ("Ben", 190)]
    assert not (_kinds(two) & MONEY)


NINE = "hilo_nine_or_better.txt"


def test_nine_or_better_low_qualifies() -> None:
    # Board 9c 6d 2h Kc Ks: three low cards of nine or less (9, 6, 2), so a low is
    # possible with a 9 qualifier: Ann's Ac 3s makes 9-6-3-2-A. Ben's three kings win
    # the high; his 7c 7h give one low rank only, so no low. Pot 10 + 10 + 20 + 40 + 40
    # = 120: 60 high to Ben, 60 low to Ann, as the site paid.
    h = _parse(NINE)[0].hand
    assert (h.game.hi_lo, h.game.qualifier, h.game.mix) == (True, 9, None)
    assert h.total_pot == 120
    assert not (_kinds(h) & MONEY)


def test_the_same_hand_with_eight_or_better_is_a_scoop() -> None:
    # With the usual 8 qualifier only 6 and 2 of the board are low: no low, Ben's three
    # kings take all 120, so the site's 60 to Ann is an award mismatch. This shows the
    # audit reads the qualifier from the header, not a constant.
    text = (FIX / NINE).read_text().replace("Omaha Hi/Lo 9 or Better Pot Limit", "Omaha Hi/Lo Pot Limit")
    h = _parse(NINE, text)[0].hand
    assert h.game.qualifier == 8
    assert FindingKind.AWARD_MISMATCH in _kinds(h)


def test_store_keeps_each_hands_game(tmp_path: Path) -> None:
    db = tmp_path / "g.duckdb"
    import_paths([FIX / "binglao_game_per_hand.txt", FIX / NINE], db, workers=1)
    con = duckdb.connect(str(db), read_only=True)
    rows = con.execute(
        "select hand_id, game, variant, hi_lo, qualifier, mix from hands order by hand_id"
    ).fetchall()
    assert rows == [
        ("230000000001", "omaha2", "omaha2", False, None, "Binglao"),
        ("230000000002", "omaha5-hilo", "omaha5", True, 8, "Binglao"),
        ("230000000003", "omaha7", "omaha7", False, None, "Binglao"),
        ("230000000010", "omaha-hilo", "omaha", True, 9, None),
    ]
    # the low half of the nine-or-better hand is Ann's: one pot won low, none scooped
    low = con.execute(
        "select player, pots_won_low, scooped from seats where hand_id = '230000000010' "
        "order by player"
    ).fetchall()
    assert low == [("Ann", 1, 0), ("Ben", 0, 0)]
    findings = con.execute(
        "select kind from findings where kind in ('award_mismatch', 'chip_imbalance', "
        "'declared_misread') or kind like 'procedure_%'"
    ).fetchall()
    assert findings == []
