# Included by _fast.pyx: riichi's whole Result built in C, straight from the notation text, the
# context dict and the rules: ``full(text, context, rules)``, which ``compiled.full_path`` hands to
# ``engine.score`` (``scorer.score("riichi", ...)`` without explain, claim or dialect).
#
# Its pure-Python twin is the checked path: ``compiled.parse_plain`` and ``_red_fives`` (the plain
# text), ``compiled.plain_context`` (the context), ``checks.check`` (the indicators and every
# contradiction), ``riichi.dora_count``, ``_search`` above (the chosen reading), ``item_tiles``
# (each item's tiles), ``fu.py``, ``value.value`` and ``value.settle``, ``riichi.written_partition``,
# ``notation.format_hand`` and ``Riichi.score`` / ``context_used``. What those write, this writes
# too: tests/test_riichi_compiled.py compares both answers' ``as_dict()`` field by field on the
# generator's corpus under every preset.
#
# Nothing here names a field, an item, a text or a limit of its own: ``configure_full`` (called by
# ``compiled.py`` at import) hands it the declared context fields with the values each takes as it
# is, the item rows, the tile finders' table (held against ``item_tiles.FINDERS``), every text from
# its Python writer (``tile_name``, ``_group_text``, ``red_text``, ``format_meld``, ``red_name``),
# the limit names as ``value.value`` writes them, the seats, the result classes' slot offsets, and
# the rule options with their choices and presets (``compiled.rule_table``). The indicators are read
# by the notation's C list reader (``_fastparse.read_tile_list``, the twin of ``scan(list_mode=True)``).
#
# Whatever this path does not read exactly as the checked path would, it declines (``None``, and a
# reason code for ``compiled.why_declined``): a text outside the C notation reader's plain subset,
# a context value its field does not take as it is, rules the variant refuses, indicators that are
# not plain tiles, and any contradiction of the context with the hand -- the checked path then
# answers, naming every problem.
#
# The result objects are the slotted dataclasses of scorer/result.py, allocated by their type
# (``tp_alloc``) with every field stored at its slot's offset (checked at configure: a writable
# object slot of that very class; a class of another shape leaves this path off).

from cpython.dict cimport PyDict_Copy, PyDict_GetItem, PyDict_Next
from cpython.list cimport PyList_New, PyList_SET_ITEM
from cpython.long cimport PyLong_AsLongAndOverflow
from cpython.object cimport PyObject
from cpython.pycapsule cimport PyCapsule_New
from cpython.ref cimport Py_INCREF
from cpython.unicode cimport PyUnicode_GET_LENGTH
from scorer._fastparse cimport ParsedHand, parse_standard, read_tile_list
from scorer._kept cimport KeptEntry, KeptTable, kept_clear, kept_get, kept_has_room, kept_keep, kept_table

cdef extern from *:
    """
    #include <structmember.h>
    static PyObject *rj_alloc(PyObject *type) {
        PyTypeObject *t = (PyTypeObject *)type;
        return t->tp_alloc(t, 0);
    }
    /* the offset of a writable object slot that ``cls`` itself defines, or -1 */
    static Py_ssize_t rj_slot_offset(PyObject *descr, PyObject *cls) {
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
    static inline void rj_set(PyObject *obj, Py_ssize_t offset, PyObject *value) {
        Py_INCREF(value);
        *(PyObject **)((char *)obj + offset) = value;
    }
    """
    object rj_alloc(object type)
    Py_ssize_t rj_slot_offset(object descr, object cls)
    void rj_set(object obj, Py_ssize_t offset, object value)

cdef extern from *:
    """
    static inline PyObject *rj_type(PyObject *o) { return (PyObject *)Py_TYPE(o); }
    /* a str's hash as it keeps it (-1: not worked out yet) */
    static inline Py_hash_t rj_str_hash(PyObject *s) { return ((PyASCIIObject *)s)->hash; }
    /* a str of ASCII bytes this path wrote (its tables' digits and letters only) */
    static PyObject *rj_ascii(const char *s, Py_ssize_t n) {
        PyObject *text = PyUnicode_New(n, 127);
        if (text != NULL)
            memcpy(PyUnicode_DATA(text), s, n);
        return text;
    }
    """
    PyObject* rj_type(PyObject* o)
    Py_hash_t rj_str_hash(object s)
    object _ascii "rj_ascii"(const char *s, Py_ssize_t size)

cdef extern from "Python.h":
    ctypedef size_t Py_uhash_t
    PyObject* Py_True_p "Py_True"
    int PyUnicode_IS_ASCII(object o)
    void *PyUnicode_DATA(object o)

cdef enum:
    KEPT_POINTS = 32     # the items without tiles kept by position (ITEMS_KEPT): points and count below these
    KEPT_COUNT = 8
    MAX_TEXT = 200       # the C notation reader's longest text
    TEXT_CAP = 256
    MAX_FIELDS = 32
    # the reasons a request is declined (compiled.DECLINE_REASONS, in this order)
    WHY_OFF = 1
    WHY_HAND = 2
    WHY_CONTEXT = 3
    WHY_RULES = 4
    WHY_CONTRADICTION = 5
    # how a context field takes a value as it is (compiled._plain_spec)
    V_BOOL = 0
    V_ENUM = 1
    V_TEXT = 2
    V_INT = 3
    # the item_tiles finders, by what they name
    T_NONE = 0
    T_DOUBLED = 1
    T_TRIPLETS_OF = 2   # the triplets of the kinds in T_KINDS[item]
    T_SEAT = 3
    T_ROUND = 4
    T_WIN = 5
    T_STRAIGHT = 6
    T_SANSHOKU = 7
    T_DOUKOU = 8
    T_ALL_TRIPLETS = 9
    T_CONCEALED_TRIPLETS = 10
    T_KANS = 11
    T_TRIPLETS_OF_PAIR = 12  # and the pair

# the finder of each item_tiles.FINDERS entry; configure holds this table against FINDERS' keys
_FINDER_KINDS = {
    "iipeikou": T_DOUBLED, "ryanpeikou": T_DOUBLED, "yakuhai_haku": T_TRIPLETS_OF,
    "yakuhai_hatsu": T_TRIPLETS_OF, "yakuhai_chun": T_TRIPLETS_OF, "seat_wind": T_SEAT, "round_wind": T_ROUND,
    "haitei": T_WIN, "houtei": T_WIN, "rinshan": T_WIN, "chankan": T_WIN, "kokushi_13": T_WIN,
    "ittsu": T_STRAIGHT, "sanshoku": T_SANSHOKU, "sanshoku_doukou": T_DOUKOU, "toitoi": T_ALL_TRIPLETS,
    "sanankou": T_CONCEALED_TRIPLETS, "suuankou": T_CONCEALED_TRIPLETS, "suuankou_tanki": T_CONCEALED_TRIPLETS,
    "sankantsu": T_KANS, "suukantsu": T_KANS, "shousangen": T_TRIPLETS_OF_PAIR, "daisangen": T_TRIPLETS_OF,
    "shousuushii": T_TRIPLETS_OF_PAIR, "daisuushii": T_TRIPLETS_OF,
}

FULL_DECLINED = "not configured"  # why the C full path is off (None: on)
cdef bint FULL_ON = False

# --- what configure_full hands over ---------------------------------------------------------------
cdef int n_fields = 0
cdef int F_KIND[MAX_FIELDS]
cdef bint F_NULL[MAX_FIELDS]
cdef list F_ARG = []                 # the enum's frozenset, the text's max length, the int's (low, high)
cdef dict FIELD_INDEX = {}           # name -> position
# the field names by their str hash: slot (hash >> FIELD_SHIFT) & (FIELD_SLOTS - 1) holds one name's
# position (-1: none), a shift found at configure where no two names share a slot (else -1: the
# names are searched one by one)
cdef enum:
    FIELD_SLOTS = 256
cdef int FIELD_SHIFT = -1
cdef int FIELD_SLOT[FIELD_SLOTS]
cdef int SEAT_BY_CHAR[128]           # a one-letter seat's position by its letter (-1: none)
cdef tuple FIELD_NAMES = ()
cdef dict CTX_DEFAULTS = {}          # every field's default, in declared order
cdef list DEFAULT_LIST = []          # the same by position
cdef int X_SELF_DRAW, X_SEAT, X_ROUND, X_DISCARDER, X_RIICHI, X_DOUBLE_RIICHI, X_IPPATSU, X_LAST_WALL
cdef int X_KONG_WIN, X_FIRST_TURN, X_DORA, X_URA, X_HONBA, X_STICKS
# the dicts a result holds, as templates of their keys in the checked path's order (a copy of one,
# its values then replaced, costs less than a new dict built key by key)
cdef dict T_DETAILS_NONE = {}
cdef dict T_DETAILS_NO_YAKU = {}
cdef dict T_DETAILS_VALID = {}
cdef dict T_DORA = {}
cdef dict T_COST = {}
cdef dict T_PAYMENTS = {}
cdef dict T_FU_ITEM = {}
# each template's keys, in its order (the positions below)
cdef tuple KEYS_DETAILS_NONE = (), KEYS_DETAILS_NO_YAKU = (), KEYS_DETAILS_VALID = ()
cdef tuple KEYS_DORA = (), KEYS_COST = (), KEYS_PAYMENTS = (), KEYS_FU_ITEM = (), KEYS_CTX = ()
cdef enum:
    D_DEALER = 0
    D_DORA = 1
    D_STICKS = 2
    D_HAN = 3
    D_FU = 4
    D_FU_ITEMS = 5
    D_LIMIT = 6
    D_COST = 7
cdef long F_LOW[MAX_FIELDS]          # an integer field's bounds, a text field's longest (F_HIGH)
cdef long F_HIGH[MAX_FIELDS]
cdef object N_DISCARDER = None       # the discarder's field name (its default resolved in the echo)
cdef dict SEAT_INDEX = {}            # seat -> position in SEATS
cdef tuple SEATS_T = ()
cdef dict PREVIOUS_SEAT = {}
cdef dict SEAT_TILE = {}
cdef object DEALER_SEAT = None
cdef int DEALER_AT = 0               # the same by position in SEATS
cdef int PREVIOUS_AT[4]
cdef int SEAT_TILE_AT[4]
cdef object RULES_READER = None      # compiled.rules_reading: (rule bits, aka, echo) or None
cdef object INDICATOR_READER = None  # compiled.indicator_tiles: (kinds, red kinds) or None
cdef int MAX_IND = 5                # at most 8 (Indicators)
cdef bint RED_FIVES = True          # the notation writes red fives (0m 0p 0s)
cdef bint BARE_KONG_READ = False     # riichi's notation reads [5555p] as a claimed kong, with no note
cdef int NEXT_TILE[34]
cdef bint IS_SPACE[128]
cdef char TILE_DIGIT[34]
cdef char TILE_SUIT[34]
cdef list TILE_STR = []              # tile_name
cdef list GROUP_STR = []             # shapes._group_text by kind code * 34 + tile (None: no such group)
cdef list RED_GROUP_STR = []         # the same with its first five written red (red_text)
cdef list RED_NAME = []              # red_name by suit
cdef list MELD_STR = []              # format_meld by meld code, written on first use
cdef object MELD_WRITER = None       # compiled.meld_text(kind code, tile, exposure, claim, red)
cdef list ITEM_ID = []
cdef list ITEM_NAME = []
cdef list ITEM_NAME_ZH = []
cdef list PRINCIPLE_STR = []
cdef int FINDER[MAX_ITEMS]
cdef bint T_KINDS[MAX_ITEMS][34]
cdef list FU_STR = []
cdef list LIMIT_STR = []             # "", mangan, haneman, baiman, sanbaiman, kazoe yakuman
cdef list YAKUMAN_STR = []           # by yakuman count (1..max)
cdef object S_VARIANT, S_NOT_WINNING, S_NO_YAKU, S_TIE_BREAK, S_VERSION
cdef object K_DEALER, K_DORA, K_RICHI_STICKS, K_HAN, K_FU, K_FU_ITEMS, K_LIMIT, K_COST, K_MAIN, K_ADDITIONAL
cdef object K_DORA_N, K_AKA_N, K_URA_N, K_REASON, K_FU_VALUE, K_TILES
cdef object RESULT_T = None, ITEM_T = None, EXCLUSION_T = None, CONTEXT_USED_T = None
RESULT_FIELDS = ("variant", "hand", "valid", "reason", "total", "items", "excluded", "partition", "payments",
                 "rules", "version", "details", "wilds", "context_used", "warnings", "readings", "tie_break",
                 "verdict")
ITEM_FIELDS = ("id", "name", "name_zh", "points", "factor", "count", "tiles", "detail")
EXCLUSION_FIELDS = ("id", "name", "name_zh", "by", "principle", "count")
CONTEXT_USED_FIELDS = ("values", "defaults")
cdef Py_ssize_t O_RESULT[18]
cdef Py_ssize_t O_ITEM[8]
cdef Py_ssize_t O_EXCLUSION[6]
cdef Py_ssize_t O_CONTEXT_USED[2]


cdef bint _offsets(cls, tuple names, Py_ssize_t *out) except -1:
    """Each field's slot offset; False when the class has other fields or a slot is not plain."""
    import dataclasses
    if tuple(sorted(f.name for f in dataclasses.fields(cls))) != tuple(sorted(names)):
        return False
    for n, name in enumerate(names):
        out[n] = rj_slot_offset(cls.__dict__.get(name), cls)
        if out[n] < 0:
            return False
    return True


cdef inline int _store(dict d, tuple keys, Py_ssize_t i, object v) except -1:
    """Value i of a fresh copy of a template, ``keys`` its keys in order."""
    d[keys[i]] = v
    return 0


def configure_full(dict c):
    """The tables of the full path, from the Python declarations and writers (``compiled.py``);
    ``FULL_DECLINED`` says why the path stays off, if it does."""
    global FULL_ON, FULL_DECLINED, n_fields, F_ARG, FIELD_INDEX, FIELD_NAMES, CTX_DEFAULTS
    global N_DISCARDER, DEFAULT_LIST
    global X_SELF_DRAW, X_SEAT, X_ROUND, X_DISCARDER, X_RIICHI, X_DOUBLE_RIICHI, X_IPPATSU, X_LAST_WALL
    global X_KONG_WIN, X_FIRST_TURN, X_DORA, X_URA, X_HONBA, X_STICKS
    global T_DETAILS_NONE, T_DETAILS_NO_YAKU, T_DETAILS_VALID, T_DORA, T_COST, T_PAYMENTS, T_FU_ITEM
    global SEAT_INDEX, SEATS_T, PREVIOUS_SEAT, SEAT_TILE, DEALER_SEAT, RULES_READER, INDICATOR_READER, DEALER_AT
    global RED_FIVES, MAX_IND, BARE_KONG_READ, TILE_STR, GROUP_STR, RED_GROUP_STR, RED_NAME, MELD_STR, MELD_WRITER
    global ITEM_ID, ITEM_NAME, ITEM_NAME_ZH, PRINCIPLE_STR, FU_STR, LIMIT_STR, YAKUMAN_STR
    global S_VARIANT, S_NOT_WINNING, S_NO_YAKU, S_TIE_BREAK, S_VERSION
    global K_DEALER, K_DORA, K_RICHI_STICKS, K_HAN, K_FU, K_FU_ITEMS, K_LIMIT, K_COST, K_MAIN, K_ADDITIONAL
    global K_DORA_N, K_AKA_N, K_URA_N, K_REASON, K_FU_VALUE, K_TILES
    global RESULT_T, ITEM_T, EXCLUSION_T, CONTEXT_USED_T, ITEMS_KEPT, EXCLUSIONS_KEPT, TILED_ITEMS_KEPT
    global KEYS_DETAILS_NONE, KEYS_DETAILS_NO_YAKU, KEYS_DETAILS_VALID, KEYS_DORA, KEYS_COST, KEYS_PAYMENTS
    global KEYS_FU_ITEM, KEYS_CTX
    FULL_ON = False
    if DECLINED is not None:
        FULL_DECLINED = f"the scorer is off: {DECLINED}"
        return
    specs = c["fields"]  # (name, default, spec) in declared order; spec None: not a plain field
    unplain = [name for name, _, spec in specs if spec is None]
    if unplain or len(specs) > MAX_FIELDS:
        FULL_DECLINED = f"context fields the full path cannot read as they are: {', '.join(unplain)}"
        return
    n_fields = len(specs)
    F_ARG = []
    for n, (name, default, spec) in enumerate(specs):
        kind, nullable, arg = spec
        F_KIND[n] = {"boolean": V_BOOL, "enum": V_ENUM, "text": V_TEXT, "integer": V_INT}[kind]
        F_NULL[n] = nullable
        F_ARG.append(arg)
        if kind == "integer":
            F_LOW[n], F_HIGH[n] = arg
        elif kind == "text":
            F_LOW[n], F_HIGH[n] = 0, arg
    FIELD_NAMES = tuple(name for name, _, _ in specs)
    FIELD_INDEX = {name: n for n, name in enumerate(FIELD_NAMES)}
    _field_slots()
    CTX_DEFAULTS = {name: default for name, default, _ in specs}
    DEFAULT_LIST = list(CTX_DEFAULTS.values())
    (X_SELF_DRAW, X_SEAT, X_ROUND, X_DISCARDER, X_RIICHI, X_DOUBLE_RIICHI, X_IPPATSU, X_LAST_WALL, X_KONG_WIN,
     X_FIRST_TURN, X_DORA, X_URA, X_HONBA, X_STICKS) = [
        FIELD_INDEX[name] for name in (
            "self_draw", "seat_wind", "round_wind", "discarder", "riichi", "double_riichi", "ippatsu", "last_wall",
            "kong_win", "first_turn", "dora_indicators", "ura_dora_indicators", "honba", "riichi_sticks")]
    N_DISCARDER = FIELD_NAMES[FIELD_INDEX["discarder"]]
    SEATS_T = tuple(c["seats"])
    SEAT_INDEX = {s: n for n, s in enumerate(SEATS_T)}
    for k in range(128):
        SEAT_BY_CHAR[k] = -1
    for n, seat in enumerate(SEATS_T):
        if type(seat) is str and len(seat) == 1 and ord(seat) < 128:
            SEAT_BY_CHAR[ord(seat)] = n
    PREVIOUS_SEAT = dict(c["previous_seat"])
    SEAT_TILE = dict(c["seat_tile"])
    DEALER_SEAT = c["dealer"]
    if len(SEATS_T) != 4:
        FULL_DECLINED = "not four seats"
        return
    DEALER_AT = SEAT_INDEX[DEALER_SEAT]
    for n in range(4):
        PREVIOUS_AT[n] = SEAT_INDEX[PREVIOUS_SEAT[SEATS_T[n]]]
        SEAT_TILE_AT[n] = SEAT_TILE[SEATS_T[n]]
    RULES_READER = c["rules_reader"]
    if c["rule_table"] is None or not _configure_rules(c["rule_table"]):
        FULL_DECLINED = "rule options the C path cannot read as they are"
        return
    INDICATOR_READER = c["indicator_reader"]
    MAX_IND = c["max_indicators"]
    RED_FIVES = c["red_fives"]
    if not 0 <= MAX_IND <= 8 or not c["standard_kinds"]:
        FULL_DECLINED = "indicator fields the C list reader does not hold"
        return
    BARE_KONG_READ = c["bare_kong_read"]
    for k in range(34):
        NEXT_TILE[k] = c["next_tile"][k]
    for k in range(128):
        IS_SPACE[k] = chr(k).isspace()
    TILE_STR = list(c["tile_names"])
    for k in range(34):
        name = TILE_STR[k].encode("ascii")
        if k < 27:
            if len(name) != 2:
                FULL_DECLINED = f"a suit tile named other than digit and suit: {TILE_STR[k]!r}"
                return
            TILE_DIGIT[k] = name[0]
            TILE_SUIT[k] = name[1]
        elif len(name) != 1:
            FULL_DECLINED = f"an honour named other than by one letter: {TILE_STR[k]!r}"
            return
        else:
            TILE_DIGIT[k] = name[0]
            TILE_SUIT[k] = 0
    GROUP_STR = list(c["group_texts"])
    RED_GROUP_STR = list(c["red_group_texts"])
    RED_NAME = list(c["red_names"])
    MELD_STR = [None] * (3 * 34 * 3 * 4 * 4)
    MELD_WRITER = c["meld_writer"]
    ITEM_ID = list(c["item_ids"])
    ITEM_NAME = list(c["item_names"])
    ITEM_NAME_ZH = list(c["item_names_zh"])
    PRINCIPLE_STR = list(c["principles"])
    finders = c["finders"]  # item_tiles.FINDERS' ids
    if set(finders) != set(_FINDER_KINDS):
        FULL_DECLINED = ("item_tiles.FINDERS and the full path's finders differ: "
                         f"{', '.join(sorted(set(finders) ^ set(_FINDER_KINDS)))}")
        return
    triplet_kinds = c["triplet_kinds"]  # item id -> the kinds whose triplets it names
    for n in range(n_items):
        FINDER[n] = _FINDER_KINDS.get(ITEM_ID[n], T_NONE)
        for k in range(34):
            T_KINDS[n][k] = k in triplet_kinds.get(ITEM_ID[n], ())
        if FINDER[n] in (T_TRIPLETS_OF, T_TRIPLETS_OF_PAIR) and ITEM_ID[n] not in triplet_kinds:
            FULL_DECLINED = f"no tile kinds for the finder of {ITEM_ID[n]}"
            return
    FU_STR = list(c["fu_reasons"])
    LIMIT_STR = list(c["limits"])
    YAKUMAN_STR = list(c["yakuman_limits"])
    if len(YAKUMAN_STR) < max_yakuman + 1:
        FULL_DECLINED = "fewer yakuman limit names than yakuman counted"
        return
    S_VARIANT, S_NOT_WINNING, S_NO_YAKU, S_TIE_BREAK, S_VERSION = (
        c["variant"], c["not_winning"], c["no_yaku"], c["tie_break"], c["version"])
    (K_DEALER, K_DORA, K_RICHI_STICKS, K_HAN, K_FU, K_FU_ITEMS, K_LIMIT, K_COST, K_MAIN, K_ADDITIONAL,
     K_DORA_N, K_AKA_N, K_URA_N, K_REASON, K_FU_VALUE, K_TILES) = (
        "dealer", "dora", "riichi_sticks", "han", "fu", "fu_items", "limit", "cost", "main", "additional",
        "dora", "aka_dora", "ura_dora", "reason", "fu", "tiles")
    T_DETAILS_NONE = dict.fromkeys((K_DEALER, K_DORA, K_RICHI_STICKS))
    T_DETAILS_NO_YAKU = dict.fromkeys((K_DEALER, K_DORA, K_RICHI_STICKS, K_HAN, K_FU, K_FU_ITEMS, K_LIMIT))
    T_DETAILS_VALID = dict.fromkeys((K_DEALER, K_DORA, K_RICHI_STICKS, K_HAN, K_FU, K_FU_ITEMS, K_LIMIT, K_COST))
    T_DORA = dict.fromkeys((K_DORA_N, K_AKA_N, K_URA_N))
    T_COST = dict.fromkeys((K_MAIN, K_ADDITIONAL))
    T_PAYMENTS = dict.fromkeys(SEATS_T, 0)
    T_FU_ITEM = dict.fromkeys((K_REASON, K_FU_VALUE, K_TILES))
    KEYS_DETAILS_VALID = (K_DEALER, K_DORA, K_RICHI_STICKS, K_HAN, K_FU, K_FU_ITEMS, K_LIMIT, K_COST)
    KEYS_DETAILS_NO_YAKU = KEYS_DETAILS_VALID[:D_COST]
    KEYS_DETAILS_NONE = KEYS_DETAILS_VALID[:D_HAN]
    KEYS_DORA, KEYS_COST, KEYS_PAYMENTS, KEYS_FU_ITEM = tuple(T_DORA), tuple(T_COST), tuple(T_PAYMENTS), tuple(T_FU_ITEM)
    KEYS_CTX = tuple(CTX_DEFAULTS)
    RESULT_T, ITEM_T, EXCLUSION_T, CONTEXT_USED_T = c["result"], c["item"], c["exclusion"], c["context_used"]
    ITEMS_KEPT = [None] * (MAX_ITEMS * KEPT_POINTS * KEPT_COUNT)
    TILED_ITEMS_KEPT = [None] * (MAX_ITEMS * KEPT_POINTS * KEPT_COUNT)
    EXCLUSIONS_KEPT = {}
    kept_clear(&TEMPLATES)
    if not (_offsets(RESULT_T, RESULT_FIELDS, O_RESULT) and _offsets(ITEM_T, ITEM_FIELDS, O_ITEM)
            and _offsets(EXCLUSION_T, EXCLUSION_FIELDS, O_EXCLUSION)
            and _offsets(CONTEXT_USED_T, CONTEXT_USED_FIELDS, O_CONTEXT_USED)):
        FULL_DECLINED = "a result class is not of the shape the full path writes (its fields or slots)"
        return
    FULL_DECLINED = None
    FULL_ON = True


# --- the hand text (compiled.parse_plain and _red_fives) -------------------------------------------
cdef struct PlainHand:
    ParsedHand p
    int n_red            # the concealed red fives, their kinds sorted
    int red[3]
    int meld_red[4]
    bint red_win
    int all_counts[34]


cdef inline bint _suit_base(char ch, int *base) noexcept:
    if ch == b'm':
        base[0] = 0
    elif ch == b'p':
        base[0] = 9
    elif ch == b's':
        base[0] = 18
    else:
        return False
    return True


cdef bint _read_text(str text, PlainHand *h) noexcept:
    """The hand as ``compiled.parse_plain`` reads it; False where it gives None."""
    cdef Py_ssize_t n, i, j
    cdef const char *s
    cdef char buf[MAX_TEXT]
    cdef char ch, nxt
    cdef bint in_meld = 0, last_red = 0, zero = 0
    cdef int brackets = 0, seen = 0, base, m, k, t
    cdef Py_ssize_t n_scan
    if not PyUnicode_IS_ASCII(text):
        return False
    n = PyUnicode_GET_LENGTH(text)
    if n <= 0 or n > MAX_TEXT:
        return False
    s = <const char *>PyUnicode_DATA(text)
    h.n_red = 0
    h.red_win = 0
    memset(h.meld_red, 0, sizeof(h.meld_red))
    if memchr(s, b'0', n) == NULL:  # no red five: the text as it is (the reader counts the melds)
        memcpy(buf, s, n)
        n_scan = 0
    else:
        n_scan = n
    for i in range(n_scan):
        ch = s[i]
        buf[i] = b'5' if ch == b'0' else ch
        if ch == b'[' or ch == b'{' or ch == b'(':
            in_meld = 1
            if brackets == 4:
                return False  # more melds than a hand holds: the reader refuses it too
            brackets += 1
        elif ch == b']' or ch == b'}' or ch == b')':
            in_meld = 0
        elif ch == b'E' or ch == b'S' or ch == b'W' or ch == b'N' or ch == b'C' or ch == b'F' or ch == b'P':
            last_red = last_red and in_meld
        elif b'0' <= ch <= b'9':
            if in_meld and i > 0 and s[i - 1] == b',':
                continue  # the ,N digit
            if ch == b'0':
                zero = 1
                j = i + 1
                while j < n and ((b'0' <= s[j] <= b'9') or IS_SPACE[<unsigned char>s[j] & 127]):
                    j += 1
                nxt = s[j] if j < n else 0
                if not _suit_base(nxt, &base) or seen & (1 << (base // 9)):
                    return False
                seen |= 1 << (base // 9)
                if in_meld:
                    h.meld_red[brackets - 1] += 1
                else:
                    h.red[h.n_red] = base + 4
                    h.n_red += 1
            if not in_meld:
                last_red = ch == b'0'
    if not parse_standard(buf, n, &h.p):
        return False
    for m in range(h.p.nmelds):
        if h.p.mkind[m] == 2 and h.p.mexp[m] == 0 and h.p.moffer[m] == 0 and not BARE_KONG_READ:
            return False  # a bare [5555p], where the notation notes how it read it: the parser's
    if zero and brackets != h.p.nmelds:
        return False
    h.red_win = last_red if zero else 0
    # the concealed reds sorted (one per suit, found in the order written)
    for i in range(1, h.n_red):
        k = h.red[i]
        j = i - 1
        while j >= 0 and h.red[j] > k:
            h.red[j + 1] = h.red[j]
            j -= 1
        h.red[j + 1] = k
    for k in range(34):
        h.all_counts[k] = h.p.conc[k]
    for m in range(h.p.nmelds):
        t = h.p.mtile[m]
        if h.p.mkind[m] == 0:
            h.all_counts[t] += 1
            h.all_counts[t + 1] += 1
            h.all_counts[t + 2] += 1
        else:
            h.all_counts[t] += 3 if h.p.mkind[m] == 1 else 4
    return True


# --- texts -----------------------------------------------------------------------------------------
cdef struct Text:
    int n
    char buf[TEXT_CAP]


cdef inline void _t_char(Text *t, char ch) noexcept:
    if t.n < TEXT_CAP:
        t.buf[t.n] = ch
        t.n += 1


cdef void _t_tiles(Text *t, const int *kinds, const bint *red, int n) noexcept:
    """notation.red_text (tiles.tiles_text without a red flag): digits grouped before their suit."""
    cdef char run = 0
    cdef int i, k
    for i in range(n):
        k = kinds[i]
        if k >= 27:
            if run:
                _t_char(t, run)
                run = 0
            _t_char(t, TILE_DIGIT[k])
            continue
        if run and run != TILE_SUIT[k]:
            _t_char(t, run)
        _t_char(t, b'0' if red != NULL and red[i] else TILE_DIGIT[k])
        run = TILE_SUIT[k]
    if run:
        _t_char(t, run)


cdef inline str _t_str(Text *t):
    return "" if t.n == 0 else _ascii(t.buf, t.n)


cdef int _meld_code(PlainHand *h, int m) noexcept:
    """The meld's position in MELD_STR, or -1 (a meld the table does not hold)."""
    if not (0 <= h.p.mkind[m] < 3 and 0 <= h.p.mtile[m] < 34 and 0 <= h.p.mexp[m] < 3 and 0 <= h.p.moffer[m] < 4
            and 0 <= h.meld_red[m] < 4):
        return -1
    return ((((h.p.mkind[m] * 34 + h.p.mtile[m]) * 3 + h.p.mexp[m]) * 4 + h.p.moffer[m]) * 4 + h.meld_red[m])


cdef str _meld_text(PlainHand *h, int m):
    """notation.format_meld of the hand's meld m, from the Python writer, kept by its code."""
    cdef int code = ((((h.p.mkind[m] * 34 + h.p.mtile[m]) * 3 + h.p.mexp[m]) * 4 + h.p.moffer[m]) * 4
                     + h.meld_red[m])
    if not (0 <= h.p.mkind[m] < 3 and 0 <= h.p.mtile[m] < 34 and 0 <= h.p.mexp[m] < 3 and 0 <= h.p.moffer[m] < 4
            and 0 <= h.meld_red[m] < 4):
        return MELD_WRITER(h.p.mkind[m], h.p.mtile[m], h.p.mexp[m], h.p.moffer[m], h.meld_red[m])
    text = MELD_STR[code]
    if text is None:
        text = MELD_WRITER(h.p.mkind[m], h.p.mtile[m], h.p.mexp[m], h.p.moffer[m], h.meld_red[m])
        MELD_STR[code] = text
    return text


cdef str _canonical(PlainHand *h):
    """notation.format_hand: the melds, then the concealed tiles sorted with one copy of the winning
    tile last; the red fives the winning tile written red, else the first copy of their kind."""
    cdef Text t
    cdef int kinds[14 + 4]
    cdef bint red[14 + 4]
    cdef int n = 0, k, c, i, r
    cdef Py_ssize_t size
    cdef list parts = None
    t.n = 0
    for m in range(h.p.nmelds):  # each meld's text, copied in (ASCII) or joined
        text = _meld_text(h, m)
        size = PyUnicode_GET_LENGTH(text)
        if parts is None and PyUnicode_IS_ASCII(text) and t.n + size <= TEXT_CAP:
            memcpy(&t.buf[t.n], PyUnicode_DATA(text), size)
            t.n += size
        else:
            if parts is None:
                parts = [_t_str(&t)]
                t.n = 0
            parts.append(text)
    cdef int win_held = h.p.conc[h.p.win] > 0
    cdef Bits walk = 0
    h.p.conc[h.p.win] -= win_held  # one copy of the winning tile, written last
    for k in range(34):
        walk |= (<Bits>(h.p.conc[k] > 0)) << k
    while walk:  # the kinds held, lowest first
        k = _ctz(walk)
        walk &= walk - 1
        for c in range(4):  # each copy held (the checks leave at most four; no branch on the count)
            kinds[n] = k
            n += c < h.p.conc[k]
    h.p.conc[h.p.win] += win_held
    memset(red, 0, sizeof(red))
    kinds[n] = h.p.win
    red[n] = 0
    n += 1
    if h.n_red:
        for r in range(h.n_red):
            if h.red_win and h.red[r] == h.p.win and not red[n - 1]:
                red[n - 1] = 1  # the winning tile, written red (removed from the list once)
                continue
            for i in range(n):
                if kinds[i] == h.red[r]:
                    red[i] = 1
                    break
    if parts is None and t.n + 3 * 14 > TEXT_CAP:  # room for the concealed tiles' text
        parts = [_t_str(&t)]
        t.n = 0
    _t_tiles(&t, kinds, red, n)
    if parts is None:
        return _t_str(&t)
    parts.append(_t_str(&t))
    return "".join(parts)


# --- the context (compiled.plain_context) ----------------------------------------------------------
cdef bint _plain_value(int n, object v):
    if v is None:
        return F_NULL[n]
    cdef int kind = F_KIND[n]
    if kind == V_BOOL:
        return type(v) is bool
    if kind == V_ENUM:
        return type(v) is str and v in <frozenset>F_ARG[n]
    if kind == V_TEXT:
        return type(v) is str and PyUnicode_GET_LENGTH(v) <= F_HIGH[n]
    if type(v) is not int:
        return False
    cdef int overflow = 0
    cdef long x = PyLong_AsLongAndOverflow(v, &overflow)
    return not overflow and F_LOW[n] <= x <= F_HIGH[n]


cdef void _field_slots():
    """FIELD_SHIFT and FIELD_SLOT: a shift of the names' hashes that gives each its own slot."""
    global FIELD_SHIFT
    cdef int shift, n
    cdef Py_uhash_t h
    FIELD_SHIFT = -1
    for shift in range(64 - 8):
        for n in range(FIELD_SLOTS):
            FIELD_SLOT[n] = -1
        for n in range(n_fields):
            h = <Py_uhash_t>hash(FIELD_NAMES[n])
            if FIELD_SLOT[(h >> shift) & (FIELD_SLOTS - 1)] >= 0:
                break
            FIELD_SLOT[(h >> shift) & (FIELD_SLOTS - 1)] = n
        else:
            FIELD_SHIFT = shift
            return


cdef inline int _field_at(object key) except -2:
    """A context key's field position (-1: no such field): found by its hash (kept by the str), the
    declared name itself or a str of its text; else by its text."""
    cdef int n
    cdef Py_hash_t h
    if FIELD_SHIFT >= 0 and type(key) is str:
        h = rj_str_hash(key)
        if h != -1:
            n = FIELD_SLOT[(<Py_uhash_t>h >> FIELD_SHIFT) & (FIELD_SLOTS - 1)]
            if n >= 0 and (<PyObject*>key is <PyObject*>FIELD_NAMES[n]
                           or (rj_str_hash(FIELD_NAMES[n]) == h and <str>key == <str>FIELD_NAMES[n])):
                return n
    for n in range(n_fields):
        if <PyObject*>key is <PyObject*>FIELD_NAMES[n]:
            return n
    if type(key) is not str:
        return -1
    at = FIELD_INDEX.get(key)
    return -1 if at is None else <int>at


cdef inline int _seat_at(object seat) except -2:
    """A seat's position in SEATS (-1: not a seat)."""
    cdef int n
    if type(seat) is str and PyUnicode_IS_ASCII(seat) and PyUnicode_GET_LENGTH(seat) == 1:
        return SEAT_BY_CHAR[(<const unsigned char*>PyUnicode_DATA(seat))[0] & 127]
    for n in range(4):
        if <PyObject*>seat is <PyObject*>SEATS_T[n]:
            return n
    if type(seat) is not str:
        return -1
    at = SEAT_INDEX.get(seat)
    return -1 if at is None else <int>at


cdef struct Indicators:
    int n
    int kinds[8]
    int n_red
    int red[8]


cdef bint _indicators(object text, Indicators *out) except -1:
    """An indicator field's kinds and red kinds, read in C (``read_tile_list``, the notation's list
    reading) or, for anything else, by INDICATOR_READER; False when it is not plain tiles or holds
    more than an indicator field may (the checked path names the problem)."""
    cdef int kinds[8]
    cdef unsigned char red[8]
    cdef int n, i
    out.n = out.n_red = 0
    if not text:
        return True
    if type(text) is str and PyUnicode_IS_ASCII(text):
        n = read_tile_list(<const char *>PyUnicode_DATA(text), PyUnicode_GET_LENGTH(text), RED_FIVES, MAX_IND,
                           kinds, red)
        if n >= 0:
            for i in range(n):
                out.kinds[i] = kinds[i]
                if red[i]:
                    out.red[out.n_red] = kinds[i]
                    out.n_red += 1
            out.n = n
            return True
    found = INDICATOR_READER(text)
    if found is None:
        return False
    kinds_read, red_read = <tuple>found
    if len(<tuple>kinds_read) > MAX_IND or len(<tuple>red_read) > MAX_IND:
        return False
    for k in <tuple>kinds_read:
        out.kinds[out.n] = k
        out.n += 1
    for k in <tuple>red_read:
        out.red[out.n_red] = k
        out.n_red += 1
    return True


cdef inline bint _pointed_by(Indicators *ind, int kind) noexcept:
    """Whether ``kind`` is among the indicators."""
    cdef int i
    for i in range(ind.n):
        if ind.kinds[i] == kind:
            return True
    return False


# Rules are read through a table of the rule options as resolved: a preset and each option's value,
# coded as the preset's place and each value's place among the values its declared check takes
# unchanged (compiled.rule_table). Two requests that resolve alike get the same answer from
# RULES_READER (bits, red fives, the echo, "+custom" included), so the answer is read once per code:
# the table holds at most RULES_CODES_MAX answers, however many distinct objects arrive. Anything else
# (an unknown option, a value of another type or outside the choices) is read by RULES_READER.
cdef enum:
    MAX_OPTIONS = 16
    MAX_CHOICES = 8
    MAX_PRESETS = 16
    RULES_CODES_MAX = 4096
cdef int N_OPTIONS = 0
cdef int N_CHOICES[MAX_OPTIONS]
cdef PyObject* OPTION_NAME[MAX_OPTIONS]           # held by OPTION_NAMES
cdef PyObject* CHOICE[MAX_OPTIONS][MAX_CHOICES]   # held by CHOICES
cdef int N_PRESETS = 0
cdef int DEFAULT_PRESET_AT = 0
cdef PyObject* PRESET_NAME[MAX_PRESETS]           # held by PRESET_NAMES
cdef int PRESET_CHOICE[MAX_PRESETS][MAX_OPTIONS]  # each preset's value of each option, by place
cdef object PRESET_KEY = None                     # the key naming the preset in an object of rules
cdef PyObject* PRESET_KEY_P = NULL
cdef tuple OPTION_NAMES = ()
cdef tuple CHOICES = ()
cdef tuple PRESET_NAMES = ()
cdef list RULES_ANSWERS = []                       # RULES_READER's answer by code (None: not read yet)


cdef bint _configure_rules(dict table) except -1:
    """Holds compiled.rule_table's options and presets; False when they do not fit the table."""
    global N_OPTIONS, N_PRESETS, DEFAULT_PRESET_AT, PRESET_KEY, PRESET_KEY_P, OPTION_NAMES, CHOICES, PRESET_NAMES, RULES_ANSWERS
    cdef int j, c, p
    cdef Py_ssize_t codes
    options = table["options"]
    presets = table["presets"]
    if len(options) > MAX_OPTIONS or not 0 < len(presets) <= MAX_PRESETS:
        return False
    codes = len(presets)
    for _, choices in options:
        if not 0 < len(choices) <= MAX_CHOICES:
            return False
        codes *= len(choices)
    if codes > RULES_CODES_MAX:
        return False
    OPTION_NAMES = tuple([name for name, _ in options])
    CHOICES = tuple([tuple(choices) for _, choices in options])
    PRESET_NAMES = tuple([name for name, _ in presets])
    N_OPTIONS, N_PRESETS = len(options), len(presets)
    for j in range(N_OPTIONS):
        OPTION_NAME[j] = <PyObject*>OPTION_NAMES[j]
        N_CHOICES[j] = len(CHOICES[j])
        for c in range(N_CHOICES[j]):
            CHOICE[j][c] = <PyObject*>CHOICES[j][c]
    for p in range(N_PRESETS):
        PRESET_NAME[p] = <PyObject*>PRESET_NAMES[p]
        for j in range(N_OPTIONS):
            PRESET_CHOICE[p][j] = presets[p][1][j]
    DEFAULT_PRESET_AT = PRESET_NAMES.index(table["default"])
    PRESET_KEY = table["preset_key"]
    PRESET_KEY_P = <PyObject*>PRESET_KEY
    for name in (*OPTION_NAMES, *PRESET_NAMES, PRESET_KEY, *[choice for choices in CHOICES for choice in choices]):
        hash(name)  # each str keeps its hash: _str_at compares the hashes first
    RULES_ANSWERS = [None] * codes
    return True


cdef int _str_at(PyObject* given, PyObject** names, int n) except -2:
    """The place of ``given`` among ``names`` (-1: none): the object itself (an interned name), else
    a str of the same hash and text."""
    cdef int j
    cdef Py_hash_t h
    for j in range(n):
        if given == names[j]:
            return j
    if rj_type(given) != <PyObject*>str:
        return -1
    h = hash(<object>given)
    for j in range(n):
        if (rj_type(names[j]) == <PyObject*>str and rj_str_hash(<object>names[j]) == h
                and <str>given == <str>names[j]):
            return j
    return -1


cdef object _rules(object rules):
    """RULES_READER's answer for the rules as given: a preset's name, None (the default preset), or
    an object of options over a preset; read once per resolved code, or by RULES_READER each time
    for rules the table does not take."""
    cdef int given[MAX_OPTIONS]
    cdef int preset = DEFAULT_PRESET_AT, j, option
    cdef Py_ssize_t pos = 0, code
    cdef PyObject* k_p
    cdef PyObject* v_p
    for j in range(N_OPTIONS):
        given[j] = -1
    if type(rules) is dict:
        while PyDict_Next(<dict>rules, &pos, &k_p, &v_p):
            option = _str_at(k_p, OPTION_NAME, N_OPTIONS)
            if option >= 0:
                given[option] = _str_at(v_p, CHOICE[option], N_CHOICES[option])
                if given[option] < 0:
                    return RULES_READER(rules)
            elif _str_at(k_p, &PRESET_KEY_P, 1) == 0:
                preset = _str_at(v_p, PRESET_NAME, N_PRESETS)
                if preset < 0:
                    return RULES_READER(rules)
            else:
                return RULES_READER(rules)
    elif rules is not None:
        preset = _str_at(<PyObject*>rules, PRESET_NAME, N_PRESETS)
        if preset < 0:
            return RULES_READER(rules)
    code = preset
    for j in range(N_OPTIONS):
        code = code * N_CHOICES[j] + (given[j] if given[j] >= 0 else PRESET_CHOICE[preset][j])
    found = RULES_ANSWERS[code]
    if found is None:
        found = RULES_READER(_resolved_rules(code))
        RULES_ANSWERS[code] = found
    return found


cdef dict _resolved_rules(Py_ssize_t code):
    """The object of rules a code stands for: its preset and every option's value."""
    cdef int j
    values = [None] * N_OPTIONS
    for j in range(N_OPTIONS - 1, -1, -1):
        values[j] = CHOICES[j][code % N_CHOICES[j]]
        code //= N_CHOICES[j]
    out = {PRESET_KEY: PRESET_NAMES[code]}
    for j in range(N_OPTIONS):
        out[OPTION_NAMES[j]] = values[j]
    return out


# --- the answer ------------------------------------------------------------------------------------
# A result's dicts whose values are all immutable (a fu item, the dora counts, the cost, the payments,
# the details but for their three containers) are each a fresh copy (PyDict_Copy: the table copied
# whole, the values' references taken) of a private template holding those very values, kept by a
# code of the values: a copy costs less than the keys' template copied and filled value by value.
# The templates are never handed out; each result gets its own dict. Bounded: past TPL_MAX codes a
# dict is filled as before.
cdef enum:
    TPL_BITS = 14
    TPL_MAX = (1 << TPL_BITS) // 2
    TAG_FU_ITEM = 1      # a code's low three bits: what the dict is
    TAG_DORA = 2
    TAG_COST = 3
    TAG_PAYMENTS = 4
    TAG_DETAILS = 5
cdef KeptEntry TEMPLATE_ENTRIES[1 << TPL_BITS]
cdef KeptTable TEMPLATES = kept_table(TEMPLATE_ENTRIES, TPL_BITS, TPL_MAX)


cdef inline object _tpl_copy(unsigned long long code):
    """A fresh copy of the template kept under ``code``, or None."""
    cdef PyObject* template = kept_get(&TEMPLATES, code)
    if template == NULL:
        return None
    return PyDict_Copy(<object>template)


cdef dict _tpl_keep(unsigned long long code, dict d, tuple keys, int n_open):
    """``d``, a copy of it kept as the template of ``code`` while the table has room; the values at
    ``keys[:n_open]`` (the result's own containers) left None in the template."""
    cdef int i
    if kept_has_room(&TEMPLATES) and kept_get(&TEMPLATES, code) == NULL:
        kept = PyDict_Copy(d)
        for i in range(n_open):
            kept[keys[i]] = None
        kept_keep(&TEMPLATES, code, kept)
    return d


# the items without tiles and the exclusions, frozen, shared by results as the checked path's
# compiled step shares them (compiled._item, compiled._exclusion); few: the table's rows by their han
# and count, bounded
cdef list ITEMS_KEPT = []  # by (item, points, count), points and count below KEPT_POINTS, KEPT_COUNT
cdef dict EXCLUSIONS_KEPT = {}


cdef list TILED_ITEMS_KEPT = []  # the same position -> {tiles: the item}, at most TILES_KEPT texts each
cdef enum:
    TILES_KEPT = 64


cdef object _item(int n, int points, int count, str tiles):
    cdef Py_ssize_t at
    cdef PyObject* kept
    if not (0 <= points < KEPT_POINTS and 0 <= count < KEPT_COUNT):
        return _new_item(n, points, count, tiles)
    at = (n * KEPT_POINTS + points) * KEPT_COUNT + count
    if tiles:
        by_tiles = TILED_ITEMS_KEPT[at]
        if by_tiles is None:
            by_tiles = TILED_ITEMS_KEPT[at] = {}
        kept = PyDict_GetItem(<dict>by_tiles, tiles)
        if kept != NULL:
            return <object>kept
        found = _new_item(n, points, count, tiles)
        if len(<dict>by_tiles) < TILES_KEPT:
            (<dict>by_tiles)[tiles] = found
        return found
    found = ITEMS_KEPT[at]
    if found is None:
        found = _new_item(n, points, count, tiles)
        ITEMS_KEPT[at] = found
    return found


cdef object _exclusion(int n, int by, int principle, int count):
    cdef long key
    if principle >= 64 or count >= 64:
        return _new_exclusion(n, by, principle, count)
    key = ((n * MAX_ITEMS + by) * 64 + principle) * 64 + count
    found = EXCLUSIONS_KEPT.get(key)
    if found is None:
        found = _new_exclusion(n, by, principle, count)
        if len(EXCLUSIONS_KEPT) < 4096:
            EXCLUSIONS_KEPT[key] = found
    return found


cdef object _new_item(int n, int points, int count, object tiles):
    obj = rj_alloc(ITEM_T)
    rj_set(obj, O_ITEM[0], ITEM_ID[n])
    rj_set(obj, O_ITEM[1], ITEM_NAME[n])
    rj_set(obj, O_ITEM[2], ITEM_NAME_ZH[n])
    rj_set(obj, O_ITEM[3], points)
    rj_set(obj, O_ITEM[4], 1)
    rj_set(obj, O_ITEM[5], count)
    rj_set(obj, O_ITEM[6], tiles)
    rj_set(obj, O_ITEM[7], None)
    return obj


cdef object _new_exclusion(int n, int by, int principle, int count):
    obj = rj_alloc(EXCLUSION_T)
    rj_set(obj, O_EXCLUSION[0], ITEM_ID[n])
    rj_set(obj, O_EXCLUSION[1], ITEM_NAME[n])
    rj_set(obj, O_EXCLUSION[2], ITEM_NAME_ZH[n])
    rj_set(obj, O_EXCLUSION[3], ITEM_ID[by])
    rj_set(obj, O_EXCLUSION[4], PRINCIPLE_STR[principle])
    rj_set(obj, O_EXCLUSION[5], count)
    return obj


cdef str _held(int *counts, Indicators *ind):
    """riichi._held: the tiles of the hand the indicators point at, each kind pointed at once (the
    kinds pointed at sorted: at most eight)."""
    cdef int pointed[8]
    cdef int kinds[8 * 4]
    cdef int n = 0, n_pointed = 0, k, c, i, j
    cdef Text t
    for i in range(ind.n):
        k = NEXT_TILE[ind.kinds[i]]
        j = n_pointed
        while j > 0 and pointed[j - 1] > k:
            j -= 1
        if j > 0 and pointed[j - 1] == k:
            continue  # pointed at already
        memmove(&pointed[j + 1], &pointed[j], (n_pointed - j) * sizeof(int))
        pointed[j] = k
        n_pointed += 1
    for i in range(n_pointed):
        for c in range(counts[pointed[i]]):
            kinds[n] = pointed[i]
            n += 1
    t.n = 0
    _t_tiles(&t, kinds, NULL, n)
    return _t_str(&t)


cdef str _group_str(PlainHand *h, Reading *r, int g):
    if r.shape == S_STANDARD and g < h.p.nmelds:
        return _meld_text(h, g)
    return GROUP_STR[r.kind[g] * 34 + r.tile[g]]


cdef inline bint _trip(Reading *r, int g) noexcept:
    return r.kind[g] == K_TRIPLET or r.kind[g] == K_KAN


cdef str _item_tiles(int item, PlainHand *h, Reading *r, int seat_tile, int round_tile):
    """item_tiles.tiles_of: the groups (or the winning tile) behind an item."""
    cdef int finder = FINDER[item]
    cdef int g, o, n, s, step
    cdef int pick[5]
    cdef int found = 0
    if finder == T_NONE:
        return ""
    if finder == T_WIN:
        return TILE_STR[h.p.win]
    if r.shape != S_STANDARD:
        return ""  # the sets of seven pairs are pairs, thirteen orphans has none
    if finder == T_DOUBLED:
        for g in range(4):
            if r.kind[g] != K_SEQ:
                continue
            n = 0
            for o in range(4):
                if r.kind[o] == K_SEQ and r.tile[o] == r.tile[g]:
                    n += 1
            if n >= 2:
                pick[found] = g
                found += 1
    elif finder == T_TRIPLETS_OF or finder == T_TRIPLETS_OF_PAIR:
        for g in range(4):
            if _trip(r, g) and T_KINDS[item][r.tile[g]]:
                pick[found] = g
                found += 1
        if finder == T_TRIPLETS_OF_PAIR:
            pick[found] = 4
            found += 1
    elif finder == T_SEAT or finder == T_ROUND:
        for g in range(4):
            if _trip(r, g) and r.tile[g] == (seat_tile if finder == T_SEAT else round_tile):
                pick[found] = g
                found += 1
    elif finder == T_ALL_TRIPLETS or finder == T_CONCEALED_TRIPLETS or finder == T_KANS:
        for g in range(4):
            if ((finder == T_ALL_TRIPLETS and _trip(r, g))
                    or (finder == T_CONCEALED_TRIPLETS and _trip(r, g) and r.concealed[g])
                    or (finder == T_KANS and r.kind[g] == K_KAN)):
                pick[found] = g
                found += 1
    elif finder == T_STRAIGHT:
        for s in range(3):
            found = 0
            for step in range(0, 9, 3):
                for g in range(4):
                    if r.kind[g] == K_SEQ and r.tile[g] == 9 * s + step:
                        pick[found] = g
                        found += 1
                        break
            if found == 3:
                break
        if found != 3:
            found = 0
    elif finder == T_SANSHOKU or finder == T_DOUKOU:
        for n in range(7 if finder == T_SANSHOKU else 9):
            found = 0
            for s in range(3):
                for g in range(4):
                    if ((r.kind[g] == K_SEQ) if finder == T_SANSHOKU else _trip(r, g)) and r.tile[g] == n + 9 * s:
                        pick[found] = g
                        found += 1
                        break
            if found == 3:
                break
        if found != 3:
            found = 0
    if not found:
        return ""
    if found == 1:
        return _group_str(h, r, pick[0])
    return " ".join([_group_str(h, r, pick[g]) for g in range(found)])


cdef list _partition(PlainHand *h, Reading *r):
    """riichi.written_partition: the groups' texts, a concealed red five written in the first
    concealed group holding a five of its suit."""
    cdef Text t
    cdef int kinds[14]
    cdef int n = 0, k, c, g, i
    cdef bint taken[3]
    cdef bint red_here
    if r.shape == S_KOKUSHI:
        for k in range(34):
            for c in range(h.p.conc[k]):
                kinds[n] = k
                n += 1
        t.n = 0
        _t_tiles(&t, kinds, NULL, n)
        return [_t_str(&t)]
    out = PyList_New(r.n_groups)
    memset(taken, 0, sizeof(taken))
    for g in range(r.n_groups):
        if r.shape == S_STANDARD and g < h.p.nmelds:
            text = _meld_text(h, g)
        else:
            red_here = 0
            for i in range(h.n_red):
                k = h.red[i]
                if not taken[i] and (r.tile[g] == k or (r.kind[g] == K_SEQ and r.tile[g] <= k <= r.tile[g] + 2)):
                    taken[i] = 1
                    red_here = 1
            text = RED_GROUP_STR[r.kind[g] * 34 + r.tile[g]] if red_here else GROUP_STR[r.kind[g] * 34 + r.tile[g]]
        Py_INCREF(text)
        PyList_SET_ITEM(out, g, text)
    return out


cdef int _limit(int han, int fu, int yakuman, int rules) noexcept:
    """value.value's limit, as LIMIT_STR's position (yakuman: -count)."""
    if yakuman:
        return -yakuman
    if han >= 13:
        return 5 if rules & R_KAZOE_YAKUMAN else 4
    if han >= 11:
        return 4
    if han >= 8:
        return 3
    if han >= 6:
        return 2
    if han >= 5:
        return 1
    return 1 if _basic(han, fu, 0, rules) == mangan else 0


cdef dict _payments(int *pay):
    cdef unsigned long long code = TAG_PAYMENTS
    cdef int n, hundreds
    cdef bint coded = True
    for n in range(4):  # each amount in hundreds (as value.settle pays), 14 bits
        hundreds = pay[n] // 100
        if pay[n] % 100 or not -8192 < hundreds < 8192:
            coded = False
            break
        code |= <unsigned long long>(hundreds + 8192) << (3 + 14 * n)
    if coded:
        found = _tpl_copy(code)
        if found is not None:
            return <dict>found
    cdef dict out = PyDict_Copy(T_PAYMENTS)
    for n in range(4):
        if pay[n]:
            _store(out, KEYS_PAYMENTS, n, pay[n])
    return _tpl_keep(code, out, (), 0) if coded else out


cdef dict _dora_counts(int dora_n, int aka_n, int ura_n):
    """details.dora: the counts of dora, red fives and ura dora."""
    cdef unsigned long long code = 0
    if 0 <= dora_n < 256 and 0 <= aka_n < 256 and 0 <= ura_n < 256:
        code = TAG_DORA | <unsigned long long>dora_n << 3 | <unsigned long long>aka_n << 11 | <unsigned long long>ura_n << 19
        found = _tpl_copy(code)
        if found is not None:
            return <dict>found
    cdef dict out = PyDict_Copy(T_DORA)
    _store(out, KEYS_DORA, 0, dora_n)
    _store(out, KEYS_DORA, 1, aka_n)
    _store(out, KEYS_DORA, 2, ura_n)
    return _tpl_keep(code, out, (), 0) if code else out


cdef dict _cost(int main, int additional):
    """details.cost: value.value's main and additional payments."""
    cdef unsigned long long code = 0
    if main % 100 == 0 and additional % 100 == 0 and 0 <= main < 100 * (1 << 24) and 0 <= additional < 100 * (1 << 24):
        code = TAG_COST | <unsigned long long>(main // 100) << 3 | <unsigned long long>(additional // 100) << 27
        found = _tpl_copy(code)
        if found is not None:
            return <dict>found
    cdef dict out = PyDict_Copy(T_COST)
    _store(out, KEYS_COST, 0, main)
    _store(out, KEYS_COST, 1, additional)
    return _tpl_keep(code, out, (), 0) if code else out


cdef dict _fu_item(PlainHand *h, Reading *r, int reason, int fu, int g):
    """A fu_items entry: its reason, its fu, the group behind it (fu.py)."""
    cdef unsigned long long code = 0
    cdef int text_code = 0  # 0: no group; 1 + a concealed group's GROUP_STR position; after those, a meld's code
    cdef int m_code
    if g >= 0:
        if r.shape == S_STANDARD and g < h.p.nmelds:
            m_code = _meld_code(h, g)
            text_code = -1 if m_code < 0 else 1 + 4 * 34 + m_code
        else:
            text_code = 1 + r.kind[g] * 34 + r.tile[g]
    if text_code >= 0 and 0 <= reason < 64 and 0 <= fu < 256:
        code = TAG_FU_ITEM | <unsigned long long>reason << 3 | <unsigned long long>fu << 9 | <unsigned long long>text_code << 17
        found = _tpl_copy(code)
        if found is not None:
            return <dict>found
    cdef dict part = PyDict_Copy(T_FU_ITEM)
    _store(part, KEYS_FU_ITEM, 0, FU_STR[reason])
    _store(part, KEYS_FU_ITEM, 1, fu)
    _store(part, KEYS_FU_ITEM, 2, _group_str(h, r, g) if g >= 0 else "")
    return _tpl_keep(code, part, (), 0) if code else part


cdef enum:
    SHAPE_NOT_WINNING = 0
    SHAPE_NO_YAKU = 1
    SHAPE_VALID = 2


cdef dict _details(int shape, bint dealer, object sticks, dict dora, int han, int fu, object fu_items, int limit,
                   object cost):
    """Riichi.score's details for a hand not winning, with no yaku, or valid (``shape``); ``limit``
    LIMIT_STR's position (a yakuman: minus its count). Its containers (the dora counts, the fu
    items, the cost) are this result's own."""
    cdef int overflow = 0
    cdef long n_sticks = PyLong_AsLongAndOverflow(sticks, &overflow)
    cdef unsigned long long code = 0
    cdef dict d
    cdef tuple keys
    if not overflow and 0 <= n_sticks < 128 and 0 <= han < 256 and 0 <= fu < 256 and -8 < limit < 8:
        code = (TAG_DETAILS | <unsigned long long>shape << 3 | <unsigned long long>dealer << 5
                | <unsigned long long>n_sticks << 6 | <unsigned long long>han << 13 | <unsigned long long>fu << 21
                | <unsigned long long>(limit + 8) << 29)
        found = _tpl_copy(code)
        if found is not None:
            d = <dict>found
            d[K_DORA] = dora
            if shape != SHAPE_NOT_WINNING:
                d[K_FU_ITEMS] = fu_items
            if shape == SHAPE_VALID:
                d[K_COST] = cost
            return d
    if shape == SHAPE_NOT_WINNING:
        d, keys = PyDict_Copy(T_DETAILS_NONE), KEYS_DETAILS_NONE
    elif shape == SHAPE_NO_YAKU:
        d, keys = PyDict_Copy(T_DETAILS_NO_YAKU), KEYS_DETAILS_NO_YAKU
    else:
        d, keys = PyDict_Copy(T_DETAILS_VALID), KEYS_DETAILS_VALID
    _store(d, keys, D_DEALER, dealer)
    _store(d, keys, D_DORA, dora)
    _store(d, keys, D_STICKS, 1000 * sticks)
    if shape != SHAPE_NOT_WINNING:
        _store(d, keys, D_HAN, han)
        _store(d, keys, D_FU, fu)
        _store(d, keys, D_FU_ITEMS, fu_items)
        _store(d, keys, D_LIMIT, YAKUMAN_STR[-limit] if limit < 0 else LIMIT_STR[limit])
    if shape == SHAPE_VALID:
        _store(d, keys, D_COST, cost)
    return _tpl_keep(code, d, (K_DORA, K_FU_ITEMS, K_COST), 1 + shape) if code else d


cdef object _full(object text, object context, object rules, int *why):
    cdef PlainHand h
    cdef Facts f
    cdef Search s
    cdef Scored* b
    cdef Reading* r
    cdef int n, k, t, m, i, seat, round_at, discarder_at, honba, basic, main, additional, total, limit, han
    cdef int dora_n, aka_n, ura_n, n_reds, seat_tile, round_tile, situation, rule_bits
    cdef int pay[4]
    cdef int seen[34]
    cdef int red_suits[3]
    cdef bint self_draw, riichi, double_riichi, ippatsu, last_wall, kong_win, first_turn, any_riichi, open_meld
    cdef bint dealer
    cdef dict part
    why[0] = 0
    if not FULL_ON:
        why[0] = WHY_OFF
        return None
    if type(text) is not str or not _read_text(<str>text, &h):
        why[0] = WHY_HAND
        return None
    # the context: each given field's value one it takes as it is, over the defaults (borrowed:
    # the defaults' table and the caller's dict hold them for this call)
    cdef PyObject* got[MAX_FIELDS]
    cdef unsigned long long given_bits = 0
    cdef int field_at
    cdef Py_ssize_t pos = 0
    cdef PyObject* key_p
    cdef PyObject* v_p
    if context is not None and type(context) is not dict:
        why[0] = WHY_CONTEXT
        return None
    for n in range(n_fields):
        got[n] = <PyObject*>DEFAULT_LIST[n]
    if context is not None:
        while PyDict_Next(context, &pos, &key_p, &v_p):
            field_at = _field_at(<object>key_p)
            if field_at < 0 or not _plain_value(field_at, <object>v_p):
                why[0] = WHY_CONTEXT
                return None
            got[field_at] = v_p
            given_bits |= 1ULL << field_at
    read = _rules(rules)
    if read is None:
        why[0] = WHY_RULES
        return None
    rule_bits, aka, echo = <tuple>read
    self_draw = got[X_SELF_DRAW] == Py_True_p
    given_discarder = <object>got[X_DISCARDER]
    riichi = got[X_RIICHI] == Py_True_p
    double_riichi = got[X_DOUBLE_RIICHI] == Py_True_p
    ippatsu = got[X_IPPATSU] == Py_True_p
    last_wall = got[X_LAST_WALL] == Py_True_p
    kong_win = got[X_KONG_WIN] == Py_True_p
    first_turn = got[X_FIRST_TURN] == Py_True_p
    honba = <object>got[X_HONBA]
    seat = _seat_at(<object>got[X_SEAT])
    round_at = _seat_at(<object>got[X_ROUND])
    if seat < 0 or round_at < 0:
        why[0] = WHY_CONTEXT
        return None
    seat_wind = SEATS_T[seat]
    dealer = seat == DEALER_AT
    seat_tile = SEAT_TILE_AT[seat]
    round_tile = SEAT_TILE_AT[round_at]
    # checks.check: the indicators read, and no contradiction of the context with the hand
    cdef Indicators dora_ind, ura_ind
    if not _indicators(<object>got[X_DORA], &dora_ind) or not _indicators(<object>got[X_URA], &ura_ind):
        why[0] = WHY_CONTRADICTION
        return None
    any_riichi = riichi or double_riichi
    open_meld = 0
    for m in range(h.p.nmelds):
        if h.p.mexp[m] != 2:
            open_meld = 1
    memcpy(seen, h.all_counts, sizeof(seen))
    for i in range(dora_ind.n):
        seen[dora_ind.kinds[i]] += 1
    for i in range(ura_ind.n):
        seen[ura_ind.kinds[i]] += 1
    memset(red_suits, 0, sizeof(red_suits))
    for i in range(h.n_red):
        red_suits[h.red[i] // 9] += 1
    n_reds = h.n_red
    for m in range(h.p.nmelds):
        red_suits[h.p.mtile[m] // 9] += h.meld_red[m]
        n_reds += h.meld_red[m]
    for i in range(dora_ind.n_red):
        red_suits[dora_ind.red[i] // 9] += 1
    for i in range(ura_ind.n_red):
        red_suits[ura_ind.red[i] // 9] += 1
    if (((riichi or double_riichi or ippatsu) and open_meld) or (ippatsu and not any_riichi)
            or (ura_ind.n and not any_riichi) or ura_ind.n > dora_ind.n
            or (not self_draw and given_discarder is not None and _seat_at(given_discarder) == seat)
            or (first_turn and (h.p.nmelds or any_riichi or (dealer and not self_draw)))
            or max(red_suits[0], red_suits[1], red_suits[2]) > 1):
        why[0] = WHY_CONTRADICTION
        return None
    cdef bint over = 0
    for k in range(34):
        over |= seen[k] > 4
    if over:
        why[0] = WHY_CONTRADICTION
        return None
    if kong_win:
        if self_draw:
            n = 0
            for m in range(h.p.nmelds):
                n += h.p.mkind[m] == 2
            if not n or last_wall:
                why[0] = WHY_CONTRADICTION
                return None
        elif (h.all_counts[h.p.win] > 1 or last_wall or _pointed_by(&dora_ind, h.p.win)
              or _pointed_by(&ura_ind, h.p.win)):
            why[0] = WHY_CONTRADICTION
            return None
    # the dora (riichi.dora_count)
    dora_n = 0
    for i in range(dora_ind.n):
        dora_n += h.all_counts[NEXT_TILE[dora_ind.kinds[i]]]
    ura_n = 0
    for i in range(ura_ind.n):
        ura_n += h.all_counts[NEXT_TILE[ura_ind.kinds[i]]]
    aka_n = n_reds if aka else 0
    discarder_at = _seat_at(given_discarder) if given_discarder is not None else PREVIOUS_AT[seat]
    if discarder_at < 0:
        why[0] = WHY_CONTEXT
        return None
    # the chosen reading (as best())
    memset(&f, 0, sizeof(Facts))
    for k in range(34):
        f.counts[k] = h.p.conc[k]
        f.kinds[k] = h.all_counts[k] > 0
        f.held |= (<Bits>(h.all_counts[k] > 0)) << k
        f.concealed |= (<Bits>(h.p.conc[k] > 0)) << k
    f.closed = not open_meld
    f.n_melds = h.p.nmelds
    for m in range(h.p.nmelds):
        f.meld_kind[m] = K_SEQ if h.p.mkind[m] == 0 else (K_TRIPLET if h.p.mkind[m] == 1 else K_KAN)
        f.meld_tile[m] = h.p.mtile[m]
        f.meld_concealed[m] = h.p.mexp[m] == 2
        f.kans += h.p.mkind[m] == 2
    _hand_kinds(&f)
    situation = (self_draw | riichi << 1 | double_riichi << 2 | ippatsu << 3 | last_wall << 4 | kong_win << 5
                 | first_turn << 6 | dealer << 7)
    f.win = h.p.win
    f.situation = situation
    f.rules = rule_bits
    f.seat_tile = seat_tile
    f.round_tile = round_tile
    f.dora[0] = dora_n
    f.dora[1] = aka_n
    f.dora[2] = ura_n
    s.facts = &f
    s.found = 0
    _search(&s)
    # the Result (Riichi.score): the context used (every field's value, the discarder's default
    # resolved; the fields left at their defaults), its dicts copied from their templates
    values = PyDict_Copy(CTX_DEFAULTS)
    cdef Bits walk = given_bits
    while walk:
        n = _ctz(walk)
        walk &= walk - 1
        if got[n] != <PyObject*>DEFAULT_LIST[n]:  # the default itself given: the copy holds it
            _store(values, KEYS_CTX, n, <object>got[n])
    _store(values, KEYS_CTX, X_DISCARDER, SEATS_T[discarder_at])
    walk = ~given_bits & ((<Bits>1 << n_fields) - 1)
    defaults = PyList_New(_popcount(walk))
    i = 0
    while walk:
        n = _ctz(walk)
        walk &= walk - 1
        name = FIELD_NAMES[n]
        Py_INCREF(name)
        PyList_SET_ITEM(defaults, i, name)
        i += 1
    cdef dict dora_dict = _dora_counts(dora_n, aka_n, ura_n)
    sticks = <object>got[X_STICKS]
    result = rj_alloc(RESULT_T)
    used = rj_alloc(CONTEXT_USED_T)
    rj_set(used, O_CONTEXT_USED[0], values)
    rj_set(used, O_CONTEXT_USED[1], defaults)
    rj_set(result, O_RESULT[0], S_VARIANT)
    rj_set(result, O_RESULT[1], _canonical(&h))
    rj_set(result, O_RESULT[9], PyDict_Copy(echo))
    rj_set(result, O_RESULT[10], S_VERSION)
    rj_set(result, O_RESULT[12], [])
    rj_set(result, O_RESULT[13], used)
    rj_set(result, O_RESULT[14], [])
    rj_set(result, O_RESULT[15], None)
    rj_set(result, O_RESULT[17], None)
    memset(pay, 0, sizeof(pay))
    if not s.found:
        rj_set(result, O_RESULT[2], False)
        rj_set(result, O_RESULT[3], S_NOT_WINNING)
        rj_set(result, O_RESULT[4], 0)
        rj_set(result, O_RESULT[5], [])
        rj_set(result, O_RESULT[6], [])
        rj_set(result, O_RESULT[7], [])
        rj_set(result, O_RESULT[8], _payments(pay))
        rj_set(result, O_RESULT[11], _details(SHAPE_NOT_WINNING, dealer, sticks, dora_dict, 0, 0, None, 0, None))
        rj_set(result, O_RESULT[16], None)
        return result
    b = &s.scored[s.best_at]
    r = &b.reading
    # the dora texts: the tiles the indicators point at, written only when held (none held: no dora
    # item), and the red fives
    dora_tiles = _held(h.all_counts, &dora_ind) if dora_n else ""
    ura_tiles = _held(h.all_counts, &ura_ind) if ura_n else ""
    red_tiles = ""
    if aka_n:
        reds = []
        for k in range(3):
            for i in range(h.n_red):
                if h.red[i] // 9 == k:
                    reds.append(RED_NAME[k])
            for m in range(h.p.nmelds):
                if h.p.mtile[m] // 9 == k and h.p.mtile[m] < 27:
                    for i in range(h.meld_red[m]):
                        reds.append(RED_NAME[k])
        red_tiles = " ".join(reds)
    items = []
    han = 0
    for n in range(b.n_kept):
        k = b.kept[n]
        if not b.has_yaku and not is_dora[k]:
            continue
        if is_dora[k]:
            tiles = dora_tiles if k == dora_items[0] else (red_tiles if k == dora_items[1] else ura_tiles)
        else:
            tiles = _item_tiles(k, &h, r, seat_tile, round_tile)
        items.append(_item(k, b.kept_points[n], b.kept_count[n], tiles))
        han += b.kept_points[n] * b.kept_count[n]
    fu_items = PyList_New(b.n_fu)
    for n in range(b.n_fu):
        part = _fu_item(&h, r, b.fu_reason[n], b.fu_value[n], b.fu_group[n])
        Py_INCREF(part)
        PyList_SET_ITEM(fu_items, n, part)
    partition = _partition(&h, r)
    rj_set(result, O_RESULT[5], items)
    rj_set(result, O_RESULT[7], partition)
    if not b.has_yaku:
        rj_set(result, O_RESULT[11], _details(SHAPE_NO_YAKU, dealer, sticks, dora_dict, han, b.fu, fu_items, 0, None))
        rj_set(result, O_RESULT[2], False)
        rj_set(result, O_RESULT[3], S_NO_YAKU)
        rj_set(result, O_RESULT[4], 0)
        rj_set(result, O_RESULT[6], [])
        rj_set(result, O_RESULT[8], _payments(pay))
        rj_set(result, O_RESULT[16], None)
        return result
    # value.value and value.settle
    basic = _basic(b.han, b.fu, b.yakuman, rule_bits)
    limit = _limit(b.han, b.fu, b.yakuman, rule_bits)
    if not self_draw:
        main = _up100(basic * (6 if dealer else 4))
        additional = 0
        total = main
        pay[discarder_at] -= main + 300 * honba
        pay[seat] += main + 300 * honba
    elif dealer:
        main = additional = _up100(2 * basic)
        total = 0
        for i in range(4):
            if i != seat:
                pay[i] -= main + 100 * honba
                pay[seat] += main + 100 * honba
                total += main
    else:
        main = _up100(2 * basic)
        additional = _up100(basic)
        total = 0
        for i in range(4):
            if i != seat:
                t = main if i == DEALER_AT else additional
                pay[i] -= t + 100 * honba
                pay[seat] += t + 100 * honba
                total += t
    rj_set(result, O_RESULT[11], _details(SHAPE_VALID, dealer, sticks, dora_dict, b.han, b.fu, fu_items, limit,
                                          _cost(main, additional)))
    rj_set(result, O_RESULT[2], True)
    rj_set(result, O_RESULT[3], None)
    rj_set(result, O_RESULT[4], total)
    excluded = PyList_New(b.n_excluded)
    for n in range(b.n_excluded):
        e = _exclusion(b.excluded[n], b.excluded_by[n], b.excluded_principle[n], b.excluded_count[n])
        Py_INCREF(e)
        PyList_SET_ITEM(excluded, n, e)
    rj_set(result, O_RESULT[6], excluded)
    rj_set(result, O_RESULT[8], _payments(pay))
    rj_set(result, O_RESULT[16], S_TIE_BREAK)
    return result


def full(text, context, rules):
    """The Result the checked path gives for a plain request, or None (the checked path answers)."""
    cdef int why
    return _full(text, context, rules, &why)


cdef object _full_entry(object text, object context, object rules):
    cdef int why
    return _full(text, context, rules, &why)


# ``full`` as a C function, which the compiled ``scorer.score`` calls with no Python call between
# (scorer/_dispatch.pyx)
full.c_entry = PyCapsule_New(<void*>_full_entry, "mjscore.full_entry", NULL)


def why_full_declines(text, context, rules):
    """Why ``full`` declines this request, as a code (0: it answers; compiled.DECLINE_REASONS)."""
    cdef int why
    _full(text, context, rules, &why)
    return why
