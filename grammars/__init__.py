"""The site formats hhtools reads: one module each, listed here (the registry).

:data:`FORMATS` holds every :class:`~hhtools.grammars.base.SiteFormat`, in the order
files are offered to them; :func:`recognise` finds the one a file belongs to from
its first bytes. :data:`NOT_YET` names the formats of other sites by their first
lines, so that a file of a site hhtools does not read yet is reported by name
instead of as an unknown file. Adding a site: write ``grammars/<site>.py`` (or a
package) exposing ``FORMAT``, add it to :data:`FORMATS`, and drop its line from
:data:`NOT_YET` (docs/architecture.md, "Adding a site format").
"""

from __future__ import annotations

import re

from hhtools.grammars import (
    absolute,
    betfair,
    boss,
    bovada,
    cake,
    enet,
    entraction,
    everest,
    everleaf,
    fulltilt,
    ggpoker,
    ipoker,
    kingsclub,
    merge,
    microgaming,
    ongame,
    partypoker,
    pkr,
    poker888,
    pokerstars,
    pokertracker,
    sealswithclubs,
    winamax,
    winning,
)
from hhtools.grammars.base import ParsedHand, SiteFormat

__all__ = ["FORMATS", "NOT_YET", "ParsedHand", "SiteFormat", "get", "not_yet", "recognise"]

FORMATS: tuple[SiteFormat, ...] = (
    pokerstars.FORMAT,
    ggpoker.FORMAT,
    winamax.FORMAT,
    ipoker.FORMAT,
    poker888.FORMAT,  # before PartyPoker: both write "#Game No : N" first
    partypoker.FORMAT,
    bovada.FORMAT,
    winning.FORMAT,
    kingsclub.FORMAT,
    absolute.FORMAT,
    betfair.FORMAT,
    cake.FORMAT,
    entraction.FORMAT,
    everleaf.FORMAT,
    ongame.FORMAT,
    pkr.FORMAT,
    merge.FORMAT,
    microgaming.FORMAT,
    boss.FORMAT,
    everest.FORMAT,
    fulltilt.FORMAT,
    enet.FORMAT,
    sealswithclubs.FORMAT,
    pokertracker.FORMAT,
)

#: Sites whose files hhtools recognises but does not read yet: (name, first lines,
#: compiled with ``re.MULTILINE``). Empty today: every site of the corpus is read; a
#: site met before its grammar is written gets a line here, so that its files are
#: reported by name.
NOT_YET: tuple[tuple[str, re.Pattern[str]], ...] = ()


def recognise(head: str) -> SiteFormat | None:
    """The site format a file starting with ``head`` belongs to, or ``None``.

    Args:
        head: the file's first bytes, decoded (:func:`hhtools.grammars._text.decode_head`).

    >>> recognise("PokerStars Hand #1: Omaha Pot Limit ($0.01/$0.02 USD) - 2020/01/01 1:00:00 ET").key
    'pokerstars'
    >>> recognise("hello") is None
    True
    """
    return next((f for f in FORMATS if f.recognise(head)), None)


def not_yet(head: str) -> str | None:
    """The name of a site hhtools does not read yet whose file starts with ``head``.

    >>> not_yet("hello") is None
    True
    """
    return next((name for name, pattern in NOT_YET if pattern.search(head)), None)


def get(key: str) -> SiteFormat:
    """The site format with this key.

    Raises:
        KeyError: no format has that key.
    """
    for f in FORMATS:
        if f.key == key:
            return f
    raise KeyError(key)
