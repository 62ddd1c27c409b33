# C declarations for the compiled core (setup.py's CORE; Cython reads this file beside
# seats.py): the dicts, the set and the row list a hand's seats are read from and
# written to are typed, so each look-up and each row's extend is a C call. The rows
# stay in seats.py, which runs as it is without Cython.

import cython

@cython.locals(cashed=dict, amount=object, fee=object, forfeited=object)
cpdef dict _cashed(hand)

@cython.locals(values=list, put_in=dict, returned=dict, position=dict, showed=set, collected=dict, cashed=dict, results=list,
               stats=list)
cpdef seat_rows(batch, hand, money)
