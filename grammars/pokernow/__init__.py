"""PokerNow game logs: the CSV log a player downloads from a pokernow.club home game.

A log is one file for a whole session, every game of a mixed session in it, one event
a row (``entry,at,order``: the event, its time, a number that orders the rows: it grows
with time, and the download writes the NEWEST ROW FIRST). The entries of one hand, in
time order (the CSV doubles the quotes inside an entry)::

    -- starting hand #12 (id: abc123xyz)  Pot Limit Omaha Hi (dealer: "Bob @ x9Y8z7W6") --
    Player stacks: #1 "Alice @ a1B2c3D4" (1000) | #3 "Bob @ x9Y8z7W6" (2000)
    "Alice @ a1B2c3D4" posts a small blind of 5
    "Bob @ x9Y8z7W6" posts a big blind of 10
    Your hand is A♠, K♥, Q♦, J♣                 (the downloader's own cards, unnamed)
    "Alice @ a1B2c3D4" raises to 35             (the street total)
    "Bob @ x9Y8z7W6" calls 35                   (a call's number is the street total too)
    Flop:  [8♦, 5♣, 2♥]
    Turn: 8♦, 5♣, 2♥ [K♠]                       (the board so far, then the new card)
    River: 8♦, 5♣, 2♥, K♠ [3♦]
    "Bob @ x9Y8z7W6" shows a K♥, K♦, 8♣, 7♣.
    "Bob @ x9Y8z7W6" collected 70 from pot with Three of a Kind, K's (combination: ...)
    -- ending hand #12 --

What is read, and how:

* Files: recognised by the header row ``entry,at,order`` and, in the first bytes, a row
  only a log writes (a hand's start, end or stacks row, a player's post or action, a
  table's row: a download may begin inside a long hand). The rows are put back in
  order by ``order`` (a file written oldest first is read the same way). Lines are the
  file's own row numbers, so in a download they run backwards in time: the record
  says so (``newest_first``), and the audit reads the order of lines in time (the
  order of action, the blinds, what an unread row can change).
* Hands: from ``-- starting hand #N`` to ``-- ending hand #N --``. Rows after the end and
  before the next start are the hand's too (a player may show after the end; players
  join, leave, sit out and get chips between hands). Each hand text is its own run of
  rows, closed by one more line, ``next hand: `` and the next hand's ``Player stacks``
  row: the stacks the next hand starts with check this hand's reading. A hand with no
  end row (the log downloaded while it was played) is a ``truncated_hand`` problem;
  rows whose start row is missing are one too.
* Header: ``-- starting hand #<n> (id: <id>)  <game> (dealer: "<player>") --``, or
  ``(dead button)``; the game may be in parentheses and older logs write no id (the
  hand id is then ``<game id>#<n>``, the game id taken from the file's name
  ``poker_now_log_<game id>.csv``). The hand's id is the log's ``id``; the table its
  game id. Games: ``Pot Limit Omaha Hi``, ``Pot Limit Omaha Hi/Lo 8 or Better``,
  ``Pot Limit Omaha 5 Card Hi`` (and ``6 Card``, ``Hi/Lo``, ``No Limit``);
  ``No Limit Texas Hold'em`` hands are skipped as other games.
* Players are named as the log names them, ``Alice @ a1B2c3D4``: the name the player
  chose, then the id PokerNow gives the player's device, which keeps two Alices apart.
  ``Player stacks`` gives the seats (``#n``) and stacks; the dealer's seat is the button.
* Money: amounts are written as integers (chips) or with two decimals; a hand whose
  stacks have decimals is read in hundredths with currency ``XXX`` (ISO 4217's "no
  currency"), else in whole chips with currency ``PLAY``. There is no rake.
* Posts: ``posts a small blind of``, ``a big blind of``, ``a straddle of`` (live),
  ``a missed big blind of`` (live), ``a missing small blind of`` (dead: with the same
  player's big blind it is a big blind and a dead small one, else dead money, an
  ante's kind), ``an ante of``.
* Betting: ``calls X``, ``bets X`` and ``raises to X`` all write the player's street
  total; ``checks``, ``folds``; `` and go all in`` (or `` and is all in``) after the
  amount; ``Uncalled bet of X returned to "P"``.
* Boards: ``Flop:  [..]``, ``Turn: <board> [card]``, ``River: <board> [card]`` (a card
  as ``A♠`` or ``10♥``); run it twice: ``Flop (second run): [..]``, ``Turn (second
  run): ...``, ``River (second run): ...`` write the second board (the cards shared
  with the first written again), one board per run in the record; a collect then names
  no run.
* Showdown: ``"P" shows a A♠, K♥, Q♦, J♣.``; ``"P" collected X from pot`` (``with <hand
  words> (combination: <five cards>)`` at a showdown: words that begin with a high
  hand's category, "Three of a Kind, K's", "Flush, Ad High", are the shown hand's
  description and claim, its ranks read from the five cards; a low's words, "7 High",
  make none, nor does a hand run twice). The rows name no pot, no half and no run: a
  player's collects are one (the audit shares them over the pots and runs by the
  rules). ``Your hand is ..`` names no player: its cards are the hero's when a player
  shows the same cards, else unused.
* The log's own amounts check the reading (judge only what was read): what the collects
  pay must be what the players put in less what went back (no rake): else an
  ``amount_meaning`` problem on the first collect (or on the calls, when reading them
  as the chips added fits), the hand stored read in part, none of its money judged.
  A player who plays the next hand, named by no row in between that changes stacks
  (join, rebuy, stand up, sit back, an admin's update), starts it with what this hand
  left him: else a ``stack_mismatch`` problem on the end row (the hand's own rows
  agree with themselves, and it is judged as read).
* Rows that carry no chips (joins, approvals, seat requests, the run-it-twice choices,
  blinds changed, undealt cards) are read and change nothing.
"""

from __future__ import annotations

from hhtools.grammars._site import site_format
from hhtools.grammars.pokernow.hand import SITE, PokerNowHand, parse
from hhtools.grammars.pokernow.split import HEADER_ROW, recognise, split

__all__ = ["FORMAT", "HEADER_ROW", "SITE", "recognise", "split"]

#: The PokerNow game log format.
FORMAT = site_format(
    SITE, "PokerNow game log (CSV)",
    "Omaha hi and hi/lo 8 (4, 5 and 6 cards); pot limit and no limit; home-game chips "
    "(run it twice, straddles, missed blinds); hold'em hands skipped",
    recognise, split, parse, hand=PokerNowHand,
)  # fmt: skip

