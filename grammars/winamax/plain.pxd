# C declarations for the compiled core (setup.py's CORE; Cython reads this file beside
# plain.py): a Winamax hand's plain lines read with the line a C string (its
# startswith/find in C, not Python method calls), positions and amounts C integers,
# and the hand the kernel's C type (_betting.pxd): its betting methods called in C.

cimport cython
from hhtools.grammars._betting cimport _State
from hhtools.grammars._digits cimport number_in
from hhtools.grammars._plain cimport after_name, amount_at, last_amount, read_betting, read_seat

@cython.locals(player=object, known=bint)
cpdef bint read_line(object fallback, _State h, str ln, object lno) except -1
@cython.locals(cents=bint)
cdef bint _player(_State h, str ln, str player, Py_ssize_t at, object lno) except -1
@cython.locals(got=cython.longlong)
cdef bint _post(_State h, str ln, str player, Py_ssize_t at, object lno, bint cents) except -1
@cython.locals(n=Py_ssize_t, end=Py_ssize_t, amount=cython.longlong, pot=int)
cdef bint _collected(_State h, str ln, str player, Py_ssize_t i, object lno,
                     bint cents) except -1
@cython.locals(colon=Py_ssize_t, seat=int, i=Py_ssize_t, n=Py_ssize_t, words=str)
cdef bint _summary_seat(_State h, str ln) except -1
@cython.locals(parts=list, part=str)
cdef object _cards_text(str text)
@cython.locals(i=Py_ssize_t, words=str)
cdef bint _street(_State h, str ln, object lno) except -1
@cython.locals(cut=Py_ssize_t, hero=str)
cdef bint _dealt(_State h, str ln, object lno) except -1
@cython.locals(end=Py_ssize_t, cents=bint, total=cython.longlong, rake=cython.longlong)
cdef bint _total(_State h, str ln, object lno) except -1
cdef bint _board(_State h, str ln, object lno) except -1
