"""PHH export (hhtools/reports/phh.py), read back and replayed with pokerkit.

pokerkit replays each exported hand by the rules, taking the site's rake pot by pot
(``pokerkit_options``): its final stacks must equal the history's, the stack less
what was put in plus returns and what was collected, for every hand written.
"""

from __future__ import annotations

import dataclasses
import tomllib
import warnings
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest

import hhtools
from hhtools.model.money import amount_text
from hhtools.reports.phh import export_phh, limit_bets, pokerkit_options
from tests.conftest import HARD_CASES, ROOT, SAMPLES, need_corpus
from tests.storerows import import_db

FIXTURES = ROOT / "tests" / "fixtures"
ANTE_HAND = FIXTURES / "pokerstars" / "ante_side_pot.txt"


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
    assert summary.skipped_games == {"omaha-hilo pot_limit": 2}
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
    # Moe acts first: the big blind before him is written positive, the small blind
    # negative (pokerkit posts abs(); the sign only says who opens)
    assert hand["blinds_or_straddles"] == [-0.05, 0.10, 0]
    assert hand["antes"] == [0, 0, 0]
    assert hand["actions"][:3] == ["d dh p1 As2s3hKd", "d dh p2 2c2d7h8h", "d dh p3 ????????"]
    assert hand["actions"][3:6] == ["p3 f", "p1 cc", "p2 cc"]
    assert "d db JsJdAd" in hand["actions"] and hand["actions"][-2:] == [
        "p1 sm As2s3hKd", "p2 sm 2c2d7h8h"]
    assert hand["winnings"] == [0, 1.75, 0]
    assert hand["_rake"] == 0.05 and hand["_pot_rakes"] == [[1.80, 0.05]]  # 1.75 + 0.05
    # heads-up (Gus BB first, Hal the button): the blinds array is read reversed
    assert doc["pokerstars-990000000003"]["blinds_or_straddles"] == [-0.05, 0.10]


def documented_call(path: Path) -> dict[str, list[Decimal]]:
    """Run the pokerkit call the file's header documents, as written, on ``path``.

    Returns:
        hand -> pokerkit's final stacks (the ``replayed`` the call fills).
    """
    pytest.importorskip("pokerkit", reason="pokerkit not installed")
    header = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line.startswith("#"):
            break
        header.append(line)
    code = "\n".join(line[len("#     "):] for line in header if line.startswith("#     "))
    assert "HandHistory.load_all(fp)" in code and "pokerkit_options" in code
    scope: dict[str, object] = {"PATH": str(path)}
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # pokerkit 0.7 does not know time_zone_abbreviation
        exec(code, scope)  # noqa: S102 - the documented call, as a user runs it
    replayed = scope["replayed"]
    assert isinstance(replayed, dict)
    return {str(k): [Decimal(str(v)) for v in stacks] for k, stacks in replayed.items()}


def test_readme_and_file_header_name_the_same_call(exported: Path) -> None:
    """The README shows the call each file's header runs, line for line."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    header = exported.read_text(encoding="utf-8").split("\n\n", 1)[0]
    code = [line[len("#     "):] for line in header.splitlines() if line.startswith("#     ")]
    assert len(code) > 4
    assert "\n".join(code) in readme
    # without the rake the file's own stacks are not reached: Lee's 1.80 pot less 0.05
    pokerkit = pytest.importorskip("pokerkit", reason="pokerkit not installed")
    with warnings.catch_warnings(), exported.open("rb") as fp:
        warnings.simplefilter("ignore")
        bare = {str(hh.hand): list(hh)[-1].stacks for hh in pokerkit.HandHistory.load_all(fp)}
    assert bare["990000000005"][1] == Decimal("10.90")  # 9 + 1.80, the rake not taken
    assert documented_call(exported)["990000000005"][1] == Decimal("10.85")


def replay(path: Path) -> dict[str, tuple[list[Decimal], list[Decimal]] | str]:
    """hand -> (pokerkit's final stacks, the file's finishing stacks), or why not.

    The final stacks are those of the call the file's header documents
    (:func:`documented_call`), which replays each hand with the rake and pot
    splitting of :func:`pokerkit_options`; a hand pokerkit refuses, or plays only
    by "repairing" it (folding, checking or betting for a player instead of the
    written action), is reported as a string.
    """
    pokerkit = pytest.importorskip("pokerkit", reason="pokerkit not installed")
    documented = documented_call(path)
    out: dict[str, tuple[list[Decimal], list[Decimal]] | str] = {}
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # pokerkit 0.7 does not know time_zone_abbreviation
        for hh in pokerkit.HandHistory.loads_all(path.read_text(encoding="utf-8")):
            hh = dataclasses.replace(hh, **pokerkit_options(hh.user_defined_fields))
            try:
                steps = list(hh.state_actions)
            except ValueError as exc:
                out[str(hh.hand)] = f"refused: {exc}"
                continue
            written = sum(1 for _, action in steps if action is not None)
            automatic = {type(state.operations[-1]).__name__ for state, action in steps
                         if action is None and state.operations}  # fmt: skip
            if written != len(hh.actions) or automatic & {
                    "Folding", "CheckingOrCalling", "CompletionBettingOrRaisingTo"}:
                out[str(hh.hand)] = "repaired"
                continue
            final = [Decimal(str(s)) for s in steps[-1][0].stacks]
            assert documented[str(hh.hand)] == final
            out[str(hh.hand)] = (documented[str(hh.hand)],
                                 [Decimal(str(s)) for s in hh.finishing_stacks])  # fmt: skip
    return out


def test_pokerkit_replays(exported: Path) -> None:
    got = replay(exported)
    for hand_id in ("990000000002", "990000000003", "990000000005", "990000000006"):
        theirs, ours = got[hand_id]
        assert theirs == ours, hand_id
    # Hand 2, players Eve, Finn, Dan (left of the button first): Dan's $2 main pot
    # ($6) and Finn's side pot ($6) each lose $0.30 rake, in pokerkit too.
    # Finn: 10 - 5 + 5.70 = 10.70; Dan: 2 - 2 + 5.70 = 5.70; Eve 0.
    assert got["990000000002"][0] == [Decimal(0), Decimal("10.70"), Decimal("5.70")]
    # Lee won 1.80 less 0.05 rake: 10.85
    assert got["990000000005"][0][1] == Decimal("10.85")


def store_stacks(db: Path) -> dict[str, dict[str, Decimal]]:
    """``site-hand_id`` -> player -> stack - put_in + returned + collected, in PHH units."""
    with hhtools.connect(db) as store:
        rows = store.con.execute(
            "SELECT s.site || '-' || s.hand_id, s.player, s.stack - s.put_in + s.returned "
            "+ s.collected, h.currency FROM seats s JOIN hands h USING (site, hand_id)"
        ).fetchall()
    out: dict[str, dict[str, Decimal]] = {}
    for key, player, minor, cur in rows:
        out.setdefault(key, {})[player] = Decimal(amount_text(int(minor), cur or ""))
    return out


def export_and_replay(db: Path, out: Path) -> tuple[int, list[tuple[str, object]]]:
    """Export ``db`` to PHH in ``out``; (hands written, every hand that did not replay
    to the store's finishing stacks, with why)."""
    out.mkdir()
    with hhtools.connect(db) as store:
        summary = export_phh(store, out)
        total = store.con.execute("SELECT count(*) FROM hands").fetchone()[0]
    assert summary.hands + summary.skipped == total  # every hand written or counted
    truth = store_stacks(db)
    bad: list[tuple[str, object]] = []
    for path in summary.files:
        doc = tomllib.loads(path.read_text(encoding="utf-8"))
        for (key, table), (hand_id, got) in zip(doc.items(), replay(path).items(),
                                                 strict=True):  # fmt: skip
            assert key.endswith(hand_id)
            if isinstance(got, str):
                bad.append((key, got))
                continue
            theirs, ours = got
            expected = [truth[key][p] for p in table["players"]]
            if not theirs == ours == expected:
                bad.append((key, (theirs, ours, expected)))
    return summary.hands, bad


def test_sample_and_fixture_hands_replay(tmp_path: Path) -> None:
    """Every hand of the samples and of every test fixture that PHH carries replays
    in pokerkit to the history's finishing stacks."""
    pytest.importorskip("pokerkit", reason="pokerkit not installed")
    db = import_db([SAMPLES, FIXTURES], tmp_path / "all.duckdb")
    hands, bad = export_and_replay(db, tmp_path / "out")
    assert hands > 300
    assert bad == []


def test_corpus_hands_replay(tmp_path: Path) -> None:
    """The real corpus (../shared/corpus, read in place): every hand written replays."""
    pytest.importorskip("pokerkit", reason="pokerkit not installed")
    corpus = need_corpus()
    db = import_db([corpus], tmp_path / "corpus.duckdb")
    hands, bad = export_and_replay(db, tmp_path / "out")
    assert hands > 200
    assert bad == []


def test_generated_hands_replay(generated, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    pytest.importorskip("pokerkit", reason="pokerkit not installed")
    data, _ = generated(1500, 11)
    db = import_db([data], tmp_path / "gen.duckdb")
    hands, bad = export_and_replay(db, tmp_path / "out")
    assert hands > 20
    assert bad == []


def test_antes_side_pot_and_rake(tmp_path: Path) -> None:
    """ante_side_pot.txt, worked by hand: $0.50/$1 pot-limit Omaha, $0.10 antes.

    Button Cal (seat 4): PHH order Dee (SB, seat 5), Ava (BB, seat 1), Bo, Cal.
    Preflop: Bo raises to 3.50, Cal all in for 7.90 (8 less the ante), Dee folds,
    Ava and Bo call 7.90. Flop 7h 7s 2c: Ava bets her last 12, Bo calls: everyone but
    Bo is all in, so the hands are shown before the turn and river.
    Main pot 0.40 antes + Dee's 0.50 + 3 x 7.90 = 24.60, rake 0.75 (the summary's net
    main pot is 23.85): Cal's full house. Side pot 2 x 12 = 24, rake 0.75: Bo's aces
    up over Ava's kings up, 23.25. Stacks: Dee 60 - 0.60 = 59.40, Ava 0,
    Bo 50 - 20 + 23.25 = 53.25, Cal 8 - 8 + 23.85 = 23.85.
    """
    db = import_db([ANTE_HAND], tmp_path / "ante.duckdb")
    out = tmp_path / "out"
    out.mkdir()
    with hhtools.connect(db) as store:
        summary = export_phh(store, out)
    assert (summary.hands, summary.skipped) == (1, 0)
    path = out / "pokerstars-omaha-pot_limit.phhs"
    doc = tomllib.loads(path.read_text(encoding="utf-8"))["pokerstars-990000000301"]
    assert doc["players"] == ["Dee", "Ava", "Bo", "Cal"]
    assert doc["seats"] == [5, 1, 2, 4]
    assert doc["antes"] == [0.10, 0.10, 0.10, 0.10]
    assert doc["blinds_or_straddles"] == [-0.50, 1, 0, 0]  # Bo opens, left of Ava's 1
    assert doc["min_bet"] == 1
    assert doc["starting_stacks"] == [60, 20, 50, 8]
    assert doc["actions"] == [
        "d dh p1 ????????", "d dh p2 KhKd9c8c", "d dh p3 AhAdKcQs", "d dh p4 JsJc6d5d",
        "p3 cbr 3.50", "p4 cbr 7.90", "p1 f", "p2 cc", "p3 cc",   # bets without the ante
        "d db 7h7s2c", "p2 cbr 12", "p3 cc",
        "p2 sm KhKd9c8c", "p3 sm AhAdKcQs", "p4 sm JsJc6d5d",     # shown before the runout
        "d db Jd", "d db 3h",
    ]  # fmt: skip
    assert doc["winnings"] == [0, 0, 23.25, 23.85]
    assert doc["finishing_stacks"] == [59.40, 0, 53.25, 23.85]
    assert doc["_rake"] == 1.50
    assert doc["_pot_rakes"] == [[24.60, 0.75], [24, 0.75]]
    theirs, ours = replay(path)["990000000301"]
    assert theirs == ours == [Decimal("59.40"), Decimal(0), Decimal("53.25"),
                              Decimal("23.85")]  # fmt: skip


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
    assert doc["blinds_or_straddles"] == [-0.5, 1, 0]
    assert (doc["small_bet"], doc["big_bet"]) == (1, 2)
    assert doc["actions"][3:] == [
        "p3 cbr 2", "p1 cc", "p2 cc",                 # Ann raises to $2, both call
        "d db 2c5dKh", "p1 cbr 1", "p2 f", "p3 cc",   # a small bet on the flop
        "d db 8s", "p1 cc", "p3 cbr 2", "p1 cc",      # a big bet on the turn
        "d db Qd", "p1 cc", "p3 cc",
        "p1 sm Ah3hKdKc", "p3 sm QhQs7c6c",
    ]  # fmt: skip
    got = replay(path)["990000000101"]
    assert not isinstance(got, str), got
    theirs, ours = got
    # pot $12: $6 preflop (2 each), $2 flop (Ben, Ann), $4 turn (Ben, Ann). Ben and
    # Ann put in 2 + 1 + 2 = 5 each, Cy 2. Ben scoops (kings; 8-5-3-2-A), $12 less the
    # $0.60 rake pokerkit takes too: 20 - 5 + 11.40 = 26.40; Cy 18, Ann 15.
    assert theirs == ours == [Decimal("26.40"), Decimal(18), Decimal(15)]


def _export_one(fixture: str, tmp_path: Path) -> tuple[dict[str, object], Path]:
    """Export one fixture hand (pot-limit Omaha); its PHH table and file."""
    db = import_db([FIXTURES / "pokerstars" / fixture], tmp_path / "one.duckdb")
    out = tmp_path / "out"
    out.mkdir()
    with hhtools.connect(db) as store:
        summary = export_phh(store, out)
    assert (summary.hands, summary.skipped, summary.left_out) == (1, 0, {})
    path = out / "pokerstars-omaha-pot_limit.phhs"
    (table,) = tomllib.loads(path.read_text(encoding="utf-8")).values()
    return table, path


def test_reraise_nobody_can_call_more_is_a_call(tmp_path: Path) -> None:
    """phh_reraise_nobody_can_call_more.txt: on the flop Ben's all-in makes it $9;
    Cy raises to $24 though Ann, the only other player with chips, has exactly $9
    in all. pokerkit allows a raise only when someone could put in more than the
    bet to call, so Cy's raise is his call of $9 (the $15 the site returned never
    goes in). PHH order: Ben (SB), Cy (BB), Dee, Ann (button).

    Pot: $1 each preflop, then Ann, Ben and Cy $9 each on the flop: $31 less $1
    rake, Cy's straight (6-5 with 4-3-2). Stacks: Ben 0, Cy 25 - 10 + 30 = 45,
    Dee 10 - 1 = 9, Ann 0.
    """
    table, path = _export_one("phh_reraise_nobody_can_call_more.txt", tmp_path)
    assert table["players"] == ["Ben", "Cy", "Dee", "Ann"]
    assert table["actions"][4:] == [
        "p3 cc", "p4 cc", "p1 cc", "p2 cc",
        "d db Ks4h2d", "p1 cc", "p2 cc", "p3 cc", "p4 cbr 4", "p1 cbr 9",
        "p2 cc",  # the raise to $24 nobody could call more than $9 of
        "p3 f", "p4 cc",
        "p1 sm JhJd8h8d", "p2 sm KhKd5c6d", "p4 sm QhQs7c6c",
        "d db 9c", "d db 3s",
    ]  # fmt: skip
    theirs, ours = replay(path)["990000000401"]  # type: ignore[misc]
    assert theirs == ours == [Decimal(0), Decimal(45), Decimal(9), Decimal(0)]


def test_all_in_loser_mucks_before_the_river(tmp_path: Path) -> None:
    """phh_all_in_loser_mucks_before_river.txt: Cy is all in on the turn, Ann calls
    with chips behind and shows; Cy mucks. pokerkit 0.7 cannot deal the river to a
    single player who still has chips (it fails an assertion), so a hand mucked at
    that all-in showdown is written shown (its cards, which lose): pokerkit deals
    the river and pays Ann, as the site did.

    Pot: $3 each preflop, Cy and Ann $5 on the turn: $19 less $0.50 rake to Ann.
    PHH order Cy (SB), Ann (BB), Ben (button). Stacks: Cy 0, Ann 30 - 8 + 18.50 =
    40.50, Ben 10 - 3 = 7.
    """
    table, path = _export_one("phh_all_in_loser_mucks_before_river.txt", tmp_path)
    assert table["players"] == ["Cy", "Ann", "Ben"]
    assert table["actions"][-4:] == [
        "p3 f", "p1 sm KcKh8s7d", "p2 sm AcAd7h6h", "d db 2s"]  # fmt: skip
    theirs, ours = replay(path)["990000000402"]  # type: ignore[misc]
    assert theirs == ours == [Decimal(0), Decimal("40.50"), Decimal(7)]


def export_only(paths: list[Path], tmp_path: Path) -> Any:
    """Import ``paths`` into a new store and export it to PHH: the export's summary."""
    db = import_db(paths, tmp_path / "only.duckdb")
    out = tmp_path / "out"
    out.mkdir()
    with hhtools.connect(db) as store:
        return export_phh(store, out)


def test_limit_hilo_nine_or_better_is_not_fo8(tmp_path: Path) -> None:
    """FO/8 is eight or better: pokerkit would read a 9-or-better hand's lows by the
    8 rule, so such a hand is left out and counted with its reason."""
    hand = tmp_path / "nine.txt"
    hand.write_text(LIMIT_HAND.replace("Omaha Hi/Lo Limit", "Omaha Hi/Lo 9 or Better Limit"),
                    encoding="utf-8")  # fmt: skip
    summary = export_only([hand], tmp_path)
    assert (summary.hands, summary.skipped, summary.files) == (0, 1, [])
    assert summary.left_out == {"omaha-hilo limit: low qualifier 9 (FO/8 is eight or better)": 1}


def test_hands_pokerkit_cannot_pay_as_read_are_left_out(tmp_path: Path) -> None:
    """Two hands pokerkit would replay to other stacks than the history's are left out,
    each counted with its reason (both replayed wrong before these gaps):

    * Full Tilt's $9 hi/lo pot, rake $0.25, paid $4.40 high and $4.35 low (the site
      halved the pot, then took $0.10 and $0.15): pokerkit rakes first and halves
      $8.75 as $4.38 and $4.37, two cents off each player.
    * A PokerStars hand with a river line not read (its collect is wrong, and the
      audit is silent on it): what the line held cannot be written.
    """
    halves = FIXTURES / "fulltilt" / "hilo_halves_raked_after_halving.txt"
    unread = FIXTURES / "pokerstars" / "unread_river_line_wrong_collect.txt"
    db = import_db([halves, unread], tmp_path / "gaps.duckdb")
    out = tmp_path / "out"
    out.mkdir()
    with hhtools.connect(db) as store:
        summary = export_phh(store, out)
    assert (summary.hands, summary.skipped) == (0, 2)
    assert summary.left_out == {"omaha-hilo limit: halves raked apart": 1,
                                "omaha pot_limit: read in part": 1}  # fmt: skip


def test_bomb_pot_without_blinds_is_left_out(tmp_path: Path) -> None:
    """PokerNow's bomb pot (bomb_pot_bets_no_blinds.csv: three players put 20 each as
    a "bomb pot bet", no blinds) names no big blind, and PHH's ``min_bet`` must be
    positive (pokerkit refuses 0): the hand is left out and counted with its reason,
    not written for pokerkit to refuse."""
    bomb = FIXTURES / "pokernow" / "bomb_pot_bets_no_blinds.csv"
    summary = export_only([bomb], tmp_path)
    assert (summary.hands, summary.skipped, summary.files) == (0, 1, [])
    assert summary.left_out == {"omaha pot_limit: no big blind": 1}


def test_limit_raise_the_betting_was_not_reopened_to_is_left_out(tmp_path: Path) -> None:
    """Fixed limit, $0.10/$0.20: Bob bets $0.10 on the flop, Carol raises all in for
    $0.04 (or $0.05) more, short of a full $0.10 raise, Dave calls, Bob raises again.
    pokerkit keeps the betting closed to Bob (its rule and the TDA's: short all-ins
    reopen only when they add up to a full raise), so it refused the whole exported
    file ("Unable to repair the hand history"): the two hands are left out with their
    reason. With Carol's all-in a full raise ($0.20), Bob's raise to $0.30 is allowed
    and the hand is written and replays: pot 4 x $0.10 + 3 x $0.20 = $1.00 to Carol."""
    fixture = FIXTURES / "pokerstars" / "procedure_short_all_in_does_not_reopen.txt"
    (tmp_path / "short").mkdir()
    summary = export_only([fixture], tmp_path / "short")
    assert summary.left_out == {"omaha-hilo limit: raise the rules do not allow": 2}
    text = fixture.read_text(encoding="utf-8")
    hand = text[text.index("PokerStars Hand #319900000007"):]
    hand = hand[: hand.index("\n\n")] + "\n"
    full = (hand.replace("Carol ($0.24 in chips)", "Carol ($0.30 in chips)")
            .replace("Carol: raises $0.04 to $0.14", "Carol: raises $0.10 to $0.20")
            .replace("Dave: calls $0.14", "Dave: calls $0.20")
            .replace("Bob: raises $0.10 to $0.24", "Bob: raises $0.10 to $0.30")
            .replace("$0.82", "$1"))  # fmt: skip
    assert "Carol collected $1 from pot" in full and "Total pot $1 |" in full
    path = tmp_path / "full.txt"
    path.write_text(full, encoding="utf-8")
    (tmp_path / "full").mkdir()
    summary = export_only([path], tmp_path / "full")
    assert (summary.hands, summary.left_out) == (1, {})
    ((_, got),) = replay(summary.files[0]).items()
    assert not isinstance(got, str)
    # PHH's order from the small blind: Bob 10 - 0.10 - 0.20, Carol the pot, Dave
    # 10 - 0.10 - 0.20 (called, then folded to Bob's raise), Alice 10 - 0.10
    assert got[0] == got[1] == [Decimal("9.70"), Decimal("1.00"), Decimal("9.70"), Decimal("9.90")]
