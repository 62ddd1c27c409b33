"""An OHH file's hand cut short, a pretty-printed hand after it: the good hand was lost
in silence (fuzz seed 10 of ``tests/fuzz_kit``: ohh1001). A hand's object starts where
``{"ohh":`` is met, even inside a hand the file cut short; a pretty-printed hand writes
its ``{`` alone on its line, ``"ohh": {`` on the next, so the start was never seen and
the good hand went into the cut one (one ``truncated_hand``, nothing else). Now a ``{``
that ends its line is matched with the lines after it (``grammars._json._starts``).

``tests/fixtures/ohh/damaged/jsonl_hand_cut_short_before_a_pretty_printed_hand.ohh``,
worked by hand: line 1, hand ohh3001 on one line cut inside its "rounds" key:
``truncated_hand`` on line 1. Line 2 on, hand ohh3002: Bob posts $0.25, Cat $0.50; Ann
raises, putting in $1.50; Bob folds, Cat calls $1.00 ($3.25); Cat checks the flop, Ann
bets $2.00 (not called: back to her), Cat folds. The pot of $3.25 less $0.15 rake:
Ann is paid $3.10.
"""

from __future__ import annotations

import io
from pathlib import Path

from hhtools.audit import audit_hand
from hhtools.grammars import get
from hhtools.model.vocab import ProblemCode

NAME = "jsonl_hand_cut_short_before_a_pretty_printed_hand.ohh"
FIXTURE = Path(__file__).parent / "fixtures" / "ohh" / "damaged" / NAME


def test_pretty_printed_hand_after_a_cut_one_is_read() -> None:
    fmt = get("ohh")
    data = FIXTURE.read_bytes()
    texts = list(fmt.split(io.BytesIO(data), NAME))
    assert [(t.line, t.offset) for t in texts] == [(1, 0), (2, data.index(b"\n{") + 1)]
    cut, good = (fmt.parse(t) for t in texts)
    assert cut.hand is None
    assert [(p.line, p.code) for p in cut.problems] == [(1, ProblemCode.TRUNCATED_HAND)]
    assert good.hand is not None and good.problems == () and good.hand_id == "ohh3002"
    assert [(c.player, c.amount) for c in good.hand.collects] == [("Ann", 310)]
    assert good.hand.rake == 15
    assert audit_hand(good.hand).findings == ()


def test_pretty_printed_hands_one_after_another_split_as_before() -> None:
    # the good hand alone, twice: two hands, each at its "{" line
    good = FIXTURE.read_bytes().split(b"\n", 1)[1]
    data = good + good.replace(b"ohh3002", b"ohh3003")
    texts = list(get("ohh").split(io.BytesIO(data), NAME))
    assert [t.line for t in texts] == [1, 1 + good.count(b"\n")]
