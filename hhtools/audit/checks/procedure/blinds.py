"""``procedure_blinds``: a small or big blind posted by a player not in its position."""

from __future__ import annotations

from collections.abc import Iterator

from hhtools.audit.checks.procedure._table import (
    after,
    button_player,
    finding,
    table,
)
from hhtools.audit.context import AuditContext
from hhtools.audit.findings import Finding
from hhtools.model.records import Action, HandHistory, PostKind
from hhtools.model.vocab import FindingKind

# enum members as module constants (a class attribute lookup costs several times a global)
_SMALL, _BIG, _ANTE = PostKind.SMALL_BLIND, PostKind.BIG_BLIND, PostKind.ANTE
_DEAD = PostKind.DEAD_SMALL_AND_BIG


def procedure_blinds(ctx: AuditContext) -> Iterator[Finding]:
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
    posts = _posts(ctx)
    if posts is None:
        return
    if len(posts.ring) == 2:
        yield from _heads_up(ctx.hand, posts)
    elif posts.sbs:
        yield from _small_blind_first(posts)
    else:
        yield from _no_small_blind(posts)


class _Posts:
    """The blinds of a hand whose blinds can be judged, around the players dealt in.

    Attributes:
        ring: the players dealt in, clockwise from the button's left (not to be changed).
        dead: players who posted a dead small and big blind (to come in).
        sbs: small-blind posts of dealt-in players (not dead), at most one.
        bbs: big-blind posts of dealt-in players, at least one.
        short: players all-in on the ante (no chips left for a blind).
        bb_players: the players of ``bbs``.
    """

    __slots__ = ("bb_players", "bbs", "dead", "ring", "sbs", "short")

    def __init__(
        self, ring: list[str], dead: set[str] | frozenset[str], sbs: list[Action],
        bbs: list[Action], short: set[str] | frozenset[str],
    ) -> None:  # fmt: skip
        self.ring = ring
        self.dead = dead
        self.sbs = sbs
        self.bbs = bbs
        self.short = short
        self.bb_players = {a.player for a in bbs}


_NOBODY: frozenset[str] = frozenset()
_NONE: tuple[Action, ...] = ()


def _posts(ctx: AuditContext) -> _Posts | None:
    """The hand's blinds, or ``None`` when they cannot be judged: no button, no line
    order, a converter's file, fewer than two dealt in, no big blind, two or more
    small blinds."""
    hand, t = ctx.hand, table(ctx)
    if hand.button is None or t.order is None or not t.wrote:
        return None
    ring, seat = t.ring, t.places.seat  # (seat: the players of the ring, each once)
    posts = t.posts
    dead_posts = posts.get(_DEAD)
    dead = {a.player for a in dead_posts} if dead_posts else _NOBODY
    sbs = [a for a in posts.get(_SMALL, _NONE) if a.player in seat and a.player not in dead]
    bbs = [a for a in posts.get(_BIG, _NONE) if a.player in seat]
    if len(ring) < 2 or not bbs or len(sbs) > 1:
        return None
    short: set[str] | frozenset[str] = _NOBODY
    if posts.get(_ANTE):
        short = {s.player for s in t.steps if s.ends_all_in and s.act.post is _ANTE}
    return _Posts(ring, dead, sbs, bbs, short)


def _wrong(post: Action, text: str) -> Finding:
    """The finding about a blind ``post`` on the wrong player, ``text`` saying why."""
    return finding(FindingKind.PROCEDURE_BLINDS, post.player, post.line, text)


def _heads_up(hand: HandHistory, posts: _Posts) -> Iterator[Finding]:
    """Two dealt in (and two seated): the dealer posts the small blind, the other
    player the big blind."""
    ring, sbs, bbs = posts.ring, posts.sbs, posts.bbs
    button = button_player(hand)
    seated = [x for x in hand.seats if not x.sitting_out]
    if button not in ring or len(bbs) > 1 or len(seated) != 2:
        return
    other = ring[0] if ring[1] == button else ring[1]
    if sbs and sbs[0].player != button:
        a = sbs[0]
        yield _wrong(
            a,
            f"{a.player} posted the small blind heads-up; the dealer "
            f"({button}) posts the small blind when two play",
        )
    elif bbs[0].player != other and other not in posts.short:
        a = bbs[0]
        yield _wrong(
            a,
            f"{a.player}, the dealer, posted the big blind heads-up; "
            f"the non-dealer ({other}) posts it when two play",
        )


def _small_blind_first(posts: _Posts) -> Iterator[Finding]:
    """Three or more dealt in, one small blind: it is on the first player left of the
    dealer (dead posts passed over), the big blind on the next one after it."""
    ring, dead, short, bb_players = posts.ring, posts.dead, posts.short, posts.bb_players
    a = posts.sbs[0]
    first = None  # the first player left of the dealer, dead posts passed over
    for p in ring:
        if p not in dead:
            first = p
            break
    if first in short:
        return
    if a.player != first and first is not None and first not in bb_players:
        yield _wrong(
            a,
            f"{a.player} posted the small blind; the player to the "
            f"dealer's left ({first}) places it",
        )
        return
    nxt = None  # the next player left of the small blind, dead posts passed over
    for p in after(ring, a.player):
        if p not in dead:
            nxt = p
            break
    if nxt is None or nxt in short or nxt in bb_players:
        return
    b = posts.bbs[0]
    yield _wrong(
        b,
        f"{b.player} posted the big blind; the next player to the left "
        f"of the small blind ({nxt}) places it",
    )


def _no_small_blind(posts: _Posts) -> Iterator[Finding]:
    """Three or more dealt in, no small blind (a dead one): the big blind is on one of
    the first two players left of the dealer."""
    firsts = [p for p in posts.ring if p not in posts.dead][:2]
    if any(p in posts.bb_players or p in posts.short for p in firsts):
        return
    b = posts.bbs[0]
    yield _wrong(
        b,
        f"{b.player} posted the big blind; with no small blind it falls to "
        f"one of the two players left of the dealer "
        f"({' or '.join(firsts)})",
    )
