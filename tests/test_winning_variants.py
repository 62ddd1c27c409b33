"""WPN (America's Cardroom) variants real files hold and the reader once lost:
hand-written fixtures in tests/fixtures/winning/, amounts worked out by hand, in cents."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

from hhtools.grammars import winning

from hhtools.audit import audit_hand
from hhtools.model.records import PostKind, Variant
from hhtools.model.vocab import FindingKind
from tests.award_probe import awards

FIX = Path(__file__).parent / "fixtures" / "winning"


def _hands(name: str) -> list:
    with (FIX / name).open("rb") as fh:
        return [winning.FORMAT.parse(ht) for ht in winning.FORMAT.split(fh, name)]


def test_new_5card_hilo_split() -> None:
    """'5Card Omaha H/L(Pot Limit)' is five-card Omaha hi/lo (it was an unknown game,
    the hand lost). Pot: 3 + 3 + 0.50 + 5 + 5 = $16.50, rake $0.80, $15.70 paid:
    Amy's trip jacks (Jh Js + Jc 9s 6d) the high half $7.85, Cat's 6-4-3-2-A (Ac 2c +
    3h 4d 6d) the low half $7.85 (Amy's best low 8-6-5-4-3)."""
    (ph,) = _hands("new_5card_hilo_split.txt")
    h = ph.hand
    assert ph.problems == ()
    assert h.game.variant is Variant.OMAHA5 and h.game.hi_lo
    assert (h.game.small_blind, h.game.big_blind) == (50, 100)
    assert len(h.hole_cards["Cat"]) == 5
    assert (h.total_pot, h.rake) == (1650, 80)
    assert sorted((c.player, c.amount) for c in h.collects) == [("Amy", 785), ("Cat", 785)]
    assert audit_hand(h).findings == ()
    text = (FIX / "new_5card_hilo_split.txt").read_text()
    wrong = text.replace("Amy collected $7.85", "Amy collected $15.70").replace(
        "Cat collected $7.85 from main pot\n", "")
    wrong = wrong.replace("won $7.85 with HI - three", "won $15.70 with HI - three").replace(
        "and won $7.85 with HI - high card", "and lost with HI - high card")
    # the whole pot to Amy: paid $15.70 of the pot, due $7.85; Cat due $7.85, paid none
    assert awards(winning.FORMAT, wrong) == {("Amy", 1570, 785), ("Cat", 0, 785)}


def test_new_tournament_game_hand_ante_late_blinds() -> None:
    """A tournament hand's header 'Game Hand #N - Tournament #T - Omaha (Pot Limit) -
    Level 3 (50.00/100.00) - <date> UTC' (2021 files: '...(200.00/400.00)- <date>')
    was not recognised: the whole file was lost. Amounts are chips written with
    '.00'; 'posts ante' has no 'the'; the blinds come after '*** HOLE CARDS ***' and a
    'Main pot' line; 'Seat 2: Ben will be allowed to play after the button' seats
    nobody. Hand 1: antes 4 x 10, Cy raises to 300, Ann calls (300 + 300 + Eve's 50 =
    690 with the antes), 690 each on the flop (2,070), Cy all in for his last 500 on
    the turn, called: 3,070, Ann's 6-high straight (6c 4c + 5s 3c 2h) beats Cy's jacks.
    Hand 2: antes 3 x 40, blinds 200/400, Ben raises to 1,200, both fold: 800 returned,
    Ben wins 120 + 200 + 400 + 400 = 1,120 (only the summary's 'did not show and won')."""
    one, two = _hands("new_tournament_game_hand_ante_late_blinds.txt")
    assert one.problems == () and two.problems == ()
    h = one.hand
    g = h.game
    assert (g.tournament_id, g.level, g.currency) == ("35000001", "Level 3", "CHIPS")
    assert (g.small_blind, g.big_blind, g.variant, g.hi_lo) == (50, 100, Variant.OMAHA, False)
    assert (h.table, h.max_seats, h.button, h.hero) == ("12", 6, 4, "Cy")
    assert [(s.seat, s.player, s.stack) for s in h.seats] == [
        (1, "Ann", 2000), (3, "Cy", 1500), (4, "Dee", 3000), (5, "Eve", 2500)]
    assert [a.amount for a in h.actions if a.post is PostKind.ANTE] == [10, 10, 10, 10]
    assert (h.total_pot, h.rake) == (3070, 0)
    assert [(c.player, c.amount) for c in h.collects] == [("Ann", 3070)]
    assert _money(h) == []
    text = (FIX / "new_tournament_game_hand_ante_late_blinds.txt").read_text()
    first = text.split("\n\n")[0]
    wrong = first.replace("Ann collected 3070.00", "Cy collected 3070.00")
    assert awards(winning.FORMAT, wrong) == {("Ann", 0, 3070), ("Cy", 3070, 0)}
    h = two.hand
    assert (h.game.tournament_id, h.game.level, h.game.big_blind) == ("24100001", "Level 8", 400)
    assert h.started_at_utc == datetime(2021, 2, 25, 22, 7, 46, tzinfo=UTC)
    assert [(r.player, r.amount) for r in h.returned] == [("Ben", 800)]
    assert (h.total_pot, [(c.player, c.amount) for c in h.collects]) == (1120, [("Ben", 1120)])
    assert _money(h) == []


def _money(hand) -> list:
    """The hand's money findings (awards, chips, declared hands)."""
    bad = {FindingKind.AWARD_MISMATCH, FindingKind.CHIP_IMBALANCE, FindingKind.DECLARED_MISREAD}
    return [f for f in audit_hand(hand).findings if f.kind in bad]


def test_new_cash_ante_in_header() -> None:
    """A cash header with an ante ('$0.01/$0.02, Ante $0.01 - <date>') was not a hand
    header: the hand lost. Now the ante is the game's; the pot is the antes 3 + blinds
    1 + 2 + Amy's 2 called = 8 cents, her 5 over the big blind returned, and won."""
    (ph,) = _hands("new_cash_ante_in_header.txt")
    h = ph.hand
    assert ph.problems == ()
    assert (h.game.small_blind, h.game.big_blind, h.game.ante) == (1, 2, 1)
    assert h.game.tournament_id is None and h.game.currency == "USD"
    assert [(r.player, r.amount) for r in h.returned] == [("Amy", 5)]
    assert (h.total_pot, [(c.player, c.amount) for c in h.collects]) == (8, [("Amy", 8)])
    assert _money(h) == []


def test_new_bomb_pot_antes_no_blinds() -> None:
    """A bomb pot (its summary's 'BombPot' line, which was an unrecognised line: the
    hand read in part, not judged): antes of $0.10 each, no blinds, no betting before
    the flop. Pot: 3 x 10 + 2 x 20 = 70 cents, 3 kept as rake, 67 paid: Cat's ace-high
    flush (Ah Kh + Qh 9h 4h) beats Bob's trip queens (Qs Qd + Qh Jc 9h). Nothing of the
    procedure speaks against the missing blinds (none are due)."""
    (ph,) = _hands("new_bomb_pot_antes_no_blinds.txt")
    h = ph.hand
    assert ph.problems == () and h.unread_lines == ()
    assert [a.amount for a in h.actions if a.post is PostKind.ANTE] == [10, 10, 10]
    assert not [a for a in h.actions if a.post in (PostKind.SMALL_BLIND, PostKind.BIG_BLIND)]
    assert (h.total_pot, h.rake) == (70, 3)
    assert [(c.player, c.amount) for c in h.collects] == [("Cat", 67)]
    assert audit_hand(h).findings == ()
    text = (FIX / "new_bomb_pot_antes_no_blinds.txt").read_text()
    wrong = text.replace("Cat collected $0.67", "Bob collected $0.67")
    assert awards(winning.FORMAT, wrong) == {("Bob", 67, 0), ("Cat", 0, 67)}


def test_new_folds_then_shows_sitting_out_seat() -> None:
    """A player who folds and then shows ('Bob folds', 'Bob shows [..]'; the summary's
    'showed [Ah Kd 9s 3c] and folded on the Pre-Flop') was an unrecognised summary
    line: the hand read in part. Hand 1: Cat raises to 7 cents (written as ACR does,
    "raises $0.07 to $0.07"), both blinds fold, 5
    returned: 1 + 2 + 2 = 5 cents to Cat; Dan sits out. Hand 2: Bob folds the flop and
    shows his kings; the 18 cents (2 x 3 + 6 x 2) less 1 rake go to Cat's trip queens
    (Qc Qd + Qh Jc 8d) over Amy's trip jacks, Bob's cards in no pot."""
    one, two = _hands("new_folds_then_shows_sitting_out_seat.txt")
    assert one.problems == () and two.problems == ()
    h = one.hand
    assert [(s.player, s.sitting_out) for s in h.seats][-1] == ("Dan", True)
    assert h.hole_cards["Bob"] == ("Ah", "Kd", "9s", "3c")
    assert (h.total_pot, [(c.player, c.amount) for c in h.collects]) == (5, [("Cat", 5)])
    assert _money(h) == []
    h = two.hand
    assert (h.total_pot, h.rake, [(c.player, c.amount) for c in h.collects]) == (
        18, 1, [("Cat", 17)])
    assert _money(h) == []
    text = (FIX / "new_folds_then_shows_sitting_out_seat.txt").read_text()
    wrong = text.split("\n\n")[1].replace("Cat collected $0.17", "Bob collected $0.17")
    assert awards(winning.FORMAT, wrong) == {("Bob", 17, 0), ("Cat", 0, 17)}


def test_new_tournament_big_blind_all_in_side_pot() -> None:
    """'Cy posts the big blind 400.00 and is all-in' (a post taking the last chips)
    was an unrecognised line: the hand read in part. Cy, seated 'is sitting out',
    posts and shows, so he plays. Antes 4 x 60; Ben's small blind 250; Dee all in to
    940, Ann calls, Ben folds. Main pot: 460 x 3 (Ann, Cy, Dee) + Ben's 310 = 1,690 to
    Cy's wheel (Ah 4c + 5d 3h 2s); side pot 540 x 2 = 1,080 to Dee's trip kings over
    Ann's trip nines. No rake (a tournament)."""
    (ph,) = _hands("new_tournament_big_blind_all_in_side_pot.txt")
    h = ph.hand
    assert ph.problems == ()
    bb = next(a for a in h.actions if a.post is PostKind.BIG_BLIND)
    assert (bb.player, bb.amount, bb.all_in) == ("Cy", 400, True)
    assert not next(s for s in h.seats if s.player == "Cy").sitting_out
    assert h.total_pot == 2770 and h.pot_parts == (1690, 1080)
    assert [(c.player, c.amount, c.pot) for c in h.collects] == [("Cy", 1690, 0),
                                                                 ("Dee", 1080, 1)]
    assert _money(h) == []
    text = (FIX / "new_tournament_big_blind_all_in_side_pot.txt").read_text()
    wrong = text.replace("Cy collected 1690.00", "Dee collected 1690.00")
    assert awards(winning.FORMAT, wrong) == {("Dee", 1690, 0), ("Cy", 0, 1690)}


def test_old_posts_dead_bet_then_big_blind() -> None:
    """The older format's player coming in: 'Player Echo posts (0.25) as a dead bet' then
    'Player Echo posts (0.50)' (both were unrecognised lines, the hand read in part): one
    post of both blinds, 25 dead, 50 live. The dead 25 is at no contribution level (the
    pots built from the bets made it a side pot of Echo's alone and split his total
    over it: 'paid $3.10, due $3.35'). Pot: 25 + 150 (Delta) + 175 (Echo) = $3.50, $0.15
    rake, $3.35 to Echo's two pair, jacks and deuces (Js 2d + Jc 2s Ks)."""
    (ph,) = _hands("old_posts_dead_bet_then_big_blind.txt")
    h = ph.hand
    assert ph.problems == () and h.unread_lines == ()
    post = next(a for a in h.actions if a.player == "Echo")
    assert (post.post, post.amount) == (PostKind.DEAD_SMALL_AND_BIG, 75)
    assert (h.total_pot, h.rake) == (350, 15)
    assert [(c.player, c.amount, c.pot) for c in h.collects] == [("Echo", 335, 0)]
    assert audit_hand(h).findings == ()
