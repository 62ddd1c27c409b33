"""Export hands to PHH, the Poker Hand History format of the pokerkit project.

PHH (https://github.com/uoftcprg/phh-std) is TOML: one table of fields per hand. A
``.phhs`` file holds several hands, each under its own table header. What we write:

* ``variant``: the PHH code. PHH (spec 0.0.1) names two Omaha games: ``PO``
  (pot-limit Omaha hold'em, high only) and ``FO/8`` (fixed-limit Omaha hold'em
  high/low, eight or better), and pokerkit (0.7) has no other Omaha game: both deal
  four hole cards, and ``HandHistory`` knows no other variant code. Hands of other
  games (pot-limit and no-limit Omaha hi/lo, limit and no-limit Omaha, 2-, 5-, 6- and
  7-card Omaha, Courchevel) have no PHH variant code: they are left out and counted
  per game. A fixed-limit hi/lo hand whose low qualifies with a 9 or a 7 is left out
  too (FO/8 reads lows by the 8 rule). So are hands pokerkit could not replay to the
  history's stacks, counted per reason (:func:`phh_text`): a board run twice (PHH
  has no notation for the number of runouts), money the room added, a pot a
  cash-out kept, a site that paid against the rules, bets the rules do not allow.
* ``antes``, ``blinds_or_straddles``, ``starting_stacks``: one entry per player, the
  players in PHH order: clockwise from the first seat left of the button, the button
  last (the small blind first in a ring game); heads-up, the two forced-bet arrays
  are written reversed, as PHH reads them. A seat with no chips is not dealt in.
  ``antes`` holds the dead money each player posts: antes, and the dead small blind
  of a ``dead_small_and_big`` post (dead money goes to the pot, not to the bet).
  ``blinds_or_straddles`` holds the live posts (blinds, straddles, the big blind of
  a dead post). pokerkit opens the betting left of the largest positive entry: the
  live post of the player before the first to act preflop is written positive, every
  other one negative (pokerkit posts ``abs``; a negative entry only leaves the order
  alone), so a big blind posted out of turn or a straddle keeps the site's order.
* ``min_bet`` (``PO``: the big blind) or ``small_bet``/``big_bet`` (``FO/8``: the
  limit's fixed bets, ``hands.small_bet``/``hands.big_bet``; see :func:`limit_bets`).
* ``actions``: ``d dh pN cards`` for every player (``????`` per unknown card), then the
  betting in order (``pN f``, ``pN cc``, ``pN cbr TOTAL`` with TOTAL the player's live
  bet on the street after the action, antes and dead blinds not counted), ``d db
  CARDS`` as each street is dealt, and the showdown where pokerkit holds it: at the
  end, or as soon as a betting round ends with at most one player left who has chips
  (everyone else all-in), before the rest of the board is dealt. At showdown
  ``pN sm CARDS`` for a player who showed or collected (``????`` per card we do not
  know: the player stays in for the pot), ``pN sm`` for one who mucked. Uncalled bets
  are not written: pokerkit returns them itself.
* Optional fields: ``hand``, ``table``, ``players``, ``seats``, ``seat_count``,
  ``currency`` (real money only), ``time``, ``day``, ``month``, ``year``,
  ``time_zone_abbreviation``, ``winnings`` (what each player collected, after rake) and
  ``finishing_stacks`` (stack - put in + returned + collected).
* User fields (pokerkit keeps them in ``user_defined_fields``): ``_site``, ``_game``,
  ``_rake`` (everything the site took from the pots: rake, jackpot and other fees),
  ``_pot_rakes`` (``[[pot, taken], ...]``: each pot before rake, main pot first, and
  what the site took from it; then the uncalled bets returned, ``[returned, 0]``,
  which pokerkit leaves in the pot and pays back as one) and ``_minor_unit``
  (``0.01`` for real money, ``1`` for chips: the smallest amount a pot is split in).

The rake: pokerkit takes rake pot by pot, calling the game's ``rake(amount, state)``
-> ``(raked, unraked)`` as it builds each main or side pot, and pushes only the
unraked part. PHH has no rake field, so the file carries ``_pot_rakes`` and
:func:`~hhtools.reports.phh_replay.pokerkit_options` turns it into that function
(and a ``divmod`` that splits pots in cents): ``dataclasses.replace(hh, **pokerkit_options(hh.user_defined_fields))``
makes a loaded :class:`pokerkit.HandHistory` replay to ``finishing_stacks``.

Amounts: currency units with exact decimals for real money (``0.05`` for five
cents, written from integer cents, never through a float), whole chips otherwise.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from hhtools.model.money import CHIP_CURRENCIES, amount_text
from hhtools.model.vocab import FindingGroup, finding_kinds
from hhtools.reports.ohh import iter_hands
from hhtools.reports.output import replacing
from hhtools.reports.phh_actions import PhhGap, action_lines
from hhtools.reports.phh_replay import file_header, pokerkit_options

if TYPE_CHECKING:
    from hhtools.store.api import HandStore

#: (game, structure) -> PHH variant code.
VARIANTS: dict[tuple[str, str], str] = {
    ("omaha", "pot_limit"): "PO",
    ("omaha-hilo", "limit"): "FO/8",
}


def toml_string(text: str) -> str:
    """A TOML basic string.

    >>> toml_string('a "b" \\\\ c')
    '"a \\\\"b\\\\" \\\\\\\\ c"'
    """
    out = text.replace("\\", "\\\\").replace('"', '\\"')
    out = "".join(ch if ch >= " " or ch == "\t" else f"\\u{ord(ch):04x}" for ch in out)
    return f'"{out}"'


def _array(items: list[str]) -> str:
    return "[" + ", ".join(items) + "]"


def limit_bets(hand: dict[str, Any]) -> tuple[int, int]:
    """The small bet and big bet of a fixed-limit hand, in minor units.

    Args:
        hand: the ``hands`` row. ``small_bet`` and ``big_bet`` hold the limit's bets
            ("Omaha Hi/Lo Limit ($1/$2 USD)": 100 and 200); ``small_blind`` and
            ``big_blind`` hold the blinds posted (50 and 100).

    Returns:
        ``(small_bet, big_bet)``. When the row has no ``small_bet``/``big_bet`` (a
        store written before those columns) or they are NULL: the usual limit
        structure, ``(big_blind, 2 * big_blind)``.

    >>> limit_bets({"small_blind": 50, "big_blind": 100, "small_bet": 100, "big_bet": 200})
    (100, 200)
    >>> limit_bets({"small_blind": 50, "big_blind": 100})
    (100, 200)
    """
    small, big = hand.get("small_bet"), hand.get("big_bet")
    if small is not None and big is not None:
        return int(small), int(big)
    bb = int(hand.get("big_blind") or 0)
    return bb, 2 * bb


def phh_gap(hand: Mapping[str, Any]) -> str | None:
    """Why PHH cannot carry a stored hand, or ``None`` when it can.

    Args:
        hand: the ``hands`` row (``game``, ``structure``, ``qualifier``,
            ``board_count``, ``room_added``, ``cash_out_forfeited``).

    Returns:
        ``"no PHH variant code"``, ``"low qualifier 9 (FO/8 is eight or better)"`` (a
        hi/lo hand whose low qualifies with a 9 or a 7: pokerkit reads lows by the 8
        rule), ``"board run twice"`` (PHH has no notation for the
        number of runouts: pokerkit deals one), ``"room added money"`` (pokerkit's
        rake cannot add to a pot), ``"cash-out kept the pot"`` (pokerkit would pay
        it), ``"read in part"`` (a line of the hand was not read: what it held
        cannot be written), ``"no big blind"`` (a bomb pot's antes alone: PHH's
        ``min_bet``, or a fixed-limit game's small bet, must be positive, and the
        hand names no stake to take it from); else ``None``.

    >>> phh_gap({"game": "omaha5", "structure": "pot_limit"})
    'no PHH variant code'
    >>> phh_gap({"game": "omaha", "structure": "pot_limit", "board_count": 2})
    'board run twice'
    >>> phh_gap({"game": "omaha", "structure": "pot_limit", "big_blind": 0})
    'no big blind'
    """
    if (hand["game"], hand["structure"]) not in VARIANTS:
        return "no PHH variant code"
    if hand["game"].endswith("-hilo") and (hand.get("qualifier") or 8) != 8:
        return f"low qualifier {hand['qualifier']} (FO/8 is eight or better)"
    if (hand.get("board_count") or 0) > 1:
        return "board run twice"
    if (hand.get("room_added") or 0) > 0:
        return "room added money"
    if (hand.get("cash_out_forfeited") or 0) > 0:
        return "cash-out kept the pot"
    if hand.get("read_in_part"):
        return "read in part"
    if "big_blind" in hand:  # a stored row (the examples above leave the stakes out)
        fixed = VARIANTS[(hand["game"], hand["structure"])] == "FO/8"
        if (limit_bets(dict(hand))[0] if fixed else int(hand["big_blind"] or 0)) <= 0:
            return "no big blind"
    return None


def halves_raked_apart(awards: list[dict[str, Any]] | None) -> bool:
    """Whether a hi/lo pot's halves were paid more than one unit apart (the site split
    the pot before rake and took the rake from one half as it chose, or kept a tied
    low half's leftover for the high half): pokerkit rakes a pot, then halves it.

    Args:
        awards: the hand's ``awards`` rows (``board``, ``pot``, ``half``, ``due`` in
            minor units), or ``None`` when not read.

    >>> halves_raked_apart([{"board": 0, "pot": 0, "half": "high", "due": 440},
    ...                     {"board": 0, "pot": 0, "half": "low", "due": 435}])
    True
    >>> halves_raked_apart([{"board": 0, "pot": 0, "half": "high", "due": 438},
    ...                     {"board": 0, "pot": 0, "half": "low", "due": 437}])
    False
    """
    halves: dict[tuple[int, int], dict[str, int]] = defaultdict(lambda: defaultdict(int))
    for a in awards or ():
        halves[a["board"], a["pot"]][a["half"]] += int(a["due"] or 0)
    return any("high" in h and "low" in h and abs(h["high"] - h["low"]) > 1
               for h in halves.values())  # fmt: skip


#: Audit findings that say the site paid against the rules: pokerkit pays by them.
PAID_AGAINST_RULES: tuple[str, ...] = tuple(str(k) for k in finding_kinds(FindingGroup.PAID))


@dataclass
class PhhSummary:
    """What an export wrote.

    Attributes:
        hands: hands written.
        skipped: hands left out, every reason together.
        skipped_games: hands without a PHH variant code per ``game structure``.
        left_out: hands of a PHH game left out, per ``game structure: reason``
            (:func:`phh_text`): ``"omaha pot_limit: board run twice"``.
        files: the files written.
    """

    hands: int = 0
    skipped: int = 0
    skipped_games: dict[str, int] = field(default_factory=dict)
    left_out: dict[str, int] = field(default_factory=dict)
    files: list[Path] = field(default_factory=list)


def _pot_takes(pots: list[dict[str, Any]]) -> list[tuple[int, int]]:
    """``(gross, taken)`` per pot; a split the store got wrong (a pot's net above its
    gross or below 0) is replaced by the total taken shared pro rata, the odd units
    on the main pot."""
    gross = [int(p["gross"] or 0) for p in pots]
    taken = [g - int(p["net"] or 0) for g, p in zip(gross, pots, strict=True)]
    if all(0 <= t <= g for g, t in zip(gross, taken, strict=True)):
        return list(zip(gross, taken, strict=True))
    total, whole = sum(taken), sum(gross)
    shares = [total * g // whole if whole else 0 for g in gross]
    if shares:
        shares[0] += total - sum(shares)
    return list(zip(gross, shares, strict=True))


def _players(seats: list[dict[str, Any]], actions: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The seats in the hand, in PHH order (left of the button first).

    A seat with a position and chips that put money in or acted; a seat that did
    neither was not dealt in whatever the site says (pokerkit would make it act).
    """
    acted = {a["player"] for a in actions}
    return sorted(
        (s for s in seats if s["position"] is not None and (s["stack"] or 0) > 0
         and ((s["put_in"] or 0) > 0 or (not s["sitting_out"] and s["player"] in acted))),
        key=lambda s: s["position"],
    )  # fmt: skip


def _forced_bets(
    players: list[dict[str, Any]], actions: list[dict[str, Any]], big_blind: int
) -> tuple[list[int], list[int], dict[str, int], str | None]:
    """Per player (PHH order): dead money and signed live posts; live posts by name;
    and a player to drop: one who folded before the deal, out of turn.

    Live: a big blind (up to the big blind: a bigger one holds the dead small blind),
    a straddle, a small blind unless the same player posts a big blind too (then it
    is dead). Dead: antes, the rest.
    """
    index = {s["player"]: i for i, s in enumerate(players)}
    posted: list[dict[str, int]] = [defaultdict(int) for _ in players]
    for a in actions:
        if a["kind"] == "post" and a["player"] in index:
            kind = a["post"] if a["post"] in ("ante", "small_blind", "straddle") else "big"
            posted[index[a["player"]]][kind] += int(a["added"] or a["amount"] or 0)
    dead, live = [0] * len(players), [0] * len(players)
    for i, p in enumerate(posted):
        big = min(p["big"], big_blind) if big_blind else p["big"]
        small = 0 if p["big"] else p["small_blind"]
        live[i] = big + small + p["straddle"]
        dead[i] = sum(p.values()) - live[i]
    first = next((index[a["player"]] for a in actions if a["street"] == "preflop"
                  and a["kind"] != "post" and a["player"] in index), None)  # fmt: skip
    signed = [-v for v in live]
    stray = None
    if first is None:  # nobody acts preflop (all in from the posts): order is moot
        signed = list(live)
    elif live[(first - 1) % len(players)]:
        # heads-up too: pokerkit reverses the array it reads, so per player it is this
        signed[(first - 1) % len(players)] = live[(first - 1) % len(players)]
    else:  # the first to act does not follow a post: the posts' own order
        signed = list(live)
        s = players[first]
        own = [a for a in actions if a["player"] == s["player"] and a["kind"] != "post"]
        if not (s["put_in"] or 0) and own[0]["kind"] == "fold":
            stray = s["player"]  # "folds" before the cards are dealt: not dealt in
    live_by_name = {s["player"]: live[i] for i, s in enumerate(players)}
    return dead, signed, live_by_name, stray


def hand_to_phh(
    hand: dict[str, Any], seats: list[dict[str, Any]], actions: list[dict[str, Any]],
    boards: list[dict[str, Any]], pots: list[dict[str, Any]] | None = None,
    findings: list[dict[str, Any]] | None = None,
    awards: list[dict[str, Any]] | None = None,
) -> str | None:  # fmt: skip
    """One stored hand as the body of a PHH table (``key = value`` lines).

    Args:
        hand: the ``hands`` row.
        seats: its ``seats`` rows.
        actions: its ``actions`` rows in order.
        boards: its ``boards`` rows.
        pots: its ``pots`` rows (``gross`` and ``net`` of each pot on board 0) for
            ``_pot_rakes``; ``None``: no rake is written.
        findings: its ``findings`` rows (``kind``), or ``None`` when not looked at.

    Returns:
        The PHH text, or ``None`` when PHH cannot carry the hand (see
        :func:`phh_text`, which says why).
    """
    try:
        return phh_text(hand, seats, actions, boards, pots, findings, awards)
    except PhhGap:
        return None


def phh_text(
    hand: dict[str, Any], seats: list[dict[str, Any]], actions: list[dict[str, Any]],
    boards: list[dict[str, Any]], pots: list[dict[str, Any]] | None = None,
    findings: list[dict[str, Any]] | None = None,
    awards: list[dict[str, Any]] | None = None,
) -> str:  # fmt: skip
    """:func:`hand_to_phh`, raising instead of returning ``None``.

    Raises:
        PhhGap: why PHH cannot carry the hand: :func:`phh_gap`'s reasons; ``"site paid
            against the rules"`` (an ``award_mismatch`` or ``chip_imbalance`` finding:
            pokerkit pays by the rules); ``"all in without being all in"`` (a player
            with chips left, not folded, kept out of a pot: a disconnection all-in);
            ``"raise the rules do not allow"`` (a re-raise after a short all-in that
            did not reopen the betting); ``"halves raked apart"``
            (:func:`halves_raked_apart`); ``"bet above the pot limit"`` (pokerkit keeps
            pot-limit bets to the pot); ``"actions out of turn"`` (a player acts
            before the one clockwise whose turn it is); ``"fewer than two players"``.
    """
    players = _carried_players(hand, seats, actions, pots, findings)
    if halves_raked_apart(awards):
        raise PhhGap("halves raked apart")
    code = VARIANTS[(hand["game"], hand["structure"])]
    cur = hand["currency"] or ""
    def amt(v: Any) -> str:
        return amount_text(int(v or 0), cur)

    while True:
        dead, signed, live_posts, stray = _forced_bets(players, actions,
                                                       int(hand["big_blind"] or 0))  # fmt: skip
        if stray is None or len(players) <= 2:
            break
        players = [s for s in players if s["player"] != stray]
    ante_list = [amt(v) for v in dead]
    blind_list = [amt(v) for v in signed]
    if len(players) == 2:  # heads-up: PHH reads these two arrays reversed
        ante_list.reverse()
        blind_list.reverse()
    lines = [f'variant = "{code}"']
    lines.append("antes = " + _array(ante_list))
    lines.append("blinds_or_straddles = " + _array(blind_list))
    if code == "FO/8":
        small_bet, big_bet = limit_bets(hand)
        lines.append(f"small_bet = {amt(small_bet)}")
        lines.append(f"big_bet = {amt(big_bet)}")
    else:
        lines.append(f"min_bet = {amt(hand['big_blind'])}")
    lines.append("starting_stacks = " + _array([amt(s["stack"]) for s in players]))
    fixed = limit_bets(hand) if code == "FO/8" else None
    acts = action_lines(players, actions, boards, live_posts, dead, amt,
                        0 if fixed else int(hand["big_blind"] or 0), fixed)  # fmt: skip
    lines.append("actions = " + _array([toml_string(a) for a in acts]))
    lines += _optional_lines(hand, players, amt)
    lines += _user_lines(hand, players, pots, amt)
    return "\n".join(lines) + "\n"


def _carried_players(
    hand: dict[str, Any], seats: list[dict[str, Any]], actions: list[dict[str, Any]],
    pots: list[dict[str, Any]] | None, findings: list[dict[str, Any]] | None,
) -> list[dict[str, Any]]:  # fmt: skip
    """The players dealt in (:func:`_players`), once the hand is known to be one PHH
    can carry; else :class:`PhhGap` with the reason (:func:`phh_text`)."""
    gap = phh_gap(hand)
    if gap is not None:
        raise PhhGap(gap)
    if any(f["kind"] in PAID_AGAINST_RULES for f in findings or ()):
        raise PhhGap("site paid against the rules")
    players = _players(seats, actions)
    if len(players) < 2:
        raise PhhGap("fewer than two players")
    for s in players:
        left = (s["stack"] or 0) - (s["put_in"] or 0) + (s["returned"] or 0)
        if s["folded"] is None and left > 0 and any(
            p["board"] == 0 and s["player"] not in (p["eligible"] or ()) for p in pots or ()
        ):
            raise PhhGap("all in without being all in")
    return players


def _optional_lines(
    hand: dict[str, Any], players: list[dict[str, Any]], amt: Callable[[Any], str]
) -> list[str]:
    """PHH's optional fields: hand, table, players, seats, seat_count, currency, the
    time, winnings and finishing stacks."""
    cur = hand["currency"] or ""
    lines = [f"hand = {toml_string(str(hand['hand_id']))}"]
    if hand["table_name"]:
        lines.append(f"table = {toml_string(hand['table_name'])}")
    lines.append("players = " + _array([toml_string(s["player"]) for s in players]))
    lines.append("seats = " + _array([str(s["seat"]) for s in players]))
    if hand["max_seats"]:
        lines.append(f"seat_count = {hand['max_seats']}")
    if len(cur) == 3 and cur.isalpha() and cur.isupper() and cur not in CHIP_CURRENCIES:
        lines.append(f"currency = {toml_string(cur)}")
    started = hand["started_at"]
    if started is not None:
        lines.append(f"time = {started:%H:%M:%S}")
        lines.append(f"day = {started.day}")
        lines.append(f"month = {started.month}")
        lines.append(f"year = {started.year}")
    if hand["time_zone"]:
        lines.append(f"time_zone_abbreviation = {toml_string(hand['time_zone'])}")
    lines.append("winnings = " + _array([amt(s["collected"]) for s in players]))
    lines.append("finishing_stacks = " + _array([
        amt((s["stack"] or 0) - (s["put_in"] or 0) + (s["returned"] or 0) + (s["collected"] or 0))
        for s in players
    ]))  # fmt: skip
    return lines


def _user_lines(
    hand: dict[str, Any], players: list[dict[str, Any]], pots: list[dict[str, Any]] | None,
    amt: Callable[[Any], str],
) -> list[str]:  # fmt: skip
    """The user fields: ``_site``, ``_game``, ``_rake``, ``_pot_rakes``, ``_minor_unit``."""
    lines = [f"_site = {toml_string(hand['site'])}", f"_game = {toml_string(hand['game'])}"]
    taken = _pot_takes([p for p in pots or () if p["board"] == 0])
    returned = sum(int(s["returned"] or 0) for s in players)
    if returned:  # pokerkit keeps an uncalled bet in a pot of its own (or the last pot)
        taken.append((returned, 0))
    lines.append(f"_rake = {amt(sum(t for _, t in taken) if pots is not None else hand['rake'])}")
    lines.append("_pot_rakes = " + _array([f"[{amt(g)}, {amt(t)}]" for g, t in taken]))
    lines.append(f"_minor_unit = {'1' if (hand['currency'] or '') in CHIP_CURRENCIES else '0.01'}")
    return lines


def export_phh(store: HandStore, out_dir: Path, batch: int = 20000) -> PhhSummary:
    """Write every hand PHH can carry to ``out_dir``, one ``.phhs`` per site and game.

    Files are named ``<site>-<game>-<structure>.phhs``; each hand is a table named
    ``<site>-<hand_id>``. Hands of games with no PHH code are counted per game in
    ``skipped_games``; hands of a PHH game that PHH cannot replay per reason in
    ``left_out`` (:func:`phh_gap`).

    Args:
        store: an open store.
        out_dir: an existing folder.
        batch: hands read per query (memory follows the batch).

    Returns:
        A :class:`PhhSummary`.

    Raises:
        OSError: a file cannot be written. Each file is written under a new name and
            renamed: a link already named like it is replaced, never written through.
    """
    from importlib.metadata import PackageNotFoundError, version

    try:
        header = file_header(version("hhtools"))
    except PackageNotFoundError:
        header = file_header()
    summary = PhhSummary()
    for game, structure, n in store.con.execute(
        "SELECT game, structure, count(*) FROM hands GROUP BY ALL ORDER BY ALL"
    ).fetchall():
        if (game, structure) not in VARIANTS:
            summary.skipped += n
            summary.skipped_games[f"{game} {structure}"] = n
    sites = [r[0] for r in store.con.execute(
        "SELECT DISTINCT site FROM hands ORDER BY site").fetchall()]  # fmt: skip
    for site in sites:
        for game, structure in VARIANTS:
            path = out_dir / f"{site}-{game}-{structure}.phhs"
            wrote = 0
            with replacing(path) as fh:  # a link named like the file is replaced
                fh.write(header)
                for h, g in iter_hands(store, "site = ? AND game = ? AND structure = ?",
                                       [site, game, structure], batch,
                                       extra=("awards",)):  # fmt: skip
                    try:
                        text = phh_text(h, g["seats"], g["actions"], g["boards"], g["pots"],
                                        g["findings"], g["awards"])  # fmt: skip
                    except PhhGap as gap:
                        reason = f"{game} {structure}: {gap}"
                        summary.left_out[reason] = summary.left_out.get(reason, 0) + 1
                        summary.skipped += 1
                        continue
                    fh.write(f"[{toml_string(site + '-' + str(h['hand_id']))}]\n{text}\n")
                    wrote += 1
            if wrote:
                summary.files.append(path)
                summary.hands += wrote
            else:  # no hand: no file (a link or file of an earlier export goes)
                path.unlink()
    return summary


__all__ = [
    "PAID_AGAINST_RULES", "VARIANTS", "PhhGap", "PhhSummary", "export_phh",
    "halves_raked_apart", "hand_to_phh", "limit_bets", "phh_gap", "phh_text",
    "pokerkit_options", "toml_string",
]  # fmt: skip
