"""Why a hand number asked for is not stored, when a reading met it.

``hhtools show N`` and ``hhtools serve``'s ``/api/hands/{site}/{id}`` answer "no hand
N" for a number no reading met; a hand read and left out (a problem that gave it no
record, or a note: a game skipped by design) says so, with where and why, from the
``import_errors`` row its reading left.
"""

from __future__ import annotations

from typing import Any

from hhtools.model.vocab import NOTE_CODES

__all__ = ["why_not_stored"]


def why_not_stored(store: Any, hand_id: str) -> str:
    """The clause to add to "no hand N in the store" for a hand read and not stored.

    Args:
        store: an open :class:`~hhtools.store.api.HandStore` (anything with its ``sql``).
        hand_id: the site's hand number asked for.

    Returns:
        ``": it was read and not stored, FILE:LINE: MESSAGE (CODE); 'hhtools problems'
        lists it"`` from the latest reading's first row for that number in
        ``import_errors`` (``'hhtools problems --notes'`` for a note: a game skipped by
        design, which ``problems`` alone leaves out), or ``""`` when no reading left one.
    """
    rows = store.sql("SELECT file, line, message, code FROM import_errors WHERE hand_id = ? "
                     "ORDER BY import_id DESC, line LIMIT 1", [hand_id]).rows()  # fmt: skip
    return "".join(f": it was read and not stored, {file}:{line}: {message} ({code}); "
                   f"'hhtools problems{' --notes' if code in NOTE_CODES else ''}' lists it"
                   for file, line, message, code in rows)  # fmt: skip
