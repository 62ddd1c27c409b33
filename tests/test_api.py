"""The Python API: ``hhtools.connect(path)`` and its Polars frames, on the hand-written cases."""

from __future__ import annotations

from pathlib import Path

import polars as pl
import pytest

import hhtools
from tests.conftest import HARD_CASES
from tests.storerows import import_db


@pytest.fixture(scope="module")
def db_path(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return import_db([HARD_CASES], tmp_path_factory.mktemp("api") / "hard.duckdb")


def test_connect_is_lazy_and_exported() -> None:
    assert callable(hhtools.connect)
    with pytest.raises(AttributeError):
        hhtools.no_such_thing  # noqa: B018


def test_missing_database(tmp_path: Path) -> None:
    with pytest.raises(FileNotFoundError):
        hhtools.connect(tmp_path / "nope.duckdb")


def test_frames(db_path: Path) -> None:
    with hhtools.connect(db_path) as db:
        hands = db.hands()
        assert isinstance(hands, pl.DataFrame)
        assert hands.height == 6
        assert db.hands(game="omaha-hilo")["hand_id"].to_list() == ["990000000001", "990000000004"]
        assert db.hands(player="Nia")["hand_id"].to_list() == ["990000000006"]
        # started_at is the site's clock (ET): 14:00, 14:05 ... 14:25
        assert db.hands(since="2024-03-01 14:20")["hand_id"].to_list() == [
            "990000000005", "990000000006"]

        res = db.player_results(player="Alice")
        # Alice: 86 + 43 collected - 60 put in = +69 cents; rake 9 shared 3/3/3
        assert res.select("hands", "net_won", "won_high", "won_low", "quartered",
                          "rake_paid").row(0) == (1, 69, 1, 1, 1, 3)  # fmt: skip
        # Dan: 570 collected - 200 put in (all-in) = +370; rake 60 by 200/500/500 of 1200
        dan = db.player_results(player="Dan").row(0, named=True)
        assert (dan["net_won"], dan["rake_paid"]) == (370, 10)

        assert db.scoops().select("hand_id", "player", "amount").rows() == [
            ("990000000004", "Jon", 172)]
        assert db.quarters().select("player", "amount", "share").rows() == [
            ("Alice", 43, 0.25), ("Bob", 42, 0.25)]
        f = db.findings(kind="declared_misread")
        assert f.select("hand_id", "player").rows() == [("990000000003", "Gus")]
        assert db.sql("SELECT count(*) AS n FROM seats WHERE player = ?", ["Eve"])["n"][0] == 1
        one = db.hand("990000000002")
        assert one["pots"].sort("pot")["net"].to_list() == [570, 570]
        assert db.low_possible()["hand_id"].to_list() == ["990000000001"]


def test_hand_takes_an_int_id(db_path: Path) -> None:
    """hand_id is text: an int is its decimal text (a small int made DuckDB cast the
    column to INTEGER and fail on '990000000001')."""
    with hhtools.connect(db_path) as db:
        # hand 990000000002: two pots of 570 cents (Dan all-in for 200, see test_frames)
        assert db.hand(990000000002)["pots"].sort("pot")["net"].to_list() == [570, 570]
        none = db.hand(2)
        assert set(none) == {"hands", "seats", "actions", "boards", "pots", "awards",
                             "showdowns", "findings"}  # fmt: skip
        assert all(frame.height == 0 for frame in none.values())


def test_player_results_filters_before_summing(db_path: Path) -> None:
    with hhtools.connect(db_path) as db:
        hilo = db.player_results(game="omaha-hilo")
        assert sorted(hilo["player"].to_list()) == ["Alice", "Bob", "Carol", "Ivy", "Jon"]
        assert db.player_results(since="2030-01-01").height == 0
        # the nets of every player add up to minus the rake (9+60+3+8+5+3 = 88)
        assert db.player_results()["net_won"].sum() == -88
        assert db.player_results()["rake_paid"].sum() == 88


def test_money_columns_are_integer_minor_units(tmp_path: Path) -> None:
    from datetime import datetime

    from hhtools.store import db as store
    from tests.storerows import S, add_hand

    # Hero, in time order: +125 (collects 135 of a pot he put 10 in), -50, +1.
    # Running total 125, 75, 76 cents: $1.25, $0.75, $0.76 (a DECIMAL(38,0) sum
    # divided by 100 would give whole dollars).
    path = tmp_path / "cum.duckdb"
    con = store.connect(path)
    for n, (hero, villain) in enumerate([(S(1, "Hero", 10, 135), S(2, "Vil", 135)),
                                         (S(1, "Hero", 50), S(2, "Vil", 50, 100)),
                                         (S(1, "Hero", 10, 11), S(2, "Vil", 1))]):  # fmt: skip
        add_hand(con, f"h{n}", [hero, villain], [], game="omaha", showdown=False,
                 started_at=datetime(2024, 3, 1, 20, n))  # fmt: skip
    con.close()
    with hhtools.connect(path) as db:
        cum = db.cumulative(["Hero"], currency="USD")
        assert cum.schema["cumulative"] == pl.Int64 and cum.schema["net"] == pl.Int64
        assert cum["net"].to_list() == [125, -50, 1]
        assert cum["cumulative"].to_list() == [125, 75, 76]
        # one name, not in a list, is that player (it was a DuckDB cast error)
        assert db.cumulative("Hero", currency="USD")["cumulative"].to_list() == [125, 75, 76]
        dollars = cum.select((pl.col("cumulative") / 100).alias("dollars"))["dollars"]
        assert dollars.to_list() == [1.25, 0.75, 0.76]
        # no DECIMAL or 128-bit integer in any frame the API gives
        frames = [cum, db.hands(), db.player_results(), db.scoops(), db.quarters(),
                  db.findings(), db.low_possible(), db.counterfeited(),
                  *db.hand("h0").values()]  # fmt: skip
        for frame in frames:
            for name, dtype in frame.schema.items():
                assert not isinstance(dtype, pl.Decimal) and dtype != pl.Int128, name
        res = db.player_results(player="Hero")
        assert res.schema["net_won"] == pl.Int64 and res["net_won"].to_list() == [76]


@pytest.mark.parametrize(
    "statement",
    [
        "COPY hands TO '{out}'",
        "COPY (SELECT 1) TO '{out}' (FORMAT parquet)",
        "SELECT * FROM read_csv('/etc/passwd')",
        "SELECT * FROM glob('/etc/*')",
        "ATTACH '{out}' AS other",
        "INSTALL httpfs",
        "LOAD httpfs",
        "SET enable_external_access = true",
    ],
)
def test_sql_reads_the_store_only(db_path: Path, tmp_path: Path, statement: str) -> None:
    import duckdb

    out = tmp_path / "out.file"
    with hhtools.connect(db_path) as db:
        with pytest.raises(duckdb.Error) as caught:
            db.sql(statement.format(out=out))
        # the store itself still answers on the same connection
        assert db.sql("SELECT count(*) AS n FROM hands")["n"][0] == 6
    assert not out.exists()
    message = str(caught.value)
    assert ("only reads the store" in message or "external access" in message
            or "disabled" in message), message  # fmt: skip


def test_an_in_memory_store_is_closed_to_files_too(tmp_path: Path) -> None:
    import duckdb

    out = tmp_path / "x.csv"
    with hhtools.connect(":memory:") as db:
        assert db.sql("SELECT 1 + ? AS x", [1])["x"].to_list() == [2]
        with pytest.raises(duckdb.PermissionException, match="only reads the store"):
            db.sql(f"COPY (SELECT 1) TO '{out}'")
    assert not out.exists()


def test_since_reads_words_and_says_what_it_cannot_read(db_path: Path) -> None:
    from hhtools.store.stats import StatsError

    with hhtools.connect(db_path) as db:
        # the six hands were played on 2024-03-01: within no "last N days" of today's clock
        assert db.hands(since="last 30 days").height == 0
        assert db.player_results(since="last month").height == 0
        assert db.hands(since="2024-03-01", until="2024-03-01 14:10")["hand_id"].to_list() == [
            "990000000001", "990000000002"]
        with pytest.raises(StatsError, match="cannot read 'garbage' as a time"):
            db.hands(since="garbage")


def test_a_finding_kind_no_version_reports_is_an_error(db_path: Path) -> None:
    # a typo gave an empty frame, read as "no such findings"
    with hhtools.connect(db_path) as db:
        with pytest.raises(ValueError, match="unknown finding kind 'award_missmatch'.*award_mismatch"):
            db.findings(kind="award_missmatch")
        assert db.findings(kind="award_mismatch").height == 0  # a kind with none: empty
