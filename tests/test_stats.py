"""Player statistics (PokerTracker 4 style) on six hand-written PokerStars Omaha hands.

Every expected number below was counted by hand from the fixture files
``tests/fixtures/pokerstars/stats_*.txt``; the reasoning is written beside it.

The six hands (all $0.05/$0.10 USD pot limit, big blind 10 cents):

H1 300000000001 stats_walk.txt (PLO, 4 dealt in). Button Alice (seat 1).
   SB Bob, BB Carol, CO Dave, BTN Alice. Dave, Alice, Bob fold: a walk.
   Carol puts in 10, gets 5 back, collects 10: net +5. Bob -5.
H2 300000000002 stats_three_bet_fold.txt (PLO, 6 dealt in + Gina sitting out, 9-max).
   Button Bob (seat 2). SB Carol(3), BB Dave(4), UTG Erin(5), HJ Frank(6),
   [Gina seat 8 sitting out], CO Alice(1), BTN Bob(2).
   Erin folds, Frank opens to 35, Alice folds, Bob 3-bets to 110, Carol, Dave fold,
   Frank folds to the 3-bet. Bob gets 75 back, collects 85: net +50. Frank -35,
   Carol -5, Dave -10.
H3 300000000003 stats_cbet_fold.txt (PLO, 5 dealt in). Button Carol (seat 3).
   SB Dave, BB Erin, UTG Alice, CO Bob, BTN Carol.
   Alice opens to 35, Bob calls, Carol folds, Dave folds, Erin calls 25.
   Flop: Erin checks, Alice bets 80 (c-bet), Bob folds, Erin calls.
   Turn: checks. River: Erin bets 150, Alice folds; Erin collects 257 (rake 13).
   Nets: Alice -115, Bob -35, Carol 0, Dave -5, Erin 257+150-265 = +142.
H4 300000000004 stats_showdown_opponent_mucks.txt (Omaha Hi/Lo PL, 4 dealt in).
   Button Carol (seat 4). SB Frank(6), BB Alice(1), CO Bob(2), BTN Carol(4).
   Bob limps, Carol folds, Frank completes, Alice checks (no raise: nobody has a
   c-bet chance). Flop: Frank checks, Alice bets 20, Bob calls, Frank folds.
   Turn: Alice checks, Bob bets 50, Alice calls. River: checks.
   Alice shows, Bob "mucks hand". Board Kc 7d 2c 3h Js: Alice [Ah 4s Kd Qh] has
   Kd Ah + Kc Js 7d = pair of Kings (high) and Ah 4s + 7d 3h 2c = 7-4-3-2-A (low);
   Bob [Tc Td 9s 8s] has a pair of Tens and no low (only one hole card <= 8).
   Alice scoops both halves: 81 + 81 = 162 (rake 8). Nets: Alice 162-80 = +82,
   Bob -80, Frank -10, Carol 0.
H5 300000000005 stats_heads_up.txt (PLO, heads-up). Button Bob posts the small
   blind: BB Erin, BTN Bob. Bob opens to 30, Erin 3-bets to 90, Bob calls.
   Flop: Erin bets 120 (c-bet), Bob raises to 360, Erin calls.
   Turn: Erin checks, Bob bets 550 all-in, Erin calls all-in. River: no action.
   Board Ah 9c 4d 2s Kd: Bob [As Ac 7h 6h] trip Aces beats Erin [Kh Kc Qs Js]
   trip Kings. Bob collects 1950 (pot 2000, rake 50): Bob +950, Erin -1000.
H6 300000000006 stats_hilo_cbet_raise_quartered.txt (Omaha Hi/Lo PL, 3 dealt in).
   Button Dave (seat 1). SB Alice(3), BB Frank(5), BTN Dave(1).
   Dave opens to 35, Alice calls 30, Frank calls 25.
   Flop: Alice checks, Frank checks, Dave bets 60 (c-bet), Alice calls,
   Frank raises to 240, Dave calls, Alice folds (her fold faces a raise, so it is
   not a fold to the c-bet: her answer to the c-bet was the call).
   Turn: checks. River: Frank bets 200, Dave calls. Board Ac 7d 8h Kd 2s.
   Dave [Kh Ks 3c 4h]: trip Kings high, 7-4-3-2-A low. Frank [3d 4d 9s Ts]:
   high card Ace, 7-4-3-2-A low. Pot 1045, rake 53, net 992: high 496 to Dave,
   low 496 split 248/248. Dave collects 744 (net 744-475 = +269), Frank 248
   (net 248-475 = -227), Alice -95. Dave and Frank are both quartered.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

import hhtools
from hhtools.store.importer import import_paths

FIXTURES = Path(__file__).parent / "fixtures" / "pokerstars"
FILES = [
    "stats_walk.txt",
    "stats_three_bet_fold.txt",
    "stats_cbet_fold.txt",
    "stats_showdown_opponent_mucks.txt",
    "stats_heads_up.txt",
    "stats_hilo_cbet_raise_quartered.txt",
]
H1, H2, H3, H4, H5, H6 = (f"30000000000{i}" for i in range(1, 7))

T, F = True, False


@pytest.fixture(scope="module")
def db_path(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("stats") / "stats.duckdb"
    summary = import_paths([FIXTURES / name for name in FILES], path, workers=1)
    assert (summary.hands, summary.failed, summary.problems) == (6, 0, 0)
    assert not summary.findings
    return path


# --------------------------------------------------------------------------------------
# (a) per-seat stored columns
# --------------------------------------------------------------------------------------

NEW_COLUMNS = (
    "position_name",
    "vpip_opportunity", "voluntary", "preflop_raise",
    "three_bet_opportunity", "three_bet",
    "fold_to_three_bet_opportunity", "fold_to_three_bet",
    "cbet_opportunity", "cbet",
    "fold_to_cbet_opportunity", "fold_to_cbet",
    "postflop_aggressive", "postflop_calls", "postflop_folds",
    "saw_flop", "at_showdown",
)  # fmt: skip

# (hand, player): position, vpip_opp, vpip, pfr, 3b_opp, 3b, f3b_opp, f3b,
#                 cbet_opp, cbet, fcb_opp, fcb, aggressive, calls, folds, saw_flop, at_showdown
SEATS: dict[tuple[str, str], tuple[Any, ...]] = {
    # H1, the walk: every non-BB is offered VPIP; the BB (Carol) is not. Nobody raised.
    (H1, "Bob"):   ("SB",  T, F, F, F, F, F, F, F, F, F, F, 0, 0, 0, F, F),
    (H1, "Carol"): ("BB",  F, F, F, F, F, F, F, F, F, F, F, 0, 0, 0, F, F),
    (H1, "Dave"):  ("CO",  T, F, F, F, F, F, F, F, F, F, F, 0, 0, 0, F, F),
    (H1, "Alice"): ("BTN", T, F, F, F, F, F, F, F, F, F, F, 0, 0, 0, F, F),
    # H2: 6 dealt in -> SB, BB, UTG, HJ, CO, BTN (Gina sits out: no position, no chances).
    # Erin folds before any raise (no 3-bet chance). Frank opens: no 3-bet chance (his
    # second action faces two raises), fold-to-3-bet chance, folds. Alice folds facing
    # one raise (3-bet chance). Bob 3-bets. Carol and Dave fold facing two raises.
    # No flop: Bob, the last raiser, has no c-bet chance.
    (H2, "Carol"): ("SB",  T, F, F, F, F, F, F, F, F, F, F, 0, 0, 0, F, F),
    (H2, "Dave"):  ("BB",  T, F, F, F, F, F, F, F, F, F, F, 0, 0, 0, F, F),
    (H2, "Erin"):  ("UTG", T, F, F, F, F, F, F, F, F, F, F, 0, 0, 0, F, F),
    (H2, "Frank"): ("HJ",  T, T, T, F, F, T, T, F, F, F, F, 0, 0, 0, F, F),
    (H2, "Gina"):  (None,  F, F, F, F, F, F, F, F, F, F, F, 0, 0, 0, F, F),
    (H2, "Alice"): ("CO",  T, F, F, T, F, F, F, F, F, F, F, 0, 0, 0, F, F),
    (H2, "Bob"):   ("BTN", T, T, T, T, T, F, F, F, F, F, F, 0, 0, 0, F, F),
    # H3: Alice opens (no 3-bet chance); Bob calls, Carol folds, Dave folds, Erin calls:
    # all four face exactly one raise (3-bet chance, none taken). Flop: Erin checks,
    # Alice c-bets (chance + bet), Bob folds to it, Erin calls it (both had the chance).
    # Alice: flop bet + river fold. Erin: flop call + river bet. Bob: flop fold.
    # Nobody reaches showdown (Alice folds the river).
    (H3, "Dave"):  ("SB",  T, F, F, T, F, F, F, F, F, F, F, 0, 0, 0, F, F),
    (H3, "Erin"):  ("BB",  T, T, F, T, F, F, F, F, F, T, F, 1, 1, 0, T, F),
    (H3, "Alice"): ("UTG", T, T, T, F, F, F, F, T, T, F, F, 1, 0, 1, T, F),
    (H3, "Bob"):   ("CO",  T, T, F, T, F, F, F, F, F, T, T, 0, 0, 1, T, F),
    (H3, "Carol"): ("BTN", T, F, F, T, F, F, F, F, F, F, F, 0, 0, 0, F, F),
    # H4: limped pot (no raise: no 3-bet, c-bet or fold-to-c-bet chances). Frank's
    # completion is a call (VPIP); Alice's check is not. Alice: flop bet, turn call.
    # Bob: flop call, turn bet. Frank: flop fold. Alice and Bob (mucks) at showdown.
    (H4, "Frank"): ("SB",  T, T, F, F, F, F, F, F, F, F, F, 0, 0, 1, T, F),
    (H4, "Alice"): ("BB",  T, F, F, F, F, F, F, F, F, F, F, 1, 1, 0, T, T),
    (H4, "Bob"):   ("CO",  T, T, F, F, F, F, F, F, F, F, F, 1, 1, 0, T, T),
    (H4, "Carol"): ("BTN", T, F, F, F, F, F, F, F, F, F, F, 0, 0, 0, F, F),
    # H5 heads-up: ["BB", "BTN"]. Bob opens (faces no raise: no 3-bet chance), then calls
    # the 3-bet (fold-to-3-bet chance, not taken). Erin 3-bets (chance + 3-bet), is the
    # last raiser and bets first on the flop (c-bet). Bob raises the c-bet (chance, no
    # fold). Bob: flop raise + turn bet = 2 aggressive. Erin: flop bet (1), flop call and
    # turn call (2 calls).
    (H5, "Erin"):  ("BB",  T, T, T, T, T, F, F, T, T, F, F, 1, 2, 0, T, T),
    (H5, "Bob"):   ("BTN", T, T, T, F, F, T, F, F, F, T, F, 2, 0, 0, T, T),
    # H6: Dave opens (no 3-bet chance); Alice and Frank call facing one raise (3-bet
    # chance, not taken). Flop: both check, Dave c-bets; Alice calls it, Frank raises it
    # (both fold-to-c-bet chances, neither a fold); Alice's later fold faces a raise.
    # Dave: flop bet (1), flop call + river call (2). Alice: flop call, flop fold.
    # Frank: flop raise + river bet (2).
    (H6, "Alice"): ("SB",  T, T, F, T, F, F, F, F, F, T, F, 0, 1, 1, T, F),
    (H6, "Frank"): ("BB",  T, T, F, T, F, F, F, F, F, T, F, 2, 0, 0, T, T),
    (H6, "Dave"):  ("BTN", T, T, T, F, F, F, F, T, T, F, F, 1, 2, 0, T, T),
}  # fmt: skip

# Existing columns the ratios rest on: collected, net (cents), pots_won_high,
# pots_won_low, scooped, quartered, sitting_out.
MONEY: dict[tuple[str, str], tuple[int, int, int, int, int, int, bool]] = {
    (H1, "Alice"): (0, 0, 0, 0, 0, 0, F),
    (H1, "Bob"): (0, -5, 0, 0, 0, 0, F),        # small blind lost
    (H1, "Carol"): (10, 5, 0, 0, 0, 0, F),      # 10 collected + 5 returned - 10 put in
    (H1, "Dave"): (0, 0, 0, 0, 0, 0, F),
    (H2, "Alice"): (0, 0, 0, 0, 0, 0, F),
    (H2, "Bob"): (85, 50, 0, 0, 0, 0, F),       # 85 + 75 returned - 110
    (H2, "Carol"): (0, -5, 0, 0, 0, 0, F),
    (H2, "Dave"): (0, -10, 0, 0, 0, 0, F),
    (H2, "Erin"): (0, 0, 0, 0, 0, 0, F),
    (H2, "Frank"): (0, -35, 0, 0, 0, 0, F),
    (H2, "Gina"): (0, 0, 0, 0, 0, 0, T),
    (H3, "Alice"): (0, -115, 0, 0, 0, 0, F),    # 35 + 80
    (H3, "Bob"): (0, -35, 0, 0, 0, 0, F),
    (H3, "Carol"): (0, 0, 0, 0, 0, 0, F),
    (H3, "Dave"): (0, -5, 0, 0, 0, 0, F),
    (H3, "Erin"): (257, 142, 0, 0, 0, 0, F),    # 257 + 150 returned - (35+80+150)
    (H4, "Alice"): (162, 82, 1, 1, 1, 0, F),    # both halves of a 2-way pot: a scoop
    (H4, "Bob"): (0, -80, 0, 0, 0, 0, F),       # 10 + 20 + 50
    (H4, "Carol"): (0, 0, 0, 0, 0, 0, F),
    (H4, "Frank"): (0, -10, 0, 0, 0, 0, F),
    (H5, "Bob"): (1950, 950, 1, 0, 0, 0, F),    # PLO: high only, no scoop row
    (H5, "Erin"): (0, -1000, 0, 0, 0, 0, F),
    (H6, "Alice"): (0, -95, 0, 0, 0, 0, F),     # 35 + 60
    (H6, "Dave"): (744, 269, 1, 1, 0, 1, F),    # 496 high + 248 low - (35+240+200)
    (H6, "Frank"): (248, -227, 0, 1, 0, 1, F),  # 248 low - 475
}  # fmt: skip


def _rows(db_path: Path, columns: tuple[str, ...]) -> dict[tuple[str, str], tuple[Any, ...]]:
    with hhtools.connect(db_path) as db:
        frame = db.sql(f"SELECT hand_id, player, {', '.join(columns)} FROM seats")
    return {(r[0], r[1]): tuple(r[2:]) for r in frame.rows()}


def _mismatches(
    expected: dict[Any, tuple[Any, ...]],
    actual: dict[Any, tuple[Any, ...]],
    columns: tuple[str, ...],
) -> list[str]:
    assert sorted(actual) == sorted(expected), "the seats stored are not the fixtures' seats"
    out = []
    for key, want in sorted(expected.items()):
        for col, w, a in zip(columns, want, actual[key], strict=True):
            if w != a or (w is None) != (a is None):
                out.append(f"{key[0]} {key[1]} {col}: expected {w!r}, stored {a!r}")
    return out


def test_existing_seat_columns(db_path: Path) -> None:
    columns = ("collected", "net", "pots_won_high", "pots_won_low", "scooped", "quartered",
               "sitting_out")  # fmt: skip
    assert _mismatches(MONEY, _rows(db_path, columns), columns) == []


def test_seat_stat_columns(db_path: Path) -> None:
    assert _mismatches(SEATS, _rows(db_path, NEW_COLUMNS), NEW_COLUMNS) == []


# --------------------------------------------------------------------------------------
# (b) stats by player
# --------------------------------------------------------------------------------------

# ratio name -> (count, opportunities) counted from SEATS / MONEY above; the ratio is
# count / opportunities (None when there is no opportunity).
PLAYERS: dict[str, dict[str, Any]] = {
    "Alice": {
        "hands": 5,                     # H1 H2 H3 H4 H6
        "vpip": (2, 5),                 # H3 open, H6 call; all 5 offered (never the walk's BB)
        "pfr": (1, 5),                  # H3
        "three_bet": (0, 2),            # H2 fold vs Frank's open, H6 call vs Dave's open
        "fold_to_three_bet": (0, 0),
        "cbet": (1, 1),                 # H3
        "fold_to_cbet": (0, 1),         # H6 called Dave's c-bet
        "wtsd": (1, 3),                 # saw flops H3 H4 H6; showdown H4
        "wsd": (1, 1),                  # H4 won
        "wwsf": (1, 3),                 # H4 of the three flops
        "scoop": (1, 1),                # H4
        "quartered": (0, 1),
        "won_high": (1, 1),
        "won_low": (1, 1),
        "postflop_aggressive": 2,       # H3 flop bet, H4 flop bet
        "postflop_calls": 2,            # H4 turn call, H6 flop call
        "postflop_folds": 2,            # H3 river, H6 flop
        "af": 1.0,                      # 2 / 2
        "afq": 2 / 6,                   # 2 / (2 + 2 + 2)
        "net_won_USD_pot_limit": -128,  # 0 + 0 - 115 + 82 - 95
        "bb_per_100_USD_pot_limit": -256.0,  # 100 * (-128 / 10) / 5
    },
    "Bob": {
        "hands": 5,                     # H1 H2 H3 H4 H5
        "vpip": (4, 5),                 # H2 3-bet, H3 call, H4 limp, H5 open (H1 SB fold)
        "pfr": (2, 5),                  # H2, H5
        "three_bet": (1, 2),            # H2 3-bet, H3 call of Alice's open
        "fold_to_three_bet": (0, 1),    # H5 called Erin's 3-bet
        "cbet": (0, 0),                 # H2 last raiser but no flop; H5 Erin re-raised
        "fold_to_cbet": (1, 2),         # H3 fold, H5 raise
        "wtsd": (2, 3),                 # flops H3 H4 H5; showdowns H4 (mucked) H5
        "wsd": (1, 2),                  # won H5, lost H4
        "wwsf": (1, 3),                 # H5
        "scoop": (0, 1),                # H4 lost; H5 is PLO (high only): no opportunity
        "quartered": (0, 1),
        "won_high": (1, 2),             # H5
        "won_low": (0, 1),
        "postflop_aggressive": 3,       # H4 turn bet, H5 flop raise, H5 turn bet
        "postflop_calls": 1,            # H4 flop call
        "postflop_folds": 1,            # H3 flop fold
        "af": 3.0,                      # 3 / 1
        "afq": 0.6,                     # 3 / (3 + 1 + 1)
        "net_won_USD_pot_limit": 880,   # -5 + 50 - 35 - 80 + 950
        "bb_per_100_USD_pot_limit": 1760.0,  # 100 * (880 / 10) / 5
    },
    "Carol": {
        "hands": 4,                     # H1 H2 H3 H4
        "vpip": (0, 3),                 # H1 is her walk as BB: not an opportunity
        "pfr": (0, 3),
        "three_bet": (0, 1),            # H3 fold vs Alice's open (H2 faced two raises)
        "fold_to_three_bet": (0, 0),
        "cbet": (0, 0),
        "fold_to_cbet": (0, 0),
        "wtsd": (0, 0),                 # never saw a flop
        "wsd": (0, 0),
        "wwsf": (0, 0),
        "scoop": (0, 0),
        "postflop_aggressive": 0,
        "postflop_calls": 0,
        "postflop_folds": 0,
        "af": None,
        "afq": None,
        "net_won_USD_pot_limit": 0,     # +5 - 5 + 0 + 0
        "bb_per_100_USD_pot_limit": 0.0,
    },
    "Dave": {
        "hands": 4,                     # H1 H2 H3 H6
        "vpip": (1, 4),                 # H6 open
        "pfr": (1, 4),
        "three_bet": (0, 1),            # H3 SB fold vs Alice's open (Bob only called)
        "fold_to_three_bet": (0, 0),
        "cbet": (1, 1),                 # H6
        "fold_to_cbet": (0, 0),
        "wtsd": (1, 1),                 # H6
        "wsd": (1, 1),
        "wwsf": (1, 1),
        "scoop": (0, 1),                # H6 low was shared
        "quartered": (1, 1),
        "won_high": (1, 1),
        "won_low": (1, 1),
        "postflop_aggressive": 1,       # H6 flop c-bet
        "postflop_calls": 2,            # H6 flop call of the raise, river call
        "postflop_folds": 0,
        "af": 0.5,
        "afq": 1 / 3,
        "net_won_USD_pot_limit": 254,   # 0 - 10 - 5 + 269
        "bb_per_100_USD_pot_limit": 635.0,  # 100 * 25.4 / 4
    },
    "Erin": {
        "hands": 3,                     # H2 H3 H5
        "vpip": (2, 3),                 # H3 call, H5 3-bet
        "pfr": (1, 3),                  # H5
        "three_bet": (1, 2),            # H3 call vs Alice's open, H5 3-bet vs Bob's open
        "fold_to_three_bet": (0, 0),
        "cbet": (1, 1),                 # H5
        "fold_to_cbet": (0, 1),         # H3 check-called
        "wtsd": (1, 2),                 # flops H3 H5, showdown H5
        "wsd": (0, 1),
        "wwsf": (1, 2),                 # H3 (Alice folded the river)
        "scoop": (0, 0),                # her one showdown, H5, is PLO: no hi/lo chance
        "quartered": (0, 0),
        "won_high": (0, 1),
        "won_low": (0, 0),
        "postflop_aggressive": 2,       # H3 river bet, H5 flop c-bet
        "postflop_calls": 3,            # H3 flop call, H5 flop call, H5 turn call
        "postflop_folds": 0,
        "af": 2 / 3,
        "afq": 0.4,                     # 2 / 5
        "net_won_USD_pot_limit": -858,  # 0 + 142 - 1000
        "bb_per_100_USD_pot_limit": -2860.0,  # 100 * -85.8 / 3
    },
    "Frank": {
        "hands": 3,                     # H2 H4 H6
        "vpip": (3, 3),                 # H2 open, H4 SB completes, H6 BB calls
        "pfr": (1, 3),
        "three_bet": (0, 1),            # H6 call vs Dave's open
        "fold_to_three_bet": (1, 1),    # H2
        "cbet": (0, 0),
        "fold_to_cbet": (0, 1),         # H6 raised it
        "wtsd": (1, 2),                 # flops H4 H6, showdown H6
        "wsd": (1, 1),                  # H6 low quarter
        "wwsf": (1, 2),
        "scoop": (0, 1),
        "quartered": (1, 1),
        "won_high": (0, 1),
        "won_low": (1, 1),
        "postflop_aggressive": 2,       # H6 flop raise, river bet
        "postflop_calls": 0,
        "postflop_folds": 1,            # H4 flop
        "af": None,                     # no calls
        "afq": 2 / 3,
        "net_won_USD_pot_limit": -272,  # -35 - 10 - 227
        "bb_per_100_USD_pot_limit": pytest.approx(-2720 / 3),  # 100 * -27.2 / 3
    },
}  # fmt: skip

RATIOS = ("vpip", "pfr", "three_bet", "fold_to_three_bet", "cbet", "fold_to_cbet", "wtsd",
          "wsd", "wwsf", "scoop", "quartered", "won_high", "won_low")  # fmt: skip


def _check_row(row: dict[str, Any], expected: dict[str, Any]) -> list[str]:
    """Differences between a stats row and the hand-counted values."""
    out = []

    def same(name: str, want: Any) -> None:
        got = row[name]
        if want is None or got is None:
            ok = want is None and got is None
        elif isinstance(want, float):
            ok = got == pytest.approx(want)
        else:
            ok = got == want
        if not ok:
            out.append(f"{name}: expected {want!r}, got {got!r}")

    for name, want in expected.items():
        if name in RATIOS:
            count, opportunities = want
            same(f"{name}_count", count)
            same(f"{name}_opportunities", opportunities)
            same(name, None if opportunities == 0 else count / opportunities)
        else:
            same(name, want)
    return out


def test_stats_by_player(db_path: Path) -> None:
    with hhtools.connect(db_path) as db:
        stats = db.stats(by=("player",))
    rows = {r["player"]: r for r in stats.iter_rows(named=True)}
    # Gina only sat out: no hand dealt in (no row, or a row of 0 hands)
    assert rows.pop("Gina", {"hands": 0})["hands"] == 0
    assert sorted(rows) == sorted(PLAYERS)
    problems = {p: d for p, want in PLAYERS.items() if (d := _check_row(rows[p], want))}
    assert problems == {}


def test_stats_filters(db_path: Path) -> None:
    with hhtools.connect(db_path) as db:
        bob = db.stats(by=("player",), player="Bob")
        hilo = db.stats(by=("player",), game="omaha-hilo")
        regulars = db.stats(by=("player",), min_hands=4)
        big_blind = db.stats(by=("player",), position="BB")
    assert bob["player"].to_list() == ["Bob"]
    assert bob["hands"].to_list() == [5]
    # hi/lo hands: H4 (Alice, Bob, Carol, Frank) and H6 (Alice, Dave, Frank)
    assert dict(hilo.select("player", "hands").rows()) == {
        "Alice": 2,
        "Bob": 1,
        "Carol": 1,
        "Dave": 1,
        "Frank": 2,
    }
    # 4+ hands: Alice 5, Bob 5, Carol 4, Dave 4 (Erin 3, Frank 3)
    assert sorted(regulars["player"].to_list()) == ["Alice", "Bob", "Carol", "Dave"]
    # BB: H1 Carol, H2 Dave, H3 Erin, H4 Alice, H5 Erin (heads-up), H6 Frank
    bb = {r["player"]: r for r in big_blind.iter_rows(named=True)}
    assert {p: r["hands"] for p, r in bb.items()} == {
        "Alice": 1,
        "Carol": 1,
        "Dave": 1,
        "Erin": 2,
        "Frank": 1,
    }
    # Carol's only BB hand is the walk: no VPIP opportunity
    assert (bb["Carol"]["vpip_opportunities"], bb["Carol"]["vpip"]) == (0, None)


# --------------------------------------------------------------------------------------
# (c) positions
# --------------------------------------------------------------------------------------


def test_stats_by_position(db_path: Path) -> None:
    with hhtools.connect(db_path) as db:
        stats = db.stats(by=("position",))
    rows = {r["position"]: r for r in stats.iter_rows(named=True)}
    # the sitting-out seat has no position: no row, or a row of 0 hands
    assert rows.pop(None, {"hands": 0})["hands"] == 0
    assert {p: r["hands"] for p, r in rows.items()} == {
        "SB": 5,  # H1 Bob, H2 Carol, H3 Dave, H4 Frank, H6 Alice (none heads-up)
        "BB": 6,  # H1 Carol, H2 Dave, H3 Erin, H4 Alice, H5 Erin, H6 Frank
        "BTN": 6,  # H1 Alice, H2 Bob, H3 Carol, H4 Carol, H5 Bob (posted the SB), H6 Dave
        "CO": 4,  # H1 Dave, H2 Alice, H3 Bob, H4 Bob
        "UTG": 2,  # H2 Erin, H3 Alice
        "HJ": 1,  # H2 Frank
    }  # 24 = 4 + 6 + 5 + 4 + 2 + 3 seats dealt in
    assert _check_row(rows["BB"], {
        "vpip": (3, 5),  # H1 walk excluded; H3 Erin call, H5 Erin 3-bet, H6 Frank call
        "pfr": (1, 5),   # H5 Erin
    }) == []  # fmt: skip
    assert _check_row(rows["SB"], {
        "vpip": (2, 5),  # H4 Frank completes, H6 Alice calls
        "pfr": (0, 5),
    }) == []  # fmt: skip
    assert _check_row(rows["BTN"], {
        "vpip": (3, 6),  # H2 Bob, H5 Bob, H6 Dave
        "pfr": (3, 6),   # the same three raised
        "cbet": (1, 1),  # H6 Dave (H2 had no flop)
    }) == []  # fmt: skip


# --------------------------------------------------------------------------------------
# (d) the walk, (e) the mucked showdown
# --------------------------------------------------------------------------------------


def test_walk_has_no_vpip_opportunity_for_the_big_blind(db_path: Path) -> None:
    with hhtools.connect(db_path) as db:
        walk = db.sql("SELECT player, position_name, vpip_opportunity, voluntary FROM seats "
                      "WHERE hand_id = ? ORDER BY seat", [H1])  # fmt: skip
        carol = db.stats(by=("player",), player="Carol").row(0, named=True)
    assert walk.rows() == [
        ("Alice", "BTN", True, False),
        ("Bob", "SB", True, False),
        ("Carol", "BB", False, False),  # the walk's big blind: no decision to make
        ("Dave", "CO", True, False),
    ]
    # Carol: 4 hands, but VPIP/PFR opportunities in 3 (H2, H3, H4)
    assert (carol["hands"], carol["vpip_opportunities"], carol["pfr_opportunities"]) == (4, 3, 3)


def test_mucked_showdown_counts_for_both_players(db_path: Path) -> None:
    with hhtools.connect(db_path) as db:
        h4 = db.sql("SELECT player, saw_flop, at_showdown, collected FROM seats "
                    "WHERE hand_id = ? ORDER BY seat", [H4])  # fmt: skip
    assert h4.rows() == [
        ("Alice", True, True, 162),  # showed and won
        ("Bob", True, True, 0),  # "Bob: mucks hand": did not fold, so at showdown
        ("Carol", False, False, 0),  # folded preflop
        ("Frank", True, False, 0),  # folded on the flop
    ]
