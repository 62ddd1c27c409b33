"""Finding kinds carry their group; the reports' lists of kinds come from the groups."""

from __future__ import annotations

import inspect
import re

from hhtools.audit.checks import CHECKS
from hhtools.model.vocab import FindingGroup, FindingKind, finding_kinds
from hhtools.reports.phh import PAID_AGAINST_RULES
from hhtools.reports.report import FINDING_ORDER, FINDINGS_HIDDEN


def test_stored_values_unchanged() -> None:
    # the text each kind is stored under (findings.kind), as the README documents them
    assert [str(k) for k in FindingKind] == [
        "award_mismatch", "chip_imbalance", "declared_misread", "mucked_winner",
        "holdem_misread_prone", "contradicted_line", "procedure_blinds", "procedure_order",
        "procedure_bet_size", "procedure_showdown_order",
    ]  # fmt: skip
    assert FindingKind("award_mismatch") is FindingKind.AWARD_MISMATCH
    assert FindingKind.MUCKED_WINNER == "mucked_winner"


def test_every_kind_has_a_group() -> None:
    assert all(isinstance(k.group, FindingGroup) for k in FindingKind)
    assert set(finding_kinds(*FindingGroup)) == set(FindingKind)
    assert finding_kinds(FindingGroup.PROCEDURE) == (
        FindingKind.PROCEDURE_BLINDS, FindingKind.PROCEDURE_ORDER,
        FindingKind.PROCEDURE_BET_SIZE, FindingKind.PROCEDURE_SHOWDOWN_ORDER,
    )  # fmt: skip


def test_report_lists_come_from_the_groups() -> None:
    # the site paid against the rules (money), then named a hand wrongly; a warning hidden
    assert FINDING_ORDER == ("award_mismatch", "chip_imbalance", "declared_misread")
    assert FINDINGS_HIDDEN == ("holdem_misread_prone",)
    assert PAID_AGAINST_RULES == ("award_mismatch", "chip_imbalance")


def test_every_kind_is_emitted_by_a_registered_check() -> None:
    # the kinds the registered checks' modules name, and only those, are the vocabulary
    named: set[str] = set()
    for check in CHECKS:
        source = inspect.getsource(inspect.getmodule(check))  # type: ignore[arg-type]
        named |= set(re.findall(r"FindingKind\.([A-Z_]+)", source))
    assert named == {k.name for k in FindingKind}
