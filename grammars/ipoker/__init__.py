"""iPoker hand histories: XML sessions, one ``<game>`` element per hand.

The format (as the iPoker clients write it, 2011-2021)::

    <?xml version="1.0" encoding="utf-8"?>
    <session sessioncode="4002439446">
     <general>                                   session: one table, one player
      <gametype>Omaha PL €0.50/€1</gametype>     "PL €2/€4" (no name: count the cards)
      <tablename>Feldkirch 10, 488784806</tablename>
      <tablecurrency>EUR</tablecurrency>         the table's money (<currency> is the account's)
      <nickname>Xjty</nickname>                  the hero
      <uncalled_bet_enabled>true</...>           (newer clients) see "win" below
     </general>
     <game gamecode="3422554305">                one hand; gamecode is the hand id
      <general><startdate>2019-05-26 20:10:42</startdate>
       <players><player seat="1" name="A" chips="€303,49" dealer="1" win="€23,50" bet="€36"/>
      </general>
      <round no="0"> blinds   <round no="1"> preflop  <round no="2..4"> flop, turn, river
       <cards type="Pocket" player="A">S8 HK CQ HQ</cards>   ("X X X X" when unknown)
       <cards type="Flop" player="">C4 D8 H3</cards>
       <action no="3" player="A" type="23" sum="€12"/>
     </game>

Quirks read here:

* Encoding: the file says UTF-8 while the euro sign is often the cp1252 byte 0x80;
  each line is decoded as UTF-8 and, failing that, as cp1252 (``grammars._text``).
  Amounts carry any currency sign (read leniently: every character that is not a
  digit, a comma or a point is dropped) and may use a decimal comma ("€946,60").
* Cards are suit then rank: "S10", "DQ", "HA"; "X" is a card not shown.
* Action types: 0 fold, 1 small blind, 2 big blind (one larger than the first big
  blind is a returning player's "small & big blinds": the big blind live, the rest
  dead), 3 call (the increment), 4 check, 5 bet, 7 all-in (the increment: a bet, call
  or raise by the state of the street), 15 ante, 23 raise (``sum`` is the player's
  total on the street: "raise to"; when the per-player ``bet`` totals say otherwise,
  the increment), 6 raise by the increment; 8 and 9 with a zero sum are sitting out / waiting: no action, or the
  fold of a player dealt in who sits out of the hand.
* Seats: a ``<player>`` with no ``name`` is an empty seat, not a player. A player with
  no ``Pocket`` element (in a game that writes them) and no action but types 8 and 9
  was not dealt in: sitting out (some versions write no ``Pocket`` for a player who
  acts: one who acts was dealt in).
  Names may hold HTML named references (``&pound;``): read as what they name
  (:func:`hhtools.grammars._xml.xml_text`).
* ``no`` numbers the actions of a game in order; elements are not always written in
  that order, so actions are sorted by ``no``.
* There is no collect line: ``win`` on each ``<player>`` is what the site paid the
  player and ``bet`` what they put in (uncalled bets included). Newer sessions
  (``uncalled_bet_enabled``) leave the uncalled return out of ``win``; older ones
  include it: ``win`` is read as including the return exactly when the wins exceed
  the pot without it. The uncalled excess is a :class:`Returned` (``inferred``: the
  site writes no line for it). The rake is the pot less the wins (the site prints no
  rake per hand). A player's win is split over the pots they were eligible for, last
  side pot first, in proportion of what each winner still has to be paid.
* Shows: the site writes the cards of players who reached showdown in their
  ``Pocket`` element; it never describes hands, so ``claimed_high`` is ``None``.
* Tournament sessions name a ``<tournamentcode>`` (and ``<buyin>``/``<totalbuyin>``):
  amounts are whole chips (currency ``CHIPS``) and there is no rake, so wins short of
  the pot are left for the audit's chip balance to report.
* "Partial" exports hold only the blinds of a game (no cards, actions or results):
  such a game is a ``truncated_hand`` problem, not a record.
* Times: ``startdate`` of the game (else the session's), "2019-05-26 20:10:42" or
  "18.05.2021 18:26:13". The site prints no zone (the clients write the time of the
  machine they run on), so ``time_zone`` and ``started_at_utc`` are ``None``.

The splitter streams the file in blocks of bytes (never the whole file in memory) and
cuts it at the ``<game`` and ``</game>`` tags, so that each hand text is that game's
XML exactly as written, with its line and byte offset (lines counted by
:func:`hhtools.grammars._text.line_breaks`: CR, LF or CRLF; a ``<game`` before the last
one's ``</game>`` cuts the last one short; a ``</game>`` that closes no ``<game`` ends a
hand text of its own, from the first text after the game before, which the parser
reports as ``bad_header``); the session's ``<general>`` is
appended to each game's text (after it, so that line numbers inside the game stay
those of the file) so that one hand text holds all it needs. Each game text is read
with the stdlib's expat parser (``xml.parsers.expat``, what ``ElementTree`` uses),
so a game that is not well-formed XML is a ``bad_header`` problem, not a record.
"""

from __future__ import annotations

import html
import re
from collections.abc import Iterator
from typing import BinaryIO
from xml.parsers import expat

from hhtools.grammars import _kit as k
from hhtools.grammars.ipoker.read import build_hand


__all__ = ["FORMAT"]

_RECOGNISE = re.compile(r"<session\s+sessioncode=\"[^\"]*\"[^>]*>\s*<general>", re.DOTALL)
_GAME_OPEN = "<game "
_GAME_CLOSE = "</game>"
_SESSION = re.compile(r"<session\b[^>]*>")
_GENERAL = "<general>"
_GENERAL_END = "</general>"
_MARK = "\n<!--ipoker-session-->\n"
_BLOCK = 1 << 20


def _recognise(head: str) -> bool:
    """An iPoker XML session: ``<session sessioncode="...">`` followed by ``<general>``."""
    return "<session" in head and _RECOGNISE.search(head) is not None


def _split(fh: BinaryIO, file: str) -> Iterator[k.HandText]:
    """One hand text per ``<game>`` element, streamed in blocks of bytes.

    UTF-8 files (cp1252 bytes allowed, decoded line by line where UTF-8 fails) are
    cut on the bytes of the ``<game``/``</game>`` tags, a block (1 MiB) at a time;
    UTF-16 files are read line by line (:func:`_split_lines`).

    Args:
        fh: the file, a seekable binary stream at its start.
        file: the name hands and problems carry.

    Yields:
        Each game's XML (plus the session's ``<general>`` after a marker), with the
        line and byte offset where its ``<game`` tag starts.
    """
    fh.seek(0)
    encoding, bom = k.detect_encoding(fh.read(512))
    if encoding != "utf-8":
        yield from _split_lines(fh, file)
        return
    fh.seek(bom)
    buf = b""
    base, line = bom, 1  # byte offset and line number of buf[0]
    session = ""
    while True:
        data = fh.read(_BLOCK)
        eof = not data
        buf += data
        pos = 0  # consumed up to here
        at, at_line = 0, line  # line counting: line number at buf[at]
        while True:
            g = buf.find(b"<game ", pos)
            s = buf.find(b"<session", pos, g if g >= 0 else len(buf))
            c = buf.find(b"</game>", pos, s if s >= 0 else g if g >= 0 else len(buf))
            if c >= 0:  # a game whose "<game " tag is damaged: a hand text of its own
                a = c - len(buf[pos:c].lstrip())
                at_line += k.line_breaks(buf, at, a)
                at = a
                text, used = _decode(buf[a : c + 7])
                yield k.HandText(text + _MARK + session, file, at_line, base + a, used)
                pos = c + 7
                continue
            if s >= 0:
                e = buf.find(b"</general>", s, g if g >= 0 else len(buf))
                if e < 0:
                    if g < 0 and not eof:
                        break  # the session's general goes on in the next block
                    session, pos = "", s + 8
                    continue
                session = _decode(buf[s : e + 10])[0]
                pos = e + 10
                continue
            if g < 0:
                break
            c = buf.find(b"</game>", g)
            nxt = -1
            for tag in (b"<game ", b"</session>"):  # a game cut short by what follows it
                found = buf.find(tag, g + 6, nxt if nxt >= 0 else c if c >= 0 else len(buf))
                nxt = found if found >= 0 else nxt
            if nxt >= 0:
                end = nxt  # a game cut short, another one (or the session's end) follows
            elif c >= 0:
                end = c + 7
            elif eof:
                end = len(buf)
            else:
                break  # the game goes on in the next block
            at_line += k.line_breaks(buf, at, g)
            at = g
            text, used = _decode(buf[g:end])
            yield k.HandText(text + _MARK + session, file, at_line, base + g, used)
            pos = end
        if eof:
            return
        line = at_line + k.line_breaks(buf, at, pos)
        base += pos
        buf = buf[pos:]


def _decode(raw: bytes) -> tuple[str, str]:
    """Bytes of one game as text: UTF-8, else line by line UTF-8 or cp1252; every line
    end (CRLF, a lone CR) as LF, BOMs and NULs dropped (:func:`scrub`)."""
    raw = raw.replace(b"\r\n", b"\n").replace(b"\r", b"\n")
    try:
        return k.scrub(raw.decode("utf-8")), "utf-8"
    except UnicodeDecodeError:
        pass
    out = []
    for part in raw.split(b"\n"):
        try:
            out.append(part.decode("utf-8"))
        except UnicodeDecodeError:
            out.append(part.decode("cp1252", errors="replace"))
    return k.scrub("\n".join(out)), "cp1252/utf-8"


def _split_lines(fh: BinaryIO, file: str) -> Iterator[k.HandText]:
    """:func:`_split` for any encoding, one decoded line at a time: the same file and
    name in, the same hand texts out."""
    session = ""  # the current session's opening tag and general element
    general: list[str] | None = None  # collecting the session's general
    game: list[str] | None = None
    start = (0, 0)
    encodings: set[str] = set()
    want = False  # a session tag was read: its <general> comes next
    for ln, used in k.iter_lines(fh):
        text = ln.text
        pos = 0
        while True:
            if game is None:
                if general is not None:
                    found = text.find(_GENERAL_END, pos)
                    if found < 0:
                        general.append(text[pos:])
                        break
                    general.append(text[pos : found + len(_GENERAL_END)])
                    session += "\n".join(general)
                    general = None
                    pos = found + len(_GENERAL_END)
                    continue
                g = text.find(_GAME_OPEN, pos)
                s = text.find("<session", pos)
                if s >= 0 and (g < 0 or s < g):
                    m = _SESSION.match(text, s)
                    session = m.group(0) if m else "<session>"
                    want = True
                    pos = s + 8
                    continue
                found = text.find(_GENERAL, pos) if want else -1
                if found >= 0 and (g < 0 or found < g):
                    general, want = [], False
                    pos = found
                    continue
                if g < 0:
                    break
                want = False
                prefix = text[:g]
                off = ln.offset + (g if prefix.isascii() else len(prefix.encode("utf-8")))
                start = (ln.number, off)
                game = []
                encodings = {used}
                pos = g
                continue
            encodings.add(used)
            found = text.find(_GAME_CLOSE, pos)
            if found < 0:
                game.append(text[pos:])
                break
            game.append(text[pos : found + len(_GAME_CLOSE)])
            yield _hand_text(game, session, file, start, encodings)
            game = None
            pos = found + len(_GAME_CLOSE)
    if game is not None:
        yield _hand_text(game, session, file, start, encodings)


def _hand_text(
    game: list[str], session: str, file: str, start: tuple[int, int], encodings: set[str]
) -> k.HandText:
    text = "\n".join(game) + _MARK + session
    return k.HandText(text, file, start[0], start[1], "/".join(sorted(encodings)))


_GAMECODE = re.compile(r"<game\s+gamecode=\"([^\"]*)\"")


def _parse(ht: k.HandText) -> k.ParsedHand:
    """Read one game's text into a record (never raises for bad input).

    Args:
        ht: a hand text from :func:`_split`.

    Returns:
        The record and the problems met; a game outside the Omaha family is a
        ``skipped_game`` note.
    """
    m = _GAMECODE.match(ht.text)
    hand_id = html.unescape(m.group(1)) if m else None
    try:
        return _parse_checked(ht, hand_id)
    except Exception as exc:  # noqa: BLE001 - a bug must not stop the import
        return k.internal_error(ht.file, ht.line, hand_id, exc)


def _parse_checked(ht: k.HandText, hand_id: str | None) -> k.ParsedHand:
    game, _, session = ht.text.partition(_MARK)

    def problem(code: k.ProblemCode, message: str, line: int = 0) -> k.ParsedHand:
        return k.ParsedHand(
            None, (k.Problem(ht.file, line or ht.line, hand_id, code, message, game[:80]),),
            hand_id=hand_id,
        )  # fmt: skip

    if hand_id is None:
        return problem(k.ProblemCode.BAD_HEADER, 'not an iPoker <game gamecode="..."> element')
    cut = None
    if not game.rstrip().endswith(_GAME_CLOSE):
        # the file ends inside this game: read what was written when it is whole
        # up to the tags left open (a last <round> and the <game>)
        cut = k.Problem(
            ht.file,
            ht.line + game.rstrip().count("\n"),
            hand_id,
            k.ProblemCode.TRUNCATED_HAND,
            "the file ends before this game's </game> tag; read as far as written",
        )
        body = game.rstrip()
        if body.endswith(">") and body.count("<round") == body.count("</round>") + 1:
            body += "</round>"
        game = body + _GAME_CLOSE
    try:
        parsed = build_hand(ht, hand_id, game, session)
    except expat.ExpatError as exc:
        if cut is not None:
            return k.ParsedHand(None, (cut,), hand_id=hand_id)
        line = exc.lineno or 1
        return problem(k.ProblemCode.BAD_HEADER, f"this game is not well-formed XML: {exc}",
                       ht.line + line - 1)  # fmt: skip
    if cut is not None:
        parsed = k.ParsedHand(parsed.hand, (cut, *parsed.problems), parsed.skipped, hand_id)
    return parsed


FORMAT = k.SiteFormat(
    key="ipoker",
    name="iPoker",
    games="Omaha, 5-Card and 6-Card Omaha, Omaha Hi-Lo (pot limit, no limit, limit), cash",
    recognise=_recognise,
    split=_split,
    parse=_parse,
    rooms=("ipoker",),
    # a skin's help page on the network's limits: "Four raises are allowed per betting
    # round (cap)", not counting when only two players remain
    habits=k.Habits(limit_bets=5, limit_bets_tournament=5),
)
