# The compact result, filled field by field by the C scorers (scorer/variants/mcr/_fast.pyx).

cdef class CompactResult:
    cdef readonly str variant
    cdef readonly object valid     # True or False (an object slot: read as fast as a plain attribute)
    cdef readonly object total     # a Python int: a regional total times a stake can pass any C width
    cdef readonly object reason
    cdef readonly tuple items
    cdef object _payments          # dict; a template when _shared; None: built from _amounts when asked for
    cdef bint _shared              # _payments is a template kept by the scorer: copied on first read
    cdef int _amounts[4]           # E S W N, when _payments is None


# int(v), one object shared by every answer for the common totals and amounts
cdef object shared_int(long v)
