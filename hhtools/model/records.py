"""Typed, immutable records of what a hand history *claims*.

A grammar (``grammars/<site>.py``) turns the text of one hand into a
:class:`HandHistory`; the audit (:mod:`hhtools.audit`) checks it afterwards.
Nothing here is computed from the rules: these are the site's own words, typed.

Conventions shared by every record:

* Money is an ``int`` in minor units: cents for real money (``$1.25`` -> ``125``),
  whole chips for tournaments and play money. Never ``float``.
* Cards are two-character strings, rank then suit, ranks ``23456789TJQKA`` and
  suits ``cdhs`` (``"Ts"``, ``"Ah"``); the grammar normalises ``10s`` to ``Ts``.
* ``line`` is the 1-based line number in the source file of the line the record
  came from, so a problem or a finding can point at it.
* Seats are the site's seat numbers (1-based); "clockwise" means increasing seat
  number, wrapping around.
"""

from __future__ import annotations

from dataclasses import field
from datetime import datetime
from enum import StrEnum

from hhtools.model.frozen import record
from hhtools.model.vocab import (
    CollectOrder,
    Half,
    HandCategory,
    OddChips,
    PotPartsBasis,
    ProblemCode,
)


class Variant(StrEnum):
    """The Omaha-family game being dealt; the value says how many hole cards."""

    OMAHA = "omaha"  #: 4 hole cards
    OMAHA5 = "omaha5"  #: 5 hole cards (5-Card Omaha, Big O)
    OMAHA6 = "omaha6"  #: 6 hole cards
    COURCHEVEL = "courchevel"  #: 5 hole cards, first board card dealt before the first round
    OMAHA2 = "omaha2"  #: 2 hole cards, both played (seed 000: the original game)
    OMAHA7 = "omaha7"  #: 7 hole cards (seed 001: "as many as six or seven")

    @property
    def hole_cards(self) -> int:
        """Number of hole cards each player is dealt (2 to 7)."""
        return _HOLE_CARDS[self._value_]  # (the member's own value: ``.value`` is a
        # property of Enum's, several times the cost of this lookup, asked per shown hand)


_HOLE_CARDS = {"omaha": 4, "omaha5": 5, "omaha6": 6, "courchevel": 5, "omaha2": 2, "omaha7": 7}


class BettingStructure(StrEnum):
    """How much a player may bet: the site's words, typed."""

    LIMIT = "limit"
    POT_LIMIT = "pot_limit"
    NO_LIMIT = "no_limit"


class Street(StrEnum):
    """Betting rounds in order. ``showdown`` holds shows and collects."""

    PREFLOP = "preflop"
    FLOP = "flop"
    TURN = "turn"
    RIVER = "river"
    SHOWDOWN = "showdown"


class ActionKind(StrEnum):
    """What a player did. Posts are actions too, with :class:`PostKind` saying which."""

    POST = "post"
    FOLD = "fold"
    CHECK = "check"
    CALL = "call"
    BET = "bet"
    RAISE = "raise"


class PostKind(StrEnum):
    """Forced bets.

    ``small_blind`` and ``big_blind`` count toward the preflop bet to call;
    ``ante`` does not; ``dead_small_and_big`` ("posts small & big blinds") is a big
    blind that counts plus a small blind that is dead (goes to the pot only);
    ``straddle`` counts like a big blind.
    """

    SMALL_BLIND = "small_blind"
    BIG_BLIND = "big_blind"
    ANTE = "ante"
    DEAD_SMALL_AND_BIG = "dead_small_and_big"
    STRADDLE = "straddle"
    BRING_IN = "bring_in"


@record
class Game:
    """The game and stakes from the hand's header line.

    Every hand carries its own game: in a mixed game or a dealer's-choice game such as
    Binglao (seed 002: the button's die roll picks the number of hole cards and whether
    the hand is high or hi/lo), the variant, ``hi_lo`` and ``qualifier`` are this
    hand's, and ``mix`` names the rotation it was dealt in.

    Attributes:
        variant: Omaha with 2 (the original game, both hole cards played), 4, 5, 6 or
            7 hole cards, or Courchevel (5 hole cards).
        hi_lo: ``True`` for a split-pot high/low game.
        qualifier: highest rank a low may hold (8 for "8 or better", 9 or 7 where the
            site or home game prints "9 or better" / "7 or better"); ignored when
            ``hi_lo`` is ``False``.
        structure: limit, pot limit or no limit.
        small_blind, big_blind: minor units (cents or chips). For limit games
            these are the blinds actually posted (the hand's first "posts small
            blind" / "posts big blind" not all-in), not the header's stakes; with
            no such post they are derived: ``big_blind = small_bet``,
            ``small_blind = small_bet // 2``.
        currency: ISO code (``USD``, ``EUR``...) for real money, ``PLAY`` for play
            money, ``CHIPS`` for tournament chips.
        tournament_id, buy_in, level: set for tournaments only; ``buy_in`` is the
            site's text (e.g. ``"$3.41+$3.41+$0.68 USD"``).
        small_bet, big_bet: limit games only (``None`` otherwise), minor units:
            the fixed bet sizes the header names ("Omaha Hi/Lo Limit ($1/$2 USD)"
            is small bet 100, big bet 200; the blinds are then 50/100). A
            tournament's "Level N (a/b)" names the bets too on PokerStars; when
            the hand's posts show it named the blinds instead (big blind posted
            equals ``b``), small bet is ``b`` and big bet ``2 * b``.
        mix: the mixed game or dealer's-choice game the hand was dealt in, as the site
            names it ("Binglao", "8-Game", "Mixed Omaha"), else ``None``.
    """

    variant: Variant
    hi_lo: bool
    structure: BettingStructure
    small_blind: int
    big_blind: int
    currency: str
    qualifier: int = 8
    ante: int = 0
    tournament_id: str | None = None
    buy_in: str | None = None
    level: str | None = None
    small_bet: int | None = None
    big_bet: int | None = None
    mix: str | None = None

    @property
    def is_tournament(self) -> bool:
        """``True`` when the hand is from a tournament (amounts are chips)."""
        return self.tournament_id is not None

    @property
    def name(self) -> str:
        """Short game name used across the CLI and the store, e.g. ``omaha5-hilo``."""
        return f"{self.variant.value}-hilo" if self.hi_lo else self.variant.value


@record
class Seat:
    """A seat line: who sat where with how much at the start of the hand.

    ``stack`` is in minor units. ``sitting_out`` is set from "is sitting out" on the
    seat line. ``bounty`` is the site's text for knockout tournaments, else ``None``.
    """

    seat: int
    player: str
    stack: int
    sitting_out: bool = False
    bounty: str | None = None
    line: int = 0


@record
class Action:
    """One action of one player in one street, in the order the site wrote it.

    Attributes:
        street: the betting round (posts are ``preflop``).
        player: screen name as on the seat line.
        kind: fold, check, call, bet, raise or post.
        amount: minor units as the site prints it: a call's increment, a bet's
            size, a post's size, a raise's increment ("raises $0.05 to $0.07"
            gives 5). For ``fold`` and ``check`` it is 0.
        to_amount: for a raise only, the player's total bet on this street after
            the raise (7 in the example above); ``None`` otherwise.
        all_in: the site wrote "and is all-in".
        post: which forced bet, for ``kind == post``.
        board: 0 normally; for run-it-twice streets, 0 for the first board and 1 for
            the second (actions are only ever on the shared streets, so this is 0).
        line: source line number.
    """

    street: Street
    player: str
    kind: ActionKind
    amount: int = 0
    to_amount: int | None = None
    all_in: bool = False
    post: PostKind | None = None
    line: int = 0


@record
class Show:
    """Cards a player showed (or mucked face up) and what the site said they make.

    Attributes:
        player: screen name.
        cards: the hole cards shown, in the site's order (4, 5 or 6 cards; fewer
            when a player shows only some).
        description: the site's words for the high hand ("a full house, Nines full
            of Deuces"), or ``None`` when the site gave none (kept for display).
        low_description: the site's words for the low ("6,5,4,2,A"), or ``None``.
        claimed_high: the description read by the grammar into a category and the
            ranks that name it (:class:`ClaimedHigh`), or ``None`` when there is no
            description or its wording is not one the grammar knows.
        claimed_low: the low description as ranks, high to low, ace = 1
            (``(6, 5, 4, 2, 1)``), or ``None``.
        mucked: ``True`` when the cards were known only as mucked
            ("mucked [..]" in the summary).
        board: which board the description refers to in run-it-twice (0 or 1).
        line: source line number.
    """

    player: str
    cards: tuple[str, ...]
    description: str | None = None
    low_description: str | None = None
    mucked: bool = False
    board: int = 0
    line: int = 0
    claimed_high: ClaimedHigh | None = None
    claimed_low: tuple[int, ...] | None = None


@record
class ClaimedHigh:
    """A high hand as a site names it: its category and the ranks that name it.

    Ranks run 2..14 (ace = 14). For a straight or straight flush ``ranks`` is the top
    card only (5 for the wheel); for a flush and high card the top card; for the other
    categories the named ranks in order ("a full house, Jacks full of Sevens" is
    ``(11, 7)``, "two pair, Aces and Fives" ``(14, 5)``). The rules give the same key
    for evaluated cards (:func:`hhtools.rules.reading.high_key`), so the two compare.

    A claim names as many ranks as the site's words do, in the order a hand is read
    (:meth:`of_cards`): none ("Two pair"), the top ones ("a flush, Ace high" is
    ``(14,)``) or all ("Flush A K 9 7 2"); :meth:`fits` compares it by meaning. A
    straight named by two ends that no straight has ("Nine to Six") keeps both ranks,
    so it fits no hand.
    """

    category: HandCategory
    ranks: tuple[int, ...]

    @classmethod
    def of_cards(cls, category: HandCategory, cards: tuple[str, ...]) -> ClaimedHigh:
        """Every rank of five cards in the order a hand is read: a straight by its top
        card (5 for the wheel); else the ranks by how many cards hold them, then high
        to low (a full house's trips then pair, two pair's pairs then kicker).

        Args:
            category: the hand's category.
            cards: five cards, rank first ("Td", "As").

        >>> ClaimedHigh.of_cards(HandCategory.TWO_PAIR, ("5c", "Ks", "Qs", "5h", "Kd")).ranks
        (13, 5, 12)
        >>> ClaimedHigh.of_cards(HandCategory.STRAIGHT, ("5d", "4c", "3h", "2s", "Ah")).ranks
        (5,)
        """
        values = ["23456789TJQKA".index(c[0].upper()) + 2 for c in cards]
        if category in (HandCategory.STRAIGHT, HandCategory.STRAIGHT_FLUSH):
            return cls(category, (5 if sorted(values) == [2, 3, 4, 5, 14] else max(values),))
        counts = {v: values.count(v) for v in values}
        return cls(category, tuple(sorted(counts, key=lambda v: (-counts[v], -v))))

    def fits(self, hand: ClaimedHigh) -> bool:
        """Whether this claim says what ``hand`` (a key of :meth:`of_cards`) is: the same
        category and the ranks it names are the hand's first ranks.

        >>> hand = ClaimedHigh.of_cards(HandCategory.FLUSH, ("Ah", "9h", "7h", "Kh", "2h"))
        >>> ClaimedHigh(HandCategory.FLUSH, (14,)).fits(hand)
        True
        >>> ClaimedHigh(HandCategory.FLUSH, (14, 12)).fits(hand)
        False
        """
        n = len(self.ranks)
        same = self.category is hand.category
        return same and n <= len(hand.ranks) and self.ranks == hand.ranks[:n]


@record
class Collect:
    """A "collected" line: the site paid ``amount`` to ``player`` from a pot.

    Attributes:
        player: screen name.
        amount: minor units.
        pot: 0 for the main pot (or "pot" when there is only one), k for
            "side pot-k"; a bare "side pot" is 1.
        board: run-it-twice board index (0 first, 1 second); 0 otherwise; ``None``
            when the site paid a run-it-twice pot without saying which run (the audit
            then compares each player's amount over the runs).
        line: source line number.
        half: the half of a split pot the line is for, when the site says so
            ("wins the low"); ``None`` when the line does not say.
    """

    player: str
    amount: int
    pot: int = 0
    board: int | None = 0
    line: int = 0
    half: Half | None = None


@record
class Returned:
    """An uncalled bet returned to a player, in minor units.

    ``inferred`` is set when the text has no return line for it: the player's bet
    exceeded every other player's and nobody called it, so the excess went back (older
    formats print no "Uncalled bet" line). ``line`` is then the last line of the betting.
    """

    player: str
    amount: int
    line: int = 0
    inferred: bool = False


@record
class CashOut:
    """A cash-out (all-in insurance): the site settled with ``player`` before the cards ran.

    Attributes:
        player: screen name.
        amount: minor units the player received ("cashed out the hand for $258.65").
        fee: the site's cash-out fee, minor units ("Cash Out Fee $2.61"); the player
            receives ``amount``, the fee is the site's.
        forfeited: pot winnings the site kept because the player had cashed out
            ("won ($25.23) ... (pot not awarded as player cashed out)"), minor units.
        line: source line of the cash-out.
    """

    player: str
    amount: int
    fee: int = 0
    line: int = 0
    forfeited: int = 0


@record
class TournamentResult:
    """A tournament result line: a finishing place, a prize, or a bounty won.

    Attributes:
        player: screen name.
        place: finishing place (1 for the winner), or ``None`` for a bounty line.
        prize: prize money, minor units of ``currency`` (0 when none).
        bounty: bounty money won for eliminating (or sharing the elimination of)
            ``eliminated``, minor units of ``currency`` (0 when none).
        eliminated: the players eliminated, as the site names them ("" when none).
        currency: ISO code of the prize or bounty (the buy-in's currency).
        line: source line.
    """

    player: str
    place: int | None = None
    prize: int = 0
    bounty: int = 0
    eliminated: str = ""
    currency: str = ""
    line: int = 0


@record
class HandHistory:
    """Everything one hand's text claims, typed.

    Attributes:
        site: the poker room that dealt the hand (``"pokerstars"``, ``"runitonce"``);
            with ``hand_id`` the hand's key in the store.
        hand_id: the site's hand number as text.
        table: table name.
        started_at: the site's local time as printed (naive), with ``time_zone`` its
            zone abbreviation ("ET", "CET"...).
        started_at_utc: the same moment in UTC (aware), or ``None`` when the zone is
            unknown.
        game: game and stakes.
        button: seat number of the button.
        max_seats: table size from "6-max", or ``None``.
        seats: seat lines in order.
        actions: posts and betting actions in order.
        boards: one tuple of up to five cards per board (two for run-it-twice);
            for Courchevel the first card is the one dealt before the flop.
        hero: the player of "Dealt to", or ``None``.
        hole_cards: known hole cards by player (dealt to hero, shown, mucked).
        shows: show lines (showdown and summary), in order.
        collects: collected lines, in order.
        returned: uncalled bets returned.
        total_pot: "Total pot" from the summary, minor units.
        total_pot_line: source line of the total pot (0 when unknown).
        rake: "Rake" from the summary, minor units.
        cash_outs: cash-outs (all-in insurance), with their fees and forfeited pots.
        fees: other fees the summary names that are taken from the pot, minor units
            (not rake, not a jackpot, not a cash-out fee).
        room_added: money the room added to the pot (splash the pot, "STP added"),
            minor units; neither a player's nor a fee.
        jackpot: taken from the pot for a jackpot or bad-beat fund, minor units.
        tournament_results: finishing places, prizes and bounties the hand reports.
        odd_chips: where the room puts the units left over when a tied half is split
            (:class:`~hhtools.model.vocab.OddChips`), as the site format declares it.
        inferred: what the grammar worked out by the rules because the text did not
            write it, as names from :data:`INFERRED` (``"returned"``: an uncalled
            bet returned with no line; ``"rake"``: rake as the pot put in less what
            was collected; ``"pot_parts"``: main and side pots not printed;
            ``"collects"``: winnings read from the summary or from stack changes;
            ``"button"``: the button seat not printed; ``"blinds"``: the stakes read
            from the posts; ``"actions"``: a fold or check the text left out;
            ``"variant"``: the game's hole-card count taken from the cards dealt, the
            game line naming only "Omaha"). Empty
            when the text wrote everything the record holds.
        file, line, offset: where the hand starts (1-based line, byte offset).
        text: the hand's text as read (decoded, ``\\n`` line ends).
        pot_parts: the summary's "Main pot $x. Side pot-1 $y." amounts, main pot
            first, minor units; empty when the summary lists no parts.
        pot_parts_basis: whether ``pot_parts`` are after rake (``net``) or before it
            (``gross``), as the grammar read them; ``None`` when there are no parts
            or they add up to neither.
        site_format: key of the site format (grammar) that read the text
            (``"pokerstars"``); a Run It Once hand written in PokerStars' format has
            site ``runitonce`` and site format ``pokerstars``.
        collect_order: how the site orders a split pot's collect lines
            (:class:`~hhtools.model.vocab.CollectOrder`).
        pots_named: ``False`` when the format's collect lines do not say which pot
            they pay (a player's winnings are one amount, whatever pots it came from):
            each collect's ``pot`` is then only the grammar's placeholder, and the
            audit gives each player's amount to the pots the player could win, in
            order from the main pot (:func:`hhtools.audit.settle.settle`).
        unread_lines: the file lines of the hand the grammar did not understand
            (problems of :data:`~hhtools.model.vocab.UNREAD_CODES`), ascending; a hand
            with any is *read in part* and the audit judges only what they cannot
            change (:func:`hhtools.audit.audit_hand`). Filled in by the registry's
            guard for every format, never by a grammar.
        newest_first: ``True`` when the hand's text writes its newest line first, so
            that its file lines run backwards in time (a PokerNow log as downloaded);
            the record's lists are in time order all the same. The audit reads
            "before" and "after" by time, not by line
            (:meth:`hhtools.audit.context.AuditContext.when`).
    """

    site: str
    hand_id: str
    table: str
    started_at: datetime | None
    time_zone: str | None
    started_at_utc: datetime | None
    game: Game
    button: int | None
    max_seats: int | None
    seats: tuple[Seat, ...]
    actions: tuple[Action, ...]
    boards: tuple[tuple[str, ...], ...]
    hero: str | None
    hole_cards: dict[str, tuple[str, ...]] = field(default_factory=dict)
    shows: tuple[Show, ...] = ()
    collects: tuple[Collect, ...] = ()
    returned: tuple[Returned, ...] = ()
    total_pot: int | None = None
    rake: int = 0
    cash_outs: tuple[CashOut, ...] = ()
    fees: int = 0
    file: str = ""
    line: int = 0
    offset: int = 0
    text: str = ""
    pot_parts: tuple[int, ...] = ()
    pot_parts_basis: PotPartsBasis | None = None
    site_format: str = ""
    collect_order: CollectOrder = CollectOrder.UNORDERED
    total_pot_line: int = 0
    room_added: int = 0
    jackpot: int = 0
    tournament_results: tuple[TournamentResult, ...] = ()
    odd_chips: OddChips = OddChips.CLOCKWISE
    inferred: tuple[str, ...] = ()
    pots_named: bool = True
    unread_lines: tuple[int, ...] = ()
    newest_first: bool = False


#: The names :attr:`HandHistory.inferred` may hold: facts a grammar worked out by the
#: rules because an older format did not print them.
INFERRED: frozenset[str] = frozenset(
    {"returned", "rake", "pot_parts", "collects", "button", "blinds", "actions", "variant"}
)


@record
class Problem:
    """Something in the input the grammar could not read, as a value.

    ``code`` is a :class:`~hhtools.model.vocab.ProblemCode` (``unrecognised_line``,
    ``bad_header``, ``truncated_hand``, ``unsupported_site``...). ``excerpt`` is the
    offending line (or the start of it). Rendered ``file:line: [hand N] message``; line
    0 is the whole file (an archive that cannot be opened), rendered ``file: message``.
    """

    file: str
    line: int
    hand_id: str | None
    code: ProblemCode
    message: str
    excerpt: str = ""

    def __str__(self) -> str:
        hand = f" [hand {self.hand_id}]" if self.hand_id else ""
        where = f"{self.file}:{self.line}:" if self.line else f"{self.file}:"  # 0: whole file
        return f"{where}{hand} {self.message}"


@record
class HandText:
    """The text of one hand as a site format split it from a file.

    Attributes:
        text: the hand's lines joined by ``\\n`` (no trailing blank lines).
        file: the source as reports name it (``archive.zip!member`` for members).
        line: 1-based line number of the hand's first line.
        offset: byte offset of the hand's first line in the file (BOM bytes counted).
        encoding: the encoding the hand was decoded with (``utf-8``, ``cp1252``...);
            ``cp1252/utf-8`` when some lines needed the cp1252 fallback.
    """

    text: str
    file: str
    line: int
    offset: int
    encoding: str = "utf-8"
