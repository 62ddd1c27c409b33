"""When a PokerStars hand started: its header's time stamps read, and put in UTC.

A header writes a local time and a zone's abbreviation ("2024/01/02 21:39:52 ET");
:func:`_when` reads the time, :func:`_utc` gives the same instant in UTC when the zone is
one of :data:`_ZONES` (the offset looked up once per local hour and zone).
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from zoneinfo import ZoneInfo

#: The IANA zone of each abbreviation PokerStars writes.
_ZONES = {
    "ET": "America/New_York",
    "EST": "America/New_York",
    "EDT": "America/New_York",
    "UTC": "UTC",
    "GMT": "UTC",
    "CET": "Europe/Paris",
    "CEST": "Europe/Paris",
    "EET": "Europe/Helsinki",
    "WET": "Europe/Lisbon",
    "MSK": "Europe/Moscow",
    "PT": "America/Los_Angeles",
    "MT": "America/Denver",
    "CT": "America/Chicago",
    "AT": "America/Halifax",
    "BRT": "America/Sao_Paulo",
    "ART": "America/Argentina/Buenos_Aires",
    "IST": "Asia/Kolkata",
    "JST": "Asia/Tokyo",
    "CCT": "Asia/Shanghai",
    "AET": "Australia/Sydney",
    "NZT": "Pacific/Auckland",
}
_ZONE_CACHE: dict[str, ZoneInfo] = {}
_fromiso = datetime.fromisoformat


def _zone(abbr: str) -> ZoneInfo | None:
    """The zone of an abbreviation of :data:`_ZONES`, loaded once; ``None`` when unknown."""
    name = _ZONES.get(abbr)
    if name is None:
        return None
    z = _ZONE_CACHE.get(name)
    if z is None:
        z = _ZONE_CACHE[name] = ZoneInfo(name)
    return z


def _when(text: str) -> datetime:
    """A header's time as written ("2024/01/02 21:39:52", "2015/8/16 1:30"), naive;
    ``ValueError`` for a date or time that does not exist.

    >>> _when("2024/01/02 21:39:52"), _when("2015/8/16 1:30")
    (datetime.datetime(2024, 1, 2, 21, 39, 52), datetime.datetime(2015, 8, 16, 1, 30))
    """
    if len(text) == 19 and text.isascii():  # every field two digits: read in one call
        return _fromiso(text.replace("/", "-"))
    date, clock = text.split(" ")
    y, mo, d = date.split("/")
    parts = clock.split(":")
    sec = int(parts[2]) if len(parts) > 2 else 0
    return datetime(int(y), int(mo), int(d), int(parts[0]), int(parts[1]), sec)


#: The UTC offset of each (local date and hour, zone) met: a zone's offset changes
#: on the hour, never inside one.
_OFFSETS: dict[tuple[str, str], timedelta | None] = {}
_OFFSETS_MAX = 4096  #: (hour, zone) offsets kept before the table starts again


def _utc(started_at: datetime, text: str, tz: str) -> datetime | None:
    """``started_at`` (written ``text``) in zone ``tz`` as UTC; ``None`` for a zone not
    known (:data:`_ZONES`)."""
    key = (text[: text.index(":")], tz)
    offset = _OFFSETS.get(key, _UNKNOWN)
    if offset is _UNKNOWN:
        zone = _zone(tz)
        offset = None if zone is None else started_at.replace(tzinfo=zone).utcoffset()
        if len(_OFFSETS) >= _OFFSETS_MAX:
            _OFFSETS.clear()
        _OFFSETS[key] = offset
    return None if offset is None else (started_at - offset).replace(tzinfo=UTC)


_UNKNOWN = timedelta(days=-999)
