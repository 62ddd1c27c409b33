"""The kernel's one record builder: a :class:`~hhtools.model.records.HandHistory` of what
a hand being read holds (:class:`~hhtools.grammars._hand.Hand`), its fields given by
position.

Every text, XML and JSON grammar ends a hand here: :func:`build_record` takes the hand
state and the fields it does not hold by keyword; a format on the hot path lists the
values itself (:func:`record_values`, set by position in :data:`BUILT_FIELDS`' order) and
makes the record with :func:`record_of`. Either way the record is checked against the
meanings the hand declares (:func:`~._meaning.check_record`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from hhtools.grammars._clock import utc
from hhtools.grammars._meaning import check_record
from hhtools.model.frozen import maker
from hhtools.model.quick import built
from hhtools.model.records import Game, HandHistory
from hhtools.model.vocab import CollectOrder, OddChips

if TYPE_CHECKING:
    from hhtools.grammars._hand import Hand

__all__ = ["BUILT_FIELDS", "build_record", "record_of", "record_values"]

#: builds a :class:`HandHistory` without the class call (:func:`~hhtools.model.frozen.maker`),
#: its fields given by position (in the compiled core its slots are written in C)
_HAND_HISTORY = maker(HandHistory)
#: :class:`HandHistory`'s fields in order, as :func:`build_record` lists their values
#: (the tests check the order and the defaults it writes are the class's own)
BUILT_FIELDS = (
    "site", "hand_id", "table", "started_at", "time_zone", "started_at_utc", "game", "button",
    "max_seats", "seats", "actions", "boards", "hero", "hole_cards", "shows", "collects",
    "returned", "total_pot", "rake", "cash_outs", "fees", "file", "line", "offset", "text",
    "pot_parts", "pot_parts_basis", "site_format", "collect_order", "total_pot_line",
    "room_added", "jackpot", "tournament_results", "odd_chips", "inferred", "pots_named",
    "unread_lines", "newest_first",
)  # fmt: skip
_FIELD_AT = {name: k for k, name in enumerate(BUILT_FIELDS)}
_UTC_AT, _STARTED_AT, _ZONE_AT = _FIELD_AT["started_at_utc"], 3, 4


def build_record(
    h: Hand, *, site: str, game: Game, line: int, text: str, offset: int, **fields: Any
) -> HandHistory:
    """The one record builder: a :class:`HandHistory` of what ``h`` read.

    Every field the hand state holds is taken from it (table, button, max seats,
    seats, actions, the board, hero, hole cards, shows, collects, returns, total pot
    and its line, rake, inferred); ``fields`` give the rest or override any of them
    by the record's own field names (``boards=`` for a run-it-twice hand,
    ``pot_parts=``, ``odd_chips=``, ``room_added=``...). ``started_at_utc`` is worked
    out from ``started_at`` and ``time_zone`` (:func:`utc`) unless given. The site
    format's key is ``site`` unless ``site_format=`` says otherwise.

    Args:
        h: the hand read (amounts in minor units: cents, or chips in tournaments).
        site, game: the record's site and game.
        line, text, offset: the hand's first file line, its text and byte offset.
        fields: any other :class:`HandHistory` field.

    Raises:
        TypeError: a keyword that is not a field of :class:`HandHistory`.
    """
    values = record_values(h, site, game, line, text, offset)  # the keywords' next
    for name, value in fields.items():
        at = _FIELD_AT.get(name)
        if at is None:
            raise TypeError(f"build_record() got an unexpected keyword argument {name!r}")
        values[at] = value
    if "started_at_utc" not in fields:
        values[_UTC_AT] = utc(values[_STARTED_AT], values[_ZONE_AT])
    return record_of(h, values)


def record_values(h: Hand, site: str, game: Game, line: int, text: str, offset: int) -> list[Any]:
    """:func:`build_record`'s values before its keywords, by field (:data:`BUILT_FIELDS`): a
    format may set its own by position, then :func:`record_of` (``started_at_utc`` its own)."""
    return [
        site, h.hand_id or "", h.table, None, None, None, game, h.button, h.max_seats,
        h.final_seats(), tuple(h.actions), (tuple(h.board),) if h.board else (), h.hero,
        dict(h.hole), tuple(h.shows), tuple(h.collects), tuple(h.returned), h.total,
        h.rake or 0, (), 0, h.file, line, offset, text, (), None, site,
        CollectOrder.UNORDERED, h.total_line, 0, h.jackpot, (), OddChips.CLOCKWISE,
        tuple(h.inferred), True, (), False,
    ]  # fmt: skip


def record_of(h: Hand, values: list[Any]) -> HandHistory:
    """The :class:`HandHistory` of ``values`` (by field), checked against the meanings ``h``
    declares (:func:`~._meaning.check_record`: its problems added to ``h``)."""
    record: HandHistory = built(_HAND_HISTORY, tuple(values))  # compiled: slots written in C
    if h.meanings is not None and h.meanings.declared:
        check_record(h, record)
    return record
