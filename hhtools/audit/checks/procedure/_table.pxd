# C declarations for the compiled core (setup.py's CORE; Cython reads this file beside
# _table.py): a replay step is a C type whose numbers are C integers (the order checks
# read them per player in C: order.pxd), built without a Python __init__ call. The
# rules stay in _table.py, which runs as it is without Cython.

import cython

cdef class Step:
    cdef public object act, folded, all_in, player, kind, street
    cdef public long long added, current, mine, pot, total, last_full
    cdef public Py_ssize_t index, full_bets, live
    cdef public bint ends_all_in
    cdef public unsigned long long out

# the ring as places (Places) and the hand's table (Table): C types whose fields are set
# in C by _replayed (no Python __init__ call; the same fields the classes' __init__ sets)
cdef class Places:
    cdef public object first, ring, seat

cdef class Table:
    cdef public object big_blind, by_street, order, places, posts, ring, steps
    cdef public bint whole, wrote

# Places' fields worked out from the ring (its __init__ and _replayed's)
@cython.locals(n=Py_ssize_t, j=Py_ssize_t, seat=dict)
cpdef _place(Places at, list ring)

# the replay's walk over the actions: its sums, places and bits C integers, each step
# made of C values (the dicts and sets stay Python's)
from hhtools.model.slots cimport Action as _Action, Game as _Game, HandHistory as _Hand, Seat as _Seat

@cython.locals(i=Py_ssize_t, add=cython.longlong, mine=cython.longlong,
               mine_put=cython.longlong, total=cython.longlong, stack=cython.longlong,
               size=cython.longlong, current=cython.longlong, last_full=cython.longlong,
               full=Py_ssize_t, out=cython.ulonglong, post=cython.bint, done=cython.bint,
               step=Step, j=Py_ssize_t, one=cython.ulonglong, act=_Action)
cpdef _walk(object actions, object added, dict stacks, dict seat, long long big_blind,
            long long unit, long long pot, Py_ssize_t live, list steps, dict by_street,
            dict posts)

# the actions' lines read once, as C integers, in the usual text (each line after the last)
@cython.locals(n=Py_ssize_t, last=cython.longlong, x=cython.longlong, in_place=cython.bint,
               back=cython.bint, a=_Action)
cpdef _in_text_order(ctx)

# the seats' and the actions' fields read in C (hhtools/model/slots.pxd)
@cython.locals(s=_Seat, a=_Action, hand=_Hand, game=_Game, at=Places, t=Table)
cpdef _replayed(ctx)

# the table's other parts, called in C from _replayed (their counters C integers)
cpdef _ring(ctx, order, players, away)

@cython.locals(cards=Py_ssize_t, k=Py_ssize_t, need=Py_ssize_t)
cpdef bint _streets_whole(hand, by_street) except -1

@cython.locals(n=Py_ssize_t, k=Py_ssize_t, j=Py_ssize_t, start=Py_ssize_t, stop=Py_ssize_t)
cpdef _positional_big_blind(ring, posts)
