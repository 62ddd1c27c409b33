"""Score the audit against the generator's truth file.

Generates N PokerStars hands with planted errors (``--tamper-rate``), imports them
with the audit, and checks every hand against the truth: a tampered hand must get a
finding of the kind its error calls for, and no untampered hand may get any
award_mismatch, chip_imbalance or declared_misread finding.

    python benchmarks/score_audit.py --hands 20000 --tamper-rate 0.03 [--seed 5]

Exits 1 when any hand is missed or wrongly flagged, printing the first few.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
from collections import Counter
from pathlib import Path

import duckdb

from hhtools.store.importer import import_paths

ROOT = Path(__file__).resolve().parents[1]
GEN = ROOT.parent / "shared" / "tools" / "gen_pokerstars.py"

#: planted error -> the finding kind that must name it
EXPECTED_KIND = {
    "wrong_winner": "award_mismatch",
    "low_to_nonqualifier": "award_mismatch",
    "wrong_amount": "chip_imbalance",
    "misdescribed_hand": "declared_misread",
}
AUDIT_KINDS = ("award_mismatch", "chip_imbalance", "declared_misread")


def score(data: Path, truth: Path, db: Path, workers: int | None = None) -> dict[str, object]:
    """Import ``data`` into ``db`` and compare its findings with ``truth``.

    Returns:
        See :func:`compare`.
    """
    import_paths([data], db, workers=workers)
    return compare(db, [truth])


def compare(db: Path, truths: list[Path]) -> dict[str, object]:
    """Compare the findings stored in ``db`` with the generator's truth files.

    Returns:
        ``{"hands", "tampered", "caught", "missed": [...], "false": [...], "by_kind"}``
        where ``missed`` lists (hand_id, planted kind, kinds found) and ``false`` lists
        (hand_id, kinds found) for untampered hands that got a finding.
    """
    with duckdb.connect(str(db), read_only=True) as con:
        found: dict[str, set[str]] = {}
        for hid, kind in con.execute(
            "SELECT hand_id, kind FROM findings WHERE kind IN ?", [list(AUDIT_KINDS)]
        ).fetchall():
            found.setdefault(hid, set()).add(kind)
    hands = tampered = caught = 0
    missed: list[tuple[str, str, list[str]]] = []
    false: list[tuple[str, list[str]]] = []
    by_kind: Counter[str] = Counter()
    for truth in truths:
        with open(truth, encoding="utf-8") as fh:
            for line in fh:
                rec = json.loads(line)
                hands += 1
                hid = str(rec["hand_id"])
                kinds = found.get(hid, set())
                t = rec.get("tampered")
                if t:
                    tampered += 1
                    by_kind[t["kind"]] += 1
                    if EXPECTED_KIND[t["kind"]] in kinds:
                        caught += 1
                    else:
                        missed.append((hid, t["kind"], sorted(kinds)))
                elif kinds:
                    false.append((hid, sorted(kinds)))
    return {"hands": hands, "tampered": tampered, "caught": caught, "missed": missed,
            "false": false, "by_kind": dict(by_kind)}  # fmt: skip


def main() -> None:
    """Generate, import, score, print."""
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--hands", type=int, default=20_000)
    ap.add_argument("--tamper-rate", type=float, default=0.03)
    ap.add_argument("--seed", type=int, default=5)
    ap.add_argument("--workers", type=int, default=None)
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp)
        subprocess.run(
            [sys.executable, str(GEN), "--hands", str(args.hands), "--seed", str(args.seed),
             "--out", str(out / "hh"), "--truth", str(out / "truth.jsonl"),
             "--tamper-rate", str(args.tamper_rate)],
            check=True, capture_output=True,
        )  # fmt: skip
        res = score(out / "hh", out / "truth.jsonl", out / "s.duckdb", args.workers)
    print(f"hands {res['hands']:,}, tampered {res['tampered']} {res['by_kind']}")
    print(f"caught {res['caught']} of {res['tampered']}; missed {len(res['missed'])}; "
          f"untampered hands flagged {len(res['false'])}")  # fmt: skip
    for row in list(res["missed"])[:10]:  # type: ignore[call-overload]
        print("missed:", row)
    for row in list(res["false"])[:10]:  # type: ignore[call-overload]
        print("flagged:", row)
    if res["missed"] or res["false"]:
        raise SystemExit(1)


if __name__ == "__main__":
    main()
