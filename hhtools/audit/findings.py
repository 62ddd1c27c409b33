"""What the audit reports: :class:`Finding` values, and the words they share."""

from __future__ import annotations

from hhtools.audit.settle import ShowdownHand
from hhtools.model.frozen import record
from hhtools.model.vocab import FindingKind, Half

__all__ = ["Finding", "hand_words", "low_words", "pot_label"]


@record
class Finding:
    """One disagreement between the site and the rules (or a hand worth a look).

    Attributes:
        kind: what was found (:class:`~hhtools.model.vocab.FindingKind`).
        player: the player concerned ("" for a hand-wide finding).
        board: board index: 0, or 1 for the second board of a run-it-twice hand.
        pot: 0 for the main pot, k for side pot k (0 for hand-wide findings).
        half: ``high``, ``low`` or ``all``.
        paid: what the site paid or said (minor units; 0 when not money).
        due: what the rules give (minor units).
        explanation: one line a player can read, naming the five cards.
        line: the source line the finding is about (a collect, a show, the total
            pot); 0 when no single line is (the store then names the hand's first).
    """

    kind: FindingKind
    player: str
    board: int
    pot: int
    half: Half
    paid: int
    due: int
    explanation: str
    line: int = 0


def pot_label(pot: int) -> str:
    """``"main pot"`` or ``"side pot k"``.

    >>> pot_label(0), pot_label(2)
    ('main pot', 'side pot 2')
    """
    return "main pot" if pot == 0 else f"side pot {pot}"


def hand_words(sd: ShowdownHand) -> str:
    """"Ann's Ks Kd 5c 5h Qs (two pair)": a player's best high five by the rules."""
    if sd.high is None:
        return f"{sd.player}'s {' '.join(sd.hole)}"
    return f"{sd.player}'s {' '.join(sd.high.cards)} ({sd.high.category})"


def low_words(sd: ShowdownHand) -> str:
    """"Ann's low 7d 5c 3h 2s Ah", or that the player has no qualifying low."""
    if sd.low is None:
        return f"{sd.player} has no qualifying low"
    return f"{sd.player}'s low {' '.join(sd.low.cards)}"
