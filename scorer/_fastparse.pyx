# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
"""Fast path of ``scorer.notation.parse(text, STANDARD)``: a nogil C reader of the common subset.

``parse_standard(s, n, &out)`` reads the ASCII bytes ``s[0:n]`` and returns 1 only when the Python
parser (STANDARD rules, no dialect, no ``win_tile``, role winner) reads the same text without any
problem, with ``out`` describing exactly the ``Hand`` it returns. Anything else returns 0, and the
caller falls back to the Python parser, which reports the problems with their positions.

What is mirrored (see notation.py ``Scanner`` / ``Builder`` / ``parse``):

* at most ``MAX_LENGTH`` (200) characters; whitespace (the ASCII characters ``str.isspace`` accepts)
  ignored everywhere, even inside a digit run (``1 2 3m``) or around a ``,N`` digit;
* ``1-9`` runs closed by ``m p s`` or ``z`` (``1z..7z`` = E S W N P F C, Tenhou order); the honour
  letters ``E S W N C F P``; a digit run must end with its suit letter (not a letter, a bracket, a
  comma, or the end of the text);
* ``[..]`` chow / pung / kong, ``{..}`` and ``(..)`` four identical tiles only, no nesting, matching
  closer; tiles inside a bracket may be written in any order (the meld is sorted);
* ``,N`` only inside ``[..]`` / ``{..}`` right before the closer, N a single digit 1..3 (a concealed
  kong has no discarder);
* at most four copies of a kind across melds and concealed tiles;
* Python's tile count: 14 + one per kong, i.e. concealed tiles + 3 x melds == 14 (so 0..4 melds and
  at least two concealed tiles, the last one written being the winning tile).

Deliberately rejected (0) although Python may accept it: flowers (``1f``), non-ASCII text (e.g. a
full-width space).
"""

from cpython.unicode cimport PyUnicode_GET_LENGTH
from libc.string cimport memset

cdef extern from "Python.h":
    int PyUnicode_IS_ASCII(object o)
    void *PyUnicode_DATA(object o)

cdef extern from *:
    """
    /* any of the 34 kinds held more than four times, concealed and melded copies together (bytes) */
    #if defined(__SSE2__)
    #include <emmintrin.h>
    static inline int mj_fifth_copy(const unsigned char *a, const unsigned char *b) {
        __m128i four = _mm_set1_epi8(4);
        __m128i lo = _mm_adds_epu8(_mm_loadu_si128((const __m128i *)a), _mm_loadu_si128((const __m128i *)b));
        __m128i hi = _mm_adds_epu8(_mm_loadu_si128((const __m128i *)(a + 16)), _mm_loadu_si128((const __m128i *)(b + 16)));
        return _mm_movemask_epi8(_mm_or_si128(_mm_cmpgt_epi8(lo, four), _mm_cmpgt_epi8(hi, four)))
            || a[32] + b[32] > 4 || a[33] + b[33] > 4;
    }
    #else
    static inline int mj_fifth_copy(const unsigned char *a, const unsigned char *b) {
        int bad = 0;
        for (int k = 0; k < 34; k++) bad |= a[k] + b[k] > 4;
        return bad;
    }
    #endif
    """
    int mj_fifth_copy(const unsigned char *a, const unsigned char *b) noexcept nogil

__all__ = ["parse_fast", "tile_list_fast", "MAX_LENGTH"]

MAX_LENGTH = 200

cdef enum:
    MAXLEN = 200
    C_JUNK = 0     # anything that makes the fast path give up
    C_SPACE = 1
    C_DIGIT = 2    # value: rank 0..9
    C_SUIT = 3     # value: m p s base kind 0 / 9 / 18
    C_Z = 4
    C_HONOUR = 5   # value: kind 27..33
    C_OPEN = 6     # value: bracket id 1 [ , 2 { , 3 (
    C_CLOSE = 7    # value: bracket id
    C_COMMA = 8

cdef unsigned char CLS[256]
cdef unsigned char VAL[256]
cdef unsigned char ZKIND[8]


cdef void _init_tables() noexcept:
    cdef int c
    memset(CLS, C_JUNK, 256)
    memset(VAL, 0, 256)
    for c in b" \t\n\x0b\x0c\r\x1c\x1d\x1e\x1f":
        CLS[c] = C_SPACE
    for c in range(10):
        CLS[48 + c] = C_DIGIT
        VAL[48 + c] = c
    CLS[ord("m")] = C_SUIT
    VAL[ord("m")] = 0
    CLS[ord("p")] = C_SUIT
    VAL[ord("p")] = 9
    CLS[ord("s")] = C_SUIT
    VAL[ord("s")] = 18
    CLS[ord("z")] = C_Z
    for c, letter in enumerate("ESWNCFP"):
        CLS[ord(letter)] = C_HONOUR
        VAL[ord(letter)] = 27 + c
    for c, letter in enumerate("[{("):
        CLS[ord(letter)] = C_OPEN
        VAL[ord(letter)] = c + 1
    for c, letter in enumerate("]})"):
        CLS[ord(letter)] = C_CLOSE
        VAL[ord(letter)] = c + 1
    CLS[ord(",")] = C_COMMA
    # 1z E, 2z S, 3z W, 4z N, 5z P (white), 6z F (green), 7z C (red); 0 = not an honour
    ZKIND[0] = 0
    ZKIND[1] = 27
    ZKIND[2] = 28
    ZKIND[3] = 29
    ZKIND[4] = 30
    ZKIND[5] = 33
    ZKIND[6] = 32
    ZKIND[7] = 31


_init_tables()


cdef int parse_standard(const char *s, Py_ssize_t n, ParsedHand *out) noexcept nogil:
    cdef unsigned char inmelds[34]   # copies of each kind in the melds (the fifth copy is checked at the end)
    cdef unsigned char dig[MAXLEN]   # ranks of the pending digit run
    cdef int gt[4]                   # tiles of the open bracket group
    cdef int ndig = 0, group = 0, gn = 0, claim = 0, nm = 0, nt = 0
    cdef int k, r, a, b, t, base
    cdef Py_ssize_t i = 0, j
    cdef unsigned char c, cls

    if n <= 0 or n > MAXLEN:
        return 0
    # only the counts start at 0: every other field is set before it is read (win by the first
    # concealed tile, a meld's fields when it closes, nmelds and ntiles at the end)
    memset(out.conc, 0, sizeof(out.conc))
    memset(inmelds, 0, sizeof(inmelds))
    while i < n:
        c = <unsigned char>s[i]
        cls = CLS[c]
        if cls == C_DIGIT:
            # the whole run of digits (whitespace allowed between them) up to the next character
            while True:
                if VAL[c] == 0:
                    return 0             # rank 0 (an error once its suit letter comes, or no suit)
                dig[ndig] = VAL[c]
                ndig += 1
                i += 1
                if i == n:
                    return 0             # digits without a suit letter
                c = <unsigned char>s[i]
                cls = CLS[c]
                if cls == C_SPACE:       # rare: whitespace inside or after the run
                    while i < n and CLS[<unsigned char>s[i]] == C_SPACE:
                        i += 1
                    if i == n:
                        return 0
                    c = <unsigned char>s[i]
                    cls = CLS[c]
                if cls != C_DIGIT:
                    break
            if cls == C_SUIT:
                base = VAL[c] - 1
                if group:
                    if gn + ndig > 4:
                        return 0         # no meld holds five tiles
                    for j in range(ndig):
                        k = base + dig[j]
                        inmelds[k] += 1
                        gt[gn] = k
                        gn += 1
                else:
                    if nt + ndig > 14:
                        return 0         # the count check fails whatever follows
                    for j in range(ndig):
                        out.conc[base + dig[j]] += 1
                    out.win = base + dig[ndig - 1]
                    nt += ndig
            elif cls == C_Z:
                if group:
                    if gn + ndig > 4:
                        return 0
                else:
                    if nt + ndig > 14:
                        return 0
                for j in range(ndig):
                    r = dig[j]
                    if r > 7:
                        return 0         # 8z / 9z
                    k = ZKIND[r]
                    if group:
                        inmelds[k] += 1
                        gt[gn] = k
                        gn += 1
                    else:
                        out.conc[k] += 1
                        out.win = k
                nt += 0 if group else ndig
            else:
                return 0                 # a digit run must end with its suit letter
            ndig = 0
        elif cls == C_SPACE:
            pass
        elif cls == C_HONOUR:
            k = VAL[c]
            if group:
                if gn == 4:
                    return 0
                inmelds[k] += 1
                gt[gn] = k
                gn += 1
            else:
                if nt == 14:
                    return 0
                out.conc[k] += 1
                out.win = k
                nt += 1
        elif cls == C_OPEN:
            if group:
                return 0                 # nested bracket
            if nm < 4:
                out.mpos[nm] = <int>i    # ASCII only: the byte index is the character position
            group = VAL[c]
            gn = 0
            claim = 0
        elif cls == C_CLOSE:
            if VAL[c] != group or nm == 4:
                return 0
            # sort the (at most four) tiles
            for a in range(1, gn):
                t = gt[a]
                b = a - 1
                while b >= 0 and gt[b] > t:
                    gt[b + 1] = gt[b]
                    b -= 1
                gt[b + 1] = t
            if gn < 3:
                return 0
            base = gt[0]
            if gt[gn - 1] == base:
                if gn == 3:
                    if group != 1:
                        return 0         # {..} and (..) hold four identical tiles
                    out.mkind[nm] = 1
                else:
                    out.mkind[nm] = 2
            elif (gn == 3 and group == 1 and gt[2] < 27 and gt[1] == base + 1 and gt[2] == base + 2
                  and base // 9 == gt[2] // 9):
                out.mkind[nm] = 0
            else:
                return 0
            out.mtile[nm] = base
            out.mexp[nm] = group - 1
            out.moffer[nm] = claim
            nm += 1
            group = 0
        elif cls == C_COMMA:
            # ",N" then only whitespace and the closer; (..) takes no discarder
            if group == 0 or group == 3:
                return 0
            j = i + 1
            while j < n and CLS[<unsigned char>s[j]] == C_SPACE:
                j += 1
            if j >= n:
                return 0
            c = <unsigned char>s[j]
            if CLS[c] != C_DIGIT or VAL[c] < 1 or VAL[c] > 3:
                return 0
            claim = VAL[c]
            j += 1
            while j < n and CLS[<unsigned char>s[j]] == C_SPACE:
                j += 1
            if j >= n or CLS[<unsigned char>s[j]] != C_CLOSE:
                return 0
            i = j                        # the closer is read next
            continue
        else:
            return 0                     # a suit letter without digits, flowers, Q B H, <..>, unknown or non-ASCII characters
        i += 1
    if group or nt + 3 * nm != 14:
        return 0
    if mj_fifth_copy(out.conc, inmelds):
        return 0                         # a fifth copy
    out.nmelds = nm
    out.ntiles = nt
    return 1


cdef int read_tile_list(const char *s, Py_ssize_t n, bint red_fives, int max_tiles, int *kinds,
                        unsigned char *red) noexcept nogil:
    """A tile list (``scan(text, rules, problems, list_mode=True)``: an indicator field) of the
    ASCII bytes ``s[0:n]``, for rules that hold all 34 standard kinds: the number of tiles, each
    kind in ``kinds`` and whether it was written as a red five (``0m 0p 0s``, with ``red_fives``)
    in ``red``; or -1 when the Python reader must read it (any problem, which it reports with its
    position, a flower, or more than ``max_tiles`` tiles)."""
    cdef Py_ssize_t i, first = -1   # first: where the pending digit run starts
    cdef int nt = 0, rank, base, cls
    cdef unsigned char ch
    if n > MAXLEN:
        return -1
    for i in range(n):
        ch = <unsigned char>s[i]
        cls = CLS[ch]
        if cls == C_SPACE:
            continue
        if cls == C_DIGIT:
            if first < 0:
                first = i
            continue
        if cls == C_SUIT or cls == C_Z:
            if first < 0:
                return -1                # a suit letter without digits
            base = VAL[ch]
            while first < i:
                ch = <unsigned char>s[first]
                first += 1
                if CLS[ch] != C_DIGIT:
                    continue             # whitespace inside the run
                rank = VAL[ch]
                if nt == max_tiles:
                    return -1
                if cls == C_Z:
                    if rank == 0 or rank > 7:
                        return -1        # not an honour (1z..7z)
                    kinds[nt] = ZKIND[rank]
                    red[nt] = 0
                elif rank == 0:
                    if not red_fives:
                        return -1        # rank 0 does not exist
                    kinds[nt] = base + 4
                    red[nt] = 1
                else:
                    kinds[nt] = base + rank - 1
                    red[nt] = 0
                nt += 1
            first = -1
        elif cls == C_HONOUR and first < 0:
            if nt == max_tiles:
                return -1
            kinds[nt] = VAL[ch]
            red[nt] = 0
            nt += 1
        elif cls == C_COMMA and first < 0:
            continue                     # a separator
        else:
            return -1                    # digits without a suit, a bracket, anything else
    return -1 if first >= 0 else nt


def tile_list_fast(str text, bint red_fives, int max_tiles):
    """``read_tile_list`` of a text: ``((kind, red), ...)``, or None (the Python reader takes it)."""
    cdef int kinds[MAXLEN]
    cdef unsigned char red[MAXLEN]
    cdef int nt, i
    if not PyUnicode_IS_ASCII(text) or max_tiles > MAXLEN:
        return None
    nt = read_tile_list(<const char *>PyUnicode_DATA(text), PyUnicode_GET_LENGTH(text), red_fives, max_tiles,
                        kinds, red)
    return None if nt < 0 else tuple([(kinds[i], bool(red[i])) for i in range(nt)])


def parse_fast(str text):
    """``(conc_counts_34, win, ((mkind, mtile, mexp, moffer), ...))`` or None (use the Python parser)."""
    cdef ParsedHand h
    cdef bytes raw
    cdef int ok, m
    if len(text) > MAXLEN or not text.isascii():
        return None
    raw = text.encode("ascii")
    ok = parse_standard(raw, len(raw), &h)
    if not ok:
        return None
    conc = tuple([h.conc[m] for m in range(34)])
    melds = tuple([(h.mkind[m], h.mtile[m], h.mexp[m], h.moffer[m]) for m in range(h.nmelds)])
    return conc, h.win, melds


# ---- a whole Hand, for scorer.notation.parse's common case --------------------------------

_MELD_KINDS = None
_EXPOSURES = None


def parse_hand(str text):
    """The Hand ``scorer.notation.parse(text, STANDARD)`` reads (no dialect, no ``win_tile``, the
    winner's hand), built from the C reading; None when the Python parser must read it (anything
    unusual, and every error, which it reports with positions)."""
    global _MELD_KINDS, _EXPOSURES
    cdef ParsedHand h
    cdef int m, k, t
    if not PyUnicode_IS_ASCII(text) or PyUnicode_GET_LENGTH(text) > MAXLEN:
        return None
    if not parse_standard(<const char *>PyUnicode_DATA(text), PyUnicode_GET_LENGTH(text), &h):
        return None
    from scorer.hand import Exposure, Hand, Meld, MeldKind
    if _MELD_KINDS is None:
        _MELD_KINDS = (MeldKind.CHOW, MeldKind.PUNG, MeldKind.KONG)
        _EXPOSURES = (Exposure.EXPOSED, Exposure.ADDED, Exposure.CONCEALED)
    melds = []
    for m in range(h.nmelds):
        t = h.mtile[m]
        if h.mkind[m] == 0:
            tiles = (t, t + 1, t + 2)
        else:
            tiles = (t,) * (3 if h.mkind[m] == 1 else 4)
        melds.append(Meld(_MELD_KINDS[h.mkind[m]], tiles, _EXPOSURES[h.mexp[m]], h.moffer[m] or None,
                          position=h.mpos[m]))
    concealed = []
    for k in range(34):
        for t in range(h.conc[k]):
            concealed.append(k)
    return Hand(melds=tuple(melds), concealed=tuple(concealed), win_tile=h.win, flowers=())
