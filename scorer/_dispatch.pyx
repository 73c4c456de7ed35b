# cython: language_level=3
"""``scorer.score`` for the compiled core: the engine's ``score`` (its pure twin, ``engine._score``)
step for step, with no Python frame between the caller and a variant's compiled full path.

A plain request (no explain, no claim, no dialect, a variant id) goes to the compiled full path the
engine holds for the variant (``engine._FULL_PATHS``, read at each call, so that what the engine
holds is what answers): called in C when it carries its C function (``c_entry``: a PyCapsule named
``mjscore.full_entry`` holding ``object (*)(object hand, object context, object rules)``), else
called as it is. A request it declines (None, or an ``engine.Declined``) is answered by the checked
path (``engine.score_checked``), the compiled path never asked twice. Anything else -- a variant
whose full path the engine has not looked up yet, a request that is not plain -- is the twin's.
"""

from cpython.dict cimport PyDict_GetItem
from cpython.object cimport PyObject
from cpython.pycapsule cimport PyCapsule_GetPointer, PyCapsule_IsValid

ctypedef object (*FullEntry)(object, object, object)

cdef object _twin = None        # engine._score
cdef object _checked = None     # engine.score_checked
cdef object _declined = None    # engine.Declined
cdef dict _engine = None        # the engine's globals, where _FULL_PATHS is read
cdef object _paths_name = "_FULL_PATHS"
cdef const char *ENTRY_NAME = "mjscore.full_entry"
# the full path last called (held, so that its address is never another object's) and its C function
cdef object _last_full = None
cdef FullEntry _last_entry = NULL


def use_engine(twin, checked, declined, dict engine_globals):
    """The engine's Python ``score``, its ``score_checked``, its ``Declined`` and its globals."""
    global _twin, _checked, _declined, _engine, _last_full, _last_entry
    _twin, _checked, _declined, _engine = twin, checked, declined, engine_globals
    _last_full, _last_entry = None, NULL


cdef FullEntry _entry_of(object full) except? NULL:
    """The C function a full path carries, or NULL (it is called as it is)."""
    capsule = getattr(full, "c_entry", None)
    if capsule is None or not PyCapsule_IsValid(capsule, ENTRY_NAME):
        return NULL
    return <FullEntry>PyCapsule_GetPointer(capsule, ENTRY_NAME)


def score(variant, hand, context=None, rules=None, dialect=None, *, explain=False, claim=None):
    """Score one hand. Malformed notation or context raises HandError; a hand that does not win
    is a normal result with ``valid`` false. ``explain`` adds every reading side by side; ``claim``
    (item ids and/or a total) adds a verdict. The compiled path or the checked path answers,
    decided once (``compiled``)."""
    global _last_full, _last_entry
    cdef PyObject *paths
    cdef PyObject *found
    if not explain and not claim and dialect is None and type(variant) is str:
        paths = PyDict_GetItem(_engine, _paths_name)
        found = PyDict_GetItem(<object>paths, variant) if paths != NULL and type(<object>paths) is dict else NULL
        if found != NULL and <object>found is not None:
            full = <object>found
            if full is not _last_full:
                _last_entry = _entry_of(full)
                _last_full = full
            answered = _last_entry(hand, context, rules) if _last_entry != NULL else full(hand, context, rules)
            if answered is not None and type(answered) is not _declined:
                return answered
            return _checked(variant, hand, context, rules, dialect, explain=explain, claim=claim)
    return _twin(variant, hand, context, rules, dialect, explain=explain, claim=claim)
