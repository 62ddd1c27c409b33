# C declarations for the compiled core (setup.py's CORE; Cython reads this file beside
# actions.py): the hand as its body is read, a C type on the hand state's (state.pxd),
# so that read_line reads and writes the hand's attributes in C, and calls in C the
# readers of the plain lines (plain.pxd) and of the summary's (summary.pxd).

cimport cython
from hhtools.grammars.pokerstars.state cimport _Hand
from hhtools.grammars.pokerstars.plain cimport (
    _bracketed, _dealt, _uncalled, add_show, board_lists, read_cards, read_plain, show_parts,
)
from hhtools.grammars.pokerstars.summary cimport _board, _summary_seat, _total
from hhtools.model.quick cimport built

cdef class _Body(_Hand):
    cdef public dict seen, known

    # each body line, called in C by read_lines (still a method for Python)
    cpdef bint read_line(self, str ln, object lno) except -1
    # called by read_line for each line that starts with a seated name: a C call
    cpdef object player_line(self, str ln)

# the body's loop: a C call of read_line a line
@cython.locals(i=Py_ssize_t, n=Py_ssize_t, in_range=bint, ln=str)
cpdef bint read_lines(_Body h, list lines, Py_ssize_t start, Py_ssize_t line) except -1

# the line readers of a street line and of a line that starts with no seated player
cpdef object _street(_Hand h, str ln, object lno)
cpdef object _fixed(_Hand h, str ln, object lno)
# a show line's handler (read_line calls it on a plain show: a C call)
cpdef object _show(_Hand h, object player, object r, object lno)
