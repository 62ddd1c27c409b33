"""PartyPoker (new format): a summary balance line cut inside its net ("net +$0" of
"net +$0.60[ As, Ad, 7h, 6h ] [ one pair, aces .. ]", a file cut at its end) lost the
player's shown cards, and the audit then gave his main pot to the best hand shown: two
false award mismatches. The site's net is always collected less bet (the corpora's
27 such lines), so a line whose net is not is unread; the hand misses that player's
balance line: cut short. Values worked out by hand."""

from __future__ import annotations

from pathlib import Path

from hhtools.ingest.read import parse_file
from hhtools.model.vocab import ProblemCode

FIX = Path(__file__).parent / "fixtures" / "partypoker" / "probes"
NAME = "short_all_in_blind_and_tied_main_pot_side_pot.txt"


def test_balance_line_cut_inside_its_net(tmp_path: Path) -> None:
    lines = (FIX / NAME).read_text().splitlines(keepends=True)
    # whole: Cy all in 0.30: main 3 x 0.30 = $0.90 to Cy's aces, side 2 x 1.20 = $2.40
    # to Bea's kings (Ann's queens lose); Cy bet 0.30, collected 0.90: net +0.60
    whole = next(iter(parse_file(FIX / NAME)))
    assert whole.problems == ()
    assert [(c.player, c.amount) for c in whole.hand.collects] == [("Bea", 240), ("Cy", 90)]
    assert lines[28].startswith("Cy balance $0.90, bet $0.30, collected $0.90, net +$0.60[")
    for cut in ("net +$0", "net +$0.", "net +$0.6"):
        path = tmp_path / "cut.txt"
        path.write_text("".join(lines[:28]) + lines[28][: lines[28].index(cut) + len(cut)] + "\n")
        ph = next(iter(parse_file(path)))
        assert ph.hand is None
        assert [(p.line, p.code) for p in ph.problems] == [
            (29, ProblemCode.UNRECOGNISED_LINE), (29, ProblemCode.TRUNCATED_HAND)]  # fmt: skip
