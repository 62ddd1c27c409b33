# C declarations for the compiled core (setup.py's CORE; Cython reads this file beside
# state.py): the PokerStars hand state as a C type, so that the modules that cimport it
# (actions, seats, summary: their own .pxd) read and write its attributes in C instead
# of through Python's attribute lookup. Every attribute is public (Python code, the
# kernel's functions and the tests read and set them as before); the containers are
# typed (a list's append, a dict's get, a set's membership in C). Run as Python,
# state.py's class is the same class with the same slots.

cimport cython
from cpython.unicode cimport (PyUnicode_DATA, PyUnicode_GET_LENGTH, PyUnicode_KIND,
                              PyUnicode_Tailmatch)
from libc.string cimport memcmp

# compiled: the C flag player_prefix tests (set from _compiled())
cdef bint _C


cdef inline bint _c_starts(str s, str lit, Py_ssize_t at) except -1:
    """``s.startswith(lit, at)``: when ``lit`` fits in ``s`` from ``at`` and both texts
    are of one kind, their bytes compared; else as ``str.startswith`` does (plain.pxd and
    crosscheck.pxd cimport it)."""
    cdef Py_ssize_t m = PyUnicode_GET_LENGTH(lit)
    cdef int kind = PyUnicode_KIND(s)
    if 0 <= at and at + m <= PyUnicode_GET_LENGTH(s) and kind == PyUnicode_KIND(lit):
        return memcmp(<const char*>PyUnicode_DATA(s) + at * kind, PyUnicode_DATA(lit),
                      <size_t>(m * kind)) == 0
    return PyUnicode_Tailmatch(s, lit, at, len(s), -1) == 1


cdef class _Hand:
    cdef public object file, line, jackpot, meanings, away, street, rake, show_board
    cdef public object fees, room_added, room_added_body, board_line, ante, cancelled
    cdef public object fatal, currency, rules, units, hand_id, table, button, max_seats
    cdef public object hero, summary, total, total_line, first_line
    cdef public list problems, actions, seats, shows, collects, returned, board, inferred
    cdef public list sightings, cash_outs, street_boards, summary_boards, pot_parts
    cdef public list results, summary_folds
    cdef public set folded, lone
    cdef public bint quick
    cdef public dict hole, names, by_first, read

    # the methods every line calls, called in C by typed code (still methods for Python)
    cpdef object money(self, object text)
    cpdef object money_in(self, object text, object unit)
    cpdef object number(self, object text, object what)
    cpdef object add_seat(self, object seat)
    @cython.locals(lst=list, lone=bint, at=Py_ssize_t, other=str)
    cpdef object seat_as(self, object seat, object number, str name)
    @cython.locals(n=Py_ssize_t, name=str, k=Py_ssize_t)
    cpdef object player_prefix(self, str line)
    cpdef object know_cards(self, object player, object cards, object line)
