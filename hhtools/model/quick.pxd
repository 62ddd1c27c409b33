# C declarations for the compiled core (setup.py's CORE; Cython reads this file beside
# quick.py): a record built by writing its slots. quick.py calls these only when
# compiled (``COMPILED``); run as Python it never builds a record itself. Other compiled
# modules cimport ``built`` (a record built in C from its fields, without a Python call).

cimport cython
from cpython.object cimport PyObject, PyTypeObject
from cpython.tuple cimport PyTuple_GET_ITEM, PyTuple_GET_SIZE

cdef extern from "Python.h":
    object PyType_GenericAlloc(PyTypeObject* type, Py_ssize_t nitems)
    void _c_incref "Py_INCREF" (PyObject* o)
    ctypedef struct PyMemberDef:
        Py_ssize_t offset
    ctypedef struct PyMemberDescrObject:
        PyMemberDef* d_member


cdef inline Py_ssize_t _c_offset(object descr):
    """The offset of a slot in its object, from the slot's member descriptor (the
    caller checks that ``descr`` is one)."""
    return (<PyMemberDescrObject*>descr).d_member.offset


cdef inline object _c_build(object cls, bytes packed, Py_ssize_t most, tuple args,
                            tuple defaults):
    """A new ``cls`` whose ``most`` slots (their offsets the C ``Py_ssize_t`` values of
    ``packed``) hold ``args`` then ``defaults`` past them (the caller checks that
    ``args`` holds from the class's ``least`` to ``most`` values): allocated as the class
    allocates (its slots empty, tracked by the collector), each slot given its value and
    a reference to it."""
    cdef object obj = PyType_GenericAlloc(<PyTypeObject*>cls, 0)
    cdef char* base = <char*><PyObject*>obj
    cdef const Py_ssize_t* offsets = <const Py_ssize_t*><const char*>packed
    cdef Py_ssize_t n = PyTuple_GET_SIZE(args)
    cdef Py_ssize_t i
    cdef PyObject* value
    for i in range(most):
        value = PyTuple_GET_ITEM(args, i) if i < n else PyTuple_GET_ITEM(defaults, i)
        _c_incref(value)
        (<PyObject**>(base + offsets[i]))[0] = value
    return obj


cdef class _Slots:
    cdef readonly object cls, make
    cdef readonly tuple defaults
    cdef readonly bytes packed
    cdef readonly Py_ssize_t least, most


@cython.locals(s=_Slots, n=Py_ssize_t)
cpdef object built(object make, tuple args)
