# C declarations for the compiled core (setup.py's CORE; Cython reads this file beside
# _valid.py): the amounts' range test reads the record's fields in C
# (hhtools/model/slots.pxd: any object is read, a record's slot in a few instructions,
# anything else by its name) and an int's value as a C integer. The rule stays in
# _valid.py's _in_range, which runs as it is without Cython.

from cpython.long cimport PyLong_AsLongLongAndOverflow, PyLong_CheckExact
from hhtools.model.slots cimport (
    hh_Action_amount, hh_Action_to_amount, hh_Collect_amount, hh_Game_ante,
    hh_Game_big_bet, hh_Game_big_blind, hh_Game_small_bet, hh_Game_small_blind,
    hh_HandHistory_actions, hh_HandHistory_collects, hh_HandHistory_fees,
    hh_HandHistory_game, hh_HandHistory_jackpot, hh_HandHistory_pot_parts,
    hh_HandHistory_rake, hh_HandHistory_returned, hh_HandHistory_room_added,
    hh_HandHistory_seats, hh_HandHistory_total_pot, hh_Returned_amount, hh_Seat_stack)

# compiled: the C flag _in_range tests (set from _compiled()), and MAX_AMOUNT as a C integer
cdef bint _C
cdef long long _MAX


cdef inline bint _c_ok(object v) except -1:
    """``0 <= v < MAX_AMOUNT``: an int's value read as a C integer (one past 64 bits is
    out of range); anything else compared as Python compares it."""
    cdef int over = 0
    cdef long long x
    if PyLong_CheckExact(v):
        x = PyLong_AsLongLongAndOverflow(v, &over)
        return over == 0 and 0 <= x < _MAX
    return 0 <= v < _MAX


cdef inline bint _c_ok_or_none(object v) except -1:
    """``0 <= (v or 0) < MAX_AMOUNT`` (an amount the record may leave ``None``)."""
    if v is None:
        return True
    if PyLong_CheckExact(v):
        return _c_ok(v)
    return _c_ok(v or 0)


cdef inline bint _c_in_range(object hand) except -1:
    """:func:`_in_range`'s tests in its order, each field read in C."""
    for a in hh_HandHistory_actions(hand):
        if not _c_ok(hh_Action_amount(a)) or not _c_ok_or_none(hh_Action_to_amount(a)):
            return False
    for s in hh_HandHistory_seats(hand):
        if not _c_ok(hh_Seat_stack(s)):
            return False
    for c in hh_HandHistory_collects(hand):
        if not _c_ok(hh_Collect_amount(c)):
            return False
    for r in hh_HandHistory_returned(hand):
        if not _c_ok(hh_Returned_amount(r)):
            return False
    for v in hh_HandHistory_pot_parts(hand):
        if not _c_ok(v):
            return False
    g = hh_HandHistory_game(hand)
    return (_c_ok(hh_HandHistory_rake(hand)) and _c_ok(hh_HandHistory_fees(hand))
            and _c_ok(hh_HandHistory_room_added(hand)) and _c_ok(hh_HandHistory_jackpot(hand))
            and _c_ok_or_none(hh_HandHistory_total_pot(hand)) and _c_ok(hh_Game_small_blind(g))
            and _c_ok(hh_Game_big_blind(g)) and _c_ok(hh_Game_ante(g))
            and _c_ok_or_none(hh_Game_small_bet(g)) and _c_ok_or_none(hh_Game_big_bet(g)))


cpdef bint _in_range(object hand) except -1
