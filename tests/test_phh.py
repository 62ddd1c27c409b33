"""PHH export (hhtools/phh.py), read back with pokerkit when it is installed.

pokerkit replays each exported hand by the rules; its final stacks must equal ours
(the stack, less what was put in, plus returns and what was collected) except that
pokerkit takes no rake, so the winners hold the rake on top.
"""

from __future__ import annotations

import tomllib
import warnings
from decimal import Decimal
from pathlib import Path

import pytest

import hhtools
from hhtools.model.money import amount_text
from hhtools.reports.phh import export_phh, limit_bets
from tests.conftest import HARD_CASES
from tests.storerows import import_db


@pytest.fixture(scope="module")
def exported(tmp_path_factory: pytest.TempPathFactory) -> Path:
    tmp = tmp_path_factory.mktemp("phh")
    db = import_db([HARD_CASES], tmp / "hard.duckdb")
    out = tmp / "out"
    out.mkdir()
    with hhtools.connect(db) as store:
        summary = export_phh(store, out)
    # hands 2, 3, 5 and 6 are pot-limit Omaha (PO); 1 and 4 are pot-limit Omaha
    # hi/lo, which PHH has no code for.
    assert (summary.hands, summary.skipped) == (4, 2)
    return out / "pokerstars-omaha-pot_limit.phhs"


def test_amounts_exact() -> None:
    assert [amount_text(v, "USD") for v in (1, 10, 100, 12345, -5)] == [
        "0.01", "0.10", "1", "123.45", "-0.05"]
    assert amount_text(1500, "CHIPS") == "1500"


def test_toml_fields(exported: Path) -> None:
    doc = tomllib.loads(exported.read_text(encoding="utf-8"))
    hand = doc["pokerstars-990000000005"]
    assert hand["variant"] == "PO"
    # clockwise from left of the button (Moe, seat 6): Kim SB, Lee BB, Moe
    assert hand["players"] == ["Kim", "Lee", "Moe"]
    assert hand["blinds_or_straddles"] == [0.05, 0.10, 0]
    assert hand["actions"][:3] == ["d dh p1 As2s3hKd", "d dh p2 2c2d7h8h", "d dh p3 ????????"]
    assert hand["actions"][3:6] == ["p3 f", "p1 cc", "p2 cc"]
    assert "d db JsJdAd" in hand["actions"] and hand["actions"][-2:] == [
        "p1 sm As2s3hKd", "p2 sm 2c2d7h8h"]
    assert hand["winnings"] == [0, 1.75, 0]
    # heads-up (Gus BB first, Hal the button): the blinds array is read reversed
    assert doc["pokerstars-990000000003"]["blinds_or_straddles"] == [0.05, 0.10]


def replay(path: Path) -> dict[str, tuple[list[Decimal], list[Decimal], Decimal]]:
    """hand -> (pokerkit's final stacks, our finishing stacks, rake)."""
    pokerkit = pytest.importorskip("pokerkit", reason="pokerkit not installed")
    out = {}
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # pokerkit 0.7 does not know time_zone_abbreviation
        for hh in pokerkit.HandHistory.loads_all(path.read_text(encoding="utf-8")):
            try:
                final = list(hh)[-1]
            except ValueError:
                out[str(hh.hand)] = None
                continue
            rake = Decimal(str(hh.user_defined_fields["_rake"]))
            out[str(hh.hand)] = ([Decimal(str(s)) for s in final.stacks],
                                 [Decimal(str(s)) for s in hh.finishing_stacks], rake)  # fmt: skip
    return out


def test_pokerkit_replays(exported: Path) -> None:
    got = replay(exported)
    # Hand 2 (a main and a side pot, legal pot-limit betting) replays too
    for hand_id in ("990000000002", "990000000003", "990000000005", "990000000006"):
        theirs, ours, rake = got[hand_id]
        diffs = [t - o for t, o in zip(theirs, ours, strict=True)]
        assert sum(diffs) == rake and all(d >= 0 for d in diffs), hand_id
    # Hand 2, players Eve, Finn, Dan (left of the button first): Dan's $2 main pot
    # ($6) and Finn's side pot ($6) each lose $0.30 rake here, not in pokerkit.
    # Finn: 10 - 5 + 5.70 = 10.70 (pokerkit 11); Dan: 2 - 2 + 5.70 (pokerkit 6).
    theirs, ours, rake = got["990000000002"]
    assert theirs == [Decimal("0"), Decimal("11"), Decimal("6")]
    assert ours == [Decimal("0"), Decimal("10.70"), Decimal("5.70")]
    assert rake == Decimal("0.60")
    # Lee won 1.80 less 0.05 rake: pokerkit gives him the whole 1.80
    theirs, ours, _ = got["990000000005"]
    assert (theirs[1], ours[1]) == (Decimal("10.90"), Decimal("10.85"))


def test_generated_hands_replay(generated, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    pytest.importorskip("pokerkit", reason="pokerkit not installed")
    data, _ = generated(1500, 11)
    db = import_db([data], tmp_path / "gen.duckdb")
    with hhtools.connect(db) as store:
        summary = export_phh(store, tmp_path)
    assert summary.hands > 20
    bad = []
    for path in summary.files:
        for hand_id, r in replay(path).items():
            if r is None:
                bad.append((hand_id, "refused"))
                continue
            theirs, ours, rake = r
            diffs = [t - o for t, o in zip(theirs, ours, strict=True)]
            if sum(diffs) != rake or any(d < 0 for d in diffs):
                bad.append((hand_id, diffs))
    assert bad == []


# Fixed-limit Omaha hi/lo, $1/$2: the header names the bets, the blinds are $0.50/$1.
LIMIT_HAND = """\
PokerStars Hand #990000000101:  Omaha Hi/Lo Limit ($1/$2 USD) - 2024/03/01 14:00:00 ET
Table 'Limit I' 6-max Seat #1 is the button
Seat 1: Ann ($20 in chips)
Seat 2: Ben ($20 in chips)
Seat 3: Cy ($20 in chips)
Ben: posts small blind $0.50
Cy: posts big blind $1
*** HOLE CARDS ***
Ann: raises $1 to $2
Ben: calls $1.50
Cy: calls $1
*** FLOP *** [2c 5d Kh]
Ben: bets $1
Cy: folds
Ann: calls $1
*** TURN *** [2c 5d Kh] [8s]
Ben: checks
Ann: bets $2
Ben: calls $2
*** RIVER *** [2c 5d Kh 8s] [Qd]
Ben: checks
Ann: checks
*** SHOW DOWN ***
Ben: shows [Ah 3h Kd Kc] (HI: three of a kind, Kings; LO: 8,5,3,2,A)
Ann: shows [Qh Qs 7c 6c] (HI: three of a kind, Queens; LO: 8,7,6,5,2)
Ben collected $11.40 from pot
*** SUMMARY ***
Total pot $12 | Rake $0.60
Board [2c 5d Kh 8s Qd]
Seat 1: Ann (button) showed [Qh Qs 7c 6c] and lost with HI: three of a kind, Queens; LO: 8,7,6,5,2
Seat 2: Ben (small blind) showed [Ah 3h Kd Kc] and won ($11.40) with HI: three of a kind, Kings; LO: 8,5,3,2,A
Seat 3: Cy (big blind) folded on the Flop
"""


def test_limit_bets_from_the_columns_or_the_big_blind() -> None:
    # the columns win when set (a structure whose bets are not 1x and 2x the big blind)
    assert limit_bets({"small_blind": 50, "big_blind": 100, "small_bet": 200,
                       "big_bet": 400}) == (200, 400)  # fmt: skip
    # missing (a store written before the columns) or NULL: big blind and twice it
    assert limit_bets({"small_blind": 50, "big_blind": 100}) == (100, 200)
    assert limit_bets({"small_blind": 50, "big_blind": 100, "small_bet": None,
                       "big_bet": None}) == (100, 200)  # fmt: skip


def test_fixed_limit_export(tmp_path: Path) -> None:
    hand = tmp_path / "limit.txt"
    hand.write_text(LIMIT_HAND, encoding="utf-8")
    db = import_db([hand], tmp_path / "limit.duckdb")
    out = tmp_path / "out"
    out.mkdir()
    with hhtools.connect(db) as store:
        # the blinds posted ($0.50/$1) and the limit's bets ($1/$2), in cents
        assert store.sql("SELECT small_blind, big_blind, small_bet, big_bet FROM hands").row(
            0) == (50, 100, 100, 200)
        summary = export_phh(store, out)
    assert (summary.hands, summary.skipped) == (1, 0)
    path = out / "pokerstars-omaha-hilo-limit.phhs"
    doc = tomllib.loads(path.read_text(encoding="utf-8"))["pokerstars-990000000101"]
    assert doc["variant"] == "FO/8"
    # left of the button (Ann, seat 1) first: Ben posts $0.50, Cy $1; the bets are $1/$2
    assert doc["players"] == ["Ben", "Cy", "Ann"]
    assert doc["blinds_or_straddles"] == [0.5, 1, 0]
    assert (doc["small_bet"], doc["big_bet"]) == (1, 2)
    assert doc["actions"][3:] == [
        "p3 cbr 2", "p1 cc", "p2 cc",                 # Ann raises to $2, both call
        "d db 2c5dKh", "p1 cbr 1", "p2 f", "p3 cc",   # a small bet on the flop
        "d db 8s", "p1 cc", "p3 cbr 2", "p1 cc",      # a big bet on the turn
        "d db Qd", "p1 cc", "p3 cc",
        "p1 sm Ah3hKdKc", "p3 sm QhQs7c6c",
    ]  # fmt: skip
    got = replay(path)["990000000101"]
    assert got is not None, "pokerkit refused the limit hand"
    theirs, ours, rake = got
    # pot $12: $6 preflop (2 each), $2 flop (Ben, Ann), $4 turn (Ben, Ann). Ben and
    # Ann put in 2 + 1 + 2 = 5 each, Cy 2. Ben scoops (kings; 8-5-3-2-A): pokerkit
    # gives him 20 - 5 + 12 = 27, the site 11.40 after the $0.60 rake: 26.40;
    # Cy 20 - 2 = 18, Ann 20 - 5 = 15.
    assert theirs == [Decimal("27"), Decimal("18"), Decimal("15")]
    assert ours == [Decimal("26.40"), Decimal("18"), Decimal("15")]
    assert rake == Decimal("0.60")
