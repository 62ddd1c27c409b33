# C declarations for the compiled core (setup.py's CORE; Cython reads this file beside
# quick.py): an 888 hand's plain lines read character by character, amounts and seat
# numbers as C integers. The hand is the
# kernel's C type (_betting.pxd): its betting methods called in C.

cimport cython
from hhtools.grammars._digits cimport amount_in, button_in, name_in, number_in
from hhtools.grammars._betting cimport _State

@cython.locals(n=Py_ssize_t, cut=Py_ssize_t, at=Py_ssize_t, c=Py_UCS4, who=object)
cpdef bint read_line(_State h, str ln, object lno) except -1
cdef long long _amount_to_end(_State h, str ln, Py_ssize_t i, Py_ssize_t n) except -2
@cython.locals(amount=cython.longlong, put=dict, stacks=dict, stack=cython.longlong,
               all_in=bint)
cdef bint _added(_State h, str ln, str who, Py_ssize_t i, Py_ssize_t n, object lno,
                 object kind, bint said) except -1
@cython.locals(mucked=bint, cards=object)
cdef bint _shown(_State h, str ln, str who, Py_ssize_t at, Py_ssize_t n, object lno) except -1
cdef object _english(_State h, str text)
@cython.locals(at=Py_ssize_t, cards=object, street=object)
cdef bint _street(_State h, str ln, Py_ssize_t n) except -1
@cython.locals(cut=Py_ssize_t, cards=object, player=str)
cdef bint _dealt(_State h, str ln, Py_ssize_t n) except -1
@cython.locals(amount=cython.longlong, cut=Py_ssize_t, kind=object)
cdef bint _posted(_State h, str ln, str who, Py_ssize_t at, Py_ssize_t n, object lno) except -1
@cython.locals(amount=cython.longlong)
cdef bint _collected(_State h, str ln, str who, Py_ssize_t i, Py_ssize_t n, object lno) except -1
cdef bint _fixed(_State h, str ln, Py_ssize_t n, object lno) except -1
@cython.locals(colon=Py_ssize_t, seat=int, cut=Py_ssize_t, stack=cython.longlong)
cdef bint _seat(_State h, str ln, Py_ssize_t n, object lno) except -1
