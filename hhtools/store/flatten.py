"""Flatten parsed and audited hands into column batches for the store.

A :class:`ColumnBatch` holds, per table of :mod:`hhtools.store.db`, a dict of column
-> list of values. Workers build batches and send them whole to the process that owns
the database, which appends each table in one statement. Nothing here applies a
rule: dues, shares, scoops and quarters come from the audit's settlement
(:class:`hhtools.audit.settle.HandSettlement`), money from the record.
"""

from __future__ import annotations

import hashlib
from collections import defaultdict
from typing import Any

from hhtools.audit import AuditResult
from hhtools.model.money import amount_text, buy_in_total
from hhtools.model.records import ActionKind, HandHistory, PostKind, Street
from hhtools.rules.holes import hole_classes
from hhtools.rules.pots import clockwise_order, contributions, contributions_by_action
from hhtools.store.seat_results import seat_results
from hhtools.store.seat_stats import STAT_COLUMNS, seat_stats

Columns = dict[str, list[Any]]

#: the text of each enum member the rows hold (``member.value`` is a slow property)
_TEXT: dict[Any, str] = {m: m.value for e in (Street, ActionKind, PostKind) for m in e}
#: seats columns of a :data:`~hhtools.store.seat_results.SeatResult`, by position
_SEAT_RESULT_INDEX = (("rake_paid", 0), ("due_at_showdown", 1), ("pots_won_high", 2),
                      ("pots_won_low", 3), ("scooped", 4), ("quartered", 5))


class ColumnBatch:
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


def _stakes(hand: HandHistory) -> str:
    """Stakes as the site names them: the blinds, or a limit game's small/big bet."""
    g = hand.game
    low, high = (g.small_bet, g.big_bet) if g.small_bet is not None and g.big_bet is not None else (
        g.small_blind, g.big_blind)
    return f"{amount_text(low, g.currency)}/{amount_text(high, g.currency)}"


def _inferred(hand: HandHistory) -> str | None:
    """What the grammar worked out for ``hand``, comma separated, or ``None``: the
    record's :attr:`~hhtools.model.records.HandHistory.inferred`, with ``returned``
    added when a return was inferred (``Returned.inferred``) by a grammar that does not
    list it."""
    names = set(hand.inferred)
    if any(r.inferred for r in hand.returned):
        names.add("returned")
    return ",".join(sorted(names)) or None


def flatten_hand(
    batch: ColumnBatch, hand: HandHistory, audit: AuditResult | None, import_id: int, n: int = 0
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
    added = (
        audit.settlement.rebuild.added
        if audit is not None and audit.settlement.rebuild.added
        else contributions_by_action(hand.actions, g.big_blind)
    )
    acts = batch.tables["actions"]
    actions = hand.actions
    k = len(actions)
    if len(added) != k:
        raise ValueError(f"{len(added)} amounts added for {k} actions")
    # one column at a time: a list extended once per hand, not 13 appends per action
    acts["_n"].extend([n] * k)
    acts["site"].extend([site] * k)
    acts["hand_id"].extend([hid] * k)
    acts["seq"].extend(range(k))
    acts["street"].extend([_TEXT[a.street] for a in actions])
    acts["player"].extend([a.player for a in actions])
    acts["kind"].extend([_TEXT[a.kind] for a in actions])
    acts["post"].extend([_TEXT[a.post] if a.post else None for a in actions])
    acts["amount"].extend([a.amount for a in actions])
    acts["to_amount"].extend([a.to_amount for a in actions])
    acts["added"].extend(added)
    acts["all_in"].extend([a.all_in for a in actions])
    acts["line"].extend([a.line for a in actions])
    settlement = audit.settlement if audit else None
    collected: dict[str, int] = {}
    for c in hand.collects:
        collected[c.player] = collected.get(c.player, 0) + c.amount
    cashed: dict[str, tuple[int, int, int]] = {}
    for co in hand.cash_outs:
        amount, fee, forfeited = cashed.get(co.player, (0, 0, 0))
        cashed[co.player] = (amount + co.amount, fee + co.fee, forfeited + co.forfeited)
    showed = {s.player for s in hand.shows if not s.mucked}
    if settlement is not None:
        put_in = settlement.rebuild.put_in
        returned = settlement.rebuild.returned
        order = settlement.rebuild.order
    else:
        put_in = contributions(hand.actions, g.big_blind)
        returned = {}
        for r in hand.returned:
            returned[r.player] = returned.get(r.player, 0) + r.amount
        order = clockwise_order(hand)
    position = {p: i + 1 for i, p in enumerate(order)}

    results = seat_results(hand, settlement, put_in, returned)
    seats = batch.tables["seats"]
    hs = hand.seats
    m = len(hs)
    players = [s.player for s in hs]
    pins = [put_in.get(p, 0) for p in players]
    rets = [returned.get(p, 0) for p in players]
    cols = [collected.get(p, 0) for p in players]
    cash = [cashed.get(p, (0, 0, 0)) for p in players]
    holes = [hand.hole_cards.get(p) for p in players]
    seats["_n"].extend([n] * m)
    seats["site"].extend([site] * m)
    seats["hand_id"].extend([hid] * m)
    seats["seat"].extend([s.seat for s in hs])
    seats["player"].extend(players)
    seats["stack"].extend([s.stack for s in hs])
    seats["sitting_out"].extend([s.sitting_out for s in hs])
    seats["bounty"].extend([s.bounty for s in hs])
    seats["position"].extend([position.get(p) for p in players])
    seats["is_button"].extend([s.seat == hand.button for s in hs])
    seats["is_hero"].extend([p == hand.hero for p in players])
    seats["hole_cards"].extend([" ".join(h) if h else None for h in holes])
    seats["put_in"].extend(pins)
    seats["returned"].extend(rets)
    seats["collected"].extend(cols)
    seats["net"].extend([c + co[0] - pin + ret
                         for c, co, pin, ret in zip(cols, cash, pins, rets, strict=True)])  # fmt: skip
    seats["showed"].extend([p in showed for p in players])
    seats["cashed_out"].extend([co[0] for co in cash])
    seats["cash_out_fee"].extend([co[1] for co in cash])
    seats["cash_out_forfeited"].extend([co[2] for co in cash])
    for name, i in _SEAT_RESULT_INDEX:
        seats[name].extend([r[i] for r in results])
    seats["hole_classes"].extend([list(hole_classes(h)) if h else None for h in holes])
    # one column per fact (zip(*rows)); no seats, no rows
    for name, column in zip(STAT_COLUMNS, zip(*seat_stats(hand, order), strict=True)):  # noqa: B905
        seats[name].extend(column)

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

    for r in hand.tournament_results:
        batch.add(
            "tournament_results",
            site=site,
            hand_id=hid,
            player=r.player,
            place=r.place,
            prize=r.prize,
            bounty=r.bounty,
            eliminated=r.eliminated,
            currency=r.currency,
            line=r.line,
        )

    n_findings = 0
    went = False
    if audit is not None and settlement is not None:
        went = settlement.went_to_showdown
        n_findings = len(audit.findings)
        for pot in settlement.pots:
            award = pot.award
            batch.add(
                "pots",
                site=site,
                hand_id=hid,
                board=pot.board,
                pot=pot.pot,
                gross=pot.gross,
                net=pot.net,
                eligible=list(pot.eligible),
                high_winners=list(award.high_winners) if award else None,
                low_winners=list(award.low_winners) if award else None,
                hi_lo_split=bool(award and award.low_winners),
            )
            for line in pot.lines:
                batch.add(
                    "awards",
                    site=site,
                    hand_id=hid,
                    board=pot.board,
                    pot=pot.pot,
                    half=line.half.value,
                    player=line.player,
                    paid=line.paid,
                    due=line.due,
                    share=None if line.share is None else float(line.share),
                    scoop=line.scoop,
                    quarter=line.quarter,
                )
        for sd in settlement.showdown:
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
                declared_high=sd.show.description,
                declared_low=sd.show.low_description,
                won=settlement.won(sd.player, sd.board),
            )
        for f in audit.findings:
            batch.add(
                "findings",
                site=site,
                hand_id=hid,
                board=f.board,
                player=f.player,
                kind=f.kind.value,
                pot=f.pot,
                half=f.half.value,
                paid=f.paid,
                due=f.due,
                explanation=f.explanation,
                file=hand.file,
                line=f.line or hand.line,
            )

    pin_total = sum(put_in.values()) - sum(returned.values())
    buy_in = buy_in_total(g.buy_in) if g.is_tournament else None
    batch.add(
        "hands",
        site=site,
        hand_id=hid,
        site_format=hand.site_format,
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
        mix=g.mix,
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
        buy_in_amount=buy_in[0] if buy_in else None,
        buy_in_currency=buy_in[1] if buy_in else None,
        level=g.level,
        button=hand.button,
        max_seats=hand.max_seats,
        players=len(hand.seats),
        hero=hand.hero,
        board_count=len(hand.boards),
        board_cards=" ".join(board0),
        total_pot=hand.total_pot,
        rake=hand.rake,
        fees=hand.fees,
        room_added=hand.room_added,
        jackpot=hand.jackpot,
        cash_out_fees=sum(c.fee for c in hand.cash_outs),
        cash_out_forfeited=sum(c.forfeited for c in hand.cash_outs),
        put_in=pin_total,
        went_to_showdown=went,
        inferred=_inferred(hand),
        findings=n_findings,
        import_id=import_id,
    )

