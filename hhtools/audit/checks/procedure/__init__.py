"""The procedure checks: blinds, order of play, bet sizes and the order of the shows.

Each check reads the hand as the site wrote it and compares it with the procedure of
the rule texts (shared/seeds 002, "The Deal and Betting" and "The Showdown"; seed 003,
"Sequence of game play"). What a site writes that the texts do not cover (dead and
missed blinds, posts to come in, straddles, players sitting out, a button on an empty
seat) is taken as written: when a check cannot be sure what the rule wanted, it says
nothing.
"""

from __future__ import annotations

from hhtools.audit.checks.procedure.blinds import procedure_blinds
from hhtools.audit.checks.procedure.order import procedure_order
from hhtools.audit.checks.procedure.showdown import procedure_showdown_order
from hhtools.audit.checks.procedure.sizes import LIMIT_CAP, procedure_bet_size

__all__ = [
    "LIMIT_CAP",
    "procedure_bet_size",
    "procedure_blinds",
    "procedure_order",
    "procedure_showdown_order",
]
