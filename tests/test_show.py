"""``hhtools show``: the hand replayed street by street, the showdown read by the rules."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from hhtools.cli.main import app
from tests.conftest import HARD_CASES
from tests.storerows import import_db


@pytest.fixture(scope="module")
def db_path(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return import_db([HARD_CASES], tmp_path_factory.mktemp("show") / "hard.duckdb")


def show(db_path: Path, hand_id: str) -> str:
    result = CliRunner().invoke(app, ["show", hand_id, "--db", str(db_path)],
                                env={"COLUMNS": "200"})  # fmt: skip
    assert result.exit_code == 0, result.output
    return result.output


def test_side_pot_hand(db_path: Path) -> None:
    out = show(db_path, "990000000002")
    # preflop: 5 + 10 posted, Dan raises to 35, Eve calls 30, Finn calls 25: 105
    assert "pot after the preflop: $1.05" in out
    # flop: Eve bets 105 (pot 210), Finn raises the pot: call 105 makes 315, so to
    # 105 + 315 = 420; Dan calls his last 165 all-in, Eve calls 315 more:
    # 105 + 105 + 420 + 165 + 315 = 1110
    assert "pot after the flop: $11.10" in out
    assert "Finn: raises $3.15 to $4.20" in out
    assert "Dan: calls $1.65 and is all-in" in out
    # turn: Eve's last 500 - 35 - 420 = 45 all-in, Finn calls 45: 1200, and the
    # river adds nothing (Dan and Eve all-in)
    assert "*** TURN *** [Ts 9h 4c 2d]" in out
    assert "pot after the turn: $12.00" in out
    assert "pot after the river: $12.00" in out
    assert "Dan [Qd Jd 8c 3s]: high Kc Qd Jd Ts 9h (straight)" in out
    assert "Finn [Ks Kd 7h 6h]: high Ks Kd Kc Ts 9h (three of a kind)" in out
    assert "main pot: Dan paid $5.70, due $5.70" in out
    assert "side pot 1: Finn paid $5.70, due $5.70" in out
    # every pot paid by the rules; the only finding is Eve's hold'em-style reading
    # (two pair with all four hole cards; with exactly two, a pair of aces)
    assert "award_mismatch" not in out and "holdem_misread_prone" in out
    assert "one pair (Ah Ac Kc Ts 9h)" in out


def test_quartered_hand(db_path: Path) -> None:
    out = show(db_path, "990000000001")
    assert "low 8s 5d 3h 2c Ah (8,5,3,2,A)" in out
    assert "main pot, high: Alice paid $0.86, due $0.86" in out
    assert "main pot, low: Alice paid $0.43, due $0.43 (quarter)" in out
    assert "main pot, low: Bob paid $0.42, due $0.42 (quarter)" in out


def test_finding_and_muck(db_path: Path) -> None:
    out = show(db_path, "990000000003")
    assert "declared_misread Gus: the site says Gus has a flush, Ace high" in out
    out = show(db_path, "990000000006")
    assert "Nia mucked [Th 9h 4c 4s]" in out
    # Oto bets 20 on the river and Nia calls: 60 in the pot
    assert "pot after the river: $0.60" in out


def test_unknown_hand(db_path: Path) -> None:
    result = CliRunner().invoke(app, ["show", "123", "--db", str(db_path)])
    assert result.exit_code == 1


def test_cash_out_named_and_the_kept_pot_not_called_a_difference(tmp_path: Path) -> None:
    # Ben cashed out for $50.10 (fee $0.51); the $55.58 pot he wins by the rules ($58.50
    # less $2.92 rake) was kept by the site: named, and not flagged as a difference.
    fixture = Path(__file__).parent / "fixtures" / "pokerstars" / "cash_out_pot_not_awarded.txt"
    db = import_db([fixture], tmp_path / "cash.duckdb")
    out = show(db, "280000000101")
    assert "Ben cashed out the hand for $50.10 (cash-out fee $0.51)" in out
    assert "the site kept $55.58 of the pots it would have paid Ben" in out
    assert "main pot: Ben paid $0.00, due $55.58   (kept by the site: the player cashed out)" in out
    assert "<-- differs" not in out
    assert "award_mismatch" not in out and "chip_imbalance" not in out


def _section(out: str, title: str) -> list[str]:
    """The lines of one section of the replay (from its title to the blank line)."""
    lines = out.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith(title))
    end = next((i for i in range(start + 1, len(lines)) if not lines[i].strip()), len(lines))
    return lines[start + 1 : end]


def _pots(out: str) -> dict[str, tuple[str, set[str], list[str]]]:
    """Per pot line: amount, players who could win it, and its half lines."""
    pots: dict[str, tuple[str, set[str], list[str]]] = {}
    for line in _section(out, "Pots by the rules"):
        if not line.startswith("    "):
            name, rest = line.strip().split(": ", 1)
            amount, who = rest.split(", could be won by ")
            pots[name] = (amount.split(" (rake")[0], set(who.split(", ")), [])
        else:
            pots[name][2].append(line.strip())
    return pots


def _nets(out: str) -> dict[str, str]:
    return dict(line.strip().split(": ", 1) for line in _section(out, "Net for the hand"))


def test_side_pot_hand_pots_winners_and_nets(db_path: Path) -> None:
    out = show(db_path, "990000000002")
    pots = _pots(out)
    # main: $2.00 from each of Dan (all-in), Eve and Finn, less half of the $0.60 rake;
    # side: Eve's and Finn's $3.00 beyond that, less the other half
    assert pots["main pot"][:2] == ("$5.70", {"Dan", "Eve", "Finn"})
    assert pots["side pot 1"][:2] == ("$5.70", {"Eve", "Finn"})
    # Dan's Qd Jd with Kc Ts 9h: king-high straight; Finn's Ks Kd with Kc: three kings
    assert pots["main pot"][2] == [
        "whole pot: Dan with Kc Qd* Jd* Ts 9h (straight), hole cards Qd Jd"]
    assert pots["side pot 1"][2] == [
        "whole pot: Finn with Ks* Kd* Kc Ts 9h (three of a kind), hole cards Ks Kd"]
    # Dan 5.70 for 2.00, Eve 5.00 lost, Finn 5.70 for 5.00
    assert _nets(out) == {"Dan": "+$3.70", "Eve": "-$5.00", "Finn": "+$0.70"}


def test_quartered_hand_both_low_winners_marked(db_path: Path) -> None:
    out = show(db_path, "990000000001")
    pots = _pots(out)
    assert pots["main pot"][:2] == ("$1.71", {"Alice", "Bob", "Carol"})  # 1.80 - 0.09
    halves = pots["main pot"][2]
    # high: Alice's Kd Kc with Kh: three kings beat Carol's three queens
    assert halves[0].startswith("high: Alice with ") and "hole cards Kd Kc" in halves[0]
    # low: Alice's Ah 3h and Bob's As 3s, each with 2c 5d 8s: 8-5-3-2-A, tied
    lows = [h for h in halves if h.startswith("low: ")]
    assert len(lows) == 2
    assert "Alice with 8s 5d 3h* 2c Ah* (8,5,3,2,A)" in lows[0] + lows[1]
    assert "Bob with 8s 5d 3s* 2c As* (8,5,3,2,A)" in lows[0] + lows[1]
    # Alice 1.29 for 0.60, Bob 0.42 for 0.60, Carol 0.60 lost
    assert _nets(out) == {"Alice": "+$0.69", "Bob": "-$0.18", "Carol": "-$0.60"}


def test_hilo_side_pot_split_and_no_low_for_one_player(tmp_path: Path) -> None:
    fixture = Path(__file__).parent / "fixtures" / "bovada" / "hilo_side_pot_rake_printed.txt"
    db = import_db([fixture], tmp_path / "bovada.duckdb")
    out = show(db, "3000000001")
    pots = _pots(out)
    # the Dealer folded on the river: only the two who went on can win the main pot
    assert pots["main pot"][:2] == ("$5.70", {"Small Blind", "Big Blind"})
    assert pots["main pot"][2] == [
        "high: Small Blind with Qd* Qs 2s* 2h Kh (two pair), hole cards Qd 2s",
        "low: Big Blind with 8d 5c 3c* 2h Ah* (8,5,3,2,A), hole cards 3c Ah",
    ]
    assert pots["side pot 1"][:2] == ("$5.70", {"Big Blind"})
    assert pots["side pot 1"][2] == ["uncontested: Big Blind takes it"]
    assert "main pot: Small Blind paid $2.85, due $2.85" in out
    assert "side pot 1: Big Blind paid $5.70, due $5.70" in out
    assert _nets(out) == {"Dealer": "-$5.00", "Small Blind": "+$0.85", "Big Blind": "+$3.55",
                          "UTG": "$0.00"}  # fmt: skip
    new = _section(out, "Pots by the rules") + _section(out, "Net for the hand")
    assert all(len(line) <= 100 for line in new)


def test_courchevel_card_before_the_flop(tmp_path: Path) -> None:
    fixture = (Path(__file__).parent / "fixtures" / "pokerstars"
               / "courchevel_hilo_play_money_preflop_card.txt")  # fmt: skip
    out = show(import_db([fixture], tmp_path / "c.duckdb"), "250000000008")
    assert "*** PREFLOP *** [2s]" in out
    assert "*** FLOP *** [2s 5h 6c]" in out
    pots = _pots(out)
    assert pots["main pot"][:2] == ("300", {"Quinn", "Rosa"})
    assert pots["main pot"][2] == [
        "high: Quinn with 9c* 9h* Jd Td 6c (one pair), hole cards 9c 9h",
        "low: Rosa with 6c 5h 3d* 2s Ah* (6,5,3,2,A), hole cards 3d Ah",
    ]


def test_run_twice_boards_and_pots_per_board(tmp_path: Path) -> None:
    fixture = Path(__file__).parent / "fixtures" / "pokerstars" / "run_it_twice_shared_flop.txt"
    out = show(import_db([fixture], tmp_path / "r.duckdb"), "300000001004")
    assert "*** FLOP *** [2h 7d Tc]" in out
    assert "*** TURN *** board 1 [2h 7d Tc Kh], board 2 [2h 7d Tc Qd]" in out
    assert "*** RIVER *** board 1 [2h 7d Tc Kh 3s], board 2 [2h 7d Tc Qd 6h]" in out
    pots = _pots(out)
    assert pots["main pot, board 1"][:2] == ("$99.00", {"Quin", "Rob"})
    assert pots["main pot, board 2"][2] == [
        "whole pot: Quin with Tc 9s* 8s* 7d 6h (straight), hole cards 9s 8s"]
    assert _nets(out) == {"Quin": "+$98.00", "Rob": "-$100.00"}


def test_draws_of_the_players_whose_cards_are_known(tmp_path: Path) -> None:
    # Hand 300000000101: Ben [7s 6s 5d 4d] on As 7h 2c 9d has a straight with any 8
    # (6-5 hole cards, 9-8-7 board: beaten by J-T) or any 3 (5-4 with A-2-3: the wheel,
    # the best hand the board then allows): 8 straight outs, 4 of them nut outs. Ann's
    # set of aces is the nuts on the flop (no straight or flush is possible on As 7h 2c).
    db = tmp_path / "ev.duckdb"
    fixture = Path(__file__).parent / "fixtures" / "pokerstars" / "ev_turn_all_in_eight_outs.txt"
    result = CliRunner().invoke(app, ["import", str(fixture), "--db", str(db), "-q"])
    assert result.exit_code == 0, result.output
    out = CliRunner().invoke(app, ["show", "300000000101", "--db", str(db)]).output
    lines = [ln.strip() for ln in out.splitlines()]
    ben = lines.index("Ben on the turn [As 7h 2c 9d]: one pair")
    assert lines[ben + 1] == "straight outs 8: 3c 3d 3h 3s 8c 8d 8h 8s"
    assert lines[ben + 2] == "nut outs 4: 3c 3d 3h 3s"
    assert lines.index("Ann on the flop [As 7h 2c]: three of a kind, the nuts; with a redraw") > 0
