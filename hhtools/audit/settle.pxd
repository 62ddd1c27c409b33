# C declarations for the compiled core (setup.py's CORE; Cython reads this file beside
# settle.py): the hand's and its collects' fields read in C (hhtools/model/slots.pxd).
# The rules stay in settle.py, which runs as it is without Cython.

import cython
from hhtools.model.slots cimport Collect as _Collect, HandHistory as _Hand

@cython.locals(hand=_Hand, c=_Collect)
cpdef settle(hand)
