# C declarations for the compiled core (setup.py's CORE; Cython reads this file beside
# flatten_columns.py): the loop over a batch's row list takes typed memoryviews and C
# integers, so each value costs a few machine instructions. The loop stays in
# flatten_columns.py, which runs as it is without Cython.

import cython
from cpython.exc cimport PyErr_Clear, PyErr_Occurred
from cpython.long cimport PyLong_AsLongLongAndOverflow

ctypedef struct _Int:
    long long value
    bint ok

cdef inline _Int _c_int(object v) noexcept:
    """An int's value (``ok``: an int, not a bool, within a C long long): no exception
    raised and caught for one out of range, as a conversion would."""
    cdef _Int r
    cdef int overflow = 0
    r.ok = False
    r.value = 0
    if isinstance(v, int) and not isinstance(v, bool):
        r.value = PyLong_AsLongLongAndOverflow(v, &overflow)
        r.ok = overflow == 0
        if r.value == -1 and PyErr_Occurred() != NULL:  # (never for an int)
            PyErr_Clear()
            r.ok = False
    return r

@cython.locals(nulls=Py_ssize_t, total=Py_ssize_t, k=Py_ssize_t, i=Py_ssize_t,
               x=cython.longlong, n=Py_ssize_t, r=_Int, fast=cython.bint)
cpdef Py_ssize_t fill_column(list values, Py_ssize_t start, Py_ssize_t width, int kind,
                             long long[::1] ints, unsigned char[::1] flags, int[::1] ends,
                             unsigned char[::1] null, list texts) except -2

@cython.locals(total=Py_ssize_t, size=Py_ssize_t, i=Py_ssize_t, j=Py_ssize_t, sizes=dict)
cpdef Py_ssize_t utf8_ends(list texts, unsigned char[::1] null, int[::1] ends) except -2

