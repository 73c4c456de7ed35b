# Included by _fast.pyx: MCR's full Result built in C, straight from the notation text, the context
# dict and a preset name: ``full(text, context, rules)``, which ``MCR.full_fast`` hands to
# ``engine.compiled`` (``scorer.score("mcr", ...)`` without explain, claim or dialect). One
# evaluation of the hand with the recorder on (a hand whose only reading is one division is recorded
# as it is scored, ``_evaluate_recording``; any other's chosen reading is scored once more,
# ``_explain_chosen``, as ``explain`` does), then every field of the Result written here: the
# canonical hand, each item and the tiles behind it, the merged exclusions, the partition, the
# settlement, the details, the rules echo and the context used.
#
# Its declared pure-Python twin is the checked path (``engine.score_checked``): ``MCR.score`` ->
# ``build_result``, ``_partition`` and ``_exclusions`` (scorer/variants/mcr/__init__.py),
# ``explained.py`` with ``Tally.source_text``, ``notation.format_hand``, ``Variant.context_used`` and
# ``ResolvedRules.echo`` (docs/architecture.md#the-full-result-in-c). What those write, this writes
# too: a change there is a change here, and tests/test_mcr_full_fast.py compares both answers'
# ``as_dict()`` on the differential corpus, the fixtures and random contexts.
#
# The texts are taken from their Python writers wherever they form a table, built at import: every
# set (``Set.text``), pair and tile, the nine tiles of a suit and each knitted family
# (``tiles_text``), the seats and the default discarder (``scorer.seats``), the reasons, the tie
# breaks, the fan names, the context's defaults and field names, each preset's echo, each meld as
# written (``format_meld``). The canonical hand and the sources that list a hand's own tiles are
# written by ``_t_tiles`` from tables read off ``tiles_text`` itself (a head, a step from each tile
# to the next, a tail); only the order is this path's (format_hand's: the concealed tiles sorted,
# the winning tile last), and the suite compares it with the Python writer on every answer.
#
# Whatever this path does not read exactly as the checked path would returns None, and the checked
# path answers (and reports the errors): everything the compact path declines (_compact_path.pxi:
# unusual notation, context values MCRContext might read differently or reject, contradictions),
# rule dicts and unknown preset names, and a hand with more divisions or records than the C arrays
# hold. An exposed kong written without its discarder (``[5555s]``) is answered here with the warning
# the parser attaches to it (``pasted.kong_note``, from the text as typed).
#
# The result objects are the plain dataclasses of scorer/result.py. Their generated ``__init__``
# would cost more than all the rest of the work, so each object is allocated by its type
# (``tp_alloc``: every slot empty) and every field stored at its slot's offset, which the slot's
# member descriptor gives (checked at import: an object slot of that very class, writable; what
# ``object.__setattr__`` does, without the checks per call). Should a class change shape, this path
# declines everything and the checked path answers. What is immutable is shared between answers, as
# the interpreter shares its small ints: the frozen items and exclusions every field of which a fan
# and a record (or an excluder and a principle) give, the table texts, the ints of totals and
# payments (``shared_int``, the compact answers' too); the dicts are copies of templates. Every list
# and dict of an answer is its own.

from cpython.dict cimport PyDict_Copy, PyDict_GetItem
from cpython.list cimport PyList_GET_ITEM, PyList_New, PyList_SET_ITEM
from cpython.pycapsule cimport PyCapsule_New

from scorer._compact cimport shared_int
from scorer._kept cimport KeptEntry, KeptTable, kept_get, kept_keep, kept_table

from scorer import result as _result_py
from scorer.tiles import tiles_text as _tiles_text_py
from scorer.variants.mcr import division as _division_py
from scorer.variants.mcr.context import MCRContext as _MCRContext, MCRRules as _MCRRules
from scorer.variants.mcr.compiled import (CONTEXT_FIELDS_READ, DECLINE_REASONS as _DECLINE_REASONS,
                                          context_contract_problems as _contract_problems,
                                          rules_contract_problems as _rules_problems)
from scorer.version import __version__ as _version_py

cdef extern from *:
    """
    #include <structmember.h>
    static PyObject *mj_alloc(PyObject *type) {
        PyTypeObject *t = (PyTypeObject *)type;
        return t->tp_alloc(t, 0);
    }
    /* the offset of a writable object slot that ``cls`` itself defines, or -1 */
    static Py_ssize_t mj_slot_offset(PyObject *descr, PyObject *cls) {
        PyMemberDescrObject *d;
        if (descr == NULL || !PyObject_TypeCheck(descr, &PyMemberDescr_Type))
            return -1;
        d = (PyMemberDescrObject *)descr;
        if ((PyObject *)PyDescr_TYPE(d) != cls || d->d_member->type != T_OBJECT_EX
                || (d->d_member->flags & READONLY))
            return -1;
        return d->d_member->offset;
    }
    /* a field of a freshly allocated object (its slot still empty) */
    static inline void mj_set(PyObject *obj, Py_ssize_t offset, PyObject *value) {
        Py_INCREF(value);
        *(PyObject **)((char *)obj + offset) = value;
    }
    """
    object mj_alloc(object type)
    Py_ssize_t mj_slot_offset(object descr, object cls)
    void mj_set(object obj, Py_ssize_t offset, object value)

cdef extern from *:
    """
    /* a str of ASCII bytes the tables wrote (never checked again: every table text is ASCII) */
    static PyObject *mj_ascii(const char *s, Py_ssize_t n) {
        PyObject *text = PyUnicode_New(n, 127);
        if (text != NULL)
            memcpy(PyUnicode_DATA(text), s, n);
        return text;
    }
    """
    object _ascii "mj_ascii"(const char *s, Py_ssize_t size)

cdef extern from *:
    """
    /* bit k set: kind k among ParsedHand's 34 counts (with SSE2, as the module's other vector
       helpers: three 16-byte loads, the struct going on past the counts, the bits past the 34th
       dropped) */
    #if defined(__SSE2__)
    static inline unsigned long long mj_kinds34(const unsigned char *c) {
        __m128i z = _mm_setzero_si128();
        unsigned long long a = (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(_mm_loadu_si128((const __m128i *)c), z));
        unsigned long long b = (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(_mm_loadu_si128((const __m128i *)(c + 16)), z));
        unsigned long long d = (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(_mm_loadu_si128((const __m128i *)(c + 32)), z));
        return ~(a | (b << 16) | (d << 32)) & ((1ULL << 34) - 1);
    }
    #else
    static inline unsigned long long mj_kinds34(const unsigned char *c) {
        unsigned long long m = 0;
        for (int k = 0; k < 34; k++) m |= (unsigned long long)(c[k] != 0) << k;
        return m;
    }
    #endif
    """
    u64 mj_kinds34(const unsigned char *counts) noexcept nogil


# ---- text, as scorer.tiles.tiles_text writes it ------------------------------------------------

cdef enum:
    TEXT_CAP = 2048
    SET_TEXT_CAP = 12
    NINE_TEXT_CAP = 16  # nine tiles: at most 12 characters (147m258p369s)
    TILE_STEP_CAP = 4   # a tile's part of a text: its digit or letter, the suit letter closing a run
    MAXPRESETS = 8

cdef struct Text:
    int n
    int over        # the text did not fit: the checked path answers
    char buf[TEXT_CAP + TILE_STEP_CAP]  # a table's part is copied whole, past the end when short

# tiles_text as tables, read off the Python writer itself (_init_tile_texts): it writes tiles left to
# right and what it writes for a tile depends on that tile and the one before it only, so a text is
# the first tile's HEAD, a STEP from each tile to the next, and the last tile's TAIL (``5m6m`` ->
# "5" "6" "m"; ``5m E`` -> "5" "mE" ""). Checked on every pair at build: a writer that breaks this
# makes the path decline everything. Each meld as written is notation.format_meld's text.
cdef char TILE_HEAD[NK][TILE_STEP_CAP]
cdef char TILE_STEP[NK][NK][TILE_STEP_CAP]
cdef char TILE_TAIL[NK][TILE_STEP_CAP]
# their lengths: a part is copied whole (TILE_STEP_CAP bytes) and the text's end moved by its length
cdef unsigned char TILE_HEAD_N[NK]
cdef unsigned char TILE_STEP_N[NK][NK]
cdef unsigned char TILE_TAIL_N[NK]
# notation.format_meld by ParsedHand's mkind, mtile, mexp and moffer, each written on its first use
cdef list MELD_STR = [None] * (3 * NK * 3 * 4)
cdef bint TILE_TEXTS_READY = False
# a set's text (division.Set.text) by kind, lowest tile and form: 0 concealed set of a division,
# 1 a meld written [..] or {..}, 2 a meld written (..)
cdef char SET_C[3][NK][3][SET_TEXT_CAP]
cdef list SET_STR = []   # the same as str, index (kind * NK + tile) * 3 + form
cdef list PAIR_STR = []  # tiles_text([k, k])
cdef list TILE_STR = [_tiles_text_py([k]) for k in range(NK)]  # tile_name
# the nine tiles of a suit (清龙 in 九莲宝灯) and each knitted family, as tiles_text writes them
cdef char RUN_C[3][NINE_TEXT_CAP]
cdef char FAMILY_C[6][NINE_TEXT_CAP]
cdef list FAMILY_STR = []


cdef inline void _t_char(Text *t, char ch) noexcept nogil:
    if t.n < TEXT_CAP:
        t.buf[t.n] = ch
        t.n += 1
    else:
        t.over = 1


cdef inline void _t_str(Text *t, const char *s) noexcept nogil:
    cdef size_t n = strlen(s)
    if t.n + <int>n > TEXT_CAP:
        t.over = 1
        return
    memcpy(t.buf + t.n, s, n)
    t.n += <int>n


cdef inline void _t_part(Text *t, const char *s, int n) noexcept nogil:
    """A table's part of ``n`` characters (below TILE_STEP_CAP): its whole entry copied, the end
    moved by ``n`` (no loop over its characters)."""
    if t.n + n > TEXT_CAP:
        t.over = 1
        return
    memcpy(t.buf + t.n, s, TILE_STEP_CAP)
    t.n += n


cdef void _t_tiles(Text *t, const int *kinds, int n) noexcept nogil:
    """tiles.tiles_text: the tiles in the given order, from its tables (TILE_HEAD, TILE_STEP, TILE_TAIL)."""
    cdef int i
    if n <= 0:
        return
    _t_part(t, TILE_HEAD[kinds[0]], TILE_HEAD_N[kinds[0]])
    for i in range(1, n):
        _t_part(t, TILE_STEP[kinds[i - 1]][kinds[i]], TILE_STEP_N[kinds[i - 1]][kinds[i]])
    _t_part(t, TILE_TAIL[kinds[n - 1]], TILE_TAIL_N[kinds[n - 1]])


cdef inline void _t_copies(Text *t, int k, int n) noexcept nogil:
    """tiles_text([k] * n), n at most 4 (a hand holds no more)."""
    cdef int same[4]
    cdef int i
    if n > 4:
        t.over = 1
        return
    for i in range(n):
        same[i] = k
    _t_tiles(t, same, n)


cdef inline int _form(int fixed, int conc) noexcept nogil:
    # 0 not fixed, 1 fixed and open, 2 fixed and concealed (no branch: these flags vary hand by hand)
    return (fixed != 0) * (1 + (conc != 0))


cdef inline str _t_done(Text *t):
    return "" if t.n == 0 else _ascii(t.buf, t.n)


cdef void _copy_text(char *dest, str text, int cap) except *:
    cdef bytes b = text.encode("ascii")
    if len(b) >= cap:
        raise RuntimeError(f"the text {text!r} is longer than its C table holds")
    memcpy(dest, <const char *>b, len(b) + 1)


cdef void _init_texts() except *:
    cdef int kind, tile, form, i
    for kind in range(3):
        for tile in range(NK):
            for form in range(3):
                text = _division_py.Set(kind, tile, form == 2, form != 0).text()
                _copy_text(SET_C[kind][tile][form], text, SET_TEXT_CAP)
                SET_STR.append(text)
    for tile in range(NK):
        PAIR_STR.append(_tiles_text_py([tile, tile]))
    for i in range(3):
        _copy_text(RUN_C[i], _tiles_text_py(list(range(9 * i, 9 * i + 9))), NINE_TEXT_CAP)
    for i in range(6):
        text = _tiles_text_py([FAMS[i][k] for k in range(9)])
        _copy_text(FAMILY_C[i], text, NINE_TEXT_CAP)
        FAMILY_STR.append(text)


cdef str _common_prefix(list texts):
    cdef str first = texts[0]
    cdef Py_ssize_t n = len(first)
    for text in texts:
        while not (<str>text).startswith(first[:n]):
            n -= 1
    return first[:n]


cdef bint _init_tile_texts() except -1:
    """The tables of tiles_text, on the first answer (a thousand calls of the Python writer: kept
    out of the import). False when tiles_text does not split into head, steps and tail. Another
    thread may run it too: it writes the same values, and TILE_TEXTS_READY, which says it ran, is
    set last."""
    global TILE_TEXTS_READY, FULL_READY
    cdef int a, b
    singles = [_tiles_text_py([a]) for a in range(NK)]
    pairs = [[_tiles_text_py([a, b]) for b in range(NK)] for a in range(NK)]
    heads = [_common_prefix([singles[a], *pairs[a]]) for a in range(NK)]
    tails = [singles[a][len(heads[a]):] for a in range(NK)]
    for a in range(NK):
        _copy_text(TILE_HEAD[a], heads[a], TILE_STEP_CAP)
        _copy_text(TILE_TAIL[a], tails[a], TILE_STEP_CAP)
        TILE_HEAD_N[a] = len(heads[a])
        TILE_TAIL_N[a] = len(tails[a])
        for b in range(NK):
            text = pairs[a][b]
            if not (text.startswith(heads[a]) and text.endswith(tails[b])
                    and len(text) >= len(heads[a]) + len(tails[b])):
                FULL_READY = False  # not asked again: the checked path answers everything
                DECLINE_REASONS.append("tiles_text is not written tile by tile")
                return False
            _copy_text(TILE_STEP[a][b], text[len(heads[a]):len(text) - len(tails[b])], TILE_STEP_CAP)
            TILE_STEP_N[a][b] = len(text) - len(tails[b]) - len(heads[a])
    TILE_TEXTS_READY = True
    return True


_init_texts()


cdef str _meld_text(int kind, int tile, int exp, int offer):
    """notation.format_meld of a meld as the fast parse read it (kept in MELD_STR)."""
    from scorer.hand import Exposure, Meld, MeldKind
    from scorer.notation import format_meld
    tiles = (tile, tile + 1, tile + 2) if kind == CHOW else (tile,) * (4 if kind == KONG else 3)
    kinds = {CHOW: MeldKind.CHOW, PUNG: MeldKind.PUNG, KONG: MeldKind.KONG}
    exposures = (Exposure.EXPOSED, Exposure.ADDED, Exposure.CONCEALED)  # ParsedHand.mexp
    text = format_meld(Meld(kinds[kind], tiles, exposures[exp], offer or None))
    MELD_STR[((kind * NK + tile) * 3 + exp) * 4 + offer] = text
    return text


cdef inline void _t_ascii(Text *t, str text):
    """An ASCII str's characters (a table's text, written by a Python writer)."""
    cdef const char *b
    cdef Py_ssize_t i, n
    if not PyUnicode_IS_COMPACT_ASCII(text):
        t.over = 1
        return
    b = <const char *>PyUnicode_DATA(text)
    n = PyUnicode_GET_LENGTH(text)
    if t.n + n > TEXT_CAP:
        t.over = 1
        return
    memcpy(t.buf + t.n, b, n)
    t.n += <int>n


# ---- what the result is made of, from the fan table, the presets and the result classes ---------

cdef tuple SHAPE_NAMES = SHAPES
cdef tuple PRINCIPLE_NAMES = tuple(PRINCIPLES)
cdef str VERSION = _version_py
cdef list FAN_ID = [f.id for f in _FANS]
cdef list FAN_NAME = [f.name for f in _FANS]
cdef list FAN_ZH = [f.name_zh for f in _FANS]
cdef list FAN_POINTS = [f.points for f in _FANS]
cdef tuple TIE_BREAK_TEXTS = _tiebreak.TEXTS  # by decision code (Outcome.decided)
cdef bint DETAILS_READY = False
cdef tuple CONTEXT_FIELDS = tuple(_MCRContext.fields)
# presets: names, the evaluator's two options, the rules echo (ResolvedRules.echo)
cdef list PRESET_NAMES = list(_PRESETS)
cdef int N_PRESETS = 0
cdef int DEFAULT_PRESET_INDEX = -1
cdef int PRESET_KONG_PAIR[MAXPRESETS]
cdef int PRESET_KNITTED[MAXPRESETS]
cdef int PRESET_OK[MAXPRESETS]    # a preset this path scores (its minimum is the one _settle applies)
cdef list PRESET_ECHO = []
# the slot descriptors of each result class, in the order the fields are listed below
cdef tuple ITEM_FIELDS = ("id", "name", "name_zh", "points", "factor", "count", "tiles", "detail")
cdef tuple EXCLUSION_FIELDS = ("id", "name", "name_zh", "by", "principle", "count")
cdef tuple CONTEXT_USED_FIELDS = ("values", "defaults")
cdef tuple RESULT_FIELDS = ("variant", "hand", "valid", "reason", "total", "items", "excluded", "partition",
                            "payments", "rules", "version", "details", "wilds", "context_used", "warnings",
                            "readings", "tie_break", "verdict")
cdef object ITEM_T = _result_py.Item
cdef object EXCLUSION_T = _result_py.Exclusion
cdef object CONTEXT_USED_T = _result_py.ContextUsed
cdef object RESULT_T = _result_py.Result
cdef Py_ssize_t O_ITEM[8]
cdef Py_ssize_t O_EXCLUSION[6]
cdef Py_ssize_t O_CONTEXT_USED[2]
cdef Py_ssize_t O_RESULT[18]
cdef bint FULL_READY = False
cdef list DECLINE_REASONS = []  # why FULL_READY is False


# build_result's details and the context echo as copies of these, each value that differs written
# over it (a copy costs a fraction of building a dict of eight entries)
cdef dict VALUES_TEMPLATE = _MCRContext.validate({}, "context").dump()  # the declared defaults
cdef dict DETAILS_TEMPLATE = None
cdef dict NO_WIN_DETAILS = {"fan_points": 0, "flowers": 0, "readings": 0}
cdef dict NO_PAYMENTS = {"E": 0, "S": 0, "W": 0, "N": 0}


# the items without tiles (无字, 平和, 门前清, 花牌, ...) by fan and count: frozen objects whose every field
# the fan table gives, made once (on the first answer) and shared by the answers, as the compact
# path shares its item tuples; nothing in an answer can change them
cdef list ITEM_CONSTANTS = None
# the other frozen rows shared the same way, made on first use: an item whose tiles are one record
# (one or more sets, the pair, the winning tile, four of a kind, ...), keyed by its fan, its count
# and what that record's text is written from, and an exclusion, keyed by its fan, excluder,
# principle and count. Each is a row every field of which its key gives, never an answer: the
# result's lists that hold them are new on every answer. An open table of at most SHARED_FILL rows;
# past that, rows are built as before
cdef enum:
    SHARED_BITS = 12
    SHARED_FILL = (1 << SHARED_BITS) * 3 // 4
    TEXT_PAIR = 1024  # a record's pair in _record_key: this + its tile (a set: its index in SET_STR + 1)
cdef KeptEntry SHARED_ROW_ENTRIES[1 << SHARED_BITS]
cdef KeptTable SHARED_ROWS = kept_table(SHARED_ROW_ENTRIES, SHARED_BITS, SHARED_FILL)


cdef object _share(u64 key, object row):
    """The row kept under ``key`` (one made meanwhile, by a collection's finaliser or another thread,
    wins), else ``row``, kept when there is room."""
    cdef PyObject *kept
    if kept_keep(&SHARED_ROWS, key, row):
        return row
    kept = kept_get(&SHARED_ROWS, key)
    return <object>kept if kept != NULL else row


# the echo's and the details' copies by what the context and the tie break make of them: the
# context's values by self-draw, seat, round and the discarder resolved (VALUES_BY_SEATS), the
# details by the tie break's code, that discarder and the flowers (DETAILS_BY_DECISION): fewer values
# written over each copy, every one the same value as written over the plain template. The same
# for the values with the flowers and the win flags too, and for the payments by total, seat and
# payer: templates made on first use (VALUES_BY_CONTEXT, PAYMENTS_BY_SETTLEMENT), at most
# TEMPLATE_CAP of them (past that, the values are written over a copy as before). Each answer gets
# its own copy: a template is never handed out
cdef list VALUES_BY_SEATS = None
cdef list DETAILS_BY_DECISION = None
cdef enum:
    MAX_FLOWERS = 8
    TEMPLATE_CAP = 4096
    PAY_TOTALS = 512  # the totals whose payments have templates
cdef PyObject *VALUES_BY_CONTEXT[2 * 4 * 4 * 5 * (MAX_FLOWERS + 1) * 8]
cdef PyObject *PAYMENTS_BY_SETTLEMENT[PAY_TOTALS * 4 * 5]
cdef int TEMPLATES_MADE = 0


cdef inline dict _keep_at(PyObject **table, Py_ssize_t i, dict template):
    """The template kept at ``table[i]``: ``template``, kept there when that is empty and there is
    room (else the one kept meanwhile, or ``template`` unkept). Callers copy it."""
    global TEMPLATES_MADE
    if table[i] == NULL and TEMPLATES_MADE < TEMPLATE_CAP:
        Py_INCREF(template)
        table[i] = <PyObject *>template
        TEMPLATES_MADE += 1
    return template if table[i] == NULL else <dict>table[i]


# the details and the context's values whole, by a code of every value they hold (the details: the
# tie break, the discarder, the flowers, the fan points, the shape, the readings, the kongs; the
# values: VALUES_BY_CONTEXT's key and the winning tile): templates made on first use, in an open
# table of at most DICT_FILL of them (past that, the values are written over a copy as before). A
# copy of one is the answer's own dict, no value written over it
cdef enum:
    DICT_BITS = 13
    DICT_FILL = (1 << DICT_BITS) * 3 // 4
    DICT_DETAILS = 1  # a code's tag: the details, else the context's values
cdef KeptEntry DICT_TEMPLATE_ENTRIES[1 << DICT_BITS]
cdef KeptTable DICT_TEMPLATES = kept_table(DICT_TEMPLATE_ENTRIES, DICT_BITS, DICT_FILL)


cdef dict _kept_copy(u64 key, dict built):
    """The answer's dict ``built`` (its values those ``key`` codes), kept under ``key`` when there is
    room (one made meanwhile, by a collection's finaliser or another thread, wins): the answer gets a
    copy of it then (a template is never handed out)."""
    if kept_keep(&DICT_TEMPLATES, key, built):
        return PyDict_Copy(built)
    return built


cdef void _init_details() except *:
    """On the first answer. Another thread may run it too: it makes the same values, and
    DETAILS_READY, which says it ran, is set last."""
    global DETAILS_READY, DETAILS_TEMPLATE, ITEM_CONSTANTS, VALUES_BY_SEATS, DETAILS_BY_DECISION
    cdef int f, n
    constants = [None] * (NUM_FANS * CACHED_COUNTS)
    for f in range(NUM_FANS):
        for n in range(1, CACHED_COUNTS):
            constants[f * CACHED_COUNTS + n] = _new_item(f, n, "")
    ITEM_CONSTANTS = constants
    DETAILS_TEMPLATE = {"fan_points": 0, "flowers": 0, "minimum": MINIMUM, "shape": SHAPE_NAMES[0], "readings": 1,
                        "tie_break": None, "discarder": None, "kongs": 0}
    values_by_seats = []
    for index in range(2 * 4 * 4 * 5):
        values = dict(VALUES_TEMPLATE)
        if index // 80:
            values["self_draw"] = True
        if (index // 20) % 4:
            values["seat_wind"] = SEAT_NAMES[(index // 20) % 4]
        if (index // 5) % 4:
            values["round_wind"] = SEAT_NAMES[(index // 5) % 4]
        if index % 5 < 4:
            values["discarder"] = SEAT_NAMES[index % 5]
        values_by_seats.append(values)
    details_by_decision = []
    for index in range(len(TIE_BREAK_TEXTS) * 5 * (MAX_FLOWERS + 1)):
        details = dict(DETAILS_TEMPLATE)
        details["tie_break"] = TIE_BREAK_TEXTS[index // (5 * (MAX_FLOWERS + 1))]
        if (index // (MAX_FLOWERS + 1)) % 5 < 4:
            details["discarder"] = SEAT_NAMES[(index // (MAX_FLOWERS + 1)) % 5]
        if index % (MAX_FLOWERS + 1):
            details["flowers"] = index % (MAX_FLOWERS + 1)
        details_by_decision.append(details)
    VALUES_BY_SEATS = values_by_seats
    DETAILS_BY_DECISION = details_by_decision
    DETAILS_READY = True



cdef bint _slots(object cls, tuple names, Py_ssize_t *offsets) except -1:
    """The slot offsets of a slots dataclass whose fields are exactly ``names``; False when its shape
    is another (the path then declines everything)."""
    import dataclasses
    cdef Py_ssize_t i
    if tuple(f.name for f in dataclasses.fields(cls)) != names:
        return False
    for i, name in enumerate(names):
        offsets[i] = mj_slot_offset(cls.__dict__.get(name), cls)
        if offsets[i] < 0:
            return False
    return True


cdef ParsedHand _PARSED_SHAPE  # its layout, checked by _init_full


cdef void _init_full() except *:
    global N_PRESETS, DEFAULT_PRESET_INDEX, FULL_READY
    cdef int i
    if len(PRESET_NAMES) > MAXPRESETS:
        return
    N_PRESETS = len(PRESET_NAMES)
    for i, name in enumerate(PRESET_NAMES):
        options = _MCRRules.validate(dict(_PRESETS[name]), "rules")
        PRESET_KONG_PAIR[i] = options.concealed_kong_and_melded_kong
        PRESET_KNITTED[i] = options.knitted_straight_waits
        PRESET_OK[i] = options.minimum == MINIMUM
        PRESET_ECHO.append({"preset": name, **options.dump()})
        if name == _DEFAULT_PRESET:
            DEFAULT_PRESET_INDEX = i
    shapes_known = (_slots(ITEM_T, ITEM_FIELDS, O_ITEM) and _slots(EXCLUSION_T, EXCLUSION_FIELDS, O_EXCLUSION)
                    and _slots(CONTEXT_USED_T, CONTEXT_USED_FIELDS, O_CONTEXT_USED)
                    and _slots(RESULT_T, RESULT_FIELDS, O_RESULT))
    # the context's fields: the ones _field_code numbers, in its order; the rules' options: the ones
    # read above (compiled.py)
    problems = _contract_problems(CONTEXT_FIELDS) + _rules_problems(tuple(_MCRRules.fields))
    if not shapes_known:
        problems.append("the result classes (scorer/result.py) changed shape")
    if tuple(SEAT_NAMES) != tuple(TILE_STR[27:31]):  # the wind kinds, in the order the C reader numbers them
        problems.append("scorer.seats.SEATS is not the order of the wind tiles E S W N")
    if <size_t>(<char *>&_PARSED_SHAPE.conc[0] - <char *>&_PARSED_SHAPE) + 48 > sizeof(ParsedHand):
        problems.append("ParsedHand ends within 48 bytes of its counts (mj_kinds34 reads 48)")
    if DEFAULT_PRESET_INDEX < 0:
        problems.append(f"the default preset {_DEFAULT_PRESET!r} is not among the presets")
    DECLINE_REASONS.extend(problems)
    FULL_READY = not problems


_init_full()
FULL_PATH = FULL_READY  # for MCR.full_fast
# why the compiled full path is off (None when it is on): MCR.full_fast logs it, the suite fails on it
DECLINED = "; ".join(DECLINE_REASONS) or None


# ---- the pieces of the result ------------------------------------------------------------------

cdef void _t_source(Text *t, int code, Hand *h, Div *d) noexcept nogil:
    """explained.source rendered (tally.render): one record of what makes a fan."""
    cdef int kind = code >> SRC_SHIFT, low = code & ((1 << SRC_SHIFT) - 1)
    cdef int i, j, idx, m = 0
    cdef int tiles[14]
    if kind == SRC_SETS:
        for i in range(low & 7):
            if i:
                _t_char(t, 32)
            idx = (low >> (3 + 3 * i)) & 7
            if idx == PAIR_INDEX:
                _t_copies(t, d.pair, 2)
            elif idx < 4:
                _t_str(t, SET_C[d.kind[idx]][d.tile[idx]][_form(d.fixed[idx], d.conc[idx])])
            else:
                t.over = 1
    elif kind == SRC_WIN:
        _t_tiles(t, &h.win, 1)
    elif kind == SRC_FOUR:
        _t_copies(t, low, 4)
    elif kind == SRC_PAIRS:
        for i in range(h.nkinds):
            for j in range(h.conc[h.kinds[i]] // 2):
                if m:
                    _t_char(t, 32)
                _t_copies(t, h.kinds[i], 2)
                m = 1
    elif kind == SRC_HAND:
        for i in range(h.nkinds):
            for j in range(h.conc[h.kinds[i]]):
                if m < 14:
                    tiles[m] = h.kinds[i]
                    m += 1
                else:
                    t.over = 1
        _t_tiles(t, tiles, m)
    elif kind == SRC_KINDS:
        _t_tiles(t, h.kinds, h.nkinds if h.nkinds <= 14 else 14)
    elif kind == SRC_NUMBERED:
        for i in range(h.nkinds):
            if h.kinds[i] < 27 and m < 14:
                tiles[m] = h.kinds[i]
                m += 1
        _t_tiles(t, tiles, m)
    elif kind == SRC_RUN and low < 27 and low % 9 == 0:
        _t_str(t, RUN_C[low // 9])
    elif kind == SRC_FAMILY and low < 6:
        _t_str(t, FAMILY_C[low])
    else:
        t.over = 1


cdef str _tiles_of(Text *t, Explain *x, int fan, int n, int last, Hand *h, Div *d):
    """Tally.source_text: the fan's ``n`` records (the last one at ``last``), in the order they were
    made, joined by `` / ``; None when the text does not fit. One set, the pair or the winning tile
    alone is a text of the tables."""
    cdef int i, kind, low, idx
    if n == 0:
        return ""
    if n == 1:
        kind = x.src_code[last] >> SRC_SHIFT
        low = x.src_code[last] & ((1 << SRC_SHIFT) - 1)
        if kind == SRC_SETS and (low & 7) == 1:
            idx = (low >> 3) & 7
            if idx < 4:
                return SET_STR[_set_index(d, idx)]
            if idx == PAIR_INDEX:
                return PAIR_STR[d.pair]
        elif kind == SRC_WIN:
            return TILE_STR[h.win]
    t.n = 0
    for i in range(last + 1):
        if x.src_fan[i] != fan:
            continue
        if t.n:
            _t_char(t, 32)
            _t_char(t, 47)
            _t_char(t, 32)
        _t_source(t, x.src_code[i], h, d)
    return None if t.over else _t_done(t)


cdef u64 _record_key(int code, Hand *h, Div *d) noexcept nogil:
    """What one record's text (_t_source) is written from, as a number below 2**48: the record's
    kind and its sets (each by its index in SET_STR, the pair by its tile), its tile or its family;
    0 for a record whose text is written from the whole hand (seven pairs, the special shapes)."""
    cdef int kind = code >> SRC_SHIFT, low = code & ((1 << SRC_SHIFT) - 1)
    cdef int i, idx, m
    cdef u64 key = 0
    if kind == SRC_SETS:
        m = low & 7
        if m < 1 or m > 4:
            return 0
        for i in range(m):
            idx = (low >> (3 + 3 * i)) & 7
            if idx < 4:
                key = (key << 11) | <u64>(_set_index(d, idx) + 1)  # each part 1-2047: m parts, one key
            elif idx == PAIR_INDEX:
                key = (key << 11) | <u64>(TEXT_PAIR + d.pair)
            else:
                return 0
    elif kind == SRC_WIN:
        key = <u64>(h.win + 1)
    elif kind == SRC_FOUR or kind == SRC_RUN or kind == SRC_FAMILY:
        if not 0 <= low < 64:
            return 0
        key = <u64>(low + 1)
    else:
        return 0
    return (key << 4) | <u64>kind


cdef object _new_item(int fan, int count, str tiles):
    """build_result's _item: Item(id, name, name_zh, points, count, tiles), factor 1, no detail. An
    item with no tiles and a small count is one of the constants (see ITEM_CONSTANTS)."""
    if not tiles and 0 < count < CACHED_COUNTS and ITEM_CONSTANTS is not None:
        return ITEM_CONSTANTS[fan * CACHED_COUNTS + count]
    item = mj_alloc(ITEM_T)
    mj_set(item, O_ITEM[0], FAN_ID[fan])
    mj_set(item, O_ITEM[1], FAN_NAME[fan])
    mj_set(item, O_ITEM[2], FAN_ZH[fan])
    mj_set(item, O_ITEM[3], FAN_POINTS[fan])
    mj_set(item, O_ITEM[4], 1)
    mj_set(item, O_ITEM[5], count)
    mj_set(item, O_ITEM[6], tiles)
    mj_set(item, O_ITEM[7], None)
    PyObject_GC_UnTrack(<void *>item)  # frozen, holding strings, ints and None: never in a cycle
    return item


cdef object _items(Outcome *o, Explain *x, Hand *h, int flowers, Text *t):
    """One Item per fan scored, in table order, then the flowers; None when a text did not fit. An
    item made of one record is shared (SHARED_ROWS) under its fan, count and what the record's text
    is written from (_record_key)."""
    cdef u64 m[2]
    cdef u64 rest, key
    cdef PyObject *kept
    cdef int w, i, k = 0, n
    cdef int records[NF]  # each fan's records, and its last one's index
    cdef int last[NF]
    cdef list items
    memset(records, 0, sizeof(records))
    for i in range(x.nsrc):
        if 0 <= x.src_fan[i] < NF:
            records[x.src_fan[i]] += 1
            last[x.src_fan[i]] = i
    mj_fan_mask(o.counts, m)
    n = __builtin_popcountll(m[0]) + __builtin_popcountll(m[1]) + (1 if flowers else 0)
    items = PyList_New(n)
    for w in range(2):
        rest = m[w]
        while rest:
            i = (w << 6) | __builtin_ctzll(rest)
            rest &= rest - 1
            key = 0
            if records[i] == 1 and 0 < o.counts[i] < 256:
                key = _record_key(x.src_code[last[i]], h, &o.div)
            if key:
                key = (key << 15) | (<u64>o.counts[i] << 7) | <u64>i  # below 2**63: never an exclusion's
                kept = kept_get(&SHARED_ROWS, key)
                if kept != NULL:
                    item = <object>kept
                else:
                    tiles = _tiles_of(t, x, i, 1, last[i], h, &o.div)
                    if tiles is None:
                        return None
                    item = _share(key, _new_item(i, o.counts[i], tiles))
            else:
                tiles = _tiles_of(t, x, i, records[i], last[i], h, &o.div)
                if tiles is None:
                    return None
                item = _new_item(i, o.counts[i], tiles)
            Py_INCREF(item)
            PyList_SET_ITEM(items, k, item)
            k += 1
    if flowers:
        item = _new_item(FLOWER_FAN, flowers, "")  # flowers: 1-8
        Py_INCREF(item)
        PyList_SET_ITEM(items, k, item)
    return items


cdef object _new_exclusion(int fan, int by, int principle, int count):
    """build_result's Exclusion of ``fan`` by ``by`` (NO_FAN: none), shared (SHARED_ROWS) when its
    count is below 256."""
    cdef u64 key
    cdef PyObject *kept
    if not 0 <= count < 256:
        return _exclusion_row(fan, by, principle, count)
    key = ((<u64>1) << 63) | (<u64>fan << 24) | (<u64>(by + 1) << 16) | (<u64>principle << 8) | <u64>count
    kept = kept_get(&SHARED_ROWS, key)
    if kept != NULL:
        return <object>kept
    return _share(key, _exclusion_row(fan, by, principle, count))


cdef object _exclusion_row(int fan, int by, int principle, int count):
    e = mj_alloc(EXCLUSION_T)
    mj_set(e, O_EXCLUSION[0], FAN_ID[fan])
    mj_set(e, O_EXCLUSION[1], FAN_NAME[fan])
    mj_set(e, O_EXCLUSION[2], FAN_ZH[fan])
    mj_set(e, O_EXCLUSION[3], None if by == NO_FAN else FAN_ID[by])
    mj_set(e, O_EXCLUSION[4], PRINCIPLE_NAMES[principle])
    mj_set(e, O_EXCLUSION[5], count)
    PyObject_GC_UnTrack(<void *>e)  # frozen, holding strings, ints and None: never in a cycle
    return e


cdef list _excluded(Explain *x):
    """build_result's _exclusions: the removals merged by (fan, excluder, principle), counts summed,
    in the order each first appears (a list of its final size)."""
    cdef int i, j, seen, n, m = 0
    cdef int first[MAXREM]
    cdef int total[MAXREM]
    cdef list out
    for i in range(x.nrem):
        seen = 0
        for j in range(m):
            if (x.rem_fan[first[j]] == x.rem_fan[i] and x.rem_by[first[j]] == x.rem_by[i]
                    and x.rem_principle[first[j]] == x.rem_principle[i]):
                total[j] += x.rem_n[i]
                seen = 1
                break
        if not seen:
            first[m] = i
            total[m] = x.rem_n[i]
            m += 1
    out = PyList_New(m)
    for j in range(m):
        e = _new_exclusion(x.rem_fan[first[j]], x.rem_by[first[j]], x.rem_principle[first[j]], total[j])
        Py_INCREF(e)
        PyList_SET_ITEM(out, j, e)
    return out


cdef inline int _set_index(Div *d, int i) noexcept nogil:
    return (d.kind[i] * NK + d.tile[i]) * 3 + _form(d.fixed[i], d.conc[i])


cdef list _partition_of(Outcome *o, Hand *h, Text *t):
    """build_result's _partition: a division's sets (melds first, then the concealed sets by tile,
    a chow before a pung) and its pair, the knitted straight's body first; seven pairs as pairs;
    the other fixed-list shapes by kind."""
    cdef list out
    cdef int i, j, f, k, n = 0, nsets, m = 0
    cdef int hidden[4]
    cdef PyObject *texts[8]  # the table texts of a division or of seven pairs, in order
    cdef Div *d = &o.div
    if o.status == S_FOUR_SETS or (o.status == S_SPECIAL and o.shape == SH_KNITTED_STRAIGHT):
        if o.status == S_SPECIAL:
            for f in range(6):
                for i in range(9):
                    if not h.conc[FAMS[f][i]]:
                        break
                else:
                    texts[m] = PyList_GET_ITEM(FAMILY_STR, f)
                    m += 1
                    break
            nsets = 1
        else:
            nsets = 4
        for i in range(nsets):
            if d.fixed[i]:
                texts[m] = PyList_GET_ITEM(SET_STR, _set_index(d, i))
                m += 1
            else:
                # insertion by (tile, kind): CHOW (0) before PUNG (1) on the same tile
                j = n
                while j > 0 and (d.tile[hidden[j - 1]] > d.tile[i] or (
                        d.tile[hidden[j - 1]] == d.tile[i] and d.kind[hidden[j - 1]] > d.kind[i])):
                    hidden[j] = hidden[j - 1]
                    j -= 1
                hidden[j] = i
                n += 1
        for j in range(n):
            texts[m] = PyList_GET_ITEM(SET_STR, _set_index(d, hidden[j]))
            m += 1
        texts[m] = PyList_GET_ITEM(PAIR_STR, d.pair)
        m += 1
    elif o.status == S_SEVEN_PAIRS:
        for i in range(h.nkinds):
            k = h.kinds[i]
            for j in range(h.conc[k] // 2):
                if m < 8:
                    texts[m] = PyList_GET_ITEM(PAIR_STR, k)
                m += 1
        if m > 8:
            t.over = 1
            return []
    else:
        out = []
        for i in range(h.nkinds):
            k = h.kinds[i]
            t.n = 0
            _t_copies(t, k, h.conc[k])
            out.append(_t_done(t))
        return out
    # the texts are the tables' (SET_STR, PAIR_STR, FAMILY_STR hold them): a list of its final size
    out = PyList_New(m)
    for i in range(m):
        Py_INCREF(<object>texts[i])
        PyList_SET_ITEM(out, i, <object>texts[i])
    return out


cdef str _canonical(ParsedHand *p, Text *t):
    """notation.format_hand: the melds as written (format_meld's table), then the concealed tiles
    sorted, one copy of the winning tile moved to the end."""
    cdef int i, k, c, m = 0, moved = 0
    cdef int tiles[NK * 4 + 1]
    cdef u64 kinds
    t.n = 0
    for i in range(p.nmelds):
        if not (0 <= p.mkind[i] < 3 and 0 <= p.mtile[i] < NK and 0 <= p.mexp[i] < 3 and 0 <= p.moffer[i] < 4):
            t.over = 1
            continue
        text = MELD_STR[((p.mkind[i] * NK + p.mtile[i]) * 3 + p.mexp[i]) * 4 + p.moffer[i]]
        if text is None:
            text = _meld_text(p.mkind[i], p.mtile[i], p.mexp[i], p.moffer[i])
        _t_ascii(t, <str>text)
    # the concealed tiles in order, one copy of the winning tile left out: four copies of each kind
    # written and the end moved by its count (no branch on the counts, which vary hand by hand)
    if 0 <= p.win < NK and p.conc[p.win]:
        moved = 1
    kinds = mj_kinds34(p.conc)
    while kinds:
        k = __builtin_ctzll(kinds)
        kinds &= kinds - 1
        c = p.conc[k] - (moved & (k == p.win))
        c = c if c <= 4 else 4  # never more: the parse refuses a fifth copy
        tiles[m] = k
        tiles[m + 1] = k
        tiles[m + 2] = k
        tiles[m + 3] = k
        m += c
    if m > 14:
        m = 14
    if moved and m < 14:
        tiles[m] = p.win
        m += 1
    _t_tiles(t, tiles, m)
    return _t_done(t)


cdef object _context_used(Ctx *x, Hand *h):
    """Variant.context_used: every field's value (the discarder resolved on a discard, the winning
    tile named) and the fields the context did not give, in the context's field order."""
    cdef int i, k = 0
    cdef list defaults = PyList_New(9 - __builtin_popcountll(x.given))
    for i in range(9):
        if not (x.given >> i) & 1:
            item = CONTEXT_FIELDS[i]
            Py_INCREF(item)
            PyList_SET_ITEM(defaults, k, item)
            k += 1
    # the copy of the defaults with every value of the context written (a template of those made
    # once), the winning tile written over it
    cdef int seats = (((1 if x.self_draw else 0) * 4 + x.seat - 27) * 4 + x.prevalent - 27) * 5 + _discarder_index(x)
    cdef Py_ssize_t key = -1
    if 0 <= x.flowers <= MAX_FLOWERS:
        key = ((seats * (MAX_FLOWERS + 1) + x.flowers) * 8 + (1 if x.last_tile else 0) + (2 if x.kong_win else 0)
               + (4 if x.last_wall else 0))
    cdef u64 code = 0
    cdef PyObject *kept
    if key >= 0:
        code = ((<u64>key << 6) | <u64>h.win) << 1  # the tag 0
        kept = kept_get(&DICT_TEMPLATES, code)
        if kept != NULL:
            values = PyDict_Copy(<object>kept)
            return _new_context_used(values, defaults)
    if key >= 0 and VALUES_BY_CONTEXT[key] != NULL:
        values = PyDict_Copy(<object>VALUES_BY_CONTEXT[key])
    else:
        values = PyDict_Copy(VALUES_BY_SEATS[seats])
        if x.flowers:
            values["flowers"] = x.flowers
        if x.last_tile:
            values["last_tile"] = True
        if x.kong_win:
            values["kong_win"] = True
        if x.last_wall:
            values["last_wall"] = True
        if key >= 0:
            values = PyDict_Copy(_keep_at(VALUES_BY_CONTEXT, key, values))
    values["win_tile"] = TILE_STR[h.win]
    if key >= 0:
        values = _kept_copy(code, values)
    return _new_context_used(values, defaults)


cdef inline object _new_context_used(dict values, list defaults):
    used = mj_alloc(CONTEXT_USED_T)
    mj_set(used, O_CONTEXT_USED[0], values)
    mj_set(used, O_CONTEXT_USED[1], defaults)
    return used


cdef dict _details(Outcome *o, Ctx *x, int kongs):
    """build_result's details of a winning reading: a copy of the template of all its values (kept
    in DICT_TEMPLATES), else of the one of its tie break, discarder and flowers with the rest written."""
    cdef int shape = 0 if o.status == S_FOUR_SETS else (1 if o.status == S_SEVEN_PAIRS else o.shape)
    cdef u64 code = 0
    cdef PyObject *kept
    if 0 <= x.flowers <= MAX_FLOWERS and 0 <= o.points < 4096 and 0 <= o.nread < 256 and 0 <= o.decided < 16:
        code = ((((((((<u64>o.decided * 5 + <u64>_discarder_index(x)) << 4 | <u64>x.flowers) << 12
                 | <u64>o.points) << 4 | <u64>shape) << 8 | <u64>o.nread) << 3 | <u64>kongs) << 1) | DICT_DETAILS)
        kept = kept_get(&DICT_TEMPLATES, code)
        if kept != NULL:
            return PyDict_Copy(<object>kept)
    if 0 <= x.flowers <= MAX_FLOWERS:
        details = PyDict_Copy(DETAILS_BY_DECISION[(o.decided * 5 + _discarder_index(x)) * (MAX_FLOWERS + 1)
                                                  + x.flowers])
    else:
        details = PyDict_Copy(DETAILS_BY_DECISION[(o.decided * 5 + _discarder_index(x)) * (MAX_FLOWERS + 1)])
        details["flowers"] = x.flowers
    details["fan_points"] = shared_int(o.points)
    if shape:
        details["shape"] = SHAPE_NAMES[shape]
    if o.nread != 1:
        details["readings"] = o.nread
    if kongs:
        details["kongs"] = kongs
    if code:
        return _kept_copy(code, details)
    return details


cdef dict _payments(Ctx *x, Settled *st):
    """The settlement's payments by seat: a copy of the template of its total, winner and payer."""
    if not st.valid:
        return PyDict_Copy(NO_PAYMENTS)
    template = _payments_template(x, st)
    return _new_payments(st) if template is None else PyDict_Copy(template)


cdef dict _new_payments(Settled *st):
    return {"E": shared_int(st.amounts[0]), "S": shared_int(st.amounts[1]), "W": shared_int(st.amounts[2]),
            "N": shared_int(st.amounts[3])}


cdef object _payments_template(Ctx *x, Settled *st):
    """The template of a valid settlement's payments, kept by total, winner and payer and made on first
    use; None past PAY_TOTALS, or when it was never made and TEMPLATE_CAP is reached. Never handed
    out: the full answer copies it at once, the compact answer when its payments are first read."""
    cdef Py_ssize_t key
    if not 0 <= st.total < PAY_TOTALS:
        return None
    # _settle's amounts are those of the total, the winner's seat and who pays (a seat, or all)
    key = (st.total * 4 + x.seat - 27) * 5 + _discarder_index(x)
    if PAYMENTS_BY_SETTLEMENT[key] != NULL:
        return <object>PAYMENTS_BY_SETTLEMENT[key]
    if TEMPLATES_MADE >= TEMPLATE_CAP:
        return None
    return _keep_at(PAYMENTS_BY_SETTLEMENT, key, _new_payments(st))


cdef inline int _discarder_index(Ctx *x) noexcept:
    """Who pays on a discard, by seat 0-3: the discarder given, else the winner's previous seat; 4 on
    a self-draw (no discarder)."""
    if x.self_draw:
        return 4
    return x.discarder - 27 if x.discarder >= 0 else PREVIOUS_SEAT[x.seat - 27]


cdef object _PASTED = None  # scorer.pasted, imported on the first bare kong
# pasted.kong_note's text of one bare kong by the meld as typed (whitespace removed), which names its
# tile: a table filled on first use, at most KONG_NOTES_CAP texts (past that, the note is written
# each time). A str is immutable: every answer may hold the same one
cdef dict KONG_NOTES = {}
cdef enum:
    KONG_NOTES_CAP = 1024


cdef inline int _is_space(Py_UCS4 ch) noexcept:
    # the ASCII characters str.isspace accepts (the fast parse reads ASCII only)
    return ch == 32 or 9 <= ch <= 13 or 28 <= ch <= 31


cdef list _warnings(str text, ParsedHand *p):
    """notation._with_kong_note: ``[XXXX]`` written without a discarder is read as a claimed kong, and
    the hand says so, quoting each such meld as typed (whitespace removed)."""
    global _PASTED
    cdef int i, first = -1
    cdef Py_ssize_t j, n = PyUnicode_GET_LENGTH(text)
    cdef Py_UCS4 ch
    cdef list written = None
    cdef Text t
    cdef PyObject *known
    for i in range(p.nmelds):
        if p.mkind[i] != KONG or p.mexp[i] != 0 or p.moffer[i] != 0:
            continue
        if written is None:
            written = []
            first = p.mtile[i]
        t.n = t.over = 0
        j = p.mpos[i]
        while j < n:
            ch = PyUnicode_READ_CHAR(text, j)
            if not _is_space(ch):
                _t_char(&t, <char>ch)  # ASCII: the fast parse read it
            if ch == u"]":
                break
            j += 1
        written.append(_t_done(&t))
    if written is None:
        return []
    if len(written) == 1:
        known = PyDict_GetItem(KONG_NOTES, written[0])
        if known != NULL:
            return [<object>known]
    if _PASTED is None:
        from scorer import pasted
        _PASTED = pasted
    note = _PASTED.kong_note(written, first)
    if len(written) == 1 and len(KONG_NOTES) < KONG_NOTES_CAP:
        KONG_NOTES[written[0]] = note
    return [note]


# why the full path declines a request: the codes of compiled.DECLINE_REASONS
cdef enum:
    WHY_OFF = 0
    WHY_RULES = 1
    WHY_READ = 2
    WHY_HAND = 3
    WHY_SHAPE = 4
    WHY_CAPACITY = 5


cdef object _full_entry(object text, object context, object rules, int *why):
    cdef Ctx x
    cdef Hand h
    cdef ParsedHand p
    cdef Outcome o
    cdef Explain e
    cdef Scored sc
    cdef Settled st
    cdef Text t
    cdef const char *s
    cdef Py_ssize_t n
    cdef int preset = -1, i, kongs = 0
    if not FULL_READY:
        why[0] = WHY_OFF
        return None
    if not DETAILS_READY:
        _init_details()
    if not TILE_TEXTS_READY and not _init_tile_texts():
        why[0] = WHY_OFF
        return None
    if rules is None:
        preset = DEFAULT_PRESET_INDEX
    elif type(rules) is str:
        for i in range(N_PRESETS):
            if rules == PRESET_NAMES[i]:
                preset = i
                break
    if preset < 0 or not PRESET_OK[preset]:
        why[0] = WHY_RULES
        return None
    if not _read_text(text, context, &x, &s, &n):
        why[0] = WHY_READ
        return None
    if not _load_parsed(s, n, &x, &h, &p):
        why[0] = WHY_HAND
        return None
    for i in range(p.nmelds):
        if p.mkind[i] == KONG:
            kongs += 1
    # one evaluation: a hand with one reading is recorded as it is scored, any other's chosen reading
    # is scored again with the recorder on
    _evaluate_recording(&h, x.seat, x.prevalent, PRESET_KONG_PAIR[preset], PRESET_KNITTED[preset], &o, NULL, &e)
    if o.status == S_DEFER:
        why[0] = WHY_SHAPE
        return None
    t.n = 0
    t.over = 0
    canonical = _canonical(&p, &t)
    sc.status = o.status
    sc.points = o.points
    _settle(&x, &sc, &st)
    if o.status == S_NONE:
        items = []
        excluded = []
        partition = []
        details = PyDict_Copy(NO_WIN_DETAILS)
        if x.flowers:
            details["flowers"] = x.flowers
        tie_break = None
    else:
        if not o.recorded:
            _explain_chosen(&h, x.seat, x.prevalent, PRESET_KONG_PAIR[preset], PRESET_KNITTED[preset], &o, &e)
        if e.nsrc >= MAXSRC or e.nrem >= MAXREM:
            why[0] = WHY_CAPACITY
            return None
        items = _items(&o, &e, &h, x.flowers, &t)
        if items is None:
            why[0] = WHY_CAPACITY
            return None
        excluded = _excluded(&e)
        partition = _partition_of(&o, &h, &t)
        if t.over:
            why[0] = WHY_CAPACITY
            return None
        tie_break = TIE_BREAK_TEXTS[o.decided]
        details = _details(&o, &x, kongs)
    if t.over:
        why[0] = WHY_CAPACITY
        return None
    r = mj_alloc(RESULT_T)
    mj_set(r, O_RESULT[0], VARIANT)
    mj_set(r, O_RESULT[1], canonical)
    mj_set(r, O_RESULT[2], bool(st.valid))
    mj_set(r, O_RESULT[3], None if st.reason == 0 else NO_WIN_REASON if st.reason == 1 else BELOW_MINIMUM[o.points])
    mj_set(r, O_RESULT[4], shared_int(st.total))
    mj_set(r, O_RESULT[5], items)
    mj_set(r, O_RESULT[6], excluded)
    mj_set(r, O_RESULT[7], partition)
    mj_set(r, O_RESULT[8], _payments(&x, &st))
    mj_set(r, O_RESULT[9], PyDict_Copy(PRESET_ECHO[preset]))
    mj_set(r, O_RESULT[10], VERSION)
    mj_set(r, O_RESULT[11], details)
    mj_set(r, O_RESULT[12], [])
    mj_set(r, O_RESULT[13], _context_used(&x, &h))
    mj_set(r, O_RESULT[14], _warnings(text, &p))
    mj_set(r, O_RESULT[15], None)
    mj_set(r, O_RESULT[16], tie_break)
    mj_set(r, O_RESULT[17], None)
    return r


def full(text, context, rules=None):
    """MCR's full Result (``scorer.score("mcr", text, context, rules)``) built in C, or None when the
    checked path must answer this request (see the header of _full_path.pxi; ``why_declined``)."""
    cdef int why = -1
    return _full_entry(text, context, rules, &why)


cdef object _full_c(object text, object context, object rules):
    cdef int why = -1
    return _full_entry(text, context, rules, &why)


# ``full`` as a C function, which the compiled ``scorer.score`` calls with no Python call between
# (scorer/_dispatch.pyx)
full.c_entry = PyCapsule_New(<void*>_full_c, "mjscore.full_entry", NULL)


def why_declined(text, context, rules=None):
    """Why ``full`` leaves this request to the checked path (compiled.DECLINE_REASONS), None when it
    takes it: the same run, its reason kept."""
    cdef int why = -1
    if _full_entry(text, context, rules, &why) is not None:
        return None
    return _DECLINE_REASONS[why]
