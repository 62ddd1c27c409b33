# C declarations for the compiled core (setup.py's CORE; Cython reads this file beside
# seat_stats.py): the tally of a hand's actions is a C type whose fields the run readers
# read and write in C, its counters C integers. The definitions stay in seat_stats.py,
# which runs as it is without Cython.

import cython

cdef class _Tally:
    cdef public dict folded_on, three_opp, fold3_opp, cbet_opp, fold_cbet_opp
    cdef public dict aggressive, calls, folds
    cdef public set voluntary, raised_pre
    cdef public object big_blind, opener, last_raiser
    cdef public Py_ssize_t raises
    cdef public bint flop_bet, cbet_live

@cython.locals(folded_on=dict, voluntary=set, three_opp=dict, fold3_opp=dict,
               raises=Py_ssize_t, end=Py_ssize_t, i=Py_ssize_t)
cpdef Py_ssize_t _preflop(_Tally t, actions, Py_ssize_t start) except -1

@cython.locals(aggressive=dict, calls=dict, folds=dict, folded_on=dict, end=Py_ssize_t,
               i=Py_ssize_t, aggressive_act=bint)
cpdef Py_ssize_t _postflop(_Tally t, actions, Py_ssize_t start) except -1

cpdef _flop(_Tally t, player, kind, bint aggressive_act)

@cython.locals(t=_Tally, i=Py_ssize_t, end=Py_ssize_t)
cpdef _Tally _tally(actions)

@cython.locals(folded_on=dict, voluntary=set, raised_pre=set, three_opp=dict, fold3_opp=dict,
               cbet_opp=dict, fold_cbet_opp=dict, aggressive=dict, calls=dict, folds=dict,
               out=list)
cpdef list _rows(_Tally t, seats, dict names, bint walk, bint flop_dealt, bint staying)
