# C declarations for the compiled core (setup.py's CORE; Cython reads this file beside
# old_lines.py): the older WPN format's lines read with the line a C string (its
# startswith and indexing in C, not Python method calls) and the hand the kernel's C type
# (_betting.pxd: its typed attributes read in C). The rules stay the same regexes.

cimport cython
from hhtools.grammars._betting cimport _State

@cython.locals(kept=list, body=list)
cpdef tuple split_lines(object lines)
cpdef bint read_line(_State h, str ln, object lno) except -1
cdef bint _seat(_State h, str ln, object lno) except -1
@cython.locals(name=str, n=Py_ssize_t, rest=str)
cdef bint _player_line(_State h, str ln, object lno) except -1
@cython.locals(act=str)
cdef bint _whole(object m) except -1
cdef object _player(_State h, str p, object m, str ln, object lno)
cdef bint _summary_line(_State h, str ln, object lno) except -1
cdef object _summary_player(_State h, object m, str ln, object lno)
cdef object _shown(_State h, str p, object cards, str ln, object lno)
