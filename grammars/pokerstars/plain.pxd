# C declarations for the compiled core (setup.py's CORE; Cython reads this file beside
# plain.py): the plain lines read character by character, the hand as the C type of
# state.pxd, amounts as C integers.

cimport cython
from hhtools.grammars.pokerstars.state cimport _Hand, _c_starts

# compiled: the C flag _starts tests (set from QUICK)
cdef bint _C


cdef inline bint _starts(str ln, str lit, Py_ssize_t at) except -1
cdef inline bint _ends(str ln, str lit) except -1

@cython.locals(start=Py_ssize_t, value=cython.longlong, c=Py_UCS4, d1=Py_UCS4, d2=Py_UCS4)
cpdef long long amount_at(str ln, Py_ssize_t i, Py_ssize_t end, bint cents)
@cython.locals(end=Py_ssize_t, all_in=int, amount=cython.longlong)
cdef long long _last_amount(str ln, Py_ssize_t i, Py_ssize_t n, bint cents) except -2

@cython.locals(at=Py_ssize_t, n=Py_ssize_t, cents=bint, c=Py_UCS4)
cpdef bint read_plain(_Hand h, str ln, str name, object lno) except -1

@cython.locals(got=cython.longlong)
cdef bint _added(_Hand h, str ln, str name, object lno, Py_ssize_t i, Py_ssize_t n, bint cents,
                 object kind) except -1
@cython.locals(end=Py_ssize_t, amount=cython.longlong, got=cython.longlong)
cdef bint _raised(_Hand h, str ln, str name, object lno, Py_ssize_t at, Py_ssize_t n,
                  bint cents) except -1
@cython.locals(amount=cython.longlong, got=cython.longlong, words=str)
cdef bint _posted(_Hand h, str ln, str name, object lno, Py_ssize_t at, Py_ssize_t n,
                  bint cents) except -1
@cython.locals(i=Py_ssize_t, end=Py_ssize_t, amount=cython.longlong, rest=Py_ssize_t,
               pot=int, board=object)
cdef bint _collected(_Hand h, str ln, str name, object lno, Py_ssize_t at, Py_ssize_t n,
                     bint cents) except -1

@cython.locals(seat=int, k=Py_ssize_t, c=Py_UCS4)
cdef int _seat_number(str ln, Py_ssize_t colon) except -2
@cython.locals(n=Py_ssize_t, end=Py_ssize_t, cut=Py_ssize_t, colon=Py_ssize_t, seat=int,
               stack=cython.longlong, player=str)
cpdef bint read_seat(_Hand h, str ln, object lno) except -1

@cython.locals(n=Py_ssize_t, end=Py_ssize_t, cents=bint, total=cython.longlong,
               rake=cython.longlong)
cpdef bint read_total(_Hand h, str ln, object lno) except -1

@cython.locals(n=Py_ssize_t, colon=Py_ssize_t, seat=int, i=Py_ssize_t, end=Py_ssize_t, tag=str,
               words=str, c=Py_UCS4)
cpdef bint read_summary_seat(_Hand h, str ln, object lno) except -1
@cython.locals(end=Py_ssize_t, k=Py_ssize_t, close=Py_ssize_t)
cdef bint _showed(_Hand h, str ln, str player, object lno, Py_ssize_t i, Py_ssize_t n) except -1
cpdef object add_show(_Hand h, object player, object cards, object desc, object board,
                      object lno)

@cython.locals(end=Py_ssize_t, n=Py_ssize_t)
cpdef object show_parts(str ln, Py_ssize_t at)

# the cut lines read_line and its fixed lines call (actions.pxd cimports them)
cpdef bint _bracketed(str text) except -1
cpdef object _dealt(str ln)
cpdef object _uncalled(str ln)

# cards read from their characters (the card texts shared, none made)
cpdef tuple read_cards(str text)
@cython.locals(r=int, su=int)
cpdef Py_ssize_t cards_at(list out, str ln, Py_ssize_t i, Py_ssize_t end) except -2
cdef int _rank(Py_UCS4 c) except -2
cdef int _suit(Py_UCS4 c) except -2
@cython.locals(n=Py_ssize_t, out=list)
cpdef object board_lists(str ln, Py_ssize_t i)

# a record built in C from its fields (quick.pxd)
from hhtools.model.quick cimport built
