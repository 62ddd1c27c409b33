"""Replaying an exported PHH hand in pokerkit with the site's rake and pot splitting.

pokerkit takes the rake and the split of a pot as functions; a PHH file can only hold
values, so :mod:`hhtools.reports.phh` writes each pot's rake and the hand's minor unit
as user fields (``_pot_rakes``, ``_minor_unit``), and :func:`pokerkit_options` turns
them back into those functions.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from decimal import Decimal
from typing import Any

__all__ = ["REPLAY_CALL", "file_header", "pokerkit_options"]

#: The pokerkit call that replays every hand of an exported file with the site's rake,
#: ``PATH`` the file. It is written in each file's header and in the README, and the
#: tests run it as written. ``HandHistory.load_all(fp)`` alone replays without rake.
REPLAY_CALL = """\
import dataclasses, pokerkit
from hhtools.reports.phh_replay import pokerkit_options
replayed = {}
with open(PATH, "rb") as fp:
    for hh in pokerkit.HandHistory.load_all(fp):
        hh = dataclasses.replace(hh, **pokerkit_options(hh.user_defined_fields))
        replayed[hh.hand] = list(hh)[-1].stacks  # == hh.finishing_stacks
"""


def file_header(version: str = "") -> str:
    """The TOML comment that opens every exported ``.phhs`` file.

    It says what the file holds, that ``finishing_stacks`` are the history's own
    (after the site's rake), and the exact pokerkit call that replays each hand with
    that rake (:data:`REPLAY_CALL`).

    Args:
        version: hhtools's version, named in the first line (``""``: not named).

    Returns:
        Comment lines (``# ...``), each ending in a newline, then a blank line.

    >>> file_header("1.0").splitlines()[0]
    "# Poker hand histories in PHH, pokerkit's format, written by hhtools 1.0."
    """
    lines = [
        "Poker hand histories in PHH, pokerkit's format, written by hhtools"
        + (f" {version}." if version else "."),
        "finishing_stacks are the history's own, after the rake the site took. PHH has",
        "no rake field: HandHistory.load_all(fp) alone replays every pot unraked. Each",
        "hand's rake is in its user fields (_pot_rakes, _minor_unit); this call replays",
        "every hand of this file with it (pokerkit 0.7, hhtools installed, PATH this file):",
        "",
        *("    " + line for line in REPLAY_CALL.splitlines()),
    ]
    return "".join(f"# {line}".rstrip() + "\n" for line in lines) + "\n"


def pokerkit_options(fields: Mapping[str, Any]) -> dict[str, Callable[..., Any]]:
    """The ``rake`` and ``divmod`` pokerkit needs to replay one exported hand.

    Args:
        fields: the hand's user fields as pokerkit loads them
            (``HandHistory.user_defined_fields``) or the TOML table: ``_pot_rakes``
            and ``_minor_unit``, numbers as ``int`` or ``Decimal``.

    Returns:
        ``{"rake": f, "divmod": g}`` for :class:`pokerkit.HandHistory`:
        ``f(amount, state=None) -> (raked, unraked)`` takes from a pot of ``amount``
        what the site took from the pot of that size, or from the run of neighbouring
        pots of that total that pokerkit merged, or the whole rake from the one pot of
        a hand won without a showdown (nothing from a pot the site did not rake, or
        from a pot pokerkit has not finished building); ``g(amount, n)``
        splits in the hand's minor unit (cents for real money), the odd units to the
        first share, which pokerkit gives to the first winner left of the button.

    >>> opts = pokerkit_options({"_pot_rakes": [[Decimal("6"), Decimal("0.30")]],
    ...                          "_minor_unit": Decimal("0.01")})
    >>> opts["rake"](Decimal("6.00")), opts["rake"](Decimal("2"))
    ((Decimal('0.30'), Decimal('5.70')), (0, Decimal('2')))
    >>> opts["divmod"](Decimal("1.75"), 2)
    (Decimal('0.87'), Decimal('0.01'))
    """
    table = [(Decimal(str(p)), Decimal(str(t))) for p, t in fields.get("_pot_rakes") or ()]
    unit = Decimal(str(fields.get("_minor_unit", 1)))
    nets = [gross - taken for gross, taken in table]

    def num(value: Decimal) -> Any:  # chips stay int, as pokerkit reads them
        return int(value) if unit == 1 else value

    def rake(amount: Any, state: Any = None) -> tuple[Any, Any]:
        # pokerkit merges neighbouring pots once their players are the same (after a
        # hand is killed): a run of the site's pots summing to the amount is one pot.
        run = _run([gross for gross, _ in table], amount)
        if state is not None and sum(state.statuses) == 1:
            # won without a showdown: pokerkit makes one pot, and keeps the winner's
            # last bet out of it, so its size says nothing; the site's rake is all of it
            run = range(len(table))
        taken = sum((table[k][1] for k in run), Decimal(0))
        if taken > amount:
            taken = Decimal(0)
        return (num(taken), amount - num(taken)) if taken else (0, amount)

    def divmod_units(amount: Any, count: int) -> tuple[Any, Any]:
        # a merged pot is split pot by pot, as the site did: the odd units are the sum
        # of each pot's odd units (they all go to the same first winner)
        parts = [nets[k] for k in _run(nets, amount)] or [Decimal(amount)]
        whole = odd = 0
        for part in parts:
            w, o = divmod(int(part / unit), count)
            whole, odd = whole + w, odd + o
        return num(whole * unit), amount - num(whole * unit) * count

    return {"rake": rake, "divmod": divmod_units}


def _run(values: list[Decimal], amount: Any) -> range:
    """The first run of neighbouring ``values`` that sums to ``amount`` (empty if none)."""
    for i in range(len(values)):
        total = Decimal(0)
        for j in range(i, len(values)):
            total += values[j]
            if total == amount:
                return range(i, j + 1)
            if total > amount:
                break
    return range(0)
