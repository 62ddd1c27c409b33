# C declarations for the compiled core (setup.py's CORE; Cython reads this file beside
# summary.py): the summary's line readers take the hand as the C type of state.pxd, so
# its attributes are read and written in C.

from hhtools.grammars.pokerstars.state cimport _Hand
# the plain lines' readers, called in C
from hhtools.grammars.pokerstars.plain cimport add_show, read_summary_seat, read_total

cpdef object _total(_Hand h, str ln, object lno)
cpdef object _segment(_Hand h, object kind, object value)
cpdef object _board(_Hand h, str ln, object lno)
cpdef object _summary_seat(_Hand h, str ln, object lno)
