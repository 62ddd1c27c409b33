"""The kept tables' rows summed over a batch's Arrow columns
(hhtools.store.tables.kept_arrays, what the import's workers run) against the store's SQL
over the same batch (kept.kept_rows_sql, the reference) and against values worked out by
hand: the lows of the views (bit masks, the best low of two hole and three board ranks),
a hand's winner, players and kinds, the cubes' sums of a small batch built by hand."""

from __future__ import annotations

import datetime as dt
from pathlib import Path
from typing import Any

import numpy as np
import pyarrow as pa
import pytest

from hhtools.ingest.read import read_sources
from hhtools.model.records import Problem
from hhtools.store.db import to_arrow
from hhtools.store.pipeline import process_chunk
from hhtools.store.report_cube import _SUMS
from hhtools.store.tables.kept import SUMMED, kept_rows, kept_rows_sql
from hhtools.store.tables import kept_arrays
from hhtools.store.tables.kept_arrays import REPORT_SUMS, best_low, low_mask

ROOT = Path(__file__).resolve().parents[1]
SHARED = ROOT.parent / "shared"


def _rows(name: str, table: pa.Table) -> Any:
    """A kept table's rows in a comparable form: summaries sorted by hand, cube rows by
    key (one row per key in a batch), doubles rounded (summed in another order)."""
    rows = [{c: round(v, 9) if isinstance(v, float) else v for c, v in r.items()}
            for r in table.to_pylist()]  # fmt: skip
    if name == "hand_summary":
        return sorted(rows, key=lambda r: (r["site"], r["hand_id"]))
    keys = SUMMED[name]
    out = {tuple(r[k] for k in keys): r for r in rows}
    assert len(out) == len(rows), f"{name}: a key twice in one batch"
    return out


def _same_as_sql(tables: dict[str, pa.Table]) -> dict[str, int]:
    """Assert the arrays' rows are the SQL's; the SQL's counts of a few rare sums."""
    got, want = kept_rows(tables), kept_rows_sql(tables)
    for name, table in want.items():
        assert got[name].schema == table.schema, name
        assert _rows(name, got[name]) == _rows(name, table), name
    cube = want["report_cube"]
    return {c: sum(v or 0 for v in cube.column(c).to_pylist())
            for c in ("counterfeited", "low_possible", "scooped", "quartered")}  # fmt: skip


def _batches(paths: list[Path]) -> list[dict[str, pa.Table]]:
    """Each history's hands as one batch of hand tables (the rows stage's tables)."""
    out = []
    for read in read_sources(paths):
        if isinstance(read, Problem) or read.format is None:
            continue
        texts, key = list(read.hands()), read.format.key
        read.close()
        res = process_chunk(key, texts, True, 7, 0)
        if res.keys is not None:
            out.append(res.tables)
    return out


def test_the_sums_are_the_sqls_on_the_fixtures_samples_and_corpus() -> None:
    """Every fixture, sample and corpus history, one batch each: the same rows, and
    the rare sums met (counterfeited lows, boards with a low possible, scoops, quarters)."""
    paths = [ROOT / "tests" / "fixtures", ROOT / "sample_histories"]
    paths += [p for p in (SHARED / "corpus", SHARED / "corpus2") if p.is_dir()]
    met = dict.fromkeys(("counterfeited", "low_possible", "scooped", "quartered"), 0)
    batches = _batches(paths)
    assert len(batches) > 100
    for tables in batches:
        for c, n in _same_as_sql(tables).items():
            met[c] += n
    assert all(met.values()), met


def test_the_sums_are_the_sqls_on_generated_hands(generated: Any) -> None:
    """3,000 generated hands in one batch."""
    folder, _ = generated(3000, 100, files=1)
    (tables,) = _batches([folder])
    assert tables["hands"].num_rows == 3000
    met = _same_as_sql(tables)
    assert met["low_possible"] > 0 and met["scooped"] > 0


def test_the_report_sums_are_the_cubes_columns() -> None:
    assert REPORT_SUMS == tuple(_SUMS)


def test_low_masks_and_best_lows_worked_by_hand() -> None:
    """Masks: bit r - 1 of each low rank in the text, none above the qualifier; the best
    low: the least five-rank mask of two hole and three board ranks."""
    cards = pa.array(["Ah 3h Kd 9c", None, "2c 2d Ts"])
    assert low_mask(cards, np.array([8, 8, 8])).tolist() == [0b101, 0, 0b10]
    assert low_mask(cards, np.array([9, 8, 8])).tolist() == [0b100000101, 0, 0b10]
    a, two, three, four, five, seven = 1, 2, 4, 8, 16, 64
    got = best_low(np.array([a | two, a | two, a | two | three, a | two | three, 0b11111]),
                   np.array([three | four | five, two | three | four, four | five | seven,
                             three | four | five | seven, a | two]))  # fmt: skip
    # A2 + 345: the wheel; A2 on 234: the board's 2 cannot be played with the hole's;
    # A23 on 457: A2 + 457 (7-5-4-2-A) beats A3 and 23; on 3457: A2 + 345; two board ranks: none
    assert got.tolist() == [31, -1, a | two | four | five | seven, 31, -1]


def _small_batch() -> dict[str, pa.Table]:
    """Two hands worked by hand: hand 1 hi/lo at 10/20, two seats tied on net and a
    seat sitting out without chips; hand 2 at 0/0 big blind (no big blinds), a seat
    without statistics."""
    when = dt.datetime(2024, 3, 1, 23, 30)
    hands = to_arrow("hands", {
        "site": ["s", "s"], "hand_id": ["1", "2"], "game": ["omaha", "omaha"],
        "structure": ["pot_limit", "pot_limit"], "stakes": ["10/20", "0/0"],
        "currency": ["USD", "USD"], "big_blind": [20, 0], "hi_lo": [True, False],
        "qualifier": [None, None], "started_at": [when, None], "import_id": [3, None],
        "_n": [10, 11]}, extra=("_n",))  # fmt: skip
    seats = to_arrow("seats", {
        "site": ["s"] * 4, "hand_id": ["1", "1", "1", "2"], "seat": [5, 2, 7, 1],
        "player": ["al", "bob", "cy", "al"], "sitting_out": [False, False, True, False],
        "put_in": [40, 40, 0, 10], "collected": [100, 100, 0, 0], "net": [60, 60, 0, -10],
        "scooped": [0, 0, 0, 0], "quartered": [1, 1, 0, 0],
        "vpip_opportunity": [True, True, None, None], "voluntary": [True, False, None, None],
        "at_showdown": [True, True, False, False], "saw_flop": [True, True, False, False],
        "due_at_showdown": [100, 100, 0, 0], "postflop_aggressive": [2, 0, None, None],
        "postflop_calls": [1, 3, None, None], "postflop_folds": [0, 0, None, None],
        "rake_paid": [1, 1, 0, 0], "_n": [10, 10, 10, 11]}, extra=("_n",))  # fmt: skip
    findings = to_arrow("findings", {"site": ["s", "s", "s"], "hand_id": ["1", "1", "1"],
                                     "kind": ["b_kind", "a_kind", "b_kind"],
                                     "_n": [10, 10, 10]}, extra=("_n",))  # fmt: skip
    actions = to_arrow("actions", {"site": ["s"], "hand_id": ["2"], "all_in": [True],
                                   "_n": [11]}, extra=("_n",))  # fmt: skip
    return {"hands": hands, "seats": seats, "findings": findings, "actions": actions}


def test_a_small_batch_worked_by_hand() -> None:
    tables = _small_batch()
    kept = kept_rows(tables)
    summary = sorted(kept["hand_summary"].to_pylist(), key=lambda r: r["hand_id"])
    assert summary == [
        # al and bob both collected and netted 60: the lower seat (bob, 2) wins
        {"site": "s", "hand_id": "1", "winner": "bob", "scoop": False, "quarter": True,
         "allin": False, "kinds": ["a_kind", "b_kind"], "players": ["al", "bob", "cy"]},
        {"site": "s", "hand_id": "2", "winner": None, "scoop": False, "quarter": False,
         "allin": True, "kinds": [], "players": ["al"]},
    ]  # fmt: skip
    # stat_cube: the seats with statistics (cy sits out with no chips: not counted;
    # al of hand 2 has none), one row each (they differ by player)
    cube = {r["player"]: r for r in kept["stat_cube"].to_pylist()}
    assert set(cube) == {"al", "bob"}
    assert (cube["al"]["hands"], cube["al"]["vpip_count"], cube["al"]["vpip_opportunities"],
            cube["al"]["wsd_count"], cube["al"]["quartered_count"],
            cube["al"]["postflop_aggressive"], cube["al"]["net_won"],
            cube["al"]["net_bb"]) == (1, 1, 1, 1, 1, 2, 60, 3.0)  # fmt: skip
    # pfr: vpip_opportunity AND preflop_raise, NULL on every seat of the key: count_if's NULL
    assert cube["al"]["pfr_count"] is None and cube["al"]["pfr_opportunities"] == 1
    assert (cube["bob"]["vpip_count"], cube["bob"]["postflop_calls"],
            cube["bob"]["position"]) == (0, 3, "unknown")  # fmt: skip
    # report_cube: al's hand 2 is a row of its own (another day and stakes), without
    # statistics; NULL postflop sums stay NULL, no big blind gives a NULL net_bb
    report = {(r["player"], r["stakes"]): r for r in kept["report_cube"].to_pylist()}
    assert set(report) == {("al", "10/20"), ("bob", "10/20"), ("al", "0/0")}
    bob, al1, al2 = report[("bob", "10/20")], report[("al", "10/20")], report[("al", "0/0")]
    assert (bob["import_id"], bob["day"], bob["first_seats"], al1["first_seats"]) == (
        3, dt.date(2024, 3, 1), 1, 0)  # bob's seat 2 is the hand's first counted seat
    assert (bob["won_at_showdown"], bob["quartered"], bob["rake_paid"]) == (1, 1, 1)
    assert (al2["import_id"], al2["day"], al2["no_stats"], al2["net_won"]) == (-1, None, 1, -10)
    assert (al2["postflop_aggressive"], al2["net_bb"], al2["first_seats"]) == (None, None, 1)
    _same_as_sql(tables)


@pytest.mark.parametrize("missing", ["findings", "actions", "boards"])
def test_a_batch_without_a_table(missing: str) -> None:
    tables = {k: v for k, v in _small_batch().items() if k != missing}
    _same_as_sql(tables)


def test_a_key_of_several_seats_is_one_row_of_their_sums() -> None:
    # al plays hands 1 and 3 (same day, stakes and position): one row of both seats'
    # sums; a NULL postflop_calls beside a 3 sums to 3; NULL currencies group together
    when = dt.datetime(2024, 3, 1, 12, 0)
    hands = to_arrow("hands", {
        "site": ["s"] * 3, "hand_id": ["1", "2", "3"], "game": ["omaha"] * 3,
        "structure": ["pot_limit"] * 3, "stakes": ["1/2"] * 3, "currency": [None] * 3,
        "big_blind": [2, 2, 2], "hi_lo": [False] * 3, "qualifier": [None] * 3,
        "started_at": [when] * 3, "import_id": [4] * 3, "_n": [3, 1, 2]}, extra=("_n",))  # fmt: skip
    seats = to_arrow("seats", {
        "site": ["s"] * 4, "hand_id": ["1", "3", "2", "1"], "seat": [1, 1, 1, 2],
        "player": ["al", "al", "bob", "bob"], "sitting_out": [False] * 4,
        "put_in": [2, 4, 2, 2], "collected": [0, 10, 0, 4], "net": [-2, 6, -2, 2],
        "scooped": [0, 0, 0, 0], "quartered": [0, 0, 0, 0],
        "vpip_opportunity": [True] * 4, "voluntary": [True, False, True, True],
        "at_showdown": [False] * 4, "saw_flop": [True] * 4, "due_at_showdown": [0] * 4,
        "postflop_aggressive": [1, 2, 0, 0], "postflop_calls": [None, 3, None, None],
        "postflop_folds": [0, 0, 0, 0], "rake_paid": [0, 1, 0, 0],
        "position_name": ["BTN", "BTN", "BB", None], "_n": [3, 2, 1, 3]}, extra=("_n",))  # fmt: skip
    kept = kept_rows({"hands": hands, "seats": seats})
    _same_as_sql({"hands": hands, "seats": seats})
    cube = {(r["player"], r["position"]): r for r in kept["stat_cube"].to_pylist()}
    assert set(cube) == {("al", "BTN"), ("bob", "BB"), ("bob", "unknown")}
    al = cube[("al", "BTN")]
    assert (al["hands"], al["vpip_count"], al["postflop_aggressive"], al["postflop_calls"],
            al["net_won"], al["net_bb"], al["currency"]) == (2, 1, 3, 3, 4, 2.0, None)  # fmt: skip
    assert cube[("bob", "BB")]["postflop_calls"] is None
    report = {r["player"]: r for r in kept["report_cube"].to_pylist()}
    assert set(report) == {"al", "bob"}  # one day, stakes and import: a row a player
    assert (report["al"]["hands"], report["al"]["rake_paid"], report["al"]["net_won"],
            report["bob"]["hands"], report["bob"]["net_won"], report["bob"]["first_seats"]
            ) == (2, 1, 4, 2, 0, 1)  # fmt: skip
    assert report["al"]["first_seats"] == 2  # seat 1 is the first of hands 1 and 3


def test_keys_past_62_bits_are_renumbered() -> None:
    # two keys of 2**40 codes each: their product passes 2**62, the first is renumbered
    tables = _small_batch()
    s = kept_arrays._Seats(tables["hands"], tables["seats"])
    a, b = np.array([0, 2**39, 0, 2**39]), np.array([5, 5, 5, 7])
    g = kept_arrays._Groups(s, np.arange(4), {
        "a": (a, 2**40, "s", pa.array(a)), "b": (b, 2**40, "s", pa.array(b))})  # fmt: skip
    x = np.array([1, 10, 100, 1000])[g.rows]
    schema = pa.schema([("a", pa.int64()), ("b", pa.int64()), ("x", pa.int64())])
    rows = g.table({"x": (x, None)}, schema).to_pylist()
    assert sorted((r["a"], r["b"], r["x"]) for r in rows) == [
        (0, 5, 101), (2**39, 5, 10), (2**39, 7, 1000)]
