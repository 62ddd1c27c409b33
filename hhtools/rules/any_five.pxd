# C declarations for the compiled core (setup.py's CORE; Cython reads this file beside
# any_five.py): the hold'em reading's rank masks, counts and keys are C integers, and
# the tables it reads (highest rank and rank count of a mask, rank weights, straights,
# the five-card and flush values) typed memoryviews of C-int arrays taken once at
# import (any_five.py's *_VIEW), so a shown hand's reading boxes no number. The rules
# stay in any_five.py, which runs as it is without Cython (the tables as lists).

import cython

cdef int[::1] _TOP_VIEW, _COUNT_VIEW, _W_VIEW, _RUN_VIEW, _RUN_KEY_VIEW, _FL5_VIEW, _V5_VIEW

@cython.locals(seen=cython.long, two=cython.long, three=cython.long, four=cython.long,
               s0=cython.long, s1=cython.long, s2=cython.long, s3=cython.long,
               bit=cython.long, suit=cython.long, c=cython.long, best=cython.long,
               key=cython.long, q=cython.long, t=cython.long, a=cython.long,
               b=cython.long, p=cython.long, run=cython.long, top=cython.int[::1],
               count=cython.int[::1], w=cython.int[::1])
cpdef long any_five_value(codes) except? -1

@cython.locals(run=cython.long, count=cython.int[::1])
cpdef long _flush_value(long mask) except? -1

@cython.locals(key=cython.long, r=cython.long, top=cython.int[::1], w=cython.int[::1])
cpdef long _top_weights(long mask, long k) except? -1

@cython.locals(run=cython.long)
cpdef long _straight_top_mask(long mask) except? -2

@cython.locals(suit=cython.long, cat=cython.long, s=cython.long, have=cython.long,
               c=cython.long, r=cython.long, need=cython.long, chosen=list, ranks=tuple)
cpdef tuple _any_five_cards(codes, long value)
