"""What is read from a PokerStars hand as a whole, once all its lines are read: the
folds only its summary tells (:func:`_infer_folds`) and cards seen twice
(:func:`_impossible_cards`).
"""

from __future__ import annotations

from hhtools.grammars.pokerstars.state import _Hand

from hhtools.model.records import Action, ActionKind, Street
from hhtools.model.vocab import ProblemCode

_ORDER = {s: k for k, s in enumerate(Street)}
_BOARD = "\x00"


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
