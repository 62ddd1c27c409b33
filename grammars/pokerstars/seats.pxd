# C declarations for the compiled core (setup.py's CORE; Cython reads this file beside
# seats.py): the seat lines' reader takes the hand as the C type of state.pxd, so its
# attributes are read and written in C.

cimport cython
from hhtools.grammars.pokerstars.state cimport _Hand
# the plain seat line's reader, called in C
from hhtools.grammars.pokerstars.plain cimport read_seat

@cython.locals(n=Py_ssize_t, k=Py_ssize_t, text=str, known=dict, got=tuple)
cpdef object _read_seats(_Hand h, list lines, object line, Py_ssize_t i)
cpdef object _post(_Hand h, object player, object r, object lno)
