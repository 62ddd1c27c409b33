"""What the XML site formats share: a file split into one element per hand, streamed
(:mod:`hhtools.grammars._xml_split`), and one hand's element read with lxml into the
kernel's hand (:class:`XmlHand`) and its record.

Each hand text is then read by lxml (:func:`parse_element`) with a parser that
resolves no entities and fetches nothing, after the HTML named references sites write
in names (``&pound;``) are made XML's (:func:`xml_text`); a hand that is not
well-formed XML raises ``lxml.etree.XMLSyntaxError``, which the grammar turns into a
problem.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator, Mapping
from html.entities import html5
from typing import Any, BinaryIO, TypeVar

from lxml import etree

from hhtools.grammars._betting import _OutOfRange, _State
from hhtools.grammars._hand import Hand, _seat
from hhtools.grammars._record import build_record
from hhtools.grammars._inferred import excess_returned
from hhtools.grammars._xml_split import MARK, opener, split_elements
from hhtools.grammars.base import ParsedHand, SiteFormat, internal_error
from hhtools.model.records import (
    ActionKind,
    BettingStructure,
    Collect,
    Game,
    HandText,
    PostKind,
    Problem,
    Returned,
)
from hhtools.model.vocab import CollectOrder, ProblemCode

__all__ = ["MARK", "XmlHand", "comma_cards", "context_attrs", "game_not_read", "open_hand", "parse_element",
           "raise_by_habit", "read_elements", "read_guarded", "split_elements", "verbs", "xml_format",
           "xml_reader", "xml_text",
           "VERBS"]  # fmt: skip


_PARSER = etree.XMLParser(
    resolve_entities=False, no_network=True, load_dtd=False, huge_tree=False, remove_comments=True,
    remove_blank_text=True,
)
#: An ``&`` that does not start one of XML's own references (the five named ones, a
#: decimal or a hexadecimal character reference), with the name after it when it has one.
_NOT_XML_REF = re.compile(r"&(?!(?:amp|lt|gt|quot|apos|#[0-9]+|#[xX][0-9a-fA-F]+);)"
                          r"(?:([A-Za-z][A-Za-z0-9]{0,31});)?")  # fmt: skip


def _reference(m: re.Match[str]) -> str:
    """One ``&`` :data:`_NOT_XML_REF` found: an HTML named character reference as XML
    character references of its characters, anything else as the text written."""
    name = m.group(1)
    chars = html5.get(name + ";") if name else None
    if chars is None:  # a bare "&", or a name HTML does not know: the text as written
        return "&amp;" + m.group(0)[1:]
    return "".join(f"&#{ord(c)};" for c in chars)


def xml_text(text: str) -> str:
    """``text`` with the references XML does not define made XML: an HTML named
    character reference (``&pound;``, ``&Ouml;``: sites write player names with them)
    becomes the character references of what it names, and an ``&`` that starts no
    reference is escaped, so that it is read as written. XML's own references
    (``&amp;``, ``&lt;``, ``&#163;``...) are left alone; no line is added or removed.

    >>> xml_text('<P NAME="&amp;&pound;&Ograve; A&B &#163; &foo;"/>')
    '<P NAME="&amp;&#163;&#210; A&amp;B &#163; &amp;foo;"/>'
    """
    if "&" not in text or _NOT_XML_REF.search(text) is None:
        return text
    return _NOT_XML_REF.sub(_reference, text)


def parse_element(text: str) -> etree._Element:
    """The hand element of a hand text (the part before :data:`MARK`), read by lxml
    (HTML named references read as the characters they name: :func:`xml_text`).

    ``sourceline`` of each element is its 1-based line within the hand text.

    Raises:
        lxml.etree.XMLSyntaxError: the element is not well-formed XML.
    """
    return _parse_body(text.partition(MARK)[0])


def _parse_body(body: str) -> etree._Element:
    """:func:`parse_element` of the hand element's text alone (no context)."""
    return etree.fromstring(xml_text(body).encode("utf-8"), _PARSER)


#: context elements read (their text: their attributes), kept for the next hands of a
#: file, which carry the same context; emptied when it holds :data:`_KEEP` of them
_CONTEXTS: dict[str, dict[str, str]] = {}
_OPENERS: dict[str, re.Pattern[str]] = {}
_KEEP = 4096


def context_attrs(text: str, name: str) -> dict[str, str]:
    """The attributes of the context element ``name`` of a hand text (empty when the
    file wrote none, or when it is not well-formed); a new dict each call."""
    tail = text.partition(MARK)[2]
    find = _OPENERS.get(name)
    if find is None:
        find = _OPENERS[name] = opener(name)
    m = find.search(tail)
    if m is None:
        return {}
    end = tail.find("/>", m.start())
    if end < 0:
        return {}
    element = tail[m.start() : end + 2]
    attrs = _CONTEXTS.get(element)
    if attrs is None:
        try:
            el = etree.fromstring(xml_text(element).encode("utf-8"), _PARSER)
        except etree.XMLSyntaxError:
            return {}
        if len(_CONTEXTS) >= _KEEP:
            _CONTEXTS.clear()
        attrs = _CONTEXTS[element] = dict(el.attrib)
    return dict(attrs)


Stop = Callable[..., ParsedHand]


def read_guarded(
    ht: HandText, hand_id: str | None, read: Callable[[HandText, str | None], ParsedHand]
) -> ParsedHand:
    """``read(ht, hand_id)``, never raising for bad input: an amount or a seat out of
    range is an ``out_of_range`` problem, one that cannot be read a ``bad_amount``, and
    anything else (a bug) an ``internal_error`` (:func:`hhtools.grammars.base.internal_error`),
    so one hand never stops a file."""

    def one(code: ProblemCode, message: str) -> ParsedHand:
        return ParsedHand(None, (Problem(ht.file, ht.line, hand_id, code, message),),
                          hand_id=hand_id)  # fmt: skip

    try:
        return read(ht, hand_id)
    except _OutOfRange as exc:
        return one(ProblemCode.OUT_OF_RANGE, str(exc))
    except ValueError as exc:  # an amount, a seat or a card that cannot be read
        return one(ProblemCode.BAD_AMOUNT, f"not read: {exc}")
    except Exception as exc:  # noqa: BLE001 - a bug must not stop the import
        return internal_error(ht.file, ht.line, hand_id, exc)


def open_hand(
    ht: HandText, h: _State, tag: str, what: str, noun: str
) -> tuple[etree._Element | None, Stop, ParsedHand | None]:
    """Open one hand's element: ``(element, stop, None)``, or ``(None, stop, result)``
    when the hand cannot be read (no id: ``bad_header``; cut before ``</tag>``:
    ``truncated_hand``; not well-formed: ``bad_header`` on the line lxml names).

    Args:
        ht: the hand text (the element, then the context after :data:`MARK`).
        h: the hand's state; its ``hand_id`` is the id read from the start tag.
        tag: the hand element's tag ("game", "HISTORY"...).
        what: the element as problems name it ('a Merge <game id="..."> element').
        noun: "game" or "hand", as the site calls one.

    ``stop(code, message, line=0, skipped=None)`` adds a problem on ``line`` (the
    hand's first line when 0) and gives the :class:`ParsedHand` without a record.
    """
    body = ht.text.partition(MARK)[0]

    def stop(
        code: ProblemCode, message: str, line: int = 0, skipped: str | None = None
    ) -> ParsedHand:
        h.problem(line or ht.line, code, message, body[:80])
        return ParsedHand(None, tuple(h.problems), skipped, h.hand_id)

    if h.hand_id is None:
        return None, stop, stop(ProblemCode.BAD_HEADER, f"not {what}")
    if not body.rstrip().endswith(f"</{tag}>"):
        # on the hand's first line: what follows a cut hand (framing text, the next
        # file's context) is not the hand's, so its last line says nothing
        return None, stop, stop(ProblemCode.TRUNCATED_HAND, f"this {noun} is cut short "
                                f"before its </{tag}> tag (the file ends or another starts)")
    try:
        return _parse_body(body), stop, None
    except etree.XMLSyntaxError as exc:
        return None, stop, stop(ProblemCode.BAD_HEADER,
                                f"this {noun} is not well-formed XML: {exc}",
                                ht.line + (exc.lineno or 1) - 1)  # fmt: skip


H = TypeVar("H", bound="XmlHand")


class XmlHand(Hand):
    """A hand of an XML format being read: the kernel's :class:`Hand` plus what the
    XML formats share: the hand text, players named by an attribute (a seat index, a
    position), the line of an element, and the end of a hand (returns, cards dealt
    twice, the button and blinds the site did not write, the record).

    Amounts are minor units (cents, or chips in tournaments).
    """

    def __init__(self, ht: HandText, site: str, hand_id: str | None) -> None:
        super().__init__(ht.file, ht.line)
        self.ht = ht
        self.site = site
        self.hand_id = hand_id
        self.by_id: dict[str, str] = {}  # players by the attribute elements name them by
        self.stake: tuple[int, int] | None = None  # the two amounts the header names
        self.totals = False  # the site's call and raise amounts are street totals
        self.start()

    def start(self) -> None:
        """Set up what a site's hand keeps of its own, once the kernel's state is set
        (called last by the constructor; the kernel's hand keeps nothing more). A site's
        subclass overrides it rather than the constructor, whose arguments are the
        kernel's."""

    def seat(
        self, seat: int, player: str, stack: int, line: int, out: bool = False,
        bounty: str | None = None,
    ) -> None:  # fmt: skip
        """A seat element: ``player`` sits at ``seat`` with ``stack`` (minor units). An
        XML format names its players by attribute, never inside a line of text, so the
        names are not kept longest first (:meth:`Hand.name` is not used)."""
        self.seats.append(_seat(seat, player, stack, out, bounty, line))
        self.stacks[player] = stack

    def at(self, el: etree._Element) -> int:
        """The file line of an element of the hand."""
        return self.ht.line + int(el.sourceline) - 1

    def who(self, key: str, line: int, message: str, *args: object) -> str | None:
        """The player seated under ``key`` (:attr:`by_id`); else ``None`` and an
        ``unknown_player`` problem on ``line``: ``message`` formatted with ``args``
        (only then: this runs once per element)."""
        who = self.by_id.get(key)
        if who is None:
            self.problem(line, ProblemCode.UNKNOWN_PLAYER, message.format(*args))
        return who

    def act(
        self, verbs: dict[str, Verb], word: str, who: str, amount: int, line: int, what: str
    ) -> None:
        """One betting action by its site word (``verbs``: :func:`verbs`); a word not
        there is an ``unrecognised_line`` problem ("{what} 'WORD' not known")."""
        verb = verbs.get(word)
        if verb is None:
            self.problem(line, ProblemCode.UNRECOGNISED_LINE, f"{what} {word!r} not known")
        else:
            verb(self, who, amount, line)

    def no_chips(self, el: etree._Element, keys: tuple[str, ...], line: int, what: str) -> None:
        """An element a format reads as moving no chips (a chat, a disconnection, a
        show whose cards come in their own element): when it holds an amount other
        than zero under one of ``keys`` (attribute names), it is not what it seems:
        an ``unrecognised_line`` problem on ``line`` ("{what} with an amount"), so the
        hand is read in part, never as if the chips were not there.

        Args:
            el: the element read as moving no chips.
            keys: the attribute names the format writes an amount under.
            line: the element's file line.
            what: the element named in the problem's message.
        """
        for key in keys:
            if (el.get(key) or "").strip(" 0.,$€£"):
                self.problem(line, ProblemCode.UNRECOGNISED_LINE,
                             f"{what} with an amount: {key}={el.get(key)!r}")  # fmt: skip
                return

    def in_pot(self) -> int:
        """Chips left in the middle: all put in less the returns (minor units)."""
        return sum(self.put.values()) - sum(r.amount for r in self.returned)

    def infer_return(self, dead: dict[str, int] | None = None) -> Returned | None:
        """The uncalled excess when the text returned none (:func:`excess_returned`):
        what the player with the most live chips in put in over the next one, on the
        hand's last action line; added to :attr:`returned` ("returned" inferred).

        Args:
            dead: chips each player put in that are never returned (antes, a dead
                small blind), left out of the comparison.
        """
        if self.returned:
            return None
        live = {p: x - (dead or {}).get(p, 0) for p, x in self.put.items()}
        back = excess_returned(live, (), ())
        if back is None:
            return None
        # the same return on the hand's last action line (built whole: ``dataclasses.replace``
        # costs some 5 µs a hand)
        back = Returned(back.player, back.amount,
                        self.actions[-1].line if self.actions else self.ht.line, back.inferred)  # fmt: skip
        self.returned.append(back)
        self.inferred.append("returned")
        return back

    @staticmethod
    def take_back(wins: list[Collect], back: Returned | None) -> None:
        """Take a return off its player's wins, last pot first (sites whose win
        amounts include the uncalled part of the winner's bet)."""
        left = back.amount if back is not None else 0
        for i in range(len(wins) - 1, -1, -1):
            if left > 0 and wins[i].player == back.player:  # type: ignore[union-attr]
                c = wins[i]
                take = min(left, c.amount)
                wins[i] = Collect(c.player, c.amount - take, c.pot, c.board, c.line, c.half)
                left -= take

    def dealt_twice(self, board: bool = True, lines: dict[str, int] | None = None) -> bool:
        """``True`` (with an ``impossible_cards`` problem) when a card is dealt twice:
        on the board (``board``), or in a player's hole cards or the board and a
        player's cards; the problem is on the player's card line (``lines``), else
        the hand's first line."""
        seen: set[str] = set(self.board)
        if board and len(seen) != len(self.board):
            self.problem(self.ht.line, ProblemCode.IMPOSSIBLE_CARDS, "a board card is dealt twice")
            return True
        for who, cards in self.hole.items():
            if seen & set(cards) or len(set(cards)) != len(cards):
                self.problem((lines or {}).get(who, self.ht.line), ProblemCode.IMPOSSIBLE_CARDS,
                             f"{who}'s cards repeat a card already dealt")  # fmt: skip
                return True
            seen.update(cards)
        return False

    def button_from_blinds(self) -> None:
        """No button written: the seat before the small blind's ("button" inferred)."""
        sb = next((a.player for a in self.actions if a.post is PostKind.SMALL_BLIND), None)
        if self.button is not None or sb is None:
            return
        seat_of = {s.player: s.seat for s in self.seats}
        before = [s.seat for s in self.seats if s.seat < seat_of[sb]]
        self.button = max(before) if before else max(s.seat for s in self.seats)
        self.inferred.append("button")

    def blinds(
        self, structure: BettingStructure, stake: tuple[int, int] | None, *, limit: str = "bets",
        guess: bool = False, posted: tuple[int | None, int | None] | None = None,
    ) -> tuple[int, int, int | None, int | None]:  # fmt: skip
        """The game's blinds and limit bets: ``(small blind, big blind, small bet, big
        bet)``, minor units; the bets ``None`` outside limit games.

        Args:
            structure, stake: the game's betting structure and the two amounts its
                header names (``None`` when it names none).
            limit: what a limit game's stake is: ``"bets"`` (the small and big bets;
                blinds not posted are half the small bet and the small bet),
                ``"blinds"`` (the blinds; the bets are the big blind and twice it),
                ``"both"`` (the bets, and the blinds not posted).
            guess: a blind neither posted nor in the stake is guessed from the other
                ("blinds" inferred); else it is 0.
            posted: the blinds posted (default: the first small and big blind
                posted by a player not all in by it: a short all-in big blind, $0.30
                of a $0.50 game, is not the game's; with no stake, :attr:`bb`).
        """
        sb, bb = posted if posted is not None else self._live_blinds()
        small_bet = big_bet = None
        if structure is BettingStructure.LIMIT and stake:
            small_bet, big_bet = (stake[1], 2 * stake[1]) if limit == "blinds" else stake
            if limit == "bets":
                sb = sb if sb is not None else small_bet // 2
                bb = bb if bb is not None else small_bet
        if stake:
            sb = sb if sb is not None else stake[0]
            bb = bb if bb is not None else stake[1]
        if posted is None:  # no stake: a blind posted only all in is the one known
            sb, bb = (self.sb if sb is None else sb), (self.bb if bb is None else bb)
        if guess and (sb is None or bb is None):
            self.inferred.append("blinds")
            bb = bb if bb is not None else (2 * sb if sb else 0)
            sb = sb if sb is not None else bb // 2
        return sb or 0, bb or 0, small_bet, big_bet

    def _live_blinds(self) -> tuple[int | None, int | None]:
        """The first small and big blind posted by a player not all in by it."""
        live = [a for a in self.actions if a.kind is ActionKind.POST and not a.all_in]
        sb = next((a.amount for a in live if a.post is PostKind.SMALL_BLIND), None)
        return sb, next((a.amount for a in live if a.post is PostKind.BIG_BLIND), None)

    def dead_chips(self, bb: int | None, floor: bool = True) -> dict[str, int]:
        """Chips each player put in that are never returned: antes, and the dead part
        of a "small & big blinds" post (over ``bb``; not below 0 when ``floor``)."""
        dead: dict[str, int] = {}
        for a in self.actions:
            if a.post is PostKind.ANTE:
                dead[a.player] = dead.get(a.player, 0) + a.amount
            elif a.post is PostKind.DEAD_SMALL_AND_BIG and (bb or not floor):
                over = a.amount - (bb or 0)
                dead[a.player] = dead.get(a.player, 0) + (max(over, 0) if floor else over)
        return dead

    def folded_players(self) -> set[str]:
        """Players who folded."""
        return {a.player for a in self.actions if a.kind is ActionKind.FOLD}

    def record(self, game: Game, **fields: Any) -> ParsedHand:
        """The hand's record (:func:`build_record`) and its problems: the hand
        element's text (no context), collects unordered, ``inferred`` sorted."""
        values: dict[str, Any] = {"collect_order": CollectOrder.UNORDERED,
                                  "inferred": tuple(sorted(set(self.inferred))),
                                  "started_at_utc": None}  # fmt: skip
        values.update(fields)
        record = build_record(self, site=self.site, game=game, line=self.ht.line,
                              text=self.ht.text.partition(MARK)[0], offset=self.ht.offset,
                              **values)  # fmt: skip
        return ParsedHand(record, tuple(self.problems), hand_id=self.hand_id)


def game_not_read(stop: Stop, name: str, omaha: bool, skipped: str | None = None) -> ParsedHand:
    """A hand whose game is not read: an Omaha game the format does not know
    (``unknown_game``), or another game (``skipped_game``, noted as ``skipped``,
    by default the game's name or "unknown")."""
    if omaha:
        return stop(ProblemCode.UNKNOWN_GAME, f"unknown Omaha game: {name!r}")
    return stop(ProblemCode.SKIPPED_GAME, f"not an Omaha game: {name}",
                skipped=(name or "unknown") if skipped is None else skipped)  # fmt: skip


def read_elements(
    h: H, elements: Iterable[etree._Element], kind: str | None,
    handlers: Mapping[str, Callable[[H, etree._Element, int], None]], unknown: str = "",
    default: Callable[[H, etree._Element, int], None] | None = None,
) -> None:  # fmt: skip
    """Read a hand's elements in order, each by the handler of its kind (the XML
    formats' :func:`~hhtools.grammars._betting.read_body`).

    Args:
        h: the hand being read.
        elements: the elements (comments are passed over).
        kind: the attribute that names an element's kind ("TYPE"), or ``None``: its tag.
        handlers: ``handler(h, element, line)`` by kind.
        unknown: the ``unrecognised_line`` message of a kind no handler reads, with
            ``{}`` for the kind's ``repr``.
        default: the handler of the other kinds, when the format has one.
    """
    first = h.ht.line - 1  # the hand's first line, less one: an element's sourceline is 1-based
    for el in elements:
        tag = el.tag
        if tag.__class__ is not str:  # a comment or a processing instruction
            continue
        k = tag if kind is None else el.get(kind, "")
        handler = handlers.get(k, default)
        line = first + el.sourceline
        if handler is None:
            h.problem(line, ProblemCode.UNRECOGNISED_LINE, unknown.format(k))
        else:
            handler(h, el, line)


def xml_reader(
    site: str, tag: str, hand_id: re.Pattern[str], what: str, noun: str,
    read: Callable[[H, etree._Element, Stop], ParsedHand], head: int = 400,
    hand: type[H] = XmlHand,  # type: ignore[assignment]
) -> Callable[[HandText], ParsedHand]:  # fmt: skip
    """A site format's ``parse``: the hand id read by ``hand_id`` (group 1, in the
    first ``head`` characters), the element opened (:func:`open_hand`: ``tag``,
    ``what``, ``noun``) and ``read(hand, element, stop)`` run on a new
    :class:`XmlHand` (or the site's subclass ``hand``), guarded (:func:`read_guarded`)."""

    def run(ht: HandText, hid: str | None) -> ParsedHand:
        h = hand(ht, site, hid)
        root, stop, failed = open_hand(ht, h, tag, what, noun)
        if root is None:
            return failed  # type: ignore[return-value]
        return read(h, root, stop)

    def parse(ht: HandText) -> ParsedHand:
        m = hand_id.search(ht.text, 0, head)
        return read_guarded(ht, m.group(1) if m else None, run)

    return parse


def xml_format(
    key: str, name: str, games: str, recognise: re.Pattern[str], words: tuple[str, ...],
    tag: str, context: tuple[str, ...], parse: Callable[[HandText], ParsedHand],
) -> SiteFormat:  # fmt: skip
    """An XML site format: a file is its when its head holds one of ``words`` and
    ``recognise`` finds its start; it is split at ``tag`` elements with the
    ``context`` elements carried (:func:`split_elements`). The room is the key."""

    def is_mine(head: str) -> bool:
        return any(w in head for w in words) and recognise.search(head) is not None

    def split(fh: BinaryIO, file: str) -> Iterator[HandText]:
        return split_elements(fh, file, tag, context)

    return SiteFormat(key=key, name=name, games=games, recognise=is_mine, split=split,
                      parse=parse, rooms=(key,))  # fmt: skip


_RANKS = frozenset("23456789TJQKA")
_SUITS = frozenset("cdhs")


def comma_cards(text: str) -> tuple[str, ...]:
    """Cards written "6s, 8c, Jh" (Everest, Merge) as record cards ("10h" is "Th").

    Raises:
        ValueError: one of them is not a card.

    >>> comma_cards("6s, 10c, jh")
    ('6s', 'Tc', 'Jh')
    """
    known = _COMMA_CARDS.get(text)
    if known is not None:
        return known
    out = []
    for c in text.split(","):
        c = c.strip()
        if not c:
            continue
        c = "T" + c[2:] if c.startswith("10") else c
        if len(c) != 2 or c[0].upper() not in _RANKS or c[1].lower() not in _SUITS:
            raise ValueError(f"not a card: {c[:10]!r}")
        out.append(c[0].upper() + c[1].lower())
    if len(_COMMA_CARDS) >= _KEEP:
        _COMMA_CARDS.clear()
    read = _COMMA_CARDS[text] = tuple(out)
    return read


#: texts :func:`comma_cards` read, with their cards (a text it refuses is not kept)
_COMMA_CARDS: dict[str, tuple[str, ...]] = {}


Verb = Callable[[XmlHand, str, int, int], None]

#: The betting the XML formats share, by the kernel's names: ``verb(hand, player,
#: amount, line)``, amounts in minor units (``call``, ``bet`` and ``all_in`` the chips
#: added, ``raise_to`` the street total, ``raise`` by the hand's habit
#: (:func:`raise_by_habit`); ``return`` an uncalled bet given back). A site maps its
#: action words to them (:func:`verbs`).
VERBS: dict[str, Verb] = {
    "small_blind": lambda h, who, a, line: h.post(who, PostKind.SMALL_BLIND, a, line),
    "big_blind": lambda h, who, a, line: h.post(who, PostKind.BIG_BLIND, a, line),
    "ante": lambda h, who, a, line: h.post(who, PostKind.ANTE, a, line),
    "fold": lambda h, who, a, line: h.fold(who, line),
    "check": lambda h, who, a, line: h.check(who, line),
    "call": lambda h, who, a, line: h.call(who, a, line),
    "bet": lambda h, who, a, line: h.bet(who, a, line),
    "raise_to": lambda h, who, a, line: h.raise_to(who, a, line),
    "raise": lambda h, who, a, line: raise_by_habit(h, who, a, line),
    "all_in": lambda h, who, a, line: h.all_in(who, a, line),
    "return": lambda h, who, a, line: h.returned.append(Returned(who, a, line)),
}  # fmt: skip


def raise_by_habit(h: XmlHand, who: str, amount: int, line: int) -> None:
    """A raise: to ``amount`` when the site writes street totals (:attr:`XmlHand.totals`),
    else by it (the chips added), minor units."""
    h.raise_to(who, amount if h.totals else h.bets.get(who, 0) + amount, line)


def verbs(words: dict[str, str | Verb]) -> dict[str, Verb]:
    """A site's action words as betting functions: each the name of a kernel verb
    (:data:`VERBS`) or the site's own function for a habit of its own.

    Raises:
        KeyError: a name that is not a kernel verb.
    """
    return {w: VERBS[v] if isinstance(v, str) else v for w, v in words.items()}
