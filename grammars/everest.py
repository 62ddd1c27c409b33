"""Everest Poker hand histories: XML, a ``<SESSION/>`` then one ``<HAND>`` element per hand.

The format (as the Everest client wrote it, 2010-2011)::

    <SESSION time="..." tableName="Vannes-2" id="1069.21.2" type="ring" money="€"
             screenName="Hero" game="omaha-hi" gametype="pot-limit"/>
    <HAND time="1291155932" id="6351562000" index="0" blinds="5 €/10 €" stakes="10 €/10 €">
      <SEAT position="0" name="A" balance="100000"/>       amounts: cents (or chips)
      <DEALER position="0"/>
      <BLIND position="0" amount="500" penalty="0"/>
      <XBLIND position="3"/>                               declines to post: sits out
      <HOLE position="4">--</HOLE>                         one card a line; "--" hidden
      <BET position="0" amount="2500"/>                    chips added; 0 is a check
      <FOLD position="4"/>
      <PUSH position="4" amount="18000"/>                  the uncalled bet returned
      <SWEEP rake="150" tax="100">5750</SWEEP>             end of a betting round
      <COMMUNITY>6s, 8c, Jh</COMMUNITY>
      <SHOW position="1">Ah, Kd, 5c, 5s</SHOW>  <MUCK ...>  <XSHOW position="1"/>
      <WIN position="4" amount="17750" pot="0" potAmount="17750"/>
    </HAND>

Quirks read here:

* Everything about the game is in the ``SESSION`` (carried to each hand by
  :func:`hhtools.grammars._xml.split_elements`): ``game`` "omaha-hi" is read,
  "hold-em" skipped (no other Omaha game name is known: one is an ``unknown_game``
  problem, not a guess); ``gametype`` pot-limit, no-limit, fixed-limit; ``type``
  "ring" is cash, anything else a tournament (``id`` its number); ``money`` "€",
  "$" (empty: play money).
* Amounts are integers in minor units (``balance="78"`` is €0.78 at €0.01/€0.02);
  the ``blinds`` attribute is in major units with a comma or point ("0,01 €/0,02 €").
* Players are named by ``position``, 0-based: seats are recorded 1-based
  (position + 1), the button likewise. A seated player dealt no ``HOLE`` is sitting out.
* ``BLIND``: the small blind, the big blind (by the stakes; else the first posted is
  the small one), ``penalty`` > 0 is a returning player's dead money on top of a
  live big blind (recorded as one "small & big blinds" post). ``ANTE`` is an ante.
* ``BET amount`` is the chips the action adds: 0 is a check, up to the bet faced a
  call, more a raise (to the player's new street total); ``allin="1"`` all-in.
* ``PUSH`` returns the uncalled part of a bet (written: not inferred).
* ``SWEEP``: ``rake`` and ``tax`` so far in the hand (each sweep repeats the running
  amounts: the last one is the hand's), its text the pot after them. ``rake`` is
  recorded as rake, ``tax`` as a fee taken from the pot.
* ``WIN``: what the player was paid (after rake) from pot ``pot`` (0 the main pot);
  ``potAmount`` that pot after rake, recorded as the pot parts (net).
* ``time`` is a Unix time (UTC). Hands name no hand descriptions (no claims).

Files are split by :func:`hhtools.grammars._xml.split_elements` (streamed by lines,
the ``<SESSION/>`` kept as context) and each hand is read with lxml.
"""

from __future__ import annotations

import re
from datetime import UTC, datetime
from decimal import Decimal, InvalidOperation

from lxml import etree

from hhtools.grammars import _kit as k

__all__ = ["FORMAT", "cards", "stakes"]

_RECOGNISE = re.compile(r"<SESSION\s+time=\"\d+\"|<HAND\s+time=\"\d+\"\s+id=\"\d+\"")
_ID = re.compile(r"<HAND\s[^>]*?\bid=\"([^\"]*)\"")
_GAMES = {"omaha-hi": False}
_LIMITS = k.structure_names("-", str.lower)
_MONEY = {"€": "EUR", "$": "USD", "£": "GBP", "": "PLAY"}
_STREET_BY_CARDS = {3: k.Street.FLOP, 4: k.Street.TURN, 5: k.Street.RIVER}
_VARIANTS = {4: k.Variant.OMAHA, 5: k.Variant.OMAHA5, 6: k.Variant.OMAHA6}
_QUIET = frozenset({"SEAT", "DEALER", "XBLIND", "CHAT", "XSHOW"})

#: Everest cards ("6s, 8c, Jh", "10h") as record cards (:func:`comma_cards`).
cards = k.comma_cards


def stakes(text: str, scale: int) -> tuple[int, int] | None:
    """The ``blinds`` attribute ("0,01 €/0,02 €", "$0.50/$1.00", "10/20") as minor
    units (``scale`` 100 for money, 1 for chips); ``None`` when it cannot be read.

    >>> stakes("0,01 €/0,02 €", 100), stakes("5 €/10 €", 100), stakes("10/20", 1)
    ((1, 2), (500, 1000), (10, 20))
    """
    key = (text, scale)
    if key not in _STAKES:  # a table's hands repeat its blinds: each text read once
        if len(_STAKES) >= 4096:
            _STAKES.clear()
        _STAKES[key] = _stakes(text, scale)
    return _STAKES[key]


_STAKES: dict[tuple[str, int], tuple[int, int] | None] = {}


def _stakes(text: str, scale: int) -> tuple[int, int] | None:
    """:func:`stakes` read from the text."""
    parts = text.split("/")
    if len(parts) != 2:
        return None
    out = []
    for p in parts:
        num = re.sub(r"[^\d.,]", "", p).replace(",", ".")
        try:
            value = Decimal(num) * scale
        except InvalidOperation:
            return None
        if value != value.to_integral_value() or not 0 <= value < k.MAX_AMOUNT:
            return None
        out.append(int(value))
    return out[0], out[1]


def _num(text: str | None) -> int:
    """An integer amount in minor units (``ValueError`` when not digits)."""
    t = (text or "").strip()
    if not t.isdigit():
        raise ValueError(f"not an amount: {t[:40]!r}")
    if len(t) > 15 or int(t) >= k.MAX_AMOUNT:
        raise k.AmountOutOfRange(f"amount out of range: {t[:40]!r}")
    return int(t)


class _Hand(k.XmlHand):
    """An Everest hand being read: the kernel's hand and what its sweeps and wins say."""

    def start(self) -> None:
        self.blinds_seen = 0
        self.sweep: tuple[int, int, int, int] | None = None  # rake, tax, pot after, line
        self.pot_amounts: dict[int, int] = {}  # each pot after rake, by the wins
        self.fees = 0  # the tax the last sweep names


def _read(h: _Hand, root: etree._Element, stop: k.Stop) -> k.ParsedHand:
    """One ``<HAND>``: the game (from the ``<SESSION/>``), the seats, the elements in
    order, the record."""
    session = k.context_attrs(h.ht.text, "SESSION")
    if not session:
        return stop(k.ProblemCode.BAD_HEADER, "no <SESSION .../> (the game) before this hand")
    game = session.get("game", "")
    if game not in _GAMES:
        return k.game_not_read(stop, game, "omaha" in game.lower())
    structure = _LIMITS.get(session.get("gametype", ""))
    if structure is None:
        return stop(k.ProblemCode.UNKNOWN_GAME,
                    f"betting structure not read: {session.get('gametype')!r}")  # fmt: skip
    tourney = session.get("type", "ring") != "ring"
    h.unit = k.Unit.CHIPS if tourney else k.Unit.CENTS
    h.stake = stakes(root.get("blinds", ""), 1 if tourney else 100)
    stamp = root.get("time", "")
    utc = datetime.fromtimestamp(int(stamp), UTC) if stamp.isdigit() and len(stamp) < 12 else None
    holes = _seats(h, root)
    if not h.seats:
        return stop(k.ProblemCode.NO_SEATS, "no <SEAT> in this hand")
    variant = _VARIANTS.get(holes)
    if variant is None:
        return stop(k.ProblemCode.UNKNOWN_GAME, f"omaha-hi dealt with {holes} hole cards")
    dealer = root.find("DEALER")
    if dealer is not None and dealer.get("position", "").isdigit():
        h.button = h.seat_number(dealer.get("position", "")) + 1
    k.read_elements(h, root, None, _ELEMENTS, default=_other)
    if not h.collects:
        return stop(k.ProblemCode.TRUNCATED_HAND, "this hand has no <WIN> (its result)",
                    h.ht.line + h.ht.text.partition(k.MARK)[0].count("\n"))  # fmt: skip
    if not _finish(h, session):
        return k.no_record(h)
    sb, bb, small_bet, big_bet = h.blinds(structure, h.stake, limit="blinds", guess=True)
    parts = _parts(h)
    money = session.get("money", "")
    h.table = session.get("tableName", "")
    return h.record(
        k.Game(variant, False, structure, sb, bb, "CHIPS" if tourney else _MONEY.get(money, money),
             tournament_id=session.get("id") if tourney else None,
             small_bet=small_bet, big_bet=big_bet),
        started_at=utc.replace(tzinfo=None) if utc else None,
        time_zone="UTC" if utc else None, started_at_utc=utc, fees=h.fees, pot_parts=parts,
        pot_parts_basis=k.PotPartsBasis.NET if parts else None,
    )  # fmt: skip


def _seats(h: k.XmlHand, root: etree._Element) -> int:
    """The ``<SEAT>`` elements (a seat is its 0-based position + 1; a player dealt no
    ``HOLE`` sits out); the most hole cards dealt to a position (4 when none)."""
    seat_els = [el for el in root.iterchildren("SEAT") if el.get("name", "")]
    balance: dict[str, int] = {}
    for el in seat_els:
        h.by_id[el.get("position", "")] = el.get("name", "")
        balance[el.get("name", "")] = _num(el.get("balance"))
    dealt: dict[str, int] = {}
    for el in root.iterchildren("HOLE"):
        dealt[el.get("position", "")] = dealt.get(el.get("position", ""), 0) + 1
    for el in seat_els:
        name = el.get("name", "")
        h.seat(h.seat_number(el.get("position", "")) + 1, name, balance[name], h.at(el),
               bool(dealt) and el.get("position") not in dealt)  # fmt: skip
    return max(dealt.values(), default=4)



def _player(h: k.XmlHand, el: etree._Element, line: int) -> str | None:
    """The player at the element's ``position`` (else ``None``: a problem)."""
    who = h.by_id.get(el.get("position", ""))
    if who is not None:
        return who
    return h.who(el.get("position", ""), line, "{} by position {!r}: no one sits there",
                 el.tag, el.get("position"))  # fmt: skip


def _other(h: k.XmlHand, el: etree._Element, line: int) -> None:
    """An element not known here (by a seated player: else that is the problem)."""
    if el.tag in _QUIET:
        h.no_chips(el, ("amount",), line, f"<{el.tag}>")
    elif _player(h, el, line) is not None:
        h.problem(line, k.ProblemCode.UNRECOGNISED_LINE, f"element <{el.tag}> not known")


def _sweep(h: _Hand, el: etree._Element, line: int) -> None:
    """``SWEEP``: the rake and tax so far, the pot after them (the last one counts)."""
    h.sweep = (_num(el.get("rake") or "0"), _num(el.get("tax") or "0"), _num(el.text), line)


def _community(h: k.XmlHand, el: etree._Element, line: int) -> None:
    """``COMMUNITY``: new board cards; a street by the board's size."""
    try:
        new = cards(el.text or "")
    except ValueError as exc:
        h.problem(line, k.ProblemCode.BAD_CARDS, str(exc), (el.text or "")[:80])
        return
    street = _STREET_BY_CARDS.get(len(h.board) + len(new))
    if street is None:
        h.problem(line, k.ProblemCode.BAD_CARDS, f"a board of {len(h.board) + len(new)} cards")
        return
    h.deal(street, new)


def _hole(h: k.XmlHand, el: etree._Element, line: int) -> None:
    """``HOLE``: one of a player's hole cards ("--" when not shown)."""
    who = _player(h, el, line)
    text = (el.text or "").strip()
    if who is None or not text or text == "--":
        return
    try:
        h.hole[who] = h.hole.get(who, ()) + cards(text)
    except ValueError as exc:
        h.problem(line, k.ProblemCode.BAD_CARDS, str(exc), text[:80])


def _blind(h: _Hand, el: etree._Element, line: int) -> None:
    """``BLIND``: small or big by the stakes (else the first is the small one); a
    ``penalty`` is dead money on top of a live big blind."""
    who = _player(h, el, line)
    if who is None:
        return
    amount, penalty = _num(el.get("amount")), _num(el.get("penalty") or "0")
    first, stake = h.blinds_seen == 0, h.stake
    h.blinds_seen += 1
    if penalty > 0:
        h.dead_small = penalty
        h.post_both(who, amount + penalty, line)
    elif stake is not None and amount == stake[1]:
        h.post(who, k.PostKind.BIG_BLIND, amount, line)
    elif stake is not None and amount == stake[0] and h.sb is None:
        h.post(who, k.PostKind.SMALL_BLIND, amount, line)
    else:
        h.post(who, k.PostKind.SMALL_BLIND if first else k.PostKind.BIG_BLIND, amount, line)


def _ante(h: k.XmlHand, el: etree._Element, line: int) -> None:
    """``ANTE``."""
    who = _player(h, el, line)
    if who is not None:
        h.post(who, k.PostKind.ANTE, _num(el.get("amount")), line)


def _bet(h: k.XmlHand, el: etree._Element, line: int) -> None:
    """``BET``: the chips added, typed by the betting so far (0 is a check)."""
    who = _player(h, el, line)
    if who is None:
        return
    added, all_in = _num(el.get("amount")), el.get("allin") == "1"
    total = h.bets.get(who, 0) + added
    if added == 0:
        h.check(who, line)
    elif total <= h.highest:
        h.call(who, added, line, all_in)
    elif h.highest == 0:
        h.bet(who, added, line, all_in)
    else:
        h.raise_to(who, total, line, all_in)


def _fold(h: k.XmlHand, el: etree._Element, line: int) -> None:
    """``FOLD``."""
    who = _player(h, el, line)
    if who is not None:
        h.fold(who, line)


def _push(h: k.XmlHand, el: etree._Element, line: int) -> None:
    """``PUSH``: the uncalled part of a bet returned."""
    who = _player(h, el, line)
    if who is not None:
        h.returned.append(k.Returned(who, _num(el.get("amount")), line))


def _show(h: k.XmlHand, el: etree._Element, line: int) -> None:
    """``SHOW``, ``MUCK``: a player's cards shown (or mucked face up)."""
    who = _player(h, el, line)
    if who is None:
        return
    try:
        shown = cards(el.text or "")
    except ValueError as exc:
        h.problem(line, k.ProblemCode.BAD_CARDS, str(exc), (el.text or "")[:80])
        return
    if not shown:
        return
    if who in h.hole and set(h.hole[who]) != set(shown):
        h.problem(line, k.ProblemCode.BAD_CARDS, f"{who} shows cards other than those dealt")
    h.show(who, k.Show(who, shown, mucked=el.tag == "MUCK", line=line))


def _win(h: _Hand, el: etree._Element, line: int) -> None:
    """``WIN``: what the player was paid from pot ``pot``; ``potAmount`` that pot."""
    who = _player(h, el, line)
    if who is None:
        return
    pot = int(el.get("pot") or "0") if (el.get("pot") or "0").isdigit() else 0
    h.collects.append(k.Collect(who, _num(el.get("amount")), pot=pot, line=line))
    if (el.get("potAmount") or "").isdigit():
        h.pot_amounts[pot] = _num(el.get("potAmount"))


_ELEMENTS = {
    "SWEEP": _sweep, "COMMUNITY": _community, "HOLE": _hole, "BLIND": _blind, "ANTE": _ante,
    "BET": _bet, "FOLD": _fold, "PUSH": _push, "SHOW": _show, "MUCK": _show, "WIN": _win,
}  # fmt: skip


def _finish(h: _Hand, session: dict[str, str]) -> bool:
    """The pot, the rake and tax checked against the sweep and the wins, the pot parts,
    the hero, the button; ``False`` when a card is dealt twice."""
    total = h.in_pot()
    rake = fees = 0
    h.total_line = h.ht.line
    if h.sweep is not None:
        rake, fees, after, h.total_line = h.sweep
        if after != total - rake - fees:
            h.problem(h.total_line, k.ProblemCode.BAD_AMOUNT,
                      f"the last sweep's pot ({after}) is not the pot put in less rake and tax "
                      f"({total} - {rake} - {fees})")  # fmt: skip
    paid = sum(c.amount for c in h.collects)
    if paid + rake + fees != total:
        h.problem(h.ht.line, k.ProblemCode.BAD_AMOUNT,
                  f"the wins, rake and tax ({paid} + {rake} + {fees}) are not the pot "
                  f"put in ({total})")  # fmt: skip
    h.total, h.rake, h.fees = total, rake, fees
    if h.dealt_twice(board=False):
        return False
    hero = session.get("screenName")
    shown = {s.player for s in h.shows}
    h.hero = hero if hero in h.hole else next((p for p in h.hole if p not in shown), None)
    h.button_from_blinds()
    return True


def _parts(h: _Hand) -> tuple[int, ...]:
    """Each pot after rake, main pot first, when the wins name every one."""
    amounts = h.pot_amounts
    if amounts and sorted(amounts) == list(range(len(amounts))):
        return tuple(amounts[i] for i in range(len(amounts)))
    return ()


FORMAT = k.xml_format(
    "everest", "Everest Poker", "Omaha (pot limit, no limit, limit), cash and tournaments; XML",
    _RECOGNISE, ("<SESSION", "<HAND"), "HAND", ("SESSION",),
    k.xml_reader("everest", "HAND", _ID, 'an Everest <HAND id="..."> element', "hand", _read,
               hand=_Hand),
)  # fmt: skip
