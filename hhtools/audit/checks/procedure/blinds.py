"""``procedure_blinds``: a small or big blind posted by a player not in its position."""

from __future__ import annotations

from collections.abc import Iterator

from hhtools.audit.checks.procedure._table import (
    after,
    button_player,
    finding,
    in_text_order,
    posters,
    replay,
    ring_of,
    site_wrote_it,
)
from hhtools.audit.findings import Finding
from hhtools.audit.settle import HandSettlement
from hhtools.model.records import HandHistory, PostKind
from hhtools.model.vocab import FindingKind


def procedure_blinds(hand: HandHistory, settlement: HandSettlement) -> Iterator[Finding]:
    """The blinds on the wrong players.

    Seed 002, "The Deal and Betting": "the player to dealer's left places a small
    blind, and the next player to the left a big blind. When there are only two
    players ... the dealer places the small blind and the non-dealer the big blind";
    seed 003, 2: "The two players to the left of the dealer, posts the small- and big
    blind respectively". The players are those the text deals in (seats with an
    action); posts to come in, dead and missed blinds are left as the site wrote them:
    with two or more small-blind posts, no check; with no small blind, the big blind
    may be on either of the first two players left of the button (a dead small blind).
    """
    order = in_text_order(hand)
    if hand.button is None or order is None or not site_wrote_it(hand):
        return
    ring = ring_of(hand, order)
    dead = {a.player for a in posters(hand, PostKind.DEAD_SMALL_AND_BIG)}
    sbs = [
        a for a in posters(hand, PostKind.SMALL_BLIND) if a.player in ring and a.player not in dead
    ]
    bbs = [a for a in posters(hand, PostKind.BIG_BLIND) if a.player in ring]
    if len(ring) < 2 or not bbs or len(sbs) > 1:
        return
    bb_players = {a.player for a in bbs}
    steps = replay(hand, settlement)
    short = {s.act.player for s in steps if s.act.post is PostKind.ANTE and s.ends_all_in}
    button = button_player(hand)
    if len(ring) == 2:
        seated = [x for x in hand.seats if not x.sitting_out]
        if button not in ring or len(bbs) > 1 or len(seated) != 2:
            return
        other = ring[0] if ring[1] == button else ring[1]
        if sbs and sbs[0].player != button:
            a = sbs[0]
            yield finding(
                FindingKind.PROCEDURE_BLINDS,
                a.player,
                a.line,
                f"{a.player} posted the small blind heads-up; the dealer "
                f"({button}) posts the small blind when two play",
            )
        elif bbs[0].player != other and other not in short:
            a = bbs[0]
            yield finding(
                FindingKind.PROCEDURE_BLINDS,
                a.player,
                a.line,
                f"{a.player}, the dealer, posted the big blind heads-up; "
                f"the non-dealer ({other}) posts it when two play",
            )
        return
    if sbs:
        a = sbs[0]
        first = next((p for p in ring if p not in dead), None)
        if first in short:
            return
        if a.player != first and first is not None and first not in bb_players:
            yield finding(
                FindingKind.PROCEDURE_BLINDS,
                a.player,
                a.line,
                f"{a.player} posted the small blind; the player to the "
                f"dealer's left ({first}) places it",
            )
            return
        nxt = next((p for p in after(ring, a.player) if p not in dead), None)
        if nxt is None or nxt in short or nxt in bb_players:
            return
        b = bbs[0]
        yield finding(
            FindingKind.PROCEDURE_BLINDS,
            b.player,
            b.line,
            f"{b.player} posted the big blind; the next player to the left "
            f"of the small blind ({nxt}) places it",
        )
        return
    firsts = [p for p in ring if p not in dead][:2]
    if any(p in bb_players or p in short for p in firsts):
        return
    b = bbs[0]
    yield finding(
        FindingKind.PROCEDURE_BLINDS,
        b.player,
        b.line,
        f"{b.player} posted the big blind; with no small blind it falls to "
        f"one of the two players left of the dealer "
        f"({' or '.join(firsts)})",
    )
