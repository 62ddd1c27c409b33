# C declarations for the compiled core (setup.py's CORE; Cython reads this file beside
# header.py): the hand as the C type of state.pxd (its attributes set in C), the header
# and table lines C strs (their find, slices and tests in C), the places C integers, and
# the stamps read by clock.pxd's functions called in C.

cimport cython
from hhtools.grammars.pokerstars.state cimport _Hand
from hhtools.grammars.pokerstars.clock cimport _instant, _stamps

@cython.locals(first=str, count=Py_ssize_t)
cpdef object _read_header(_Hand h, list lines, object line)
@cython.locals(at=Py_ssize_t, digits=str)
cpdef tuple _table_key(tuple cut, str table_line)
@cython.locals(started=tuple, hd=tuple)
cpdef object _known_header(_Hand h, tuple known, str number, tuple stamps, str first,
                           object line, object button=*)
@cython.locals(at=Py_ssize_t, colon=Py_ssize_t, cut=Py_ssize_t, number=str)
cpdef object _header_cut(str first)
cpdef object _started(_Hand h, tuple stamps, str excerpt, object line)
