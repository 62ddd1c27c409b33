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


def test_merge_start_by_places_and_what_it_refuses() -> None:
    # "20100908123456": 2010-09-08 12:34:56; the rest of the attribute is not read
    assert merge._start("20100908123456") == datetime(2010, 9, 8, 12, 34, 56)
    assert merge._start("20100908123456789") == datetime(2010, 9, 8, 12, 34, 56)
    # month 13 and 30 February are no dates (by places nor by strptime)
    assert merge._start("20101308123456") is None
    assert merge._start("20100230123456") is None
    # 13 digits are not in their places: strptime reads the last one as the seconds
    assert merge._start("2010090812345") == datetime(2010, 9, 8, 12, 34, 5)
    assert merge._start("") is None


def test_microgaming_date_by_places_and_what_it_refuses() -> None:
    assert microgaming._date("2016-03-25 00:46:30") == datetime(2016, 3, 25, 0, 46, 30)
    assert microgaming._date("2016-02-30 00:46:30") is None
    assert microgaming._date("2016-03-25 24:46:30") is None
    # not in its places: strptime reads a one-digit month as written
    assert microgaming._date("2016-3-25 00:46:30") == datetime(2016, 3, 25, 0, 46, 30)
    assert microgaming._date("2016-03-25T00:46:30") is None


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
