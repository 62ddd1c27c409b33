"""A file whose currency signs were encoded twice (written as UTF-8, opened as cp1252 and
saved as UTF-8 again: "€" became "â‚¬", "£" became "Â£"; a public tracker's "invalid
currency" reports) reads as the file as written. Before, each format met "â‚¬0.25" where
an amount stands: PokerStars' and Winamax's headers were bad_header (every hand lost),
PokerTracker's table line a bad_table, Enet's and Everleaf's amounts unread. A hand whose
parse has problems and whose text holds such a sign is parsed again with its text read
once (grammars/__init__.py, _Checked): the reading with a record and fewer problems is
kept. A clean hand is parsed once, as before. Measured over every fixture holding a euro
or pound sign (40 files): each reads the same twice-encoded as written."""

from __future__ import annotations

from pathlib import Path

from hhtools.ingest.read import parse_path

FIX = Path(__file__).parent / "fixtures"
FILES = ("pokerstars/zoom_eur_no_limit.txt", "winamax/hilo_halves_named_total_after_rake.txt",
         "pokertracker/microgaming_raised_to_adds_chips_win_holds_uncalled_bet.txt")  # fmt: skip


def _read(path: Path) -> list[tuple[object, ...]]:
    return [(r.hand_id, r.hand is not None and r.hand.collects, r.hand is not None and
             r.hand.game, tuple(p.code for p in r.problems)) for r in parse_path([path])]  # fmt: skip


def test_currency_signs_encoded_twice_read_as_written(tmp_path: Path) -> None:
    for name in FILES:
        text = (FIX / name).read_text("utf-8")
        assert "€" in text
        twice = tmp_path / Path(name).name
        twice.write_bytes(text.replace("€", "\u00e2\u201a\u00ac").encode("utf-8"))
        assert _read(twice) == _read(FIX / name), name
    # the euro table's stakes, read from "0.50â‚¬/1â‚¬" as from "0.50€/1€"
    (r,) = [r for r in parse_path([tmp_path / "hilo_halves_named_total_after_rake.txt"])]
    assert r.hand is not None and r.hand.game.currency == "EUR"
