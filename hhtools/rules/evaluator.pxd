# C declarations for the compiled core (setup.py's CORE; Cython reads this file beside
# evaluator.py): the per-call paths of one shown hand (its best high, the first five
# cards reaching it, one five's value) read the lookup tables and the per-card numbers
# as typed memoryviews of C-int arrays (taken once at import: evaluator.py's *_VIEW),
# their indexes C integers, so a lookup costs a few machine instructions instead of a
# Python integer's boxing. The rules stay in evaluator.py, which runs as it is
# without Cython (with the tables themselves, lists and arrays).

import cython

cdef int[::1] _HIGH_VIEW, _V5_VIEW, _KEY_VIEW, _R_VIEW, _R13_VIEW, _SUIT_VIEW

@cython.locals(b0=Py_ssize_t, b1=Py_ssize_t, b2=Py_ssize_t, b3=Py_ssize_t, b4=Py_ssize_t,
               h0=Py_ssize_t, h1=Py_ssize_t, h2=Py_ssize_t, h3=Py_ssize_t,
               k=cython.int[::1], r=cython.int[::1], r13=cython.int[::1],
               s=cython.int[::1], t=cython.int[::1], row=Py_ssize_t,
               a=Py_ssize_t, b=Py_ssize_t, c=Py_ssize_t, x1=Py_ssize_t, x2=Py_ssize_t,
               x3=Py_ssize_t, best=cython.long, hm=cython.long, bm=cython.long,
               c_=Py_ssize_t, suit=Py_ssize_t, n=Py_ssize_t, i=Py_ssize_t, j=Py_ssize_t,
               v=cython.long)
cpdef high_value(hole, board)

@cython.locals(c0=Py_ssize_t, c1=Py_ssize_t, c2=Py_ssize_t, c3=Py_ssize_t, c4=Py_ssize_t,
               r0=Py_ssize_t, r1=Py_ssize_t, r2=Py_ssize_t, r3=Py_ssize_t, r4=Py_ssize_t,
               n0=Py_ssize_t, n1=Py_ssize_t, n2=Py_ssize_t, n3=Py_ssize_t, n4=Py_ssize_t,
               w=Py_ssize_t, cat=cython.long, keys=list, t=tuple, k0=Py_ssize_t,
               k1=Py_ssize_t, k2=Py_ssize_t, k3=Py_ssize_t, k4=Py_ssize_t)
cpdef tuple _reading_order(tuple c5, long value)

@cython.locals(c0=Py_ssize_t, c1=Py_ssize_t, c2=Py_ssize_t, c3=Py_ssize_t, c4=Py_ssize_t,
               k=cython.int[::1])
cpdef long _eval5(c5) except? -1

@cython.locals(b0=Py_ssize_t, b1=Py_ssize_t, b2=Py_ssize_t, b3=Py_ssize_t, b4=Py_ssize_t,
               k=cython.int[::1], r=cython.int[::1], r13=cython.int[::1],
               s=cython.int[::1], t=cython.int[::1], row=Py_ssize_t,
               suit=Py_ssize_t, hx=Py_ssize_t, hy=Py_ssize_t, p=Py_ssize_t, q=Py_ssize_t,
               z=Py_ssize_t, x=Py_ssize_t, y=Py_ssize_t)
cpdef tuple _first_high_five(tuple h, tuple b, long best)

@cython.locals(h=tuple, b=tuple, seen=cython.ulonglong, twice=cython.ulonglong, one=cython.ulonglong,
               c=Py_ssize_t)
cpdef tuple _validated(hole, board)

# one five's low (called per five by _low_of) and a low's reading, called in C
@cython.locals(mask=cython.long, bit=cython.long, c=Py_ssize_t)
cpdef _low5(c5, long qmask)

@cython.locals(keys=list, order=list, lr=list)
cpdef _low_hand(c5, long value)

cpdef _high_of(tuple h, tuple b)

cpdef _low_of(tuple h, tuple b, qualifier)

# called in C by _low_of for each hi/lo reading
cpdef low_value(hole, board, qualifier=*)

cpdef _check_qualifier(qualifier)
