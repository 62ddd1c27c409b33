# C declarations for the compiled core (setup.py's CORE; Cython reads this file beside
# _table.py): a replay step is a C type whose numbers are C integers (the order checks
# read them per player in C: order.pxd), built without a Python __init__ call. The
# rules stay in _table.py, which runs as it is without Cython.

cdef class Step:
    cdef public object act, folded, all_in
    cdef public long long added, current, mine, pot, total, last_full
    cdef public Py_ssize_t index, full_bets, live
    cdef public bint ends_all_in
    cdef public unsigned long long out
