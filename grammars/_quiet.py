"""The lines that carry no chips: chat, a player joining or leaving the table, losing or
regaining the connection, asking for or using time. A hand is read whole only when each
of its lines is understood, so these lines are read as what they are (they change no
stack, no pot and no seat of the hand) instead of being left unread.

A format declares its no-chips lines as a :class:`NoChips` table: the common English
wordings (:data:`COMMON`: "<player> <words>", the words anchored at the line's end, an
optional full stop after them), plus, where the site writes them, its chat
(:data:`SAID`: ``X said, "..."``) and wordings of its own
(``NO_CHIPS.plus(tails=(r"is feeling happy",), lines=(r"Table closed",))``). The
grammar hands the table to :func:`~hhtools.grammars._betting.read_body` (``quiet=``),
which tries it only on a line the site's own rules did not read, just before reporting
the line ``unrecognised_line``: the common path never touches it.

A line that changes who plays the hand ("X sits out", "X is sitting out", "X waits for
the big blind", "X sits down") is no such line: the grammar applies it (the player is
not dealt in), so none is in :data:`COMMON`.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

__all__ = ["COMMON", "NO_CHIPS", "SAID", "NoChips"]

#: What follows "<player> " on the no-chips lines many English-speaking sites write.
COMMON: tuple[str, ...] = (
    r"(?:has )?joined the table(?: at seat #?\d+)?",
    r"joins the table(?: at seat #?\d+)?",
    r"(?:has )?left the table",
    r"leaves the table",
    r"stands up",
    r"is (?:dis|re)?connected",
    r"has (?:been )?(?:dis|re)connected",
    r"(?:dis|re)connected",
    r"has returned",
    r"is back",
    r"has timed out(?: while (?:being )?disconnected)?",
    r"timed out",
    r"will be using (?:his|her|their) time bank(?: for this hand)?",
    r"is using (?:his|her|their) time bank",
    r"has requested (?:more )?time",
    r"has \d+ seconds? (?:left )?to (?:act|reconnect)",
)
#: A chat line as PokerStars-like formats write it: ``X said, "nh"``.
SAID = r'said, ".*"'


class NoChips:
    """A format's no-chips lines: "<player> <tail>" for each tail (the player any text
    before the tail, so a player who is not seated, joining or chatting, is read too),
    and whole lines that name no player.

    Args:
        tails: patterns of what follows "<player> " (no anchors; each may be followed
            by a full stop).
        lines: patterns of whole lines (no anchors).

    >>> table = NO_CHIPS.plus(tails=(SAID,))
    >>> table.match('Bo Li said, "gl all"')["player"], table.match("Al has returned.")["player"]
    ('Bo Li', 'Al')
    >>> table.match("Al calls 5") is None, table.match("Al has returned to seat 3") is None
    (True, True)
    """

    __slots__ = ("_read", "lines", "tails")

    def __init__(self, tails: Iterable[str] = COMMON, lines: Iterable[str] = ()) -> None:
        self.tails = tuple(tails)
        self.lines = tuple(lines)
        parts = []
        if self.tails:
            parts.append(r"(?P<player>.+?) (?:" + "|".join(self.tails) + r")\.?")
        parts.extend(f"(?:{line})" for line in self.lines)
        self._read = re.compile("|".join(parts) if parts else r"(?!)").fullmatch

    def plus(self, tails: Iterable[str] = (), lines: Iterable[str] = ()) -> NoChips:
        """This table with a site's own wordings added (this one unchanged).

        Args:
            tails: more patterns of what follows "<player> ".
            lines: more patterns of whole lines naming no player.

        Returns:
            A new table reading every line this one reads and the new ones.
        """
        return NoChips((*self.tails, *tails), (*self.lines, *lines))

    def match(self, text: str) -> re.Match[str] | None:
        """The match when ``text`` (one normalised line) is a no-chips line, else
        ``None``; its ``player`` group names the player of a "<player> <tail>" line
        (``None`` for a whole line)."""
        return self._read(text)


#: The common English no-chips lines (no chat: a site adds :data:`SAID` or its own).
NO_CHIPS = NoChips()
