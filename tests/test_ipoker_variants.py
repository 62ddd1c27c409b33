"""iPoker variants real files hold and the reader once lost: hand-written fixtures in
tests/fixtures/ipoker/, amounts worked out by hand, in cents."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

from hhtools.grammars import ipoker

from hhtools.audit import audit_hand
from hhtools.model.records import Variant
from tests.award_probe import awards

FIX = Path(__file__).parent / "fixtures" / "ipoker"


def read_whole(name: str) -> tuple[str, Any]:
    """The fixture's text and its one hand, read with no problem."""
    text = (FIX / name).read_text("utf-8")
    (ht,) = ipoker.FORMAT.split(io.BytesIO(text.encode()), name)
    ph = ipoker.FORMAT.parse(ht)
    assert ph.problems == ()
    return text, ph.hand


def test_hilow_game_name_euro_prefix() -> None:
    """A 2023 client names hi/lo 'Omaha HiLow PL €5/€10': it was an unknown Omaha game,
    the hand lost. Pot: 10 x 3 + 30 x 2 = €90, €4.50 kept as rake, €85.50 paid: Cy's
    trip kings (Kc Kd + Ks 9d 7d) the high half €42.75, Ann's 7-4-3-2-A (As 3s + 7d 4c
    2h) the low half €42.75 (Cy's low 8-7-6-4-2)."""
    text, h = read_whole("hilow_game_name_euro_prefix.xml")
    g = h.game
    assert (g.variant, g.hi_lo, g.small_blind, g.big_blind, g.currency) == (
        Variant.OMAHA, True, 500, 1000, "EUR")
    assert (h.total_pot, h.rake) == (9000, 450)
    assert sorted((c.player, c.amount) for c in h.collects) == [("Ann", 4275), ("Cy", 4275)]
    assert audit_hand(h).findings == ()
    wrong = text.replace('win="€42.75" bet="€40"/>\n    <player seat="2"',
                         'win="€0" bet="€40"/>\n    <player seat="2"')
    wrong = wrong.replace('name="Cy" chips="€1,000" dealer="0" win="€42.75"',
                          'name="Cy" chips="€1,000" dealer="0" win="€85.50"')
    (ht,) = ipoker.FORMAT.split(io.BytesIO(wrong.encode()), "probe.xml")
    # the whole pot to Cy: paid €85.50 of the pot, due €42.75; Ann due €42.75, paid none
    assert awards(ipoker.FORMAT, ht.text) == {("Ann", 0, 4275), ("Cy", 8550, 4275)}


def test_tournament_gametype_without_stakes_antes() -> None:
    """A tournament session names its game with no stakes ('Omaha PL', as iPoker's
    tournament files write '<gametype>Holdem NL</gametype>'): the game was not read,
    the hand lost. The blinds are the posted ones, the amounts chips. Antes 3 x 10,
    blinds 25/50, Ann calls, Bob completes, 150 bet on the flop and called, Bob folded:
    10 + 50 + 150 for Ann and Cy, 60 for Bob = 480 to Cy's trip kings (Kd Ks + Kc 9c
    8d) over Ann's queens. No rake in a tournament. A cash game with no stakes is still
    not read."""
    text, h = read_whole("tournament_gametype_without_stakes_antes.xml")
    g = h.game
    assert (g.tournament_id, g.currency, g.small_blind, g.big_blind, g.ante) == (
        "944000001", "CHIPS", 25, 50, 10)
    assert (h.total_pot, h.rake, [(c.player, c.amount) for c in h.collects]) == (
        480, 0, [("Cy", 480)])
    assert audit_hand(h).findings == ()
    wrong = text.replace('win="0" bet="210"', 'win="480" bet="210"', 1).replace(
        'win="480" bet="210"/>\n   </players>', 'win="0" bet="210"/>\n   </players>')
    (ht,) = ipoker.FORMAT.split(io.BytesIO(wrong.encode()), "probe.xml")
    assert awards(ipoker.FORMAT, ht.text) == {("Ann", 480, 0), ("Cy", 0, 480)}
    cash = text.replace("  <tournamentcode>944000001</tournamentcode>\n", "")
    (ht,) = ipoker.FORMAT.split(io.BytesIO(cash.encode()), "cash.xml")
    assert [p.code.value for p in ipoker.FORMAT.parse(ht).problems] == ["unknown_game"]
