"""A store written before hands read in part were told apart (schema 9 or before): tell
them now, from the store's own problems, and judge them as an import does today.

A hand is *read in part* when its grammar did not understand some of its lines
(:data:`~hhtools.model.vocab.UNREAD_CODES`); every such line was stored then as an
``import_errors`` row naming the hand's file, hand id and line. So an older store's
``hands.read_in_part`` and ``hands.unread_lines`` are worked out from those rows, and
its findings of those hands are judged again by the audit's own rule
(:func:`hhtools.audit.judged`): those the unread lines could have caused are removed,
as an import of the same reading would not have stored them, and ``hands.findings``
counts what is left. Hands read in full keep everything.
"""

from __future__ import annotations

from collections import defaultdict
from types import SimpleNamespace
from typing import Any

import duckdb

from hhtools.audit import judged
from hhtools.model.vocab import UNREAD_CODES, FindingKind

__all__ = ["fill_unread"]


#: the kinds of findings by their stored text
_KINDS: dict[str, FindingKind] = {str(k): k for k in FindingKind}


def _missing(con: duckdb.DuckDBPyConnection) -> int:
    return int(con.execute(
        "SELECT count(*) FROM hands WHERE read_in_part IS NULL").fetchall()[0][0])  # fmt: skip


def fill_unread(con: duckdb.DuckDBPyConnection) -> int:
    """Fill ``hands.read_in_part`` and ``hands.unread_lines`` of every hand stored
    without them (NULL), and silence its stored findings the unread lines could change.

    A problem is the hand's when it names the hand's file and hand id, a line of the
    hand (at or after its first line) and a code of
    :data:`~hhtools.model.vocab.UNREAD_CODES`. A finding stored on the hand's first
    line is one about the whole hand (the store gives such findings that line).

    Args:
        con: a writable connection (outside a transaction).

    Returns:
        The number of hands found read in part.
    """
    if not _missing(con):
        return 0
    codes = sorted(str(c) for c in UNREAD_CODES)
    marks = ", ".join("?" for _ in codes)
    con.execute("BEGIN TRANSACTION").fetchall()
    try:
        con.execute(
            f"""CREATE OR REPLACE TEMP TABLE unread_todo AS
            SELECT h.site, h.hand_id, h.line AS first_line,
                   list_sort(list(DISTINCT e.line)) AS lines
            FROM hands h JOIN import_errors e
              ON e.file = h.file AND e.hand_id = h.hand_id AND e.line >= h.line
             AND e.code IN ({marks})
            WHERE h.read_in_part IS NULL
            GROUP BY h.site, h.hand_id, h.line""",
            codes,
        ).fetchall()
        con.execute(
            """UPDATE hands SET read_in_part = true, unread_lines = t.lines
            FROM unread_todo t WHERE hands.site = t.site AND hands.hand_id = t.hand_id
              AND hands.read_in_part IS NULL"""
        ).fetchall()
        con.execute(
            "UPDATE hands SET read_in_part = false, unread_lines = []::INTEGER[] "
            "WHERE read_in_part IS NULL"
        ).fetchall()
        partly = _silence(con)
        con.execute("COMMIT").fetchall()
    except BaseException:
        con.execute("ROLLBACK").fetchall()
        raise
    return partly


def _silence(con: duckdb.DuckDBPyConnection) -> int:
    """Remove the stored findings of the hands in ``unread_todo`` that
    :func:`hhtools.audit.judged` would not keep; recount ``hands.findings``."""
    hands: dict[tuple[str, str], Any] = {}
    for site, hid, first_line, lines in con.execute(
        "SELECT site, hand_id, first_line, lines FROM unread_todo"
    ).fetchall():
        hands[site, hid] = SimpleNamespace(unread_lines=tuple(lines), actions=[], first=first_line)
    if not hands:
        return 0
    for site, hid, line in con.execute(
        "SELECT a.site, a.hand_id, a.line FROM actions a JOIN unread_todo t "
        "ON a.site = t.site AND a.hand_id = t.hand_id WHERE a.line IS NOT NULL"
    ).fetchall():
        hands[site, hid].actions.append(SimpleNamespace(line=line))
    gone: list[int] = []
    dropped: dict[tuple[str, str], int] = defaultdict(int)
    for rowid, site, hid, kind, line in con.execute(
        "SELECT f.rowid, f.site, f.hand_id, f.kind, f.line FROM findings f JOIN unread_todo t "
        "ON f.site = t.site AND f.hand_id = t.hand_id"
    ).fetchall():
        hand = hands[site, hid]
        at = 0 if line is None or line <= hand.first else line  # the hand's first: hand-wide
        known = _KINDS.get(kind)  # a kind this version does not know: not judged, removed
        finding = SimpleNamespace(kind=known, line=at)
        if known is None or not judged(finding, hand):  # type: ignore[arg-type]
            gone.append(rowid)
            dropped[site, hid] += 1
    if gone:
        con.execute("DELETE FROM findings WHERE list_contains(?, rowid)", [gone]).fetchall()
        con.executemany(
            "UPDATE hands SET findings = greatest(coalesce(findings, 0) - ?, 0) "
            "WHERE site = ? AND hand_id = ?",
            [(n, site, hid) for (site, hid), n in dropped.items()],
        )
    return len(hands)
