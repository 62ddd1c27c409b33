"""What the procedure checks share: the betting replayed action by action, the players
dealt in around the button, and the guards that tell when a text cannot be read for its
order (a lost street line, an action the grammar only inferred, a converter's file).
All of it is worked out at once, on the first ask for a hand, into one :class:`Table`
(one fact of the context; each check looks it up once).
"""

from __future__ import annotations

from hhtools.audit.context import AuditContext
from hhtools.audit.findings import Finding
from hhtools.model import habits
from hhtools.model.records import Action, ActionKind, HandHistory, PostKind, Street
from hhtools.model.vocab import FindingKind, Half
from hhtools.rules.pots import contributions_by_action

BLINDS = (PostKind.SMALL_BLIND, PostKind.BIG_BLIND, PostKind.STRADDLE)
STREET_WORDS = {
    Street.PREFLOP: "before the flop",
    Street.FLOP: "on the flop",
    Street.TURN: "on the turn",
    Street.RIVER: "on the river",
}


class Step:
    """One action and the state of the betting just before it.

    Attributes:
        index: the action's place in ``hand.actions``.
        act: the action.
        added: chips the action moved into the middle.
        pot: chips in the middle before it (every street, with what the room added).
        current: the highest total on this street.
        mine: the player's total on this street.
        last_full: the last full bet or raise of this street (minor units).
        full_bets: full bets and raises on this street (the big blind counts one).
        live: players not folded.
        folded: the players who folded before it.
        all_in: the players all-in before it.
        ends_all_in: the action leaves the player with no chips.
        total: the player's total on this street after it (antes not counted; 0 for
            a fold).
        out: ``folded`` and ``all_in`` as bits over the ring (:func:`ring_of`): bit
            ``j`` set when the player at place ``j`` is folded or all-in before it (a
            player seated twice has the bit of his first place; see :func:`places`).
        player, kind, street: the action's (``act.player``, ``act.kind``,
            ``act.street``), kept on the step: read once by the replay, then by the
            checks from the step (a C field when compiled, not the record's slot).

    A plain slotted class: the compiled core makes it a C type (``_table.pxd``), its
    numbers C integers, so that the order checks read them in C (``order.pxd``).
    """

    __slots__ = ("act", "added", "all_in", "current", "ends_all_in", "folded", "full_bets",
                 "index", "kind", "last_full", "live", "mine", "out", "player", "pot",
                 "street", "total")  # fmt: skip

    def __init__(
        self, index: int, act: Action, added: int, pot: int, current: int, mine: int,
        last_full: int, full_bets: int, live: int, folded: frozenset[str],
        all_in: frozenset[str], ends_all_in: bool, total: int = 0, out: int = 0,
    ) -> None:  # fmt: skip
        self.index = index
        self.act = act
        self.player = act.player
        self.kind = act.kind
        self.street = act.street
        self.added = added
        self.pot = pot
        self.current = current
        self.mine = mine
        self.last_full = last_full
        self.full_bets = full_bets
        self.live = live
        self.folded = folded
        self.all_in = all_in
        self.ends_all_in = ends_all_in
        self.total = total
        self.out = out


def is_post(act: Action) -> bool:
    """The action is a forced bet (a blind, an ante, a straddle)."""
    return act.kind is ActionKind.POST


_FOLD, _POST = ActionKind.FOLD, ActionKind.POST
_BET, _RAISE = ActionKind.BET, ActionKind.RAISE
_ANTE, _DEAD = PostKind.ANTE, PostKind.DEAD_SMALL_AND_BIG
_BIG, _STRADDLE, _SMALL = PostKind.BIG_BLIND, PostKind.STRADDLE, PostKind.SMALL_BLIND
_ALL = Half.ALL


def replay(ctx: AuditContext) -> list[Step]:
    """Walk the actions once, keeping the pot, the street's bets and who can act
    (worked out once per hand, shared by the checks; not to be changed)."""
    return ctx.fact(_replayed).steps


class Table:
    """Everything the procedure checks share about one hand, worked out at once on the
    first ask (:func:`table`): one fact to look up per check instead of one per
    question, each field what the function of its name gives.

    Attributes:
        order: :func:`in_text_order`.
        ring: :func:`ring_of` (the list itself: not to be changed).
        places: :func:`places`.
        steps: :func:`replay`.
        by_street: :func:`steps_by_street`.
        posts: :func:`posts_by_kind`.
        whole: :func:`streets_whole`.
        big_blind: :func:`positional_big_blind`.
        wrote: :func:`site_wrote_it` of the hand (asked by several checks).

    A plain slotted class; a C type in the compiled core (``_table.pxd``), which
    :func:`table` builds without calling it (the same fields set one by one).
    """

    __slots__ = ("big_blind", "by_street", "order", "places", "posts", "ring", "steps",
                 "whole", "wrote")  # fmt: skip

    def __init__(
        self, order: frozenset[int] | None, ring: list[str], places: Places,
        steps: list[Step], by_street: dict[Street, list[Step]],
        posts: dict[PostKind | None, list[Action]],
    ) -> None:  # fmt: skip
        self.order = order
        self.ring = ring
        self.places = places
        self.steps = steps
        self.by_street = by_street
        self.posts = posts
        self.whole = True
        self.big_blind: str | None = None
        self.wrote = True


def table(ctx: AuditContext) -> Table:
    """The hand's :class:`Table` (worked out once per hand, shared by the checks; not
    to be changed)."""
    return ctx.fact(_replayed)


def _replayed(ctx: AuditContext) -> Table:
    hand, settlement = ctx.hand, ctx.settlement
    order = _in_text_order(ctx)
    actions = hand.actions
    players: set[str] = set()  # (a loop: each field read in C when compiled)
    for a in actions:
        players.add(a.player)
    stacks: dict[str, int] = {}  # each seated player's starting stack
    away: set[str] = set()  # the players seated as sitting out
    for s in hand.seats:
        p = s.player
        stacks[p] = s.stack
        if s.sitting_out:
            away.add(p)
    ring = _ring(ctx, order, players, away)
    at = Places.__new__(Places)  # (compiled: no Python __init__ call; the fields set in C)
    _place(at, ring)
    added = settlement.rebuild.added
    game = hand.game
    if len(added) != len(actions):
        added = tuple(contributions_by_action(actions, game.big_blind))
    seat = at.seat if len(ring) <= MOST_PLACES else {}
    steps: list[Step] = []
    by_street: dict[Street, list[Step]] = {}
    posts: dict[PostKind | None, list[Action]] = {}
    _walk(actions, added, stacks, seat, game.big_blind, game.small_bet or 0, hand.room_added,
          len(players), steps, by_street, posts)  # fmt: skip
    t = Table.__new__(Table)  # the fields Table(...) sets, set one by one (in C compiled)
    t.order, t.ring, t.places, t.steps, t.by_street, t.posts = order, ring, at, steps, by_street, posts
    t.whole = _streets_whole(hand, by_street)
    t.big_blind = _positional_big_blind(ring, posts)
    t.wrote = site_wrote_it(hand)
    return t


def _walk(
    actions: tuple[Action, ...], added: tuple[int, ...], stacks: dict[str, int],
    seat: dict[str, int], big_blind: int, unit: int, pot: int, live: int,
    steps: list[Step], by_street: dict[Street, list[Step]],
    posts: dict[PostKind | None, list[Action]],
) -> None:  # fmt: skip
    """The replay of :func:`replay`: a :class:`Step` a action into ``steps`` and its
    street's list of ``by_street``, each post into its kind's list of ``posts``.

    Args:
        actions: the hand's actions; ``added``: the chips each moved into the middle.
        stacks: each seated player's starting stack; ``seat``: each player's place in
            the ring (:class:`Places`; empty past :data:`MOST_PLACES`).
        big_blind: the game's big blind; ``unit``: its small bet (0: no limit).
        pot: what the room added to the pot (minor units); ``live``: the players with
            an action.

    (Its numbers C integers when compiled: ``_table.pxd``.)
    """
    out = 0  # the ring's bits of the players folded or all-in so far
    one = 1  # (a 64-bit integer when compiled: the shifts stay in 64 bits)
    put: dict[str, int] = {}
    folded: set[str] = set()
    all_in: set[str] = set()
    folded_now: frozenset[str] = frozenset()  # shared by the steps until it changes
    all_in_now: frozenset[str] = frozenset()
    on_street: list[Step] = []
    street: Street | None = None
    bets: dict[str, int] = {}
    current = last_full = full = 0
    for i in range(len(actions)):
        act = actions[i]
        add = added[i]
        if act.street is not street:
            # an uncalled excess is never followed by a bet (nobody else can act), so
            # the pot is everything put in, with what the room added
            street, bets, current, last_full, full = act.street, {}, 0, 0, 0
            got = by_street.get(street)
            if got is None:
                got = by_street[street] = []
            on_street = got
        p = act.player
        mine = bets.get(p, 0)
        kind = act.kind
        mine_put = put.get(p, 0)
        if add:  # (a fold or a check leaves the player's chips as they are)
            mine_put += add
            put[p] = mine_put
        post = kind is _POST
        what = None
        if kind is _FOLD:
            total, done = 0, False
        else:
            if post:
                what = act.post
                got_posts = posts.get(what)
                if got_posts is None:
                    posts[what] = [act]
                else:
                    got_posts.append(act)
                if what is _ANTE:
                    total = mine
                elif what is _DEAD:
                    total = mine + min(add, big_blind)
                else:
                    total = mine + add
            else:
                total = mine + add
            if total != mine:
                bets[p] = total
            stack = stacks.get(p, 0)
            done = act.all_in or (stack > 0 and mine_put >= stack)
        # the step, its fields set one by one (compiled: C values into a C struct, no
        # call of the class; the same fields Step(...) sets)
        step = Step.__new__(Step)
        step.index, step.act, step.added, step.pot = i, act, add, pot
        step.player, step.kind, step.street = p, kind, street
        step.current, step.mine, step.last_full, step.full_bets = current, mine, last_full, full
        step.live, step.folded, step.all_in = live, folded_now, all_in_now
        step.ends_all_in, step.total, step.out = done, total, out
        steps.append(step)
        on_street.append(step)
        pot += add
        if kind is _FOLD:
            if p not in folded:
                folded.add(p)
                folded_now = frozenset(folded)
                live -= 1
                if p in seat:
                    j = seat[p]
                    out |= one << j
            continue
        if done and p not in all_in:
            all_in.add(p)
            all_in_now = frozenset(all_in)
            if p in seat:
                j = seat[p]
                out |= one << j
        if total > current:
            size = total - current
            if post:
                if what is _BIG or what is _STRADDLE:
                    last_full = max(last_full, size, big_blind)
                    if unit and total >= unit:
                        full = max(full, 1)
            elif kind is _BET or kind is _RAISE:
                if size >= last_full or not done:
                    last_full = max(last_full, size)
                if not done or (unit and size >= unit):
                    full += 1
            current = total


def in_text_order(ctx: AuditContext) -> frozenset[int] | None:
    """Indices of the actions the text wrote where they happened.

    A grammar may add an action the text only implies (a fold read from the summary),
    on a later line; such an action is out of line order and tells nothing about
    the order of play. Lines are read in time (:meth:`AuditContext.when`): in a hand
    written newest line first, an action in its place has a smaller line than the one
    before it. ``None`` when the actions carry no line numbers.
    """
    return ctx.fact(_replayed).order


def _in_text_order(ctx: AuditContext) -> frozenset[int] | None:
    actions = ctx.hand.actions
    n = len(actions)
    if not n:
        return None
    back = ctx.newest_first  # (a line's place in time: its negative, AuditContext.when)
    last = -actions[0].line if back else actions[0].line
    in_place = True  # every line so far after the one before it in time
    for a in actions:
        x = a.line
        if x <= 0:
            return None
        if back:
            x = -x
        if x < last:
            in_place = False
        last = x
    if in_place:  # the usual text: every action where it happened
        every = _EVERY.get(n)
        if every is None:
            every = _EVERY[n] = frozenset(range(n))
        return every
    lines = [ctx.when(a.line) for a in actions]
    keep: set[int] = set()
    low = None
    for i in range(len(lines) - 1, -1, -1):
        if low is None or lines[i] < low:
            keep.add(i)
            low = lines[i]
        elif lines[i] == low:
            keep.add(i)
    return frozenset(keep)


#: ``frozenset(range(n))`` by ``n``: the actions of a hand all in text order (shared by
#: the hands: a frozenset never changes)
_EVERY: dict[int, frozenset[int]] = {}


ROUNDS = ((Street.PREFLOP, 0), (Street.FLOP, 3), (Street.TURN, 4), (Street.RIVER, 5))


def streets_whole(ctx: AuditContext) -> bool:
    """Every betting round the board reached is in the record (no street line lost).

    A round the board reached (flop: three cards, turn: four, river: five) has actions
    whenever two or more players could still act when it began; with none, the text's
    street line was not read (a damaged board line) and the order of the actions
    around it cannot be known.
    """
    return ctx.fact(_replayed).whole


def _streets_whole(hand: HandHistory, by_street: dict[Street, list[Step]]) -> bool:
    cards = 0  # the most cards a board reached
    for b in hand.boards:
        if len(b) > cards:
            cards = len(b)
    for k in range(len(ROUNDS) - 1):
        nxt, need = ROUNDS[k + 1]
        if nxt in by_street:
            if ROUNDS[k][0] not in by_street:
                return False  # a round with actions after one without
        elif cards >= need and len(_can_act(by_street, k)) >= 2:
            return False  # the board reached a round nobody acted in
    return True


def _can_act(by_street: dict[Street, list[Step]], k: int) -> set[str]:
    """The players who acted in the rounds up to ``ROUNDS[k]`` and neither folded nor
    went all-in in them."""
    out: set[str] = set()
    players: set[str] = set()
    for street, _ in ROUNDS[: k + 1]:
        for x in by_street.get(street, ()):
            players.add(x.player)
            if x.kind is _FOLD or x.ends_all_in:
                out.add(x.player)
    return players - out


def steps_by_street(ctx: AuditContext) -> dict[Street, list[Step]]:
    """The steps of :func:`replay` street by street, each in order, the streets in the
    order they come (a street with no action has no key; worked out once per hand,
    shared by the checks; not to be changed)."""
    return ctx.fact(_replayed).by_street


def ring_of(ctx: AuditContext) -> list[str]:
    """The players dealt in, clockwise from the first seat left of the button (a new
    list each call; empty when the actions carry no line numbers).

    A player is dealt in when the text writes an action of his (a post, a fold...);
    a player the grammar only inferred an action for is left out, and so is a player
    the text seats as sitting out whose only action is a fold (the room folds a player
    who is away at the deal; he was not dealt in and takes no turn).
    """
    return list(ctx.fact(_replayed).ring)


def _ring(
    ctx: AuditContext, order: frozenset[int] | None, players: set[str], away: set[str]
) -> list[str]:
    """:func:`ring_of` (``players``: every player with an action; ``away``: those
    seated as sitting out)."""
    if order is None:
        return []
    actions = ctx.hand.actions
    if len(order) == len(actions):  # nothing inferred
        acted = players  # (nobody away: every player with an action acted)
        if away:
            acted = {a.player for a in actions if a.kind is not _FOLD or a.player not in away}
        return [p for p in ctx.settlement.rebuild.order if p in acted]
    inferred = {a.player for i, a in enumerate(actions) if i not in order}
    acted = {
        a.player
        for i, a in enumerate(actions)
        if i in order and (a.kind is not _FOLD or a.player not in away)
    }
    return [p for p in ctx.settlement.rebuild.order if p in acted and p not in inferred]


#: the most places a ring is encoded as bits for (``Step.out`` is a 64-bit integer in
#: the compiled core); no table seats so many: past it ``Step.out`` stays 0 and the
#: order check says nothing
MOST_PLACES = 64


class Places:
    """The ring (:func:`ring_of`) encoded once per hand for the order checks' loops.

    Attributes:
        ring: the players dealt in, clockwise from the button's left.
        first: for each place ``j`` of the ring, the first place of the player there
            (``j`` itself unless a player is seated twice).
        seat: each player's first place in the ring (his bit: ``1 << seat[player]``).

    A C type in the compiled core (``_table.pxd``), its fields set in C by the replay.
    """

    __slots__ = ("first", "ring", "seat")
    first: list[int]
    ring: list[str]
    seat: dict[str, int]

    def __init__(self, ring: list[str]) -> None:
        _place(self, ring)


def _place(at: Places, ring: list[str]) -> None:
    """Set the fields of ``at`` (:class:`Places`) for ``ring``."""
    n = len(ring)
    at.ring = ring
    seat: dict[str, int] = {}
    for j in range(n):  # (a loop: its index a C integer when compiled)
        seat[ring[j]] = j
    at.seat = seat
    if len(seat) == n:  # nobody seated twice (the usual ring)
        at.first = [j for j in range(n)]
    else:
        at.seat = seat = dict(zip(reversed(ring), range(n - 1, -1, -1)))  # first places
        at.first = [seat[p] for p in ring]


def places(ctx: AuditContext) -> Places:
    """The ring of the players dealt in encoded as places and bits (worked out once per
    hand, shared by the checks; not to be changed).

    >>> p = Places(["Ann", "Bob", "Ann", "Cy"])  # Ann seated twice
    >>> p.first, p.seat == {"Ann": 0, "Bob": 1, "Cy": 3}
    ([0, 1, 0, 3], True)
    """
    return ctx.fact(_replayed).places


def site_wrote_it(hand: HandHistory) -> bool:
    """False for a hand another app wrote in its format's text (a converted file, which
    the format's habits tell by its header: :meth:`~hhtools.model.habits.Habits.room_wrote`):
    its button and the order of its lines are the converter's, not the room's."""
    return habits.of(hand.site_format).room_wrote(hand.time_zone)


def button_player(hand: HandHistory) -> str | None:
    """The player in the button's seat, or ``None`` (a dead button on an empty seat)."""
    for s in hand.seats:
        if s.seat == hand.button:
            return s.player
    return None


_NONE: list[Action] = []  # no post of a kind (shared: callers never change it)


def posters(ctx: AuditContext, kind: PostKind) -> list[Action]:
    """The posts of one kind, in the order the text wrote them (the hand's posts are
    grouped by kind by :func:`replay`, shared by the checks; not to be changed)."""
    return ctx.fact(_replayed).posts.get(kind, _NONE)


def posts_by_kind(ctx: AuditContext) -> dict[PostKind | None, list[Action]]:
    """The hand's posts by kind, each kind's in the order the text wrote them (a kind
    nobody posted has no key; :func:`posters` of every kind at once; not to be
    changed)."""
    return ctx.fact(_replayed).posts


def after(ring: list[str], player: str) -> list[str]:
    """The other players of ``ring``, clockwise from the one left of ``player``."""
    k = ring.index(player)
    return ring[k + 1 :] + ring[:k]


def positional_big_blind(ctx: AuditContext) -> str | None:
    """The big blind in position: the first big-blind poster of the ring
    (:func:`ring_of`) clockwise after the small blind (or after the button when no
    small blind was posted)."""
    return ctx.fact(_replayed).big_blind


def _positional_big_blind(
    ring: list[str], posts: dict[PostKind | None, list[Action]]
) -> str | None:
    bb = {a.player for a in posts.get(_BIG, _NONE)}
    if not bb:
        return None
    sb = {a.player for a in posts.get(_SMALL, _NONE)}
    n = len(ring)
    start, stop = 0, n  # the places of the ring to look at in turn
    for k in range(n):
        p = ring[k]
        if p in sb:  # the first small blind, nearest the button's left
            if p:
                start, stop = k + 1, k + n  # the others, clockwise from his left (after())
            break
    for j in range(start, stop):
        p = ring[j % n]
        if p in bb:
            return p
    return None


def finding(
    kind: FindingKind, player: str, line: int, text: str, paid: int = 0, due: int = 0
) -> Finding:
    """A hand-wide procedure finding about one line, its explanation led by the line."""
    return Finding(kind, player, 0, 0, _ALL, paid, due, f"line {line}: {text}", line)
