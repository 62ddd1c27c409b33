# C declarations for the compiled core (setup.py's CORE; Cython reads this file beside
# _table.py): a replay step is a C type, so the replay builds one per action without a
# Python __init__ call. The rules stay in _table.py, which runs as it is without Cython.

cdef class Step:
    cdef public object act, added, all_in, current, ends_all_in, folded, full_bets
    cdef public object index, last_full, live, mine, pot, total
