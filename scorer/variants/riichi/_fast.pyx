# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
"""C-level riichi scoring: the hot path of the variant's ``score`` on integer data.

``best(concealed, melds, win, situation, rules, dora)`` lists every reading of a hand as
``shapes.readings`` does, in its order (thirteen orphans, seven pairs, then four sets and a pair:
each pair, each split, each group the winning tile completes), scores each as
``evaluate.score_reading`` does (the yaku and yakuman of ``yaku.py``, the dora, the exclusions of the
item table, one yakuman under ``yakuman_stack`` false, the fu of ``fu.py``, the value of ``value.py``)
and keeps the first reading worth the most (``evaluate.choose``). It answers the chosen reading's
groups, wait, items, exclusions, han, fu and fu breakdown; ``compiled.py`` builds the Result from it.

Nothing about the items is written here: the table's order, han (closed, open, double yakuman),
exclusions and each id this code names come from ``configure`` (called by ``compiled.py`` with the
declarations of ``items.py``, ``yaku.py`` and ``shapes.py``); an id it needs and the table lacks
leaves the path declined. The pure-Python twin is ``evaluate.score_reading`` over
``shapes.readings``; ``MJSCORE_PURE=1`` selects it.
"""

from libc.string cimport memchr, memcpy, memmove, memset

cdef extern from *:
    """
    static inline int rj_ctz(unsigned long long m) { return __builtin_ctzll(m); }
    static inline int rj_popcount(unsigned long long m) { return __builtin_popcountll(m); }
    """
    int _ctz "rj_ctz"(unsigned long long m) noexcept nogil
    int _popcount "rj_popcount"(unsigned long long m) noexcept nogil

ctypedef unsigned long long Bits  # a set of item positions or of tile kinds, one bit each (both below 64)

cdef enum:
    MAX_ITEMS = 64
    MAX_BY = 32
    # group kinds and waits: the positions in compiled.GROUP_KINDS and compiled.WAITS
    K_SEQ = 0
    K_TRIPLET = 1
    K_KAN = 2
    K_PAIR = 3
    W_RYANMEN = 0
    W_KANCHAN = 1
    W_PENCHAN = 2
    W_SHANPON = 3
    W_TANKI = 4
    W_THIRTEEN = 5
    # shapes: the positions in compiled.SHAPES
    S_STANDARD = 0
    S_CHIITOITSU = 1
    S_KOKUSHI = 2
    # the situation bits (compiled.SITUATION) and rule bits (compiled.RULES)
    B_SELF_DRAW = 1
    B_RIICHI = 2
    B_DOUBLE_RIICHI = 4
    B_IPPATSU = 8
    B_LAST_WALL = 16
    B_KONG_WIN = 32
    B_FIRST_TURN = 64
    B_DEALER = 128
    R_OPEN_TANYAO = 1
    R_DOUBLE_YAKUMAN = 2
    R_YAKUMAN_STACK = 4
    R_KAZOE_YAKUMAN = 8
    R_KIRIAGE = 16
    R_RENHOU_MANGAN = 32
    R_RENHOU_YAKUMAN = 64
    MAX_FU = 12


# --- the item table, from configure ---------------------------------------------------------------
cdef int n_items = 0
cdef int han_closed[MAX_ITEMS]
cdef int han_open[MAX_ITEMS]
cdef bint is_yakuman[MAX_ITEMS]
cdef bint is_double[MAX_ITEMS]
cdef bint is_dora[MAX_ITEMS]
cdef int n_by[MAX_ITEMS]
cdef int by_item[MAX_ITEMS][MAX_BY]
cdef int by_principle[MAX_ITEMS][MAX_BY]
cdef int one_yakuman_principle = 0
cdef int max_yakuman = 6
cdef bint green[34]
cdef int nine_gates[9]
cdef int mangan = 0, haneman = 0, baiman = 0, sanbaiman = 0, yakuman_basic = 0
cdef int kiriage_han[4]
cdef int kiriage_fu[4]
cdef int n_kiriage = 0
cdef int dora_items[3]
# the same as sets (bit n: item n): the yakuman, the dora, the items with excluders and each one's
# excluders; a set of kinds: the terminals and honours, the terminals, the green kinds
cdef Bits YAKUMAN_SET = 0, DORA_SET = 0, EXCLUDED_SET = 0
cdef Bits EXCLUDERS[MAX_ITEMS]
cdef Bits TH_KINDS = 0, TERMINAL_KINDS = 0, GREEN_KINDS = 0
cdef enum:
    SUIT_KINDS = (1 << 9) - 1  # the kinds of the first suit (shifted by 9 and 18: the others)

# the ids this code names, each looked up in the table by configure
NAMED = ("double_riichi", "riichi", "ippatsu", "menzen_tsumo", "pinfu", "tanyao", "ryanpeikou", "iipeikou",
         "yakuhai_haku", "yakuhai_hatsu", "yakuhai_chun", "seat_wind", "round_wind", "haitei", "houtei",
         "rinshan", "chankan", "chiitoitsu", "junchan", "chanta", "ittsu", "sanshoku", "sanshoku_doukou",
         "toitoi", "sanankou", "sankantsu", "shousangen", "honroutou", "chinitsu", "honitsu", "renhou",
         "kokushi", "kokushi_13", "suuankou", "suuankou_tanki", "daisangen", "shousuushii", "daisuushii",
         "tsuuiisou", "ryuuiisou", "chinroutou", "chuuren", "junsei_chuuren", "suukantsu", "tenhou", "chiihou",
         "renhou_yakuman", "dora", "aka_dora", "ura_dora")
cdef int I_DOUBLE_RIICHI, I_RIICHI, I_IPPATSU, I_MENZEN_TSUMO, I_PINFU, I_TANYAO, I_RYANPEIKOU, I_IIPEIKOU
cdef int I_HAKU, I_HATSU, I_CHUN, I_SEAT_WIND, I_ROUND_WIND, I_HAITEI, I_HOUTEI, I_RINSHAN, I_CHANKAN
cdef int I_CHIITOITSU, I_JUNCHAN, I_CHANTA, I_ITTSU, I_SANSHOKU, I_SANSHOKU_DOUKOU, I_TOITOI, I_SANANKOU
cdef int I_SANKANTSU, I_SHOUSANGEN, I_HONROUTOU, I_CHINITSU, I_HONITSU, I_RENHOU
cdef int I_KOKUSHI, I_KOKUSHI_13, I_SUUANKOU, I_SUUANKOU_TANKI, I_DAISANGEN, I_SHOUSUUSHII, I_DAISUUSHII
cdef int I_TSUUIISOU, I_RYUUIISOU, I_CHINROUTOU, I_CHUUREN, I_JUNSEI_CHUUREN, I_SUUKANTSU, I_TENHOU
cdef int I_CHIIHOU, I_RENHOU_YAKUMAN

cdef int HAKU = 0, HATSU = 0, CHUN = 0  # the dragons, from yaku.py
cdef int ORPHAN_KINDS[13]  # shapes.ORPHANS

# the fu reasons, in the order fu.py names them
FU_REASONS = ("base", "closed_ron", "tsumo", "chiitoitsu", "valued_pair", "double_valued_pair", "kanchan",
              "penchan", "pair_wait", "open_pinfu", "closed_pon", "closed_terminal_pon", "closed_kan",
              "closed_terminal_kan", "open_pon", "open_terminal_pon", "open_kan", "open_terminal_kan")
cdef enum:
    F_BASE = 0
    F_CLOSED_RON = 1
    F_TSUMO = 2
    F_CHIITOITSU = 3
    F_VALUED_PAIR = 4
    F_DOUBLE_VALUED_PAIR = 5
    F_KANCHAN = 6
    F_PENCHAN = 7
    F_PAIR_WAIT = 8
    F_OPEN_PINFU = 9
    F_TRIPLET = 10  # + 4 × open + 2 × kan + terminal

DECLINED = "not configured"


def configure(list ids, list closed_han, list open_han, list yakuman, list double, list dora, list excluded_by,
              int one_yakuman, int most_yakuman, green_kinds, nine, limits, kiriage, dragons, orphans):
    """The item table and the rule constants, from the Python declarations (``compiled.py``).
    ``excluded_by[n]``: the (excluder position, principle code) pairs of item n, in the table's order."""
    global n_items, one_yakuman_principle, max_yakuman, mangan, haneman, baiman, sanbaiman, yakuman_basic
    global n_kiriage, DECLINED, HAKU, HATSU, CHUN
    global YAKUMAN_SET, DORA_SET, EXCLUDED_SET, TH_KINDS, TERMINAL_KINDS, GREEN_KINDS
    if (len(ids) > MAX_ITEMS or any(len(b) > MAX_BY for b in excluded_by) or len(kiriage) > 4
            or len(orphans) != 13 or len(dragons) != 3):
        DECLINED = "the item table is larger than the compiled path holds"
        return
    missing = [i for i in NAMED if i not in ids]
    if missing:
        DECLINED = f"the item table lacks ids the compiled path names: {', '.join(missing)}"
        return
    n_items = len(ids)
    YAKUMAN_SET = DORA_SET = EXCLUDED_SET = 0
    for n in range(n_items):
        han_closed[n] = closed_han[n]
        han_open[n] = open_han[n]
        is_yakuman[n] = yakuman[n]
        is_double[n] = double[n]
        is_dora[n] = dora[n]
        YAKUMAN_SET |= (<Bits>1 << n) if yakuman[n] else 0
        DORA_SET |= (<Bits>1 << n) if dora[n] else 0
        n_by[n] = len(excluded_by[n])
        EXCLUDERS[n] = 0
        for k, (by, principle) in enumerate(excluded_by[n]):
            by_item[n][k] = by
            by_principle[n][k] = principle
            EXCLUDERS[n] |= <Bits>1 << by
        EXCLUDED_SET |= (<Bits>1 << n) if n_by[n] else 0
    one_yakuman_principle = one_yakuman
    max_yakuman = most_yakuman
    TH_KINDS = TERMINAL_KINDS = GREEN_KINDS = 0
    for k in range(34):
        green[k] = k in green_kinds
        GREEN_KINDS |= (<Bits>1 << k) if green[k] else 0
        TH_KINDS |= (<Bits>1 << k) if _th(k) else 0
        TERMINAL_KINDS |= (<Bits>1 << k) if k < 27 and k % 9 in (0, 8) else 0
    for k in range(9):
        nine_gates[k] = nine[k]
    mangan, haneman, baiman, sanbaiman, yakuman_basic = limits
    n_kiriage = len(kiriage)
    for k, (h, f) in enumerate(kiriage):
        kiriage_han[k] = h
        kiriage_fu[k] = f
    HAKU, HATSU, CHUN = dragons
    for k in range(13):
        ORPHAN_KINDS[k] = orphans[k]
    _name_ids(ids)
    _fill_han_of()
    for n in range(MAX_ITEMS):
        ONES[n] = 1
    DECLINED = None


cdef void _name_ids(list ids):
    global I_DOUBLE_RIICHI, I_RIICHI, I_IPPATSU, I_MENZEN_TSUMO, I_PINFU, I_TANYAO, I_RYANPEIKOU, I_IIPEIKOU
    global I_HAKU, I_HATSU, I_CHUN, I_SEAT_WIND, I_ROUND_WIND, I_HAITEI, I_HOUTEI, I_RINSHAN, I_CHANKAN
    global I_CHIITOITSU, I_JUNCHAN, I_CHANTA, I_ITTSU, I_SANSHOKU, I_SANSHOKU_DOUKOU, I_TOITOI, I_SANANKOU
    global I_SANKANTSU, I_SHOUSANGEN, I_HONROUTOU, I_CHINITSU, I_HONITSU, I_RENHOU
    global I_KOKUSHI, I_KOKUSHI_13, I_SUUANKOU, I_SUUANKOU_TANKI, I_DAISANGEN, I_SHOUSUUSHII, I_DAISUUSHII
    global I_TSUUIISOU, I_RYUUIISOU, I_CHINROUTOU, I_CHUUREN, I_JUNSEI_CHUUREN, I_SUUKANTSU, I_TENHOU
    global I_CHIIHOU, I_RENHOU_YAKUMAN
    (I_DOUBLE_RIICHI, I_RIICHI, I_IPPATSU, I_MENZEN_TSUMO, I_PINFU, I_TANYAO, I_RYANPEIKOU, I_IIPEIKOU,
     I_HAKU, I_HATSU, I_CHUN, I_SEAT_WIND, I_ROUND_WIND, I_HAITEI, I_HOUTEI, I_RINSHAN, I_CHANKAN,
     I_CHIITOITSU, I_JUNCHAN, I_CHANTA, I_ITTSU, I_SANSHOKU, I_SANSHOKU_DOUKOU, I_TOITOI, I_SANANKOU,
     I_SANKANTSU, I_SHOUSANGEN, I_HONROUTOU, I_CHINITSU, I_HONITSU, I_RENHOU,
     I_KOKUSHI, I_KOKUSHI_13, I_SUUANKOU, I_SUUANKOU_TANKI, I_DAISANGEN, I_SHOUSUUSHII, I_DAISUUSHII,
     I_TSUUIISOU, I_RYUUIISOU, I_CHINROUTOU, I_CHUUREN, I_JUNSEI_CHUUREN, I_SUUKANTSU, I_TENHOU,
     I_CHIIHOU, I_RENHOU_YAKUMAN, dora_items[0], dora_items[1], dora_items[2]) = [ids.index(i) for i in NAMED]


# --- a hand and a reading --------------------------------------------------------------------------
cdef struct Facts:
    int counts[34]     # concealed
    bint kinds[34]     # every kind held, melds included
    Bits held          # the same as a set
    Bits concealed     # the kinds with a concealed count
    bint closed
    int kans
    int win
    int n_suits
    int the_suit
    bint honours
    # of every kind held (_hand_kinds): none a terminal or honour; each one; each an honour; each
    # green; each a terminal
    bint simples
    bint all_th
    bint all_honours
    bint all_green
    bint all_terminals
    int n_melds
    int meld_kind[4]
    int meld_tile[4]
    bint meld_concealed[4]
    int situation
    int rules
    int seat_tile
    int round_tile
    int dora[3]


cdef struct Reading:
    int shape
    int n_groups            # every group, the melds first (standard: 4 sets then the pair)
    int kind[7]
    int tile[7]
    bint concealed[7]
    int wait


cdef struct Scored:
    Reading reading
    int n_kept
    int kept[MAX_ITEMS]
    int kept_points[MAX_ITEMS]
    int kept_count[MAX_ITEMS]
    int n_excluded
    int excluded[MAX_ITEMS]
    int excluded_by[MAX_ITEMS]
    int excluded_principle[MAX_ITEMS]
    int excluded_count[MAX_ITEMS]
    int han
    int fu
    int n_fu
    int fu_reason[MAX_FU]
    int fu_value[MAX_FU]
    int fu_group[MAX_FU]
    int yakuman
    bint has_yaku
    int total


cdef inline bint _th(int k) noexcept:
    return k >= 27 or k % 9 == 0 or k % 9 == 8


cdef inline bint _is_triplet(int kind) noexcept:
    return kind == K_TRIPLET or kind == K_KAN


cdef inline bint _dragon(int k) noexcept:
    return k == HAKU or k == HATSU or k == CHUN


cdef inline bint _wind(int k) noexcept:
    return 27 <= k <= 30


cdef inline bint _renhou(Facts* f) noexcept:
    return (f.situation & B_FIRST_TURN) and not (f.situation & B_SELF_DRAW) and not (f.situation & B_DEALER)


cdef int HAN_OF[2][2][MAX_ITEMS]  # _han_of by (closed, double yakuman rule), filled at configure
cdef Bits WORTH[2][2]              # the items worth han there, and the dora (worth their count)
cdef int ONES[MAX_ITEMS]


cdef int _han_of(int item, Facts* f) noexcept:
    if is_double[item]:
        return 26 if f.rules & R_DOUBLE_YAKUMAN else 13
    if f.closed or is_yakuman[item]:
        return han_closed[item]
    return han_open[item]


cdef void _fill_han_of() noexcept:
    cdef Facts f
    cdef int closed, double_rule, n
    for closed in range(2):
        for double_rule in range(2):
            f.closed = closed
            f.rules = R_DOUBLE_YAKUMAN if double_rule else 0
            WORTH[closed][double_rule] = DORA_SET
            for n in range(n_items):
                HAN_OF[closed][double_rule][n] = _han_of(n, &f)
                if HAN_OF[closed][double_rule][n]:
                    WORTH[closed][double_rule] |= <Bits>1 << n


# --- the yaku (yaku.py) --------------------------------------------------------------------------
cdef void _situation(Facts* f, Bits* found) noexcept:
    cdef int s = f.situation
    if s & B_DOUBLE_RIICHI:
        found[0] |= <Bits>1 << I_DOUBLE_RIICHI
        found[0] |= <Bits>1 << I_RIICHI
    elif s & B_RIICHI:
        found[0] |= <Bits>1 << I_RIICHI
    if s & B_IPPATSU:
        found[0] |= <Bits>1 << I_IPPATSU
    if (s & B_SELF_DRAW) and f.closed:
        found[0] |= <Bits>1 << I_MENZEN_TSUMO
    if s & B_LAST_WALL:
        found[0] |= <Bits>1 << (I_HAITEI if s & B_SELF_DRAW else I_HOUTEI)
    if s & B_KONG_WIN:
        found[0] |= <Bits>1 << (I_RINSHAN if s & B_SELF_DRAW else I_CHANKAN)
    if _renhou(f) and f.rules & R_RENHOU_MANGAN:
        found[0] |= <Bits>1 << I_RENHOU


cdef void _hand_kinds(Facts* f) noexcept:
    """What the kinds held say, read once a hand: the suits, honours, and the colours of the yaku
    and yakuman that look at every tile (as sets of kinds: no branch on the tiles)."""
    cdef int suit
    cdef Bits held = f.held
    f.n_suits = 0
    for suit in range(3):
        if (held >> (9 * suit)) & SUIT_KINDS:
            f.n_suits += 1
            f.the_suit = suit
    f.honours = (held >> 27) != 0
    f.all_honours = (held & ((<Bits>1 << 27) - 1)) == 0
    f.simples = (held & TH_KINDS) == 0
    f.all_th = (held & ~TH_KINDS) == 0
    f.all_green = (held & ~GREEN_KINDS) == 0
    f.all_terminals = (held & ~TERMINAL_KINDS) == 0


cdef void _colours(Facts* f, Bits* found) noexcept:
    if f.simples and (f.closed or f.rules & R_OPEN_TANYAO):
        found[0] |= <Bits>1 << I_TANYAO
    if f.n_suits == 1:
        found[0] |= <Bits>1 << (I_HONITSU if f.honours else I_CHINITSU)
    if f.all_th:
        found[0] |= <Bits>1 << I_HONROUTOU


cdef int _concealed_triplets(Reading* r) noexcept:
    cdef int n = 0, g
    for g in range(4):
        if _is_triplet(r.kind[g]) and r.concealed[g]:
            n += 1
    return n


cdef void _sets_yaku(Reading* r, Facts* f, Bits* found) noexcept:
    """The yaku of four sets and a pair; the sets as sets of kinds (a sequence by its lowest)."""
    cdef Bits seqs = 0, odd = 0, trips = 0, bit
    cdef int n_seqs = 0, n_trips = 0, g, t, doubles = 0, dragons = 0, s
    cdef int pair = r.tile[4]
    cdef bint all_outside = 1, outside
    for g in range(4):
        t = r.tile[g]
        bit = <Bits>1 << t
        if r.kind[g] == K_SEQ:
            doubles += (odd & bit) != 0  # the sum of each sequence's count // 2
            odd ^= bit
            seqs |= bit
            n_seqs += 1
        else:
            trips |= bit
            n_trips += 1
            dragons += _dragon(t)
    if (f.closed and n_seqs == 4 and r.wait == W_RYANMEN and not _dragon(pair)
            and pair != f.seat_tile and pair != f.round_tile):
        found[0] |= <Bits>1 << I_PINFU
    if f.closed:
        if doubles >= 2:
            found[0] |= <Bits>1 << I_RYANPEIKOU
        if doubles:
            found[0] |= <Bits>1 << I_IIPEIKOU
    if (trips >> HAKU) & 1:
        found[0] |= <Bits>1 << I_HAKU
    if (trips >> HATSU) & 1:
        found[0] |= <Bits>1 << I_HATSU
    if (trips >> CHUN) & 1:
        found[0] |= <Bits>1 << I_CHUN
    if (trips >> f.seat_tile) & 1:
        found[0] |= <Bits>1 << I_SEAT_WIND
    if (trips >> f.round_tile) & 1:
        found[0] |= <Bits>1 << I_ROUND_WIND
    if n_seqs:
        for g in range(5):
            t = r.tile[g]
            outside = _th(t) or (r.kind[g] == K_SEQ and _th(t + 2))
            if not outside:
                all_outside = 0
                break
        if all_outside:
            found[0] |= <Bits>1 << I_CHANTA
            if not f.honours:
                found[0] |= <Bits>1 << I_JUNCHAN
    for s in range(3):  # 1-2-3, 4-5-6 and 7-8-9 of one suit
        if (seqs >> (9 * s)) & 0x49 == 0x49:
            found[0] |= <Bits>1 << I_ITTSU
    if seqs & (seqs >> 9) & (seqs >> 18) & 0x7F:  # one sequence in each suit
        found[0] |= <Bits>1 << I_SANSHOKU
    if trips & (trips >> 9) & (trips >> 18) & 0x1FF:  # one triplet in each suit
        found[0] |= <Bits>1 << I_SANSHOKU_DOUKOU
    if n_trips == 4:
        found[0] |= <Bits>1 << I_TOITOI
    if _concealed_triplets(r) == 3:
        found[0] |= <Bits>1 << I_SANANKOU
    if f.kans == 3:
        found[0] |= <Bits>1 << I_SANKANTSU
    if dragons == 2 and _dragon(pair):
        found[0] |= <Bits>1 << I_SHOUSANGEN


cdef void _yakuman(Reading* r, Facts* f, Bits* found) noexcept:
    """The yakuman of the reading's groups (the hand's own are ``_hand_yakuman``'s)."""
    cdef int g, k, winds = 0, dragons = 0, suit
    cdef bint gates = 1, junsei = 1
    cdef int held
    if r.shape == S_KOKUSHI:
        found[0] |= <Bits>1 << (I_KOKUSHI_13 if r.wait == W_THIRTEEN else I_KOKUSHI)
    if r.shape == S_STANDARD:
        if _concealed_triplets(r) == 4:
            found[0] |= <Bits>1 << (I_SUUANKOU_TANKI if r.wait == W_TANKI else I_SUUANKOU)
        for g in range(4):
            if _is_triplet(r.kind[g]):
                if _dragon(r.tile[g]):
                    dragons += 1
                elif _wind(r.tile[g]):
                    winds += 1
        if dragons == 3:
            found[0] |= <Bits>1 << I_DAISANGEN
        if winds == 3 and _wind(r.tile[4]):
            found[0] |= <Bits>1 << I_SHOUSUUSHII
        if winds == 4:
            found[0] |= <Bits>1 << I_DAISUUSHII
    if r.shape == S_STANDARD and f.closed and not f.kans and f.n_suits == 1 and not f.honours:
        suit = f.the_suit * 9
        for k in range(9):
            held = f.counts[suit + k]
            if held < nine_gates[k]:
                gates = 0
            if held - (1 if suit + k == f.win else 0) != nine_gates[k]:
                junsei = 0
        if gates:
            found[0] |= <Bits>1 << (I_JUNSEI_CHUUREN if junsei else I_CHUUREN)


cdef void _hand_yakuman(Facts* f, Bits* found) noexcept:
    """The yakuman of the hand's tiles and situation, whatever its reading."""
    if f.all_honours:
        found[0] |= <Bits>1 << I_TSUUIISOU
    if f.all_green:
        found[0] |= <Bits>1 << I_RYUUIISOU
    if f.all_terminals:
        found[0] |= <Bits>1 << I_CHINROUTOU
    if f.kans == 4:
        found[0] |= <Bits>1 << I_SUUKANTSU
    if (f.situation & B_FIRST_TURN) and (f.situation & B_SELF_DRAW):
        found[0] |= <Bits>1 << (I_TENHOU if f.situation & B_DEALER else I_CHIIHOU)
    if _renhou(f) and f.rules & R_RENHOU_YAKUMAN:
        found[0] |= <Bits>1 << I_RENHOU_YAKUMAN


# --- the fu (fu.py) ------------------------------------------------------------------------------
cdef inline void _fu_add(Scored* out, int reason, int value, int group) noexcept:
    out.fu_reason[out.n_fu] = reason
    out.fu_value[out.n_fu] = value
    out.fu_group[out.n_fu] = group
    out.n_fu += 1


cdef void _fu(Reading* r, Facts* f, bint pinfu, Scored* out) noexcept:
    cdef bint self_draw = f.situation & B_SELF_DRAW
    cdef int g, t, fu, raw, winds, pair
    cdef bint th
    out.n_fu = 0
    if r.shape == S_KOKUSHI:
        out.fu = 0
        return
    if r.shape == S_CHIITOITSU:
        _fu_add(out, F_CHIITOITSU, 25, -1)
        out.fu = 25
        return
    _fu_add(out, F_BASE, 20, -1)
    if pinfu and self_draw:
        out.fu = 20
        return
    if f.closed and not self_draw:
        _fu_add(out, F_CLOSED_RON, 10, -1)
    if self_draw:
        _fu_add(out, F_TSUMO, 2, -1)
    for g in range(4):
        if not _is_triplet(r.kind[g]):
            continue
        th = _th(r.tile[g])
        fu = 2 * (2 if th else 1) * (2 if r.concealed[g] else 1) * (4 if r.kind[g] == K_KAN else 1)
        _fu_add(out, F_TRIPLET + 4 * (not r.concealed[g]) + 2 * (r.kind[g] == K_KAN) + th, fu, g)
    pair = r.tile[4]
    winds = (pair == f.seat_tile) + (pair == f.round_tile)
    if _dragon(pair) or winds == 1:
        _fu_add(out, F_VALUED_PAIR, 2, 4)
    elif winds == 2:
        _fu_add(out, F_DOUBLE_VALUED_PAIR, 4, 4)
    if r.wait == W_KANCHAN:
        _fu_add(out, F_KANCHAN, 2, -1)
    elif r.wait == W_PENCHAN:
        _fu_add(out, F_PENCHAN, 2, -1)
    elif r.wait == W_TANKI:
        _fu_add(out, F_PAIR_WAIT, 2, -1)
    raw = 0
    for g in range(out.n_fu):
        raw += out.fu_value[g]
    if not f.closed and raw == 20:
        _fu_add(out, F_OPEN_PINFU, 10, -1)
        raw = 30
    out.fu = (raw + 9) // 10 * 10


# --- one reading scored (evaluate.py) and its value (value.py) --------------------------------------
cdef int _basic(int han, int fu, int yakuman, int rules) noexcept:
    cdef int basic, k
    if yakuman:
        return yakuman_basic * yakuman
    if han >= 13:
        return yakuman_basic if rules & R_KAZOE_YAKUMAN else sanbaiman
    if han >= 11:
        return sanbaiman
    if han >= 8:
        return baiman
    if han >= 6:
        return haneman
    if han >= 5:
        return mangan
    basic = fu << (han + 2)
    if basic >= mangan:
        return mangan
    if rules & R_KIRIAGE:
        for k in range(n_kiriage):
            if han == kiriage_han[k] and fu == kiriage_fu[k]:
                return mangan
    return basic


cdef inline int _up100(int points) noexcept:
    return (points + 99) // 100 * 100


cdef int _total(int basic, Facts* f) noexcept:
    if not (f.situation & B_SELF_DRAW):
        return _up100(basic * (6 if f.situation & B_DEALER else 4))
    if f.situation & B_DEALER:
        return 3 * _up100(2 * basic)
    return _up100(2 * basic) + 2 * _up100(basic)


# what a hand's readings share: the items its tiles and situation give (the dora among them, by
# count), and each item's han for this hand (_han_of; a dora 1 a copy)
cdef struct HandItems:
    Bits found           # the items found (bit n: item n)
    Bits worth           # the items that count when found (WORTH)
    int points[MAX_ITEMS]
    int count[MAX_ITEMS]


cdef void _hand_items(Facts* f, HandItems* out) noexcept:
    cdef int n, k
    out.found = 0
    _hand_yakuman(f, &out.found)
    _situation(f, &out.found)
    _colours(f, &out.found)
    # (an item found worth no han is dropped by _score)
    memcpy(out.points, HAN_OF[1 if f.closed else 0][1 if f.rules & R_DOUBLE_YAKUMAN else 0], sizeof(out.points))
    out.worth = WORTH[1 if f.closed else 0][1 if f.rules & R_DOUBLE_YAKUMAN else 0]
    memcpy(out.count, ONES, sizeof(out.count))
    for k in range(3):
        n = dora_items[k]
        if f.dora[k]:
            out.found |= <Bits>1 << n
            out.points[n] = 1
            out.count[n] = f.dora[k]


cdef void _score(Reading* r, Facts* f, HandItems* hand, Scored* out) noexcept:
    """evaluate.score_reading: the hand's items and the reading's, the exclusions in table order,
    one yakuman under ``yakuman_stack`` false, the fu and the value. The items found are a set
    (bit n: item n), walked in table order: no branch on each row of the table."""
    cdef Bits found = hand.found
    cdef int* points = hand.points
    cdef int* count = hand.count
    cdef int n, k, by, best = -1, yakuman_han, han, best_points, j
    cdef Bits ids = 0, standing, walk, others
    cdef bint pinfu
    _yakuman(r, f, &found)
    if r.shape == S_CHIITOITSU:
        found |= <Bits>1 << I_CHIITOITSU
    elif r.shape == S_STANDARD:
        _sets_yaku(r, f, &found)
    pinfu = (found >> I_PINFU) & 1
    ids = found & hand.worth  # found, and worth han (a dora: its count)
    standing = ids
    # the exclusions (scorer.exclusions.apply_exclusions): in table order, an item is dropped by the
    # first of its excluders still standing
    out.n_excluded = 0
    walk = ids & EXCLUDED_SET
    while walk:
        n = _ctz(walk)
        walk &= walk - 1
        if not (standing & EXCLUDERS[n]):
            continue
        for k in range(n_by[n]):
            by = by_item[n][k]
            if (standing >> by) & 1:
                standing &= ~(<Bits>1 << n)
                out.excluded[out.n_excluded] = n
                out.excluded_by[out.n_excluded] = by
                out.excluded_principle[out.n_excluded] = by_principle[n][k]
                out.excluded_count[out.n_excluded] = count[n]
                out.n_excluded += 1
                break
    best_points = -1
    if not (f.rules & R_YAKUMAN_STACK) and standing & YAKUMAN_SET:
        # one yakuman: the highest valued (the first in the table on a tie), paid as one
        walk = standing & YAKUMAN_SET
        while walk:
            n = _ctz(walk)
            walk &= walk - 1
            if best < 0 or points[n] > points[best]:
                best = n
        others = standing & YAKUMAN_SET & ~(<Bits>1 << best)
        if others:
            memmove_excluded(out, _popcount(others))
            standing &= ~others
            k = 0
            while others:
                n = _ctz(others)
                others &= others - 1
                out.excluded[k] = n
                out.excluded_by[k] = best
                out.excluded_principle[k] = one_yakuman_principle
                out.excluded_count[k] = 1
                k += 1
        best_points = 13
    out.n_kept = 0
    yakuman_han = 0
    han = 0
    out.has_yaku = (standing & ~DORA_SET) != 0
    walk = standing
    while walk:
        n = _ctz(walk)
        walk &= walk - 1
        j = best_points if n == best else points[n]
        out.kept[out.n_kept] = n
        out.kept_points[out.n_kept] = j
        out.kept_count[out.n_kept] = count[n]
        out.n_kept += 1
        han += j * count[n]
        if (YAKUMAN_SET >> n) & 1:
            yakuman_han += j
    out.yakuman = min(yakuman_han // 13, max_yakuman)
    out.han = 13 * out.yakuman if out.yakuman else han
    _fu(r, f, pinfu, out)
    out.total = _total(_basic(out.han, out.fu, out.yakuman, f.rules), f)


cdef void memmove_excluded(Scored* out, int by) noexcept:
    """Room for ``by`` exclusions before the others."""
    cdef int n
    for n in range(out.n_excluded - 1, -1, -1):
        out.excluded[n + by] = out.excluded[n]
        out.excluded_by[n + by] = out.excluded_by[n]
        out.excluded_principle[n + by] = out.excluded_principle[n]
        out.excluded_count[n + by] = out.excluded_count[n]
    out.n_excluded += by


cdef int _raw_fu(Scored* s) noexcept:
    """The fu before rounding (evaluate.Scored.raw_fu: an open hand's no-fu bump counts 2)."""
    cdef int n, raw = 0
    for n in range(s.n_fu):
        raw += 2 if s.fu_reason[n] == F_OPEN_PINFU else s.fu_value[n]
    return raw


cdef bint _better(Scored* a, Scored* b) noexcept:
    """a's (has_yaku, total, yakuman, han, fu, raw fu) above b's: evaluate.choose keeps the first maximum."""
    if a.has_yaku != b.has_yaku:
        return a.has_yaku > b.has_yaku
    if a.total != b.total:
        return a.total > b.total
    if (a.yakuman > 0) != (b.yakuman > 0):
        return a.yakuman > 0
    if a.han != b.han:
        return a.han > b.han
    if a.fu != b.fu:
        return a.fu > b.fu
    return _raw_fu(a) > _raw_fu(b)


# --- the readings (shapes.py) ----------------------------------------------------------------------
cdef struct Search:
    Facts* facts
    HandItems hand    # the items every reading shares
    Reading reading   # the melds, then the split's groups being built
    Scored scored[2]  # the best reading so far and the one being scored, by turns
    int best_at
    int found
    int pair
    int n_split
    int split_kind[4]
    int split_tile[4]


cdef void _consider(Search* s) noexcept:
    cdef Scored* trial = &s.scored[1 - s.best_at]
    _score(&s.reading, s.facts, &s.hand, trial)
    if not s.found or _better(trial, &s.scored[s.best_at]):
        trial.reading = s.reading
        s.best_at = 1 - s.best_at
    s.found += 1


cdef int _seq_wait(int tile, int win) noexcept:
    if win == tile + 1:
        return W_KANCHAN
    if (win == tile and tile % 9 == 6) or (win == tile + 2 and tile % 9 == 0):
        return W_PENCHAN
    return W_RYANMEN


cdef void _split_done(Search* s) noexcept:
    """One split: its groups sorted by (tile, kind), each place of the winning tile a reading."""
    cdef Facts* f = s.facts
    cdef int order[4]
    cdef int n, m, a, b, place, kind, tile, base = f.n_melds, win = f.win, g
    cdef Reading* r = &s.reading
    for n in range(s.n_split):
        order[n] = n
    for n in range(1, s.n_split):  # insertion sort by (tile, kind): SEQ before TRIPLET
        a = order[n]
        m = n - 1
        while m >= 0:
            b = order[m]
            if s.split_tile[b] < s.split_tile[a] or (s.split_tile[b] == s.split_tile[a]
                                                     and s.split_kind[b] <= s.split_kind[a]):
                break
            order[m + 1] = b
            m -= 1
        order[m + 1] = a
    r.shape = S_STANDARD
    r.n_groups = base + s.n_split + 1
    r.kind[4] = K_PAIR
    r.tile[4] = s.pair
    r.concealed[4] = 1
    if s.pair == win:
        for n in range(s.n_split):
            g = base + n
            r.kind[g] = s.split_kind[order[n]]
            r.tile[g] = s.split_tile[order[n]]
            r.concealed[g] = 1
        r.wait = W_TANKI
        _consider(s)
    for place in range(s.n_split):
        kind = s.split_kind[order[place]]
        tile = s.split_tile[order[place]]
        if kind == K_TRIPLET:
            if tile != win:
                continue
        elif not (tile <= win <= tile + 2):
            continue
        if place and s.split_kind[order[place - 1]] == kind and s.split_tile[order[place - 1]] == tile:
            continue  # the same group again: the same reading
        for n in range(s.n_split):
            g = base + n
            r.kind[g] = s.split_kind[order[n]]
            r.tile[g] = s.split_tile[order[n]]
            r.concealed[g] = not (n == place and r.kind[g] == K_TRIPLET and not (f.situation & B_SELF_DRAW))
        r.wait = W_SHANPON if kind == K_TRIPLET else _seq_wait(tile, win)
        _consider(s)


cdef void _splits(Search* s, int* counts, Bits held, int n_sets) noexcept:
    """Every split of the tiles left (``held``: the kinds with a count) into ``n_sets`` sets, the
    lowest kind first: a triplet of it, or a sequence from it."""
    cdef int i, c
    if not held:
        if n_sets == 0:
            _split_done(s)
        return
    if n_sets == 0:
        return
    i = _ctz(held)
    c = counts[i]
    if c >= 3:
        counts[i] -= 3
        s.split_kind[s.n_split] = K_TRIPLET
        s.split_tile[s.n_split] = i
        s.n_split += 1
        _splits(s, counts, held & ~((<Bits>(c == 3)) << i), n_sets - 1)
        s.n_split -= 1
        counts[i] += 3
    if i < 27 and i % 9 <= 6 and (held >> (i + 1)) & 3 == 3:
        counts[i] -= 1
        counts[i + 1] -= 1
        counts[i + 2] -= 1
        s.split_kind[s.n_split] = K_SEQ
        s.split_tile[s.n_split] = i
        s.n_split += 1
        _splits(s, counts, held & ~((<Bits>(counts[i] == 0)) << i | (<Bits>(counts[i + 1] == 0)) << (i + 1)
                                    | (<Bits>(counts[i + 2] == 0)) << (i + 2)), n_sets - 1)
        s.n_split -= 1
        counts[i] += 1
        counts[i + 1] += 1
        counts[i + 2] += 1


cdef void _search(Search* s) noexcept:
    cdef Facts* f = s.facts
    cdef Reading* r = &s.reading
    cdef int counts[34]
    cdef int k, n, n_kinds = 0, n_orphans = 0, held = 0
    cdef bint pairs_only = 1
    cdef Bits kinds = f.concealed, pairs = 0, walk = f.concealed
    memcpy(counts, f.counts, sizeof(counts))
    while walk:  # the kinds held twice or more
        k = _ctz(walk)
        walk &= walk - 1
        pairs |= (<Bits>(counts[k] >= 2)) << k
    s.best_at = 0
    _hand_items(f, &s.hand)
    if not f.n_melds:
        for k in range(34):
            held += counts[k]
        for n in range(13):
            n_orphans += counts[ORPHAN_KINDS[n]] != 0
            held -= counts[ORPHAN_KINDS[n]]
        if n_orphans == 13 and held == 0:  # thirteen orphans
            r.shape = S_KOKUSHI
            r.n_groups = 0
            r.wait = W_THIRTEEN if counts[f.win] == 2 else W_TANKI
            _consider(s)
        n_kinds = _popcount(kinds)
        walk = kinds
        while walk:  # each kind held twice exactly
            k = _ctz(walk)
            walk &= walk - 1
            pairs_only &= counts[k] == 2
        if n_kinds == 7 and pairs_only:  # seven pairs
            r.shape = S_CHIITOITSU
            r.n_groups = 7
            r.wait = W_TANKI
            n = 0
            for k in range(34):
                if counts[k]:
                    r.kind[n] = K_PAIR
                    r.tile[n] = k
                    r.concealed[n] = 1
                    n += 1
            _consider(s)
    for n in range(f.n_melds):
        r.kind[n] = f.meld_kind[n]
        r.tile[n] = f.meld_tile[n]
        r.concealed[n] = f.meld_concealed[n]
    # a pair that leaves a suit's count not a multiple of three, or an honour held other than 0 or 3
    # times, leaves no split: such pairs are not tried (the same readings, fewer dead ends)
    cdef int left[3]
    cdef int honour_pairs = 0, suit
    cdef bint honours_split = 1
    for suit in range(3):
        left[suit] = 0
        for k in range(9 * suit, 9 * suit + 9):
            left[suit] += counts[k]
        left[suit] %= 3
    for k in range(27, 34):
        honour_pairs += counts[k] == 2
        honours_split &= counts[k] == 0 or counts[k] == 3 or counts[k] == 2
    if not honours_split or honour_pairs > 1:
        pairs = 0
    while pairs:
        k = _ctz(pairs)
        pairs &= pairs - 1
        if k >= 27:
            if not (counts[k] == 2 and left[0] == 0 and left[1] == 0 and left[2] == 0):
                continue
        elif honour_pairs or left[k // 9] != 2 or left[0] + left[1] + left[2] != 2:
            continue
        counts[k] -= 2
        s.pair = k
        s.n_split = 0
        _splits(s, counts, kinds & ~((<Bits>(counts[k] == 0)) << k), 4 - f.n_melds)
        counts[k] += 2


def best(concealed, tuple melds, int win, int situation, int seat_tile, int round_tile, int rules,
         int dora, int aka_dora, int ura_dora):
    """The chosen reading of a hand, or None when it has none (``compiled.py`` reads the answer).

    ``concealed``: the 34 concealed counts; ``melds``: (kind code, lowest tile, concealed) each;
    ``situation`` and ``rules``: the bits of compiled.SITUATION and compiled.RULES."""
    cdef Search s
    cdef Facts f
    cdef int k, n, t, kind
    memset(&f, 0, sizeof(Facts))
    for k in range(34):
        f.counts[k] = concealed[k]
        if f.counts[k]:
            f.kinds[k] = 1
    f.closed = 1
    f.n_melds = len(melds)
    for n in range(f.n_melds):
        kind, t, concealed_meld = melds[n]
        f.meld_kind[n] = kind
        f.meld_tile[n] = t
        f.meld_concealed[n] = concealed_meld
        if not concealed_meld:
            f.closed = 0
        if kind == K_KAN:
            f.kans += 1
        f.kinds[t] = 1
        if kind == K_SEQ:
            f.kinds[t + 1] = 1
            f.kinds[t + 2] = 1
    for k in range(34):
        f.held |= (<Bits>(f.kinds[k] != 0)) << k
        f.concealed |= (<Bits>(f.counts[k] != 0)) << k
    _hand_kinds(&f)
    f.win = win
    f.situation = situation
    f.rules = rules
    f.seat_tile = seat_tile
    f.round_tile = round_tile
    f.dora[0] = dora
    f.dora[1] = aka_dora
    f.dora[2] = ura_dora
    s.facts = &f
    s.found = 0
    _search(&s)
    if not s.found:
        return None
    cdef Scored* b = &s.scored[s.best_at]
    cdef Reading* r = &b.reading
    return (r.shape, [(r.kind[n], r.tile[n], r.concealed[n]) for n in range(f.n_melds if r.shape == S_STANDARD else 0,
                                                                            r.n_groups)],
            r.wait, [(b.kept[n], b.kept_points[n], b.kept_count[n]) for n in range(b.n_kept)],
            [(b.excluded[n], b.excluded_by[n], b.excluded_principle[n], b.excluded_count[n])
             for n in range(b.n_excluded)],
            b.han, b.fu, [(b.fu_reason[n], b.fu_value[n], b.fu_group[n]) for n in range(b.n_fu)],
            b.yakuman, b.has_yaku)


# the whole Result in C (_full_path.pxi), configured by compiled.py
include "_full_path.pxi"
