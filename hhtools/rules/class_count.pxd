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

@cython.locals(i=Py_ssize_t, k=Py_ssize_t, p=Py_ssize_t, first=Py_ssize_t, pair=Py_ssize_t,
               value=int, hole=cython.longlong)
cpdef void rank_values(const int[:, ::1] by_pair, const int[::1] low_table,
                       const Py_ssize_t[:, ::1] pairs, const long long[::1] hole_low,
                       const long long[::1] rows, const long long[::1] board_low,
                       long long qmask, int[:, ::1] high, int[:, ::1] low)

@cython.locals(f=Py_ssize_t, s=Py_ssize_t, i=Py_ssize_t, held=Py_ssize_t, p=Py_ssize_t,
               q=Py_ssize_t, bits=int, best=int, value=int)
cpdef void flush_values(const int[::1] flush_table, const int[:, ::1] pairs,
                        const long long[:, ::1] per_suit, const Py_ssize_t[::1] rows,
                        const Py_ssize_t[::1] suits, const int[:, ::1] triples,
                        int[:, ::1] out)

@cython.locals(size=Py_ssize_t, r=Py_ssize_t, c=Py_ssize_t, p=Py_ssize_t, card=Py_ssize_t,
               key=Py_ssize_t, board_low=cython.longlong, hole_low=cython.longlong,
               counts=cython.int[4], row=Py_ssize_t, best=int, value=int, suit=Py_ssize_t,
               held=int)
cpdef void high_low_rows(const long long[::1] board_row, const int[::1] high_table,
                         const int[::1] flush_table, const int[::1] low_table,
                         const long long[::1] key_weight, const long long[::1] low_bit,
                         const int[::1] rank_bit, const Py_ssize_t[:, ::1] holes,
                         const Py_ssize_t[:, ::1] boards, const Py_ssize_t[::1] pair_i,
                         const Py_ssize_t[::1] pair_j, long long qmask, int[::1] high,
                         int[::1] low)

@cython.locals(a=Py_ssize_t, b=Py_ssize_t, c=Py_ssize_t, p=Py_ssize_t, triple=int,
               bits=int, value=int)
cdef int _best_flush(const int[::1] flush_table, const int[::1] rank_bit,
                     const Py_ssize_t[:, ::1] holes, const Py_ssize_t[:, ::1] boards,
                     Py_ssize_t r, Py_ssize_t suit, const Py_ssize_t[::1] pair_i,
                     const Py_ssize_t[::1] pair_j, int best)
