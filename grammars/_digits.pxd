# C declarations for the compiled core (setup.py's CORE; Cython reads this file beside
# _digits.py): amounts and seat numbers read character by character into C integers.

cimport cython

@cython.locals(value=cython.longlong, count=int, after=int, grouped=bint, c=Py_UCS4,
               scale=cython.longlong, frac=cython.longlong)
cpdef long long amount_in(str ln, Py_ssize_t i, Py_ssize_t end, bint cents)
@cython.locals(value=int, c=Py_UCS4)
cpdef int number_in(str ln, Py_ssize_t i, Py_ssize_t end) except -2

@cython.locals(n=Py_ssize_t)
cpdef int button_in(str ln) except -2
@cython.locals(n=Py_ssize_t, names=list, name=str, k=Py_ssize_t)
cpdef object name_in(dict by_initial, str ln, str after)
