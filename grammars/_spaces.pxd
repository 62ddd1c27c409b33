# C declarations for the compiled core (setup.py's CORE; Cython reads this file beside
# _spaces.py): a hand's text cut into its lines and each line stripped of its trailing
# spaces, tabs and CRs in one pass, in C (_c_lines).

cimport cython
from cpython.unicode cimport PyUnicode_DATA, PyUnicode_KIND, PyUnicode_READ, PyUnicode_Substring
from libc.string cimport memchr


cdef inline list _c_lines(str text):
    """``[x.rstrip(" \\t\\r") for x in text.split("\\n")]``: each line end found by
    ``memchr`` in a text of one byte a character (else read character by character), each
    line's trailing spaces, tabs and CRs left out of the line's text as it is cut."""
    cdef Py_ssize_t n = len(text)
    cdef Py_ssize_t start = 0
    cdef Py_ssize_t i, end
    cdef int kind = PyUnicode_KIND(text)
    cdef void* data = PyUnicode_DATA(text)
    cdef const char* p
    cdef Py_UCS4 c
    cdef list out = []
    while True:
        if kind == 1:
            p = <const char*>memchr(<const char*>data + start, 10, <size_t>(n - start))
            i = n if p == NULL else p - <const char*>data
        else:
            i = start
            while i < n and PyUnicode_READ(kind, data, i) != 10:
                i += 1
        end = i
        while end > start:
            c = PyUnicode_READ(kind, data, end - 1)
            if c != 32 and c != 9 and c != 13:
                break
            end -= 1
        out.append(PyUnicode_Substring(text, start, end))
        if i >= n:
            return out
        start = i + 1


cpdef list normalised_lines(str text)
