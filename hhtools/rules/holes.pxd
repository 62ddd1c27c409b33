# C declarations for the compiled core (setup.py's CORE; Cython reads this file beside
# holes.py): hole_classes' counts are C integers and its ranks and suits C characters
# compared in C. The rule stays in holes.py, which runs as it is without Cython.

import cython

@cython.locals(mask=Py_ssize_t, ranks=Py_ssize_t, bit=Py_ssize_t, aces=Py_ssize_t,
               clubs=Py_ssize_t, diamonds=Py_ssize_t, hearts=Py_ssize_t, spades=Py_ssize_t,
               twice=Py_ssize_t, pair=bint, rundown=bint, a2=bint, rank=Py_UCS4, suit=Py_UCS4)
cpdef tuple hole_classes(hole)
