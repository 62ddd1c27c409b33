# C declarations for the compiled core (setup.py's CORE; Cython reads this file beside
# quick.py): a record built by writing its slots. quick.py calls these only when
# compiled (``COMPILED``); run as Python it never builds a record itself.

from cpython.object cimport PyObject, PyTypeObject
from cpython.ref cimport Py_INCREF

cdef extern from "Python.h":
    object PyType_GenericAlloc(PyTypeObject* type, Py_ssize_t nitems)
    ctypedef struct PyMemberDef:
        Py_ssize_t offset
    ctypedef struct PyMemberDescrObject:
        PyMemberDef* d_member


cdef inline Py_ssize_t _c_offset(object descr):
    """The offset of a slot in its object, from the slot's member descriptor (the
    caller checks that ``descr`` is one)."""
    return (<PyMemberDescrObject*>descr).d_member.offset


cdef inline object _c_build(object cls, tuple offsets, tuple args, tuple defaults):
    """A new ``cls`` whose slots hold ``args`` then ``defaults`` past them: allocated
    as the class allocates (its slots empty, tracked by the collector), each slot
    given its value and a reference to it."""
    cdef object obj = PyType_GenericAlloc(<PyTypeObject*>cls, 0)
    cdef char* base = <char*><PyObject*>obj
    cdef Py_ssize_t n = len(args)
    cdef Py_ssize_t i
    cdef object value
    for i in range(len(offsets)):
        value = args[i] if i < n else defaults[i]
        Py_INCREF(value)
        (<PyObject**>(base + <Py_ssize_t>offsets[i]))[0] = <PyObject*>value
    return obj

