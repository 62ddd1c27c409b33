# C declarations for the compiled core (setup.py's CORE; Cython reads this file beside
# plain.py): a GGPoker hand's plain lines read with the line a C string (its
# startswith/find in C, not Python method calls), positions and amounts C integers,
# and the hand the kernel's C type (_betting.pxd): its betting methods called in C.

cimport cython
from hhtools.grammars._betting cimport _State
from hhtools.grammars._digits cimport number_in
from hhtools.grammars._plain cimport after_name, amount_at, last_amount, read_betting

@cython.locals(cut=Py_ssize_t, player=str)
cpdef bint read_body(object fallback, _State h, str ln, object lno) except -1
@cython.locals(n=Py_ssize_t, i=Py_ssize_t, close=Py_ssize_t, j=Py_ssize_t, words=str,
               first=str)
cdef bint _street(_State h, str ln, object lno) except -1
@cython.locals(cents=bint)
cdef bint _player(_State h, str ln, str player, Py_ssize_t at, object lno) except -1
@cython.locals(got=cython.longlong, amount=cython.longlong)
cdef bint _post(_State h, str ln, str player, Py_ssize_t i, object lno, bint cents) except -1
@cython.locals(n=Py_ssize_t, at=Py_ssize_t, player=str, amount=cython.longlong)
cdef bint _collected(_State h, str ln, object lno) except -1
cpdef bint read_summary(object fallback, _State h, str ln, object lno) except -1
@cython.locals(n=Py_ssize_t, cut=Py_ssize_t, seat=int, i=Py_ssize_t, words=str)
cdef bint _summary_seat(_State h, str ln, object lno) except -1
