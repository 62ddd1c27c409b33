"""The XML formats' shortcuts read what the long way reads (issue 26 item 6).

Each shortcut (a date read by its places, a text read once and kept, a card by one
lookup) must give what the rule it stands in for gives, and refuse what it refuses.
Expected values are worked out by hand from the texts.
"""

from __future__ import annotations

from datetime import datetime

import pytest
from hhtools.grammars import _xml, boss, everest, merge, microgaming
from lxml import etree


# (text, what it reads): by places when written so; else as strptime reads it, or None
_MERGE_STARTS = [
    ("20100908123456", datetime(2010, 9, 8, 12, 34, 56)),
    ("20100908123456789", datetime(2010, 9, 8, 12, 34, 56)),  # the rest is not read
    ("20101308123456", None),  # month 13
    ("20100230123456", None),  # 30 February
    ("2010090812345", datetime(2010, 9, 8, 12, 34, 5)),  # 13 digits: a one-digit second
    ("", None),
]
_MICROGAMING_DATES = [
    ("2016-03-25 00:46:30", datetime(2016, 3, 25, 0, 46, 30)),
    ("2016-02-30 00:46:30", None),
    ("2016-03-25 24:46:30", None),
    ("2016-3-25 00:46:30", datetime(2016, 3, 25, 0, 46, 30)),  # a one-digit month
    ("2016-03-25T00:46:30", None),
]


@pytest.mark.parametrize(("text", "read"), _MERGE_STARTS)
def test_merge_start_by_places_and_what_it_refuses(text: str, read: datetime | None) -> None:
    assert merge._start(text) == read


@pytest.mark.parametrize(("text", "read"), _MICROGAMING_DATES)
def test_microgaming_date_by_places_and_what_it_refuses(text: str, read: datetime | None) -> None:
    assert microgaming._date(text) == read


def test_comma_cards_kept_and_refused_alike() -> None:
    first = _xml.comma_cards("6s, 10c, jh")
    assert first == ("6s", "Tc", "Jh")
    assert _xml.comma_cards("6s, 10c, jh") == first  # read again from what was kept
    for _ in range(2):  # a text refused is refused every time (never kept)
        with pytest.raises(ValueError):
            _xml.comma_cards("6s, 1x")


def test_context_attrs_a_new_dict_each_hand() -> None:
    text = 'HAND' + _xml.MARK + '<SESSION time="1" game="omaha-hi"/>'
    got = _xml.context_attrs(text, "SESSION")
    assert got == {"time": "1", "game": "omaha-hi"}
    got["game"] = "changed by a reader"
    assert _xml.context_attrs(text, "SESSION")["game"] == "omaha-hi"
    assert _xml.context_attrs("HAND" + _xml.MARK, "SESSION") == {}


def test_everest_stakes_kept_and_refused_alike() -> None:
    assert everest.stakes("0,01 €/0,02 €", 100) == (1, 2)
    assert everest.stakes("0,01 €/0,02 €", 1) is None  # 0.01 chip is no chip
    assert everest.stakes("0,01 €/0,02 €", 100) == (1, 2)
    assert everest.stakes("x/y", 100) is None


def test_boss_cards_by_lookup_as_card_reads_them() -> None:
    # LINK 0 the ace of diamonds, 25 the king of clubs, "05" (not written so, read by
    # card()) the six of diamonds; "b" a card not shown
    el = etree.fromstring('<A><CARD LINK="0"/><CARD LINK="b"/><CARD LINK="25"/>'
                          '<CARD LINK="05"/></A>')  # fmt: skip
    assert boss._cards(el) == ("Ad", "Kc", "6d")
    with pytest.raises(ValueError):
        boss._cards(etree.fromstring('<A><CARD LINK="52"/></A>'))
