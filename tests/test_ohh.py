"""OHH export (hhtools/reports/ohh.py): one Open Hand History JSON object per line."""

from __future__ import annotations

import json
import re
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest

import hhtools
from hhtools.reports.ohh import amount, dumps, export_ohh
from tests.conftest import ROOT, SAMPLES
from tests.storerows import import_db

FIXTURES = ROOT / "tests" / "fixtures"
ANTE_HAND = FIXTURES / "pokerstars" / "ante_side_pot.txt"


def lines_of(files: list[Path]) -> list[str]:
    return [line for f in files for line in f.read_text(encoding="utf-8").splitlines()]


@pytest.fixture(scope="module")
def ante_hand(tmp_path_factory: pytest.TempPathFactory) -> tuple[dict[str, Any], str]:
    """(the hand parsed with exact decimals, its line) of ante_side_pot.txt."""
    tmp = tmp_path_factory.mktemp("ohh")
    db = import_db([ANTE_HAND], tmp / "ante.duckdb")
    out = tmp / "out"
    out.mkdir()
    with hhtools.connect(db) as store:
        summary = export_ohh(store, out)
    assert summary.hands == 1
    assert [f.name for f in summary.files] == ["pokerstars-omaha-pot_limit.jsonl"]
    (line,) = lines_of(summary.files)
    return json.loads(line, parse_float=Decimal)["ohh"], line


def test_amount_text_is_exact() -> None:
    assert [amount(v, "USD") for v in (125, 200, 5, 0, -5)] == [
        "1.25", "2.00", "0.05", "0.00", "-0.05"]
    assert amount(1500, "CHIPS") == "1500" and amount(1500, "PLAY") == "1500"
    assert dumps({"x": amount(125, "EUR"), "y": "a\"b"}) == '{"x": 1.25, "y": "a\\"b"}'


def test_amounts_are_numbers_and_texts_stay_texts() -> None:
    # written in one call of the C encoder, amounts marked between NULs, then unmarked:
    # a text that looks like an amount, or holds NULs, is still a text
    value = {"players": [{"name": "1.25", "stack": amount(-5, "USD"), "seat": 3},
                         {"name": "Zoë", "stack": amount(1500, "CHIPS"),
                          "cards": ("Ah", "2c")}],
             "ok": True, "none": None}  # fmt: skip
    assert dumps(value) == ('{"players": [{"name": "1.25", "stack": -0.05, "seat": 3}, '
                            '{"name": "Zoë", "stack": 1500, "cards": ["Ah", "2c"]}], '
                            '"ok": true, "none": null}')  # fmt: skip
    nul = {"name": "\x001.25\x00", "stack": amount(125, "USD")}  # written value by value
    assert dumps(nul) == '{"name": "\\u00001.25\\u0000", "stack": 1.25}'


def test_header_fields(ante_hand: tuple[dict[str, Any], str]) -> None:
    ohh, _ = ante_hand
    assert ohh["spec_version"] == "1.4.7"
    assert (ohh["site_name"], ohh["game_number"], ohh["table_name"]) == (
        "pokerstars", "990000000301", "Antlia IV")
    # 20:15 ET on 2 April 2024 is 00:15 UTC the next day (daylight saving time)
    assert ohh["start_date_utc"] == "2024-04-03T00:15:00"
    assert (ohh["game_type"], ohh["bet_limit"]) == ("Omaha", {"bet_type": "PL",
                                                              "bet_cap": Decimal("0.00")})  # fmt: skip
    assert (ohh["table_size"], ohh["dealer_seat"], ohh["currency"]) == (6, 4, "USD")
    assert (ohh["small_blind_amount"], ohh["big_blind_amount"], ohh["ante_amount"]) == (
        Decimal("0.50"), Decimal("1.00"), Decimal("0.10"))
    assert ohh["tournament"] is False and "tournament_info" not in ohh
    # players by seat, ids from 0: Ava 0 (seat 1), Bo 1, Cal 2, Dee 3; Bo is the hero
    assert [(p["id"], p["seat"], p["name"], p["starting_stack"]) for p in ohh["players"]] == [
        (0, 1, "Ava", Decimal("20.00")), (1, 2, "Bo", Decimal("50.00")),
        (2, 4, "Cal", Decimal("8.00")), (3, 5, "Dee", Decimal("60.00"))]
    assert ohh["hero_player_id"] == 1 and ohh["flags"] == []


def test_actions_in_order(ante_hand: tuple[dict[str, Any], str]) -> None:
    ohh, _ = ante_hand
    rounds = ohh["rounds"]
    assert [(r["id"], r["street"], r["cards"]) for r in rounds] == [
        (0, "Preflop", []), (1, "Flop", ["7h", "7s", "2c"]), (2, "Turn", ["Jd"]),
        (3, "River", ["3h"]), (4, "Showdown", [])]
    got = [(a["action_number"], a["player_id"], a["action"], a["amount"], a["is_allin"])
           for a in rounds[0]["actions"]]  # fmt: skip
    d = Decimal
    assert got == [
        (1, 0, "Post Ante", d("0.10"), False), (2, 1, "Post Ante", d("0.10"), False),
        (3, 2, "Post Ante", d("0.10"), False), (4, 3, "Post Ante", d("0.10"), False),
        (5, 3, "Post SB", d("0.50"), False), (6, 0, "Post BB", d("1.00"), False),
        (7, 1, "Dealt Cards", d("0.00"), False),
        (8, 1, "Raise", d("3.50"), False),     # Bo raises to 3.50: puts in 3.50
        (9, 2, "Raise", d("7.90"), True),      # Cal: the 7.90 left after his ante
        (10, 3, "Fold", d("0.00"), False),
        (11, 0, "Call", d("6.90"), False),     # Ava had the big blind (1) in
        (12, 1, "Call", d("4.40"), False),
    ]  # fmt: skip
    assert rounds[0]["actions"][6]["cards"] == ["Ah", "Ad", "Kc", "Qs"]
    assert [(a["player_id"], a["action"], a["amount"], a["is_allin"])
            for a in rounds[1]["actions"]] == [(0, "Bet", d("12.00"), True),
                                               (1, "Call", d("12.00"), False)]  # fmt: skip
    assert rounds[2]["actions"] == rounds[3]["actions"] == []
    assert [(a["player_id"], a["action"], a["cards"]) for a in rounds[4]["actions"]] == [
        (0, "Shows Cards", ["Kh", "Kd", "9c", "8c"]), (1, "Shows Cards", ["Ah", "Ad", "Kc", "Qs"]),
        (2, "Shows Cards", ["Js", "Jc", "6d", "5d"])]


def test_pots_winners_and_rake(ante_hand: tuple[dict[str, Any], str]) -> None:
    """Main pot 0.40 antes + Dee's 0.50 + 3 x 7.90 = 24.60, Cal's full house, 23.85 paid
    (rake 0.75); side pot 2 x 12 = 24, Bo's aces up, 23.25 paid (rake 0.75)."""
    ohh, line = ante_hand
    assert ohh["pots"] == [
        {"number": 0, "amount": Decimal("24.60"), "rake": Decimal("0.75"),
         "jackpot": Decimal("0.00"), "player_wins": [
             {"player_id": 2, "win_amount": Decimal("23.85"),
              "contributed_rake": Decimal("0.75")}]},
        {"number": 1, "amount": Decimal("24.00"), "rake": Decimal("0.75"),
         "jackpot": Decimal("0.00"), "player_wins": [
             {"player_id": 1, "win_amount": Decimal("23.25"),
              "contributed_rake": Decimal("0.75")}]},
    ]  # fmt: skip
    # the JSON text itself carries the exact decimals (no float rounding on the way)
    assert '"amount": 24.60, "rake": 0.75' in line
    assert '"small_blind_amount": 0.50, "big_blind_amount": 1.00, "ante_amount": 0.10' in line


def test_every_hand_of_every_game(tmp_path: Path) -> None:
    db = import_db([SAMPLES, FIXTURES], tmp_path / "all.duckdb")
    out = tmp_path / "out"
    out.mkdir()
    with hhtools.connect(db) as store:
        summary = export_ohh(store, out)
        total = store.con.execute("SELECT count(*) FROM hands").fetchone()[0]
        games = dict(store.con.execute(
            "SELECT game || ' ' || structure, count(*) FROM hands GROUP BY ALL").fetchall())
        chips = {r[0] for r in store.con.execute(
            "SELECT hand_id FROM hands WHERE currency IN ('CHIPS', 'PLAY', '')").fetchall()}
    lines = lines_of(summary.files)
    assert summary.hands == total == len(lines) > 2000
    assert summary.games == games  # 5- and 6-card Omaha and Courchevel too
    assert {"omaha5 pot_limit", "omaha6 pot_limit", "courchevel pot_limit"} <= set(games)
    number = re.compile(r'"(?:amount|[a-z_]*_amount|starting_stack|rake|jackpot|bet_cap|'
                        r'contributed_rake)": (-?[0-9.]+)')
    for line in lines:
        hand = json.loads(line, parse_float=Decimal)["ohh"]  # every line is one object
        assert hand["game_type"] in ("Omaha", "OmahaHiLo")
        # every amount is exact decimal text: cents with two decimals, chips whole (a
        # tournament's buy-in is in its own currency: cents)
        info = re.search(r'"tournament_info": (\{[^{}]*\})', line)
        if info:  # whole units when the history prints no currency ("100+9")
            cents = hand["tournament_info"]["currency"] != ""
            assert all(re.fullmatch(r"-?\d+\.\d\d" if cents else r"\d+", t)
                       for t in number.findall(info[1]))  # fmt: skip
        texts = number.findall(line.replace(info[1], "") if info else line)
        assert texts, line[:200]
        if hand["game_number"] in chips:
            assert all(re.fullmatch(r"-?\d+", t) for t in texts), line[:200]
        else:
            assert all(re.fullmatch(r"-?\d+\.\d\d", t) for t in texts), line[:200]


def _one_hand(fixture: Path, tmp_path: Path) -> dict[str, Any]:
    tmp_path.mkdir(exist_ok=True)
    db = import_db([fixture], tmp_path / "one.duckdb")
    out = tmp_path / "out"
    out.mkdir()
    with hhtools.connect(db) as store:
        summary = export_ohh(store, out)
    (line,) = lines_of(summary.files)
    ohh: dict[str, Any] = json.loads(line, parse_float=Decimal)["ohh"]
    return ohh


def test_buy_in_fee_and_bounty_as_the_history_prints_them(tmp_path: Path) -> None:
    """"$3.00+$0.30 USD": $3 to the prize pool, a $0.30 fee; "$4.40+$5+$0.60 USD" (a
    knockout): $4.40 to the prize pool, $5 bounty, $0.60 fee. Seat bounties ("$5
    bounty") are each player's player_bounty."""
    d = Decimal
    plain = _one_hand(FIXTURES / "pokerstars" / "limit_tournament_level_names_the_bets.txt",
                      tmp_path / "plain")  # fmt: skip
    assert plain["tournament"] is True
    info = plain["tournament_info"]
    assert (info["tournament_number"], info["currency"]) == ("3100000011", "USD")
    assert (info["buyin_amount"], info["fee_amount"], info["bounty_fee_amount"]) == (
        d("3.00"), d("0.30"), d("0.00"))
    assert all("player_bounty" not in p for p in plain["players"])
    assert plain["currency"] == ""  # the hand is played in tournament chips
    knockout = _one_hand(FIXTURES / "pokerstars" / "tournament_knockout_antes.txt",
                         tmp_path / "ko")  # fmt: skip
    info = knockout["tournament_info"]
    assert (info["buyin_amount"], info["fee_amount"], info["bounty_fee_amount"]) == (
        d("4.40"), d("0.60"), d("5.00"))
    assert [(p["name"], p["player_bounty"]) for p in knockout["players"]] == [
        ("Liam", d("5.00")), ("Mia", d("7.50")), ("Noah", d("5.00"))]
    # 21:30 CET on 10 February 2023 is 20:30 UTC
    assert knockout["start_date_utc"] == "2023-02-10T20:30:00"


def test_no_utc_time_is_invented(tmp_path: Path) -> None:
    """A history whose clock names no zone has no UTC start: start_date_utc is null,
    not the site's clock passed off as UTC."""
    text = ANTE_HAND.read_text(encoding="utf-8").replace(" ET\n", "\n", 1)
    hand = tmp_path / "no_zone.txt"
    hand.write_text(text, encoding="utf-8")
    ohh = _one_hand(hand, tmp_path)
    assert ohh["game_number"] == "990000000301"
    assert ohh["start_date_utc"] is None


def test_courchevel_ended_before_the_flop_keeps_its_face_up_card() -> None:
    """Courchevel deals the first board card face up with the hole cards: a hand that
    ended before the flop has that one card (``boards.cards`` 'Kd', no flop) and OHH
    writes it on the Preflop round; no flop round follows (nothing dealt or bet)."""
    from collections import defaultdict

    from hhtools.reports.ohh import _board_rounds

    board = {"cards": "Kd", "flop": None, "turn": None, "river": None}
    rounds = _board_rounds({"variant": "courchevel"}, [board], defaultdict(list))
    assert [(r["street"], r["cards"]) for r in rounds] == [("Preflop", ["Kd"])]
    dealt = {"cards": "Kd 7s 2c Qh", "flop": "Kd 7s 2c", "turn": "Qh", "river": None}
    rounds = _board_rounds({"variant": "courchevel"}, [dealt], defaultdict(list))
    assert [(r["street"], r["cards"]) for r in rounds] == [
        ("Preflop", ["Kd"]), ("Flop", ["Kd", "7s", "2c"]), ("Turn", ["Qh"])]
