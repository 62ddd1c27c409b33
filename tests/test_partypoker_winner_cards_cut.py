"""PartyPoker (new format): the summary's last line, a showdown winner's balance line,
cut right after its net ("net +$1.58" of "net +$1.58[ Ah, Kd, Qh, Jc ] [ one pair,
kings .. ]", a file cut at its end) read as a whole line of a winner who did not show:
the audit, which considers no hand not shown, gave the pot to the loser's queens (two
false award mismatches and a mucked_winner). The site shows every showdown winner's
cards on that line, so a winner of a showdown (another player not folded showed) with
none is a hand cut short. A winner of an uncontested pot shows none: read whole.

Fixture ``partypoker/new_showdown_winner_balance_line_last.txt``, by hand: Nora (button,
small blind) raises to 0.75, Otto calls; flop Nora bets 1, Otto calls: 2 x 1.75 = $3.50,
rake $0.17, "Main Pot: $3.33"; Nora's Kd Ah with Kh 9h 8s (pair of kings) beats Otto's
Qs Qd (pair of queens): Nora collects $3.33, net 3.33 - 1.75 = +$1.58.
"""

from __future__ import annotations

from pathlib import Path

from hhtools.audit import audit_hand
from hhtools.ingest.read import parse_file
from hhtools.model.vocab import ProblemCode

FIXTURE = Path(__file__).parent / "fixtures" / "partypoker" / "new_showdown_winner_balance_line_last.txt"
LAST = "Nora balance $26.58, bet $1.75, collected $3.33, net +$1.58"


def read(tmp_path: Path, text: str):  # type: ignore[no-untyped-def]
    path = tmp_path / "hand.txt"
    path.write_text(text)
    (one,) = parse_file(path)
    return one


def test_whole_hand_reads_whole() -> None:
    (whole,) = parse_file(FIXTURE)
    assert whole.problems == ()
    h = whole.hand
    assert (h.total_pot, h.rake) == (350, 17)
    assert [(c.player, c.amount) for c in h.collects] == [("Nora", 333)]
    assert audit_hand(h).findings == ()


def test_winner_line_cut_after_its_net_is_a_hand_cut_short(tmp_path: Path) -> None:
    text = FIXTURE.read_text()
    lines = text.splitlines()
    assert lines[-1].startswith(LAST + "[ Ah, Kd, Qh, Jc ]")
    got = read(tmp_path, "\n".join(lines[:-1] + [LAST]) + "\n")
    assert got.hand is None  # before: a record with 2 award_mismatch + mucked_winner
    assert [(p.line, p.code) for p in got.problems] == [(27, ProblemCode.TRUNCATED_HAND)]


def test_uncontested_winner_shows_no_cards_and_reads_whole(tmp_path: Path) -> None:
    # Otto folds to a river bet of 1: no showdown. Nora's "collected" holds the bet
    # returned: 3.50 - 0.17 + 1 = $4.33, bet 1.75 + 1 = $2.75, net +$1.58
    text = FIXTURE.read_text().replace("Otto checks \nNora checks \n** Summary", (
        "Otto checks \nNora bets (1)\nOtto folds\n** Summary"))
    lines = text.splitlines()
    lines[-2] = "Otto balance $23.25, lost $1.75 (folded)"
    lines[-1] = "Nora balance $26.58, bet $2.75, collected $4.33, net +$1.58"
    got = read(tmp_path, "\n".join(lines) + "\n")
    assert got.problems == ()
    assert [(c.player, c.amount) for c in got.hand.collects] == [("Nora", 333)]
    assert [(r.player, r.amount) for r in got.hand.returned] == [("Nora", 100)]
    assert audit_hand(got.hand).findings == ()
