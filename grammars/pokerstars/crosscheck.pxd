# C declarations for the compiled core (setup.py's CORE; Cython reads this file beside
# crosscheck.py): the whole-hand checks every hand runs, their lines and names as C
# strings, the hand as the C type of state.pxd.

cimport cython
from hhtools.grammars.pokerstars.state cimport _Hand, _c_starts

# compiled: the C flag _summary_cut tests (set from _compiled())
cdef bint _C

@cython.locals(written=list, ln=str, named=set, seat=str)
cpdef bint _summary_cut(_Hand h, list lines) except -1
@cython.locals(cards=list, key=str, players=set, owner=str)
cpdef bint _may_repeat(list sightings) except -1
