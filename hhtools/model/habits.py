"""What a site format writes its own way that the audit must know: its habits, as data.

A site format declares its :class:`Habits` on its ``SiteFormat`` (``habits=``); the
grammar registry hands them to :func:`register` when it lists the format, and the audit
asks :func:`of` with a hand's ``site_format`` (the import too, for a hand already
stored: :attr:`Habits.written_again`). So the audit reads a format's habits
without naming a site and without importing the grammars (a higher layer): a format
the registry never listed (a hand built by hand, a format of a plugin not loaded) has
the default habits, which assume nothing, so a check that needs a habit says nothing.

>>> register("example", Habits(shows_in_order=True, show_order_rooms=("example",)))
>>> of("example").shows_ordered("example"), of("example").shows_ordered("other")
(True, False)
>>> of("never-registered") == Habits()
True
>>> _HABITS.pop("example") is not None
True
"""

from __future__ import annotations

from hhtools.model.frozen import record

__all__ = ["Habits", "of", "register", "written_again"]


@record
class Habits:
    """How a site format writes what the audit's procedure checks read.

    Attributes:
        shows_in_order: the format writes its show lines in the order the players
            showed (seed 002, "The Showdown": the order the showdown check compares
            with the rule's). ``False``: in an order of its own (seat order, winner
            first), or unknown; the showdown order is then not read.
        show_order_rooms: when not empty, only hands of these rooms (``HandHistory.site``)
            have their shows in order: another room writing the same format orders
            them its own way. Empty: every room's hands.
        no_time_zone_converted: a hand of this format whose header names no time
            zone was written by a converter from another room's history, not by the
            room: its button and the order of its lines are the converter's, so the
            blinds, order and showdown checks do not read it.
        written_again: the format writes hands of other rooms again (an open format:
            OHH, PHH, hhtools' own exports among them), each keeping its room's site
            and hand id. Read where that hand is stored already, it is the same hand
            in another text: the import counts it stored already and raises no
            ``conflicting_hand`` (re-importing a store's export adds nothing, quietly).
        limit_bets: the bets (the bet and its raises) a fixed-limit betting round of
            this format's cash games allows while three or more players can still
            bet, as the room's own rules state it (4: a bet and three raises; 5: a
            bet and four raises). 0: not known, and rooms differ (seed 002 names no
            cap), so the audit does not judge the cap of the format's cash hands.
        limit_bets_tournament: the same for the format's tournament hands.
        odd_chips_known: the room's rule for a tied half's odd units was read from its
            real hands (the rules' clockwise units, or the house rule the format's
            records declare in ``HandHistory.odd_chips``). ``False``: not known, so a
            hi/lo hand paid by another known rule, to the unit, is not accused
            (:mod:`hhtools.audit.odd_fit`).
        odd_chips_rooms: when not empty, the rule is known for these rooms' hands only
            (``HandHistory.site``): another room writing the same format may split its
            own way. Empty: every room's hands.
        short_all_in_closes: the room's software keeps the betting closed to a player
            who has acted when the bet then rises by an all-in for less than a full
            raise (no limit, pot limit; in fixed limit less than half a bet), as its
            published rules state (Robert's Rules of Poker, section 14, rule 3; TDA
            rule 43). ``False``: not known, and the audit does not judge a raise after
            such an all-in (seed 002 names no rule on it).
    """

    shows_in_order: bool = False
    show_order_rooms: tuple[str, ...] = ()
    no_time_zone_converted: bool = False
    written_again: bool = False
    limit_bets: int = 0
    limit_bets_tournament: int = 0
    odd_chips_known: bool = False
    odd_chips_rooms: tuple[str, ...] = ()
    short_all_in_closes: bool = False

    def shows_ordered(self, site: str) -> bool:
        """Whether a hand of room ``site`` in this format has its shows in the order
        the players showed.

        >>> Habits(shows_in_order=True).shows_ordered("any room")
        True
        >>> Habits().shows_ordered("any room")
        False
        """
        return self.shows_in_order and (not self.show_order_rooms or site in self.show_order_rooms)

    def room_wrote(self, time_zone: str | None) -> bool:
        """Whether a hand whose header names ``time_zone`` (``None``: none) is the
        room's own text, whose button and line order the procedure checks may read.

        >>> Habits(no_time_zone_converted=True).room_wrote(None)
        False
        >>> Habits(no_time_zone_converted=True).room_wrote("ET"), Habits().room_wrote(None)
        (True, True)
        """
        return not (self.no_time_zone_converted and time_zone is None)

    def odd_rule_known(self, site: str) -> bool:
        """Whether the odd-chip rule of a hand of room ``site`` in this format is known.

        >>> Habits(odd_chips_known=True, odd_chips_rooms=("a",)).odd_rule_known("b")
        False
        >>> Habits(odd_chips_known=True).odd_rule_known("b"), Habits().odd_rule_known("b")
        (True, False)
        """
        return self.odd_chips_known and (not self.odd_chips_rooms or site in self.odd_chips_rooms)

    def limit_cap(self, tournament: bool) -> int:
        """The bets a fixed-limit round allows while three or more players can still
        bet, in a tournament hand (``tournament``) or a cash hand; 0: not known.

        >>> Habits(limit_bets=5).limit_cap(False), Habits(limit_bets=5).limit_cap(True)
        (5, 0)
        >>> Habits(limit_bets_tournament=4).limit_cap(True)
        4
        """
        return self.limit_bets_tournament if tournament else self.limit_bets


_DEFAULT = Habits()

#: site format key -> its habits (filled by the grammar registry, read by the audit)
_HABITS: dict[str, Habits] = {}


def register(site_format: str, habits: Habits) -> None:
    """Declare the habits of the format keyed ``site_format`` (the registry does it).

    Args:
        site_format: the format's key (``HandHistory.site_format``).
        habits: what it writes its own way.
    """
    _HABITS[site_format] = habits


def of(site_format: str) -> Habits:
    """The habits of the format keyed ``site_format``; the default :class:`Habits`
    (nothing assumed) for a key never registered.

    Args:
        site_format: ``HandHistory.site_format``.
    """
    return _HABITS.get(site_format, _DEFAULT)


def written_again() -> frozenset[str]:
    """The keys of the formats registered that write other rooms' hands again
    (:attr:`Habits.written_again`: OHH, PHH).

    >>> register("example-again", Habits(written_again=True))
    >>> "example-again" in written_again(), _HABITS.pop("example-again") is not None
    (True, True)
    """
    return frozenset(key for key, h in _HABITS.items() if h.written_again)
