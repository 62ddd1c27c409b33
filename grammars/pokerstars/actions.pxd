# C declarations for the compiled core (setup.py's CORE; Cython reads this file beside
# actions.py): the hand as its body is read, a C type on the hand state's (state.pxd),
# so that read_line reads and writes the hand's attributes in C.

from hhtools.grammars.pokerstars.state cimport _Hand

cdef class _Body(_Hand):
    cdef public dict seen, known

    # called by read_line for each line that starts with a seated name: a C call
    cpdef object player_line(self, str ln)

# the line readers of a street line and of a line that starts with no seated player
cpdef object _street(_Hand h, str ln, object lno)
cpdef object _fixed(_Hand h, str ln, object lno)
