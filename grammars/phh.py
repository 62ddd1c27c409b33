"""PHH, the Poker Hand History format of the pokerkit project: TOML, one hand per
``.phh`` file, or many in a ``.phhs`` file, each under its own table header.

PHH (https://github.com/uoftcprg/phh-std) writes a hand as the fields pokerkit replays
it from; ``hhtools export --format phh`` writes it so (:mod:`hhtools.reports.phh`)::

    [1]
    variant = "PO"                          # pot-limit Omaha; "FO/8": fixed-limit hi/lo
    antes = [0, 0, 0]                       # dead money per player
    blinds_or_straddles = [0.25, -0.50, 0]  # live posts (a sign only orders them)
    min_bet = 0.50                          # PO; FO/8 writes small_bet and big_bet
    starting_stacks = [50, 100, 80]
    actions = [
      "d dh p1 AhKh2c3d",                   # hole cards ("????????" when not known)
      "d dh p2 ????????",
      "d dh p3 ????????",
      "p3 cbr 1.50",                        # a bet or raise TO a street total
      "p1 cc",                              # a check or a call
      "p2 f",
      "d db Th9h2c",                        # the flop; then the turn and river
      "p1 sm AhKh2c3d",                     # shows; "p3 sm" alone: mucks
    ]
    players = ["Ann", "Bob", "Cat"]         # optional, as are all below
    seats = [1, 3, 5]
    seat_count = 6
    hand = "1001"
    table = "Example"
    currency = "USD"
    time = 19:00:00
    day = 1
    month = 3
    year = 2024
    winnings = [3.40, 0, 0]                 # what each collected (after rake)
    finishing_stacks = [51.90, 99.50, 78.50]

What is read, and how:

* Games: pokerkit 0.7's two Omaha codes, ``PO`` (pot-limit Omaha, high) and ``FO/8``
  (fixed-limit Omaha hi/lo, eight or better); its other codes (hold'em, stud, razz,
  draw, badugi) are skipped as other games.
* The players are in PHH order: from the first seat left of the button, the button
  last; heads-up the two forced-bet arrays are written the other way round (pokerkit
  reads them so) and are read back. ``seats`` gives their seats (else 1, 2...), the
  button is the last player's. ``antes`` are dead money (posted as antes: a dead
  small blind posted with a big blind is among them); ``blinds_or_straddles`` the
  live posts: in order, the first a small blind when another as big or bigger follows,
  one of the big blind's size (``min_bet``; FO/8's small bet) a big blind, a bigger
  one a straddle.
* Actions: ``pN f``; ``pN cc`` a check, or a call of what is due (all in when short);
  ``pN cbr X`` a bet, or a raise to a street total of X; ``d db`` the next street's
  cards; ``d dh`` and ``pN sm`` cards dealt and shown (``?`` not known), ``pN sm``
  alone a muck. A comment (``# ...``) is passed over.
* No uncalled bet returned is written (pokerkit gives it back): it is worked out from
  the betting ("returned" inferred).
* Payouts: ``winnings`` is what each player was paid (no pot named: the audit gives it
  to the pots); with none, what ``finishing_stacks`` less the stack left says
  ("collects" inferred). Both written, they must agree: a player they contradict is a
  ``bad_amount`` problem on ``finishing_stacks`` (the hand read in part). Neither
  written: the payouts are not read (a ``bad_amount`` problem; the audit silent on
  money). The rake is the user field ``_rake`` hhtools writes, else what went in
  less what was paid ("rake" inferred); ``_pot_rakes`` (each pot before rake and
  what was taken from it) are the pots after rake.
* The site is the user field ``_site`` (hhtools's export), else ``phh``; the hand id
  ``hand``, else the table's name (``[1]``) after the file's name.
* ``time`` with ``day``, ``month``, ``year``: the start on the clock of ``time_zone``
  (or hhtools's ``time_zone_abbreviation``); ``currency``: amounts in cents (else
  chips).

Amounts are integer minor units: cents for a real currency, chips otherwise.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterator
from datetime import date, datetime, time
from decimal import Decimal
from pathlib import PurePath
from typing import Any, BinaryIO

from hhtools.grammars._clock import utc
from hhtools.grammars._text import iter_lines
from hhtools.grammars._xml import Stop, XmlHand, game_not_read, read_guarded
from hhtools.grammars.base import ParsedHand, SiteFormat
from hhtools.model.habits import Habits
from hhtools.model.money import Unit
from hhtools.model.records import BettingStructure, Collect, Game, HandText, PostKind, Problem
from hhtools.model.records import Returned, Show, Street, Variant
from hhtools.model.vocab import PotPartsBasis, ProblemCode

__all__ = ["FORMAT", "split_phh"]

SITE = "phh"
#: pokerkit 0.7's Omaha codes: (hi/lo, structure)
_GAMES = {"PO": (False, BettingStructure.POT_LIMIT), "FO/8": (True, BettingStructure.LIMIT)}
#: pokerkit's codes of other games (skipped)
_OTHER = frozenset({"FT", "NT", "NS", "F7S", "F7S/8", "FR", "N2L1D", "F2L3D", "FB"})
_STREETS = (Street.FLOP, Street.TURN, Street.RIVER)
#: a table header ``[name]`` / ``["name"]`` (not an array of tables)
_HEADER = re.compile(r"\s*\[(?!\[)\s*(\"(?:[^\"\\]|\\.)*\"|'[^']*'|[A-Za-z0-9_.-]+)\s*\]\s*(?:#.*)?$")
#: a ``key = value`` line's key
_KEY = re.compile(r"\s*([A-Za-z0-9_-]+|\"[^\"]*\")\s*=")
#: a TOML string, a bracket, or a comment (to follow an array over lines)
_TOKEN = re.compile(r"\"(?:[^\"\\\n]|\\.)*\"|'[^'\n]*'|[\[\]]|#")
#: a card as PHH writes it, "?" for one not known ("Ah", "??")
_CARD = re.compile(r"[2-9TJQKA?][cdhs?]")
#: a player by PHH index ("p1")
_PLAYER = re.compile(r"p([1-9][0-9]{0,2})")
#: what a hand id may not hold (a file's or a table's name made one)
_ID = re.compile(r"[^A-Za-z0-9_.:#-]+")
#: what a file looks like: a ``variant`` and one of the hand's other fields
_VARIANT = re.compile(r"^\s*variant\s*=\s*[\"']", re.MULTILINE)
_FIELDS = re.compile(r"^\s*(?:antes|blinds_or_straddles|starting_stacks|actions)\s*=", re.MULTILINE)


def split_phh(fh: BinaryIO, file: str) -> Iterator[HandText]:
    """The hands of a ``.phh`` or ``.phhs`` file, streamed by lines.

    A hand starts at a table header (``[1]``, ``["site-1"]``; one ends any array a
    damaged line left open), or, so that a damaged header never joins a hand to the
    one before, where a key the open hand already holds comes again, or where a line
    outside every array is none of a header, a ``key = value`` line, a comment or a
    blank (such text starts a hand text of its own, which the parser reports). Comments
    and blanks before the first hand are no hand.

    Yields:
        Each hand's text (header included), the file line and byte offset of its
        first line, and the encodings used.
    """
    buf: list[str] = []
    first = (0, 0)
    used: set[str] = set()
    keys: set[str] = set()
    depth = 0  # arrays open across lines
    for ln, enc in iter_lines(fh):
        text = ln.text
        bare = text.strip()
        content = bool(bare) and not bare.startswith("#")
        header = _HEADER.match(text) if content else None
        if header is not None:
            depth = 0
        if content and depth == 0:
            key = None if header is not None else _KEY.match(text)
            name = key.group(1).strip('"') if key is not None else ""
            if buf and (header is not None or key is None or name in keys):
                yield HandText("\n".join(buf).rstrip(), file, first[0], first[1],
                               "/".join(sorted(used)))  # fmt: skip
                buf = []
            if not buf:
                keys, first, used = set(), (ln.number, ln.offset), set()
            if header is None:
                keys.add(name)
        if buf or content:
            buf.append(text)
            used.add(enc)
        depth = max(depth + _depth(text), 0)
    if buf:
        yield HandText("\n".join(buf).rstrip(), file, first[0], first[1], "/".join(sorted(used)))


def _depth(text: str) -> int:
    """Brackets a line opens less those it closes, strings and comments apart."""
    n = 0
    for m in _TOKEN.finditer(text):
        tok = m.group()
        if tok == "#":
            break
        n += 1 if tok == "[" else -1 if tok == "]" else 0
    return n


def _field_lines(text: str, first: int) -> tuple[dict[str, int], list[int]]:
    """The file line of each top-level key of a hand text, and of each string of its
    ``actions`` array."""
    keys: dict[str, int] = {}
    acts: list[int] = []
    depth = 0
    in_actions = False
    for i, ln in enumerate(text.split("\n")):
        if depth == 0:
            key = _KEY.match(ln)
            if key is not None:
                name = key.group(1).strip('"')
                keys.setdefault(name, first + i)
                in_actions = name == "actions"
        for m in _TOKEN.finditer(ln):
            tok = m.group()
            if tok == "#":
                break
            if tok in "[]":
                depth += 1 if tok == "[" else -1
            elif in_actions and depth >= 1:
                acts.append(first + i)
        if depth <= 0:
            depth = 0
            in_actions = False
    return keys, acts


class _Hand(XmlHand):
    """A PHH hand being read: players by their PHH index ("p1"), lines by field."""

    def start(self) -> None:
        self.keys: dict[str, int] = {}  # field -> file line
        self.act_lines: list[int] = []  # the line of each action string
        self.order: list[str] = []  # players in PHH order
        self.dead_in: dict[str, int] = {}  # dead money each posted (antes)
        self.parts: tuple[int, ...] = ()  # the pots after rake (``_pot_rakes``)

    def line_of(self, key: str) -> int:
        """The file line of field ``key`` (the hand's first line when absent)."""
        return self.keys.get(key, self.ht.line)


def _load(ht: HandText) -> tuple[str | None, dict[str, Any] | None, Problem | None]:
    """The hand's table name and fields, or the problem of a text that is no TOML."""
    try:
        doc = tomllib.loads(ht.text, parse_float=Decimal)
    except tomllib.TOMLDecodeError as exc:
        at = re.search(r"line (\d+)", str(exc))
        line = ht.line + int(at.group(1)) - 1 if at else ht.line
        return None, None, Problem(ht.file, line, None, ProblemCode.BAD_HEADER,
                                   f"this PHH hand is not well-formed TOML: {exc}",
                                   ht.text.split("\n", 1)[0][:80])  # fmt: skip
    if "variant" in doc or len(doc) != 1:
        return None, doc, None
    ((name, body),) = doc.items()
    if not isinstance(body, dict):
        return None, doc, None
    return str(name), body, None


def _hand_id(ht: HandText, table: str | None, doc: dict[str, Any]) -> str | None:
    """``hand``, else the file's name and the table's (a dataset's ``[12]``)."""
    hand = doc.get("hand")
    if isinstance(hand, str | int) and not isinstance(hand, bool) and str(hand):
        return str(hand)
    if table is None:
        return _ID.sub("-", PurePath(ht.file).stem)[:48] or None
    return f"{_ID.sub('-', PurePath(ht.file).stem)[:40]}:{_ID.sub('-', table)[:20]}"


def _parse(ht: HandText) -> ParsedHand:
    table, doc, bad = _load(ht)
    if bad is not None or doc is None:
        return ParsedHand(None, (bad,) if bad is not None else (), None, None)
    hid = _hand_id(ht, table, doc)
    return read_guarded(ht, hid, lambda t, i: _run(t, i, doc))


def _run(ht: HandText, hid: str | None, doc: dict[str, Any]) -> ParsedHand:
    h = _Hand(ht, _site(doc), hid)
    h.keys, h.act_lines = _field_lines(ht.text, ht.line)

    def stop(code: ProblemCode, message: str, line: int = 0,
             skipped: str | None = None) -> ParsedHand:  # fmt: skip
        h.problem(line or ht.line, code, message, ht.text[:80])
        return ParsedHand(None, tuple(h.problems), skipped, h.hand_id)

    return _read(h, doc, stop)


def _site(doc: dict[str, Any]) -> str:
    site = doc.get("_site")
    return site.strip() if isinstance(site, str) and site.strip() else SITE


def _read(h: _Hand, doc: dict[str, Any], stop: Stop) -> ParsedHand:
    """One hand: the game, the players and their posts, the actions, the payouts."""
    code = str(doc.get("variant") or "")
    if code not in _GAMES:
        return game_not_read(stop, code, code not in _OTHER)
    hi_lo, structure = _GAMES[code]
    currency = doc.get("currency")
    currency = currency.strip() if isinstance(currency, str) and currency.strip() else "CHIPS"
    h.unit = Unit.CHIPS if currency == "CHIPS" else Unit.CENTS
    stacks = _amounts(h, doc, "starting_stacks")
    if not stacks:
        return stop(ProblemCode.NO_SEATS, "no starting_stacks: no player in this hand")
    n = len(stacks)
    names = doc.get("players")
    names = [str(x) for x in names] if isinstance(names, list) and len(names) == n else [
        f"p{i}" for i in range(1, n + 1)]  # fmt: skip
    seats = doc.get("seats")
    seats = [int(x) for x in seats] if isinstance(seats, list) and len(seats) == n else list(
        range(1, n + 1))  # fmt: skip
    if len(set(names)) != n or len(set(seats)) != n:
        return stop(ProblemCode.NO_SEATS, "players or seats named twice", h.line_of("players"))
    for i, (name, seat, stack) in enumerate(zip(names, seats, stacks, strict=True)):
        h.by_id[f"p{i + 1}"] = name
        h.seat(h.seat_number(str(seat)), name, stack, h.line_of("starting_stacks"))
    h.order = names
    h.button = seats[-1]
    count = doc.get("seat_count")
    h.max_seats = count if isinstance(count, int) and count > 0 else None
    h.table = str(doc.get("table") or "")
    _posts(h, doc, n)
    acts = doc.get("actions")
    if not isinstance(acts, list):
        return stop(ProblemCode.TRUNCATED_HAND, 'this hand has no "actions" list')
    for i, act in enumerate(acts):
        line = h.act_lines[i] if i < len(h.act_lines) else h.line_of("actions")
        _action(h, str(act), line)
    if h.dealt_twice():
        return ParsedHand(None, tuple(h.problems), None, h.hand_id)
    _payouts(h, doc, stacks)
    sb = next((a.amount for a in h.actions if a.post is PostKind.SMALL_BLIND), 0)
    bb = next((a.amount for a in h.actions if a.post is PostKind.BIG_BLIND), 0)
    small_bet = big_bet = None
    if structure is BettingStructure.LIMIT:
        small_bet, big_bet = (h.money(str(doc.get(k) or 0)) for k in ("small_bet", "big_bet"))
        bb = bb or small_bet
    else:  # the game's big blind is pokerkit's min_bet (the posts may differ)
        bb = h.money(str(doc.get("min_bet"))) if "min_bet" in doc else bb
    if not sb:  # no small blind posted: half the big blind (or the small bet)
        sb = bb // 2
        h.inferred.append("blinds")
    ante = max(h.dead_in.values(), default=0)
    when, zone = _start(doc)
    return h.record(
        Game(Variant.OMAHA, hi_lo, structure, sb, bb, currency, ante=ante,
             small_bet=small_bet, big_bet=big_bet),
        started_at=when, time_zone=zone, started_at_utc=utc(when, zone), pots_named=False,
        site_format=SITE, pot_parts=h.parts,
        pot_parts_basis=PotPartsBasis.NET if h.parts else None,
    )  # fmt: skip


def _amounts(h: _Hand, doc: dict[str, Any], key: str) -> list[int]:
    """A list of amounts (numbers) as minor units; ``[]`` when absent.

    Raises:
        ValueError: an entry that is no amount.
    """
    values = doc.get(key)
    if not isinstance(values, list):
        return []
    return [h.money(str(abs(v))) if isinstance(v, int | Decimal) and not isinstance(v, bool)
            else _no_amount(key, v) for v in values]  # fmt: skip


def _no_amount(key: str, value: Any) -> int:
    raise ValueError(f"{key}: not an amount: {str(value)[:20]!r}")


def _posts(h: _Hand, doc: dict[str, Any], n: int) -> None:
    """The antes (dead), then the live posts in order: the first a small blind when a
    post as big or bigger follows (alone, when smaller than the big blind), the big
    blind's size a big blind, a bigger one a straddle."""
    antes, blinds = _amounts(h, doc, "antes"), _amounts(h, doc, "blinds_or_straddles")
    if n == 2:  # heads-up: PHH writes the forced bets the other way round
        antes, blinds = antes[::-1], blinds[::-1]
    line = h.line_of("antes")
    for name, amount in zip(h.order, antes, strict=False):
        if amount:
            h.dead_in[name] = amount
            h.post(name, PostKind.ANTE, amount, line)
    posts = [(name, amount) for name, amount in zip(h.order, blinds, strict=False) if amount]
    if n == 2:
        posts.reverse()  # heads-up the button (the last player) posts the small blind
    big = doc.get("min_bet") if "min_bet" in doc else doc.get("small_bet")
    big_blind = h.money(str(big)) if isinstance(big, int | Decimal) else 0
    if not big_blind and posts:
        big_blind = posts[1][1] if len(posts) > 1 else posts[0][1]
    line = h.line_of("blinds_or_straddles")
    for i, (name, amount) in enumerate(posts):
        if i == 0 and (amount <= posts[1][1] if len(posts) > 1 else amount < big_blind):
            kind = PostKind.SMALL_BLIND
        elif amount > big_blind > 0:
            kind = PostKind.STRADDLE
        else:
            kind = PostKind.BIG_BLIND
        h.post(name, kind, amount, line)


def _action(h: _Hand, text: str, line: int) -> None:
    """One action string (a comment after ``#`` passed over)."""
    words = text.split("#", 1)[0].split()
    if not words:
        return
    if words[0] == "d" and len(words) >= 2:
        _dealer(h, words[1:], line, text)
        return
    m = _PLAYER.fullmatch(words[0])
    who = h.by_id.get(words[0]) if m else None
    if who is None:
        h.problem(line, ProblemCode.UNKNOWN_PLAYER if m else ProblemCode.UNRECOGNISED_LINE,
                  f"action not read: {text[:60]!r}")  # fmt: skip
        return
    verb = words[1] if len(words) > 1 else ""
    if verb == "f" and len(words) == 2:
        h.fold(who, line)
    elif verb == "cc" and len(words) == 2:
        due = h.highest - h.bets.get(who, 0)
        if due <= 0:
            h.check(who, line)
        else:
            h.call(who, min(due, max(h.left(who), 0)), line)
    elif verb == "cbr" and len(words) == 3:
        to = h.money(words[2])
        if h.highest > 0:
            h.raise_to(who, to, line)
        else:
            h.bet(who, to - h.bets.get(who, 0), line)
    elif verb == "sm" and len(words) <= 3:
        cards = _cards(words[2]) if len(words) == 3 else ()
        if cards:
            h.show(who, Show(who, cards, line=line))
    else:
        h.problem(line, ProblemCode.UNRECOGNISED_LINE, f"action not read: {text[:60]!r}")


def _dealer(h: _Hand, words: list[str], line: int, text: str) -> None:
    """``d dh pN CARDS`` (hole cards) and ``d db CARDS`` (the next street)."""
    if words[0] == "dh" and len(words) == 3 and words[1] in h.by_id:
        cards = _cards(words[2])
        if cards:
            h.hole[h.by_id[words[1]]] = cards
    elif words[0] == "db" and len(words) == 2:
        n = len(h.board)
        street = _STREETS[0] if n == 0 else _STREETS[1] if n == 3 else _STREETS[2]
        if n >= 5:
            h.problem(line, ProblemCode.BOARD_MISMATCH, "a sixth board card")
            return
        h.new_street(street)
        h.board.extend(_cards(words[1], unknown=True))
    else:
        h.problem(line, ProblemCode.UNRECOGNISED_LINE, f"dealing not read: {text[:60]!r}")


def _cards(text: str, unknown: bool = False) -> tuple[str, ...]:
    """Cards written together ("AhKh2c3d"); ``()`` when any is not known ("????"),
    unless ``unknown`` (a board: its unknown cards kept as they are not read).

    Raises:
        ValueError: not cards.
    """
    if len(text) % 2 or not all(_CARD.fullmatch(text[i : i + 2]) for i in range(0, len(text), 2)):
        raise ValueError(f"not cards: {text[:20]!r}")
    cards = tuple(text[i : i + 2] for i in range(0, len(text), 2))
    if any("?" in c for c in cards):
        if unknown:
            raise ValueError(f"board cards not known: {text[:20]!r}")
        return ()
    return cards


def _payouts(h: _Hand, doc: dict[str, Any], stacks: list[int]) -> None:
    """What went back and what each player was paid, checked against each other; the
    rake; the pots after rake (``_pot_rakes``).

    With ``winnings`` and ``finishing_stacks`` both written, what the player whose last
    bet nobody called got back is the finishing stack less the stack left after the
    betting and the winnings (pokerkit gives back the uncalled bet; a site may have
    given back otherwise); otherwise the uncalled part of the last bet ("returned"
    inferred either way). A player the two contradict (anything back for another
    player, back less than nothing or more than put in) is a ``bad_amount`` problem on
    ``finishing_stacks``."""
    wins = _amounts(h, doc, "winnings")
    finish = _amounts(h, doc, "finishing_stacks")
    n = len(h.order)
    spent = [stacks[i] - h.put.get(p, 0) for i, p in enumerate(h.order)]
    at_finish = h.line_of("finishing_stacks")
    if len(wins) == n and len(finish) == n:
        backs = [f - x - w for f, x, w in zip(finish, spent, wins, strict=True)]
        uncalled = h.uncalled()
        last = uncalled.player if uncalled is not None else None
        for p, r in zip(h.order, backs, strict=True):
            if r and (p != last or not 0 <= r <= h.put.get(p, 0)):
                h.problem(at_finish, ProblemCode.BAD_AMOUNT, f"{p}'s finishing stack is not "
                          f"the stack left plus the winnings ({r} apart)")  # fmt: skip
        h.returned = [Returned(p, r, at_finish, inferred=True) for p, r in
                      zip(h.order, backs, strict=True) if p == last and 0 < r <= h.put.get(p, 0)]  # fmt: skip
    else:
        back = h.uncalled()
        h.returned = [back] if back is not None else []
    line = h.line_of("winnings")
    if len(wins) != n and len(finish) == n:
        back_of = {r.player: r.amount for r in h.returned}
        wins = [f - x - back_of.get(p, 0) for f, x, p in zip(finish, spent, h.order, strict=True)]
        line = at_finish
        h.inferred.append("collects")
    if len(wins) != n:
        h.problem(h.ht.line, ProblemCode.BAD_AMOUNT,
                  "the payouts are not written (no winnings, no finishing_stacks)")
        return
    for p, w in zip(h.order, wins, strict=True):
        if w < 0:
            h.problem(line, ProblemCode.BAD_AMOUNT, f"{p} is paid less than nothing ({w})")
        elif w > 0:
            h.collects.append(Collect(p, w, pot=0, line=line))
    paid = sum(max(w, 0) for w in wins)
    h.total, h.total_line = h.in_pot(), line
    rake = doc.get("_rake")
    if isinstance(rake, int | Decimal) and not isinstance(rake, bool):
        h.rake = h.money(str(rake))
    else:
        h.rake = max(h.in_pot() - paid, 0)
        if h.rake:
            h.inferred.append("rake")
    h.parts = _parts(h, doc.get("_pot_rakes"), sum(r.amount for r in h.returned))


def _parts(h: _Hand, rows: Any, returned: int) -> tuple[int, ...]:
    """The pots after rake from ``_pot_rakes`` (``[[pot, taken], ...]``; a last
    ``[returned, 0]`` is the uncalled bet pokerkit keeps apart, not a pot)."""
    if not isinstance(rows, list) or not all(isinstance(r, list) and len(r) == 2 for r in rows):
        return ()
    pairs = [(h.money(str(a)), h.money(str(b))) for a, b in rows]
    if returned and pairs and pairs[-1] == (returned, 0):
        pairs.pop()
    return tuple(a - b for a, b in pairs)


def _start(doc: dict[str, Any]) -> tuple[datetime | None, str | None]:
    """The start on the file's clock and its zone, when ``time``, ``day``, ``month``
    and ``year`` are written."""
    t, day, month, year = (doc.get(k) for k in ("time", "day", "month", "year"))
    if not (isinstance(t, time) and isinstance(day, int) and isinstance(month, int)
            and isinstance(year, int)):  # fmt: skip
        return None, None
    try:
        when = datetime.combine(date(year, month, day), t.replace(tzinfo=None))
    except ValueError:
        return None, None
    zone = doc.get("time_zone") or doc.get("time_zone_abbreviation")
    return when, str(zone) if zone else None


def _recognise(head: str) -> bool:
    """A PHH file: a ``variant = "..."`` line and one of the hand's other fields."""
    return _VARIANT.search(head) is not None and _FIELDS.search(head) is not None


FORMAT = SiteFormat(
    key=SITE, name="PHH (pokerkit's Poker Hand History, TOML)",
    games="Omaha (pot limit, PO) and Omaha Hi-Lo (fixed limit, FO/8); .phh and .phhs",
    recognise=_recognise, split=split_phh, parse=_parse, rooms=(),
    habits=Habits(written_again=True),  # other rooms' hands: a stored one is no conflict
)  # fmt: skip
