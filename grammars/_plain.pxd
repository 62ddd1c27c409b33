# C declarations for the compiled core (setup.py's CORE; Cython reads this file beside
# _plain.py): the plain lines read character by character, amounts as C integers.

cimport cython
from hhtools.grammars._betting cimport _State

@cython.locals(start=Py_ssize_t, value=cython.longlong, c=Py_UCS4, d1=Py_UCS4, d2=Py_UCS4,
               digits=int, group=int)
cpdef long long amount_at(str ln, Py_ssize_t i, Py_ssize_t end, bint cents, int signs)
@cython.locals(all_in=bint, amount=cython.longlong)
cpdef long long last_amount(str ln, Py_ssize_t i, Py_ssize_t n, bint cents, int signs) except -2

@cython.locals(n=Py_ssize_t, c=Py_UCS4, got=cython.longlong, by=cython.longlong, end=Py_ssize_t,
               calls=bint)
cpdef bint read_betting(_State h, str ln, str player, Py_ssize_t at, object lno, bint cents,
                        int signs) except -1

@cython.locals(i=Py_ssize_t, tag=str)
cpdef Py_ssize_t after_name(str ln, Py_ssize_t at, object player, tuple tags) except -2
@cython.locals(n=Py_ssize_t, end=Py_ssize_t, colon=Py_ssize_t, cut=Py_ssize_t, seat=int,
               stack=cython.longlong)
cpdef bint read_seat(_State h, str ln, object lno, str closing, int signs, bint lone) except -1
