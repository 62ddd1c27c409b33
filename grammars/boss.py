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
* A seat with an empty ``NAME`` (``STATE_RESERVED``) is an empty seat, not a player;
  ``STATE_SITOUT`` (and a player dealt no cards) is sitting out.
* Blinds: ``KIND`` HAND_SB, HAND_BB; HAND_DSB is a dead small blind (with the same
  player's HAND_BB it is recorded as one "small & big blinds" post: the big blind live,
  the small dead); a second HAND_SB is dead too; HAND_ANTE an ante.
* ``RAISE`` and ``ALLIN`` values are street totals ("raise to"; an all-in to no more
  than the bet is a call), ``BET`` the bet; ``CALL`` is the street total when it equals
  the bet to call and the chips added when it is less (the client changed: 2009-2012
  files write totals, 2017 ones increments; the value tells them apart).
* ``SHOWDOWN`` ``RAKE`` is the hand's rake and ``POT`` the pot after it; each
  ``RESULT``'s ``WIN`` is what that player was paid (``WINTYPE_HI``/``_LO`` the half).
  The uncalled part of a bet is in no ``WIN`` and has no line: it is inferred.
  A ``RESULT`` does not say from which pot: with side pots each win is split over the
  pots the player could win, built by the rules (:mod:`hhtools.grammars._pots`).
  ``MAINPOT``/``LEFTPOT``/``RIGHTPOT`` are not read (no sample shows a side pot's).
* ``DATE`` is a Unix time (UTC); the button is ``DEALER="Y"`` (older files have none:
  the seat before the small blind is inferred).
* Cards: ``LINK`` 0-51, rank ``n % 13`` from the ace, suits diamonds, clubs, hearts,
  spades by thirteens; "b" is a card not shown.

Files are split by :func:`hhtools.grammars._xml.split_elements` and each history is
read with lxml.
"""

from __future__ import annotations

import re
from datetime import UTC, datetime

from lxml import etree

from hhtools.grammars._betting import _State
from hhtools.grammars._pots import clockwise, pots_of, split_rake, split_win
from hhtools.grammars._xml import MARK, open_hand, read_guarded, split_elements
from hhtools.grammars.base import ParsedHand, SiteFormat
from hhtools.model.money import Unit
from hhtools.model.records import (
    ActionKind,
    BettingStructure,
    ClaimedHigh,
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
from hhtools.model.vocab import CollectOrder, Half, HandCategory, ProblemCode

__all__ = ["FORMAT", "card"]

_RECOGNISE = re.compile(r"<HISTORY\s+ID=\"\d+\"")
_ID = re.compile(r"<HISTORY\s+ID=\"([^\"]*)\"")
_GAMES = {"GAME_OMA": False, "GAME_OMATU": False, "GAME_OMAHL": True}
_LIMITS = {"NL": BettingStructure.NO_LIMIT, "PL": BettingStructure.POT_LIMIT,
           "FL": BettingStructure.LIMIT}  # fmt: skip
_BOARD = {"BOARD_FLOP": Street.FLOP, "BOARD_TURN": Street.TURN, "BOARD_RIVER": Street.RIVER}
_RANKS = "A23456789TJQK"
_SUITS = "dchs"
_CARD_WORDS = {"ACE": 14, "KING": 13, "QUEEN": 12, "JACK": 11, "TEN": 10, "NINE": 9,
               "EIGHT": 8, "SEVEN": 7, "SIX": 6, "FIVE": 5, "FOUR": 4, "THREE": 3, "TWO": 2}  # fmt: skip


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


def _claim(words: str) -> ClaimedHigh | None:
    """The flush claims Boss words plainly ("$(STR_G_WIN_FLUSH) $(STR_G_CARD_KING)",
    "$(STR_G_WIN_ACEHIGHFLUSH)"); ``None`` for the rest (no ranks are named)."""
    if "STR_G_WIN_ACEHIGHFLUSH" in words:
        return ClaimedHigh(HandCategory.FLUSH, (14,))
    m = re.search(r"STR_G_WIN_FLUSH\)\s*\$\(STR_G_CARD_(\w+)\)", words)
    if m and m.group(1) in _CARD_WORDS:
        return ClaimedHigh(HandCategory.FLUSH, (_CARD_WORDS[m.group(1)],))
    return None


def _recognise(head: str) -> bool:
    """A Boss file: ``<HISTORY ID="N"``."""
    return "<HISTORY" in head and _RECOGNISE.search(head) is not None


def _split(fh, file: str):  # type: ignore[no-untyped-def]
    """One hand text per ``<HISTORY>`` element (see :func:`hhtools.grammars._xml.split_elements`)."""
    return split_elements(fh, file, "HISTORY")


def _parse(ht: HandText) -> ParsedHand:
    """Read one ``<HISTORY>`` into a record (never raises for bad input)."""
    m = _ID.search(ht.text, 0, 300)
    hand_id = m.group(1) if m else None
    return read_guarded(ht, hand_id, _read)


def _read(ht: HandText, hand_id: str | None) -> ParsedHand:  # noqa: PLR0912, PLR0915
    h = _State(ht.file, ht.line)
    h.hand_id = hand_id
    root, stop, failed = open_hand(ht, h, "HISTORY", 'a Boss <HISTORY ID="..."> element', "hand")
    if root is None:
        return failed  # type: ignore[return-value]
    game = root.get("GAME", "")
    if game not in _GAMES:
        if "OMA" in game:
            return stop(ProblemCode.UNKNOWN_GAME, f"unknown Omaha game: {game!r}")
        return stop(ProblemCode.SKIPPED_GAME,
                    f"not an Omaha game: {game}", skipped=game or "unknown")  # fmt: skip
    structure = _LIMITS.get(root.get("LIMIT", ""))
    if structure is None:
        return stop(ProblemCode.UNKNOWN_GAME, f"betting structure not read: {root.get('LIMIT')!r}")
    tourney = root.get("GAMEKIND") == "GAMEKIND_TOURNAMENT"
    real = root.get("GAMETYPE", "GAMETYPE_REAL") == "GAMETYPE_REAL"
    h.unit = Unit.CENTS if real and not tourney else Unit.CHIPS
    currency = "CHIPS" if tourney else (root.get("TABLECURRENCY") or "" if real else "PLAY")
    stakes = (root.get("STAKES") or "").split("/")
    stake = (h.money(stakes[0]), h.money(stakes[1])) if len(stakes) == 2 else None
    stamp = root.get("DATE", "")
    utc = datetime.fromtimestamp(int(stamp), UTC) if stamp.isdigit() else None

    dealt = {a.get("PLAYER", "") for a in root.iterfind("ACTION[@TYPE='HAND_DEAL']")}
    seats: list[Seat] = []
    button = None
    for el in root.iterfind("PLAYER"):
        name = el.get("NAME", "")
        if not name:  # an empty (reserved) seat
            continue
        seat = h.seat_number(el.get("SEAT", ""))
        h.stacks[name] = h.money(el.get("AMOUNT") or "0")
        out = el.get("STATE") == "STATE_SITOUT" or (bool(dealt) and name not in dealt)
        seats.append(Seat(seat, name, h.stacks[name], out, line=ht.line + el.sourceline - 1))
        if el.get("DEALER") == "Y":
            button = seat
    if not seats:
        return stop(ProblemCode.NO_SEATS, "no <PLAYER> in this hand")

    hero = None
    hole: dict[str, tuple[str, ...]] = {}
    board: tuple[str, ...] = ()
    dead: dict[str, int] = {}  # dead small blinds waiting for the player's big blind
    sb_seen = False
    for act in root.iterfind("ACTION"):
        line = ht.line + act.sourceline - 1
        kind = act.get("TYPE", "")
        who = act.get("PLAYER", "")
        if kind == "HAND_BOARD":
            street = _BOARD.get(act.get("VALUE", ""))
            cards = tuple(c for c in (card(c.get("LINK", "b")) for c in act.iterfind("CARD")) if c)
            if street is not None and street is not h.street:
                _flush_dead(h, dead, line)
                h.new_street(street)
            board = cards if len(cards) > len(board) else board
            continue
        if who not in h.stacks:
            h.problem(line, ProblemCode.UNKNOWN_PLAYER, f"{kind} by {who!r}: no such player")
            continue
        if kind == "HAND_DEAL":
            cards = tuple(c for c in (card(c.get("LINK", "b")) for c in act.iterfind("CARD")) if c)
            if cards:
                hero, hole[who] = who, cards
            continue
        value = h.money(act.get("VALUE") or "0")
        if kind == "HAND_BLINDS":
            blind = act.get("KIND", "")
            if blind == "HAND_DSB" or (blind == "HAND_SB" and sb_seen):
                dead[who] = dead.get(who, 0) + value
            elif blind == "HAND_SB":
                sb_seen = True
                h.post(who, PostKind.SMALL_BLIND, value, line)
            elif blind == "HAND_BB" and who in dead:
                d = dead.pop(who)
                h.post(who, PostKind.DEAD_SMALL_AND_BIG, d + value, line)
                h.bets[who] -= d
                h.highest = max(h.bets.values())
            elif blind == "HAND_BB":
                h.post(who, PostKind.BIG_BLIND, value, line)
            elif "ANTE" in blind:
                h.post(who, PostKind.ANTE, value, line)
            else:
                h.problem(line, ProblemCode.UNRECOGNISED_LINE, f"blind kind {blind!r} not known")
            continue
        _flush_dead(h, dead, line)
        if kind == "ACTION_FOLD":
            h.fold(who, line)
        elif kind == "ACTION_CHECK":
            h.check(who, line)
        elif kind == "ACTION_CALL":
            have = h.bets.get(who, 0)
            h.call(who, value - have if value >= h.highest else value, line)
        elif kind == "ACTION_BET":
            h.bet(who, value, line)
        elif kind == "ACTION_RAISE":
            h.raise_to(who, value, line)
        elif kind == "ACTION_ALLIN":
            if h.highest == 0:
                h.bet(who, value, line, True)
            else:
                h.raise_to(who, value, line, True)
        else:
            h.problem(line, ProblemCode.UNRECOGNISED_LINE, f"action type {kind!r} not known")
    showdown = root.find("SHOWDOWN")
    if showdown is None:
        return stop(ProblemCode.TRUNCATED_HAND, "this hand has no <SHOWDOWN> (its result)")
    return _finish(ht, h, root, showdown, dict(
        hi_lo=_GAMES[game], structure=structure, stake=stake, currency=currency, utc=utc,
        seats=seats, button=button, hero=hero, hole=hole, board=board, tourney=tourney))  # fmt: skip


def _flush_dead(h: _State, dead: dict[str, int], line: int) -> None:
    """Dead small blinds with no big blind after them: dead money (an ante's kind)."""
    for who, amount in dead.items():
        h.post(who, PostKind.ANTE, amount, line)
    dead.clear()


def _collects(
    h: _State,
    pays: list[tuple[str, int, Half | None, int]],
    returned: list[Returned],
    rake: int,
    seats: list[Seat],
    button: int | None,
) -> list[Collect]:
    """One collect per player and pot: Boss names what each player won (a ``RESULT``,
    per half in hi/lo) but not from which pot, so with side pots each win is split over
    the pots the player could win (:mod:`hhtools.grammars._pots`).

    The pots are built by the rules from what each player put in (dead small blinds in
    the main pot) and the hand's rake is taken from them in proportion to their size.
    In hi/lo, high wins are split over the pots' high halves (the odd unit high) and low
    wins over their low halves; when that cannot place every win (a pot whose players
    had no low goes wholly high), each player's total is split instead, with no half.
    """
    one = [Collect(who, w, pot=0, line=line, half=half) for who, w, half, line in pays]
    net_in = dict(h.put)
    for r in returned:
        net_in[r.player] = net_in.get(r.player, 0) - r.amount
    folded = {a.player for a in h.actions if a.kind is ActionKind.FOLD}
    live = {p for p, x in net_in.items() if x > 0 and p not in folded}
    bb = h.bb or 0
    dead: dict[str, int] = {}
    for a in h.actions:
        if a.post is PostKind.DEAD_SMALL_AND_BIG and a.amount > bb:
            dead[a.player] = dead.get(a.player, 0) + a.amount - bb
    pots = pots_of(net_in, live, clockwise(seats, button), dead)
    if len(pots) <= 1 or not pays:
        return one
    nets = split_rake([amount for amount, _ in pots], rake)
    line_of: dict[tuple[str, Half | None], int] = {}
    for who, _, half, line in pays:
        line_of.setdefault((who, half), line)

    def owed(halves: tuple[Half | None, ...]) -> dict[str, int]:
        out: dict[str, int] = {}
        for who, w, half, _ in pays:
            if half in halves:
                out[who] = out.get(who, 0) + w
        return out

    def placed(wins: dict[str, int], shares: list[dict[str, int]]) -> bool:
        got: dict[str, int] = {}
        for share in shares:
            for who, w in share.items():
                got[who] = got.get(who, 0) + w
        return got == {p: w for p, w in wins.items() if w > 0}

    halves = {half for _, _, half, _ in pays}
    if halves == {Half.HIGH, Half.LOW}:
        hi, lo = owed((Half.HIGH,)), owed((Half.LOW,))
        hi_shares = split_win(hi, [(n - n // 2, e) for n, (_, e) in zip(nets, pots, strict=True)])
        lo_shares = split_win(lo, [(n // 2, e) for n, (_, e) in zip(nets, pots, strict=True)])
        if placed(hi, hi_shares) and placed(lo, lo_shares):
            out = []
            for i, (hs, ls) in enumerate(zip(hi_shares, lo_shares, strict=True)):
                out += [Collect(p, w, pot=i, line=line_of[(p, Half.HIGH)], half=Half.HIGH)
                        for p, w in hs.items()]  # fmt: skip
                out += [Collect(p, w, pot=i, line=line_of[(p, Half.LOW)], half=Half.LOW)
                        for p, w in ls.items()]  # fmt: skip
            return out
    totals = owed((Half.HIGH, Half.LOW, None))
    shares = split_win(totals, [(n, e) for n, (_, e) in zip(nets, pots, strict=True)])
    if not placed(totals, shares):  # wins the pots cannot hold: leave them as the site wrote
        return one
    first = {who: line for who, _, _, line in reversed(pays)}
    return [Collect(p, w, pot=i, line=first[p]) for i, share in enumerate(shares)
            for p, w in share.items()]  # fmt: skip


def _finish(ht: HandText, h: _State, root: etree._Element, sd: etree._Element, v: dict) -> ParsedHand:  # type: ignore[type-arg]
    hand_id = h.hand_id or ""
    inferred: list[str] = []
    live_in = {p: x - sum(a.amount for a in h.actions if a.player == p and a.post is PostKind.ANTE)
               - sum(a.amount - (h.bb or 0) for a in h.actions
                     if a.player == p and a.post is PostKind.DEAD_SMALL_AND_BIG)
               for p, x in h.put.items()}  # fmt: skip
    ranked = sorted(live_in.values(), reverse=True)
    returned: list[Returned] = []
    if ranked and ranked[0] > (ranked[1] if len(ranked) > 1 else 0):
        top = next(p for p, x in live_in.items() if x == ranked[0])
        excess = ranked[0] - (ranked[1] if len(ranked) > 1 else 0)
        returned.append(Returned(top, excess, h.actions[-1].line if h.actions else ht.line,
                                 inferred=True))  # fmt: skip
        inferred.append("returned")
    total = sum(h.put.values()) - sum(r.amount for r in returned)
    rake = 0 if v["tourney"] else h.money(sd.get("RAKE") or "0")
    shows: list[Show] = []
    hole: dict[str, tuple[str, ...]] = v["hole"]
    pays: list[tuple[str, int, Half | None, int]] = []
    folded = {a.player for a in h.actions if a.kind.value == "fold"}
    for res in sd.iterfind("RESULT"):
        line = ht.line + res.sourceline - 1
        who = res.get("PLAYER", "")
        if who not in h.stacks:
            h.problem(line, ProblemCode.UNKNOWN_PLAYER, f"result of {who!r}: no such player")
            continue
        cards = tuple(c for c in (card(c.get("LINK", "b")) for c in res.iterfind("CARD")) if c)
        if cards:
            hole[who] = cards
        words = res.get("HAND", "")
        if cards and who not in folded and "STR_BY_DEFAULT" not in words:
            shows.append(Show(who, cards, words or None, line=line, claimed_high=_claim(words)))
        won = h.money(res.get("WIN") or "0")
        if won > 0:
            half = {"WINTYPE_HI": Half.HIGH, "WINTYPE_LO": Half.LOW}.get(res.get("WINTYPE", ""))
            if "STR_BY_DEFAULT" in words:  # nobody else left: the whole pot, no half
                half = None
            pays.append((who, won, half if v["hi_lo"] else None, line))
    paid = sum(w for _, w, _, _ in pays)
    if paid + rake != total:
        h.problem(ht.line, ProblemCode.BAD_AMOUNT,
                  f"the wins and rake ({paid} + {rake}) are not the pot put in ({total})")  # fmt: skip
    seen: set[str] = set(v["board"])
    for who, cards in hole.items():
        if seen & set(cards) or len(set(cards)) != len(cards):
            h.problem(ht.line, ProblemCode.IMPOSSIBLE_CARDS,
                      f"{who}'s cards repeat a card already dealt")  # fmt: skip
            return ParsedHand(None, tuple(h.problems), None, hand_id)
        seen.update(cards)
    button = v["button"]
    if button is None:
        sb = next((a.player for a in h.actions if a.post is PostKind.SMALL_BLIND), None)
        seat_of = {s.player: s.seat for s in v["seats"]}
        if sb is not None:
            before = [s.seat for s in v["seats"] if s.seat < seat_of[sb]]
            button = max(before) if before else max(s.seat for s in v["seats"])
            inferred.append("button")
    collects = _collects(h, pays, returned, rake, v["seats"], button)
    holes = max((len(c) for c in hole.values()), default=4)
    variant = {5: Variant.OMAHA5, 6: Variant.OMAHA6}.get(holes, Variant.OMAHA)
    stake = v["stake"]
    sb = h.sb if h.sb is not None else (stake[0] if stake else 0)
    bb = h.bb if h.bb is not None else (stake[1] if stake else 0)
    small_bet = big_bet = None
    if v["structure"] is BettingStructure.LIMIT and stake:
        small_bet, big_bet = stake
    utc = v["utc"]
    record = HandHistory(
        site="boss",
        hand_id=hand_id,
        table=root.get("TABLE", ""),
        started_at=utc.replace(tzinfo=None) if utc else None,
        time_zone="UTC" if utc else None,
        started_at_utc=utc,
        game=Game(variant, v["hi_lo"], v["structure"], sb, bb, v["currency"],
                  tournament_id=(root.get("TABLETOURNEYID") or root.get("SESSION")) if v["tourney"] else None,
                  small_bet=small_bet, big_bet=big_bet),  # fmt: skip
        button=button,
        max_seats=None,
        seats=tuple(v["seats"]),
        actions=tuple(h.actions),
        boards=(v["board"],) if v["board"] else (),
        hero=v["hero"],
        hole_cards=hole,
        shows=tuple(shows),
        collects=tuple(collects),
        returned=tuple(returned),
        total_pot=total,
        total_pot_line=ht.line + sd.sourceline - 1,
        rake=rake,
        file=ht.file,
        line=ht.line,
        offset=ht.offset,
        text=ht.text.partition(MARK)[0],
        site_format="boss",
        collect_order=CollectOrder.UNORDERED,
        inferred=tuple(sorted(set(inferred))),
    )
    return ParsedHand(record, tuple(h.problems), hand_id=hand_id)


FORMAT = SiteFormat(
    key="boss",
    name="Boss Media",
    games="Omaha, Omaha Hi-Lo (pot limit, no limit, limit), cash; XML",
    recognise=_recognise,
    split=_split,
    parse=_parse,
    rooms=("boss",),
)
