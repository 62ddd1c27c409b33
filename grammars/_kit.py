"""What a site module uses from the kernel and the model, as one namespace.

A site module is its differences from the kernel (sqlglot's dialects: ``from sqlglot
import exp`` and ``exp.Column``); it imports this module once,
``from hhtools.grammars import _kit as k``, and names what is the kernel's through it:
``k.Hand``, ``k.rule_table(...)``, ``k.PostKind.ANTE``, ``k.ProblemCode.BAD_AMOUNT``.
A reader then sees at a glance which names are the site's own and which the kernel's,
and a site needs no list of a dozen names from eight modules at its top.

Nothing here is new: every name is the one of the module it comes from (listed below),
except the line kernel's helpers, which the kit names without their underscore:
:func:`rule` (``_lines._rule``), :func:`rule_match` (``_lines._m``), :func:`cards`
(``_lines._cards``) and :class:`BadCards` (``_lines._BadCards``).

- the model: records (``Game``, ``Show``, ``Collect``, ``PostKind``, ``Street``...),
  vocabularies (``ProblemCode``, ``CollectOrder``, ``Half``...) and money (``Unit``,
  ``parse_money``, ``AmountOutOfRange``...);
- the registry's types: ``ParsedHand``, ``SiteFormat``, ``Habits``;
- the text kernel: the hand state and the record builder (``_hand``: ``Hand``,
  ``finish``, ``build_record``, ``rule_table``, ``text_format``...), the betting loop
  (``_betting``: ``read_body``...), line rules (``_lines``), lines with no chips
  (``_quiet``), English hand words (``_english``), clocks (``_clock``), splitting
  (``_text``, ``_spaces``), what a site would write again (``_site``), what an old
  format leaves out (``_inferred``), pots (``_pots``) and the meanings of amounts
  (``_meaning``);
- the XML and JSON kernels (``_xml``, ``_json``).

Only site modules import the kit; the kernel's own modules import each other directly,
so the kit sits above them all and closes no circle.
"""

from __future__ import annotations

from hhtools.grammars._betting import (
    claimed_from_five, cut_short, impossible, limit_stakes, low_from_five, read_body,
    summary_checks,
)  # fmt: skip
from hhtools.grammars._clock import utc
from hhtools.grammars._english import (
    RANK_WORDS, read_high, read_high_words, read_low, read_template,
)  # fmt: skip
from hhtools.grammars._hand import (
    STREET_WORDS, Hand, by_word, finish, incomplete, limit_blinds, local_time,
    match_line, match_player, no_record, not_read, reader, returns, rule_table, section,
    sitting_out, summary_end, text_format, the_board,
)  # fmt: skip
from hhtools.grammars._inferred import (
    collected, excess_returned, hand_excess, in_pot, live_put, short_paid,
)  # fmt: skip
from hhtools.grammars._json import JsonHand, json_format, json_reader, unknown_keys
from hhtools.grammars._lines import _BadCards as BadCards
from hhtools.grammars._lines import _cards as cards
from hhtools.grammars._lines import _m as rule_match
from hhtools.grammars._lines import _rule as rule
from hhtools.grammars._lines import LineTable, bracketed, keep, language_of, localised_cards
from hhtools.grammars._meaning import Meanings
from hhtools.grammars._pots import (
    clockwise, in_pot_order, paid_parts, pot_unpaid, pots_of, split_rake, split_win,
)  # fmt: skip
from hhtools.grammars._quiet import NO_CHIPS, SAID
from hhtools.grammars._record import build_record
from hhtools.grammars._site import (
    STREETS, STRUCTURE_CODES, STRUCTURE_WORDS, bad_header, blinds_and_bets, category_names,
    header_game, player_line, read_high_once, read_lines, seat_lines_cut, site_format,
    structure_names, typed_game,
)  # fmt: skip
from hhtools.grammars._spaces import plain_head
from hhtools.grammars._text import (
    HandEnd, cut_header, detect_encoding, iter_hands, iter_lines, line_breaks, scrub,
)  # fmt: skip
from hhtools.grammars._xml import (
    MARK, Stop, XmlHand, comma_cards, context_attrs, game_not_read, raise_by_habit,
    read_elements, verbs, xml_format, xml_reader, xml_text,
)  # fmt: skip
from hhtools.grammars.base import Habits, ParsedHand, SiteFormat, internal_error
from hhtools.model.money import (
    CURRENCY_SYMBOLS, MAX_AMOUNT, SYMBOL_CLASS, AmountOutOfRange, Unit, parse_money,
)  # fmt: skip
from hhtools.model.records import (
    Action, ActionKind, BettingStructure, CashOut, ClaimedHigh, Collect, Game, HandHistory,
    HandText, PostKind, Problem, Returned, Show, Street, TournamentResult, Variant,
)  # fmt: skip
from hhtools.model.vocab import (
    CollectOrder, Half, HandCategory, OddChips, PotPartsBasis, ProblemCode,
)  # fmt: skip

__all__ = [
    # the model
    "Action", "ActionKind", "AmountOutOfRange", "BettingStructure", "CashOut", "ClaimedHigh",
    "Collect", "CollectOrder", "CURRENCY_SYMBOLS", "Game", "Half", "HandCategory",
    "HandHistory", "HandText", "MAX_AMOUNT", "OddChips", "PostKind", "PotPartsBasis",
    "Problem", "ProblemCode", "Returned", "Show", "Street", "SYMBOL_CLASS",
    "TournamentResult", "Unit", "Variant", "parse_money",
    # the registry's types
    "Habits", "ParsedHand", "SiteFormat", "internal_error",
    # the text kernel
    "BadCards", "Hand", "HandEnd", "LineTable", "Meanings", "NO_CHIPS", "RANK_WORDS", "SAID",
    "STREETS", "STRUCTURE_CODES", "STRUCTURE_WORDS", "STREET_WORDS", "bad_header",
    "blinds_and_bets",
    "bracketed", "build_record", "by_word", "cards", "category_names", "claimed_from_five",
    "clockwise", "collected", "cut_header", "cut_short", "detect_encoding", "excess_returned", "finish",
    "hand_excess", "header_game", "impossible", "in_pot", "in_pot_order", "incomplete",
    "iter_hands", "iter_lines", "keep", "language_of", "limit_blinds", "limit_stakes",
    "line_breaks", "live_put",
    "local_time", "localised_cards", "low_from_five", "match_line", "match_player",
    "no_record", "not_read", "paid_parts", "plain_head", "player_line", "pot_unpaid",
    "pots_of", "read_body",
    "read_high", "read_high_once", "read_high_words", "read_lines", "read_low",
    "read_template", "reader", "returns", "rule", "rule_match", "rule_table", "scrub",
    "seat_lines_cut", "section", "short_paid", "site_format", "sitting_out", "split_rake",
    "split_win", "structure_names", "summary_checks", "summary_end", "text_format", "the_board",
    "typed_game",
    "utc",
    # the XML and JSON kernels
    "JsonHand", "MARK", "Stop", "XmlHand", "comma_cards", "context_attrs", "game_not_read",
    "json_format", "json_reader", "raise_by_habit", "read_elements", "unknown_keys", "verbs",
    "xml_format", "xml_reader", "xml_text",
]  # fmt: skip
