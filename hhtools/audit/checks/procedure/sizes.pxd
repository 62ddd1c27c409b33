# C declarations for the compiled core (setup.py's CORE; Cython reads this file beside
# sizes.py): the walk over the replay's steps that picks the bets and raises to judge
# reads each step's C fields (_table.pxd). The rules stay in sizes.py, which runs as it
# is without Cython.

import cython
from hhtools.audit.checks.procedure._table cimport Step

@cython.locals(s=Step, raised=Py_ssize_t, prior=Py_ssize_t, unsure=int)
cpdef list _judged(hand, t, order, set corrected)

@cython.locals(s=Step, bbs=Py_ssize_t, sbs=Py_ssize_t)
cpdef bint _preflop_unsure(hand, list steps) except -1

@cython.locals(size=cython.longlong)
cpdef long long _full_after(Step s) except? -1
