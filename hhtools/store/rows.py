"""Turn parsed and audited hands into column batches for the store.

A :class:`RowBatch` holds, per table of :mod:`hhtools.store.db`, a dict of column ->
list of values. Workers build batches and send them whole to the process that owns
the database, which appends each table in one statement.
"""

from __future__ import annotations

import hashlib
from collections import defaultdict
from typing import Any

from hhtools.audit.core import AuditResult
from hhtools.rules.pots import contributions_by_action
from hhtools.rules.settlement import PotAward
from hhtools.model.records import ActionKind, HandHistory, Street

Columns = dict[str, list[Any]]


class RowBatch:
    """Columns per table, filled hand by hand.

    Attributes:
        tables: table name -> column name -> values.
        hand_ids: (site, hand_id, digest) of each hand in the batch, in order.
    """

    __slots__ = ("tables", "hand_ids", "n")

    def __init__(self) -> None:
        self.tables: dict[str, Columns] = defaultdict(lambda: defaultdict(list))
        self.hand_ids: list[tuple[str, str, str]] = []
        self.n = 0  # running number of the hand being added (column ``_n``)

    def __len__(self) -> int:
        return len(self.hand_ids)

    def add(self, table: str, **values: Any) -> None:
        """Append one row to ``table`` (keyword per column), tagged with the current hand."""
        cols = self.tables[table]
        cols["_n"].append(self.n)
        for k, v in values.items():
            cols[k].append(v)

    def freeze(self) -> dict[str, dict[str, list[Any]]]:
        """Plain dicts (picklable, no default factories)."""
        return {t: dict(c) for t, c in self.tables.items()}


def text_digest(text: str) -> str:
    """SHA-1 hex digest of a hand's text, the key for spotting a changed hand."""
    return hashlib.sha1(text.encode("utf-8", "surrogatepass")).hexdigest()


def units_text(amount: int, currency: str) -> str:
    """Minor units as plain text without a symbol: 5 cents -> "0.05", 200 -> "2".

    >>> units_text(5, "USD"), units_text(200, "EUR"), units_text(150, "USD"), units_text(20, "CHIPS")
    ('0.05', '2', '1.50', '20')
    """
    if currency in ("PLAY", "CHIPS"):
        return str(amount)
    whole, cents = divmod(amount, 100)
    return str(whole) if cents == 0 else f"{whole}.{cents:02d}"


def _stakes(hand: HandHistory) -> str:
    """Stakes as the site names them: the blinds, or a limit game's small/big bet."""
    g = hand.game
    low, high = (g.small_bet, g.big_bet) if g.small_bet is not None and g.big_bet is not None else (
        g.small_blind, g.big_blind)
    return f"{units_text(low, g.currency)}/{units_text(high, g.currency)}"


def _quartered(award: PotAward, player: str, half: str) -> bool:
    """Did ``player`` win part of a tied half (high or low) of this pot?"""
    if half == "high":
        return len(award.high_winners) > 1 and player in award.high_winners
    if half == "low":
        return len(award.low_winners) > 1 and player in award.low_winners
    return award.quartered(player)


def add_hand(
    batch: RowBatch, hand: HandHistory, audit: AuditResult | None, import_id: int, n: int = 0
) -> None:
    """Add one hand's rows (all tables) to ``batch``.

    Args:
        batch: the batch being filled.
        hand: the parsed hand.
        audit: its audit, or ``None`` when importing with ``--no-audit``.
        import_id: the ``imports.import_id`` of this run.
        n: the hand's running number in the run; every row carries it in column
            ``_n`` so the importer can drop a duplicate hand's rows.
    """
    batch.n = n
    site, hid = hand.site, hand.hand_id
    digest = text_digest(hand.text)
    batch.hand_ids.append((site, hid, digest))
    g = hand.game
    board0 = hand.boards[0] if hand.boards else ()

    # actions, with the chips each one added
    added = contributions_by_action(hand.actions, g.big_blind)
    acts = batch.tables["actions"]
    folded_on: dict[str, str] = {}
    voluntary: set[str] = set()
    raised_pre: set[str] = set()
    for seq, (act, add) in enumerate(zip(hand.actions, added, strict=True)):
        acts["_n"].append(n)
        acts["site"].append(site)
        acts["hand_id"].append(hid)
        acts["seq"].append(seq)
        acts["street"].append(act.street.value)
        acts["player"].append(act.player)
        acts["kind"].append(act.kind.value)
        acts["post"].append(act.post.value if act.post else None)
        acts["amount"].append(act.amount)
        acts["to_amount"].append(act.to_amount)
        acts["added"].append(add)
        acts["all_in"].append(act.all_in)
        acts["line"].append(act.line)
        if act.kind is ActionKind.FOLD:
            folded_on.setdefault(act.player, act.street.value)
        elif act.street is Street.PREFLOP and act.kind in (ActionKind.CALL, ActionKind.BET, ActionKind.RAISE):
            voluntary.add(act.player)
            if act.kind is ActionKind.RAISE:
                raised_pre.add(act.player)

    put_in = audit.rebuild.put_in if audit else {}
    returned = audit.rebuild.returned if audit else {}
    collected: dict[str, int] = {}
    for c in hand.collects:
        collected[c.player] = collected.get(c.player, 0) + c.amount
    cashed = {c.player: c.amount for c in hand.cash_outs}
    showed = {s.player for s in hand.shows if not s.mucked}
    order = audit.rebuild.order if audit else tuple(s.player for s in hand.seats)
    position = {p: i + 1 for i, p in enumerate(order)}
    if not audit:
        from hhtools.rules.pots import contributions

        put_in = contributions(hand.actions, g.big_blind)
        returned = {}
        for r in hand.returned:
            returned[r.player] = returned.get(r.player, 0) + r.amount

    seats = batch.tables["seats"]
    for s in hand.seats:
        p = s.player
        pin = put_in.get(p, 0)
        ret = returned.get(p, 0)
        col = collected.get(p, 0)
        hole = hand.hole_cards.get(p)
        seats["_n"].append(n)
        seats["site"].append(site)
        seats["hand_id"].append(hid)
        seats["seat"].append(s.seat)
        seats["player"].append(p)
        seats["stack"].append(s.stack)
        seats["sitting_out"].append(s.sitting_out)
        seats["bounty"].append(s.bounty)
        seats["position"].append(position.get(p))
        seats["is_button"].append(s.seat == hand.button)
        seats["is_hero"].append(p == hand.hero)
        seats["hole_cards"].append(" ".join(hole) if hole else None)
        seats["put_in"].append(pin)
        seats["returned"].append(ret)
        seats["collected"].append(col)
        seats["net"].append(col - pin + ret)
        seats["folded"].append(folded_on.get(p))
        seats["voluntary"].append(p in voluntary)
        seats["preflop_raise"].append(p in raised_pre)
        seats["showed"].append(p in showed)
        seats["cashed_out"].append(cashed.get(p, 0))

    for b, cards in enumerate(hand.boards):
        batch.add(
            "boards",
            site=site,
            hand_id=hid,
            board=b,
            cards=" ".join(cards),
            flop=" ".join(cards[:3]) if len(cards) >= 3 else None,
            turn=cards[3] if len(cards) >= 4 else None,
            river=cards[4] if len(cards) >= 5 else None,
        )

    n_findings = 0
    went = False
    if audit is not None:
        went = audit.went_to_showdown
        n_findings = len(audit.findings)
        won: dict[tuple[str, int], int] = {}
        for pr in audit.pots:
            award = pr.award
            batch.add(
                "pots",
                site=site,
                hand_id=hid,
                board=pr.board,
                pot=pr.index,
                gross=pr.gross,
                net=pr.net,
                eligible=list(pr.eligible),
                high_winners=list(award.high_winners) if award else None,
                low_winners=list(award.low_winners) if award else None,
                hi_lo_split=bool(award and award.low_winners),
            )
            halves = {h for _, h in pr.paid}
            if award is not None:
                split = "high" in award.half_amounts and "low" in award.half_amounts
                if split and halves <= {"high", "low"}:
                    halves = {"high", "low"}
                elif not halves:
                    halves = {"all"}
                players = {p for p, _ in pr.paid} | {
                    p for p, sh in award.shares.items() if sh.total
                }
                for player in sorted(players):
                    share = award.shares.get(player)
                    if share is not None:
                        won[(player, pr.board)] = won.get((player, pr.board), 0) + share.total
                    for half in sorted(halves):
                        if half == "high":
                            due = share.high if share else 0
                            frac = share.high_fraction if share else 0
                        elif half == "low":
                            due = share.low if share else 0
                            frac = share.low_fraction if share else 0
                        else:
                            due = share.total if share else 0
                            frac = (share.high_fraction + share.low_fraction) if share else 0
                        paid = pr.paid.get((player, half), 0)
                        if not paid and not due:
                            continue
                        batch.add(
                            "awards",
                            site=site,
                            hand_id=hid,
                            board=pr.board,
                            pot=pr.index,
                            half=half,
                            player=player,
                            paid=paid,
                            due=due,
                            share=float(frac),
                            scoop=award.scooped(player) and len(pr.eligible) > 1,
                            quarter=_quartered(award, player, half),
                        )
            else:
                for (player, half), paid in pr.paid.items():
                    batch.add(
                        "awards", site=site, hand_id=hid, board=pr.board, pot=pr.index,
                        half=half, player=player, paid=paid, due=None, share=None,
                        scoop=None, quarter=None,
                    )  # fmt: skip
        for sd in audit.showdown:
            batch.add(
                "showdowns",
                site=site,
                hand_id=hid,
                board=sd.board,
                player=sd.player,
                hole_cards=" ".join(sd.hole),
                high_cards=" ".join(sd.high.cards) if sd.high else None,
                high_category=str(sd.high.category) if sd.high else None,
                high_value=sd.high.value if sd.high else None,
                low_cards=" ".join(sd.low.cards) if sd.low else None,
                low_ranks=sd.low.ranks if sd.low else None,
                low_value=sd.low.value if sd.low else None,
                declared_high=sd.declared_high,
                declared_low=sd.declared_low,
                won=won.get((sd.player, sd.board), 0),
            )
        for f in audit.findings:
            batch.add(
                "findings",
                site=site,
                hand_id=hid,
                board=f.board,
                player=f.player,
                kind=f.kind,
                pot=f.pot,
                half=f.half,
                paid=f.paid,
                due=f.due,
                explanation=f.explanation,
                file=hand.file,
                line=hand.line,
            )

    pin_total = sum(put_in.values()) - sum(returned.values())
    batch.add(
        "hands",
        site=site,
        hand_id=hid,
        text_digest=digest,
        file=hand.file,
        line=hand.line,
        byte_offset=hand.offset,
        table_name=hand.table,
        started_at=hand.started_at,
        time_zone=hand.time_zone,
        started_at_utc=hand.started_at_utc.replace(tzinfo=None) if hand.started_at_utc else None,
        game=g.name,
        variant=g.variant.value,
        hi_lo=g.hi_lo,
        qualifier=g.qualifier if g.hi_lo else None,
        structure=g.structure.value,
        currency=g.currency,
        small_blind=g.small_blind,
        big_blind=g.big_blind,
        ante=g.ante,
        small_bet=g.small_bet,
        big_bet=g.big_bet,
        stakes=_stakes(hand),
        is_tournament=g.is_tournament,
        tournament_id=g.tournament_id,
        buy_in=g.buy_in,
        level=g.level,
        button=hand.button,
        max_seats=hand.max_seats,
        players=len(hand.seats),
        hero=hand.hero,
        boards=len(hand.boards),
        board=" ".join(board0),
        total_pot=hand.total_pot,
        rake=hand.rake,
        fees=hand.fees,
        put_in=pin_total,
        went_to_showdown=went,
        findings=n_findings,
        import_id=import_id,
    )

