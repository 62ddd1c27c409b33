# C declarations for the compiled core (setup.py's CORE; Cython reads this file beside
# action_columns.py): the loop over a batch's actions reads each action's slots where
# they lie in the object and writes typed memoryviews with C integers, so each value
# costs a few machine instructions. The loop stays in action_columns.py, which runs as
# it is without Cython.

import cython
from cpython.object cimport PyObject
from hhtools.model.quick cimport _c_offset

cdef inline object _c_slot(object obj, Py_ssize_t offset):
    """The value in the slot at ``offset`` of ``obj`` (the caller checked its class);
    AttributeError for a slot never given a value, as reading it by name."""
    cdef PyObject* p = (<PyObject**>((<char*><PyObject*>obj) + offset))[0]
    if p is NULL:
        raise AttributeError("an action's slot has no value")
    return <object>p


@cython.locals(rows=Py_ssize_t, k=Py_ssize_t, j=Py_ssize_t, c=cython.int, x=cython.longlong,
               number=cython.longlong,
               code=Py_ssize_t, entry=tuple, fast=cython.bint, o=tuple, seen=list,
               seen_code=cython.int[4])
cpdef Py_ssize_t fill_actions(list entries, long long[::1] numbers, int[::1] seq,
                              long long[::1] ints, unsigned char[::1] flags,
                              unsigned char[::1] null, int[::1] codes, dict found,
                              list texts, type cls, tuple offsets) except -2

cdef object _field(object a, int i, Py_ssize_t offset, bint fast)

@cython.locals(code=Py_ssize_t)
cdef Py_ssize_t _code(object v, dict found, list texts) except -2
