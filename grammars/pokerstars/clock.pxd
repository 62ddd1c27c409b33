# C declarations for the compiled core (setup.py's CORE; Cython reads this file beside
# clock.py): a header's time stamps cut character by character (the text a C str, its
# characters C code points, the places C integers).

cimport cython

cpdef object _stamps(str first, Py_ssize_t at)
@cython.locals(n=Py_ssize_t, end=Py_ssize_t, zone=Py_ssize_t, end2=Py_ssize_t)
cpdef object _cut_stamps(str first, Py_ssize_t at)
@cython.locals(n=Py_ssize_t, colon=Py_ssize_t)
cpdef Py_ssize_t _time_end(str text, Py_ssize_t at) except -2
@cython.locals(c=Py_UCS4)
cdef bint _digits(str text, Py_ssize_t i, Py_ssize_t end) except -1
@cython.locals(n=Py_ssize_t, k=Py_ssize_t, c=Py_UCS4)
cpdef Py_ssize_t _zone_end(str text, Py_ssize_t at) except -2
@cython.locals(n=Py_ssize_t, iso=str)
cpdef object _instant(str text, object tz)
