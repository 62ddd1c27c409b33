"""Write every text report of a store to a folder, to compare two versions of the code.

    .venv/bin/python benchmarks/dump_reports.py STORE.duckdb OUT_DIR
    diff -r BEFORE_DIR AFTER_DIR

Writes, from the store (opened read-only): ``phh/`` (:func:`hhtools.reports.phh.export_phh`),
``ohh/`` (:func:`hhtools.reports.ohh.export_ohh`), ``summaries.txt`` (what each export
wrote and left out, per reason) and ``replay.txt`` (:func:`hhtools.reports.replay.replay_lines`
of every hand, by site and hand id). Run it with the code before a change
(``PYTHONPATH=/tmp/base``) and after, on the same store: two equal folders mean the
reports did not change. Nothing is timed.
"""

from __future__ import annotations

import sys
from pathlib import Path


def main(argv: list[str]) -> int:
    """``dump_reports.py STORE OUT_DIR``: write the reports; 0."""
    from hhtools.reports.ohh import export_ohh
    from hhtools.reports.phh import export_phh
    from hhtools.reports.replay import replay_lines
    from hhtools.store.api import HandStore

    store_path, out = argv
    out_dir = Path(out)
    for sub in ("phh", "ohh"):
        (out_dir / sub).mkdir(parents=True, exist_ok=True)
    store = HandStore(store_path)
    phh = export_phh(store, out_dir / "phh")
    ohh = export_ohh(store, out_dir / "ohh")
    (out_dir / "summaries.txt").write_text(f"{phh!r}\n{ohh!r}\n".replace(str(out_dir), "OUT"))
    keys = store.sql("SELECT site, hand_id FROM hands ORDER BY site, hand_id").rows()
    with (out_dir / "replay.txt").open("w", encoding="utf-8") as f:
        for site, hand_id in keys:
            f.write("\n".join(replay_lines(store.hand(hand_id, site))) + "\n\f\n")
    print(f"{len(keys)} hands replayed; PHH and OHH written to {out_dir}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
