"""The paged lists of one table each the server answers (findings, problems, imports):
which table, columns and order (:class:`Listing`, this module's constants, never text
from a request), and one page of its rows (:func:`listing`)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from hhtools.serve.queries import json_value

if TYPE_CHECKING:
    from hhtools.store.api import HandStore

__all__ = ["FINDINGS", "IMPORTS", "PROBLEMS", "PROBLEMS_ONLY", "Listing", "listing"]


@dataclass(frozen=True, slots=True)
class Listing:
    """A paged list of one table (findings, problems, imports): constants of this module,
    never text from a request.

    Attributes:
        table: the table.
        select: the columns, as SQL.
        order: the ORDER BY list.
        counted: the column counted per value (``counts``), or empty for none.
        counted_where: the condition on the rows counted.
    """

    table: str
    select: str
    order: str
    counted: str = ""
    counted_where: str = "true"


FINDINGS = Listing("findings", "kind, explanation, site, hand_id, file, line, player, board, "
                   "pot, half, paid, due", "file, line, site, hand_id, kind, player", "kind")
PROBLEMS = Listing("import_errors", "file, line, site, hand_id, code, message AS reason, "
                   "excerpt, is_note", "file, line, hand_id, code", "code")
PROBLEMS_ONLY = Listing(PROBLEMS.table, PROBLEMS.select, PROBLEMS.order, "code",
                        "NOT coalesce(is_note, false)")
IMPORTS = Listing("imports", "import_id, file, site_format, bytes, hands, duplicates, "
                  "skipped, failed, problems, findings, imported_at",
                  "import_id DESC, imported_at DESC, file")


def listing(hs: HandStore, what: Listing, where: str, params: list[Any], page: int,
            per_page: int) -> dict[str, Any]:  # fmt: skip
    """One page of a table's rows.

    Args:
        hs: the open store.
        what: the table and its columns.
        where: a condition with ``?`` marks (this module's or the API's constants).
        params: the values for them.
        page, per_page: which rows.

    Returns:
        ``{"total", "page", "per_page", "rows"}``, and ``counts`` (``[{<counted>,
        "count"}]``, over all the rows of ``counted_where``, most first) when the
        listing counts a column.
    """
    (total,) = hs.con.execute(f"SELECT count(*) FROM {what.table} WHERE {where}",
                              params).fetchall()[0]  # fmt: skip
    cur = hs.con.execute(
        f"SELECT {what.select} FROM {what.table} WHERE {where} ORDER BY {what.order} "
        "LIMIT ? OFFSET ?", [*params, per_page, (page - 1) * per_page])  # fmt: skip
    names = [d[0] for d in cur.description]
    rows = [dict(zip(names, (json_value(v) for v in r), strict=True)) for r in cur.fetchall()]
    out: dict[str, Any] = {"total": int(total), "page": page, "per_page": per_page, "rows": rows}
    if what.counted:
        counts = hs.con.execute(
            f"SELECT {what.counted}, count(*) FROM {what.table} WHERE {what.counted_where} "
            "GROUP BY 1 ORDER BY 2 DESC, 1").fetchall()  # fmt: skip
        out["counts"] = [{what.counted: c, "count": int(n)} for c, n in counts]
    return out
