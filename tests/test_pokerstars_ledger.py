"""PokerStars grammar: the money a hand moves outside its pots, and numbers out of range.

Cash-outs and the pots the site kept for them, money the room added to a pot (splash
the pot), jackpot and other fees taken from it, tournament places, prizes and bounties,
and amounts or seat numbers no hand can hold. Every expected value is worked out by hand
from the fixture text (tests/fixtures/pokerstars/, each named for its quirk).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from hhtools.audit import audit_hand
from hhtools.grammars.pokerstars import parse_hand
from hhtools.ingest.read import ParseResult, parse_file
from hhtools.model.records import CashOut, Collect, HandHistory, TournamentResult
from hhtools.model.vocab import FindingKind, ProblemCode
from tests.conftest import need_corpus

FIX = Path(__file__).parent / "fixtures" / "pokerstars"
LEDGER_KINDS = {FindingKind.CHIP_IMBALANCE, FindingKind.AWARD_MISMATCH}


def results(name: str) -> list[ParseResult]:
    return list(parse_file(FIX / name))


def hands(name: str) -> list[HandHistory]:
    out = []
    for r in results(name):
        assert r.problems == (), [str(p) for p in r.problems]
        assert r.hand is not None
        out.append(r.hand)
    return out


def ledger_findings(hand: HandHistory) -> list[str]:
    """The audit's chip-balance and award findings of a hand (none when it adds up)."""
    return [str(f) for f in audit_hand(hand).findings if f.kind in LEDGER_KINDS]


# ----------------------------------------------------------------------------- cash-outs


def test_cash_out_pot_not_awarded_is_forfeited() -> None:
    kept, lost = hands("cash_out_pot_not_awarded.txt")
    # Ben cashed out for $50.10 (fee $0.51, line 22); the summary (line 27) says he won
    # $55.58 = $58.50 - $2.92 rake "(pot not awarded as player cashed out)": the site
    # kept it. The summary's "won" is not a collect, and the fee is not a pot fee.
    assert kept.cash_outs == (CashOut("Ben", 5010, 51, 22, forfeited=5558),)
    assert kept.collects == ()
    assert (kept.total_pot, kept.rake, kept.fees, kept.jackpot, kept.room_added) == (
        5850, 292, 0, 0, 0)  # fmt: skip
    # "(cashed out)." on a losing line sets nothing; Cy's collect line is the pot.
    assert lost.cash_outs == (CashOut("Ben", 3020, 31, 55),)
    assert lost.collects == (Collect("Cy", 9750, line=56),)
    assert lost.fees == 0
    # put in 5850 = rake 292 + kept 5558; put in 10050 = rake 300 + collected 9750
    assert ledger_findings(kept) == [] and ledger_findings(lost) == []


def test_cash_out_run_twice_forfeits_both_boards() -> None:
    (h,) = hands("cash_out_run_twice_both_boards_kept.txt")
    # "won ($19) with ..., and won ($19) with ... (pot not awarded ...)": 1900 + 1900
    assert h.cash_outs == (CashOut("Dot", 3000, 30, 25, forfeited=3800),)
    assert h.collects == ()
    assert len(h.boards) == 2 and (h.total_pot, h.rake) == (4000, 200)
    assert ledger_findings(h) == []


def test_cash_out_without_a_cash_out_line() -> None:
    # The summary says the pot was not awarded but the body has no cash-out line: the
    # kept pot is still recorded, on a cash-out of nothing received, on the summary line.
    text = (FIX / "cash_out_pot_not_awarded.txt").read_text(encoding="utf-8")
    first = text.split("\n\n\n")[0].replace(
        "Ben cashed out the hand for $50.10 | Cash Out Fee $0.51\n", ""
    )
    hand, problems, _ = parse_hand(first)
    assert problems == [] and hand is not None
    assert hand.cash_outs == (CashOut("Ben", 0, 0, 26, forfeited=5558),)


def test_real_cash_outs() -> None:
    folder = need_corpus() / "Stars" / "omaha6_hi"
    by_id = {}
    for f in ("6-Card-PLO-6max-USD-0.05-0.10-202111.cash.out.txt",
              "6-Card-PLO-6max-USD-1.00-2.00-202004.Cash.Out.2.txt"):  # fmt: skip
        for r in parse_file(folder / f):
            if r.hand is not None:
                by_id[r.hand.hand_id] = r.hand
    # "cashed out the hand for $6.63 | Cash Out Fee $0.07"; "won ($25.23) ... (pot not
    # awarded as player cashed out)"
    (co,) = by_id["231645858339"].cash_outs
    assert (co.player, co.amount, co.fee, co.forfeited) == ("Ydmgju1", 663, 7, 2523)
    assert by_id["231645858339"].fees == 0
    # "$258.65 | Cash Out Fee $2.61"; the summary line ends "(cashed out).": nothing kept
    (co,) = by_id["212598594281"].cash_outs
    assert (co.player, co.amount, co.fee, co.forfeited) == ("Xjty", 25865, 261, 0)
    for hid in ("231645858339", "212598594281"):
        assert ledger_findings(by_id[hid]) == []


# ----------------------------------------------------------------------------- room money


def test_splash_the_pot_is_room_money() -> None:
    (h,) = hands("splash_the_pot_stp_added.txt")
    # "STP added: €5.00" (line 9) and "| STP €5.00 |" in the summary: the room's €5,
    # counted once. Players put in 0.25 + 4.75 + 4.75 = €9.75 (the main pot); the total
    # €14.75 holds the splash; €14.75 - €0.48 rake = €14.27 collected.
    assert h.site == "runitonce" and h.game.currency == "EUR"
    assert (h.room_added, h.total_pot, h.pot_parts, h.rake, h.fees, h.jackpot) == (
        500, 1475, (975,), 48, 0, 0)  # fmt: skip
    assert h.collects == (Collect("Ida K", 1427, line=27),)
    assert ledger_findings(h) == []


def test_room_money_from_the_body_line_alone() -> None:
    text = (FIX / "splash_the_pot_stp_added.txt").read_text(encoding="utf-8").strip("\n")
    hand, problems, _ = parse_hand(text.replace(" | STP €5.00", ""))
    assert problems == [] and hand is not None
    assert (hand.room_added, hand.fees) == (500, 0)
    # a cash drop in a converted file is the same money
    hand, problems, _ = parse_hand(
        text.replace(" | STP €5.00", "").replace(
            "STP added: €5.00", "Cash Drop to Pot : total €5"
        )
    )
    assert problems == [] and hand is not None and hand.room_added == 500


def test_jackpot_and_other_fees() -> None:
    first, second = hands("jackpot_and_other_fees.txt")
    # "| Rake $1.50 | Jackpot $0.50 | Bingo $0.50": 3600 - 150 - 50 - 50 = 3350 collected
    assert (first.rake, first.jackpot, first.fees, first.room_added) == (150, 50, 50, 0)
    assert first.collects == (Collect("Abe", 3350, line=23),)
    # "| Rake $0.90 | JP Fee $0.05 | Bad Beat $0.05": both jackpot; 2000 - 90 - 10 = 1900
    assert (second.rake, second.jackpot, second.fees) == (90, 10, 0)
    assert second.collects == (Collect("Abe", 1900, line=48),)
    assert ledger_findings(first) == [] and ledger_findings(second) == []


# ----------------------------------------------------------------------------- tournaments


def test_tournament_results_split_and_progressive_bounties() -> None:
    split, progressive, play = hands("tournament_results_split_and_progressive_bounties.txt")
    # "Pia, Quo split the $50 bounty for eliminating Ros": $25 each; Ros 397th, no prize
    assert split.tournament_results == (
        TournamentResult("Pia", None, 0, 2500, "Ros", "USD", 31),
        TournamentResult("Quo", None, 0, 2500, "Ros", "USD", 31),
        TournamentResult("Ros", 397, 0, 0, "", "USD", 32),
    )
    # the progressive bounty won is $19.95 (the $19.94 added to Vic's own bounty is
    # not money won now); 2nd place $141.60; the winner $230.40
    assert progressive.tournament_results == (
        TournamentResult("Vic", None, 0, 1995, "Uli", "USD", 62),
        TournamentResult("Uli", 2, 14160, 0, "", "USD", 63),
        TournamentResult("Vic", 1, 23040, 0, "", "USD", 64),
    )
    # a play-money home game ("100+9"): prizes in play chips
    assert play.tournament_results == (
        TournamentResult("Xia", 2, 0, 0, "", "PLAY", 90),
        TournamentResult("Wes", 1, 200, 0, "", "PLAY", 91),
    )
    assert play.game.tournament_id == "743144020" and play.game.buy_in == "100+9"


def test_split_bounty_odd_cents_and_names_with_commas() -> None:
    text = (FIX / "tournament_results_split_and_progressive_bounties.txt").read_text(
        encoding="utf-8").split("\n\n\n")[0]  # fmt: skip
    # $0.25 split three ways: 9 + 8 + 8 cents, the odd cent to the first named; a
    # screen name may hold ", " ("Pia, Jr") and is read as the seated name
    text = text.replace("Pia", "Pia, Jr").replace(
        "Pia, Jr, Quo split the $50 bounty", "Pia, Jr, Quo and Ros split the $0.25 bounty"
    )
    hand, problems, _ = parse_hand(text)
    assert problems == [] and hand is not None
    assert [(r.player, r.bounty) for r in hand.tournament_results[:3]] == [
        ("Pia, Jr", 9), ("Quo", 8), ("Ros", 8)]  # fmt: skip


# ----------------------------------------------------------------------------- out of range


def test_out_of_range_amounts_and_seats() -> None:
    rs = results("out_of_range_amounts_and_seats.txt")
    assert [r.hand is None for r in rs] == [True] * 5 + [False]
    oor = [[(p.line, p.excerpt) for p in r.problems if p.code is ProblemCode.OUT_OF_RANGE]
           for r in rs]  # fmt: skip
    assert oor[0] == [(3, "Seat 1: Kip ($99999999999999999999 in chips)")]
    # $10,000,000,000,000 is 10**15 cents: out of range, on both lines it is written
    assert [ln for ln, _ in oor[1]] == [25, 27]
    assert oor[2] == [(37, "Table 'Vega' 6-max Seat #2147483650 is the button")]
    assert [ln for ln, _ in oor[3]] == [56, 66]  # the seat line and the summary's
    assert oor[4] == [(81, "Total pot $10,000,000,000,000 | Rake $0")]
    # $999,999,999.99 (MAX_AMOUNT - 1 cents, hhtools.model.money) is still a stack
    good = rs[5].hand
    assert good is not None and rs[5].problems == ()
    assert good.seats[0].stack == 10**11 - 1
    assert all(r.hand_id == f"26000000070{k + 1}" for k, r in enumerate(rs))


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("Lea: posts big blind $0.10", "Lea: posts big blind $10000000000000"),
        ("Lea collected $0.10 from pot", "Lea collected $10000000000000 from pot"),
        ("Uncalled bet ($0.05)", "Uncalled bet ($10000000000000)"),
        ("Total pot $0.10 | Rake $0", "Total pot $0.10 | Rake $10000000000000"),
        ("6-max", "1001-max"),
        ("($0.05/$0.10 USD)", "($0.05/$10000000000000 USD)"),
    ],
)
def test_every_amount_is_range_checked(old: str, new: str) -> None:
    text = (FIX / "out_of_range_amounts_and_seats.txt").read_text(encoding="utf-8")
    good = text.strip("\n").split("\n\n\n\n")[-1]
    hand, problems, _ = parse_hand(good)
    assert hand is not None and problems == []
    assert old in good
    hand, problems, _ = parse_hand(good.replace(old, new))
    assert hand is None
    assert [p.code for p in problems] == [ProblemCode.OUT_OF_RANGE]
    assert new in problems[0].excerpt or problems[0].line == 1


def test_converted_wins_in_the_summary_alone_and_unpadded_times() -> None:
    """converted_unpadded_time_wins_in_summary_only.txt, as a converter of another
    site's hands writes them (the Global Poker converter's "Invalid Pot Size" issue):
    "12:1:40" (minutes and seconds of one digit: a bad header, the hand lost) and no
    "collected" line, the wins only in the summary (the audit said the site paid the
    winner nothing, due all of it).

    1516251700050: 4 x $0.50 + 2 x $1.12 = $4.24, rake $0.22: Dan's eights ($4.02)
    over Ann's sevens. 1516251700051: Cat all-in for $3: main pot 3 x $3 = $9 to
    Cat's trip kings, side pot 2 x $4 = $8 to Ann's trip eights over Bob's sevens, no
    rake. The summary's wins are the collects, on their lines, naming no pot. Paid
    right: no finding. Paid swapped (Cat $8, Ann $9): Cat was paid $8 of the main
    pot, due $9; Ann's $9 fills the side pot's $8 and pays $1 of the main pot, due 0.
    """
    name = "converted_unpadded_time_wins_in_summary_only.txt"
    first, second = hands(name)
    assert [(h.started_at.minute, h.started_at.second) for h in (first, second)
            if h.started_at is not None] == [(1, 40), (3, 5)]  # fmt: skip
    assert [(c.player, c.amount, c.line) for c in first.collects] == [("Dan", 402, 39)]
    assert [(c.player, c.amount, c.line) for c in second.collects] == [("Ann", 800, 72),
                                                                         ("Cat", 900, 74)]
    assert first.pots_named is False and second.pots_named is False
    for h in (first, second):
        assert ledger_findings(h) == []
    text = (FIX / name).read_text("utf-8").split("\n\n\n")[1].strip() + "\n"
    wrong = text.replace("won ($8)", "won ($x)").replace("won ($9)", "won ($8)").replace(
        "won ($x)", "won ($9)")  # fmt: skip
    h, problems, _ = parse_hand(wrong)
    assert h is not None and problems == []
    found = {(f.player, f.pot, f.paid, f.due) for f in audit_hand(h).findings
             if f.kind is FindingKind.AWARD_MISMATCH}  # fmt: skip
    assert found == {("Cat", 0, 800, 900), ("Ann", 0, 100, 0)}
