"""What is read from a PokerStars hand as a whole, once all its lines are read: the
folds only its summary tells (:func:`_infer_folds`), the wins only its summary tells
(:func:`_summary_wins`), a summary cut short (:func:`_summary_cut`), a last line cut
inside its hand's description (:func:`description_cut`), cards seen
twice (:func:`_impossible_cards`), Run It Once's re-raises as its totals show them
(:func:`_rio_raises`) and PokerMaster's 5- and 6-card games under a game line that says
"Omaha" (:func:`_dealt_variant`).
"""

from __future__ import annotations

import re
from dataclasses import replace

from hhtools.grammars._lines import _m
from hhtools.grammars.pokerstars.state import _Hand
from hhtools.grammars.pokerstars.summary import S_COLLECTED, S_SHOWED, SUMMARY_SEAT, _after_name

from hhtools.model.records import Action, ActionKind, Collect, Game, PostKind, Street, Variant
from hhtools.model.vocab import ProblemCode


def _compiled() -> bool:
    """Whether this module runs compiled (its functions are then Cython's)."""
    return type(_compiled).__name__ == "cython_function_or_method"


#: compiled (``crosscheck.pxd``: C): :func:`_summary_cut` tests a line's first words by
#: ``memcmp`` (``_c_starts``, state.pxd) rather than ``str.startswith``
_C = _compiled()

_ORDER = {s: k for k, s in enumerate(Street)}
_BOARD = "\x00"

_RANK = "(?:Deuce|Two|Three|Four|Five|Six|Seven|Eight|Nine|Ten|Jack|Queen|King|Ace)"
_RANKS = "(?:Deuces|Twos|Threes|Fours|Fives|Sixes|Sevens|Eights|Nines|Tens|Jacks|Queens|Kings|Aces)"
_HIGH = (f"(?:high card {_RANK}|a pair of {_RANKS}|two pair, {_RANKS} and {_RANKS}|"
         f"three of a kind, {_RANKS}|a straight, {_RANK} to {_RANK}|a flush, {_RANK} high|"
         f"a full house, {_RANKS} full of {_RANKS}|four of a kind, {_RANKS}|"
         f"a straight flush, {_RANK} to {_RANK}|a Royal Flush)")  # fmt: skip
_LOW = "[2-9A](?:,[2-9A]){4}"
#: a hand's description as PokerStars writes it after a summary's " with " (the corpus's
#: forms: "three of a kind, Kings", "HI: two pair, Aces and Fives; LO: 7,5,4,3,A"), then
#: a cash-out's note or none
_WHOLE_DESCRIPTION = re.compile(
    f"(?:HI: {_HIGH}(?:; LO: {_LOW})?|LO: {_LOW}|{_HIGH})"
    r"(?: \(pot not awarded as player cashed out\)| \(cashed out\)\.?)?")  # fmt: skip
#: how each of those forms starts
_OPENINGS = ("high card ", "a pair of ", "two pair, ", "three of a kind, ", "a straight, ",
             "a flush, ", "a full house, ", "four of a kind, ", "a straight flush, ",
             "a Royal Flush", "HI: ", "LO: ")  # fmt: skip


def description_cut(ln: str) -> bool:
    """Whether ``ln``, a hand's last line, is a summary seat line of a show cut inside its
    last description (a file cut at its end: "... and won ($4.02) with three of a kin",
    "... with HI: a pair of Jacks; LO: 7,5,3,2,", "... with a pair of Ace"): a description
    that starts as one of PokerStars' forms (:data:`_OPENINGS`, or the start of one) but
    is not one whole. Read whole, it was a whole hand, so the whole file read later was
    another text under a stored hand id. A description of no known form (a converter's,
    Run It Once's "Straight Q high") is not judged. A cut right before " with", inside
    " (didn't bet)" or after a hi/lo's high half leaves a whole line: not told.

    >>> description_cut("Seat 2: Bo showed [Ac Kd Qh Qd] and won ($5) with three of a kin")
    True
    >>> description_cut("Seat 2: Bo showed [Ac Kd Qh Qd] and won ($5) with three of a kind, Queens")
    False
    >>> description_cut("Seat 2: Bo showed [Ac Kd Qh Qd] and won ($5) with Straight Q hi")
    False
    """
    if not ln.startswith("Seat "):
        return False
    k = ln.rfind(" with ")
    shown = ln.find(" showed [")
    if k < 0 or shown < 0 or shown > k:
        return False
    desc = ln[k + 6 :]
    if not desc or _WHOLE_DESCRIPTION.fullmatch(desc) is not None:
        return False
    for opening in _OPENINGS:
        if desc.startswith(opening) or opening.startswith(desc):
            return True
    return False


def _infer_folds(h: _Hand) -> None:
    """A player the summary says folded ("folded before Flop", "folded on the Turn")
    with no fold in the body (timed out, disconnected, sat out mid-hand without a fold
    line) gets a fold at the end of the street the summary names, on the summary line:
    a folded player never stays live."""
    folded = h.folded
    for player, street, lno in h.summary_folds:
        if player in folded:
            continue
        folded.add(player)
        at = len(h.actions)
        while at and _ORDER[h.actions[at - 1].street] > _ORDER[street]:
            at -= 1
        h.actions.insert(at, Action(street, player, ActionKind.FOLD, 0, None, False, None, lno))


def _summary_cut(h: _Hand, lines: list[str]) -> bool:
    """Whether the summary lacks the "Seat N:" line of a player who put chips in: the
    summary writes one a player dealt in, the only place of a fold the body does not
    write ("has timed out"), a cash-out's forfeited pot, a converter's wins; a text
    cut among them (a file cut at its end) was read whole and judged on what was
    missing. Counted from the end to the summary's header; names looked up only when
    fewer lines than seats are written (players sitting out have none)."""
    written: list[str] = []
    for ln in reversed(lines):
        if _C:  # compiled: the words compared by memcmp
            if _c_starts(ln, "Seat ", 0):  # type: ignore[name-defined]  # noqa: F821
                written.append(ln)
            elif _c_starts(ln, "*** SUMMARY", 0):  # type: ignore[name-defined]  # noqa: F821
                break
        elif ln.startswith("Seat "):
            written.append(ln)
        elif ln.startswith("*** SUMMARY"):
            break
    if len(written) >= len(h.seats):
        return False
    for p in h.problems:  # (loops, not any(): a compiled cpdef holds no generator)
        if p.code is ProblemCode.UNRECOGNISED_LINE:
            return False  # (a summary line not read may be a seat line: read in part)
    named = set()
    for ln in written:
        seat = ln[5 : ln.find(":")]
        if seat.isdigit():
            named.add(h.names.get(int(seat)))
    for a in h.actions:
        if a.amount and a.player not in named:
            return True
    return False


def _summary_wins(h: _Hand, lines: list[str], line: int) -> bool:
    """A hand whose body pays nobody (no "collected" line; converters of other sites'
    hands write the wins in the summary alone: "Seat 4: P (button) showed [..] and won
    ($4.02) with ...", "Seat 2: P collected ($0.75)") is paid what its summary's seat
    lines say each player won, one collect a line (a second board's "and won" its
    second run's), on that line. The summary names no pot: the record's collects then
    name none (``pots_named`` ``False``; the audit gives them to the pots the player
    could win). Without it the audit said the site paid the winner nothing.

    Args:
        h: the hand, all its lines read.
        lines: its lines, header first; ``line``: the header's 1-based file line.

    Returns:
        ``True`` when the collects came from the summary.
    """
    if h.collects or h.cash_outs or h.total_line is None:
        return False
    for i in range(max(h.total_line - line, 0), len(lines)):
        r = _m(SUMMARY_SEAT, lines[i])
        player = h.names.get(int(r["seat"])) if r is not None and len(r["seat"]) < 4 else None
        if player is None or not r["rest"].startswith(player):
            continue
        hit = _after_name(r["rest"][len(player) :])
        if not hit or hit[0] not in (S_COLLECTED, S_SHOWED):
            continue
        won = (hit[1]["amount"],) if hit[0] is S_COLLECTED else (hit[1]["won"], hit[1]["won2"])
        for board, amount in enumerate(won):
            if amount is not None:
                h.collects.append(Collect(player, h.money(amount), 0, board, line + i))
    return bool(h.collects)


def _impossible_cards(h: _Hand, lines: list[str], line: int) -> bool:
    """Add an ``impossible_cards`` problem for the first card seen twice among the
    hand's known cards: in two players' hole cards, in hole cards and on a board, or
    twice on a board (a card list read again on a later line, such as a street line
    repeating the flop, is the same sighting, not a second card). A hand run twice is
    checked one board at a time with the hole cards: the two boards share their first
    cards by design.

    Args:
        h: the hand read; its ``sightings`` are the card lists in line order.
        lines: the hand's lines, header first.
        line: 1-based line number of the header in the file.

    Returns:
        ``True`` when a card was seen twice (the problem names it and the line where
        it appears the second time).
    """
    if not _may_repeat(h.sightings):
        return False
    boards = ("0", "1") if any(o == "\x001" for _, o, _ in h.sightings) else ("0",)
    for k in boards:
        seen: dict[str, tuple[str, int]] = {}
        for lno, owner, cards in h.sightings:
            if owner[:1] == _BOARD:
                if owner[1:] not in ("*", k):
                    continue
                owner = _BOARD
            here: set[str] = set()
            for c in cards:
                first = seen.get(c)
                if c in here:
                    first = (owner, lno)
                elif first is None or first[0] == owner:
                    here.add(c)
                    seen.setdefault(c, (owner, lno))
                    continue
                text = lines[lno - line] if 0 <= lno - line < len(lines) else ""
                if first[1] == lno:
                    message = f"card {c} appears twice on this line ({_where(owner)})"
                else:
                    message = (f"card {c} appears twice: {_where(owner)} on this line and "
                               f"{_where(first[0])} on line {first[1]}")  # fmt: skip
                h.problem(lno, ProblemCode.IMPOSSIBLE_CARDS, message, text)
                return True
    return False


def _may_repeat(sightings: list[tuple[int, str, tuple[str, ...]]]) -> bool:
    """A quick test for the common hand: can a card be seen twice? ``False`` proves it
    is not; ``True`` asks for the line-by-line search.

    It holds when each player's cards are read once (a list read again is not kept),
    the board is one, each of its lists begins with the one before (the turn line
    repeats the flop), and the players' cards and the longest board list hold no card
    twice between them.
    """
    cards: list[str] = []
    board: tuple[str, ...] | None = None
    key = ""
    players: set[str] = set()
    for _, owner, seen in sightings:
        if owner[:1] == _BOARD:
            if board is not None and (owner != key or seen[: len(board)] != board):
                return True
            board, key = seen, owner
        elif owner in players:
            return True
        else:
            players.add(owner)
            cards += seen
    if board is not None:
        cards += board
    return len(set(cards)) < len(cards)


def _where(owner: str) -> str:
    return "on the board" if owner == _BOARD else f"in {owner}'s hole cards"


def _rio_raises(h: _Hand) -> None:
    """Read Run It Once's re-raises as its totals show it wrote them.

    Run It Once Poker writes "raises X to Y" where Y leaves out what the raiser put in
    earlier on the street by its own bets, calls and raises (its blinds are counted):
    "A: raises €5 to €7 ... A: raises €44 to €68", then "B: calls €51" from €24, makes
    A's street total €75 (7 + 68), as B's call and the total pot show; a hand's first
    raise by each player reads the same either way. Its own hands in the corpus and the
    public ones agree (a small blind's "raises €0.35 to €0.45" over a €0.05 blind is a
    street total of €0.45). The room may have written some hands the PokerStars way,
    so the room's reading is taken only where the site's own totals say so: when the
    hand as read (raise-to) does not fit them (the total pot with the room's money, and
    what it paid plus its rake and fees) and Run It Once's reading fits them exactly,
    each re-raise's ``to_amount`` becomes its street total and its ``amount`` the
    raise over the bet faced. Otherwise nothing changes (the audit speaks of a hand
    that fits neither). Minor units; rule source: issue 27, "the site's own totals
    check the reading".

    Args:
        h: a Run It Once hand, all its lines read (its summary's total among them).
    """
    if h.total is None or not any(a.kind is ActionKind.RAISE for a in h.actions):
        return
    room = h.room_added if h.room_added is not None else h.room_added_body
    paid = sum(c.amount for c in h.collects) + (h.rake or 0) + h.fees + h.jackpot
    back = sum(r.amount for r in h.returned) if h.returned else None

    def fits(rio: bool) -> tuple[bool, dict[int, Action]]:
        put, reread = _walk(h.actions, rio)
        in_pot = sum(put.values()) - (_excess(put) if back is None else back) + room
        return in_pot == h.total and (h.rake is None or paid == h.total), reread

    if fits(False)[0]:
        return
    rio_fits, reread = fits(True)
    if rio_fits:
        for k, a in reread.items():
            h.actions[k] = a


def _excess(put: dict[str, int]) -> int:
    """What the player who put in most put in over the second (uncalled, returned)."""
    ranked = sorted(put.values(), reverse=True)
    return ranked[0] - ranked[1] if len(ranked) > 1 else 0


def _walk(actions: list[Action], rio: bool) -> tuple[dict[str, int], dict[int, Action]]:
    """Play the actions street by street: ``(chips each player put in, the re-raises
    read Run It Once's way by their index)``; without ``rio`` the raises are read as
    written (raise-to) and none is re-read."""
    put: dict[str, int] = {}
    reread: dict[int, Action] = {}
    street: Street | None = None
    bets: dict[str, int] = {}
    posted: dict[str, int] = {}
    high = 0
    for k, a in enumerate(actions):
        if a.street is not street:
            street, bets, posted, high = a.street, {}, {}, 0
        before = bets.get(a.player, 0)
        if a.kind is ActionKind.RAISE and a.to_amount is not None:
            to = a.to_amount
            own = before - posted.get(a.player, 0)  # its earlier bets, calls and raises
            if rio and own > 0:
                to += own
                reread[k] = replace(a, amount=to - high, to_amount=to)
            added = max(to - before, 0)
        elif a.kind in (ActionKind.CALL, ActionKind.BET):
            added = a.amount
        elif a.kind is ActionKind.POST:
            put[a.player] = put.get(a.player, 0) + a.amount
            if a.post is not PostKind.ANTE:
                bets[a.player] = before + a.amount
                posted[a.player] = posted.get(a.player, 0) + a.amount
                high = max(high, bets[a.player])
            continue
        else:
            continue
        put[a.player] = put.get(a.player, 0) + added
        bets[a.player] = before + added
        high = max(high, bets[a.player])
    return put, reread


#: The game of a hand whose hero was dealt this many cards under a plain "Omaha" line.
_BY_DEALT = {5: Variant.OMAHA5, 6: Variant.OMAHA6}


def _dealt_variant(h: _Hand, game: Game) -> Game:
    """PokerMaster's game, as its hole cards show it: it writes "Omaha Pot Limit" for
    its 5- and 6-card games too (the table's name says "5Cards"; the comment line's
    game type says "PLO"), so a hand whose hero was dealt 5 or 6 cards is that game,
    and "variant" is added to ``h.inferred``.

    Only when the cards agree: the hero's dealt line holds 5 or 6 cards and nobody's
    known hole cards are more; otherwise the game line's 4 stand, and a line holding
    more is a ``bad_cards`` problem (:func:`hhtools.grammars._valid.too_many_cards`).

    Args:
        h: the hand, every line read.
        game: the game from the header (:func:`~.header._game`).

    Returns:
        ``game``, or a copy of it with the variant the dealt cards say.
    """
    if game.variant is not Variant.OMAHA or h.hero is None:
        return game
    n = len(h.hole.get(h.hero, ()))
    variant = _BY_DEALT.get(n)
    if variant is None or any(len(cards) > n for cards in h.hole.values()):
        return game
    h.inferred.append("variant")
    return replace(game, variant=variant)
