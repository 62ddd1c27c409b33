"""Totals add up: a table's net won, summed over every player, is minus what the house
took (rake, fees, jackpot, pots kept for cashed-out players) plus what it added (room
money) and paid (cash-outs), in every surface that sums seats: ``player_results``,
``stats``, ``sessions``, ``report`` and the API's frames (issue 24, item 3).

The hand-written fixture (tests/fixtures/pokerstars/tournament_sitting_out_posts_blind_and_ante.txt),
worked out by hand. Tournament chips, antes 5, blinds 15/30; Ben (seat 2) sits out in
both hands, yet the site posts for him:

H1 230000007001, button Ann (seat 1): every seat antes 5 (20); Ben posts the small
   blind 15, Cat the big blind 30; Dan raises to 90, everyone folds; Dan gets 60 back
   and collects 20 + 15 + 30 + 30 = 95. Nets: Ann -5, Ben -5-15 = -20, Cat -5-30 = -35,
   Dan 95 - 95 + 60 = +60. Sum 0 (no rake).
H2 230000007002, button Dan (seat 4): antes 5 each (20); Ann posts the small blind 15,
   Ben the big blind 30; Cat, Dan and Ann fold: a walk for Ben, who gets 15 back and
   collects 20 + 15 + 15 = 50. Nets: Ann -20, Ben 50 - 35 + 15 = +30, Cat -5, Dan -5.
Over both: Ann -25, Ben +10, Cat -40, Dan +55 (sum 0); two hands each. Leaving Ben
out (as before the fix) made the table sum to +20 - 30 = -10... of chips nobody lost.
"""

from __future__ import annotations

import dataclasses
from collections import defaultdict
from pathlib import Path
from typing import Any

import pytest

import hhtools
from hhtools.reports.report import build_report
from hhtools.store.importer import import_paths
from hhtools.store.seat_results import seat_results
from hhtools.store.stats import StatsFilter
from tests.conftest import CORPUS, need_corpus

FIXTURE = (Path(__file__).parent / "fixtures" / "pokerstars"
           / "tournament_sitting_out_posts_blind_and_ante.txt")  # fmt: skip
NETS = {"Ann": -25, "Ben": 10, "Cat": -40, "Dan": 55}
TABLE = ("pokerstars", "CHIPS", "3200000701 1")


@pytest.fixture(scope="module")
def sitting_out_db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    db = tmp_path_factory.mktemp("sitting_out") / "s.duckdb"
    summary = import_paths([FIXTURE], db, workers=1)
    assert summary.hands == 2
    return db


def _by_player(frame: Any, value: str = "net_won") -> dict[str, int]:
    out: dict[str, int] = defaultdict(int)
    for row in frame.iter_rows(named=True):
        out[row["player"]] += row[value]
    return dict(out)


def test_sitting_out_seat_that_posts_counts_in_player_results(sitting_out_db: Path) -> None:
    with hhtools.connect(sitting_out_db) as db:
        results = db.player_results()
    assert _by_player(results) == NETS
    assert _by_player(results, "hands") == {"Ann": 2, "Ben": 2, "Cat": 2, "Dan": 2}


def test_sitting_out_seat_that_posts_counts_in_stats(sitting_out_db: Path) -> None:
    with hhtools.connect(sitting_out_db) as db:
        money = db.stats_money(("player",))
        wide = db.stats(("player",))
        by_table = db.stats_money(("site", "table"))
    assert _by_player(money) == NETS
    assert {r["player"]: r["net_won_CHIPS_pot_limit"] for r in wide.iter_rows(named=True)} == NETS
    # bb/100 over his 2 hands: +10 chips is 1/3 of a 30-chip big blind, 100 * (1/3) / 2
    ben = money.filter(money["player"] == "Ben").row(0, named=True)
    assert ben["hands"] == 2 and ben["bb_per_100"] == pytest.approx(100 / 6)
    # Ben chose nothing: his hands are in no ratio's opportunities
    ben_ratios = wide.filter(wide["player"] == "Ben").row(0, named=True)
    assert ben_ratios["vpip_opportunities"] == 0
    assert by_table.select("site", "table", "currency", "net_won").rows() == [
        ("pokerstars", "3200000701 1", "CHIPS", 0)]


def test_sitting_out_seat_that_posts_counts_in_sessions_tournaments_report(
    sitting_out_db: Path,
) -> None:
    with hhtools.connect(sitting_out_db) as db:
        sessions = db.sessions()
        tournaments = db.tournaments()
        report = build_report(db, StatsFilter(), chart_players=0)
        curve = db.cumulative(["Ben"])
    assert _by_player(sessions) == NETS
    assert _by_player(sessions, "hands") == {"Ann": 2, "Ben": 2, "Cat": 2, "Dan": 2}
    assert _by_player(tournaments, "hands") == {"Ann": 2, "Ben": 2, "Cat": 2, "Dan": 2}
    assert _by_player(report.results) == NETS
    assert curve.select("n", "net", "cumulative").rows() == [(1, -20, -20), (2, 30, 10)]


def test_rake_share_of_a_sitting_out_seat_that_put_chips_in() -> None:
    # H1 with a rake of 10 (invented, to test the share): in less returns Ann 5, Ben 20,
    # Cat 35, Dan 95 - 60 = 35; 95 in all. Shares 50/95 = 0.53, 200/95 = 2.11,
    # 350/95 = 3.68, 3.68: floors 0, 2, 3, 3 (8); the 2 units left go to the largest
    # remainders, Cat's and Dan's (65/95 each): 0, 2, 4, 4.
    first = next(iter(hhtools.parse_file(FIXTURE))).hand
    assert first is not None and first.hand_id == "230000007001"
    record = dataclasses.replace(first, rake=10)
    put_in = {"Ann": 5, "Ben": 20, "Cat": 35, "Dan": 95}
    returned = {"Dan": 60}
    assert [r[0] for r in seat_results(record, None, put_in, returned)] == [0, 2, 4, 4]


# --------------------------------------------------------------------------------------
# every table of the real corpus and of generated hands
# --------------------------------------------------------------------------------------

LEDGER = """
WITH imbalanced AS (
    SELECT site, hand_id FROM findings WHERE kind = 'chip_imbalance'
    UNION  -- a hand read in part: a line not read may hold chips, its books are not judged
    SELECT site, hand_id FROM hands WHERE read_in_part
), cash AS (
    SELECT site, hand_id, sum(coalesce(cashed_out, 0)) AS cashed_out,
           sum(collected + coalesce(cashed_out, 0) - put_in + returned) AS seats_net
    FROM seats GROUP BY ALL
)
SELECT h.site, h.currency, h.table_name, count(*) AS hands,
       count(i.hand_id) AS imbalanced,
       sum(coalesce(h.room_added, 0) + c.cashed_out - coalesce(h.rake, 0)
           - coalesce(h.fees, 0) - coalesce(h.jackpot, 0)
           - coalesce(h.cash_out_forfeited, 0))::BIGINT AS ledger,
       sum(c.seats_net)::BIGINT AS seats_net
FROM hands h JOIN cash c USING (site, hand_id)
LEFT JOIN imbalanced i USING (site, hand_id)
GROUP BY ALL
"""


@pytest.fixture(scope="module")
def corpus_db(tmp_path_factory: pytest.TempPathFactory, generated: Any) -> Path:
    need_corpus()
    folder, _ = generated(1500, 24)
    db = tmp_path_factory.mktemp("totals") / "t.duckdb"
    corpus2 = CORPUS.parent / "corpus2"
    import_paths([CORPUS, folder, *([corpus2] if corpus2.is_dir() else [])], db, workers=2)
    return db


def _sums(frame: Any, keys: tuple[str, ...]) -> dict[tuple[Any, ...], int]:
    out: dict[tuple[Any, ...], int] = defaultdict(int)
    for row in frame.iter_rows(named=True):
        out[tuple(row[k] for k in keys)] += row["net_won"]
    return dict(out)


def test_every_table_nets_to_minus_the_rake(corpus_db: Path) -> None:
    # Per site, currency and table: the sum of net won over every player equals the
    # house's take with the sign turned (rake, fees, jackpot, pots kept for cashed-out
    # players; room money and cash-outs added). A hand whose own books do not balance
    # (a chip_imbalance finding: the site paid out more or less than went in), or whose
    # books were read only in part (a line not read may hold chips), nets to what the
    # site paid: there every seat's collected, cashed out, put in and returned are
    # summed instead.
    with hhtools.connect(corpus_db) as db:
        ledger = db.sql(LEDGER)
        by_table = _sums(db.stats_money(("site", "table")), ("site", "currency", "table"))
        results = _sums(db.player_results(), ("site", "currency"))
        sessions = _sums(db.sessions(), ("site", "currency"))
        report = _sums(build_report(db, StatsFilter(), chart_players=0).results,
                       ("site", "currency"))  # fmt: skip
    assert ledger.height > 200 and ledger["hands"].sum() > 2000
    want_table: dict[tuple[Any, ...], int] = {}
    want_site: dict[tuple[Any, ...], int] = defaultdict(int)
    for r in ledger.iter_rows(named=True):
        want = r["seats_net"] if r["imbalanced"] else r["ledger"]
        want_table[r["site"], r["currency"], r["table_name"]] = want
        want_site[r["site"], r["currency"]] += want
    off = {k: (by_table.get(k), v) for k, v in want_table.items() if by_table.get(k) != v}
    assert off == {}
    assert results == dict(want_site)
    assert sessions == dict(want_site)
    assert report == dict(want_site)
    # the balanced tables are most of them: the ledger side is really checked
    assert ledger.filter(ledger["imbalanced"] == 0).height > 0.9 * ledger.height


def test_rake_paid_adds_up_to_the_rake(corpus_db: Path) -> None:
    # every unit of a hand's rake is paid by some seat that counts
    with hhtools.connect(corpus_db) as db:
        rows = db.sql(
            "SELECT h.site, h.hand_id, h.rake, sum(s.rake_paid) AS paid FROM hands h "
            "JOIN seats s USING (site, hand_id) WHERE h.rake > 0 GROUP BY ALL "
            "HAVING sum(s.rake_paid) <> h.rake")
        results = db.sql("SELECT sum(rake_paid) AS r FROM player_results")["r"][0]
        rake = db.sql("SELECT sum(greatest(rake, 0)) AS r FROM hands h WHERE EXISTS "
                      "(SELECT 1 FROM seats s WHERE s.site = h.site AND s.hand_id = h.hand_id "
                      "AND s.put_in > s.returned)")["r"][0]  # fmt: skip
    assert rows.height == 0
    assert results == rake and rake > 0
