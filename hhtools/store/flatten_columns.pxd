# C declarations for the compiled core (setup.py's CORE; Cython reads this file beside
# flatten_columns.py): the loop over a batch's row list takes typed memoryviews and C
# integers, so each value costs a few machine instructions. The loop stays in
# flatten_columns.py, which runs as it is without Cython.

import cython

@cython.locals(nulls=Py_ssize_t, total=Py_ssize_t, k=Py_ssize_t, i=Py_ssize_t,
               x=cython.longlong)
cpdef Py_ssize_t fill_column(list values, Py_ssize_t start, Py_ssize_t width, int kind,
                             long long[::1] ints, unsigned char[::1] flags, int[::1] ends,
                             unsigned char[::1] null, list texts) except -2

@cython.locals(total=Py_ssize_t, size=Py_ssize_t, i=Py_ssize_t, j=Py_ssize_t, sizes=dict)
cpdef Py_ssize_t utf8_ends(list texts, unsigned char[::1] null, int[::1] ends) except -2
