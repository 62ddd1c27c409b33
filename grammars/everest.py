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

from hhtools.grammars._betting import MAX_AMOUNT, _OutOfRange, _State
from hhtools.grammars._xml import MARK, context_attrs, open_hand, read_guarded, split_elements
from hhtools.grammars.base import ParsedHand, SiteFormat
from hhtools.model.money import Unit
from hhtools.model.records import (
    BettingStructure,
    Collect,
    Game,
    HandHistory,
    HandText,
    PostKind,
    Returned,
    Seat,
    Show,
    Street,
    Variant,
)
from hhtools.model.vocab import CollectOrder, PotPartsBasis, ProblemCode

__all__ = ["FORMAT", "cards", "stakes"]

_RECOGNISE = re.compile(r"<SESSION\s+time=\"\d+\"|<HAND\s+time=\"\d+\"\s+id=\"\d+\"")
_ID = re.compile(r"<HAND\s[^>]*?\bid=\"([^\"]*)\"")
_GAMES = {"omaha-hi": False}
_LIMITS = {"pot-limit": BettingStructure.POT_LIMIT, "no-limit": BettingStructure.NO_LIMIT,
           "fixed-limit": BettingStructure.LIMIT, "limit": BettingStructure.LIMIT}  # fmt: skip
_MONEY = {"€": "EUR", "$": "USD", "£": "GBP", "": "PLAY"}
_STREET_BY_CARDS = {3: Street.FLOP, 4: Street.TURN, 5: Street.RIVER}
_VARIANTS = {4: Variant.OMAHA, 5: Variant.OMAHA5, 6: Variant.OMAHA6}
_QUIET = frozenset({"SEAT", "DEALER", "XBLIND", "CHAT", "XSHOW"})
_RANKS = frozenset("23456789TJQKA")
_SUITS = frozenset("cdhs")


def cards(text: str) -> tuple[str, ...]:
    """Everest cards ("6s, 8c, Jh", "10h") as record cards.

    Raises:
        ValueError: one of them is not a card.

    >>> cards("6s, 10c, jh")
    ('6s', 'Tc', 'Jh')
    """
    out = []
    for c in text.split(","):
        c = c.strip()
        if not c:
            continue
        c = "T" + c[2:] if c.startswith("10") else c
        if len(c) != 2 or c[0].upper() not in _RANKS or c[1].lower() not in _SUITS:
            raise ValueError(f"not a card: {c[:10]!r}")
        out.append(c[0].upper() + c[1].lower())
    return tuple(out)


def stakes(text: str, scale: int) -> tuple[int, int] | None:
    """The ``blinds`` attribute ("0,01 €/0,02 €", "$0.50/$1.00", "10/20") as minor
    units (``scale`` 100 for money, 1 for chips); ``None`` when it cannot be read.

    >>> stakes("0,01 €/0,02 €", 100), stakes("5 €/10 €", 100), stakes("10/20", 1)
    ((1, 2), (500, 1000), (10, 20))
    """
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
        if value != value.to_integral_value() or not 0 <= value < MAX_AMOUNT:
            return None
        out.append(int(value))
    return out[0], out[1]


def _num(text: str | None) -> int:
    """An integer amount in minor units (``ValueError`` when not digits)."""
    t = (text or "").strip()
    if not t.isdigit():
        raise ValueError(f"not an amount: {t[:40]!r}")
    if len(t) > 15 or int(t) >= MAX_AMOUNT:
        raise _OutOfRange(f"amount out of range: {t[:40]!r}")
    return int(t)


def _recognise(head: str) -> bool:
    """An Everest file: ``<SESSION time="N"`` (or a ``<HAND time="N" id="N"``)."""
    return ("<SESSION" in head or "<HAND" in head) and _RECOGNISE.search(head) is not None


def _split(fh, file: str):  # type: ignore[no-untyped-def]
    """One hand text per ``<HAND>`` element, each with the latest ``<SESSION/>``
    (see :func:`hhtools.grammars._xml.split_elements`)."""
    return split_elements(fh, file, "HAND", ("SESSION",))


def _parse(ht: HandText) -> ParsedHand:
    """Read one ``<HAND>`` into a record (never raises for bad input).

    Returns:
        The record and the problems met; a hand outside the Omaha family is a
        ``skipped_game`` note; a hand cut short or not well-formed is a problem
        without a record.
    """
    m = _ID.search(ht.text, 0, 400)
    hand_id = m.group(1) if m else None
    return read_guarded(ht, hand_id, _read)


def _read(ht: HandText, hand_id: str | None) -> ParsedHand:  # noqa: PLR0911, PLR0912, PLR0915
    h = _State(ht.file, ht.line)
    h.hand_id = hand_id
    root, stop, failed = open_hand(ht, h, "HAND", 'an Everest <HAND id="..."> element', "hand")
    if root is None:
        return failed  # type: ignore[return-value]
    session = context_attrs(ht.text, "SESSION")
    if not session:
        return stop(ProblemCode.BAD_HEADER, "no <SESSION .../> (the game) before this hand")
    game = session.get("game", "")
    if game not in _GAMES:
        if "omaha" in game.lower():
            return stop(ProblemCode.UNKNOWN_GAME, f"unknown Omaha game: {game!r}")
        return stop(ProblemCode.SKIPPED_GAME,
                    f"not an Omaha game: {game}", skipped=game or "unknown")  # fmt: skip
    structure = _LIMITS.get(session.get("gametype", ""))
    if structure is None:
        return stop(ProblemCode.UNKNOWN_GAME,
                    f"betting structure not read: {session.get('gametype')!r}")  # fmt: skip
    tourney = session.get("type", "ring") != "ring"
    money = session.get("money", "")
    currency = "CHIPS" if tourney else _MONEY.get(money, money)
    h.unit = Unit.CHIPS if tourney else Unit.CENTS
    stake = stakes(root.get("blinds", ""), 1 if tourney else 100)
    stamp = root.get("time", "")
    utc = datetime.fromtimestamp(int(stamp), UTC) if stamp.isdigit() and len(stamp) < 12 else None

    by_pos: dict[str, str] = {}
    seat_els = []
    for el in root.iterfind("SEAT"):
        pos = el.get("position", "")
        name = el.get("name", "")
        if not name:
            continue
        by_pos[pos] = name
        h.stacks[name] = _num(el.get("balance"))
        seat_els.append(el)
    if not seat_els:
        return stop(ProblemCode.NO_SEATS, "no <SEAT> in this hand")
    dealt: dict[str, int] = {}
    for el in root.iterfind("HOLE"):
        pos = el.get("position", "")
        dealt[pos] = dealt.get(pos, 0) + 1
    seats = [Seat(h.seat_number(el.get("position", "")) + 1, el.get("name", ""),
                  h.stacks[el.get("name", "")], bool(dealt) and el.get("position") not in dealt,
                  line=ht.line + el.sourceline - 1)
             for el in seat_els]  # fmt: skip
    holes = max(dealt.values(), default=4)
    variant = _VARIANTS.get(holes)
    if variant is None:
        return stop(ProblemCode.UNKNOWN_GAME, f"omaha-hi dealt with {holes} hole cards")
    dealer = root.find("DEALER")
    button = None
    if dealer is not None and dealer.get("position", "").isdigit():
        button = h.seat_number(dealer.get("position", "")) + 1

    hole: dict[str, list[str]] = {}
    board: tuple[str, ...] = ()
    shows: list[Show] = []
    returned: list[Returned] = []
    collects: list[Collect] = []
    pot_amounts: dict[int, int] = {}
    sweep: tuple[int, int, int, int] | None = None  # rake, tax, pot after them, line
    blinds_seen = 0
    for el in root:
        if not isinstance(el.tag, str):
            continue
        tag = el.tag
        line = ht.line + el.sourceline - 1
        if tag in _QUIET:
            continue
        if tag == "SWEEP":
            sweep = (_num(el.get("rake") or "0"), _num(el.get("tax") or "0"), _num(el.text), line)
            continue
        if tag == "COMMUNITY":
            try:
                new = board + cards(el.text or "")
            except ValueError as exc:
                h.problem(line, ProblemCode.BAD_CARDS, str(exc), (el.text or "")[:80])
                continue
            street = _STREET_BY_CARDS.get(len(new))
            if street is None:
                h.problem(line, ProblemCode.BAD_CARDS, f"a board of {len(new)} cards")
                continue
            board = new
            h.new_street(street)
            continue
        who = by_pos.get(el.get("position", ""))
        if who is None:
            h.problem(line, ProblemCode.UNKNOWN_PLAYER,
                      f"{tag} by position {el.get('position')!r}: no one sits there")  # fmt: skip
            continue
        if tag == "HOLE":
            text = (el.text or "").strip()
            if text and text != "--":
                try:
                    hole.setdefault(who, []).extend(cards(text))
                except ValueError as exc:
                    h.problem(line, ProblemCode.BAD_CARDS, str(exc), text[:80])
        elif tag == "BLIND":
            amount, penalty = _num(el.get("amount")), _num(el.get("penalty") or "0")
            _blind(h, who, amount, penalty, stake, blinds_seen == 0, line)
            blinds_seen += 1
        elif tag == "ANTE":
            h.post(who, PostKind.ANTE, _num(el.get("amount")), line)
        elif tag == "BET":
            _bet(h, who, _num(el.get("amount")), el.get("allin") == "1", line)
        elif tag == "FOLD":
            h.fold(who, line)
        elif tag == "PUSH":
            returned.append(Returned(who, _num(el.get("amount")), line))
        elif tag in ("SHOW", "MUCK"):
            try:
                shown = cards(el.text or "")
            except ValueError as exc:
                h.problem(line, ProblemCode.BAD_CARDS, str(exc), (el.text or "")[:80])
                continue
            if shown:
                if who in hole and set(hole[who]) != set(shown):
                    h.problem(line, ProblemCode.BAD_CARDS,
                              f"{who} shows cards other than those dealt")  # fmt: skip
                hole[who] = list(shown)
                shows.append(Show(who, shown, mucked=tag == "MUCK", line=line))
        elif tag == "WIN":
            pot = int(el.get("pot") or "0") if (el.get("pot") or "0").isdigit() else 0
            collects.append(Collect(who, _num(el.get("amount")), pot=pot, line=line))
            if (el.get("potAmount") or "").isdigit():
                pot_amounts[pot] = _num(el.get("potAmount"))
        else:
            h.problem(line, ProblemCode.UNRECOGNISED_LINE, f"element <{tag}> not known")
    if not collects:
        return stop(ProblemCode.TRUNCATED_HAND, "this hand has no <WIN> (its result)",
                    ht.line + ht.text.partition(MARK)[0].count("\n"))  # fmt: skip
    return _finish(ht, h, dict(
        hand_id=hand_id, session=session, tourney=tourney, currency=currency, stake=stake,
        structure=structure, variant=variant, utc=utc, seats=seats, button=button,
        hole={p: tuple(c) for p, c in hole.items()}, board=board, shows=shows,
        returned=returned, collects=collects, pot_amounts=pot_amounts, sweep=sweep))  # fmt: skip


def _blind(
    h: _State, who: str, amount: int, penalty: int, stake: tuple[int, int] | None,
    first: bool, line: int,
) -> None:
    """One ``BLIND``: small or big by the stakes (else the first is the small one); a
    ``penalty`` is dead money on top of a live big blind."""
    if penalty > 0:
        h.post(who, PostKind.DEAD_SMALL_AND_BIG, amount + penalty, line)
        h.bets[who] -= penalty  # the dead part is no bet
        h.highest = max(h.bets.values())
        return
    if stake is not None and amount == stake[1]:
        kind = PostKind.BIG_BLIND
    elif stake is not None and amount == stake[0] and h.sb is None:
        kind = PostKind.SMALL_BLIND
    else:
        kind = PostKind.SMALL_BLIND if first else PostKind.BIG_BLIND
    h.post(who, kind, amount, line)


def _bet(h: _State, who: str, added: int, all_in: bool, line: int) -> None:
    """One ``BET``: the chips added, typed by the betting so far."""
    if added == 0:
        h.check(who, line)
        return
    total = h.bets.get(who, 0) + added
    if total <= h.highest:
        h.call(who, added, line, all_in)
    elif h.highest == 0:
        h.bet(who, added, line, all_in)
    else:
        h.raise_to(who, total, line, all_in)


def _finish(ht: HandText, h: _State, v: dict) -> ParsedHand:  # type: ignore[type-arg]
    hand_id: str = v["hand_id"]
    inferred: list[str] = []
    returned: list[Returned] = v["returned"]
    collects: list[Collect] = v["collects"]
    total = sum(h.put.values()) - sum(r.amount for r in returned)
    rake = fees = 0
    total_line = ht.line
    if v["sweep"] is not None:
        rake, fees, after, total_line = v["sweep"]
        if after != total - rake - fees:
            h.problem(total_line, ProblemCode.BAD_AMOUNT,
                      f"the last sweep's pot ({after}) is not the pot put in less rake and tax "
                      f"({total} - {rake} - {fees})")  # fmt: skip
    paid = sum(c.amount for c in collects)
    if paid + rake + fees != total:
        h.problem(ht.line, ProblemCode.BAD_AMOUNT,
                  f"the wins, rake and tax ({paid} + {rake} + {fees}) are not the pot "
                  f"put in ({total})")  # fmt: skip
    amounts: dict[int, int] = v["pot_amounts"]
    parts: tuple[int, ...] = ()
    if amounts and sorted(amounts) == list(range(len(amounts))):
        parts = tuple(amounts[i] for i in range(len(amounts)))

    hole: dict[str, tuple[str, ...]] = v["hole"]
    board: tuple[str, ...] = v["board"]
    seen: set[str] = set(board)
    for who, cs in hole.items():
        if seen & set(cs) or len(set(cs)) != len(cs):
            h.problem(ht.line, ProblemCode.IMPOSSIBLE_CARDS,
                      f"{who}'s cards repeat a card already dealt")  # fmt: skip
            return ParsedHand(None, tuple(h.problems), None, hand_id)
        seen.update(cs)
    session = v["session"]
    hero = session.get("screenName") if session.get("screenName") in hole else None
    if hero is None:
        shown = {s.player for s in v["shows"]}
        hero = next((p for p in hole if p not in shown), None)

    seats: list[Seat] = v["seats"]
    button = v["button"]
    if button is None:
        sb = next((a.player for a in h.actions if a.post is PostKind.SMALL_BLIND), None)
        if sb is not None:
            seat_of = {s.player: s.seat for s in seats}
            before = [s.seat for s in seats if s.seat < seat_of[sb]]
            button = max(before) if before else max(s.seat for s in seats)
            inferred.append("button")
    stake = v["stake"]
    structure = v["structure"]
    sb, bb = h.sb, h.bb
    small_bet = big_bet = None
    if structure is BettingStructure.LIMIT and stake:
        small_bet, big_bet = stake[1], 2 * stake[1]
    if stake:
        sb = sb if sb is not None else stake[0]
        bb = bb if bb is not None else stake[1]
    if sb is None or bb is None:
        inferred.append("blinds")
        bb = bb if bb is not None else (2 * sb if sb else 0)
        sb = sb if sb is not None else bb // 2
    utc: datetime | None = v["utc"]
    record = HandHistory(
        site="everest",
        hand_id=hand_id,
        table=session.get("tableName", ""),
        started_at=utc.replace(tzinfo=None) if utc else None,
        time_zone="UTC" if utc else None,
        started_at_utc=utc,
        game=Game(v["variant"], False, structure, sb, bb, v["currency"],
                  tournament_id=session.get("id") if v["tourney"] else None,
                  small_bet=small_bet, big_bet=big_bet),  # fmt: skip
        button=button,
        max_seats=None,
        seats=tuple(seats),
        actions=tuple(h.actions),
        boards=(board,) if board else (),
        hero=hero,
        hole_cards=hole,
        shows=tuple(v["shows"]),
        collects=tuple(collects),
        returned=tuple(returned),
        total_pot=total,
        total_pot_line=total_line,
        rake=rake,
        fees=fees,
        file=ht.file,
        line=ht.line,
        offset=ht.offset,
        text=ht.text.partition(MARK)[0],
        pot_parts=parts,
        pot_parts_basis=PotPartsBasis.NET if parts else None,
        site_format="everest",
        collect_order=CollectOrder.UNORDERED,
        inferred=tuple(sorted(set(inferred))),
    )
    return ParsedHand(record, tuple(h.problems), hand_id=hand_id)


FORMAT = SiteFormat(
    key="everest",
    name="Everest Poker",
    games="Omaha (pot limit, no limit, limit), cash and tournaments; XML",
    recognise=_recognise,
    split=_split,
    parse=_parse,
    rooms=("everest",),
)
