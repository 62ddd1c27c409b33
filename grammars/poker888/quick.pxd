# C declarations for the compiled core (setup.py's CORE; Cython reads this file beside
# quick.py): an 888 hand's plain lines read character by character, amounts and seat
# numbers as C integers. The hand stays the kernel's Python object.

cimport cython
from hhtools.grammars._digits cimport amount_in, button_in, name_in, number_in

@cython.locals(n=Py_ssize_t, cut=Py_ssize_t, at=Py_ssize_t, c=Py_UCS4, who=object)
cpdef bint read_line(object h, str ln, object lno) except -1
cdef long long _amount_to_end(object h, str ln, Py_ssize_t i, Py_ssize_t n) except -2
@cython.locals(amount=cython.longlong, put=dict, stacks=dict, stack=cython.longlong,
               all_in=bint)
cdef bint _added(object h, str ln, str who, Py_ssize_t i, Py_ssize_t n, object lno,
                 object kind, bint said) except -1
@cython.locals(mucked=bint, cards=object)
cdef bint _shown(object h, str ln, str who, Py_ssize_t at, Py_ssize_t n, object lno) except -1
cdef object _english(object h, str text)
@cython.locals(at=Py_ssize_t, cards=object, street=object)
cdef bint _street(object h, str ln, Py_ssize_t n) except -1
@cython.locals(cut=Py_ssize_t, cards=object, player=str)
cdef bint _dealt(object h, str ln, Py_ssize_t n) except -1
@cython.locals(amount=cython.longlong, cut=Py_ssize_t, kind=object)
cdef bint _posted(object h, str ln, str who, Py_ssize_t at, Py_ssize_t n, object lno) except -1
@cython.locals(amount=cython.longlong)
cdef bint _collected(object h, str ln, str who, Py_ssize_t i, Py_ssize_t n, object lno) except -1
cdef bint _fixed(object h, str ln, Py_ssize_t n, object lno) except -1
@cython.locals(colon=Py_ssize_t, seat=int, cut=Py_ssize_t, stack=cython.longlong)
cdef bint _seat(object h, str ln, Py_ssize_t n, object lno) except -1
