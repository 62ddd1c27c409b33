"""Positions, hole-card classes, game names, time words, sessions, tournaments, and the
``stats`` command's filters and formats. Every expected value is worked out in the
comments beside it."""

from __future__ import annotations

import itertools
import json
from datetime import date, datetime
from pathlib import Path

import polars as pl
import pytest
from typer.testing import CliRunner

import hhtools
from hhtools.cli.main import app
from hhtools.model.money import buy_in_total
from hhtools.rules.games import UnknownGameError, resolve_game, resolve_structure
from hhtools.rules.holes import hole_classes
from hhtools.rules.positions import position_names
from hhtools.store import db as store
from hhtools.store.importer import import_paths
from hhtools.store.player_views import session_select, sessions_from
from hhtools.store.sessions import refresh_sessions
from hhtools.store.stats import StatsError, StatsFilter, parse_when
from tests.storerows import P, S, add_hand

FIX = Path(__file__).parent / "fixtures" / "pokerstars"


# -- rules --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("players", "names"),
    [
        (2, ("BB", "BTN")),  # heads-up: the button posts the small blind
        (3, ("SB", "BB", "BTN")),
        (4, ("SB", "BB", "CO", "BTN")),
        (5, ("SB", "BB", "UTG", "CO", "BTN")),
        (6, ("SB", "BB", "UTG", "HJ", "CO", "BTN")),
        (7, ("SB", "BB", "UTG", "LJ", "HJ", "CO", "BTN")),
        (8, ("SB", "BB", "UTG", "MP", "LJ", "HJ", "CO", "BTN")),
        (9, ("SB", "BB", "UTG", "UTG+1", "MP", "LJ", "HJ", "CO", "BTN")),
        (10, ("SB", "BB", "UTG", "UTG+1", "UTG+2", "MP", "LJ", "HJ", "CO", "BTN")),
    ],
)
def test_position_names(players: int, names: tuple[str, ...]) -> None:
    assert position_names(players) == names


def test_position_names_beyond_ten() -> None:
    with pytest.raises(ValueError, match="at most 10"):
        position_names(11)


@pytest.mark.parametrize(
    ("hole", "classes"),
    [
        ("Ah As 2h 3s", ("pair", "aces", "double_suited", "a2")),
        ("Kh Qh Js Tc", ("single_suited", "rundown")),  # K-Q-J-T: no gap
        ("9c 8d 7h 5s", ("rainbow", "rundown")),  # 9-8-7-5: one gap (the 6)
        ("9c 8d 6h 5s", ("rainbow", "rundown")),  # 9-8-6-5: one gap (the 7)
        ("9c 8d 5h 4s", ("rainbow",)),  # 9-8-5-4: span 5, two gaps
        ("Ac 2d 3h 5s", ("rainbow", "rundown", "a2")),  # the ace plays low: A-2-3-5
        ("Kc Kd Ks 2c", ("pair", "single_suited")),  # Kc 2c: one suit twice
        ("Ah 2h 3h 4h 5h", ("single_suited", "rundown", "a2")),  # five of a suit
    ],
)
def test_hole_classes(hole: str, classes: tuple[str, ...]) -> None:
    assert hole_classes(hole.split()) == classes


@pytest.mark.parametrize(
    ("hole", "classes"),
    [
        ("Ac Ad 7h 8s", ("pair", "aces", "rainbow")),  # two aces, no deuce: not a2
        ("Kh 9h 7s 4s", ("double_suited",)),  # no pair, span 10: one class only
        ("2c 2d 2h 2s", ("pair", "rainbow")),
        ("Ah 2h", ("single_suited", "a2")),  # two cards: A-2 is no rundown (four ranks)
    ],
)
def test_hole_classes_of_one_class_and_of_fewer_cards(hole: str, classes: tuple[str, ...]) -> None:
    assert hole_classes(hole.split()) == classes


def test_hole_classes_of_a_card_of_no_rank_is_a_key_error() -> None:
    with pytest.raises(KeyError):
        hole_classes(["Ah", "Xd", "Kh", "Qh"])


def test_hole_classes_of_every_fourth_4_card_hole_as_the_definitions_state() -> None:
    # each class restated from HOLE_CLASSES' definitions with sets and counts (the rank
    # order deuce..ace, the ace also low for a rundown), in both card orders
    ranks = "23456789TJQKA"
    deck = [r + s for r in ranks for s in "cdhs"]
    windows = [{ranks[(low + i) % 13] for i in range(5)} for low in range(-1, 9)]
    for k, hole in enumerate(itertools.combinations(deck, 4)):
        if k % 4:
            continue
        held = [c[0] for c in hole]
        suits = [c[1] for c in hole]
        twice = sum(suits.count(s) >= 2 for s in "cdhs")
        expected = [name for name, holds in (
            ("pair", len(set(held)) < 4),
            ("aces", held.count("A") >= 2),
            ("double_suited", twice >= 2), ("single_suited", twice == 1), ("rainbow", not twice),
            ("rundown", len(set(held)) == 4 and any(set(held) <= w for w in windows)),
            ("a2", "A" in held and "2" in held),
        ) if holds]  # fmt: skip
        assert hole_classes(hole) == tuple(expected), hole
        assert hole_classes(list(reversed(hole))) == tuple(expected), hole


@pytest.mark.parametrize(
    ("name", "game"),
    [("PLO", "omaha"), ("plo4", "omaha"), ("Omaha Hi", "omaha"), ("PLO8", "omaha-hilo"),
     ("O8", "omaha-hilo"), ("Omaha Hi/Lo", "omaha-hilo"), ("plo5", "omaha5"),
     ("Big O", "omaha5-hilo"), ("PLO5-8", "omaha5-hilo"), ("PLO6", "omaha6"),
     ("omaha6-hilo", "omaha6-hilo"), ("Courchevel", "courchevel")],
)  # fmt: skip
def test_game_names(name: str, game: str) -> None:
    assert resolve_game(name) == game


def test_unknown_game_and_structure() -> None:
    with pytest.raises(UnknownGameError, match="abbreviation such as PLO"):
        resolve_game("texas holdem")
    assert [resolve_structure(s) for s in ("PL", "pot-limit", "FL", "NL")] == [
        "pot_limit", "pot_limit", "limit", "no_limit"]  # fmt: skip
    with pytest.raises(ValueError, match="pot_limit"):
        resolve_structure("spread")


def test_buy_in_total() -> None:
    # PokerStars prints prize pool + bounty + fee: 12.30 + 12.25 + 2.45 = 27.00
    assert buy_in_total("$12.30+$12.25+$2.45 USD") == (2700, "USD")
    assert buy_in_total("€4.50+€0.50") == (500, "EUR")
    assert buy_in_total("100+9") == (109, None)  # play money: whole units, no currency
    assert buy_in_total("Freeroll") is None and buy_in_total(None) is None
    # a damaged header's absurd amount is dropped, never stored (it overflowed BIGINT)
    assert buy_in_total("$" + "9" * 30 + "+$1") is None


# -- time words ---------------------------------------------------------------------


TODAY = date(2024, 3, 31)  # a Sunday


@pytest.mark.parametrize(
    ("words", "moment"),
    [
        ("2024-02-29", datetime(2024, 2, 29)),
        ("2024-02-29 18:30", datetime(2024, 2, 29, 18, 30)),
        ("today", datetime(2024, 3, 31)),
        ("yesterday", datetime(2024, 3, 30)),
        ("this week", datetime(2024, 3, 25)),  # the Monday
        ("this month", datetime(2024, 3, 1)),
        ("this year", datetime(2024, 1, 1)),
        ("last week", datetime(2024, 3, 24)),
        ("last month", datetime(2024, 2, 29)),  # March 31 less a month: February's last day
        ("last 30 days", datetime(2024, 3, 1)),
        ("Last  2 Weeks", datetime(2024, 3, 17)),
        ("past 3 months", datetime(2023, 12, 31)),
        ("last 1 year", datetime(2023, 3, 31)),
    ],
)
def test_parse_when(words: str, moment: datetime) -> None:
    assert parse_when(words, today=TODAY) == moment


def test_parse_when_refuses_anything_else() -> None:
    with pytest.raises(StatsError, match="cannot read 'next tuesday' as a time"):
        parse_when("next tuesday", today=TODAY)


def test_filter_errors_say_what_to_give() -> None:
    with pytest.raises(StatsError, match="unknown position 'button'"):
        StatsFilter(position="button").where()
    with pytest.raises(StatsError, match="unknown hand class 'suited'"):
        StatsFilter(hand_class=("suited",)).where()
    with pytest.raises(StatsError, match="unknown game"):
        StatsFilter(game="razz").where()
    assert StatsFilter(game="PLO8", limit="PL").where()[1] == ["omaha-hilo", "pot_limit"]


# -- sessions -----------------------------------------------------------------------


def test_sessions_split_on_a_gap() -> None:
    con = store.connect(":memory:")
    # Pia's hands at 10:00, 10:20, 10:55, 11:10: the 35 minutes from 10:20 to 10:55 end
    # a 30-minute session, not a 40-minute one. Nets +30, -10, +50, -20 cents at a
    # 10-cent big blind: session 1 +20 (2 bb over 2 hands: 100 bb/100), session 2 +30.
    for i, (minute, net) in enumerate(((0, 30), (20, -10), (55, 50), (70, -20))):
        add_hand(con, f"s{i}", [S(1, "Pia", 50 if net < 0 else 20,
                                  50 + net if net < 0 else 20 + net),
                                S(2, "Quo", 10, 0, folded="preflop")],
                 [P(0, 60, ["Pia"], ["Pia"], [])], game="omaha",
                 started_at=datetime(2024, 1, 1, 10 + minute // 60, minute % 60))  # fmt: skip
    assert refresh_sessions(con) == 2  # Pia and Quo: nobody's sessions were stored yet
    assert refresh_sessions(con) == 0  # nothing new
    got = con.execute("SELECT session, start, \"end\", hands, net_won, bb_per_100 FROM sessions "
                      "WHERE player = 'Pia' ORDER BY session").fetchall()  # fmt: skip
    assert got == [
        (1, datetime(2024, 1, 1, 10, 0), datetime(2024, 1, 1, 10, 20), 2, 20, 100.0),
        (2, datetime(2024, 1, 1, 10, 55), datetime(2024, 1, 1, 11, 10), 2, 30, 150.0),
    ]
    # with a 40-minute gap the 35 minutes do not end the session: one of 4 hands, +50
    wider = sessions_from(f"({session_select(40)})")
    assert con.execute(f"SELECT session, hands, net_won FROM ({wider}) WHERE player = 'Pia'"
                       ).fetchall() == [(1, 4, 50)]  # fmt: skip
    # a later hand at 11:30 (20 minutes after 11:10) joins the second session
    add_hand(con, "s4", [S(1, "Pia", 10, 0), S(2, "Quo", 10, 20)],
             [P(0, 20, ["Quo"], ["Quo"], [])], game="omaha",
             started_at=datetime(2024, 1, 1, 11, 30))  # fmt: skip
    assert refresh_sessions(con) == 2
    assert con.execute("SELECT session, hands, net_won, \"end\" FROM sessions WHERE player = "
                       "'Pia' ORDER BY session").fetchall() == [
        (1, 2, 20, datetime(2024, 1, 1, 10, 20)), (2, 3, 20, datetime(2024, 1, 1, 11, 30))]
    con.close()


# -- the store of fixtures: stats and tournaments -------------------------------------


@pytest.fixture(scope="module")
def db_path(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("filters") / "f.duckdb"
    files = sorted(FIX.glob("stats_*.txt")) + [
        FIX / "tournament_results_split_and_progressive_bounties.txt"]  # fmt: skip
    summary = import_paths(files, path, workers=1)
    assert summary.hands == 9 and summary.failed == 0
    return path


def test_tournaments(db_path: Path) -> None:
    with hhtools.connect(db_path) as db:
        t = {(r["tournament_id"], r["player"]): r for r in db.tournaments().iter_rows(named=True)}
    vic = t["2012090011", "Vic"]
    # $12.30+$12.25+$2.45 = 2700 cents; won the tournament ($230.40) and $19.95 of bounty
    assert (vic["buy_in_amount"], vic["currency"], vic["place"], vic["prize"], vic["bounties"]) == (
        2700, "USD", 1, 23040, 1995)  # fmt: skip
    assert vic["roi"] == pytest.approx((23040 + 1995 - 2700) / 2700)
    uli = t["2012090011", "Uli"]
    assert (uli["place"], uli["prize"], uli["roi"]) == (2, 14160, pytest.approx((14160 - 2700) / 2700))
    # Ros finished 397th of the $265 tournament with nothing: ROI -100%
    ros = t["2012090010", "Ros"]
    assert (ros["buy_in_amount"], ros["place"], ros["prize"], ros["roi"]) == (26500, 397, 0, -1.0)
    # Pia won half of a $50 bounty; her place is not in the histories: no ROI
    pia = t["2012090010", "Pia"]
    assert (pia["place"], pia["prize"], pia["bounties"], pia["roi"]) == (None, None, 2500, None)
    # the play-money home game: 100+9 whole units, prize 200: chips never became money
    wes = t["743144020", "Wes"]
    assert (wes["buy_in_amount"], wes["currency"], wes["prize"]) == (109, "PLAY", 200)
    assert wes["roi"] == pytest.approx((200 - 109) / 109)


def test_stats_filters(db_path: Path) -> None:
    with hhtools.connect(db_path) as db:
        # 'alice' in any case; Alice played the six stats hands, 5 of them dealt in
        # (see test_stats.py); none of the tournament hands
        alice = db.stats(("player",), player="ALICE")
        assert alice["player"].to_list() == ["Alice"] and alice["hands"].item() == 5
        # the hi/lo hands only: 300000000004 and 300000000006
        hilo = db.stats(("game",), game="PLO8")
        assert hilo["game"].to_list() == ["omaha-hilo"]
        # grouped without players a hand counts once: 2 hands; 4 players in 004 and 3 in
        # 006: 7 seats
        assert (hilo["hands"].item(), hilo["seats"].item()) == (2, 7)
        # a session is a player's: --by session groups by player too, in time order
        sessions = db.stats("session")
        assert sessions.columns[:3] == ["player", "session", "hands"]
        # Alice's stats hands run from 20:00 to 20:25 CET (14:00-14:25 ET, 18:00-18:25 UTC)
        # five minutes apart: one session
        alice = sessions.filter(pl.col("player") == "Alice")
        assert alice["hands"].to_list() == [5]
        # PLO8 is pot limit; with --limit FL it contradicts itself
        with pytest.raises(StatsError, match="--game PLO8 is pot_limit"):
            db.stats(game="PLO8", limit="FL")
        # stakes as numbers: 0.05/0.1 is 0.05/0.10, the six stats hands: 4 + 6 + 5 + 4 +
        # 2 + 3 seats dealt in (Gina sits out of 002)
        assert db.stats(stakes="$.05/$.1")["hands"].sum() == 24
        # --until a day counts that day whole: the stats hands were dealt on 2024-05-10
        # between 14:00 and 14:25 ET (the clock PokerStars stores); a moment is exclusive:
        assert db.stats(since="2024-05-10", until="2024-05-10")["hands"].sum() == 24
        # before 14:10 only 001 (14:00, 4 seats) and 002 (14:05, 6 dealt in)
        assert db.stats(since="2024-05-10", until="2024-05-10 14:10")["hands"].sum() == 4 + 6
        # a plain string for the API's grouping and hand class
        assert db.stats("player,position").columns[:2] == ["player", "position"]
        # tournaments count in chips: a currency of their own, never added to dollars
        by_limit = db.stats_money(("limit",))
        assert set(by_limit["currency"]) >= {"USD", "CHIPS"}
        # hand classes: the known holes with two aces are Bob's [As Ad Jh Tc] (hand 002),
        # Bob's [As Ac 7h 6h] (heads-up 005) and Vic's [Ad As Kh 6c 5d]
        aces = db.stats(("player",), hand_class=("aces",))
        assert dict(aces.select("player", "hands").rows()) == {"Bob": 2, "Vic": 1}
        # both classes at once: [As Ac 7h 6h] (two hearts) and [Ad As Kh 6c 5d] (two
        # diamonds) are single-suited; [As Ad Jh Tc] is rainbow
        both = db.stats(("player",), hand_class=("aces", "single_suited"))
        assert dict(both.select("player", "hands").rows()) == {"Bob": 1, "Vic": 1}
        # --min-hands keeps the groups with that many hands
        assert (db.stats(("player",), min_hands=5)["hands"] >= 5).all()
        with pytest.raises(StatsError, match="did you mean 'Alice'"):
            db.stats(("player",), player="Alise")


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(app, list(args), env={"COLUMNS": "200"})
    return result.exit_code, result.stdout, result.stderr


def test_stats_command_formats(db_path: Path, tmp_path: Path) -> None:
    code, out, _ = run("stats", "--db", str(db_path), "--format", "json", "--limit", "PL",
                       "--currency", "usd")  # fmt: skip
    assert code == 0
    rows = {r["player"]: r for r in json.loads(out)}
    # Alice's five hands: -128 cents (test_stats.py counts them), all USD pot limit
    assert rows["Alice"]["hands"] == 5 and rows["Alice"]["net_won_USD_pot_limit"] == -128
    # grouped by the betting structure, the money columns are per currency alone
    code, out, _ = run("stats", "--db", str(db_path), "--format", "json", "--by", "limit")
    by_limit = json.loads(out)
    assert code == 0 and [r["limit"] for r in by_limit] == ["pot_limit"]
    assert "net_won_USD" in by_limit[0] and "net_won_CHIPS" in by_limit[0]
    code, out, _ = run("stats", "--db", str(db_path), "--by", "position", "--format", "csv")
    assert code == 0 and out.splitlines()[0].startswith("position,hands,seats,vpip,vpip_count")
    code, out, _ = run("stats", "--db", str(db_path), "--by", "player,month", "--format", "csv",
                       "--game", "PLO")  # fmt: skip
    assert code == 0 and out.splitlines()[0].startswith("player,month,hands")
    assert ",2024-05," in out
    target = tmp_path / "s.parquet"
    code, _, err = run("stats", "--db", str(db_path), "--format", "parquet", "--out", str(target))
    assert code == 0 and f"wrote {target}" in err
    # one row per player dealt in: Alice, Bob, Carol, Dave, Erin, Frank (Gina only sat
    # out) and the tournament file's players seated in its three hands
    parquet = pl.read_parquet(target)
    assert parquet["player"].n_unique() == parquet.height
    with hhtools.connect(db_path) as db:
        dealt = db.sql("SELECT count(DISTINCT player) AS n FROM seats WHERE NOT sitting_out")
    assert parquet.height == dealt["n"].item()
    text = tmp_path / "s.txt"
    code, _, _ = run("stats", "--db", str(db_path), "--out", str(text), "--by", "session")
    assert code == 0 and text.read_text().startswith("player  session")
    code, out, _ = run("stats", "--db", str(db_path))
    assert code == 0 and "VPIP" in out and "net won" in out


@pytest.mark.parametrize(
    ("args", "code", "line"),
    [
        (["--player", "Alise"], 1, "error: no player 'Alise'; did you mean 'Alice'?"),
        (["--since", "2030-01-01"], 1, "error: no hands (since 2030-01-01) in "),
        (["--since", "soon"], 2, "error: cannot read 'soon' as a time"),
        (["--by", "seat"], 2, "error: cannot group by 'seat': use player, site"),
        (["--since", "last 3000 years"], 2, "error: 'last 3000 years' reaches back before"),
        (["--stakes", "abc"], 2, "error: cannot read stakes 'abc'"),
        (["--game", "PLO8", "--limit", "FL"], 2, "error: --game PLO8 is pot_limit"),
        (["--hand-class", "suited"], 2, "error: unknown hand class 'suited'"),
        (["--format", "xml"], 2, "error: unknown format 'xml'"),
        (["--format", "parquet"], 2, "error: --format parquet needs --out FILE"),
    ],
)
def test_stats_command_errors(db_path: Path, args: list[str], code: int, line: str) -> None:
    got, _, err = run("stats", "--db", str(db_path), *args)
    assert got == code, err
    assert err.startswith(line), err


def test_a_store_of_schema_5_gets_its_facts(tmp_path: Path) -> None:
    """A store written before the statistics: the columns appear, worked out from the
    stored seats, actions and boards, equal to what an import of today stores."""
    path = tmp_path / "old.duckdb"
    files = sorted(FIX.glob("stats_*.txt")) + sorted(FIX.glob("ev_*.txt"))
    import_paths(files, path, workers=1)
    facts = ("hole_classes, position_name, vpip_opportunity, three_bet_opportunity, three_bet, "
             "fold_to_three_bet_opportunity, fold_to_three_bet, cbet_opportunity, cbet, "
             "fold_to_cbet_opportunity, fold_to_cbet, postflop_aggressive, postflop_calls, "
             "postflop_folds, saw_flop, at_showdown")  # fmt: skip
    query = f"SELECT site, hand_id, seat, {facts} FROM seats ORDER BY ALL"
    con = store.connect(path)
    want = con.execute(query).fetchall()
    sessions = con.execute("SELECT * FROM seat_sessions ORDER BY ALL").fetchall()
    for column in facts.split(", "):  # what schema 5 had: none of these columns
        con.execute(f"ALTER TABLE seats DROP COLUMN {column}")
    con.execute("DROP VIEW sessions")
    con.execute("DROP TABLE seat_sessions")  # nor this table
    con.close()
    con = store.connect(path)  # the upgrade
    assert con.execute(query).fetchall() == want
    assert con.execute("SELECT * FROM seat_sessions ORDER BY ALL").fetchall() == sessions
    assert len(sessions) > 20
    assert con.execute("SELECT count(*) FROM seats WHERE vpip_opportunity IS NULL"
                       ).fetchall() == [(0,)]  # fmt: skip
    con.close()


def test_stats_on_an_old_store_read_only_say_how_to_upgrade(tmp_path: Path) -> None:
    path = tmp_path / "old.duckdb"
    import_paths([FIX / "stats_walk.txt"], path, workers=1)
    con = store.connect(path)
    for column in ("vpip_opportunity", "position_name"):
        con.execute(f"ALTER TABLE seats DROP COLUMN {column}")
    con.close()
    with hhtools.connect(path) as db, pytest.raises(StatsError, match="older hhtools"):
        db.stats(("player",))
    code, _, err = run("stats", "--db", str(path))
    assert code == 2 and "hhtools ev --db" in err
    code, _, _ = run("ev", "--db", str(path), "-q")  # opens it for writing: upgraded
    assert code == 0
    code, out, _ = run("stats", "--db", str(path), "--format", "csv")
    assert code == 0 and out.count("\n") == 5  # the header and the walk's four players


def test_abbreviations_everywhere_a_game_is_taken(db_path: Path) -> None:
    # hhtools showdown: PLO8 is omaha-hilo (the low half is split off)
    code, out, err = run("showdown", "--game", "PLO8", "--board", "2s 5c Th 7d 8c",
                         "--hand", "A=As 4s 5h Kc", "--hand", "B=Ah 3h Qd Qs", "--pot", "100")
    assert code == 0, err
    assert "Lo" in out or "Low" in out
    with hhtools.connect(db_path) as db:
        by_name = db.player_results(game="omaha-hilo")
        by_abbreviation = db.player_results(game="O8")
        assert by_name.height and by_name.equals(by_abbreviation)
        # player names in any case
        assert db.player_results(player="ALICE")["player"].unique().to_list() == ["Alice"]
        assert db.hands(player="alice").height == 5


def test_an_old_store_gets_its_buy_ins_summed(tmp_path: Path) -> None:
    path = tmp_path / "old.duckdb"
    import_paths([FIX / "tournament_results_split_and_progressive_bounties.txt"], path, workers=1)
    con = store.connect(path)
    con.execute("UPDATE hands SET buy_in_amount = NULL, buy_in_currency = NULL")  # schema 5
    con.close()
    con = store.connect(path)
    got = con.execute("SELECT buy_in, buy_in_amount, buy_in_currency FROM hands "
                      "ORDER BY hand_id").fetchall()  # fmt: skip
    con.close()
    # $200+$50+$15 = 26500 cents; $12.30+$12.25+$2.45 = 2700; 100+9 play money = 109
    assert got == [("$200+$50+$15 USD", 26500, "USD"), ("$12.30+$12.25+$2.45 USD", 2700, "USD"),
                   ("100+9", 109, None)]


def test_report_and_stats_count_vpip_alike(db_path: Path) -> None:
    """player_results (the report) counts VPIP and PFR over the same opportunities as
    stats: Carol's walk as the big blind (hand 300000000001) is out of both."""
    with hhtools.connect(db_path) as db:
        stats = {(r["player"], r["game"]): r for r in db.stats(("player", "game")).iter_rows(
            named=True)}  # fmt: skip
        results = db.player_results().filter(pl.col("currency") == "USD")
    assert results.height >= 8
    for r in results.iter_rows(named=True):
        s = stats[r["player"], r["game"]]
        for ratio in ("vpip", "pfr"):
            want = None if s[ratio] is None else pytest.approx(100 * s[ratio])
            assert r[ratio] == want, (r["player"], r["game"], ratio)
    # Carol's PLO hands: the walk, 002 and 003: two opportunities, no money put in
    carol = stats["Carol", "omaha"]
    assert (carol["hands"], carol["vpip_count"], carol["vpip_opportunities"]) == (3, 0, 2)
    # report --min-hands above every row: nothing to show is exit 1, as stats
    code, _, err = run("report", "--db", str(db_path), "--min-hands", "1000")
    assert code == 1 and err.startswith("error: no row of at least 1000 hands in ")


def test_stats_table_shows_the_first_groups_and_says_how_many(
    db_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The terminal's tables stop at TABLE_GROUPS groups (a table of 10,000 players took
    minutes to draw); csv holds every group."""
    from hhtools.cli import stats as stats_cli

    monkeypatch.setattr(stats_cli, "TABLE_GROUPS", 2)
    code, out, _ = run("stats", "--db", str(db_path))
    assert code == 0
    code, csv_out, _ = run("stats", "--db", str(db_path), "--format", "csv")
    players = [line.split(",")[0] for line in csv_out.splitlines()[1:]]
    # Alice's five hands, then the rest: more than two players in all
    assert players[0] == "Alice" and len(players) > 2
    ratio_rows = [ln for ln in out.splitlines() if ln.startswith("│ ")]
    shown = {ln.split("│")[1].strip() for ln in ratio_rows}
    assert shown == set(players[:2])  # in both tables, only the first two players
    assert " ".join(out.split()).endswith(
        f"the first 2 of {len(players)} groups (player) in both tables: --out FILE writes "
        "them all, as do --format csv, json and parquet")  # fmt: skip
