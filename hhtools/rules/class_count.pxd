# C declarations for the compiled core (setup.py's CORE; Cython reads this file beside
# class_count.py): the tallies' arrays are typed memoryviews and their loop variables C
# integers, so each class costs a few machine instructions. The loops stay in
# class_count.py, which runs as it is without Cython.

import cython

@cython.locals(ne=Py_ssize_t, first=Py_ssize_t, k=Py_ssize_t, j=Py_ssize_t, best=int,
               value=int, bits=Py_ssize_t, extra=Py_ssize_t)
cpdef void tally_ranks(const int[:, ::1] high, const int[:, ::1] low,
                       const Py_ssize_t[::1] eligible, bint hi_lo,
                       const long long[::1] weight, const long long[::1] plain,
                       long long[::1] split, long long[::1] tally_high,
                       long long[::1] tally_low)

@cython.locals(total=cython.longlong, t=Py_ssize_t, c=Py_ssize_t, row=Py_ssize_t,
               k=Py_ssize_t)
cpdef long long flush_weights(const Py_ssize_t[::1] sets, const Py_ssize_t[:, ::1] index,
                              const Py_ssize_t[::1] cols, const long long[::1] ways,
                              const Py_ssize_t[::1] position, long long[::1] out)

@cython.locals(ne=Py_ssize_t, first=Py_ssize_t, t=Py_ssize_t, c=Py_ssize_t,
               row=Py_ssize_t, column=Py_ssize_t, k=Py_ssize_t, j=Py_ssize_t, best=int,
               value=int, suited=int, bits=Py_ssize_t)
cpdef void tally_flush(const int[:, ::1] high, const int[:, ::1] flush,
                       const Py_ssize_t[::1] eligible, const long long[::1] split,
                       const Py_ssize_t[::1] sets, Py_ssize_t first_set,
                       const Py_ssize_t[:, ::1] index, const Py_ssize_t[::1] cols,
                       const long long[::1] ways, const Py_ssize_t[::1] position,
                       long long[::1] tally_high)

@cython.locals(i=Py_ssize_t, k=Py_ssize_t, p=Py_ssize_t, row=Py_ssize_t, best=int, value=int)
cpdef void rank_values(const int[::1] high_table, const int[::1] low_table,
                       const Py_ssize_t[:, ::1] pairs, const long long[::1] hole_low,
                       const long long[::1] rows, const long long[::1] board_low,
                       long long qmask, int[:, ::1] high, int[:, ::1] low)

@cython.locals(f=Py_ssize_t, s=Py_ssize_t, i=Py_ssize_t, held=Py_ssize_t, p=Py_ssize_t,
               q=Py_ssize_t, bits=int, best=int, value=int)
cpdef void flush_values(const int[::1] flush_table, const int[:, ::1] pairs,
                        const long long[:, ::1] per_suit, const Py_ssize_t[::1] rows,
                        const Py_ssize_t[::1] suits, const int[:, ::1] triples,
                        int[:, ::1] out)
