"""Draw analysis (hhtools.rules.draws, hhtools draws, the draws table) against the rule
texts of shared/seeds and counts made by hand.

Every expected value below is counted by hand in the comment beside it, or quoted from
the seed (000: the Omaha article; 004: the rec.gambling FAQ).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from hhtools.cli.main import app
from hhtools.model.cards import SUITS, parse_cards
from hhtools.rules.draws import analyse, analyse_codes, five_categories, low_beaters
from hhtools.store import db as store
from hhtools.store.draws import fill_draws
from hhtools.store.importer import import_paths
from tests.storerows import HAND_ROW_GROUPS, S, add_hand, import_in_row_groups

FIX = Path(__file__).parent / "fixtures" / "pokerstars"


def cards(*ranks: str, but: str = "") -> set[str]:
    """Every card of the given ranks, less the cards of ``but``."""
    return {r + s for r in ranks for s in SUITS} - set(but.split())


# ------------------------------------------------------------------ outs and wraps


def test_seed_000_twenty_out_wrap() -> None:
    # Seed 000: "An example of a twenty-out wrap is J♥ 10♠ 7♦ 6♣ on a flop of 9♥ 8♠ 2♦.
    # To hit a straight, any of the following cards is needed: 5♥ 5♠ 5♦ 5♣ 6♥ 6♠ 6♦ 7♥
    # 7♠ 7♣ 10♥ 10♦ 10♣ J♠ J♦ J♣ Q♥ Q♠ Q♦ Q♣."
    d = analyse("Jh Ts 7d 6c", "9h 8s 2d")
    seed = "5h 5s 5d 5c 6h 6s 6d 7h 7s 7c Th Td Tc Js Jd Jc Qh Qs Qd Qc".split()  # noqa: SIM905
    assert sorted(d.straight_outs) == sorted(seed)
    # by hand: the 5s (4) and Qs (4) unseen, and three each of 6, 7, T, J (one in hand)
    assert len(d.straight_outs) == 4 + 4 + 3 * 4 == 20
    # "A wrap is a straight draw with nine or more outs."
    assert d.wrap and d.high == "high card" and not d.nuts
    # No flush (one heart, one spade in hand on a rainbow flop), no pair: no full house.
    assert d.flush_outs == () and d.full_house_outs == ()
    # Nut outs by hand: a 5 (9-high, nothing higher on 9-8-5-2), a 6 (T7 makes the
    # ten-high top straight on 9-8-6-2), a 7 (J-T: J-high top on 9-8-7-2), a Q (J-T:
    # Q-high top on Q-9-8-2). A ten or a jack gives a straight that Q-J (on T-9-8) or
    # Q-T (on J-9-8) beats: not the nuts. 4 + 3 + 3 + 4 = 14.
    assert set(d.nut_outs) == cards("5", "Q") | cards("6", "7", but="6c 7d")
    assert d.unseen == 52 - 4 - 3


def test_a_hold_em_straight_draw_is_no_wrap() -> None:
    # Seed 000: "In Texas hold 'em ... the greatest number of straight outs possible is
    # eight". T-9 on 8-7-2 (an open-ended draw, J or 6): 8 outs, under the nine of a wrap.
    d = analyse("Ts 9d Kc Kh", "8h 7c 2d")
    assert set(d.straight_outs) == cards("J", "6") and not d.wrap


def test_flush_draw_counted_by_hand() -> None:
    # As Ks on Qs 8s 3h: 13 spades less As Ks Qs 8s seen = 9 flush outs.
    d = analyse("As Ks 7d 2c", "Qs 8s 3h")
    assert set(d.flush_outs) == {r + "s" for r in "2345679TJ"}
    assert len(d.flush_outs) == 13 - 4
    # Nut outs: the ace-high flush is the nuts unless the board pairs (3s: full houses
    # on Q 8 3 3) or a straight flush can be made: 9s (J♠T♠ on Q-9-8), Ts (J♠9♠ on
    # Q-T-8), Js (T♠9♠ on Q-J-8). Left: 2s 4s 5s 6s 7s.
    assert set(d.nut_outs) == {"2s", "4s", "5s", "6s", "7s"}
    # Seed 000: "a player always needs two of that suit in hand to play a flush"
    assert analyse("As 2h 4h 5c", "Ks 9s Qh").flush_outs == ()


def test_seed_000_redraw() -> None:
    # Seed 000: "if the board is Q♠ J♠ 10♥, and the player has A♠ K♣ Q♣ Q♥, then not
    # only do they have the current best hand possible (their ace-king makes the
    # ace-high straight), but they also have a redraw with the two queens in their hand
    # because if the board pairs, they will make a full house, or four queens."
    d = analyse("As Kc Qc Qh", "Qs Js Th")
    assert d.high == "straight" and d.nuts and d.redraw
    # The board pairs: the last queen (Qd: four queens), three jacks, three tens.
    assert set(d.redraw_outs) == {"Qd"} | cards("J", but="Js") | cards("T", but="Th")
    assert set(d.full_house_outs) == set(d.redraw_outs) and len(d.redraw_outs) == 7
    assert d.nut_outs == ()  # holding the nuts already
    # "A♠ K♠ Q♣ Q♥ would be an even better hand because it has flush and royal flush
    # redraws as well": the 9 spades left (2s-9s, Ts) on top of the 7 pairing cards,
    # the Ts counted once: 7 + 8 = 15.
    d2 = analyse("As Ks Qc Qh", "Qs Js Th")
    assert d2.redraw and len(d2.redraw_outs) == 15
    assert set(d2.flush_outs) == {r + "s" for r in "23456789T"}
    # the royal flush: A♠ K♠ with Q♠ J♠ T♠
    assert 8 in five_categories(parse_cards("As Ks Qc Qh"), parse_cards("Qs Js Th Ts"))


def test_no_redraw_without_the_nuts() -> None:
    # K-9 on Q♠ J♠ T♥ makes a king-high straight: A-K makes the ace-high one.
    d = analyse("Kc 9c 4h 4d", "Qs Js Th")
    assert d.high == "straight" and not d.nuts and not d.redraw and d.redraw_outs == ()


# ------------------------------------------------------------------------- nuts


@pytest.mark.parametrize(("board", "hole", "nuts"), [
    # Seed 004: "As Ks 8h 9d 2s / Qs 4h 4d 4s: Qs 4s makes AKQ42 "nut" flush" - the
    # nuts once the player's own Qs is out of reach (Qs Js would beat it).
    ("As Ks 8h 9d 2s", "Qs 4h 4d 4s", True),
    # ... while a player without the Qs holding Js 4s: Qs Js is still out there.
    ("As Ks 8h 9d 2s", "Js 4h 4d 4s", False),
    # Seed 004: "As Kc Qc Jh Td / Ac 2c Jd 8h: Ac Jd makes ace-hi straight" - no flush
    # (two clubs), no pair on the board: the nuts.
    ("As Kc Qc Jh Td", "Ac 2c Jd 8h", True),
    # Seed 004: "As Ac 8s 8h 4d / Ah 2h 3h 4h: Ah 4h makes full house AAA44" - beaten by
    # A-8 (AAA88) and 8-8 (quad eights), both possible.
    ("As Ac 8s 8h 4d", "Ah 2h 3h 4h", False),
])  # fmt: skip
def test_nuts_seed_004(board: str, hole: str, nuts: bool) -> None:
    assert analyse(hole, board).nuts is nuts


@pytest.mark.parametrize(("board", "hole", "low"), [
    # Seed 004: "3d 5h 8d Tc Ts / Ac 2c Jd Th: Ac 2c makes the "nut low" 8532A."
    ("3d 5h 8d Tc Ts", "Ac 2c Jd Th", "8,5,3,2,A"),
    # "Ac 2c 3d 4h 5s / Ad 2d Th Td: Ad 2d makes "nut low" 5432A."
    ("Ac 2c 3d 4h 5s", "Ad 2d Th Td", "5,4,3,2,A"),
    # "Ac 2c 3d 4h 5s / 4d 5d Th Td: 4d 5d makes "nut low" 5432A."
    ("Ac 2c 3d 4h 5s", "4d 5d Th Td", "5,4,3,2,A"),
])  # fmt: skip
def test_nut_low_seed_004(board: str, hole: str, low: str) -> None:
    d = analyse(hole, board, "omaha-hilo")
    assert d.low == low and d.nut_low


def test_seed_004_not_the_nut_low() -> None:
    # "3d 5h 8d Tc Ts / Ac 3c 4d Th: Ac 4d makes 8543A" - A-2 makes 8532A.
    d = analyse("Ac 3c 4d Th", "3d 5h 8d Tc Ts", "omaha-hilo")
    assert d.low == "8,5,4,3,A" and not d.nut_low


# --------------------------------------------------- counterfeit, protected, live


def test_seed_004_counterfeit() -> None:
    # Seed 004: "5h 7h 8d Ac 2c / Ad 2d Th Td: Ad 2d makes 8752A, but the nut low is
    # 5432A with a 3 and 4. On the flop we had the best possible low, but the turn and
    # river "counterfeited" us."
    flop = analyse("Ad 2d Th Td", "5h 7h 8d", "PLO8")
    assert flop.low == "8,7,5,2,A" and flop.nut_low and flop.low_possible
    # The counterfeits: an ace or a deuce (2-3 then makes 7-5-3-2-A on A-5-7); by hand,
    # the three aces and three deuces left.
    assert set(flop.counterfeited) == {"Ac", "Ah", "As", "2c", "2h", "2s"}
    assert not flop.protected_low
    turn = analyse("Ad 2d Th Td", "5h 7h 8d Ac", "PLO8")
    assert not turn.nut_low and "2c" in turn.counterfeited
    river = analyse("Ad 2d Th Td", "5h 7h 8d Ac 2c", "PLO8")
    assert river.low == "8,7,5,2,A" and not river.nut_low and river.unseen == 0
    # nothing to come on the river: no outs, no counterfeit, nothing to protect
    assert (river.counterfeited, river.low_outs, river.protected_low) == ((), (), False)


def test_seed_000_counterfeit_and_the_lows_that_beat_it() -> None:
    # Seed 000: "if a player has, for example, 2-3 and two other cards in their hand and
    # the flop is A-6-7, that player has flopped the "nut low". However, if either a 2
    # or a 3 hit the board on the turn or the river, the hand is "counterfeited" and the
    # nut low hand is lost (the player still has a much weaker low hand however, with
    # 3-4, 3-5 and 4-5 making better lows)."
    d = analyse("2c 3d Qh Ks", "Ah 6d 7c", "omaha-hilo")
    assert d.low == "7,6,3,2,A" and d.nut_low
    assert set(d.counterfeited) == cards("2", "3", but="2c 3d")
    assert not d.protected_low
    assert low_beaters("2c 3d Qh Ks", "Ah 6d 7c 2s") == ["3-4", "3-5", "4-5"]
    assert low_beaters("2c 3d Qh Ks", "Ah 6d 7c") == []


def test_seed_000_protected_nut_low() -> None:
    # Seed 000: "if the player has 2-3-4 in their hand their low is protected, i.e. if a
    # 2 or 3 hits the board they still have the lowest possible hand."
    d = analyse("2c 3d 4h Ks", "Ah 6d 7c", "omaha-hilo")
    assert d.nut_low and d.protected_low and d.counterfeited == ()
    for turn in ("2s", "3h"):
        assert analyse("2c 3d 4h Ks", f"Ah 6d 7c {turn}", "omaha-hilo").nut_low
    # "To lose the nut low in this case either a 2 and a 3, a 2 and a 4, or a 3 and a 4
    # would have to hit the board on the turn and the river (giving the nut low to a
    # player holding 4-5, 3-5 and 2-5, respectively)"
    for two, holder in (("2s 3h", "4s 5c Kd Qd"), ("2s 4d", "3s 5c Kd Qd"),
                        ("3h 4d", "2s 5c Kd Qd")):  # fmt: skip
        board = f"Ah 6d 7c {two}"
        assert not analyse("2c 3d 4h Ks", board, "omaha-hilo").nut_low
        assert analyse(holder, board, "omaha-hilo").nut_low


def test_seed_000_protected_nut_low_draw() -> None:
    # Seed 000: "having A-2-3 with a flop of 7-8-9; any low card below 7 on the turn or
    # river gives the player the best low." By hand: every ace to six unseen, 24 less
    # the Ac 2d 3h in hand = 21, each a low out and a nut low out.
    d = analyse("Ac 2d 3h Ks", "7h 8d 9c", "omaha-hilo")
    below_seven = cards("A", "2", "3", "4", "5", "6", but="Ac 2d 3h")
    assert len(below_seven) == 21
    assert set(d.low_outs) == below_seven and set(d.nut_low_outs) == below_seven
    assert d.low is None and not d.low_possible and d.low_draw


def test_low_outs_counted_by_hand() -> None:
    # A-2 on K-7-8 (two low ranks on the flop): a low needs a third low rank on the
    # board, not an ace or deuce (they pair the A-2 the low must play) nor a 7 or 8
    # (they pair the board): the 3s, 4s, 5s and 6s, 16 cards, each giving the nut low
    # (8-7-x-2-A: no two cards make better with 7-8-x).
    d = analyse("Ac 2d Kh Qs", "Kc 7d 8c", "omaha-hilo")
    assert set(d.low_outs) == cards("3", "4", "5", "6") and len(d.low_outs) == 16
    assert set(d.nut_low_outs) == set(d.low_outs)
    # With a 9 qualifier the 9s count as well (9-8-7-2-A): 16 + 4.
    assert len(analyse("Ac 2d Kh Qs", "Kc 7d 8c", "omaha-hilo", qualifier=9).low_outs) == 20


@pytest.mark.parametrize(("hole", "low", "live"), [
    # Seed 000, board 2♦ 6♥ A♣ 5♣ 8♠: "the hand 2♥ 4♠ 5♠ K♦ is playing a 6-5-4-2-A ...
    # he is often said to be playing their "live" 4"
    ("2h 4s 5s Kd", "6,5,4,2,A", "4"),
    # "A player with 3♠ 5♠ 10♥ J♦ is playing a "live" 3, for a low of 6-5-3-2-A"
    ("3s 5s Th Jd", "6,5,3,2,A", "3"),
    # "a player with 3♣ 7♦ Q♦ Q♠ can only play 7-5-3-2-A low; even though he has a
    # "live" 3, he must play two low cards from their hand, and so he must play their
    # 7-3": no card played live.
    ("3c 7d Qd Qs", "7,5,3,2,A", None),
])  # fmt: skip
def test_seed_000_live_low_card(hole: str, low: str, live: str | None) -> None:
    d = analyse(hole, "2d 6h Ac 5c 8s", "omaha-hilo")
    assert (d.low, d.live_low) == (low, live)


def test_low_possible_seed_000() -> None:
    # Seed 000: "a board of K-8-J-7-5 makes low possible ... A board of K-8-J-8-5,
    # however, cannot make any qualifying low"
    assert analyse("Ac 2d Qh Qs", "Kc 8d Jh 7s 5c", "omaha-hilo").low_possible
    assert not analyse("Ac 2d Qh Qs", "Kc 8d Jh 8s 5c", "omaha-hilo").low_possible
    # K-8-J on the flop: one low rank, two cards to come: a low can still come; K-J-Q
    # needs three: it cannot.
    assert analyse("Ac 2d Qh Qs", "Kc 8d Jh", "omaha-hilo").low_draw
    assert not analyse("Ac 2d 3h 4s", "Kc Jd Qh", "omaha-hilo").low_draw
    # high-only games: no low facts at all
    d = analyse("Ac 2d 3h 4s", "5c 6d 7h")
    assert (d.low, d.low_possible, d.low_outs, d.nut_low) == (None, False, (), False)


def test_errors() -> None:
    with pytest.raises(ValueError, match="hole cards"):
        analyse("Ac 2d 3h", "5c 6d 7h")
    with pytest.raises(ValueError, match="board"):
        analyse("Ac 2d 3h 4s", "5c 6d")
    with pytest.raises(ValueError, match="duplicate"):
        analyse("Ac 2d 3h 4s", "Ac 6d 7h")
    with pytest.raises(ValueError, match="qualifier"):
        analyse("Ac 2d 3h 4s", "5c 6d 7h", "omaha-hilo", qualifier=6)


def test_dead_cards_are_not_outs() -> None:
    d = analyse("Jh Ts 7d 6c", "9h 8s 2d", dead="Qh Qs 5c")
    assert len(d.straight_outs) == 20 - 3 and d.unseen == 45 - 3


# ------------------------------------------------------------------------ the CLI


def run(*args: str) -> tuple[int, str, str]:
    res = CliRunner().invoke(app, list(args), env={"COLUMNS": "100"})
    return res.exit_code, res.stdout, res.stderr


def test_cli_json() -> None:
    code, out, _ = run("draws", "--game", "omaha", "--board", "9h 8s 2d", "--hand",
                       "Jh Ts 7d 6c", "--json")  # fmt: skip
    assert code == 0
    got = json.loads(out)
    for key in ("straight_outs", "flush_outs", "low_outs", "nut_outs", "wrap", "nuts",
                "nut_low", "counterfeited", "protected_low"):  # fmt: skip
        assert key in got, key
    assert len(got["straight_outs"]) == 20 and got["wrap"] is True
    assert got["board"] == ["9h", "8s", "2d"] and got["qualifier"] is None
    code, out, _ = run("draws", "--game", "PLO8", "--board", "5h 7h 8d", "--hand",
                       "Ad 2d Th Td", "--json")  # fmt: skip
    got = json.loads(out)
    assert got["nut_low"] is True and got["qualifier"] == 8
    assert sorted(got["counterfeited"]) == ["2c", "2h", "2s", "Ac", "Ah", "As"]


def test_cli_table_fits_100_columns() -> None:
    code, out, _ = run("draws", "--game", "PLO8", "--board", "7h 8d 9c", "--hand",
                       "Ac 2d 3h Ks")  # fmt: skip
    assert code == 0 and "nut low outs (21)" in out
    assert max(len(line) for line in out.splitlines()) <= 100


@pytest.mark.parametrize("args", [
    ("--board", "9h 8s 2x", "--hand", "Jh Ts 7d 6c"),
    ("--board", "9h 8s 2d", "--hand", "Jh Ts 7d 9h"),
    ("--board", "9h 8s", "--hand", "Jh Ts 7d 6c"),
    ("--board", "9h 8s 2d", "--hand", "Jh Ts 7d 6c", "--game", "holdem"),
    ("--board", "9h 8s 2d"),
])  # fmt: skip
def test_cli_bad_input_exits_2(args: tuple[str, ...]) -> None:
    code, out, err = run("draws", *args)
    assert code == 2 and out == "" and len(err.strip().splitlines()) == 1


# ------------------------------------------------------------------------ the store


@pytest.fixture(scope="module")
def db_path(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("draws") / "draws.duckdb"
    summary = import_paths([FIX / "ev_turn_all_in_eight_outs.txt"], path, workers=1)
    assert summary.hands == 1
    return path


def test_draws_table_filled_by_hand(db_path: Path) -> None:
    # Hand 300000000101: Ann [Ah Ad Kc Qc], Ben [7s 6s 5d 4d], board As 7h 2c | 9d | Jh,
    # Omaha high, neither folds.
    con = store.connect(db_path)
    try:
        got = fill_draws(con, workers=1)
        assert dict(got) == {"analysed": 1, "error": 0, "rows": 4}
        assert dict(fill_draws(con, workers=1)) == {"analysed": 0, "error": 0, "rows": 0}
        assert con.execute("SELECT count(*) FROM draws").fetchall() == [(4,)]
        assert con.execute("SELECT rows, status FROM draws_hands").fetchall() == [(4, "analysed")]
        cur = con.execute(
            "SELECT player, street, unseen, high, straight_outs, flush_outs, full_house_outs, "
            "nut_outs, redraw_outs, nut_cards, nuts, redraw, wrap, next_card, next_straight, "
            "river_straight, low_possible FROM draws ORDER BY player, street"
        )
        names = [c[0] for c in cur.description]
        rows = [dict(zip(names, r, strict=True)) for r in cur.fetchall()]
    finally:
        con.close()
    ann_flop, ann_turn, ben_flop, ben_turn = rows
    # Ann on As 7h 2c: three aces, and no straight (no three board cards within five
    # ranks), no flush (rainbow), no pair on the board: the nuts. Her redraw: the board
    # pairing into a full house, 7c 7d 7s, 2d 2h 2s (Ben's 7s is unseen to her), or the
    # last ace for four of a kind: 7 cards. 52 - 4 - 3 = 45 unseen.
    assert ann_flop == {
        "player": "Ann", "street": "flop", "unseen": 45, "high": "three of a kind",
        "straight_outs": 0, "flush_outs": 0, "full_house_outs": 7, "nut_outs": 0,
        "redraw_outs": 7, "nut_cards": "", "nuts": True, "redraw": True, "wrap": False,
        "next_card": "9d", "next_straight": False, "river_straight": False,
        "low_possible": False,
    }  # fmt: skip
    # On the turn (9d) the three nines join in: 7 + 3 = 10, of 44 unseen.
    assert (ann_turn["unseen"], ann_turn["nuts"], ann_turn["redraw_outs"]) == (44, True, 10)
    assert ann_turn["next_card"] == "Jh"
    # Ben on As 7h 2c: a pair of sevens; a straight only with a 3 (4-5 with A-2-3): 4
    # outs, each the nuts (nothing beats the wheel on A-7-3-2).
    assert (ben_flop["high"], ben_flop["straight_outs"], ben_flop["nut_cards"]) == (
        "one pair",
        4,
        "3c 3d 3h 3s",
    )
    # On the turn (9d): a 3 or an 8 (6-5 with 7-8-9): the fixture's eight outs; the 8s
    # are not the nuts (J-T makes 7-J on 7-8-9): nut outs the four 3s.
    assert (ben_turn["straight_outs"], ben_turn["nut_outs"]) == (8, 4)
    # The river Jh was no out and nobody could make a straight on As 7h 2c 9d Jh.
    assert ben_turn["next_straight"] is False and ben_turn["river_straight"] is False


def test_import_with_draws(tmp_path: Path) -> None:
    db = tmp_path / "x.duckdb"
    code, out, _ = run("import", str(FIX / "ev_turn_all_in_eight_outs.txt"), "--db", str(db),
                       "--draws", "-q", "-j", "1")  # fmt: skip
    assert code == 0 and "1 hand analysed, 4 rows" in out
    code, out, _ = run("draws", "--fill", "--db", str(db), "-q")
    assert code == 0 and "no new hands" in out


def test_views_wraps_and_counterfeits() -> None:
    con = store.connect(":memory:")
    # The 20-out wrap of seed 000, the turn Qc making the straight (J-T with Q-9-8).
    add_hand(con, "1", [S(1, "Wes", 100, 0, hole="Jh Ts 7d 6c", showed=True),
                        S(2, "Vic", 100, 200, hole="Kc Kd 4h 4s", showed=True)],
             [], board="9h 8s 2d Qc 3s", game="omaha")  # fmt: skip
    # Seed 004's counterfeit: Ad 2d on 5h 7h 8d, then Ac and 2c: "the turn and river
    # counterfeited us". On the turn the low 8-7-5-2-A is beaten by 2-3, 2-4, 2-6, 3-4,
    # 3-6, 4-6 (with A-5-7); the 2c lets more holdings beat it (3-4 makes the wheel).
    add_hand(con, "2", [S(1, "Lou", 100, 0, hole="Ad 2d Th Td", showed=True)],
             [], board="5h 7h 8d Ac 2c")  # fmt: skip
    assert low_beaters("Ad 2d Th Td", "5h 7h 8d Ac") == ["2-3", "2-4", "2-6", "3-4", "3-6",
                                                         "4-6"]  # fmt: skip
    fill_draws(con)
    wraps = con.execute("SELECT hand_id, player, street, straight_outs, next_card, hit_next, "
                        "got_there FROM wraps").fetchall()  # fmt: skip
    # The turn row is no wrap: the straight is made.
    assert wraps == [("1", "Wes", "flop", 20, "Qc", True, True)]
    fakes = con.execute("SELECT hand_id, player, street, next_card, nut_low FROM counterfeits "
                        "ORDER BY street").fetchall()  # fmt: skip
    assert fakes == [("2", "Lou", "flop", "Ac", True), ("2", "Lou", "turn", "2c", False)]


def test_folded_players_get_the_streets_they_saw() -> None:
    con = store.connect(":memory:")
    add_hand(con, "3", [S(1, "Pre", 10, 0, hole="Ac Ad Kc Kd", folded="preflop"),
                        S(2, "Flo", 20, 0, hole="2c 3c 4c 5c", folded="flop"),
                        S(3, "Tur", 30, 60, hole="Qs Js Ts 9s", folded=None)],
             [], board="6h 7h 8h Th 2s", game="omaha")  # fmt: skip
    fill_draws(con)
    got = con.execute("SELECT player, street FROM draws ORDER BY player, street").fetchall()
    assert got == [("Flo", "flop"), ("Tur", "flop"), ("Tur", "turn")]
    assert con.execute("SELECT count(*) FROM draws_hands").fetchall() == [(1,)]


def test_analyse_codes_is_analyse() -> None:
    h, b = parse_cards("Ad 2d Th Td"), parse_cards("5h 7h 8d")
    assert analyse_codes(h, b, True, 8) == analyse("Ad 2d Th Td", "5h 7h 8d", "omaha-hilo")


def test_draw_lines() -> None:
    from hhtools.reports.draws_text import draw_lines

    data = {
        "hands": [{"hi_lo": False, "qualifier": None}],
        "boards": [{"board": 0, "cards": "9h 8s 2d Qc 3s"}],
        "seats": [{"player": "Wes", "hole_cards": "Jh Ts 7d 6c", "folded": None}],
    }
    lines = draw_lines(data)
    assert lines[1].startswith("Draws")
    assert any("Wes on the flop [9h 8s 2d]" in line and "20-out wrap" in line for line in lines)
    assert any(line.strip().startswith("straight outs 20:") for line in lines)
    assert any("next card Qc: straight" in line for line in lines)
    assert max(len(line) for line in lines) <= 100
    assert draw_lines({"hands": [], "boards": [], "seats": []}) == []


def test_fill_commits_mid_run_merge_no_row_groups(tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    # as ev's (test_ev_store): a commit past wal_autocheckpoint checkpoints mid-run; with
    # DuckDB's default max_vacuum_tasks it merged the import's row groups. One hand a
    # commit, the log's limit a byte: the two row groups stay two
    import hhtools.store.draws as draws

    path = tmp_path / "midrun.duckdb"
    files = [FIX / "ev_turn_all_in_eight_outs.txt", FIX / "ev_flop_all_in_side_pot_checked_down.txt"]
    import_in_row_groups(files, path, monkeypatch)
    monkeypatch.setattr(draws, "_BATCH", 1)
    con = store.connect(path)
    try:
        con.execute("SET wal_autocheckpoint = '1B'")
        assert fill_draws(con, workers=1)["analysed"] == 2
        assert con.execute(HAND_ROW_GROUPS).fetchall() == [(2,)]
        assert con.execute("SELECT current_setting('max_vacuum_tasks')").fetchall() == [(100,)]
    finally:
        con.close()


def test_fill_leaves_the_imports_row_groups_unmerged(tmp_path: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    # two hands imported in two row groups (the import's max_vacuum_tasks 0).
    # draws --fill checkpoints its own rows merging none of them (before, the
    # connection's close checkpointed with DuckDB's default and merged every table the
    # import wrote: the store grew 20 -> 29 MB at 20,000 hands); the connection's
    # setting (DuckDB's default, 100) is given back
    path = tmp_path / "groups.duckdb"
    files = [FIX / "ev_turn_all_in_eight_outs.txt", FIX / "ev_flop_all_in_side_pot_checked_down.txt"]
    import_in_row_groups(files, path, monkeypatch)
    con = store.connect(path)
    try:
        assert con.execute(HAND_ROW_GROUPS).fetchall() == [(2,)]
        assert fill_draws(con, workers=1)["analysed"] == 2
        assert con.execute("SELECT current_setting('max_vacuum_tasks')").fetchall() == [(100,)]
    finally:
        con.close()
    con = store.connect(path)
    try:
        assert con.execute(HAND_ROW_GROUPS).fetchall() == [(2,)]
        assert con.execute("SELECT count(*) FROM draws_hands").fetchall() == [(2,)]
    finally:
        con.close()
