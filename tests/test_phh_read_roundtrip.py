"""Round trip through PHH (issue 30, item 2): every hand hhtools exports as PHH
imports back to the same records, settlements and findings, modulo what PHH cannot
carry, named here (:data:`NOT_CARRIED`, :func:`left_out`). The comparison is OHH's
(``tests/test_ohh_read_roundtrip.py``); the hands the same (both corpora, skipped with
the reason when absent; the bundled generated hands, or
``HHTOOLS_ROUNDTRIP_GENERATED=DIR``). Only the hands the export writes are compared:
it leaves out the games PHH has no code for and the hands pokerkit could not replay
(:func:`hhtools.reports.phh.phh_gap`), and says so.
"""

from __future__ import annotations

import os
from collections import Counter
from pathlib import Path
from typing import Any

import duckdb
import pytest

from hhtools.reports.phh import export_phh
from hhtools.store.api import connect
from hhtools.store.importer import import_paths
from tests.conftest import SAMPLES
from tests.test_ohh_read_roundtrip import (
    FIXES,
    NOT_CARRIED as OHH_NOT_CARRIED,
    ROOTS,
    Fix,
    Key,
    Row,
    compare,
)
from tests.test_ohh_read_roundtrip import left_out as ohh_left_out

#: What PHH cannot carry beyond what OHH cannot (compared for no hand), and why.
NOT_CARRIED: dict[str, dict[str, str]] = {
    "hands": {
        **{k: v for k, v in OHH_NOT_CARRIED["hands"].items()
           if k not in ("started_at", "time_zone")},  # PHH has the site's clock  # fmt: skip
        "hero": "PHH names no hero", "players": "PHH writes the players dealt in only",
        "is_tournament": "PHH's export writes no tournament", "tournament_id": "no tournament",
        "buy_in_amount": "no tournament", "buy_in_currency": "no tournament",
        "total_pot": "PHH writes no total pot", "ante": "the largest dead post (antes and "
        "a dead small blind are both PHH's antes)",
    },
    "seats": {**OHH_NOT_CARRIED["seats"], "is_hero": "PHH names no hero",
              "position": "counted over the seats PHH writes (the players dealt in)",
              "position_name": "named over the seats PHH writes",
              "at_showdown": "counted over the seats PHH writes"},
    "actions": {**OHH_NOT_CARRIED["actions"], "seq": "posts come first, antes then blinds",
                "all_in": "PHH writes no all-in flag: worked out from the stacks",
                "post": "a dead small blind is an ante (PHH: dead money), the big blind a "
                        "big blind"},  # fmt: skip
    "showdowns": OHH_NOT_CARRIED["showdowns"],
    "findings": OHH_NOT_CARRIED["findings"],
    "awards": {**OHH_NOT_CARRIED["awards"],
               "pot": "PHH names no pot: the audit gives a player's winnings to the pots",
               "paid": "per pot (compared summed per player: seats.collected)"},
}
#: Findings PHH cannot carry: OHH's, and the posts' order and kinds (PHH writes posts
#: as amounts per player: who posted out of turn, or a dead blind, is not said).
NOT_CARRIED_FINDINGS = frozenset({"declared_misread", "procedure_showdown_order",
                                  "procedure_blinds"})  # fmt: skip


def _hands(r: Row, t: Any, key: Key, carried: set[str], first: bool) -> Row | None:
    # PHH's _rake is all the site took: rake, fees and jackpot
    r["rake"] = (r["rake"] or 0) + (r["fees"] or 0) + (r["jackpot"] or 0)
    r["fees"] = r["jackpot"] = 0
    if r["currency"] == "PLAY":
        r["currency"] = "CHIPS"  # PHH writes a currency for real money only
    for k in ("started_at", "started_at_utc"):  # the time to the second
        r[k] = r[k].replace(microsecond=0) if r[k] is not None else None
    return r


def known_cards(seats: list[Row]) -> set[str]:
    """PHH deals every player's known cards (``d dh``): the hero's, those shown, and
    those the summary shows mucked."""
    return {s["player"] for s in seats if s["hole_cards"]}


def _contested(t: Any, key: Key) -> bool:
    """Whether two or more players stayed to the end (PHH writes a showdown then)."""
    return sum(s["folded"] is None and s["position"] is not None for s in t["seats"][key]) > 1


def _showdowns(r: Row, t: Any, key: Key, carried: set[str], first: bool) -> Row | None:
    if first:  # PHH shows the cards of a player who showed or collected ("sm CARDS")
        seat = next(s for s in t["seats"][key] if s["player"] == r["player"])  # at a showdown
        if not (seat["showed"] or (seat["collected"] or 0) > 0) or not _contested(t, key):
            return None  # a muck ("sm") otherwise, the cards known from "d dh"
    return FIXES["showdowns"](r, t, key, carried, first)


def _seats(r: Row, t: Any, key: Key, carried: set[str], first: bool) -> Row | None:
    r = FIXES["seats"](r, t, key, carried, first)  # type: ignore[assignment]
    if not _contested(t, key):  # no showdown: PHH writes no cards shown
        r["showed"], r["due_at_showdown"] = False, None
    r["due_at_showdown"] = r["due_at_showdown"] or None  # 0: no showdown row (PHH: none)
    return r


def _actions(r: Row, t: Any, key: Key, carried: set[str], first: bool) -> Row | None:
    # posts are amounts per player in PHH (antes, blinds_or_straddles), not lines in
    # order: compared as each player's chips put in (seats.put_in)
    return None if r["kind"] == "post" else r


def _findings(r: Row, t: Any, key: Key, carried: set[str], first: bool) -> Row | None:
    if r["kind"] in NOT_CARRIED_FINDINGS:
        return None
    if first and r["kind"] in ("holdem_misread_prone", "mucked_winner"):
        seat = next((s for s in t["seats"][key] if s["player"] == r["player"]), None)
        if seat is None or not (seat["showed"] or seat["collected"]) or not _contested(t, key):
            return None  # a hand PHH deals ("d dh") but does not show ("sm CARDS")
    return FIXES["findings"](r, t, key, carried, first)


PHH_FIXES: dict[str, Fix] = {**FIXES, "hands": _hands, "seats": _seats, "showdowns": _showdowns,
                             "actions": _actions, "findings": _findings}  # fmt: skip


def left_out(exported: dict[Key, set[str]]) -> Any:
    """Why a hand is not compared, beyond OHH's reasons
    (:func:`tests.test_ohh_read_roundtrip.left_out`):

    * not in the export (PHH cannot carry it: the export counts why);
    * its button seat not among the players dealt in (PHH's button is its last
      player's seat);
    * blinds posted other than the game's (PHH writes the posts, not the stakes);
    * a player acting with no chips left (the export drops betting after everyone is
      all in: pokerkit allows none);
    * a winner's cards known but not shown (PHH shows every winner's known cards:
      ``pN sm CARDS``);
    * a jackpot (PHH's ``_rake`` holds it: the seats' rake shares differ);
    * an all-in raise nobody could call, the excess returned: pokerkit calls there,
      so the export writes a call (:func:`_raise_nobody_could_call`);
    * posts other than one small and one big blind (and antes): a straddle, a dead
      blind, a big blind posted out of turn (PHH writes amounts per player: the
      order and kinds of the posts are the export's, the procedure checks read them);
    * blinds posted by other seats than the rules say (a ``procedure_blinds``
      finding): PHH's blinds are by position, so the reading puts them where the
      rules do;
    * two players dealt in at a table of more (PHH reads two players as heads-up:
      the button's small blind);
    * a currency PHH does not write (not an ISO code: ``mBTC``; amounts then chips);
    * a known hand mucked at an all-in showdown: the export shows it (pokerkit 0.7
      deals on to one hand with chips behind only when the others are shown).

    Args:
        exported: the players of each hand the export wrote.
    """

    def why(t: dict[str, dict[Key, list[Row]]], key: Key) -> str | None:
        if key not in exported:
            return "not exported"
        (hand,) = t["hands"][key]
        seats = t["seats"][key]
        button = next((s["player"] for s in seats if s["seat"] == hand["button"]), None)
        if button not in exported[key]:
            return "button seat not dealt in"
        posted = {a["post"]: a["added"] for a in reversed(t["actions"][key]) if a["kind"] == "post"}
        if posted.get("small_blind", hand["small_blind"]) != hand["small_blind"] or posted.get(
                "big_blind", hand["big_blind"]) != hand["big_blind"]:  # fmt: skip
            return "blinds posted other than the game's"
        kinds = Counter(a["post"] for a in t["actions"][key] if a["kind"] == "post")
        if set(kinds) - {"ante", "small_blind", "big_blind"} or kinds["small_blind"] > 1 or (
                kinds["big_blind"] > 1):  # fmt: skip
            return "posts other than one small and one big blind"
        if len(exported[key]) == 2 < sum(s["position"] is not None for s in seats):
            return "two dealt in at a fuller table"  # PHH reads two players as heads-up
        if any(f["kind"] == "procedure_blinds" for f in t["findings"].get(key, ())):
            return "blinds posted by other seats than the rules say"
        cur = hand["currency"] or ""
        if cur not in ("CHIPS", "PLAY") and not (len(cur) == 3 and cur.isalpha() and cur.isupper()):
            return "a currency PHH does not write"
        left = {s["player"]: s["stack"] or 0 for s in seats}
        for a in t["actions"][key]:
            if a["kind"] not in ("post", "fold") and left.get(a["player"], 1) <= 0:
                return "acts with no chips left"
            left[a["player"]] = left.get(a["player"], 0) - (a["added"] or 0)
        live = [s for s in seats if s["player"] in exported[key] and s["folded"] is None]
        if len(live) > 1 and any(s["collected"] and s["hole_cards"] and not s["showed"]
                                 for s in live):  # fmt: skip
            return "winner's cards not shown"
        if hand["jackpot"]:
            return "jackpot"
        if _raise_nobody_could_call(t, key):
            return "an all-in raise nobody could call"
        if len(live) > 1 and any(a["all_in"] for a in t["actions"][key]) and any(
                s["hole_cards"] and not s["showed"] for s in live):  # fmt: skip
            return "a hand mucked at an all-in showdown"
        return ohh_left_out(t, key)

    return why


def _raise_nobody_could_call(t: dict[str, dict[Key, list[Row]]], key: Key) -> bool:
    """Whether a player's last bet or raise, all in and partly returned, faced only
    players all in already: pokerkit calls there (the export writes "cc", the site's
    return is pokerkit's to make)."""
    seats = t["seats"][key]
    for s in seats:
        if not s["returned"]:
            continue
        last = next((a for a in reversed(t["actions"][key]) if a["player"] == s["player"]
                     and a["kind"] in ("bet", "raise")), None)  # fmt: skip
        others = [o for o in seats if o["player"] != s["player"] and o["folded"] is None
                  and o["position"] is not None]  # fmt: skip
        if last is not None and last["all_in"] and others and all(
                (o["put_in"] or 0) >= (o["stack"] or 0) for o in others):  # fmt: skip
            return True
    return False


def phh_round_trip(paths: list[Path], tmp: Path) -> tuple[Path, Path, int]:
    """Import ``paths``, export the store as PHH, import the export: the two stores
    and the hands the export wrote."""
    first, second, out = tmp / "first.duckdb", tmp / "second.duckdb", tmp / "phh"
    out.mkdir()
    import_paths([str(p) for p in paths], first, workers=1)
    with connect(first) as store:
        summary = export_phh(store, out)
    import_paths([str(out)], second, workers=1)
    return first, second, summary.hands


def _compare(first: Path, second: Path) -> tuple[list[tuple[str, Key]], Any, int]:
    with duckdb.connect(str(second), read_only=True) as con:
        exported: dict[Key, set[str]] = {}
        for site, hid, player in con.execute("SELECT site, hand_id, player FROM seats").fetchall():
            exported.setdefault((site, hid), set()).add(player)
        problems = con.execute("SELECT file, line, code, message FROM import_errors").fetchall()
    assert problems == []
    return compare(first, second, keep=left_out(exported), not_carried=NOT_CARRIED,
                   dealt_only=True, fixes=PHH_FIXES, cards=known_cards)  # fmt: skip


def test_corpora_round_trip(tmp_path: Path) -> None:
    roots = [r for r in ROOTS if r.is_dir()]
    if not roots:
        pytest.skip(f"real hand histories not found at {ROOTS[0]} (../shared is only beside CI)")
    first, second, written = phh_round_trip(roots, tmp_path)
    diffs, reasons, compared = _compare(first, second)
    assert diffs == []
    assert compared >= 300 and compared + sum(v for k, v in reasons.items()
                                              if k != "not exported") == written  # fmt: skip


def test_generated_round_trip(tmp_path: Path) -> None:
    folder = Path(os.environ.get("HHTOOLS_ROUNDTRIP_GENERATED", SAMPLES / "generated"))
    first, second, written = phh_round_trip([folder], tmp_path)
    diffs, reasons, compared = _compare(first, second)
    assert diffs == []
    assert compared >= 0.9 * written
