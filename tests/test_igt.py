"""IGT JSON: a hand-written fixture (tests/fixtures/igt/) and corpus2's IGT files.

Expected money is worked out by hand in the comments (minor units: cents).
"""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from hhtools.grammars import igt, recognise
from hhtools.grammars._text import decode_head

from hhtools.audit import audit_hand
from hhtools.model.records import ActionKind, PostKind
from hhtools.model.vocab import FindingKind, Half, ProblemCode
from tests.test_globalpoker import corpus2_folder

FIX = Path(__file__).parent / "fixtures" / "igt"
TWO = FIX / "split_hilo_dead_small_blind_then_zero_stacks_adjustement.json"


def _parse(data: bytes, name: str = "x.json"):
    assert recognise(decode_head(data[:4096])) is igt.FORMAT
    return [igt.FORMAT.parse(ht) for ht in igt.FORMAT.split(io.BytesIO(data), name)]


def test_split_hilo_dead_small_blind() -> None:
    a, b = _parse(TWO.read_bytes(), str(TWO))
    assert not a.problems and not b.problems
    h = a.hand
    assert h.hand_id == "77001.hand.1" and h.line == 2 and h.game.hi_lo and h.game.currency == "EUR"
    # the STATE_EMPTY seat 4 named UNKNOWN is no player
    assert [(s.seat, s.player, s.stack) for s in h.seats] == [
        (1, "Ann", 2000), (2, "Bob", 3000), (3, "Cid", 2500), (5, "Dan", 1000)]
    assert h.button == 1 and h.hero == "Ann" and h.hole_cards["Ann"] == ("Ah", "2h", "Kc", "Kh")
    # Dan's HAND_DSB 0.25 with his HAND_BB 0.50: one small & big post of 75, the 25 dead
    dan = [a for a in h.actions if a.player == "Dan" and a.kind is ActionKind.POST]
    assert [(x.post, x.amount) for x in dan] == [(PostKind.DEAD_SMALL_AND_BIG, 75)]
    # values are street totals: Bob's "CALL 0.50" after his 0.25 blind adds 25;
    # Cid's flop "CALL 3.00" after his 1.00 bet adds 200
    bob_call = next(x for x in h.actions if x.player == "Bob" and x.kind is ActionKind.CALL)
    cid_calls = [x.amount for x in h.actions if x.player == "Cid" and x.kind is ActionKind.CALL]
    assert bob_call.amount == 25 and cid_calls == [200]
    # put in: Ann 50+300+500 = 850, Bob 50, Cid 850, Dan 75 -> 1825; rake 50; paid 1775:
    # high half 888 (the odd cent high) to Cid's two pair, low half 887 to Ann's 6-4-3-2-A
    assert h.total_pot == 1825 and h.rake == 50 and not h.pots_named
    assert sorted((c.player, c.amount, c.half) for c in h.collects) == [
        ("Ann", 887, Half.LOW), ("Cid", 888, Half.HIGH)]
    cid = next(s for s in h.shows if s.player == "Cid")
    assert cid.claimed_high is not None and cid.claimed_high.ranks == (12, 9)
    assert next(s for s in h.shows if s.player == "Ann").claimed_low == (6, 4, 3, 2, 1)
    kinds = {f.kind for f in audit_hand(h).findings}
    assert not kinds & {FindingKind.AWARD_MISMATCH, FindingKind.CHIP_IMBALANCE,
                        FindingKind.DECLARED_MISREAD}


def test_zero_stacks_inferred_and_adjustement_returns() -> None:
    _, b = _parse(TWO.read_bytes(), str(TWO))
    h = b.hand
    # every seat writes 0.00: stacks from the first bankRoll plus what was in by then:
    # Ann 18.62 + 1.75 = 20.37; Bob (no action) his result's 29.50; Cid 25.13 + 0.25;
    # Dan 8.75 + 0.50
    assert [(s.player, s.stack) for s in h.seats] == [
        ("Ann", 2037), ("Bob", 2950), ("Cid", 2538), ("Dan", 925)]
    assert "stacks" in h.inferred and h.button == 2
    # "ACTION_ADJUSTEMENT" 0.00 after Ann's 3.00 bet: 300 back
    assert [(r.player, r.amount, r.inferred) for r in h.returned] == [("Ann", 300, False)]
    # in: Ann 175, Cid 175, Dan 50 = 400 = pot 390 + rake 10; Ann paid 390
    assert h.total_pot == 400 and h.rake == 10
    assert [(c.player, c.amount) for c in h.collects] == [("Ann", 390)]
    assert not h.shows  # "$(STR_G_MUCK)": won without showing


def test_bankroll_contradicting_the_reading_is_a_problem() -> None:
    # Cid's flop call to 3.00 leaves 21.50; a file saying 22.50 contradicts the reading
    data = TWO.read_bytes().replace(b'"value": "3.00", "bankRoll": "21.50"',
                                    b'"value": "3.00", "bankRoll": "22.50"')
    a, _ = _parse(data)
    assert [p.code for p in a.problems] == [ProblemCode.BAD_AMOUNT]
    assert a.hand is not None  # stored: read in part on the problem's line
    # the action's own line (the hand starts on line 2; that call is the 19th action)
    assert a.problems[0].line == 2 + 6 + 19


def test_unknown_keys_and_kinds_are_problems_on_their_line() -> None:
    data = TWO.read_bytes().replace(b'"type": "ACTION_CHECK", "player": "Dan"}',
                                    b'"type": "ACTION_CHECK", "player": "Dan", "chips": "1"}', 1)
    data = data.replace(b'"kind": "HAND_BB", "date": "1700000003100"',
                        b'"kind": "HAND_XB", "date": "1700000003100"')
    a, b = _parse(data)
    assert [(p.code, p.line) for p in a.problems] == [(ProblemCode.UNRECOGNISED_LINE, 2 + 6 + 9)]
    # Dan's unread 0.50 blind leaves the site's pots (flop, showdown) and Dan's result
    # bankRoll above the reading: those disagree too, each a problem of its own
    assert [p.code for p in b.problems] == [ProblemCode.UNRECOGNISED_LINE] + [ProblemCode.BAD_AMOUNT] * 3
    assert a.hand is not None and b.hand is not None  # stored, read in part


def test_side_pot_keys_must_add_up_to_the_pot() -> None:
    # a pot the site names beside "mainpot" is read: 14.75 + 3.00 is the river's 17.75;
    # when they do not add up (14.75 + 2.00) the hand is read in part there
    good = TWO.read_bytes().replace(b'"mainpot": "17.75", "rake": "0.50", "pot": "17.75"}',
                                    b'"mainpot": "14.75", "sidepot1": "3.00", "rake": "0.50", "pot": "17.75"}')
    a, _ = _parse(good)
    assert not a.problems
    bad = good.replace(b'"sidepot1": "3.00"', b'"sidepot1": "2.00"')
    a, _ = _parse(bad)
    assert [(p.code, p.line) for p in a.problems] == [(ProblemCode.BAD_AMOUNT, 2 + 6 + 23)]


def test_bad_input_never_raises() -> None:
    data = TWO.read_bytes()
    for cut in range(0, len(data), 97):
        for parsed in _parse(data[:cut] if cut else b"{") if data[:cut].lstrip(b"\xef\xbb\xbf").startswith(b'{"history') else []:
            assert parsed.hand is not None or parsed.problems
    cut = _parse(data[: len(data) // 2])
    assert cut[-1].hand is None and cut[-1].problems[0].code is ProblemCode.TRUNCATED_HAND
    bad = _parse(data.replace(b'"card": [{"link": "38"}', b'"card": [{"link": "77"}'))
    assert bad[0].hand is None and bad[0].problems[0].code is ProblemCode.BAD_AMOUNT
    holdem = _parse(data.replace(b'"gameType": "OMAHA"', b'"gameType": "TEXASHOLDEM"'))
    assert holdem[1].skipped and holdem[1].hand is None


def test_sit_and_go_is_a_tournament_in_chips() -> None:
    # the second hand as a sit-and-go: "gameKind" GAMEKIND_SITGO, every amount in whole
    # chips ("1.75" -> "175"); it is a tournament (TBL_77001), counted in chips
    import re

    data = TWO.read_bytes().split(b'\n  {"player"')[-1]
    data = b'{"history": [\n  {"player"' + data.replace(b"GAMEKIND_CASH", b"GAMEKIND_SITGO")
    data = re.sub(rb'"(\d+)\.(\d)"', rb'"\1\g<2>0"', data)
    data = re.sub(rb'"0*(\d+)\.(\d\d)"', lambda m: b'"%d"' % int(m[1] + m[2]), data)
    (p,) = _parse(data)
    h = p.hand
    assert not p.problems and h.game.currency == "CHIPS" and h.game.tournament_id == "TBL_77001"
    # the same numbers as the cash hand's cents: in 400 chips, 10 to the house, 390 paid
    assert (h.game.small_blind, h.game.big_blind) == (25, 50)
    assert h.total_pot == 400 and h.rake == 10 and [(c.player, c.amount) for c in h.collects] == [("Ann", 390)]


@pytest.mark.parametrize("name", ["ExtraHands/IGT2019Hand.txt", "GameTypeTests/PotLimitOmahaHiLo.txt",
                                  "GeneralHands/HeroName.txt", "HandActionTests/AllInHandWithShowdown.txt"])
def test_real_igt_hands(name: str) -> None:
    path = corpus2_folder("IGT") / "ggratte" / "CashGame" / name
    (parsed,) = _parse(path.read_bytes(), str(path))
    assert parsed.hand is not None
    findings = [f.kind for f in audit_hand(parsed.hand).findings
                if f.kind is not FindingKind.HOLDEM_MISREAD_PRONE]
    assert findings == []
    if name.startswith("HandAction"):
        # the file deals 6s (link 43) to APKI and shows it in XPBIIM6's hand: the
        # dealt cards are not kept, the hand is read in part
        assert [p.code for p in parsed.problems] == [ProblemCode.BAD_CARDS]
    else:
        assert not parsed.problems
    if name.startswith("Extra"):
        # Bmenss3's HAND_DSB leaves his bankRoll at the seat's 93.73: the seat was
        # written after it, so his stack was 93.98; pot 2.00 = 0.25 + 0.50 + 0.75 + 0.50
        h = parsed.hand
        assert next(s.stack for s in h.seats if s.player == "Bmenss3") == 9398
        assert h.total_pot == 200 and [(r.player, r.amount) for r in h.returned] == [("Zjkpbt8", 200)]


def test_hand_key_no_rule_reads_is_unread_not_swallowed() -> None:
    # A key of the hand object the grammar does not know ("jackpot") could carry chips:
    # the hand is read in part; a key whose value is no object or array has no line of
    # its own in the kernel's map, so the problem is on the hand object's line (2: the
    # file's line 1 opens the "history" array). The next hand, without it, is read whole.
    show = b'   "showDown": {"date": "1700000002000"'
    data = TWO.read_bytes().replace(show, b'   "jackpot": "0.25",\n' + show, 1)
    a, b = _parse(data)
    assert a.hand is not None and a.hand.unread_lines == (2,)
    assert [p.code for p in a.problems] == [ProblemCode.UNRECOGNISED_LINE]
    assert b.hand is not None and b.hand.unread_lines == ()


def test_jackpot_key_of_an_action_is_not_a_pot() -> None:
    # "mainpot" on an action is one of the pots the site names (checked against its
    # "pot"); "jackpot" is no pot: a key the grammar does not read, so the hand is read
    # in part on that action's line (line 9 of the file: the small blind's).
    sb = b'"player": "Bob", "value": "0.25", "bankRoll": "29.75"}'
    data = TWO.read_bytes().replace(sb, sb[:-1] + b', "jackpot": "0.01"}', 1)
    a, b = _parse(data)
    assert a.hand is not None and a.hand.unread_lines == (9,)
    assert b.hand is not None and b.hand.unread_lines == ()
