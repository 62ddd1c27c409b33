# C declarations for the compiled core (setup.py's CORE; Cython reads this file beside
# _spaces.py): a hand's lines tested for a trailing space, tab or CR by their last
# character, in C.

cimport cython

@cython.locals(lines=list, ln=str, n=Py_ssize_t)
cpdef list normalised_lines(str text)
