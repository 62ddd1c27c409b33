# C declarations for the compiled core (setup.py's CORE; Cython reads this file beside
# _betting.py): the kernel's betting state as a C type, so that its own methods and the
# compiled quick readers that cimport it (_plain, _digits' callers, the sites' quick.py
# and plain.py) read and write its attributes in C, and call its line methods in C
# (cpdef: still methods for Python, and a Python subclass may override them). Every
# attribute is public (Python code and the tests read and set them as before); the
# containers are typed. Run as Python, _betting.py's class is the same class.

cimport cython

cdef class _State:
    cdef public object file, line, hand_id, unit, street_index, street, highest, sb, bb
    cdef public list problems, actions
    cdef public dict stacks, put, bets
    cdef public set folded, in_hand, acted

    cpdef object left(self, object player)
    @cython.locals(total=object, stack=object)
    cpdef bint _add(self, object player, object amount) except -1
    cpdef object new_street(self, object street)
    @cython.locals(all_in=bint)
    cpdef object post(self, object player, object kind, object amount, object line,
                      bint stated=*)
    cpdef object fold(self, object player, object line)
    cpdef object check(self, object player, object line)
    cpdef object call(self, object player, object amount, object line, bint all_in=*)
    cpdef object bet(self, object player, object amount, object line, bint all_in=*)
    @cython.locals(already=object, faced=object)
    cpdef object raise_to(self, object player, object to, object line, bint all_in=*,
                          object by=*)
    @cython.locals(bets=dict, highest=object, total=object)
    cpdef object added(self, object player, object kind, object amount, object line,
                       bint all_in=*, object to=*)
    cpdef object all_in(self, object player, object added, object line)
