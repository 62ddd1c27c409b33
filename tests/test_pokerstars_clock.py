"""A PokerStars header's time stamps: cut from the text the common way (``_cut_stamps``)
as the header's pattern reads them, and put in UTC without ``datetime.replace``
(``_instant``), the values worked out by hand from the zones' offsets."""

from __future__ import annotations

import random
from datetime import UTC, datetime

import pytest

from hhtools.grammars.pokerstars import clock
from hhtools.grammars.pokerstars.clock import _cut_stamps, _instant, _stamps, _utc, _when

#: stamps texts and their texts as read by hand: (t1, tz1, t2, tz2); ``None`` where the
#: cut leaves the text to the pattern (the pattern's reading is then checked apart)
CUT_BY_HAND = [
    ("2024/01/02 21:39:52 CET [2024/01/02 15:39:52 ET]",
     ("2024/01/02 21:39:52", "CET", "2024/01/02 15:39:52", "ET")),
    ("2024/01/02 1:39:52 CET [2024/01/01 19:39:52 ET]",  # one-digit hours, as PokerStars writes
     ("2024/01/02 1:39:52", "CET", "2024/01/01 19:39:52", "ET")),
    ("2024/01/02 21:39:52 ET", ("2024/01/02 21:39:52", "ET", None, None)),
    ("2024/01/02 9:39:52", ("2024/01/02 9:39:52", None, None, None)),  # a converter's: no zone
    ("2024/01/02 21:39:52 [2024/01/02 15:39:52]",
     ("2024/01/02 21:39:52", None, "2024/01/02 15:39:52", None)),
    ("2024/01/02 21:39:52 ABCDE [2024/01/02 15:39:52 Z]",
     ("2024/01/02 21:39:52", "ABCDE", "2024/01/02 15:39:52", "Z")),
    ("2024/01/02 21:39:52 ET ", None),  # a space after: the pattern reads it
    ("2024/1/2 1:39", None),  # fields of one digit, no seconds
    ("2024/01/02 21:39:52 ABCDEF", None),  # six capitals: no zone, not stamps
    ("2024/01/02 21:39:52 et", None),
    ("2024/01/02 21:39:52 CET [2024/01/02 15:39:52 ET] ", None),
    ("2024/01/02 21:39:52 CET [2024/01/02 15:39:52 ET", None),
    ("2024/01/02 21:39:52 CET [x]", None),
    ("2024/01/02 123:39:52", None),
    ("\u0662024/01/02 21:39:52 ET", None),  # a digit not ASCII (the pattern's \\d reads it)
    ("", None),
]


def _pattern(text: str, at: int = 0) -> tuple[str | None, ...] | None:
    m = clock._STAMPS_AT(text, at)
    return None if m is None else (m["t1"], m["tz1"], m["t2"], m["tz2"])


@pytest.mark.parametrize(("text", "want"), CUT_BY_HAND)
def test_stamps_cut_as_read_by_hand(text: str, want: tuple[str | None, ...] | None) -> None:
    assert _cut_stamps("x - " + text, 4) == want
    if want is not None:  # what the cut reads, the pattern reads alike
        assert _pattern(text) == want
    for cut in (True, False):  # compiled or not, the stamps read are the pattern's
        clock.CUT = cut
        try:
            assert _stamps("x - " + text, 4) == _pattern("x - " + text, 4)
        finally:
            clock.CUT = clock._compiled()


def test_stamps_cut_read_as_the_pattern_reads_them() -> None:
    # texts near the common ones, one to three characters changed: every text the cut
    # reads, the pattern reads alike (the others are the pattern's)
    rng = random.Random(28)
    bases = [text for text, want in CUT_BY_HAND if want is not None]
    alphabet = "0123456789/: []ETCZxe\u0663\n"
    cut = 0
    for _ in range(20000):
        chars = list(rng.choice(bases))
        for _ in range(rng.randint(0, 3)):
            i = rng.randrange(len(chars) + 1)
            op = rng.randint(0, 2)
            if op == 0 and i < len(chars):
                chars[i] = rng.choice(alphabet)
            elif op == 1:
                chars.insert(i, rng.choice(alphabet))
            elif i < len(chars):
                del chars[i]
        text = "".join(chars)
        got = _cut_stamps(text, 0)
        if got is not None:
            cut += 1
            assert got == _pattern(text), text
    assert cut > 2000  # the common shapes were met


#: (time, zone) -> (local, UTC) worked out by hand: New York is UTC-5 in winter (EST),
#: UTC-4 in summer (EDT, from the second Sunday of March, 2:00); Paris UTC+1, UTC+2 in
#: summer (from the last Sunday of March, 2:00 UTC); Tokyo UTC+9
INSTANTS = [
    ("2024/01/02 9:39:52", "ET", datetime(2024, 1, 2, 9, 39, 52), datetime(2024, 1, 2, 14, 39, 52)),
    ("2024/01/02 21:39:52", "CET", datetime(2024, 1, 2, 21, 39, 52),
     datetime(2024, 1, 2, 20, 39, 52)),
    ("2024/07/01 9:00:00", "ET", datetime(2024, 7, 1, 9), datetime(2024, 7, 1, 13)),
    ("2024/07/01 0:30:00", "CEST", datetime(2024, 7, 1, 0, 30), datetime(2024, 6, 30, 22, 30)),
    ("2024/03/10 3:00:00", "ET", datetime(2024, 3, 10, 3), datetime(2024, 3, 10, 7)),  # EDT
    ("2024/03/10 1:59:59", "ET", datetime(2024, 3, 10, 1, 59, 59),
     datetime(2024, 3, 10, 6, 59, 59)),  # still EST
    ("2024/12/31 23:59:59", "JST", datetime(2024, 12, 31, 23, 59, 59),
     datetime(2024, 12, 31, 14, 59, 59)),
    ("2015/8/16 1:30", "UTC", datetime(2015, 8, 16, 1, 30), datetime(2015, 8, 16, 1, 30)),
]


@pytest.mark.parametrize(("text", "tz", "local", "utc"), INSTANTS)
def test_instant_worked_by_hand(text: str, tz: str, local: datetime, utc: datetime) -> None:
    got_local, got_utc = _instant(text, tz)
    assert got_local == local and got_local.tzinfo is None
    assert got_utc == utc.replace(tzinfo=UTC) and got_utc is not None
    assert got_utc.tzinfo is UTC
    assert _instant(text, None) == (local, None)
    assert _instant(text, "XYZ") == (local, None)  # a zone not known: no UTC time


@pytest.mark.parametrize("text", ["2015/05/34 1:00:00", "2015/02/29 10:00:00",
                                  "2015/13/01 9:00:00", "2015/01/01 9:61:00"])  # fmt: skip
def test_instant_of_a_date_that_does_not_exist(text: str) -> None:
    with pytest.raises(ValueError):
        _instant(text, "ET")
    with pytest.raises(ValueError):
        _when(text)


def test_instant_as_when_and_utc() -> None:
    # the two ways of reading a time agree, whatever its fields' digits and zone
    rng = random.Random(5)
    zones = [*clock._ZONES, "XYZ", None]
    for _ in range(3000):
        y, mo, d = rng.randint(2000, 2030), rng.randint(1, 12), rng.randint(1, 28)
        h, mi, s = rng.randint(0, 23), rng.randint(0, 59), rng.randint(0, 59)
        text = rng.choice([f"{y}/{mo:02}/{d:02} {h:02}:{mi:02}:{s:02}",
                           f"{y}/{mo:02}/{d:02} {h}:{mi:02}:{s:02}", f"{y}/{mo}/{d} {h}:{mi:02}"])
        tz = rng.choice(zones)
        local = _when(text)
        want = (local, _utc(local, text, tz) if tz else None)
        assert repr(_instant(text, tz)) == repr(want), (text, tz)
