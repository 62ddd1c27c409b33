"""When a PokerStars hand started: its header's time stamps read, and put in UTC.

A header writes a local time and a zone's abbreviation ("2024/01/02 21:39:52 ET"), and
sometimes a second in brackets: :func:`_stamps` cuts them from the header's end as
:data:`_STAMPS` reads them; :func:`_when` reads a time, :func:`_utc` gives the same
instant in UTC when the zone is one of :data:`_ZONES` (the offset looked up once per
local hour and zone), :func:`_instant` both at once.
"""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta
from zoneinfo import ZoneInfo

_TIME = r"\d{4}/\d{1,2}/\d{1,2} \d{1,2}:\d{1,2}(?::\d{1,2})?"
#: A header's time stamps, at its end after its last " - " (no " - " inside them): the
#: first, and a second in brackets, each with its zone
_STAMPS = (
    r"(?P<t1>" + _TIME + r")(?: (?P<tz1>[A-Z]{1,5}))?"
    r"(?: \[(?P<t2>" + _TIME + r")(?: (?P<tz2>[A-Z]{1,5}))?\])? *$"
)
#: the stamps at a header's end, as the header's pattern reads them (its own groups)
_STAMPS_AT = re.compile(_STAMPS).match

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
    offset = _offset(started_at, text[: text.index(":")], tz)
    return None if offset is None else (started_at - offset).replace(tzinfo=UTC)


def _offset(started_at: datetime, hour: str, tz: str) -> timedelta | None:
    """The UTC offset of zone ``tz`` at ``started_at`` (its local date and hour written
    ``hour``: the text up to the first ":"), looked up once per hour and zone
    (:data:`_OFFSETS`); ``None`` for a zone not known (:data:`_ZONES`)."""
    key = (hour, tz)
    offset = _OFFSETS.get(key, _UNKNOWN)
    if offset is _UNKNOWN:
        zone = _zone(tz)
        offset = None if zone is None else started_at.replace(tzinfo=zone).utcoffset()
        if len(_OFFSETS) >= _OFFSETS_MAX:
            _OFFSETS.clear()
        _OFFSETS[key] = offset
    return offset


def _instant(text: str, tz: str | None) -> tuple[datetime, datetime | None]:
    """A header's time ``text`` in zone ``tz`` (its abbreviation, ``None`` when it names
    none): the local time as written (naive, :func:`_when`) and the same instant in UTC
    (:func:`_utc`; ``None`` without a zone or for a zone not known). ``ValueError`` for a
    date or time that does not exist.

    A time "YYYY/MM/DD HH:MM:SS" or "YYYY/MM/DD H:MM:SS" (ASCII) is read as ISO text
    ("YYYY-MM-DD HH:MM:SS"), once for each: the UTC instant is the same text read with a
    zero offset ("+00:00") less the zone's offset, without ``datetime.replace`` (a slow
    call). Any other time is read by :func:`_when` and :func:`_utc`.

    >>> local, utc = _instant("2024/01/02 21:39:52", "CET")
    >>> local, utc.isoformat(), utc.tzinfo is UTC
    (datetime.datetime(2024, 1, 2, 21, 39, 52), '2024-01-02T20:39:52+00:00', True)
    >>> _instant("2015/8/16 1:30", None), _instant("2024/01/02 21:39:52", "XYZ")[1]
    ((datetime.datetime(2015, 8, 16, 1, 30), None), None)
    >>> _instant("2024/01/02 9:39:52", "ET")[1].isoformat()
    '2024-01-02T14:39:52+00:00'
    """
    n = len(text)
    if n == 19 and text.isascii():  # every field two digits
        iso = text.replace("/", "-")
    elif n == 18 and text[12] == ":" and text[10] == " " and text.isascii():  # "9:30:00"
        iso = text[:11].replace("/", "-") + "0" + text[11:]
    else:
        started_at = _when(text)
        return started_at, _utc(started_at, text, tz) if tz else None
    started_at = _fromiso(iso)
    if not tz:
        return started_at, None
    offset = _offset(started_at, text[: n - 6], tz)
    if offset is None:
        return started_at, None
    return started_at, _fromiso(iso + "+00:00") - offset


_UNKNOWN = timedelta(days=-999)


#: the stamps' texts as the header's pattern gives them: ``(t1, tz1, t2, tz2)``, ``None``
#: for one not written
_Stamps = tuple[str, str | None, str | None, str | None]


def _compiled() -> bool:
    """Whether this module runs compiled (its functions are then Cython's)."""
    return type(_compiled).__name__ == "cython_function_or_method"


#: ``True``: :func:`_stamps` cuts the common stamps from the text (:func:`_cut_stamps`)
#: before the pattern reads them (compiled only: run as Python the pattern is quicker;
#: the tests check that the two read alike)
CUT = _compiled()


def _stamps(first: str, at: int) -> _Stamps | None:
    """The time stamps of a header line from ``at`` to its end, as :data:`_STAMPS` reads
    them (``None``: not stamps): cut from the text when they are written the common way
    (:func:`_cut_stamps`, compiled: :data:`CUT`), else read by the pattern.

    >>> _stamps("x - 2024/01/02 21:39:52 CET [2024/01/02 5:39:52 ET]", 4)
    ('2024/01/02 21:39:52', 'CET', '2024/01/02 5:39:52', 'ET')
    >>> _stamps("2020/1/1 1:00 ET", 0), _stamps("2020/01/01 01:00:00 ETXXXX", 0)
    (('2020/1/1 1:00', 'ET', None, None), None)
    """
    if CUT:
        cut = _cut_stamps(first, at)
        if cut is not None:
            return cut
    m = _STAMPS_AT(first, at)
    return None if m is None else (m["t1"], m["tz1"], m["t2"], m["tz2"])


def _cut_stamps(first: str, at: int) -> _Stamps | None:
    """The stamps from ``at`` to the end of ``first`` when they are written the common
    way, cut from the text: a time (:func:`_time_end`) and a zone or none
    (:func:`_zone_end`), then nothing, or " [" a second such time and zone "]" and
    nothing ("2024/01/02 21:39:52 CET [2024/01/02 15:39:52 ET]"); ``None`` for any other
    text. :data:`_STAMPS`'s greedy reading of such a text is this one (each of its
    choices taken at its longest reads the whole text), so the texts are the pattern's.

    >>> _cut_stamps("2024/01/02 1:39:52 [2024/01/02 15:39:52 ET]", 0)
    ('2024/01/02 1:39:52', None, '2024/01/02 15:39:52', 'ET')
    >>> _cut_stamps("2024/01/02 1:39:52 ET ", 0) is None  # the pattern reads it
    True
    """
    n = len(first)
    end = _time_end(first, at)
    if end < 0:
        return None
    zone = _zone_end(first, end)
    tz1 = first[end + 1 : zone] if zone > end else None
    if zone == n:
        return first[at:end], tz1, None, None
    if n - zone < 4 or first[n - 1] != "]" or not first.startswith(" [", zone):
        return None
    end2 = _time_end(first, zone + 2)
    if end2 < 0 or _zone_end(first, end2) != n - 1:
        return None
    tz2 = first[end2 + 1 : n - 1] if end2 < n - 1 else None
    return first[at:end], tz1, first[zone + 2 : end2], tz2


def _time_end(text: str, at: int) -> int:
    """Where a time "YYYY/MM/DD H:MM:SS" or "YYYY/MM/DD HH:MM:SS" (ASCII digits) that
    starts at ``text[at]`` ends; -1 when none does."""
    n = len(text)
    if n < at + 18 or text[at + 4] != "/" or text[at + 7] != "/" or text[at + 10] != " ":
        return -1
    colon = at + 12 if text[at + 12] == ":" else at + 13  # the hour's end
    if (colon + 6 > n or text[colon] != ":" or text[colon + 3] != ":"
            or not _digits(text, at, at + 4) or not _digits(text, at + 5, at + 7)
            or not _digits(text, at + 8, at + 10) or not _digits(text, at + 11, colon)
            or not _digits(text, colon + 1, colon + 3)
            or not _digits(text, colon + 4, colon + 6)):  # fmt: skip
        return -1
    return colon + 6


def _digits(text: str, i: int, end: int) -> bool:
    """Whether ``text[i:end]`` is ASCII digits only."""
    while i < end:
        c = text[i]
        if c < "0" or c > "9":
            return False
        i += 1
    return True


def _zone_end(text: str, at: int) -> int:
    """Where a zone " X" (1 to 5 capitals A-Z) that starts at ``text[at]`` ends; ``at``
    when none does."""
    n = len(text)
    if at + 1 >= n or text[at] != " ":
        return at
    k = at + 1
    while k < n and k <= at + 5:
        c = text[k]
        if c < "A" or c > "Z":
            break
        k += 1
    return at if k == at + 1 else k
