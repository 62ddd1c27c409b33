"""Betfair grammar: hand-written fixtures (tests/fixtures/betfair/) and the real corpus.

Every expected amount below is worked out by hand from the fixture text (the comments
show the sums); none is copied from the code's output.
"""

from __future__ import annotations

import re
from datetime import UTC, datetime
from pathlib import Path

from hhtools.grammars import betfair, recognise
from hhtools.grammars._quiet import NO_CHIPS

from hhtools.model.records import ActionKind, BettingStructure, ClaimedHigh, HandText, PostKind
from hhtools.model.vocab import HandCategory, ProblemCode
from tests.small_sites import (
    BAD,
    FIXTURES,
    import_corpus,
    kinds,
    manifest_hands,
    parse_fixture,
    with_lines,
)

FMT = betfair.FORMAT


def test_recognise_is_specific() -> None:
    head = (FIXTURES / "betfair" / "dead_small_blind_uncalled_bet_no_return_line.txt").read_text()
    assert FMT.recognise(head) and recognise(head) is FMT
    for other in ("PokerStars Hand #1: Omaha Pot Limit ($0.01/$0.02 USD)",
                  "Stage #1828549717: Omaha Hi/Lo (1 on 1)  Normal $30/$60 - 2009-12-31",
                  "***** History for hand R5-75443872-57 *****",
                  "Game # 2314086000 - Omaha High Pot Limit EUR 0.50/1 - Table \"Eaton\""):
        assert not FMT.recognise(other)


def test_dead_small_blind_and_uncalled_bet_without_return_line() -> None:
    (ph,) = parse_fixture(FMT, "dead_small_blind_uncalled_bet_no_return_line.txt")
    h = ph.hand
    assert h is not None and ph.problems == ()
    g = h.game
    assert (g.structure, g.small_blind, g.big_blind, g.currency, g.hi_lo) == (
        BettingStructure.POT_LIMIT, 25, 50, "USD", False)  # fmt: skip
    assert (h.hand_id, h.table, h.max_seats, h.button, h.hero) == (
        "300000001", "Larkspur", 6, 5, "Cosima")  # fmt: skip
    assert h.started_at_utc == datetime(2010, 1, 15, 22, 10, 5, tzinfo=UTC)
    acts = [(a.player, a.kind, a.amount, a.to_amount, a.post) for a in h.actions]
    assert acts[:8] == [
        ("Dorian", ActionKind.POST, 25, None, PostKind.SMALL_BLIND),
        ("Agathe", ActionKind.POST, 50, None, PostKind.BIG_BLIND),
        ("Bruno", ActionKind.POST, 75, None, PostKind.DEAD_SMALL_AND_BIG),
        ("Bruno", ActionKind.CHECK, 0, None, None),  # his live 0.50 is the bet
        ("Cosima", ActionKind.RAISE, 175, 225, None),
        ("Dorian", ActionKind.FOLD, 0, None, None),
        ("Agathe", ActionKind.CALL, 175, None, None),
        ("Bruno", ActionKind.CALL, 175, None, None),  # 0.50 live + 1.75 = 2.25
    ]
    # Nobody calls Cosima's $6 flop bet and no line returns it: the record does. Bruno's
    # dead 0.25 does not make him the second biggest bettor (2.50 in, 2.25 live).
    assert [(r.player, r.amount, r.inferred) for r in h.returned] == [("Cosima", 600, True)]
    # In: 0.25 + 2.25 + 2.50 + 2.25 = 7.25; paid 6.90: rake 0.35 (no line: inferred).
    assert (h.total_pot, h.rake, h.inferred) == (None, 35, ("returned", "rake"))
    assert [(c.player, c.amount, c.pot) for c in h.collects] == [("Cosima", 690, 0)]
    assert not kinds(h) & BAD


def test_chopped_main_pot_side_pot_skipped_holdem_cut_hand() -> None:
    name = "allin_chopped_main_side_pot_skipped_holdem_cut_hand.txt"
    holdem, hand, cut = parse_fixture(FMT, name)
    assert holdem.hand is None and holdem.skipped and holdem.hand_id == "300000002"
    assert [p.code for p in holdem.problems] == [ProblemCode.SKIPPED_GAME]
    assert cut.hand is None and [p.code for p in cut.problems] == [ProblemCode.TRUNCATED_HAND]
    h = hand.hand
    assert h is not None and hand.problems == ()
    ezra = [(a.kind, a.amount, a.to_amount, a.all_in) for a in h.actions if a.player == "Ezra"]
    # "raises to [$0.70]": the street total, 0.50 over the big blind; "goes all-in" then
    # "bets [$2.10]": his last 2.10 of 2.80.
    assert ezra == [(ActionKind.RAISE, 50, 70, False), (ActionKind.BET, 210, None, True)]
    assert h.boards == (("Ah", "Kd", "5c", "Qs", "3h"),)
    shows = {s.player: s.claimed_high for s in h.shows}
    assert shows["Ezra"] == shows["Fenna"] == ClaimedHigh(HandCategory.STRAIGHT, (14,))
    assert shows["Gisela"] == ClaimedHigh(HandCategory.ONE_PAIR, (2,))
    # main 3 x 2.80 = 8.40, less 0.40 rake, chopped 4/4; side 2 x 4 = 8 to Fenna.
    assert [(c.player, c.amount, c.pot) for c in h.collects] == [
        ("Fenna", 800, 1), ("Fenna", 400, 0), ("Ezra", 400, 0)]  # fmt: skip
    assert (h.rake, h.pot_parts, h.returned, h.inferred) == (40, (800, 800), (), ("rake",))
    assert not kinds(h) & BAD


def test_hand_without_its_ends_line_is_cut_short() -> None:
    # The second hand (lines 17 to 53): cut after "Fenna wins $8 from side pot #1" (50)
    # or her $4 of the chopped main pot (51), it was read whole with Ezra's $4 (and
    # Fenna's) unpaid, and the audit found award mismatches on a hand that was only cut.
    # Cut after Ezra's line (52), every pot is paid but the "Game 300000003 ends" line
    # is still missing: cut short too; to that line (53): read, as above.
    name = "allin_chopped_main_side_pot_skipped_holdem_cut_hand.txt"
    lines = (FIXTURES / "betfair" / name).read_text("utf-8").split("\n")[16:]
    for end in (50, 51, 52):
        r = FMT.parse(HandText("\n".join(lines[: end - 16]), "b.txt", 17, 0))
        assert r.hand is None
        assert [(p.line, p.code) for p in r.problems] == [(end, ProblemCode.TRUNCATED_HAND)]
    r = FMT.parse(HandText("\n".join(lines[: 53 - 16]), "b.txt", 17, 0))
    assert r.hand is not None and r.problems == ()
    assert [(c.player, c.amount) for c in r.hand.collects] == [
        ("Fenna", 800), ("Fenna", 400), ("Ezra", 400)]  # fmt: skip


def test_straight_words_top_card_first() -> None:
    assert betfair.read_high("a straight flush, Seven to Three") == ClaimedHigh(
        HandCategory.STRAIGHT_FLUSH, (7,))  # fmt: skip
    assert betfair.read_high("a straight, Five to Ace") == ClaimedHigh(HandCategory.STRAIGHT, (5,))


def test_bad_input_never_raises() -> None:
    text = (FIXTURES / "betfair" / "dead_small_blind_uncalled_bet_no_return_line.txt").read_text()
    ph = FMT.parse(HandText(text.replace("( $25 )", "( $25000000000000000 )"), "x", 1, 0))
    assert ph.hand is None and ProblemCode.OUT_OF_RANGE in {p.code for p in ph.problems}
    ph = FMT.parse(HandText(text.replace("[ Ks, 7d, 2c ]", "[ Kc, 7d, 2c ]"), "x", 1, 0))
    assert ph.hand is None and ProblemCode.IMPOSSIBLE_CARDS in {p.code for p in ph.problems}
    ph = FMT.parse(HandText(text.replace("Dorian folds", "Dorian juggles"), "x", 1, 0))
    assert ph.hand is not None and [p.code for p in ph.problems] == [ProblemCode.UNRECOGNISED_LINE]
    ph = FMT.parse(HandText(text.replace("PL $0.25/$0.50 Omaha", "PL $0.25/$0.50 Omaha Crazy"),
                            "x", 1, 0))  # fmt: skip
    assert [p.code for p in ph.problems] == [ProblemCode.UNKNOWN_GAME]
    for cut in range(0, len(text), 53):
        FMT.parse(HandText(text[:cut], "x", 1, 0))  # never raises


def test_real_betfair_hands(tmp_path: Path) -> None:
    got = import_corpus("Betfair", tmp_path)
    assert (got.hands, got.failed) == (manifest_hands("Betfair"), 0) and got.hands == 1
    assert got.problems == [] and got.formats == [("betfair",)]
    # The side pot (2 x 3.13) is paid whole and the main pot (5 x 1) 4.44: the 0.56
    # rake came from the main pot only; read as net pot parts, nothing is reported.
    assert got.findings == []


def test_adding_a_site_quotes_betfair_as_it_is() -> None:
    """docs/adding_a_site.md walks through this grammar: every ``python`` block it
    quotes is text of grammars/betfair.py or grammars/__init__.py as they are now."""
    root = Path(__file__).parent.parent
    doc = (root / "docs" / "adding_a_site.md").read_text(encoding="utf-8")
    sources = [(root / "grammars" / name).read_text(encoding="utf-8")
               for name in ("betfair.py", "__init__.py")]  # fmt: skip
    quotes = re.findall(r"```python\n(.*?)```", doc, re.DOTALL)
    assert len(quotes) >= 8
    stale = [q for q in quotes if not any(q in text for text in sources)]
    assert stale == []


def test_player_lines_each_read_by_its_own_rule() -> None:
    """Every line a player's rule reads is keyed by its own first word (an alternation
    of words is keyed by its first word only): the site's event lines, from the format."""
    lines = {
        "does not show cards": "event", "does not show": "event", "sits out": "sitout",
        "is sitting out": "sitout", "goes all-in": "goes_all_in", "raises to [$1]": "raise_to",
        "raises [$0.20]": "raise_by", "mucks [ 7c, 6c, 5h, Jh ]": "show",
        "wins $6.26 from side pot #1 with a straight flush, Seven to Three": "win",
    }  # fmt: skip
    read = {text: found[0] for text in lines if (found := betfair._PLAYER.match(text))}
    assert read == lines
    # the lines that carry no chips are the kernel's no-chips table's, not a player rule's
    quiet = ("is disconnected", "is reconnected", "has joined the table", "has left the table",
             "timed out")  # fmt: skip
    assert [betfair._PLAYER.match(t) for t in quiet] == [None] * 5
    assert all(NO_CHIPS.match(f"Bruno {t}") for t in quiet)


def test_event_with_more_words_is_unread_not_swallowed() -> None:
    # "Dorian timed out", "Dorian is disconnected", "Dorian has left the table" carry
    # no chips and stay read; "Dorian timed out and forfeits [$0.25]" may carry chips
    # (the old "timed out.*" read it as nothing), and so may a section line with words
    # after it: each is not understood, the hand read in part on those lines.
    odd = ["Dorian timed out and forfeits [$0.25]", "** Showdown ** [$0.25]"]
    ph, lines = with_lines(betfair.FORMAT, "dead_small_blind_uncalled_bet_no_return_line.txt",
                           "Dorian folds", ["Dorian timed out", odd[0], "Dorian is disconnected",
                                            "Dorian has left the table", odd[1]])
    assert ph.hand is not None
    assert ph.hand.unread_lines == tuple(lines.index(x) + 1 for x in odd)  # lines from 1
