"""Export hands to PHH, the Poker Hand History format of the pokerkit project.

PHH (https://github.com/uoftcprg/phh-std) is TOML: one table of fields per hand. A
``.phhs`` file holds several hands, each under its own table header. What we write:

* ``variant``: the PHH code. PHH names two Omaha games: ``PO`` (pot-limit Omaha
  hold'em, high only) and ``FO/8`` (fixed-limit Omaha hold'em high/low, eight or
  better). Hands of other games (pot-limit Omaha hi/lo, 5- and 6-card Omaha,
  Courchevel, no-limit Omaha) have no code yet and are skipped and counted.
* ``antes``, ``blinds_or_straddles``, ``starting_stacks``: one entry per player, the
  players in PHH order: clockwise from the first seat left of the button, the button
  last (the small blind first in a ring game).
* ``min_bet`` (``PO``: the big blind) or ``small_bet``/``big_bet`` (``FO/8``: the
  limit's fixed bets, ``hands.small_bet``/``hands.big_bet``; see :func:`limit_bets`).
  The blinds are always the amounts posted (a $1/$2 limit game posts $0.50/$1).
* ``actions``: ``d dh pN cards`` for every player (``????`` per unknown card), then the
  betting in order (``pN f``, ``pN cc``, ``pN cbr TOTAL`` with TOTAL the player's bet
  on the street after the action), ``d db CARDS`` as each street is dealt, and at
  showdown ``pN sm CARDS`` (shown) or ``pN sm`` (mucked), in showdown order (the last
  aggressor of the final betting round first, else the first player left of the
  button, then clockwise).
* Optional fields: ``hand``, ``table``, ``players``, ``seats``, ``seat_count``,
  ``currency`` (real money only), ``time``, ``day``, ``month``, ``year``,
  ``time_zone_abbreviation``, ``winnings`` (what each player collected) and
  ``finishing_stacks``; user fields ``_site``, ``_game`` and ``_rake``.

Amounts: currency units with exact decimals for real money (``0.05`` for five
cents, written from integer cents, never through a float), whole chips otherwise.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from hhtools.model.money import amount_text

if TYPE_CHECKING:
    from hhtools.store.api import HandStore

#: (game, structure) -> PHH variant code.
VARIANTS: dict[tuple[str, str], str] = {
    ("omaha", "pot_limit"): "PO",
    ("omaha-hilo", "limit"): "FO/8",
}

_STREETS = ("preflop", "flop", "turn", "river")


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


@dataclass
class PhhSummary:
    """What an export wrote.

    Attributes:
        hands: hands written.
        skipped: hands without a PHH variant code.
        skipped_games: skipped hands per ``game structure``.
        files: the files written.
    """

    hands: int = 0
    skipped: int = 0
    skipped_games: dict[str, int] = field(default_factory=dict)
    files: list[Path] = field(default_factory=list)


def hand_to_phh(
    hand: dict[str, Any], seats: list[dict[str, Any]], actions: list[dict[str, Any]],
    boards: list[dict[str, Any]],
) -> str | None:  # fmt: skip
    """One stored hand as the body of a PHH table (``key = value`` lines).

    Args:
        hand: the ``hands`` row.
        seats: its ``seats`` rows.
        actions: its ``actions`` rows in order.
        boards: its ``boards`` rows.

    Returns:
        The PHH text, or ``None`` when the game has no PHH variant code.
    """
    code = VARIANTS.get((hand["game"], hand["structure"]))
    if code is None:
        return None
    cur = hand["currency"] or ""
    amt = lambda v: amount_text(int(v or 0), cur)  # noqa: E731
    players = sorted(
        (s for s in seats if not s["sitting_out"] and s["position"] is not None),
        key=lambda s: s["position"],
    )
    index = {s["player"]: i + 1 for i, s in enumerate(players)}
    antes = defaultdict(int)
    blinds = defaultdict(int)
    for a in actions:
        if a["kind"] != "post" or a["player"] not in index:
            continue
        if a["post"] == "ante":
            antes[a["player"]] += a["amount"] or 0
        elif a["post"] in ("small_blind", "big_blind", "straddle"):
            blinds[a["player"]] += a["amount"] or 0
        elif a["post"] == "dead_small_and_big":
            blinds[a["player"]] += hand["big_blind"] or 0
    ante_list = [amt(antes[s["player"]]) for s in players]
    blind_list = [amt(blinds[s["player"]]) for s in players]
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

    acts: list[str] = []
    for s in players:
        cards = (s["hole_cards"] or "").split()
        dealt = "".join(cards) if len(cards) == 4 else "??" * 4
        acts.append(f"d dh p{index[s['player']]} {dealt}")
    board = boards[0] if boards else {}
    street_cards = {"flop": board.get("flop"), "turn": board.get("turn"), "river": board.get("river")}
    on_street: dict[str, int] = defaultdict(int)
    current = "preflop"
    last_aggressor: str | None = None
    aggressor_street = "preflop"
    for name in _STREETS:
        if name != "preflop":
            cards = street_cards.get(name)
            if not cards:
                break
            acts.append(f"d db {''.join(cards.split())}")
        for a in actions:
            if a["street"] != name or a["player"] not in index:
                continue
            if a["kind"] == "post":
                on_street[a["player"]] += a["added"] or 0
                continue
            if name != current:
                on_street.clear()
                current = name
            p = f"p{index[a['player']]}"
            on_street[a["player"]] += a["added"] or 0
            if a["kind"] == "fold":
                acts.append(f"{p} f")
            elif a["kind"] in ("check", "call"):
                acts.append(f"{p} cc")
            else:
                acts.append(f"{p} cbr {amt(on_street[a['player']])}")
                last_aggressor, aggressor_street = a["player"], name
    live = [s for s in players if s["folded"] is None]
    if len(live) >= 2:
        last_street = max((_STREETS.index(a["street"]) for a in actions
                           if a["street"] in _STREETS and a["kind"] != "post"), default=0)  # fmt: skip
        start = 0
        if last_aggressor is not None and _STREETS.index(aggressor_street) == last_street:
            start = next((i for i, s in enumerate(live) if s["player"] == last_aggressor), 0)
        for s in live[start:] + live[:start]:
            cards = (s["hole_cards"] or "").split()
            shown = "".join(cards) if s["showed"] and len(cards) == 4 else ""
            acts.append(f"p{index[s['player']]} sm {shown}".rstrip())
    lines.append("actions = " + _array([toml_string(a) for a in acts]))

    lines.append(f"hand = {toml_string(str(hand['hand_id']))}")
    if hand["table_name"]:
        lines.append(f"table = {toml_string(hand['table_name'])}")
    lines.append("players = " + _array([toml_string(s["player"]) for s in players]))
    lines.append("seats = " + _array([str(s["seat"]) for s in players]))
    if hand["max_seats"]:
        lines.append(f"seat_count = {hand['max_seats']}")
    if len(cur) == 3 and cur.isalpha() and cur.isupper() and cur not in ("PLAY",):
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
    lines.append(f"_site = {toml_string(hand['site'])}")
    lines.append(f"_game = {toml_string(hand['game'])}")
    lines.append(f"_rake = {amt(hand['rake'])}")
    return "\n".join(lines) + "\n"


def _rows(store: HandStore, query: str) -> list[dict[str, Any]]:
    cur = store.con.execute(query)
    names = [d[0] for d in cur.description]
    return [dict(zip(names, r, strict=True)) for r in cur.fetchall()]


def export_phh(store: HandStore, out_dir: Path, batch: int = 20000) -> PhhSummary:
    """Write every hand with a PHH variant code to ``out_dir``, one ``.phhs`` per game.

    Files are named ``<site>-<game>-<structure>.phhs``; each hand is a table named
    ``<site>-<hand_id>``.

    Args:
        store: an open store.
        out_dir: an existing folder.
        batch: hands read per query (memory follows the batch).

    Returns:
        A :class:`PhhSummary`.
    """
    summary = PhhSummary()
    for game, structure, n in store.con.execute(
        "SELECT game, structure, count(*) FROM hands GROUP BY ALL ORDER BY ALL"
    ).fetchall():
        if (game, structure) not in VARIANTS:
            summary.skipped += n
            summary.skipped_games[f"{game} {structure}"] = n
    sites = [r[0] for r in store.con.execute("SELECT DISTINCT site FROM hands").fetchall()]
    for site in sites:
        for (game, structure), _code in VARIANTS.items():
            path = out_dir / f"{site}-{game}-{structure}.phhs"
            wrote = 0
            offset = 0
            with path.open("w", encoding="utf-8") as fh:
                while True:
                    sel = (
                        f"SELECT * FROM hands WHERE site = '{site}' AND game = '{game}' "
                        f"AND structure = '{structure}' ORDER BY started_at, hand_id "
                        f"LIMIT {batch} OFFSET {offset}"
                    )
                    hands = _rows(store, sel)
                    if not hands:
                        break
                    offset += batch
                    keys = f"SELECT site, hand_id FROM ({sel})"
                    grouped: dict[str, dict[str, list[dict[str, Any]]]] = defaultdict(
                        lambda: defaultdict(list)
                    )
                    for table, order in (("seats", "seat"), ("actions", "seq"), ("boards", "board")):
                        for r in _rows(store, f"SELECT t.* FROM {table} t JOIN ({keys}) k "
                                              f"USING (site, hand_id) ORDER BY t.hand_id, t.{order}"):  # fmt: skip
                            grouped[r["hand_id"]][table].append(r)
                    for h in hands:
                        g = grouped[h["hand_id"]]
                        text = hand_to_phh(h, g["seats"], g["actions"], g["boards"])
                        if text is None:
                            continue
                        fh.write(f"[{toml_string(site + '-' + str(h['hand_id']))}]\n{text}\n")
                        wrote += 1
            if wrote:
                summary.files.append(path)
                summary.hands += wrote
            else:
                path.unlink()
    return summary


__all__ = [
    "VARIANTS", "PhhSummary", "export_phh", "hand_to_phh", "limit_bets",
    "toml_string",
]  # fmt: skip
