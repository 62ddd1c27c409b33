"""PokerStars hands written by a client set to another language: each language's
wording as data, one table a language (:data:`LANGUAGES`), and the one function that
turns such a hand's lines into the English lines the grammar's rules read
(:func:`translated`).

A table holds only wording seen in real histories written by that language's client
(the source is named above each table). A line no rule of its language reads is left
as it is: the English rules do not read it either, so it is an ``unrecognised_line``
problem and the hand is read in part; nothing is guessed. So a wording not yet in a
table (an all-in, a side pot, a tournament, play money...) costs the hand its
checks on what that line could change, never a false finding.

What a table translates:

* the header: its words, its date (Spanish writes it day first, ``dd-mm-yyyy``: put
  back as ``yyyy/mm/dd``) and its amounts;
* every other line, one rule a kind of line: a regex the whole line must match and the
  English line it becomes (a ``str.format`` template over the regex's named groups);
* amounts: ``{A}`` in a rule's regex is one amount as the language writes it
  (:data:`Language.amount`, e.g. Spanish ``0.05 €``), its group named ``a`` and a
  digit; the template writes it the English way (``€0.05``). An amount in any other
  form (a comma, a thousands separator) does not match, so the line stays unread
  rather than misread;
* a shown hand's description in the language ("pareja de damas") is dropped: the
  English rules would check it against the cards as an English description.

Adding a language is adding a :class:`Language` to :data:`LANGUAGES` (with fixtures in
its own wording, ``tests/fixtures/pokerstars/lang_*``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace

from hhtools.grammars.base import ParsedHand

__all__ = [
    "LANGUAGES", "START", "Language", "hand_id_of", "in_own_words", "translated", "unread",
]


@dataclass(frozen=True)
class Language:
    """One client language's wording (see the module's docstring).

    Attributes:
        name: the language, for messages.
        start: regex of the start of its header line (it starts a hand in a file).
        amount: regex of one amount as it writes it, one group (the number, digits
            and a "." before two decimals at most); ``symbol`` is its currency sign.
        symbol: the currency sign the English line writes before the number.
        start: it also holds the hand number, its one group.
        header: ``(regex, template)`` of the whole header line; ``None`` for a
            language whose header is known but whose lines are not: its hands are
            found and each is one ``bad_header`` problem that names the language.
        rules: ``(regex, template)`` of every other kind of line, tried in order.
        words: the English of a group whose name starts with ``w_`` (a blind's role
            in a summary seat line, "sitting out"...), by the group's whole text.
        separator: regex of the word before the number in the separator line written
            before each hand ("n\\." in "*********** n. 1 **************").
    """

    name: str
    start: str
    amount: str = ""
    symbol: str = ""
    header: tuple[str, str] | None = None
    rules: tuple[tuple[str, str], ...] = ()
    words: dict[str, str] = field(default_factory=dict)
    separator: str = ""


# ----------------------------------------------------------------------------- Spanish
# Source: hands written by PokerStars' Spanish client (PokerStars.es, Zoom, euros), as
# quoted in public repositories' tests; the English hand of the same player and tables
# gives each line's meaning. Day first in dates: hand numbers grow with
# "11-01-2025" < "05-02-2025" < the English "2025/02/07".
_SPANISH = Language(
    name="Spanish",
    start=r"Mano n\.º (\d+) de (?:Zoom de )?PokerStars:",
    amount=r"(\d+(?:\.\d{1,2})?) €",
    symbol="€",
    header=(
        r"(?P<bom>\ufeff?)Mano n\.º (?P<id>\d+) de (?P<zoom>Zoom de )?PokerStars:(?P<sp> +)"
        r"(?P<game>.+?) \({A1}/{A2}\) - "
        r"(?P<d1>\d\d)-(?P<m1>\d\d)-(?P<y1>\d{4}) (?P<t1>\d{1,2}:\d\d:\d\d) (?P<z1>[A-Z]{1,5})"
        r"(?: \[(?P<d2>\d\d)-(?P<m2>\d\d)-(?P<y2>\d{4})"
        r" (?P<t2>\d{1,2}:\d\d:\d\d) (?P<z2>[A-Z]{1,5})\])?",
        "{bom}PokerStars{zoom} Hand #{id}:{sp}{game} ({a1}/{a2}) - {y1}/{m1}/{d1} {t1} {z1}"
        "{second}",
    ),
    rules=(
        (r'Mesa "(?P<table>.*)" (?P<max>\d+-max )?El asiento n\.º (?P<b>\d+) es el botón',
         "Table '{table}' {max}Seat #{b} is the button"),
        (r"Asiento (?P<n>\d+): (?P<who>.+) \({A1} en fichas\)(?P<w_out> está ausente)?",
         "Seat {n}: {who} ({a1} in chips){w_out}"),
        (r"(?P<who>.+): pone la ciega pequeña {A1}", "{who}: posts small blind {a1}"),
        (r"(?P<who>.+): pone la ciega grande {A1}", "{who}: posts big blind {a1}"),
        (r"\*\*\* CARTAS DE MANO \*\*\*", "*** HOLE CARDS ***"),
        (r"\*\*\* RESUMEN \*\*\*", "*** SUMMARY ***"),
        (r"Repartidas a (?P<who>.+) \[(?P<cards>[^\]]*)\]", "Dealt to {who} [{cards}]"),
        (r"(?P<who>.+): se retira", "{who}: folds"),
        (r"(?P<who>.+): pasa", "{who}: checks"),
        (r"(?P<who>.+): iguala {A1}", "{who}: calls {a1}"),
        (r"(?P<who>.+): apuesta {A1}", "{who}: bets {a1}"),
        (r"(?P<who>.+): sube {A1} a {A2}", "{who}: raises {a1} to {a2}"),
        (r"La apuesta no igualada \({A1}\) ha sido devuelta a (?P<who>.+)",
         "Uncalled bet ({a1}) returned to {who}"),
        (r"(?P<who>.+) se lleva {A1} del bote", "{who} collected {a1} from pot"),
        (r"(?P<who>.+): no muestra su mano", "{who}: doesn't show hand"),
        (r"(?P<who>.+): muestra \[(?P<cards>[^\]]*)\](?: \(.*\))?", "{who}: shows [{cards}]"),
        (r"(?P<who>.+): descarta su mano sin mostrar", "{who}: mucks hand"),
        (r"(?P<who>.+) no tiene conexión", "{who} is disconnected"),
        (r"(?P<who>.+) ha agotado su tiempo mientras siga sin conexión",
         "{who} has timed out while disconnected"),
        (r"(?P<who>.+): está ausente", "{who}: is sitting out"),
        (r"(?P<who>.+) deja la mesa", "{who} leaves the table"),
        (r"Bote total {A1} \| Comisión {A2}", "Total pot {a1} | Rake {a2}"),
        (r"Comunitarias \[(?P<cards>[^\]]*)\]", "Board [{cards}]"),
        (r"Asiento (?P<n>\d+): (?P<who>.+?)(?P<w_role> \((?:botón|ciega pequeña|ciega grande)\))?"
         r" se retiró antes del Flop(?P<w_nobet> \(no apostó\))?",
         "Seat {n}: {who}{w_role} folded before Flop{w_nobet}"),
        (r"Asiento (?P<n>\d+): (?P<who>.+?)(?P<w_role> \((?:botón|ciega pequeña|ciega grande)\))?"
         r" se retiró en el (?P<street>Flop|Turn|River)",
         "Seat {n}: {who}{w_role} folded on the {street}"),
        (r"Asiento (?P<n>\d+): (?P<who>.+?)(?P<w_role> \((?:botón|ciega pequeña|ciega grande)\))?"
         r" recaudó \({A1}\)",
         "Seat {n}: {who}{w_role} collected ({a1})"),
        (r"Asiento (?P<n>\d+): (?P<who>.+?)(?P<w_role> \((?:botón|ciega pequeña|ciega grande)\))?"
         r" muestra \[(?P<cards>[^\]]*)\] y ganó \({A1}\) con .*",
         "Seat {n}: {who}{w_role} showed [{cards}] and won ({a1})"),
        (r"Asiento (?P<n>\d+): (?P<who>.+?)(?P<w_role> \((?:botón|ciega pequeña|ciega grande)\))?"
         r" descartó sin mostrar \[(?P<cards>[^\]]*)\]",
         "Seat {n}: {who}{w_role} mucked [{cards}]"),
        (r"\*{5,} n\. (?P<n>\d+) \*{5,}", "*********** # {n} **************"),
    ),
    words={" está ausente": " is sitting out", " (botón)": " (button)",
           " (ciega pequeña)": " (small blind)", " (ciega grande)": " (big blind)",
           " (no apostó)": " (didn't bet)"},
    separator=r"n\.",
)  # fmt: skip

# ----------------------------------------------------------------------------- Portuguese
# Source: two tournament hands written by PokerStars' Brazilian Portuguese client (2025,
# "Mão PokerStars #257045862415: Torneio #3910307458, $ 0.98+$ 0.12 USD Hold'em No Limit
# - Nível V (40/80) - 2025/07/22 10:10:49 ET"), quoted whole in a public repository's
# test; the summary's shown-hand lines ("mostrou [9s As] e ganhou (10602) com ...",
# "mostrou [..] e perdeu com ...", "escondeu as cartas [..]"), "esconde a mão", "gastou
# o tempo", "está sit out" and "terminou o torneio em 9º lugar" as two other public
# readers of that client's files match them (a place's "º" read as any English ordinal:
# the rules read the number). Side pots' and prizes' lines are not known: read in part.
# A play-money tournament's buy-in has no currency ("Torneio #N, 4500+500 Hold'em":
# two real 2015 hands a public reader's test quotes). Tournaments only (chips, no
# separator): a cash game's amounts are not known, so its
# header is not read (one bad_header naming the language). Dates are year first.
_ROLE = (r"(?P<w_role> \((?:Botão|small blind|big blind)\))?"
         r"(?P<w_role2> \((?:small|big) blind\))?")
_PORTUGUESE = Language(
    name="Portuguese",
    start=r"Mão PokerStars #(\d+):",
    amount=r"(\d+)",
    header=(
        r"(?P<bom>\ufeff?)Mão PokerStars #(?P<id>\d+): Torneio #(?P<tid>\d+), "
        r"(?:(?P<c1>\$) ?)?(?P<b1>\d+(?:\.\d\d)?)\+(?(c1)(?P<c2>\$) ?)(?P<b2>\d+(?:\.\d\d)?)"
        r"(?(c1)(?P<cur> [A-Z]{3})) "
        r"(?P<game>.+?) - Nível (?P<lvl>[IVXLCDM]+) \((?P<sb>\d+)/(?P<bb>\d+)\) - "
        r"(?P<stamp>\d{4}/\d\d/\d\d \d{1,2}:\d\d:\d\d [A-Z]{1,5})"
        r"(?P<rest>(?: \[\d{4}/\d\d/\d\d \d{1,2}:\d\d:\d\d [A-Z]{1,5}\])?)",
        "{bom}PokerStars Hand #{id}: Tournament #{tid}, {c1}{b1}+{c2}{b2}{cur} {game}"
        " - Level {lvl} ({sb}/{bb}) - {stamp}{rest}",
    ),
    rules=(
        (r"Mesa '(?P<table>.*)' (?P<max>\d+-max )?Lugar #(?P<b>\d+) é o botão",
         "Table '{table}' {max}Seat #{b} is the button"),
        (r"Lugar (?P<n>\d+): (?P<who>.+) \({A1} em fichas\)(?P<w_out> está sit out)?",
         "Seat {n}: {who} ({a1} in chips){w_out}"),
        (r"(?P<who>.+): coloca ante {A1}(?P<w_allin> e está all-in)?",
         "{who}: posts the ante {a1}{w_allin}"),
        (r"(?P<who>.+): paga o small blind {A1}(?P<w_allin> e está all-in)?",
         "{who}: posts small blind {a1}{w_allin}"),
        (r"(?P<who>.+): paga o big blind {A1}(?P<w_allin> e está all-in)?",
         "{who}: posts big blind {a1}{w_allin}"),
        (r"\*\*\* CARTAS DA MÃO \*\*\*", "*** HOLE CARDS ***"),
        (r"\*\*\* SUMÁRIO \*\*\*", "*** SUMMARY ***"),
        (r"(?P<who>.+) recebe \[(?P<cards>[^\]]*)\]", "Dealt to {who} [{cards}]"),
        (r"(?P<who>.+): desiste", "{who}: folds"),
        (r"(?P<who>.+): passa", "{who}: checks"),
        (r"(?P<who>.+): iguala {A1}(?P<w_allin> e está all-in)?", "{who}: calls {a1}{w_allin}"),
        (r"(?P<who>.+): aposta {A1}(?P<w_allin> e está all-in)?", "{who}: bets {a1}{w_allin}"),
        (r"(?P<who>.+): aumenta {A1} para {A2}(?P<w_allin> e está all-in)?",
         "{who}: raises {a1} to {a2}{w_allin}"),
        (r"Aposta não-igualada \({A1}\) voltou para (?P<who>.+)",
         "Uncalled bet ({a1}) returned to {who}"),
        (r"(?P<who>.+) recebeu {A1} do pote", "{who} collected {a1} from pot"),
        (r"(?P<who>.+): não mostra a mão", "{who}: doesn't show hand"),
        (r"(?P<who>.+): mostra \[(?P<cards>[^\]]*)\](?: \(.*\))?", "{who}: shows [{cards}]"),
        (r"(?P<who>.+): esconde a mão", "{who}: mucks hand"),
        (r"(?P<who>.+) está sem ligação", "{who} is disconnected"),
        (r"(?P<who>.+) gastou o tempo", "{who} has timed out"),
        (r"(?P<who>.+) terminou o torneio em (?P<place>\d+)º lugar",
         "{who} finished the tournament in {place}th place"),
        (r"Total pote {A1} \| comissão {A2}", "Total pot {a1} | Rake {a2}"),
        (r"Mesa \[(?P<cards>[^\]]*)\]", "Board [{cards}]"),
        (r"Lugar (?P<n>\d+): (?P<who>.+?)" + _ROLE
         + r" desistiu antes Flop(?P<w_nobet> \(não apostou\))?",
         "Seat {n}: {who}{w_role}{w_role2} folded before Flop{w_nobet}"),
        (r"Lugar (?P<n>\d+): (?P<who>.+?)" + _ROLE + r" desistiu no (?P<street>Flop|Turn|River)",
         "Seat {n}: {who}{w_role}{w_role2} folded on the {street}"),
        (r"Lugar (?P<n>\d+): (?P<who>.+?)" + _ROLE + r" recebeu \({A1}\)",
         "Seat {n}: {who}{w_role}{w_role2} collected ({a1})"),
        (r"Lugar (?P<n>\d+): (?P<who>.+?)" + _ROLE + r" mostrou \[(?P<cards>[^\]]*)\] e ganhou"
         r" \({A1}\) com .*",
         "Seat {n}: {who}{w_role}{w_role2} showed [{cards}] and won ({a1})"),
        (r"Lugar (?P<n>\d+): (?P<who>.+?)" + _ROLE
         + r" mostrou \[(?P<cards>[^\]]*)\] e perdeu com .*",
         "Seat {n}: {who}{w_role}{w_role2} showed [{cards}] and lost"),
        (r"Lugar (?P<n>\d+): (?P<who>.+?)" + _ROLE + r" escondeu as cartas \[(?P<cards>[^\]]*)\]",
         "Seat {n}: {who}{w_role}{w_role2} mucked [{cards}]"),
    ),
    words={" está sit out": " is sitting out", " e está all-in": " and is all-in",
           " (Botão)": " (button)", " (small blind)": " (small blind)",
           " (big blind)": " (big blind)", " (não apostou)": " (didn't bet)"},
)  # fmt: skip

#: Every language read, in the order their headers are tried.
# German's header is known, not yet its other lines (each hand is reported, not read):
# "PokerStars Hand Nr. 123:" (the header a public parser of the German client's files
# reads).
_GERMAN = Language(name="German", start=r"PokerStars Hand Nr\. (\d+):")

LANGUAGES: tuple[Language, ...] = (_SPANISH, _GERMAN, _PORTUGUESE)

#: The start of a header in any of :data:`LANGUAGES` (for the splitter's ``HAND_START``).
START = "|".join(lang.start for lang in LANGUAGES)
#: The word before the number in the separator written before each hand, in any of
#: :data:`LANGUAGES` (Spanish "*********** n. 1 **************"; English "#").
SEPARATOR = "|".join(lang.separator for lang in LANGUAGES if lang.separator)

class _Compiled:
    """A :class:`Language` ready to translate: its regexes compiled, ``{A<n>}`` made
    the language's amount group ``a<n>``."""

    def __init__(self, lang: Language) -> None:
        self.lang = lang
        self.start = re.compile(r"\ufeff?(?:" + lang.start + ")")
        head = lang.header
        self.header = None if head is None else (self._compile(head[0]), head[1])
        self.rules = tuple((self._compile(rx), to) for rx, to in lang.rules)

    def _compile(self, rx: str) -> re.Pattern[str]:
        number = self.lang.amount
        for n in "123":
            rx = rx.replace("{A" + n + "}", number.replace("(", f"(?P<a{n}>", 1))
        return re.compile(rx + "$")

    def _fields(self, m: re.Match[str]) -> dict[str, str]:
        fields = {k: v or "" for k, v in m.groupdict().items()}
        for k, v in fields.items():
            if k[0] == "a" and k[1:].isdigit() and v:
                fields[k] = self.lang.symbol + v
            elif k[:2] == "w_" and v:
                fields[k] = self.lang.words[v]
        return fields

    def header_line(self, line: str) -> str | None:
        """The English header of a header in this language, or ``None`` when it is
        not one."""
        if self.header is None:
            return None
        rx, to = self.header
        m = rx.match(line)
        if m is None:
            return None
        f = self._fields(m)
        f["zoom"] = " Zoom" if f.get("zoom") else ""
        f["second"] = (
            f" [{f['y2']}/{f['m2']}/{f['d2']} {f['t2']} {f['z2']}]" if f.get("d2") else ""
        )
        return to.format(**f)

    def line(self, line: str) -> str:
        """The English form of one line; the line itself when no rule reads it."""
        for rx, to in self.rules:
            m = rx.match(line)
            if m is not None:
                return to.format(**self._fields(m))
        return line


_COMPILED = tuple(_Compiled(lang) for lang in LANGUAGES)


def translated(lines: list[str]) -> list[str] | None:
    """A hand written in one of :data:`LANGUAGES`, in English.

    Args:
        lines: the hand's lines (normalised: no trailing spaces), header first.

    Returns:
        The same number of lines, each the English line the language's table makes
        of it, or the line unchanged when no rule of the table
        reads it (the English rules then report it); the header, when it is this
        language's but its form is not (an amount or date written otherwise), is left
        unchanged too, so the hand is a ``bad_header`` (:func:`unread` says why).
        ``None`` when the header is in no language the tables read (an English hand,
        a damaged one, or one of a language whose lines are not known).
    """
    first = lines[0]
    for lang in _COMPILED:
        if lang.start.match(first) is not None:
            if lang.header is None:
                return None
            head = lang.header_line(first)
            return [first if head is None else head] + [lang.line(ln) for ln in lines[1:]]
    return None


def in_own_words(parsed: ParsedHand, own: list[str], english: list[str], line: int) -> ParsedHand:
    """``parsed`` (what the English lines ``english`` of a hand gave) with each problem
    that quotes a translated line quoting the hand's own line instead (``own``: the
    hand's lines as written; ``line``: the header's line number in the file)."""
    problems = []
    for p in parsed.problems:
        k = p.line - line
        if 0 <= k < len(own) and own[k] != english[k] and english[k] in (p.excerpt + p.message):
            p = replace(p, message=p.message.replace(english[k], own[k]),
                        excerpt=p.excerpt.replace(english[k], own[k]))  # fmt: skip
        problems.append(p)
    return replace(parsed, problems=tuple(problems))


def unread(first: str) -> tuple[str, str] | None:
    """Why a hand whose header ``first`` the English rules could not read is not read,
    when it is a header in one of :data:`LANGUAGES`: ``(hand number, message)``; else
    ``None``.

    >>> number, why = unread("PokerStars Hand Nr. 12: Omaha Pot Limit ($0.01/$0.02 USD) - ...")
    >>> number, why[:66]
    ('12', 'a hand written by the PokerStars client in German, a language hhto')
    """
    for lang in _COMPILED:
        m = lang.start.match(first)
        if m is not None:
            name = lang.lang.name
            if lang.header is None:
                why = f"a hand written by the PokerStars client in {name}, a language hhtools" \
                      " does not read yet (its client can write English)"  # fmt: skip
            else:
                why = f"a hand written by the PokerStars client in {name}, its header in a form" \
                      " hhtools does not read (amounts or date written otherwise)"  # fmt: skip
            return m.group(1), why
    return None


def hand_id_of(text: str) -> str | None:
    """The hand number of a hand's text in one of :data:`LANGUAGES`, or ``None``.

    >>> hand_id_of("Mano n.º 254718322088 de Zoom de PokerStars:  Hold'em ...")
    '254718322088'
    """
    for lang in _COMPILED:
        m = lang.start.match(text)
        if m is not None:
            return m.group(1)
    return None
