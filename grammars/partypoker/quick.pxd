# C declarations for the compiled core (setup.py's CORE; Cython reads this file beside
# quick.py): a PartyPoker hand's plain lines read character by character, amounts and
# seat numbers as C integers (_digits.pxd). The hand is the
# kernel's C type (_betting.pxd): its betting methods called in C.

cimport cython
from hhtools.grammars._digits cimport amount_in, button_in, name_in, number_in
from hhtools.grammars._betting cimport _State

@cython.locals(c=Py_UCS4)
cdef bint _digits_to(str ln, Py_ssize_t i, Py_ssize_t end) except -1
@cython.locals(unit=str)
cdef long long _amount(_State h, str ln, Py_ssize_t i, Py_ssize_t end) except -2
@cython.locals(c=Py_UCS4, last=Py_UCS4)
cdef long long _bracket(_State h, str ln, Py_ssize_t i, Py_ssize_t n) except -2

@cython.locals(n=Py_ssize_t, at=Py_ssize_t, c=Py_UCS4, who=object)
cpdef bint read_line(_State h, str ln, object lno) except -1
@cython.locals(amount=cython.longlong)
cdef bint _added(_State h, str ln, str who, Py_ssize_t i, Py_ssize_t n, object lno,
                 object kind) except -1
@cython.locals(amount=cython.longlong, to=cython.longlong, had=cython.longlong, cut=Py_ssize_t,
               cents=bint, bets=dict)
cdef bint _raised(_State h, str ln, str who, Py_ssize_t i, Py_ssize_t n, object lno) except -1
@cython.locals(words=str, kind=object, end=Py_ssize_t, amount=cython.longlong, actions=list,
               a=object)
cdef bint _posted(_State h, str ln, str who, Py_ssize_t i, Py_ssize_t n, object lno) except -1
@cython.locals(seat=int, cut=Py_ssize_t, most=int)
cdef bint _fixed(_State h, str ln, Py_ssize_t n, object lno) except -1
@cython.locals(colon=Py_ssize_t, seat=int, cut=Py_ssize_t, i=Py_ssize_t, end=Py_ssize_t,
               start=Py_ssize_t, stack=cython.longlong)
cdef bint _seat(_State h, str ln, Py_ssize_t n, object lno) except -1
cdef object _english(str text)
@cython.locals(words=str, street=object, i=Py_ssize_t, cards=object)
cdef bint _street(_State h, str ln, Py_ssize_t n) except -1
@cython.locals(cut=Py_ssize_t, cards=object)
cdef bint _dealt(_State h, str ln, Py_ssize_t n) except -1
cdef Py_ssize_t _run(str ln, Py_ssize_t i, Py_ssize_t end) except -2
@cython.locals(j=Py_ssize_t)
cdef Py_ssize_t _then(str ln, Py_ssize_t i, Py_ssize_t n) except -2
cdef bint _balance(_State h, str ln, str who, Py_ssize_t i, Py_ssize_t n, object lno) except -1
@cython.locals(start=Py_ssize_t, end=Py_ssize_t, k=Py_ssize_t, amount=cython.longlong)
cdef bint _collected(_State h, str ln, str who, Py_ssize_t i, Py_ssize_t n, object lno) except -1
