"""Every action out of turn is flagged: adjacent actions of two players swapped, or one
action moved earlier over other players, in generated hands of all seven games, on
every street (issue 24, 6).

The generator deals and bets by the rules, so in each clean hand the player who acts is
the one due (the benchmark's own referee checks it, from the seats, the button and
seeds 002/003, without the code under test). Swapping the actions of the player due
(A) and the next to act (B) leaves B acting while A is due: out of turn whatever the
two actions are. ``procedure_order`` must name B's line, B, and A as the player who
was to act; the clean hands must get no procedure finding of any kind.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from benchmarks.bench_out_of_turn import GAMES, STREETS, generate, measure
from tests.conftest import need_generator


@pytest.mark.parametrize(("jump", "least"), [(False, 20), (True, 5)], ids=["swap", "jump"])
def test_every_action_out_of_turn_is_flagged_and_clean_hands_are_not(
    tmp_path: Path, jump: bool, least: int
) -> None:
    # swap: two adjacent actions exchanged; jump: one action moved two or more places
    # earlier in its round (over other players)
    need_generator()
    hands = [h for g in GAMES.split(",") for h in generate(60, 24, g, tmp_path / g)]
    counts, misses = measure(hands, 24, tmp_path, jump)
    assert misses == []
    games = {g for g, _, _ in counts if g != "all"}
    assert len(games) == 7  # every game of the generator was mutated
    assert sum(counts[(g, "clean", "hands")] for g in games) == 420
    assert sum(counts[(g, "clean", "flagged")] for g in games) == 0
    assert counts[("all", "clean", "unsure")] == 0  # the referee agrees with every clean hand
    for street in STREETS:
        confirmed = sum(counts[(g, street, "confirmed")] for g in games)
        named = sum(counts[(g, street, "named")] for g in games)
        assert confirmed > least, street  # enough on each street to mean something
        assert named == confirmed, street
        assert sum(counts[(g, street, "more")] for g in games) == 0, street
