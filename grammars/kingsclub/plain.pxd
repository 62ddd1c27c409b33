# C declarations for the compiled core (setup.py's CORE; Cython reads this file beside
# plain.py): a KingsClub hand's plain lines read with the line a C string (its
# startswith/find in C, not Python method calls), positions and amounts C integers,
# and the hand the kernel's C type (_betting.pxd): its betting methods called in C.

cimport cython
from hhtools.grammars._betting cimport _State
from hhtools.grammars._digits cimport number_in
from hhtools.grammars._plain cimport amount_at, read_seat

@cython.locals(player=object, at=Py_ssize_t)
cpdef bint read_line(object fallback, _State h, str ln, object lno) except -1
@cython.locals(value=cython.longlong)
cdef bint _rake(_State h, str ln) except -1
@cython.locals(n=Py_ssize_t, cents=bint, close=Py_ssize_t, amount=cython.longlong, pot=str,
               index=Py_ssize_t)
cdef bint _wins(_State h, str ln, str player, Py_ssize_t at, object lno) except -1
@cython.locals(n=Py_ssize_t, all_in=int, amount=cython.longlong)
cdef long long _amount_to_end(str ln, Py_ssize_t i, bint cents) except -2
@cython.locals(n=Py_ssize_t, cents=bint, i=Py_ssize_t, got=cython.longlong)
cdef bint _player(_State h, str ln, str player, Py_ssize_t at, object lno) except -1
@cython.locals(n=Py_ssize_t, colon=Py_ssize_t, cents=bint, end=Py_ssize_t, space=Py_ssize_t,
               i=Py_ssize_t, value=cython.longlong, cut=Py_ssize_t, who=str)
cdef bint _summary_seat(_State h, str ln, object lno) except -1
@cython.locals(parts=list, part=str)
cdef bint _street(_State h, str ln, object lno) except -1
@cython.locals(cut=Py_ssize_t, card=str)
cdef bint _hidden(str ln) except -1
