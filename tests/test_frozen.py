"""``@record``: the quick ``__init__`` keeps every property of a frozen dataclass."""

from __future__ import annotations

import copy
import dataclasses
import gc
import pickle
import sys

import pytest

from hhtools.model import quick
from hhtools.model.frozen import maker, record
from hhtools.model.quick import built, slot_maker
from hhtools.model.records import Action, ActionKind, Collect, HandHistory, Returned, Street


@record
class Pot:
    amount: int
    players: tuple[str, ...] = ()
    seen: dict[str, int] = dataclasses.field(default_factory=dict)
    note: str = dataclasses.field(default="main", init=False)


def test_fields_defaults_and_factories() -> None:
    a = Pot(10)
    assert (a.amount, a.players, a.seen, a.note) == (10, (), {}, "main")
    b = Pot(10, ("Ann",), {"Ann": 5})
    assert (b.players, b.seen) == (("Ann",), {"Ann": 5})
    assert Pot(1).seen is not Pot(1).seen  # a new dict each time, as with dataclass


def test_still_frozen_hashable_and_compared_by_value() -> None:
    a = Action(Street.FLOP, "Ann", ActionKind.BET, 50, line=7)
    with pytest.raises(dataclasses.FrozenInstanceError):
        a.amount = 60  # type: ignore[misc]
    b = Action(Street.FLOP, "Ann", ActionKind.BET, 50, None, False, None, 7)
    assert a == b and hash(a) == hash(b)
    assert dataclasses.replace(a, amount=60).amount == 60
    assert pickle.loads(pickle.dumps(a)) == a


def test_missing_and_unknown_arguments_raise() -> None:
    with pytest.raises(TypeError):
        Pot()  # type: ignore[call-arg]
    with pytest.raises(TypeError):
        Pot(1, note="side")  # type: ignore[call-arg]  # init=False


def test_hand_history_default_factory() -> None:
    h = HandHistory("pokerstars", "1", "T", None, None, None, None, None, None, (), (), (), None)  # type: ignore[arg-type]
    assert h.hole_cards == {} and h.total_pot is None and h.rake == 0


def test_instances_are_of_the_record_class_itself() -> None:
    a = Action(Street.TURN, "Bob", ActionKind.CHECK, line=3)
    assert type(a) is Action
    assert a.__slots__ == Action.__slots__ and not hasattr(a, "__dict__")
    with pytest.raises(dataclasses.FrozenInstanceError):
        del a.line
    assert repr(a) == (
        "Action(street=<Street.TURN: 'turn'>, player='Bob', kind=<ActionKind.CHECK: 'check'>, "
        "amount=0, to_amount=None, all_in=False, post=None, line=3)"
    )


def test_keywords_in_any_order_and_positions() -> None:
    a = Action(line=9, kind=ActionKind.CALL, player="Ann", street=Street.RIVER, amount=20)
    assert (a.street, a.player, a.kind, a.amount, a.to_amount, a.all_in, a.line) == (
        Street.RIVER, "Ann", ActionKind.CALL, 20, None, False, 9)
    with pytest.raises(TypeError):
        Action(Street.RIVER, "Ann", ActionKind.CALL, street=Street.FLOP)  # type: ignore[misc]
    with pytest.raises(TypeError):
        Action(Street.RIVER, "Ann", ActionKind.CALL, colour="red")  # type: ignore[call-arg]


def test_pickle_and_copy_keep_the_fields_not_in_init() -> None:
    p = Pot(10, ("Ann", "Bob"), {"Ann": 4})
    for back in (pickle.loads(pickle.dumps(p)), copy.copy(p), copy.deepcopy(p)):
        assert type(back) is Pot
        assert (back.amount, back.players, back.seen, back.note) == (10, ("Ann", "Bob"), {"Ann": 4}, "main")
        assert back == p
    assert copy.deepcopy(p).seen is not p.seen


@record
class Sized:
    """A record that writes its own ``__init__``: kept as it is."""

    width: int
    area: int = 0

    def __init__(self, width: int) -> None:
        object.__setattr__(self, "width", width)
        object.__setattr__(self, "area", width * width)


@record
class Base:
    kind: str


@record
class Derived(Base):
    size: int = 1


def test_own_init_and_subclasses() -> None:
    assert (Sized(3).width, Sized(3).area) == (3, 9)
    d = Derived("pot", 5)
    assert type(d) is Derived and (d.kind, d.size) == ("pot", 5)
    assert Base("pot") != Derived("pot", 1)  # compared only within a class, as dataclasses do
    assert pickle.loads(pickle.dumps(d)) == d


def test_a_plain_subclass_is_built_field_by_field() -> None:
    class Tagged(Base):
        pass

    t = Tagged("side")
    assert type(t) is Tagged and t.kind == "side"
    with pytest.raises(dataclasses.FrozenInstanceError):
        t.kind = "main"  # type: ignore[misc]


def test_maker_builds_what_the_class_call_builds() -> None:
    make = maker(Action)
    a = make(Street.FLOP, "Ann", ActionKind.RAISE, 20, 40, True, None, 11)
    assert type(a) is Action and a == Action(Street.FLOP, "Ann", ActionKind.RAISE, 20, 40, True,
                                             None, 11)  # fmt: skip
    assert (a.street, a.player, a.kind, a.amount, a.to_amount, a.all_in, a.post, a.line) == (
        Street.FLOP, "Ann", ActionKind.RAISE, 20, 40, True, None, 11)
    with pytest.raises(dataclasses.FrozenInstanceError):
        a.amount = 30  # type: ignore[misc]
    assert pickle.loads(pickle.dumps(a)) == a
    b = make(Street.TURN, "Bob", ActionKind.CHECK, line=3)  # the defaults and keywords
    assert (b.amount, b.to_amount, b.all_in, b.post, b.line) == (0, None, False, None, 3)


def test_maker_defaults_factories_and_fields_not_in_init() -> None:
    make = maker(Pot)
    p, q = make(10), make(10)
    assert (p.amount, p.players, p.seen, p.note) == (10, (), {}, "main")
    assert p.seen is not q.seen  # a new dict each time, as the class call gives
    assert make(5, ("Ann",), {"Ann": 5}) == Pot(5, ("Ann",), {"Ann": 5})
    with pytest.raises(TypeError):
        make()  # type: ignore[call-arg]
    with pytest.raises(TypeError):
        make(1, note="side")  # init=False, as for the class


def test_maker_of_a_class_with_its_own_init_is_the_class() -> None:
    assert maker(Sized) is Sized
    assert maker(Derived) is not maker(Base)
    d = maker(Derived)("pot", 5)
    assert type(d) is Derived and (d.kind, d.size) == ("pot", 5)


@record
class _Chip:
    colour: str
    value: int = 1
    marks: list[str] = dataclasses.field(default_factory=list)
    stack: int = 0


def test_maker_in_the_compiled_core_builds_what_the_class_call_builds() -> None:
    """Compiled, the builder writes the slots in C for a call by position
    (hhtools.model.quick); run as Python it is the generated builder. Either way the
    same records: all fields by position, the first ones (the rest their plain
    defaults), keywords, a default factory to run, the errors of a wrong call."""
    make = maker(Returned)
    r = make("Ann", 25, 9)  # the last field, inferred, takes its default
    assert type(r) is Returned and (r.player, r.amount, r.line, r.inferred) == ("Ann", 25, 9, False)
    assert make("Ann", 25, 9, True) == Returned("Ann", 25, 9, inferred=True)
    chip = maker(_Chip)
    a, b = chip("red", 5), chip("red", 5)  # the factory field comes before a plain default
    assert (a.colour, a.value, a.marks, a.stack) == ("red", 5, [], 0) and a.marks is not b.marks
    c = chip("blue", 25, ["x"], 3)
    assert type(c) is _Chip and (c.colour, c.value, c.marks, c.stack) == ("blue", 25, ["x"], 3)
    assert chip("blue", stack=2) == _Chip("blue", 1, [], 2)
    with pytest.raises(TypeError):
        make("Ann")  # type: ignore[call-arg]
    with pytest.raises(TypeError):
        make("Ann", 25, 9, True, 1)  # type: ignore[call-arg]
    with pytest.raises(dataclasses.FrozenInstanceError):
        r.amount = 30  # type: ignore[misc]
    assert pickle.loads(pickle.dumps(r)) == r and copy.copy(r) == r and hash(r) == hash(
        Returned("Ann", 25, 9))
    assert gc.is_tracked(make("Ann", 25, 9))  # as a class call's record: the collector sees it


def test_maker_holds_one_reference_to_each_value() -> None:
    """Records built and dropped leave each value's references as they were (the C
    builder takes one reference per slot, and dropping the record gives it back)."""
    make = maker(Action)
    player, line = "Ann" * 3, 10**6 + 1  # values no other code holds
    before = sys.getrefcount(player), sys.getrefcount(line)
    built = [make(Street.FLOP, player, ActionKind.CALL, line, None, False, None, line)
             for _ in range(100)]  # fmt: skip
    assert sys.getrefcount(player) == before[0] + 100
    assert sys.getrefcount(line) == before[1] + 200
    del built
    assert (sys.getrefcount(player), sys.getrefcount(line)) == before


def test_slot_maker_keeps_the_builder_where_it_cannot_write_slots() -> None:
    """Run as Python, or for a class not laid out as its own slots in field order (a
    record's subclass holds its base's slots too), the builder is the one given."""
    def make(*args: object) -> object:
        return args

    assert slot_maker(Derived, make) is make  # fields of its base's slots: not its own
    if not quick.COMPILED:
        assert slot_maker(Returned, make) is make


def test_maker_for_keywords_builds_the_same_records() -> None:
    """``keywords=True``: the builder for calls that name the fields (the plain
    function on both paths), the same records as the class call."""
    make = maker(Returned, keywords=True)
    r = make(player="Ann", amount=25, line=9)
    assert type(r) is Returned and r == Returned("Ann", 25, 9, False)
    assert maker(Sized, keywords=True) is Sized
    with pytest.raises(TypeError):
        make(player="Ann", amount=25, bogus=1)  # type: ignore[call-arg]


def test_built_gives_what_the_builder_gives() -> None:
    """``built(make, args)`` is ``make(*args)`` on both paths (compiled, a slot writer's
    record is built in C without the call): the fields given, the plain defaults past
    them, the same class; too few or too many fields go to the builder, which raises."""
    a = built(maker(Action), (Street.TURN, "Ann", ActionKind.RAISE, 20, 60, True, None, 9))
    assert type(a) is Action
    assert (a.street, a.player, a.kind, a.amount, a.to_amount, a.all_in, a.post, a.line) == (
        Street.TURN, "Ann", ActionKind.RAISE, 20, 60, True, None, 9)
    c = built(maker(Collect), ("Bob", 150))  # pot 0, board 0, line 0, half None
    assert type(c) is Collect and (c.player, c.amount, c.pot, c.board, c.line, c.half) == (
        "Bob", 150, 0, 0, 0, None)
    with pytest.raises(TypeError):
        built(maker(Collect), ("Bob",))  # the amount has no default
    with pytest.raises(TypeError):
        built(maker(Collect), ("Bob", 1, 0, 0, 0, None, "one too many"))
    assert built(maker(Pot), (5,)) == Pot(5)  # a default factory: the builder's own call
    player = "Cy" * 3  # a value no other code holds: one reference a record, given back
    before = sys.getrefcount(player)
    records = [built(maker(Collect), (player, 1)) for _ in range(50)]
    assert sys.getrefcount(player) == before + 50
    del records
    assert sys.getrefcount(player) == before
