"""One hand of a small old text format being read, and the record it ends as.

Absolute, Betfair, Cake and Entraction print a hand as a header, seat lines, one line
per post or action (each starting with the player's name), street lines, shows and
"wins"/"collects" lines, and leave out much of a summary (a total pot, a rake, an
uncalled-bet line). :class:`Hand` holds what their grammars share while reading
(seats, the names matched longest first, hole cards, board, collects...) on top of
:class:`~hhtools.grammars._betting._State`; :func:`finish` ends every hand the same
way: the checks of a complete hand, the uncalled excess and the rake worked out when
the text did not write them (:mod:`hhtools.grammars._inferred`), the record.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable, Iterator, Mapping
from datetime import datetime
from typing import Any, BinaryIO

from hhtools.grammars._betting import (
    _State,
    add_problem,
    impossible,
    second_line,
    summary_checks,
)
from hhtools.grammars._clock import local_time, utc
from hhtools.grammars._inferred import collected, excess_returned, in_pot, last_line
from hhtools.grammars._meaning import Meanings
from hhtools.grammars._pots import paid_parts
from hhtools.grammars._lines import LineTable, Rule, _cards, _m, _rule, insert_longest_first
from hhtools.grammars._record import build_record
from hhtools.grammars._text import HandEnd, iter_hands, normalised_lines
from hhtools.grammars.base import Habits, ParsedHand, SiteFormat, internal_error
from hhtools.model.frozen import maker
from hhtools.model.records import (
    Collect,
    Game,
    HandHistory,
    HandText,
    PostKind,
    Returned,
    Seat,
    Show,
    Street,
)
from hhtools.model.vocab import CollectOrder, PotPartsBasis, ProblemCode

__all__ = ["Hand", "by_word", "finish", "not_read", "reader", "text_format", "utc",
           "summary_end", "the_board", "local_time", "STREET_WORDS", "section",
           "incomplete", "limit_blinds", "match_line", "match_player", "no_record", "returns",
           "rule_table"]

Rules = tuple[Rule, ...]  # (kind, a named pyparsing rule or a compiled pattern)

#: the streets after the deal by the word a street line names them with
STREET_WORDS = {"FLOP": Street.FLOP, "TURN": Street.TURN, "RIVER": Street.RIVER}
#: a :class:`Seat` built from its six fields by position (:func:`~hhtools.model.frozen.maker`)
_seat = maker(Seat)


def sitting_out(s: Seat) -> Seat:
    """``s`` marked sitting out (not dealt in): ``replace(s, sitting_out=True)``, built
    by position."""
    return _seat(s.seat, s.player, s.stack, True, s.bounty, s.line)


class Hand(_State):
    """A hand being read: the betting (:class:`_State`) and what the text shows.

    Amounts are minor units (cents, or chips in tournaments). Starting values never
    changed in place are class defaults (replaced on the hand when set).
    """

    hero: str | None = None
    button: int | None = None
    table = ""
    total: int | None = None
    total_line = 0
    rake: int | None = None
    summary = False
    dealt = False  # the hole cards' line seen (posts come before it)
    max_seats: int | None = None
    dead_small = 0  # the stakes' small blind: dead when posted with the big one
    ended: re.Match[str] | None = None  # a closing line that carries the time
    converted = False  # amounts shown converted, the table's in brackets
    summary_board: tuple[str, ...] | None = None  # the summary's "Board [..]"
    summary_board_line = 0  # its line (a board differing from the streets' is reported there)
    jackpot = 0  # taken from the pot for a jackpot or bad-beat fund
    meanings: Meanings | None = None  # what else the format's amounts may mean
    away: tuple[str, ...] = ()  # players a line said sit out (:meth:`sit_out`)
    #: the seat lines' names kept longest first (``by_length``, ``by_initial``: what
    #: :meth:`name` reads); a site that finds its players otherwise sets it ``False``
    names_by_length = True

    def __init__(self, file: str, line: int) -> None:
        super().__init__(file, line)
        self.seats: list[Seat] = []
        self.by_length: list[str] = []  # seated names, longest first
        self.by_initial: dict[str, list[str]] = {}  # by_length by first character
        self.hole: dict[str, tuple[str, ...]] = {}
        self.shows: list[Show] = []
        self.collects: list[Collect] = []
        self.returned: list[Returned] = []
        self.board: list[str] = []
        self.inferred: list[str] = []
        self.halves: dict[str, tuple[str | None, str | None]] = {}  # summary's hi/lo amounts
        self.all_in_next: set[str] = set()  # players a line said will act all-in next
        self.last_bets: dict[str, int] = {}  # the live bets of the last round that had any
        self.sightings: list[tuple[int, str, tuple[str, ...]]] = []  # (line, owner, cards)

    def problem(self, line: int, code: ProblemCode, message: str, excerpt: str = "") -> None:
        """Record a problem on a source line (:func:`~._betting.add_problem`). A method of
        this Python class (not only of the C type :class:`_State`), so that another
        format's hand state may run it: ``Hand.problem(h, ...)``."""
        add_problem(self, line, code, message, excerpt)

    def saw(self, line: int, owner: str, cards: tuple[str, ...]) -> None:
        """Cards seen on a line: a player's (``owner`` the name) or a board's (``owner``
        starting "*board"), for :func:`~hhtools.grammars._betting.seen_twice`."""
        self.sightings.append((line, owner, cards))

    def seat(
        self, seat: int, player: str, stack: int, line: int, out: bool = False,
        bounty: str | None = None,
    ) -> None:  # fmt: skip
        """A seat line: ``player`` sits at ``seat`` with ``stack`` (and a tournament
        ``bounty`` as written)."""
        self.seats.append(_seat(seat, player, stack, out, bounty, line))
        self.stacks[player] = stack
        if self.names_by_length:
            insert_longest_first(self.by_length, player)
            insert_longest_first(self.by_initial.setdefault(player[:1], []), player)

    def seat_of(self, player: str) -> int | None:
        """The seat number of a seated player, else ``None``."""
        return next((s.seat for s in self.seats if s.player == player), None)

    def sit_out(self, player: str) -> bool:
        """A line saying a seated player sits out ("X sits out", "X waits for big blind"),
        applied by :meth:`final_seats`; ``False`` when ``player`` is not seated."""
        self.away = (*self.away, player)
        return self.seat_of(player) is not None

    def final_seats(self) -> tuple[Seat, ...]:
        """The seats, each player a sit-out line named (:meth:`sit_out`) marked sitting
        out (not dealt in) unless they acted or showed cards in the hand: then the line
        only said they leave the game after it."""
        if not self.away:
            return tuple(self.seats)
        played = {a.player for a in self.actions}.union(self.hole)
        return tuple(sitting_out(s) if s.player in self.away and s.player not in played
                     else s for s in self.seats)  # fmt: skip

    def name(self, text: str, after: str = " ") -> str | None:
        """The seated player ``text`` starts with, followed by one of ``after`` (or the
        end of the text); the longest such name wins ("Ann" and "Ann B" both seated).
        Tried: the names of ``text``'s first character (:attr:`by_initial`), then "".
        """
        for n in self.by_initial.get(text[:1], ()):
            if text.startswith(n) and (len(text) == len(n) or text[len(n)] in after):
                return n
        if text and "" in self.by_initial and text[0] in after:
            return ""
        return None

    def deal(self, street: Street, cards: tuple[str, ...], whole: bool = False) -> None:
        """A street line: its betting round starts; ``cards`` are the new board cards,
        or (``whole``) the board so far."""
        self.new_street(street)
        if whole:
            self.board = list(cards)
        else:
            self.board.extend(cards)

    def street_line(self, word: str, cards: str) -> None:
        """A street line that prints the whole board ("*** TURN *** [Ah Kd 2c] [7s]"):
        the betting round ``word`` names (:data:`STREET_WORDS`) starts, and the board is
        every card printed. Raises ``_BadCards`` (:func:`~._lines._cards`)."""
        self.deal(STREET_WORDS[word], _cards(cards.replace("[", " ").replace("]", " ")), True)

    def new_street(self, street: Street) -> None:
        """Start a betting round, keeping the bets of the last round that had any."""
        if any(self.bets.values()):
            self.last_bets = dict(self.bets)
        super().new_street(street)

    def uncalled(self) -> Returned | None:
        """The uncalled part of the last bet, as a return the text did not write.

        Only the last bet of a hand can go uncalled: it is what its player put in on
        that betting round over the most anyone else did (folded players' chips
        included, dead blinds and antes not: :attr:`bets` holds live chips only).
        """
        bets = self.bets if any(self.bets.values()) else self.last_bets
        ranked = sorted(bets.items(), key=lambda kv: kv[1], reverse=True)
        if not ranked:
            return None
        top, most = ranked[0]
        second = ranked[1][1] if len(ranked) > 1 else 0
        if most <= second:
            return None
        return Returned(top, most - second, last_line(self.actions, top), inferred=True)

    def betting(self, kind: str, player: str, amount: int, line: int, all_in: bool = False) -> bool:
        """A betting line of a kind these formats share: ``fold``, ``check``, ``call``
        and ``bet`` (``amount`` the chips added), ``raise_to`` (``amount`` the street
        total), ``raise_by`` (the chips added), ``allin`` (chips added: a call, bet or
        raise by the betting), ``return`` (an uncalled bet given back). ``False`` for
        another kind (the grammar reads it)."""
        if kind == "fold":
            self.fold(player, line)
        elif kind == "check":
            self.check(player, line)
        elif kind == "call":
            self.call(player, amount, line, all_in)
        elif kind == "bet":
            self.bet(player, amount, line, all_in)
        elif kind in ("raise_to", "raise_by"):
            to = amount if kind == "raise_to" else self.bets.get(player, 0) + amount
            self.raise_to(player, to, line, all_in)
        elif kind == "allin":
            self.all_in(player, amount, line)
        elif kind == "return":
            self.returned.append(Returned(player, amount, line))
        else:
            return False
        return True

    def post_both(self, player: str, amount: int, line: int) -> None:
        """A big blind and a dead small blind posted together (``amount`` both): only
        the big blind counts toward the bet to call (:attr:`dead_small` is dead)."""
        self.post(player, PostKind.DEAD_SMALL_AND_BIG, amount, line)
        self.bets[player] -= min(self.dead_small, amount)
        self.highest = max(self.bets.values())

    def show(self, player: str, show: Show) -> None:
        """A player's cards shown (or mucked face up): known from now on."""
        self.hole[player] = show.cards
        self.shows.append(show)


def by_word(rules: Rules) -> LineTable:
    """Line rules (``(kind, pattern)``) keyed by the first word each pattern reads, so a
    line is tried only against the rules of its first word ("Raises", "shows"...);
    alternatives ("(?P<how>shows|mucks) ...") key every word: the kernel's
    :class:`~._lines.LineTable` (a mapping, and :meth:`~._lines.LineTable.match`).

    >>> sorted(by_word((("show", re.compile(r"(?P<how>shows|mucks) \\[")),)))
    ['mucks', 'shows']
    >>> sorted(by_word((("fold", re.compile(r"folds$")), ("end", re.compile(r"\\*\\* End")))))
    ['**', 'folds']
    """
    return LineTable(rules)


def rule_table(*rules: tuple[str, str]) -> LineTable:
    """Line rules given as ``(kind, pattern)``, each made a named pyparsing rule
    (:func:`~._lines._rule`, its pattern anchored at the line's end) and keyed by its
    first word (:func:`by_word`), for :func:`match_line` and :func:`match_player`.

    >>> sorted(rule_table(("fold", r"folds$"), ("call", r"calls (?P<a>\\d+)$")))
    ['calls', 'folds']
    """
    return by_word(tuple((kind, _rule(kind, pattern)) for kind, pattern in rules))


def match_line(
    table: Mapping[str, tuple[tuple[str, Any], ...]], text: str
) -> tuple[str, Any] | None:
    """The kind and results of the first rule keyed by ``text``'s first word in
    ``table`` (:func:`by_word` of named line rules, :func:`~._lines._rule`) that reads
    the whole of ``text`` (:func:`~._lines._m`), else ``None``."""
    if isinstance(table, LineTable):
        return table.match(text)
    for kind, rule in table.get(text.partition(" ")[0], ()):
        m = _m(rule, text)
        if m is not None:
            return kind, m
    return None


def match_player(
    h: Hand, text: str, table: LineTable, colon: LineTable | None = None
) -> tuple[str, str, Any] | None:
    """A line that starts with a seated player's name (:meth:`Hand.name`, the longest):
    "<player> <what the player did>" read by ``table``, or, when the site writes some
    lines so, "<player>: <what>" read by ``colon`` (:meth:`~._lines.LineTable.match`).

    Returns:
        ``(player, kind, results)``, or ``None`` when no seated name or no rule fits.
    """
    name = h.name(text, " :" if colon is not None else " ")
    if name is None:
        return None
    at = len(name)
    if text.startswith(" ", at):
        found = table.match(text[at + 1 :])
    elif colon is not None and text.startswith(": ", at):
        found = colon.match(text[at + 2 :])
    else:
        return None
    return None if found is None else (name, found[0], found[1])


def reader(
    parse: Callable[[Any, list[str], int, str, int], ParsedHand],
    hand: Callable[[str, int], Hand] = Hand,
) -> Callable[[HandText], ParsedHand]:
    """A site format's ``parse``: ``parse(hand, lines, line, text, offset)`` run on a
    new :class:`Hand` (or a site's subclass: ``hand(file, line)``), its ``lines``
    normalised (:func:`~._text.normalised_lines`: no trailing spaces, plain spaces); anything
    it raises becomes an ``internal_error`` problem. A problem on a line the text does
    not reach (a line the hand lacks: "no table line" of a hand cut after its header)
    is put on the text's last line, never on the next hand's (:func:`_within`)."""

    def run(ht: HandText) -> ParsedHand:
        h = hand(ht.file, ht.line)
        try:
            got = parse(h, normalised_lines(ht.text), ht.line, ht.text, ht.offset)
        except Exception as exc:
            return internal_error(ht.file, ht.line, h.hand_id, exc, h.problems)
        return _within(got, ht) if got.problems else got

    return run


def _within(got: ParsedHand, ht: HandText) -> ParsedHand:
    """``got`` with each problem on a line past ``ht``'s last on that last line."""
    last = ht.line + ht.text.count("\n")
    if all(p.line <= last for p in got.problems):
        return got
    moved = tuple(p if p.line <= last else dataclasses.replace(p, line=last)
                  for p in got.problems)  # fmt: skip
    return dataclasses.replace(got, problems=moved)


def text_format(
    key: str, name: str, games: str, start: re.Pattern[str],
    parse: Callable[[Any, list[str], int, str, int], ParsedHand],
    *, header: re.Pattern[str] | None = None, hand: Callable[[str, int], Hand] = Hand,
    end: HandEnd | None = None, habits: Habits = Habits(),
) -> SiteFormat:  # fmt: skip
    """A line-oriented site format whose hands start on lines ``start`` matches.

    A file is the format's when one of its first lines matches ``start`` (blanks or a
    BOM before it allowed), or, when ``header`` is given, when ``header`` is found in
    its first lines (a header of several lines); it is split at ``start`` lines, and
    where ``end`` ends a hand (:func:`iter_hands`: text before the first is a hand of
    its own); ``parse`` reads
    one hand on a new ``hand(file, line)`` (:func:`reader`). The room is the key;
    ``habits`` what the format writes its own way that the audit reads.
    """
    anywhere = header or re.compile(r"^\s*\ufeff?(?:" + start.pattern + ")", re.MULTILINE)

    def recognise(head: str) -> bool:
        return anywhere.search(head) is not None

    def split(fh: BinaryIO, file: str) -> Iterator[HandText]:
        return iter_hands(fh, file, start, end)

    return SiteFormat(key=key, name=name, games=games, recognise=recognise, split=split,
                      parse=reader(parse, hand), rooms=(key,), habits=habits)  # fmt: skip


def not_read(h: Hand, line: int, game: str, excerpt: str, *, omaha: bool) -> ParsedHand:
    """The :class:`ParsedHand` of a hand whose game is not read: an Omaha-family game
    the grammar does not know (``unknown_game``), or another game (skipped)."""
    if omaha:
        h.problem(line, ProblemCode.UNKNOWN_GAME, f"unknown game: {game[:60]}", excerpt)
        return ParsedHand(None, tuple(h.problems), None, h.hand_id)
    note = f"not an Omaha game: {game[:60]}"
    h.problem(line, ProblemCode.SKIPPED_GAME, note, excerpt)
    return ParsedHand(None, tuple(h.problems), note, h.hand_id)


def summary_end(h: Hand, lines: list[str], line: int, total_words: str) -> ParsedHand | None:
    """The end checks of a hand whose summary writes its total pot (``h.total``, on
    ``h.total_line``) and may write its board (``h.summary_board``); the street lines'
    cards are ``h.board``. The :class:`ParsedHand` of a hand that gives no record, else
    ``None`` (:func:`~._betting.summary_checks`: cut short, no total, no seats, the
    boards differing, a card dealt twice).

    Args:
        h: the hand read; ``lines`` its text's lines, ``line`` the file line of the first.
        total_words: how the site names its total ("'Total pot'"), for the problem.
    """
    return summary_checks(h, lines, line, h.total, total_words, h.total_line, h.hole,
                          h.summary_board, h.board, h.summary_board_line)  # fmt: skip


def the_board(h: Hand) -> tuple[tuple[str, ...], ...]:
    """The record's ``boards`` of a hand run once: the summary's board, else the
    streets' cards; ``()`` when no card was dealt to the board. A summary board that
    contradicts the cards the street lines dealt (not the same cards in the same
    order: a ``board_mismatch`` problem on its line) gives way to them: the hand
    was played on the cards dealt street by street."""
    board = h.summary_board if h.summary_board is not None else tuple(h.board)
    if h.board and board[: len(h.board)] != tuple(h.board):
        board = tuple(h.board)
    return (board,) if board else ()


def section(
    h: Hand, ln: str, street: Any, *, quiet: tuple[str, ...] = (), summary: str | None = None
) -> bool:
    """A "*** ... ***" line of a format whose street lines print the whole board: one
    the record does not need (it starts with one of ``quiet``), the summary's first
    (it starts with ``summary``: ``h.summary`` set), or a street line that ``street``
    reads (a named line rule with the groups ``street`` and ``cards``:
    :meth:`Hand.street_line`). ``False`` for another line.

    Raises:
        _BadCards: a street line's card that is not one (:func:`~._lines._cards`).
    """
    if ln.startswith(quiet):
        return True
    if summary is not None and ln.startswith(summary):
        h.summary = True
        return True
    m = _m(street, ln)
    if m is None:
        return False
    h.street_line(m["street"], m["cards"])
    return True


def no_record(h: Hand, note: str | None = None) -> ParsedHand:
    """The :class:`ParsedHand` of a hand that gives no record: its problems and id, and
    ``note`` (why a skipped hand was skipped, or ``None``)."""
    return ParsedHand(None, tuple(h.problems), note, h.hand_id)


def incomplete(
    h: Hand, lines: list[str], line: int, *, cut_short: str | None,
    missing: str | None = None, seats_first: bool = True,
) -> bool:  # fmt: skip
    """The checks of a hand that gives no record; ``True`` when one fails (its problem
    added to ``h``), ``False`` when the hand is whole.

    In turn: no seat lines (``no_seats``) and the hand cut short (``truncated_hand``),
    no seats first unless ``seats_first`` is ``False``; the summary lacking its total or
    rake (``missing_total``); a card dealt twice (``impossible_cards``, on the line that
    shows it the second time).

    Args:
        h: the hand read; ``lines`` its text's lines, ``line`` the file line of the first.
        cut_short: the message of a hand cut short ("hand has no summary (cut
            short?)"), ``None`` when it was not.
        missing: the message of a summary lacking its total line, ``None`` when it has it.
    """
    last = line + len(lines) - 1
    checks = [(not h.seats, line, ProblemCode.NO_SEATS, "hand has no seat lines", lines[0]),
              (cut_short is not None, last, ProblemCode.TRUNCATED_HAND, cut_short, lines[-1])]
    if not seats_first:
        checks.reverse()
    checks.append((missing is not None, last, ProblemCode.MISSING_TOTAL, missing, lines[-1]))
    for failed, at, code, message, excerpt in checks:
        if failed:
            h.problem(at, code, message or "", excerpt)
            return True
    twice = impossible(h.hole, [tuple(h.board)])
    if twice is None:
        return False
    at = second_line(lines, twice, line)
    h.problem(at, ProblemCode.IMPOSSIBLE_CARDS, f"card {twice} seen twice", lines[at - line])
    return True


def returns(h: Hand) -> tuple[Returned, ...]:
    """The hand's returns: those its lines wrote, and when none did, the uncalled
    excess of the player who put in most (:func:`~._inferred.excess_returned`,
    "returned" added to ``h.inferred``). Minor units."""
    back = excess_returned(h.put, h.returned, h.actions)
    if back is None:
        return tuple(h.returned)
    h.inferred.append("returned")
    return (*h.returned, back)


def limit_blinds(h: Hand, small_bet: int) -> tuple[int, int]:
    """The small and big blind of a fixed-limit hand whose header names the bets, not
    the blinds: the first posted, else the small bet and half of it (minor units)."""
    bb = h.bb if h.bb is not None else small_bet
    return (h.sb if h.sb is not None else bb // 2), bb


def finish(
    h: Hand,
    lines: list[str],
    line: int,
    *,
    site: str,
    game: Game,
    started_at: datetime | None,
    time_zone: str | None,
    max_seats: int | None,
    collect_order: CollectOrder,
    text: str,
    offset: int,
    pots_named: bool = True,
    **fields: Any,
) -> ParsedHand:
    """The checks every hand ends with, then its record.

    No seats, no collect (the hand was cut short) or a card dealt twice give no record.
    When no line returns the uncalled part of the last bet, it is returned
    (:meth:`Hand.uncalled`, ``inferred`` "returned"); when the text names no rake, the
    rake is what stayed in the middle less what was paid (``inferred`` "rake"). Names
    already in ``h.inferred`` (the grammar's own) are kept first.

    Args:
        h: the hand read; ``lines`` its text's lines, ``line`` the file line of the first.
        site, game, started_at, time_zone, max_seats, collect_order: the record's.
        text, offset: the hand's text and its byte offset in the file.
        pots_named: ``False`` for a format whose winnings lines name no pot
            (:attr:`HandHistory.pots_named`).
        fields: any other :class:`HandHistory` field, as :func:`build_record` takes it
            (``site_format=`` when ``site`` is the room that dealt the hand).
    """
    last = line + len(lines) - 1
    if not h.seats:
        h.problem(line, ProblemCode.NO_SEATS, "hand has no seat lines", lines[0])
    elif not h.collects:
        h.problem(last, ProblemCode.TRUNCATED_HAND, "hand pays nobody (cut short?)", lines[-1])
    else:
        twice = impossible(h.hole, [tuple(h.board)])
        if twice is None:
            if not pots_named:  # the record built so at once (not copied with it)
                fields["pots_named"] = False
            record = _record(h, line, site, game, started_at, time_zone, max_seats,
                             collect_order, text, offset, fields)  # fmt: skip
            return ParsedHand(record, tuple(h.problems), None, h.hand_id)
        at = second_line(lines, twice, line)
        h.problem(at, ProblemCode.IMPOSSIBLE_CARDS, f"card {twice} seen twice", lines[at - line])
    return ParsedHand(None, tuple(h.problems), None, h.hand_id)


def _record(
    h: Hand, line: int, site: str, game: Game, started_at: datetime | None,
    time_zone: str | None, max_seats: int | None, collect_order: CollectOrder,
    text: str, offset: int, fields: dict[str, Any],
) -> HandHistory:  # fmt: skip
    inferred = list(h.inferred)
    returned = list(h.returned)
    back = h.uncalled()
    if back is not None and not returned:
        returned.append(back)
        inferred.append("returned")
    rake = h.rake
    if rake is None:
        rake = max(in_pot(h.put, returned) - collected(h.collects), 0)
        inferred.append("rake")
    parts = paid_parts(h.collects, in_pot(h.put, returned) - rake)
    return build_record(
        h, site=site, game=game, line=line, text=text, offset=offset,
        started_at=started_at, time_zone=time_zone, max_seats=max_seats,
        returned=tuple(returned), rake=rake, collect_order=collect_order,
        inferred=tuple(inferred), pot_parts=parts,
        pot_parts_basis=PotPartsBasis.NET if parts else None, **fields,
    )  # fmt: skip
