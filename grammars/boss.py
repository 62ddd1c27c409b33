"""Boss Media hand histories: XML, one ``<HISTORY>`` element per hand.

The format (as the Boss client wrote it, 2009-2017)::

    <HISTORY ID="2907049756" SESSION="session648333186.xml" TABLE="Table OH 594"
             GAME="GAME_OMA" GAMETYPE="GAMETYPE_REAL" GAMEKIND="GAMEKIND_CASH"
             TABLECURRENCY="EUR" LIMIT="PL" STAKES="0.05/0.10" DATE="1341335315" ...>
     <PLAYER NAME="A" SEAT="1" AMOUNT="10.00" STATE="STATE_PLAYING" DEALER="N"></PLAYER>
     <ACTION TYPE="HAND_BLINDS" PLAYER="A" KIND="HAND_BB" VALUE="0.10"></ACTION>
     <ACTION TYPE="HAND_DEAL" PLAYER="A"><CARD LINK="17"></CARD>...</ACTION>  ("b": hidden)
     <ACTION TYPE="ACTION_RAISE" PLAYER="B" VALUE="0.35"></ACTION>
     <ACTION TYPE="HAND_BOARD" VALUE="BOARD_FLOP" POT="2.40" RAKE="0.00"><CARD .../></ACTION>
     <SHOWDOWN POT="8.57" RAKE="0.45" ...>
      <RESULT PLAYER="B" WIN="8.57" HAND="$(STR_G_WIN_ACEHIGHFLUSH)" WINTYPE="WINTYPE_HI">
       <CARD LINK="8"></CARD>...</RESULT></SHOWDOWN></HISTORY>

Quirks read here:

* ``GAME``: GAME_OMA and GAME_OMATU (Omaha), GAME_OMAHL (Omaha Hi/Lo); others skipped.
* A seat with an empty ``NAME`` or ``STATE_EMPTY`` (named "UNKNOWN", ``AMOUNT``
  0.00) is an empty seat, not a player; ``STATE_SITOUT`` and ``STATE_RESERVED`` (a
  named player holding the seat), and a player dealt no cards, sit out.
* Player names may hold HTML named references (``&pound;``, ``&Ograve;``): read as the
  characters they name (:func:`hhtools.grammars._xml.xml_text`). A name no ``PLAYER``
  lists is an ``unknown_player`` problem on its line (the hand is read in part).
* ``GAMEKIND``: GAMEKIND_CASH, or a tournament: GAMEKIND_SITGO (a sit-and-go) and
  GAMEKIND_TOURNAMENT, in chips (``TABLECURRENCY`` is then the buy-in's money, which
  the history does not state: no buy-in is recorded).
* Blinds: ``KIND`` HAND_SB, HAND_BB; HAND_DSB is a dead small blind (with the same
  player's HAND_BB it is recorded as one "small & big blinds" post: the big blind live,
  the small dead); a second HAND_SB is dead too; HAND_AB is both blinds posted at once
  (the big blind live, the rest dead); an ante is ``TYPE="HAND_ANTE"`` (or a blind
  ``KIND`` naming ANTE).
* ``RAISE`` and ``ALLIN`` values are street totals ("raise to"; an all-in to no more
  than the bet is a call), ``BET`` the bet; ``CALL`` is the street total when it equals
  the bet to call and the chips added when it is less (the client changed: 2009-2012
  files write totals, 2017 ones increments; the value tells them apart).
* ``SHOWDOWN`` ``RAKE`` is the hand's rake and ``POT`` the pot after it; each
  ``RESULT``'s ``WIN`` is what that player was paid (``WINTYPE_HI``/``_LO`` the half;
  ``WINTYPE_HILO`` both: in a one-pot hand split into its halves when the other
  results tell them apart, e.g. the high half and a share of a tied low).
  The uncalled part of a bet is in no ``WIN`` and has no line: it is inferred.
  A ``RESULT`` does not say from which pot: with side pots (built by the rules,
  :mod:`hhtools.grammars._pots`) the record says its wins name no pot (``pots_named``
  false) and the audit gives each player's wins to the pots they could win.
  ``MAINPOT``/``LEFTPOT``/``RIGHTPOT`` are not read (no sample shows a side pot's).
* A ``HISTORY`` holds ``PLAYER``, ``ACTION`` and ``SHOWDOWN`` elements, a ``SHOWDOWN``
  ``RESULT``s: any other element is an ``unrecognised_line`` problem on its line (the
  hand is read in part), as is an ``ACTION`` type or blind ``KIND`` not known.
* ``DATE`` is a Unix time (UTC); the button is ``DEALER="Y"`` (older files have none:
  the seat before the small blind is inferred).
* Cards: ``LINK`` 0-51, rank ``n % 13`` from the ace, suits diamonds, clubs, hearts,
  spades by thirteens; "b" is a card not shown.
* A ``RESULT``'s ``HAND`` names the hand in the client's template keys
  ("$(STR_G_WIN_TWOPAIR) $(STR_G_CARDS_KINGS) $(STR_G_ANDTEXT) $(STR_G_CARDS_FIVES)",
  "$(STR_G_WIN_FULLHOUSE)"), typed by :func:`hhtools.grammars._english.read_template`.

Files are split by :func:`hhtools.grammars._xml.split_elements` and each history is
read with lxml.
"""

from __future__ import annotations

import re
from datetime import UTC, datetime

from lxml import etree

from hhtools.grammars import _kit as k

__all__ = ["FORMAT", "card"]

_RECOGNISE = re.compile(r"<HISTORY\s+ID=\"\d+\"")
_ID = re.compile(r"<HISTORY\s+ID=\"([^\"]*)\"")
_GAMES = {"GAME_OMA": False, "GAME_OMATU": False, "GAME_OMAHL": True}
_LIMITS = k.STRUCTURE_CODES
_BOARD = {"BOARD_FLOP": k.Street.FLOP, "BOARD_TURN": k.Street.TURN, "BOARD_RIVER": k.Street.RIVER}
_RANKS = "A23456789TJQK"
_SUITS = "dchs"
_HALVES = {"WINTYPE_HI": k.Half.HIGH, "WINTYPE_LO": k.Half.LOW}
_TOURNEYS = frozenset({"GAMEKIND_SITGO", "GAMEKIND_TOURNAMENT"})
_OUT = frozenset({"STATE_SITOUT", "STATE_RESERVED"})
_VARIANTS = {5: k.Variant.OMAHA5, 6: k.Variant.OMAHA6}

#: a win: player, amount (minor units), half (hi/lo games), line
Pay = tuple[str, int, k.Half | None, int]


def card(link: str) -> str | None:
    """A Boss ``LINK`` as a record card; ``None`` for "b" (hidden).

    Raises:
        ValueError: not a card number 0-51.

    >>> card("0"), card("12"), card("26"), card("49"), card("b")
    ('Ad', 'Kd', 'Ah', 'Js', None)
    """
    if link == "b":
        return None
    n = int(link)
    if not 0 <= n < 52:
        raise ValueError(f"card number out of range: {link}")
    return _RANKS[n % 13] + _SUITS[n // 13]


#: every ``LINK`` a card is written with, as its card (:func:`card`), read by one lookup
_LINKS = {str(n): _RANKS[n % 13] + _SUITS[n // 13] for n in range(52)}


class _Hand(k.XmlHand):
    """A Boss hand being read: the kernel's hand and its blinds' habits."""

    def start(self) -> None:
        self.dead: dict[str, int] = {}  # dead small blinds waiting for the player's big blind
        self.sb_seen = False
        self.ante = 0  # the first HAND_ANTE's amount
        self.both: set[str] = set()  # players whose RESULT is WINTYPE_HILO (high and low)
        self.pots_named = True  # False: side pots, the wins' pots not known


def _read(h: _Hand, root: etree._Element, stop: k.Stop) -> k.ParsedHand:
    """One ``<HISTORY>``: the game, the seats, the actions, the showdown, the record."""
    game = root.get("GAME", "")
    if game not in _GAMES:
        return k.game_not_read(stop, game, "OMA" in game)
    structure = _LIMITS.get(root.get("LIMIT", ""))
    if structure is None:
        return stop(
            k.ProblemCode.UNKNOWN_GAME, f"betting structure not read: {root.get('LIMIT')!r}"
        )
    tourney = root.get("GAMEKIND") in _TOURNEYS
    real = root.get("GAMETYPE", "GAMETYPE_REAL") == "GAMETYPE_REAL"
    h.unit = k.Unit.CENTS if real and not tourney else k.Unit.CHIPS
    currency = "CHIPS" if tourney else (root.get("TABLECURRENCY") or "" if real else "PLAY")
    stakes = (root.get("STAKES") or "").split("/")
    h.stake = (h.money(stakes[0]), h.money(stakes[1])) if len(stakes) == 2 else None
    stamp = root.get("DATE", "")
    utc = datetime.fromtimestamp(int(stamp), UTC) if stamp.isdigit() else None
    players, actions, showdown, unknown = _parts(root)
    _seats(h, players, actions)
    if not h.seats:
        return stop(k.ProblemCode.NO_SEATS, "no <PLAYER> in this hand")
    k.read_elements(h, actions, "TYPE", _ACTIONS, default=_action)
    for el in unknown:
        h.problem(h.at(el), k.ProblemCode.UNRECOGNISED_LINE, f"element <{el.tag}> not known")
    if showdown is None:
        return stop(k.ProblemCode.TRUNCATED_HAND, "this hand has no <SHOWDOWN> (its result)")
    if not _finish(h, showdown, tourney, _GAMES[game]):
        return k.no_record(h)
    holes = max((len(c) for c in h.hole.values()), default=4)
    sb, bb, small_bet, big_bet = h.blinds(structure, h.stake, limit="both")
    tid = _tournament(root) if tourney else None
    h.table = root.get("TABLE", "")
    return h.record(
        k.Game(_VARIANTS.get(holes, k.Variant.OMAHA), _GAMES[game], structure, sb, bb, currency,
             ante=h.ante, tournament_id=tid, small_bet=small_bet, big_bet=big_bet),
        started_at=utc.replace(tzinfo=None) if utc else None,
        time_zone="UTC" if utc else None, started_at_utc=utc, pots_named=h.pots_named,
    )  # fmt: skip


def _parts(root: etree._Element) -> tuple[list[etree._Element], list[etree._Element],
                                          etree._Element | None, list[etree._Element]]:  # fmt: skip
    """A ``<HISTORY>``'s children in one pass: its ``PLAYER`` and ``ACTION`` elements,
    its first ``SHOWDOWN`` (``None`` when it has none) and the elements a history is not
    known to hold (any but those three: an ``unrecognised_line`` problem each, as such an
    element could carry chips), each list in the file's order."""
    players: list[etree._Element] = []
    actions: list[etree._Element] = []
    unknown: list[etree._Element] = []
    showdown = None
    for el in root:
        tag = el.tag
        if tag == "ACTION":
            actions.append(el)
        elif tag == "PLAYER":
            players.append(el)
        elif tag == "SHOWDOWN":
            showdown = el if showdown is None else showdown
        elif tag.__class__ is str:  # not a comment or a processing instruction
            unknown.append(el)
    return players, actions, showdown, unknown


def _seats(h: k.XmlHand, players: list[etree._Element], actions: list[etree._Element]) -> None:
    """The ``<PLAYER>`` elements (an empty ``NAME`` or ``STATE_EMPTY`` is an empty
    seat; a player sitting out, holding a reserved seat or dealt no cards sits out),
    the button (``DEALER="Y"``); ``actions`` the hand's ``<ACTION>`` elements."""
    dealt = {a.get("PLAYER", "") for a in actions if a.get("TYPE") == "HAND_DEAL"}
    for el in players:
        name = el.get("NAME", "")
        if not name or el.get("STATE") == "STATE_EMPTY":  # an empty seat
            continue
        seat = h.seat_number(el.get("SEAT", ""))
        out = el.get("STATE") in _OUT or (bool(dealt) and name not in dealt)
        h.by_id[name] = name
        h.seat(seat, name, h.money(el.get("AMOUNT") or "0"), h.at(el), out)
        if el.get("DEALER") == "Y":
            h.button = seat



def _tournament(root: etree._Element) -> str | None:
    """A tournament's number: ``TABLETOURNEYID``, else the digits of the ``SESSION``
    file's name ("session123645678.xml": "123645678"), else the name itself."""
    session = root.get("SESSION") or ""
    digits = re.search(r"\d+", session)
    return root.get("TABLETOURNEYID") or (digits.group(0) if digits else session) or None


def _cards(el: etree._Element) -> tuple[str, ...]:
    """The shown cards of an element's ``<CARD>`` children."""
    out: list[str] = []
    for c in el.iterchildren("CARD"):
        link = c.get("LINK", "b")
        if link in _LINKS:
            out.append(_LINKS[link])
        elif link != "b":  # not a card number 0-51 as written: card() reads or refuses it
            out.append(card(link))  # type: ignore[arg-type]
    return tuple(out)


def _player(h: k.XmlHand, act: etree._Element, line: int) -> str | None:
    """The acting player (else ``None``: an ``unknown_player`` problem)."""
    who = act.get("PLAYER", "")
    name = h.by_id.get(who)
    if name is None:  # an unknown_player problem
        return h.who(who, line, "{} by {!r}: no such player", act.get("TYPE", ""), who)
    return name


def _board(h: _Hand, act: etree._Element, line: int) -> None:
    """``HAND_BOARD``: a street and the board so far."""
    street = _BOARD.get(act.get("VALUE", ""))
    cards = _cards(act)
    if street is not None and street is not h.street:
        if h.dead:
            _flush_dead(h, line)
        h.new_street(street)
    h.board = list(cards) if len(cards) > len(h.board) else h.board


def _deal(h: k.XmlHand, act: etree._Element, line: int) -> None:
    """``HAND_DEAL``: a player's hole cards (the hero's, when shown)."""
    who = _player(h, act, line)
    cards = _cards(act)
    if who is not None and cards:
        h.hero, h.hole[who] = who, cards


def _blinds(h: _Hand, act: etree._Element, line: int) -> None:
    """``HAND_BLINDS``: by ``KIND``; a dead small blind (or a second small blind)
    waits for the player's big blind (then one "small & big blinds" post)."""
    who = _player(h, act, line)
    if who is None:
        return
    value = h.money(act.get("VALUE") or "0")
    blind = act.get("KIND", "")
    if blind == "HAND_DSB" or (blind == "HAND_SB" and h.sb_seen):
        h.dead[who] = h.dead.get(who, 0) + value
    elif blind == "HAND_SB":
        h.sb_seen = True
        h.post(who, k.PostKind.SMALL_BLIND, value, line)
    elif blind == "HAND_BB" and who in h.dead:
        h.dead_small = h.dead.pop(who)
        h.post_both(who, h.dead_small + value, line)
    elif blind == "HAND_BB":
        h.post(who, k.PostKind.BIG_BLIND, value, line)
    elif blind == "HAND_AB":  # both blinds at once: the big blind live, the rest dead
        bb = h.stake[1] if h.stake else (h.bb or 0)
        h.dead_small = max(value - bb, 0)
        h.post_both(who, value, line)
    elif "ANTE" in blind:
        h.post(who, k.PostKind.ANTE, value, line)
    else:
        h.problem(line, k.ProblemCode.UNRECOGNISED_LINE, f"blind kind {blind!r} not known")


def _action(h: _Hand, act: etree._Element, line: int) -> None:
    """A betting action (``ACTION_...``): ``RAISE`` and ``ALLIN`` to a street total,
    ``CALL`` the total when it reaches the bet (else the chips added)."""
    who = _player(h, act, line)
    if who is None:
        return
    kind = act.get("TYPE", "")
    value = h.money(act.get("VALUE") or "0")
    if h.dead:
        _flush_dead(h, line)
    h.act(_BETS, kind, who, value, line, "action type")


def _call(h: k.XmlHand, who: str, value: int, line: int) -> None:
    """``ACTION_CALL``: the street total when it reaches the bet, else the chips added."""
    h.call(who, value - h.bets.get(who, 0) if value >= h.highest else value, line)


def _all_in(h: k.XmlHand, who: str, value: int, line: int) -> None:
    """``ACTION_ALLIN``: a bet, or a raise to the street total."""
    if h.highest == 0:
        h.bet(who, value, line, True)
    else:
        h.raise_to(who, value, line, True)


_BETS = k.verbs({"ACTION_FOLD": "fold", "ACTION_CHECK": "check", "ACTION_CALL": _call,
               "ACTION_BET": "bet", "ACTION_RAISE": "raise_to", "ACTION_ALLIN": _all_in})  # fmt: skip
def _ante(h: _Hand, act: etree._Element, line: int) -> None:
    """``HAND_ANTE``: an ante (``VALUE``)."""
    who = _player(h, act, line)
    if who is not None:
        value = h.money(act.get("VALUE") or "0")
        h.ante = h.ante or value
        h.post(who, k.PostKind.ANTE, value, line)


_ACTIONS = {"HAND_BOARD": _board, "HAND_DEAL": _deal, "HAND_BLINDS": _blinds, "HAND_ANTE": _ante}


def _flush_dead(h: _Hand, line: int) -> None:
    """Dead small blinds with no big blind after them: dead money (an ante's kind)."""
    for who, amount in h.dead.items():
        h.post(who, k.PostKind.ANTE, amount, line)
    h.dead.clear()


def _collects(h: _Hand, pays: list[Pay], rake: int) -> list[k.Collect]:
    """One collect per ``RESULT`` (per half in hi/lo): Boss names what each player won
    but not from which pot. With side pots the record says so (``pots_named`` false)
    and the audit gives each player's wins to the pots they could win; a split here
    in proportion to what each player is owed, the rake taken from the pots by their
    sizes, put wins in pots their players did not win (a main pot raked $2, its low
    half to Ann and the side pot's to Cy: Cy "paid" $3.36 of the main pot, five false
    findings on a hand paid right). One pot: a ``WINTYPE_HILO`` win as its halves
    when the other results tell them apart (:func:`_both_halves`).
    """
    if len(_pots(h)) > 1 and pays:
        h.pots_named = False
        return [k.Collect(who, w, pot=0, line=line, half=half) for who, w, half, line in pays]
    return [k.Collect(who, w, pot=0, line=line, half=half)
            for who, w, half, line in _both_halves(h, pays, rake)]  # fmt: skip


def _both_halves(h: _Hand, pays: list[Pay], rake: int) -> list[Pay]:
    """A one-pot hi/lo hand's ``WINTYPE_HILO`` win (high and low together) as its two
    halves, when the other results tell them apart: the pot after rake halved (the odd
    unit high); the player alone on the high side takes the whole high half, or alone
    on the low side the whole low half; the rest of the win is the other half. Else (or
    when the halves would not add up to what was paid) the wins as written.

    Amounts are minor units; ``pays`` as :func:`_results` gives them.
    """
    both = [p for p in pays if p[0] in h.both and p[2] is None]
    if len(both) != 1:
        return pays
    who, won, _, line = both[0]
    net = (h.total or 0) - rake
    high, low = net - net // 2, net // 2
    highs = {p for p, _, half, _ in pays if half is k.Half.HIGH} | {who}
    lows = {p for p, _, half, _ in pays if half is k.Half.LOW} | {who}
    if len(highs) == 1:
        hi_part = high
    elif len(lows) == 1:
        hi_part = won - low
    else:
        return pays
    lo_part = won - hi_part
    paid_hi = sum(w for _, w, half, _ in pays if half is k.Half.HIGH) + hi_part
    paid_lo = sum(w for _, w, half, _ in pays if half is k.Half.LOW) + lo_part
    if hi_part < 0 or lo_part < 0 or (paid_hi, paid_lo) != (high, low):
        return pays
    parts = [
        (who, w, half, line) for w, half in ((hi_part, k.Half.HIGH), (lo_part, k.Half.LOW)) if w
    ]
    return [q for p in pays for q in (parts if p is both[0] else [p])]


def _pots(h: k.XmlHand) -> list[tuple[int, tuple[str, ...]]]:
    """The pots by the rules: what each player put in less returns, the players not
    folded, dead small blinds in the main pot (:func:`pots_of`)."""
    net_in = dict(h.put)
    for r in h.returned:
        net_in[r.player] = net_in.get(r.player, 0) - r.amount
    folded = h.folded_players()
    live = {p for p, x in net_in.items() if x > 0 and p not in folded}
    bb = h.bb or 0
    dead: dict[str, int] = {}
    for a in h.actions:
        if a.post is k.PostKind.DEAD_SMALL_AND_BIG and a.amount > bb:
            dead[a.player] = dead.get(a.player, 0) + a.amount - bb
    return k.pots_of(net_in, live, k.clockwise(h.seats, h.button), dead)


def _finish(h: _Hand, sd: etree._Element, tourney: bool, hi_lo: bool) -> bool:
    """The return inferred, the showdown's results (shows, wins), the rake checked,
    the button, the collects; ``False`` when a card is dealt twice."""
    h.infer_return(h.dead_chips(h.bb, floor=False))
    h.total, h.total_line = h.in_pot(), h.at(sd)
    h.rake = 0 if tourney else h.money(sd.get("RAKE") or "0")
    pays = _results(h, sd, hi_lo)
    paid = sum(w for _, w, _, _ in pays)
    if paid + h.rake != h.total:
        h.problem(h.ht.line, k.ProblemCode.BAD_AMOUNT,
                  f"the wins and rake ({paid} + {h.rake}) are not the pot put in ({h.total})")  # fmt: skip
    if h.dealt_twice(board=False):
        return False
    h.button_from_blinds()
    h.collects = _collects(h, pays, h.rake)
    return True


def _results(h: _Hand, sd: etree._Element, hi_lo: bool) -> list[Pay]:
    """Each ``RESULT``: the player's cards (shown unless folded or won by default),
    the site's words for the hand, what they won (per half in hi/lo)."""
    folded = h.folded_players()
    pays: list[Pay] = []
    results = []
    for el in sd:  # a SHOWDOWN holds RESULTs: any other element is a problem, before them
        tag = el.tag
        if tag == "RESULT":
            results.append(el)
        elif tag.__class__ is str:  # not a comment or a processing instruction
            h.problem(h.at(el), k.ProblemCode.UNRECOGNISED_LINE, f"element <{tag}> not known")
    for res in results:
        line = h.at(res)
        who = res.get("PLAYER", "")
        if h.who(who, line, "result of {!r}: no such player", who) is None:
            continue
        cards = _cards(res)
        if cards:
            h.hole[who] = cards
        words = res.get("HAND", "")
        if cards and who not in folded and "STR_BY_DEFAULT" not in words:
            h.shows.append(k.Show(who, cards, words or None, line=line,
                                claimed_high=k.read_template(words)))  # fmt: skip
        won = h.money(res.get("WIN") or "0")
        if won > 0:
            half = _HALVES.get(res.get("WINTYPE", ""))
            if "STR_BY_DEFAULT" in words:  # nobody else left: the whole pot, no half
                half = None
            elif res.get("WINTYPE") == "WINTYPE_HILO":
                h.both.add(who)  # high and low together: told apart by _both_halves
            pays.append((who, won, half if hi_lo else None, line))
    return pays


FORMAT = k.xml_format(
    "boss", "Boss Media", "Omaha, Omaha Hi-Lo (pot limit, no limit, limit), cash; XML",
    _RECOGNISE, ("<HISTORY",), "HISTORY", (),
    k.xml_reader("boss", "HISTORY", _ID, 'a Boss <HISTORY ID="..."> element', "hand", _read,
               head=300, hand=_Hand),
)  # fmt: skip
