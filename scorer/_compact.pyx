# cython: language_level=3
"""``CompactResult``: a scored hand without the explanation (no item names, tiles, exclusions or
partition): what a game platform settling many hands needs. ``scorer.score_compact`` and
``score_many(..., view="compact")`` (``scorer.engine``) return it; the C scorers fill it without
building a full Result.
"""

cimport cython
from cpython.dict cimport PyDict_Copy, PyDict_GetItem
from cpython.object cimport PyObject, PyTypeObject
from cpython.pycapsule cimport PyCapsule_GetPointer, PyCapsule_IsValid
from cpython.ref cimport Py_INCREF

cdef extern from *:
    """
    #include <structmember.h>
    /* the fields' offsets in the object (the macro expands where the struct is declared) */
    #define MJ_COMPACT_OFFSET(f) ((Py_ssize_t)offsetof(struct __pyx_obj_6scorer_8_compact_CompactResult, f))
    static PyMemberDef mj_compact_members[8];
    /* ``name`` read straight from its object slot at ``offset`` (a member descriptor: what a slots
       class has, and what the interpreter reads without a call) in place of the getter Cython made */
    static int mj_member(PyObject *type, int i, const char *name, Py_ssize_t offset) {
        PyMemberDef *def = &mj_compact_members[i];
        PyObject *descr;
        int failed;
        def->name = name;
        def->type = T_OBJECT_EX;
        def->offset = offset;
        def->flags = READONLY;
        def->doc = NULL;
        descr = PyDescr_NewMember((PyTypeObject *)type, def);
        if (descr == NULL)
            return -1;
        failed = PyDict_SetItemString(((PyTypeObject *)type)->tp_dict, name, descr);
        Py_DECREF(descr);
        PyType_Modified((PyTypeObject *)type);
        return failed;
    }
    """
    Py_ssize_t OFFSET_VARIANT "MJ_COMPACT_OFFSET(variant)"
    Py_ssize_t OFFSET_VALID "MJ_COMPACT_OFFSET(valid)"
    Py_ssize_t OFFSET_TOTAL "MJ_COMPACT_OFFSET(total)"
    Py_ssize_t OFFSET_REASON "MJ_COMPACT_OFFSET(reason)"
    Py_ssize_t OFFSET_ITEMS "MJ_COMPACT_OFFSET(items)"
    int mj_member(object type, int i, const char *name, Py_ssize_t offset) except -1

ITEM_FIELDS = ("id", "points", "factor", "count")


# the int objects of the totals and amounts answers commonly hold, each made on first use and shared
# by every answer after (an int is immutable; as Python keeps its small ints): an amount within these
# bounds costs no allocation. The C scorers share them too (``shared_int``, declared in _compact.pxd)
cdef enum:
    INT_SPAN = 4096
cdef PyObject *SHARED_INT[2 * INT_SPAN + 1]


cdef object shared_int(long v):
    """``int(v)``, the same object for every answer within INT_SPAN."""
    cdef PyObject *o
    cdef object value
    if not -INT_SPAN <= v <= INT_SPAN:
        return v
    o = SHARED_INT[v + INT_SPAN]
    if o == NULL:
        value = v
        Py_INCREF(value)
        SHARED_INT[v + INT_SPAN] = <PyObject *>value
        return value
    return <object>o


@cython.freelist(256)
@cython.no_gc  # holds only strings, ints, tuples of those and a flat dict: no cycles possible
cdef class CompactResult:
    """``items``: ``(id, points, factor, count)`` per item, in the full result's order;
    ``payments``: by seat, as in the full result. ``total`` and the payments are Python ints of any
    size, as in the full result (a regional stake can multiply a total past 64 bits)."""

    def __init__(self, str variant, bint valid, total, reason, tuple items, dict payments):
        self.variant = variant
        self.valid = True if valid else False
        self.total = total
        self.reason = reason
        self.items = items
        self._payments = payments
        self._shared = False

    @property
    def payments(self) -> dict:
        if self._shared:  # a template of these amounts: this answer's own copy, made on first read
            self._payments = PyDict_Copy(self._payments)
            self._shared = False
        elif self._payments is None:
            self._payments = {"E": shared_int(self._amounts[0]), "S": shared_int(self._amounts[1]),
                              "W": shared_int(self._amounts[2]), "N": shared_int(self._amounts[3])}
        return self._payments

    def as_dict(self) -> dict:
        """JSON-ready: ``items`` as ``[id, points, factor, count]`` arrays (see ``ITEM_FIELDS``)."""
        return {"variant": self.variant, "valid": self.valid, "total": self.total, "reason": self.reason,
                "items": self.items, "payments": self.payments}

    def __eq__(self, other):
        if not isinstance(other, CompactResult):
            return NotImplemented
        return self.as_dict() == (<CompactResult>other).as_dict()

    def __hash__(self):
        return hash((self.variant, self.valid, self.total, self.reason, self.items))

    def __repr__(self):
        return (f"CompactResult(variant={self.variant!r}, valid={self.valid}, total={self.total}, "
                f"reason={self.reason!r}, items={self.items!r}, payments={self.payments!r})")


# the plain fields as object slots (every one is set by whoever makes the result: never empty)
mj_member(CompactResult, 0, "variant", OFFSET_VARIANT)
mj_member(CompactResult, 1, "valid", OFFSET_VALID)
mj_member(CompactResult, 2, "total", OFFSET_TOTAL)
mj_member(CompactResult, 3, "reason", OFFSET_REASON)
mj_member(CompactResult, 4, "items", OFFSET_ITEMS)


def has_none(list items) -> bool:
    """Whether any entry is None (by identity: no comparison methods are called)."""
    cdef object item
    for item in items:
        if item is None:
            return True
    return False


# ---- ``scorer.score_compact`` for the compiled core: the common request (a variant id whose compact
# path has a C entry, the default rules, no dialect) goes from the caller straight to that C function,
# with no Python frame between; anything else, and the first request of a variant, is the engine's
# Python ``score_compact`` (its twin), which registers the variant's C entry here (``add_entry``).

ctypedef object (*CompactEntry)(object, object)

cdef dict _ENTRIES = {}        # variant id -> its C entry (a PyCapsule named ENTRY_NAME)
cdef object _twin = None       # engine's Python score_compact
cdef object _declined = None   # (variant, hand, context) -> the checked path's answer, condensed
cdef const char *ENTRY_NAME = "mjscore.compact_entry"
# the variant id last looked up (held, so its address is never another string's) and its entry
cdef object _last_variant = None
cdef CompactEntry _last_entry = NULL


def use_engine(twin, declined):
    """The engine's Python ``score_compact`` and its answer to a request a C entry declined."""
    global _twin, _declined
    _twin = twin
    _declined = declined


def add_entry(str variant, entry):
    """Register a variant's C compact entry: a PyCapsule named ``mjscore.compact_entry`` holding
    ``object (*)(object hand, object context)`` (None: declined)."""
    global _last_variant
    if not PyCapsule_IsValid(entry, ENTRY_NAME):
        raise TypeError("a compact entry is a PyCapsule named mjscore.compact_entry")
    _ENTRIES[variant] = entry
    _last_variant = None


# a plain builtin function, not a Cython function object: the interpreter calls it without a
# generic call in between (the fastest call a compiled function gets)
@cython.binding(False)
def score_compact(variant, hand, context=None, rules=None, dialect=None):
    """Score one hand without the explanation: valid, total, items as ``(id, points, factor,
    count)``, payments -- equal to the full result's (``score``, condensed). Under the default rules
    a variant's compiled compact path answers (MCR: in C from the notation text on, about 1 µs); a
    request it declines, and any other, is scored in full and condensed, the compiled compact path
    never asked twice. Raises HandError as ``score`` does."""
    global _last_variant, _last_entry
    cdef PyObject *entry
    cdef object answered
    if rules is None and dialect is None and type(variant) is str:
        if variant is not _last_variant:
            entry = PyDict_GetItem(_ENTRIES, variant)
            if entry == NULL:
                return _twin(variant, hand, context, rules, dialect)
            _last_entry = <CompactEntry>PyCapsule_GetPointer(<object>entry, ENTRY_NAME)
            _last_variant = variant
        answered = _last_entry(hand, context)
        if answered is not None:
            return answered
        return _declined(variant, hand, context)  # the C entry declined: never asked again
    return _twin(variant, hand, context, rules, dialect)
