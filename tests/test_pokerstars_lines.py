"""PokerStars lines as the site really writes them (issue 27): sit-out lines applied,
a player not seated sitting out, a summary seat line's bare "mucked"; values by hand."""

from __future__ import annotations

from pathlib import Path

from hhtools.audit import audit_hand
from hhtools.ingest.read import parse_file
from hhtools.model.vocab import FindingKind

FIX = Path(__file__).parent / "fixtures" / "pokerstars"


def test_sits_out_and_summary_mucked() -> None:
    (r,) = list(parse_file(FIX / "sits_out_and_summary_mucked.txt"))
    assert r.problems == ()  # "Gil: sits out" (not seated) and "Seat 1: Ada mucked" read
    h = r.hand
    # Bix ("Bix: sits out") and Cyd ("Cyd is sitting out") do nothing in the hand: not
    # dealt in. Ada sits out only after playing the hand: she stays in it.
    assert {s.player: s.sitting_out for s in h.seats} == {
        "Ada": False, "Bix": True, "Cyd": True, "Dov": False, "Eon": False, "Fia": False,
    }  # fmt: skip
    # In: Ada 0.35 + 0.20 = 0.55, Dov 0.55 (all in), Eon 0.05 + 0.50 = 0.55, Fia 0.10:
    # 1.75 = the total pot; less the $0.08 rake, Dov's full house collects 1.67.
    assert (h.total_pot, h.rake) == (175, 8)
    assert [(c.player, c.amount) for c in h.collects] == [("Dov", 167)]
    # Ada mucked her cards unshown: no show of hers, no cards known.
    assert "Ada" not in h.hole_cards and all(s.player != "Ada" for s in h.shows)


def test_limit_betting_is_capped() -> None:
    (r,) = list(parse_file(FIX / "limit_betting_is_capped.txt"))
    assert r.problems == ()  # "Betting is capped" read
    h = r.hand
    # The fourth bet preflop (0.10 blind, raises to 0.20, 0.30, 0.40): three players in
    # for 0.40 each = 1.20; Ivo's flop bet of 0.10 comes back; rake 0.06: he wins 1.14.
    assert [(x.player, x.amount) for x in h.returned] == [("Ivo", 10)]
    assert (h.total_pot, h.rake) == (120, 6)
    assert [(c.player, c.amount) for c in h.collects] == [("Ivo", 114)]


def test_pot_limit_cap_reached() -> None:
    """A cap table's "raises $5.50 to $10 and has reached the $10 cap": the raise and the
    call read, each flagged as no more chips can go in (as all in)."""
    (r,) = list(parse_file(FIX / "pot_limit_cap_reached.txt"))
    assert r.problems == ()
    h = r.hand
    last = [(a.player, a.amount, a.to_amount, a.all_in) for a in h.actions[-2:]]
    assert last == [("Kai", 550, 1000, True), ("Lev", 550, None, True)]
    # Each put in $10: pot $20, rake $0.95, Kai's trip Queens (Qs Qd + Qh) beat Lev's
    # trip Sevens (7s 7c + 7d): he collects $19.05.
    assert (h.total_pot, h.rake) == (2000, 95)
    assert [(c.player, c.amount) for c in h.collects] == [("Kai", 1905)]
    assert not [f for f in audit_hand(h).findings if f.kind is not FindingKind.HOLDEM_MISREAD_PRONE]


def test_runitonce_reraise_to_leaves_out_earlier_bets() -> None:
    """Run It Once's "raises X to Y" leaves out of Y what the raiser put in earlier on
    the street by its own bets (its blinds are in): read so where the totals say so."""
    first, second = parse_file(FIX / "runitonce_reraise_to_leaves_out_earlier_bets.txt")
    assert first.problems == () and second.problems == ()
    h = first.hand
    # Ada raises to 3.50, Cy (big blind, 1 posted) raises to 10.50, Ada "raises 17.50 to
    # 28": 28 more on her 3.50 = 31.50, as Cy's "calls 21" from 10.50 shows. In: Bo 0.50
    # + Ada 31.50 + 20 + Cy 31.50 + 20 = 103.50 = the total pot (read as a raise to 28,
    # 100 went in and 3.50 of Ada's would come back: 96.50, not 103.50).
    raises = [(a.player, a.amount, a.to_amount) for a in h.actions if a.kind.name == "RAISE"]
    # the raise over the bet faced: 3.50 - 1 = 2.50, 10.50 - 3.50 = 7, 31.50 - 10.50 = 21
    assert raises == [("Ada R", 250, 350), ("Cy T", 700, 1050), ("Ada R", 2100, 3150)]
    assert h.returned == () and (h.total_pot, h.rake) == (10350, 300)
    assert [(c.player, c.amount) for c in h.collects] == [("Cy T", 10050)]
    assert audit_hand(h).findings == ()
    # The same room writing a re-raise the PokerStars way ("raises 21 to 31.50", 31.50 in
    # as Cy's call of 21 from 10.50 shows: 1 + 31.50 + 31.50 = 64, the total): as read.
    h = second.hand
    raises = [(a.player, a.amount, a.to_amount) for a in h.actions if a.kind.name == "RAISE"]
    assert raises == [("Bo S", 250, 350), ("Cy T", 700, 1050), ("Bo S", 2100, 3150)]
    assert (h.total_pot, h.rake) == (6400, 300)
    assert audit_hand(h).findings == ()


def test_timed_out_in_other_words_is_unread(tmp_path: Path) -> None:
    """"has timed out" is read only in the wordings PokerStars writes ("has timed out",
    "... while disconnected", "... while being disconnected"): more words after it
    ("Fia has timed out and posts $0.10", which could be chips) are an unrecognised
    line and the hand is read in part; "Eon has timed out while disconnected" is read."""
    text = (FIX / "sits_out_and_summary_mucked.txt").read_text()
    text = text.replace("#300000000271:", "#300000002791:")
    text = text.replace("Fia: folds\n", "Fia: folds\nFia has timed out and posts $0.10\n"
                        "Eon has timed out while disconnected\n")  # fmt: skip
    path = tmp_path / "stars_timed_out.txt"
    path.write_text(text)
    (r,) = list(parse_file(path))
    # the new lines are 19 and 20 of the hand: the first unread, the second read
    assert [(p.code.value, p.line) for p in r.problems] == [("unrecognised_line", 19)]
    assert r.hand.unread_lines == (19,)
    # the money is read as before: 1.75 in, 0.08 rake, Dov collects 1.67
    assert (r.hand.total_pot, r.hand.rake) == (175, 8)
    assert [(c.player, c.amount) for c in r.hand.collects] == [("Dov", 167)]


def test_seat_out_of_hand_is_not_dealt_in(tmp_path: Path) -> None:
    """"Seat 3: Cyd ($6.58 in chips) out of hand (moved from another table into small
    blind)": Cyd is not dealt in (sitting out), as "is sitting out" says; with other
    words after "out of hand" the seat line is not read as one (an unread line)."""
    text = (FIX / "sits_out_and_summary_mucked.txt").read_text()
    text = text.replace("#300000000271:", "#300000002792:").replace("\nCyd is sitting out\n", "\n")
    moved = "Seat 3: Cyd ($6.58 in chips) out of hand (moved from another table into small blind)"
    path = tmp_path / "stars_out_of_hand.txt"
    path.write_text(text.replace("Seat 3: Cyd ($6.58 in chips)", moved))
    (r,) = list(parse_file(path))
    assert r.problems == ()
    assert {s.player: s.sitting_out for s in r.hand.seats}["Cyd"] is True
    # 1.75 in, 0.08 rake, Dov collects 1.67 as before
    assert (r.hand.total_pot, r.hand.rake) == (175, 8)
    path.write_text(text.replace("Seat 3: Cyd ($6.58 in chips)", moved + " and posts $1"))
    (r,) = list(parse_file(path))
    assert (5, "unrecognised_line") in [(p.line, p.code.value) for p in r.problems]
    assert 5 in r.hand.unread_lines
