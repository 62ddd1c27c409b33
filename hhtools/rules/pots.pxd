# C declarations for the compiled core (setup.py's CORE; Cython reads this file beside
# pots.py): the loops over a hand's actions and seats read their fields in C
# (hhtools/model/slots.pxd), and rebuild reads the hand's. The rules stay in pots.py,
# which runs as it is without Cython.

import cython
from hhtools.model.slots cimport Action as _Action, HandHistory as _Hand, Seat as _Seat

@cython.locals(s=_Seat)
cpdef tuple clockwise_order(hand)

@cython.locals(act=_Action)
cpdef tuple _contributions(actions, big_blind)

@cython.locals(hand=_Hand)
cpdef rebuild(hand)
