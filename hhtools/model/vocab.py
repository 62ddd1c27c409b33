"""The closed vocabularies of hhtools, as ``StrEnum`` values that read well in SQL.

Every word here has one meaning across the package, the store and the CLI:

* :class:`HandCategory`: a high hand's category, worst to best.
* :class:`Half`: which part of a pot an amount is for.
* :class:`FindingKind`: what the audit found (shared/DESIGN.md, "Findings").
* :class:`ProblemCode`: why a file, a hand or a line could not be read as written.
* :class:`CollectOrder` and :class:`PotPartsBasis`: habits a site format declares
  about how it writes its collect lines and its summary's pot parts, so the audit
  never has to guess them.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Final

__all__ = [
    "QUALIFIERS",
    "CollectOrder",
    "FindingGroup",
    "FindingKind",
    "Half",
    "HandCategory",
    "NOTE_CODES",
    "OddChips",
    "PotPartsBasis",
    "ProblemCode",
    "UNREAD_CODES",
    "finding_kinds",
]

QUALIFIERS: Final = (8, 9, 7)
"""The low qualifiers of hi/lo games, the usual one first: eight or better, nine, seven."""


class HandCategory(StrEnum):
    """High hand categories, worst to best; ``list(HandCategory).index(c)`` is the rank."""

    HIGH_CARD = "high card"
    ONE_PAIR = "one pair"
    TWO_PAIR = "two pair"
    THREE_OF_A_KIND = "three of a kind"
    STRAIGHT = "straight"
    FLUSH = "flush"
    FULL_HOUSE = "full house"
    FOUR_OF_A_KIND = "four of a kind"
    STRAIGHT_FLUSH = "straight flush"


class Half(StrEnum):
    """The part of a pot an amount is for."""

    HIGH = "high"  #: the high half of a split hi/lo pot
    LOW = "low"  #: the low half of a split hi/lo pot
    ALL = "all"  #: the whole pot (or both halves, when the site does not tell them apart)


class FindingGroup(StrEnum):
    """What a kind of finding says of the site: the reports order, keep apart or hide
    findings by group (:func:`finding_kinds`), never by naming kinds."""

    PAID = "paid"  #: the site paid or counted the chips against the rules
    NAMED = "named"  #: the site named a shown hand other than the rules read it
    PLAYED = "played"  #: what the table did or wrote is at odds with itself or the rules
    PROCEDURE = "procedure"  #: the procedure of the rule texts (shared/seeds 002 and 003)
    WARNING = "warning"  #: a warning, not a wrong payout (the reports hide it by default)


class FindingKind(StrEnum):
    """What the audit reports (one row of table ``findings`` each), each kind with its
    :class:`FindingGroup` (``FindingKind.AWARD_MISMATCH.group``).

    >>> FindingKind.CHIP_IMBALANCE.group
    <FindingGroup.PAID: 'paid'>
    >>> str(FindingKind.CHIP_IMBALANCE)
    'chip_imbalance'
    """

    group: FindingGroup

    def __new__(cls, value: str, group: FindingGroup) -> FindingKind:
        member = str.__new__(cls, value)
        member._value_ = value
        member.group = group
        return member

    #: the site paid a pot or half differently from the rules
    AWARD_MISMATCH = "award_mismatch", FindingGroup.PAID
    #: what was paid out differs from what was put in
    CHIP_IMBALANCE = "chip_imbalance", FindingGroup.PAID
    #: the site's words for a shown hand are wrong
    DECLARED_MISREAD = "declared_misread", FindingGroup.NAMED
    #: a known hand mucked at showdown would have won a share
    MUCKED_WINNER = "mucked_winner", FindingGroup.PLAYED
    #: any-five reading beats the 2+3 reading
    HOLDEM_MISREAD_PRONE = "holdem_misread_prone", FindingGroup.WARNING
    #: a line whose amount the rest of the hand contradicts (its stack, its calls, the
    #: summary's pot parts); the hand is settled from the amounts the rest agrees on
    CONTRADICTED_LINE = "contradicted_line", FindingGroup.PLAYED
    # the procedure of the rule texts (shared/seeds 002 and 003), one kind per rule
    #: a blind posted by a player not in its position
    PROCEDURE_BLINDS = "procedure_blinds", FindingGroup.PROCEDURE
    #: a player acting out of turn, or a skipped BB option
    PROCEDURE_ORDER = "procedure_order", FindingGroup.PROCEDURE
    #: a bet or raise the betting structure forbids
    PROCEDURE_BET_SIZE = "procedure_bet_size", FindingGroup.PROCEDURE
    #: the wrong player showed first
    PROCEDURE_SHOWDOWN_ORDER = "procedure_showdown_order", FindingGroup.PROCEDURE


def finding_kinds(*groups: FindingGroup) -> tuple[FindingKind, ...]:
    """The kinds of findings of ``groups``, in :class:`FindingKind`'s order.

    Args:
        groups: one or more :class:`FindingGroup`.

    Returns:
        The kinds (``str`` subclasses: each compares equal to its stored text).

    >>> [str(k) for k in finding_kinds(FindingGroup.PAID, FindingGroup.NAMED)]
    ['award_mismatch', 'chip_imbalance', 'declared_misread']
    """
    return tuple(k for k in FindingKind if k.group in groups)


class ProblemCode(StrEnum):
    """Why something in the input was not read as written (table ``import_errors``)."""

    # files and paths
    MISSING_PATH = "missing_path"  #: a path given on the command line does not exist
    READ_ERROR = "read_error"  #: the file cannot be read (permissions, I/O)
    BAD_ARCHIVE = "bad_archive"  #: an archive or .gz that cannot be opened, or a member that cannot
    UNSUPPORTED_SITE = "unsupported_site"  #: no site format reads this file
    # hands
    BAD_HEADER = "bad_header"
    BAD_TABLE = "bad_table"
    NO_SEATS = "no_seats"
    TRUNCATED_HAND = "truncated_hand"
    MISSING_TOTAL = "missing_total"
    UNKNOWN_GAME = "unknown_game"
    CONFLICTING_HAND = "conflicting_hand"  #: another text is stored under this hand id
    INTERNAL_ERROR = "internal_error"  #: a bug in hhtools met on this hand (please report)
    HAND_CANCELLED = "hand_cancelled"  #: the site cancelled the hand ("Hand cancelled")
    IMPOSSIBLE_CARDS = "impossible_cards"  #: a card twice (in two hands, or hand and board)
    OUT_OF_RANGE = "out_of_range"  #: an amount or a seat number no real hand can hold
    HAND_TOO_LONG = "hand_too_long"  #: a hand text over the size limit, not read
    ARCHIVE_TOO_LARGE = "archive_too_large"  #: a zip member over the size or ratio limit
    NESTED_ARCHIVE = "nested_archive"  #: a zip inside a zip deeper than one level
    # notes: hands accounted for, not problems (``hhtools problems --notes`` lists them)
    SKIPPED_GAME = "skipped_game"  #: a hand of a game outside the Omaha family (by design)
    # lines
    UNRECOGNISED_LINE = "unrecognised_line"
    UNKNOWN_PLAYER = "unknown_player"
    BAD_AMOUNT = "bad_amount"
    BAD_CARDS = "bad_cards"
    BOARD_MISMATCH = "board_mismatch"
    #: the site's own totals (pot, rake, payouts) contradict the line as read, and
    #: another meaning the format declares for it (raise-to or raise-by...) fits them
    AMOUNT_MEANING = "amount_meaning"
    #: a player's stack at the next hand's start differs from what the hand left him,
    #: and no row between changes stacks (a log that writes each hand's stacks: the
    #: hand's own rows are read in full and judged; the log is named as contradicting)
    STACK_MISMATCH = "stack_mismatch"


#: Codes that are notes (every hand of a file accounted for) rather than problems.
NOTE_CODES: Final = frozenset({ProblemCode.SKIPPED_GAME})

#: Codes of a line inside a stored hand that the grammar did not understand: a line it
#: has no rule for, a name it cannot seat, an amount or cards it cannot read, an amount
#: or seat no real hand holds, a board whose cards contradict the streets', an amount
#: the site's own totals say was read in the wrong meaning. A hand with
#: any is stored *read in part* (``HandHistory.unread_lines``) and the audit stays
#: silent on what such a line could change. ``impossible_cards`` is not one: the line
#: was read, and the cards it names cannot be (a fact about the text, judged as such).
UNREAD_CODES: Final = frozenset({
    ProblemCode.UNRECOGNISED_LINE,
    ProblemCode.UNKNOWN_PLAYER,
    ProblemCode.BAD_AMOUNT,
    ProblemCode.BAD_CARDS,
    ProblemCode.OUT_OF_RANGE,
    ProblemCode.BOARD_MISMATCH,
    ProblemCode.AMOUNT_MEANING,
})


class CollectOrder(StrEnum):
    """How a site orders the collect lines of a split hi/lo pot."""

    #: nothing can be told from the order: compare what each player got from the pot
    UNORDERED = "unordered"
    #: the high half's collect lines come first, then the low half's
    HIGH_THEN_LOW = "high_then_low"


class OddChips(StrEnum):
    """Where the units left over when a tied half is split go (a room's house rule).

    The rules (shared/DESIGN.md): one each to the tied players, first clockwise from the
    button. Some rooms give a tied low half's leftover to the high half instead; a site
    format that shows it declares it, and the audit awards by it.
    """

    CLOCKWISE = "clockwise"  #: one each to the tied players, first clockwise from the button
    #: a tied low half is split in equal whole units; what is left goes to the high half
    LOW_LEFTOVER_TO_HIGH = "low_leftover_to_high"


class PotPartsBasis(StrEnum):
    """Whether a summary's pot parts ("Main pot $x. Side pot-1 $y.") are before or after rake."""

    NET = "net"  #: after rake: the parts add up to the total pot less the rake
    GROSS = "gross"  #: before rake: the parts add up to the total pot
