# C declarations for the compiled core (setup.py's CORE; Cython reads this file beside
# order.py): the walks over a betting round read each step's C fields (_table.pxd) and
# keep who acted, who is early and who was passed over as bits of a C integer, so the
# per-player loops cost a few instructions. The rules stay in order.py, which runs as it
# is without Cython.

import cython
from hhtools.audit.checks.procedure._table cimport Step

@cython.locals(n=Py_ssize_t, j=Py_ssize_t, f=Py_ssize_t, q=Py_ssize_t, s=Step,
               acted=cython.ulonglong, out=cython.ulonglong, one=cython.ulonglong,
               current=cython.longlong)
cpdef bint _round_ends_in_place(list moves, list first, dict seat) except -1

@cython.locals(n=Py_ssize_t, j=Py_ssize_t, f=Py_ssize_t, q=Py_ssize_t, k=Py_ssize_t,
               due=Py_ssize_t, pointer=Py_ssize_t, s=Step, late=cython.ulonglong,
               early=cython.ulonglong, o=cython.ulonglong, one=cython.ulonglong)
cpdef list _street_order(list moves, list first, dict seat, Py_ssize_t start)

@cython.locals(n=Py_ssize_t, j=Py_ssize_t, f=Py_ssize_t, skip=cython.ulonglong,
               passed=cython.ulonglong, one=cython.ulonglong, current=cython.longlong)
cpdef tuple _due(Step s, Py_ssize_t q, list first, Py_ssize_t at, unsigned long long late,
                 unsigned long long early, list totals)

@cython.locals(s=Step)
cpdef dict _rounds(list steps, set short)

@cython.locals(s=Step, called=cython.bint)
cpdef tuple _limped(list steps, bb)
