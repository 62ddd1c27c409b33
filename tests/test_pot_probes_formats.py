"""The pot probes, format by format, worked by hand (seeds 000-004, DESIGN.md): each
pot awarded among the players in it, side pots formed at each all-in level, a tied
pot's odd unit to the tied player first clockwise from the button, the rake where the
site says it took it. Each fixture (tests/fixtures/<site>/probes/) holds three hands
in the site's own words, the same deals (amounts in cents):

1. Cy's last chips as the big blind, Ann raises, Bea calls: the main pot (three
   times Cy's blind) to Cy's aces, the side pot to Bea's kings over Ann's queens.
2. Ann all in: the main pot tied by Ann and Bea (king-high straights), its odd cent
   to Bea (first left of Ann's button), the side pot Bea's over Cy's aces.
3. Ann and Bea all in for $3 each, Cy and Dee call; Cy's $5 flop bet called, his $10
   turn bet not (returned): main pot $12 less the $0.60 rake, all from the main pot
   ("Main pot $11.40. Side pot $10."), tied $5.70 / $5.70; the side pot $10 Cy's.

Paid right: no finding, every line read. Paid wrong (lines rewritten as the site
would write them), the findings name the pot each is about, who and how much:
Cy paid both pots; the main pot to Cy. The tied main pot's odd cent paid to Ann
instead: none of these formats declares its room's odd-chip rule, and real rooms place
a tie's odd chips their own way (OnGame 2010 and Winamax 2012 last clockwise first),
so with each tied player paid the equal share rounded down or up it is no finding
(hhtools.audit.odd_fit; a cent beyond that is: tests/test_odd_fit.py).
"""

from __future__ import annotations

from pathlib import Path

from hhtools.audit import audit_hand
from hhtools.grammars import absolute, bovada, everleaf, fulltilt, merge, microgaming, pokernow
from hhtools.model.records import HandText
from hhtools.model.vocab import FindingKind

FIX = Path(__file__).parent / "fixtures"


def _hands(fmt, name: str) -> list[str]:  # type: ignore[no-untyped-def]
    """Each hand's text as the format's splitter cuts the fixture."""
    with (FIX / name).open("rb") as fh:
        return [ht.text for ht in fmt.FORMAT.split(fh, name)]


def _found(fmt, text: str, reps: tuple[tuple[str, str], ...] = ()):  # type: ignore[no-untyped-def]
    """The parse of ``text`` with ``reps`` made, and its award findings
    ``(player, pot, paid, due)``; every line read."""
    for a, b in reps:
        assert a in text, a
        text = text.replace(a, b)
    ph = fmt.FORMAT.parse(HandText(text, "probe.txt", 1, 0))
    assert ph.hand is not None and ph.problems == () and ph.hand.unread_lines == ()
    result = audit_hand(ph.hand)
    return result, {(f.player, f.pot, f.paid, f.due) for f in result.findings
                    if f.kind is FindingKind.AWARD_MISMATCH}  # fmt: skip


SIZES = [[(90, 90), (240, 240)], [(615, 615), (600, 600)], [(1200, 1140), (1000, 1000)]]
WRONG = [{("Cy", 0, 330, 90), ("Bea", 1, 0, 240)},
         set(),  # the odd cent placed otherwise: the room's rule is not known
         {("Ann", 0, 0, 570), ("Bea", 0, 0, 570), ("Cy", 0, 1140, 0)}]  # fmt: skip


def _check(fmt, name: str, wrong: list[tuple[tuple[str, str], ...]],  # type: ignore[no-untyped-def]
           names: dict[str, str] | None = None, sizes_of=SIZES, wrong_of=WRONG,
           newest_first: bool = False) -> None:
    """The three hands of fixture ``name`` (in play order) paid right, then each paid
    wrong by its ``wrong`` rewrites; ``names``: the players' names in the fixture."""
    texts = _hands(fmt, name)
    if newest_first:
        texts.reverse()
    names = names or {}
    assert len(texts) == 3
    for text, sizes in zip(texts, sizes_of, strict=True):
        result, found = _found(fmt, text)
        assert result.findings == () and found == set()
        assert [(p.gross, p.net) for p in result.settlement.pots] == sizes
    for text, reps, expected in zip(texts, wrong, wrong_of, strict=True):
        assert _found(fmt, text, reps)[1] == {(names.get(p, p), *rest) for p, *rest in expected}


def test_full_tilt() -> None:
    """Full Tilt names each pot ("wins the side pot ($2.40)", "ties for the main pot")."""
    _check(fulltilt, "fulltilt/probes/short_all_in_blind_and_tied_main_pot_side_pot.txt", [
        (("Bea wins the side pot ($2.40) with a pair of Kings\nCy wins the main pot ($0.90)",
          "Cy wins the main pot ($3.30)"),
         ("and won ($2.40) with a pair of Kings", "and lost with a pair of Kings"),
         ("and won ($0.90) with a pair of Aces", "and won ($3.30) with a pair of Aces")),
        (("Bea ties for the main pot ($3.08)", "Bea ties for the main pot ($3.07)"),
         ("Ann ties for the main pot ($3.07)", "Ann ties for the main pot ($3.08)"),
         ("and won ($3.07)", "and won ($3.08)"), ("and won ($9.08)", "and won ($9.07)")),
        (("Ann ties for the main pot ($5.70) with a straight, King high\n"
          "Bea ties for the main pot ($5.70) with a straight, King high",
          "Cy wins the main pot ($11.40) with a pair of Aces"),
         ("showed [Th 9h 8c 7c] and won ($5.70)", "showed [Th 9h 8c 7c] and lost"),
         ("showed [Td 9d 6s 5h] and won ($5.70)", "showed [Td 9d 6s 5h] and lost"),
         ("and won ($10) with a pair of Aces", "and won ($21.40) with a pair of Aces")),
    ])  # fmt: skip


def test_bovada() -> None:
    """Bovada names players by position (Ann the Dealer, Bea the Small Blind, Cy the Big
    Blind) and pays each pot on its own lines ("Hand result-Side pot $2.40")."""
    _check(bovada, "bovada/probes/short_all_in_blind_and_tied_main_pot_side_pot.txt", [
        (("Big Blind : Hand result $0.90\nSmall Blind : Hand result-Side pot $2.40",
          "Big Blind : Hand result $3.30"),
         ("Seat+2: Small Blind HI $2.40 with", "Seat+2: Small Blind lost with"),
         ("Seat+3: Big Blind HI $0.90", "Seat+3: Big Blind HI $3.30")),
        (("Small Blind : Hand result $3.08\nDealer : Hand result $3.07",
          "Small Blind : Hand result $3.07\nDealer : Hand result $3.08"),
         ("Dealer HI $3.07", "Dealer HI $3.08"), ("Small Blind HI $9.08", "Small Blind HI $9.07")),
        (("Dealer : Hand result $5.70\nSmall Blind : Hand result $5.70",
          "Big Blind : Hand result $11.40"),
         ("Seat+1: Dealer HI $5.70 with", "Seat+1: Dealer lost with"),
         ("Seat+2: Small Blind HI $5.70 with", "Seat+2: Small Blind lost with"),
         ("Seat+3: Big Blind HI $10", "Seat+3: Big Blind HI $21.40")),
    ], {"Ann": "Dealer", "Bea": "Small Blind", "Cy": "Big Blind"},
        wrong_of=[WRONG[0], {("Ann", 0, 308, 307), ("Bea", 0, 307, 308)}, WRONG[2]],
    )  # fmt: skip  # Bovada's odd-chip rule is known (declared): the odd cent to Ann is found


def test_merge() -> None:
    """Merge writes each pot's winners ("potnumber" 1 the main pot), the return inside
    the winner's amount and no rake. A short all-in big blind's post ($0.30) was taken
    as the game's big blind over the description's $0.50 (game 25/30): now a blind
    posted all in is not the game's (grammars/_xml.py, as iPoker read it)."""
    name = "merge/probes/short_all_in_blind_and_tied_main_pot_side_pot.xml"
    first = merge.FORMAT.parse(HandText(_hands(merge, name)[0], name, 1, 0)).hand
    assert (first.game.small_blind, first.game.big_blind) == (25, 50)  # it was 25/30
    _check(merge, name, [
        (('<winner amount="0.90" uncalled="false" potnumber="1" player="2"',
          '<winner amount="3.30" uncalled="false" potnumber="1" player="2"'),
         ('\t\t<winner amount="2.40" uncalled="false" potnumber="2" player="1" pottype="n"/>\n', "")),
        (('winner amount="3.08" uncalled="false" potnumber="1" player="1"',
          'winner amount="3.07" uncalled="false" potnumber="1" player="1"'),
         ('winner amount="3.07" uncalled="false" potnumber="1" player="0"',
          'winner amount="3.08" uncalled="false" potnumber="1" player="0"')),
        (('<winner amount="5.70" uncalled="false" potnumber="1" player="0" pottype="n"/>\n'
          '\t\t<winner amount="5.70" uncalled="false" potnumber="1" player="1" pottype="n"/>',
          '<winner amount="11.40" uncalled="false" potnumber="1" player="2" pottype="n"/>'),),
    ])  # fmt: skip


def test_everleaf() -> None:
    """Everleaf names the pot on each line ("wins $ 2.40 USD from side pot #1") and
    writes no summary, no rake and no return (both worked out from the lines)."""
    _check(everleaf, "everleaf/probes/short_all_in_blind_and_tied_main_pot_side_pot.txt", [
        (("Cy wins $ 0.90 USD from main pot with a pair of aces [ As, Ad, Kc, 9c, 8d ]\n"
          "Bea wins $ 2.40 USD from side pot #1 with a pair of kings [ Kd, Kc, Qs, 9c, 8d ]",
          "Cy wins $ 3.30 USD from main pot with a pair of aces [ As, Ad, Kc, 9c, 8d ]"),),
        (("Bea wins $ 3.08 USD from main pot", "Bea wins $ 3.07 USD from main pot"),
         ("Ann wins $ 3.07 USD from main pot", "Ann wins $ 3.08 USD from main pot")),
        (("Ann wins $ 5.70 USD from main pot with a straight, king high [ Kc, Qd, Jh, Th, 9h ]\n"
          "Bea wins $ 5.70 USD from main pot with a straight, king high [ Kc, Qd, Jh, Td, 9d ]",
          "Cy wins $ 11.40 USD from main pot with a pair of aces [ Ac, Ad, Kc, Qd, Jh ]"),),
    ])  # fmt: skip


def test_pokernow() -> None:
    """PokerNow's log (newest line first, a line a pot won, no pot named, no rake; the
    admin's restacks between hands): the same deals in chips, the third with no rake
    (main pot 1,200 tied 600 / 600)."""
    def row(who: str, amount: int, at: str) -> str:
        return f'"""{who}"" collected {amount} from pot",2024-06-01T20:{at}Z,'
    _check(pokernow, "pokernow/probes/short_all_in_blind_and_tied_main_pot_side_pot.csv", [
        ((row("Cy @ c3", 90, "00:27.000"), row("Cy @ c3", 330, "00:27.000")),
         (row("Bea @ b2", 240, "00:28.500") + "171727202850000\n", "")),
        ((row("Bea @ b2", 308, "01:36.000"), row("Bea @ b2", 307, "01:36.000")),
         (row("Ann @ a1", 307, "01:37.500"), row("Ann @ a1", 308, "01:37.500"))),
        ((row("Ann @ a1", 600, "02:46.500"), row("Cy @ c3", 1200, "02:46.500")),
         (row("Bea @ b2", 600, "02:48.000") + "171727216800000\n", "")),
    ], {"Ann": "Ann @ a1", "Bea": "Bea @ b2", "Cy": "Cy @ c3"},
        [SIZES[0], SIZES[1], [(1200, 1200), (1000, 1000)]],
        [WRONG[0], WRONG[1], {("Ann", 0, 0, 600), ("Bea", 0, 0, 600), ("Cy", 0, 1200, 0)}],
        newest_first=True)  # fmt: skip


def test_microgaming() -> None:
    """Microgaming's XML pays each pot on its own ``Win`` seat (``pot`` 0 the main
    pot), the return inside the winner's amount, the hand's rake an attribute. The
    short all-in big blind's $0.30 was the game's big blind over the stakes' $0.50
    (game 25/30, as Merge read it: grammars/_xml.py's blinds now pass over a blind
    posted all in)."""
    name = "microgaming/probes/short_all_in_blind_and_tied_main_pot_side_pot.xml"
    first = microgaming.FORMAT.parse(HandText(_hands(microgaming, name)[0], name, 1, 0)).hand
    assert (first.game.small_blind, first.game.big_blind) == (25, 50)
    def win(seat: int, amount: str, pot: int) -> str:
        return f'<Seat num="{seat}" amount="{amount}" pot="{pot}" type="" lowhandwin="0"/>'
    _check(microgaming, name, [
        ((win(3, "0.90", 0), win(3, "3.30", 0)), ("\n         " + win(2, "2.40", 1), ""),
         ('balance="0.30" endbalance="0.90"', 'balance="0.30" endbalance="3.30"'),
         ('balance="10.00" endbalance="10.90"', 'balance="10.00" endbalance="8.50"')),
        ((win(2, "3.08", 0), win(2, "3.07", 0)), (win(1, "3.07", 0), win(1, "3.08", 0)),
         ('endbalance="3.07"', 'endbalance="3.08"'), ('endbalance="24.03"', 'endbalance="24.02"')),
        ((win(1, "5.70", 0), win(3, "11.40", 0)), ("\n         " + win(2, "5.70", 0), ""),
         ('balance="3.00" endbalance="5.70"', 'balance="3.00" endbalance="0.00"'),
         ('balance="50.00" endbalance="52.00"', 'balance="50.00" endbalance="63.40"')),
    ])  # fmt: skip


def test_pokernow_hilo_no_low_in_the_side_pot_one_in_the_main() -> None:
    """PL hi/lo 10/20, board 2c 5d 9h Ks 7c: Ann (100) all in; main pot 3 x 100 = 300,
    side pot 2 x 60 = 120 (Bea, Cy). Ann's A-3 make 7-5-3-2-A, the main pot's low half
    (150); Bea's trip kings the main pot's high half (150) and the whole side pot, where
    nobody has a low (Cy's J J 10 4 and Bea's K K J 10 hold fewer than two cards of 8 or
    less): 120, no half. Paid right, then the side pot halved as if Cy had a low
    (Bea 60, Cy 60): Bea 60 of the side pot, due 120; Cy 60, due 0."""
    name = "pokernow/probes/hilo_no_low_in_side_pot_low_in_main.csv"
    (text,) = _hands(pokernow, name)
    result, found = _found(pokernow, text)
    assert result.findings == () and found == set()
    awards = [{p: (s.high, s.low) for p, s in pot.award.shares.items() if s.total}
              for pot in result.settlement.pots]  # fmt: skip
    assert awards == [{"Bea @ be2": (150, 0), "Ann @ an1": (0, 150)}, {"Bea @ be2": (120, 0)}]
    row = '"""Bea @ be2"" collected 60 from pot",'
    assert text.count(row) == 1
    wrong = _found(pokernow, text, ((row, '"""Cy @ cy3"" collected 60 from pot",'),))[1]
    assert wrong == {("Bea @ be2", 1, 60, 120), ("Cy @ cy3", 1, 60, 0)}


def test_absolute() -> None:
    """Absolute names each pot ("Collects $2.40 from side pot #1"); its summary repeats
    each player's total ("won Total ($9.08) HI:($9.08)")."""
    _check(absolute, "absolute/probes/short_all_in_blind_and_tied_main_pot_side_pot.txt", [
        (("Bea Collects $2.40 from side pot #1\nCy Collects $0.90 from main pot",
          "Cy Collects $3.30 from main pot"),
         ("Seat 2: Bea (small blind) won Total ($2.40) HI:($2.40) with",
          "Seat 2: Bea (small blind) HI:lost with"),
         ("won Total ($0.90) All-In HI:($0.90)", "won Total ($3.30) All-In HI:($3.30)")),
        (("Bea Collects $3.08 from main pot\nAnn Collects $3.07 from main pot",
          "Bea Collects $3.07 from main pot\nAnn Collects $3.08 from main pot"),
         ("won Total ($3.07) All-In HI:($3.07)", "won Total ($3.08) All-In HI:($3.08)"),
         ("won Total ($9.08) HI:($9.08)", "won Total ($9.07) HI:($9.07)")),
        (("Ann Collects $5.70 from main pot\nBea Collects $5.70 from main pot",
          "Cy Collects $11.40 from main pot"),
         ("Seat 1: Ann (dealer) won Total ($5.70) All-In HI:($5.70) with",
          "Seat 1: Ann (dealer) HI:lost with"),
         ("Seat 2: Bea (small blind) won Total ($5.70) All-In HI:($5.70) with",
          "Seat 2: Bea (small blind) HI:lost with"),
         ("won Total ($10) HI:($10)", "won Total ($21.40) HI:($21.40)")),
    ])  # fmt: skip
