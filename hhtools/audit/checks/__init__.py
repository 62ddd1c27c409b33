"""The audit's checks, in the order they run: one function each, one line each here.

A check is ``(ctx) -> Iterable[Finding]``: it reads the site's claims
(``ctx.hand``, the :class:`~hhtools.model.records.HandHistory`), what the rules made
of them (``ctx.settlement``, the :class:`~hhtools.audit.settle.HandSettlement`) and
the facts checks share, each worked out once per hand
(:class:`~hhtools.audit.context.AuditContext`), and never imports another check.
To add one: write the function in a module of this package, then add it to
:data:`CHECKS`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from hhtools.audit.checks.awards import award_mismatch
from hhtools.audit.checks.contradictions import contradicted_line
from hhtools.audit.checks.declared import declared_misread
from hhtools.audit.checks.holdem import holdem_misread_prone
from hhtools.audit.checks.ledger import chip_balance
from hhtools.audit.checks.mucked import mucked_winner
from hhtools.audit.checks.procedure import (
    procedure_bet_size,
    procedure_blinds,
    procedure_order,
    procedure_showdown_order,
)
from hhtools.audit.context import AuditContext
from hhtools.audit.findings import Finding

Check = Callable[[AuditContext], Iterable[Finding]]

CHECKS: tuple[Check, ...] = (
    contradicted_line,
    chip_balance,
    award_mismatch,
    declared_misread,
    holdem_misread_prone,
    mucked_winner,
    procedure_blinds,
    procedure_order,
    procedure_bet_size,
    procedure_showdown_order,
)
