"""A site's clock: the local time it writes, and that moment in UTC (text grammars).

:func:`local_time` reads a time written as its numbers in order, year first;
:func:`utc` turns a local time in a zone the site names into UTC (the zones these
formats print: :data:`_ZONES`, US Eastern by the zone database, or an offset written
after GMT or UTC: "GMT+01:00", "GMT+0100", "UTC-5").
"""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta, timezone
from zoneinfo import ZoneInfo

__all__ = ["local_time", "utc"]

#: zone abbreviations these formats print: fixed offsets where the name fixes one,
#: US Eastern by the zone database (EST or EDT by the date)
_ZONES: dict[str, timezone | ZoneInfo] = {
    "GMT": UTC, "UTC": UTC, "WET": UTC, "BST": timezone(timedelta(hours=1)),
    "CET": timezone(timedelta(hours=1)), "CEST": timezone(timedelta(hours=2)),
    "EST": timezone(timedelta(hours=-5)), "EDT": timezone(timedelta(hours=-4)),
}  # fmt: skip
#: an offset written after GMT or UTC: hours with or without a colon and minutes
_OFFSET = re.compile(r"(?:GMT|UTC) ?(?P<sign>[-+])(?P<h>[01]?\d|2[0-3])(?::?(?P<m>[0-5]\d))?")
_ET = ("ET",)


_NUMBERS = re.compile(r"\d+")


def local_time(text: str) -> datetime:
    """A site's clock time written as its numbers in order, year first ("2012-05-14
    0:54:46", "2016/8/2 1:0:42"; seconds 0 when not written): a naive datetime.

    Raises:
        ValueError: fewer than five numbers, or no such day or time.

    >>> local_time("2016/8/2 1:0:42")
    datetime.datetime(2016, 8, 2, 1, 0, 42)
    """
    n = [int(x) for x in _NUMBERS.findall(text)[:6]]
    if len(n) < 5:
        raise ValueError(f"not a date and time: {text[:40]!r}")
    return datetime(n[0], n[1], n[2], n[3], n[4], n[5] if len(n) > 5 else 0)


def utc(local: datetime | None, zone: str | None) -> datetime | None:
    """The UTC moment of a site's local time in a zone it names, or ``None`` (unknown zone).

    Args:
        local: the time as the site printed it (naive).
        zone: an abbreviation of :data:`_ZONES`, "ET" (US Eastern, EST or EDT by the
            date), or an offset after GMT or UTC ("GMT+01:00", "GMT+0100", "UTC-5").

    >>> utc(datetime(2012, 5, 31, 12, 34, 41), "GMT+01:00")
    datetime.datetime(2012, 5, 31, 11, 34, 41, tzinfo=datetime.timezone.utc)
    >>> utc(datetime(2010, 9, 13, 0, 27, 13), "GMT-0430")
    datetime.datetime(2010, 9, 13, 4, 57, 13, tzinfo=datetime.timezone.utc)
    >>> utc(datetime(2010, 9, 13, 0, 27, 13), "GMT+99") is None  # no such offset
    True
    >>> utc(datetime(2009, 12, 31, 18, 23, 36), "ET")
    datetime.datetime(2009, 12, 31, 23, 23, 36, tzinfo=datetime.timezone.utc)
    >>> utc(datetime(2011, 7, 20, 23, 45), "CEST")
    datetime.datetime(2011, 7, 20, 21, 45, tzinfo=datetime.timezone.utc)
    """
    if local is None or zone is None:
        return None
    tz = ZoneInfo("America/New_York") if zone in _ET else _ZONES.get(zone)
    if tz is None:
        m = _OFFSET.fullmatch(zone)
        if m is None:
            return None
        east = timedelta(hours=int(m["h"]), minutes=int(m["m"] or 0))
        tz = timezone(-east if m["sign"] == "-" else east)
    return local.replace(tzinfo=tz).astimezone(UTC)

