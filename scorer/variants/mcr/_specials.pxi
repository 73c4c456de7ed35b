# Included by _fast.pyx: the fixed-list special shapes of specials.py on C data (九莲宝灯, 连七对,
# 十三幺, 七对, 七星不靠, 全不靠, 组合龙; docs/rules/mcr.md#the-winning-shapes and each item's section).
# Each fills ``c`` (zeroed first, before the 不计 removals) and returns 1 when the shape fits; with an
# ``Explain`` it records the sources and removals as the twin's tally does. The knitted straight's
# wait fans follow ``knitted_waits`` (the compact path runs the default rules: on).

cdef int ORPHAN_KINDS[13]
for _i, _k in enumerate((0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)):
    ORPHAN_KINDS[_i] = _k


cdef int _seven_shifted_pairs(Hand *h, int *c, Explain *x) noexcept nogil:
    """连七对: seven pairs of consecutive ranks of one suit (the caller checked seven pairs)."""
    cdef int k = h.kinds[0]
    if not (h.nkinds == 7 and k < 27 and h.kinds[6] == k + 6 and k // 9 == h.kinds[6] // 9):
        return 0
    mj_zero(c)
    c[f_seven_shifted_pairs] += 1
    _source(x, f_seven_shifted_pairs, SRC_HAND << SRC_SHIFT)
    c[f_seven_pairs] += 1
    c[f_full_flush] += 1
    c[f_no_honors] += 1
    if k % 9 == 1:  # the 2-8 run: the reference also scores 断幺
        c[f_all_simples] += 1
    win_condition(h, c, x)
    return 1


cdef int _honors_and_knitted(Hand *h, int *c, Explain *x) noexcept nogil:
    """全不靠 / 七星不靠: 14 distinct tiles, 7-9 from one knitted family, the rest honours."""
    cdef int i, f, k, numbered = 0, inside
    if h.nfixed or h.nkinds != 14:
        return 0
    for i in range(14):
        if h.kinds[i] < 27:
            numbered += 1
    if numbered < 7 or numbered > 9:
        return 0
    for f in range(6):
        inside = 0
        for i in range(14):
            k = h.kinds[i]
            if k < 27 and IN_FAMILY[f][k]:
                inside += 1
        if inside == numbered:
            break
    else:
        return 0
    mj_zero(c)
    if numbered == 7:
        c[f_greater_honors_and_knitted_tiles] += 1
        _source(x, f_greater_honors_and_knitted_tiles, SRC_KINDS << SRC_SHIFT)
        c[f_lesser_honors_and_knitted_tiles] += 1
    else:
        c[f_lesser_honors_and_knitted_tiles] += 1
        _source(x, f_lesser_honors_and_knitted_tiles, SRC_KINDS << SRC_SHIFT)
        if numbered == 9:
            c[f_knitted_straight] += 1
            _source(x, f_knitted_straight, SRC_NUMBERED << SRC_SHIFT)
    c[f_all_types] += 1
    win_condition(h, c, x)
    return 1


cdef int _thirteen_orphans(Hand *h, int *c, Explain *x) noexcept nogil:
    cdef int i
    if h.nfixed or h.nkinds != 13:
        return 0
    for i in range(13):
        if h.kinds[i] != ORPHAN_KINDS[i]:
            return 0
    mj_zero(c)
    c[f_thirteen_orphans] += 1
    _source(x, f_thirteen_orphans, SRC_KINDS << SRC_SHIFT)
    c[f_all_types] += 1
    c[f_all_terminals_and_honors] += 1
    win_condition(h, c, x)
    return 1


cdef int _nine_gates_fans(Hand *h, int *c, Explain *x) noexcept nogil:
    """九莲宝灯: 1112345678999 of one suit held, any tile of it to win; never divided
    (docs/rules/mcr.md#nine-gates)."""
    cdef int rank
    if h.nfixed or not _nine_gates(h):
        return 0
    mj_zero(c)
    c[f_nine_gates] += 1
    _source(x, f_nine_gates, SRC_HAND << SRC_SHIFT)
    rank = h.win % 9 + 1
    if rank == 1 or rank == 9:
        c[f_pure_straight] += 1
        _source(x, f_pure_straight, SRC_RUN << SRC_SHIFT | (h.win // 9) * 9)
        c[f_tile_hog] += 1
        _source(x, f_tile_hog, SRC_FOUR << SRC_SHIFT | h.win)
    elif rank == 2 or rank == 8:
        c[f_two_concealed_pungs] += 1
        c[f_short_straight] += 1
        c[f_pung_of_terminals_or_honors] += 1
    elif rank == 5:
        c[f_two_concealed_pungs] += 1
        c[f_pung_of_terminals_or_honors] += 1
    else:
        c[f_short_straight] += 1
    c[f_full_flush] += 1
    c[f_fully_concealed_hand if h.self_draw else f_concealed_hand] += 1
    c[f_no_honors] += 1
    win_condition(h, c, x)
    return 1


cdef int _set_and_pair(const int *r, int *kind, int *tile, int *pair) noexcept nogil:
    """Readings of five tiles as one set plus a pair (two tiles: a pair alone, kind -1): how
    many there are, the last one in kind/tile/pair."""
    cdef int p, k, n = 0, total = 0
    cdef int q[NK]
    for k in range(NK):
        total += r[k]
    for p in range(NK):
        if r[p] < 2:
            continue
        if total == 2:
            kind[0] = -1
            pair[0] = p
            n += 1
            continue
        memcpy(q, r, NK * sizeof(int))
        q[p] -= 2
        for k in range(NK):
            if q[k] == 3:
                kind[0] = PUNG
                tile[0] = k
                pair[0] = p
                n += 1
            elif k < 27 and k % 9 <= 6 and q[k] == 1 and q[k + 1] == 1 and q[k + 2] == 1:
                kind[0] = CHOW
                tile[0] = k
                pair[0] = p
                n += 1
    return n


cdef int _only_wait_is(const int *before, int win) noexcept nogil:
    """The four tiles ``before`` wait (formally, a fifth copy included) on ``win`` alone, as one
    set plus a pair."""
    cdef int r[NK]
    cdef int t, kind, tile, pair, found = 0
    memcpy(r, before, NK * sizeof(int))
    for t in range(NK):
        r[t] += 1
        if _set_and_pair(r, &kind, &tile, &pair):
            if t != win:
                r[t] -= 1
                return 0
            found = 1
        r[t] -= 1
    return found


cdef int _knitted_straight(Hand *h, int seat, int prevalent, int knitted_waits, int *c, Div *d,
                           Explain *x) noexcept nogil:
    """组合龙 + a set + a pair (with no meld, or one meld as the set) (docs/rules/mcr.md#knitted-straight);
    ``d`` gets the set (index 0) and the pair. With ``knitted_waits`` off (``mcr1998``), a wait on
    one of the body's tiles scores no wait fan: the one the hand would score is recorded as not
    scored, by 组合龙."""
    cdef int f, i, k, fam = -1, two = 0, kind, tile, pair, conc, fkind, ftile, zero = 0, wait
    cdef int rest[NK]
    cdef int waits[NF]
    if h.nfixed > 1:
        return 0
    for f in range(6):
        for i in range(9):
            if not h.conc[FAMS[f][i]]:
                break
        else:
            fam = f
            break
    if fam < 0:
        return 0
    for k in range(NK):
        if h.conc[k] >= 2:
            two = 1
    if not two:
        return 0
    memcpy(rest, h.conc, NK * sizeof(int))
    for i in range(9):
        rest[FAMS[fam][i]] -= 1
    if _set_and_pair(rest, &kind, &tile, &pair) != 1:
        return 0
    if h.nfixed:
        fkind, ftile, conc = h.fkind[0], h.ftile[0], h.fconc[0]
    else:
        fkind, ftile, conc = kind, tile, 1
    d.kind[0] = fkind
    d.tile[0] = ftile
    d.conc[0] = conc
    d.fixed[0] = h.nfixed
    d.pair = pair
    mj_zero(c)
    c[f_knitted_straight] += 1
    _source(x, f_knitted_straight, SRC_FAMILY << SRC_SHIFT | fam)
    if fkind == CHOW:
        if pair < 27:
            c[f_all_chows] += 1
        if h.total[pair] == 4:
            c[f_tile_hog] += 1
            _source(x, f_tile_hog, SRC_FOUR << SRC_SHIFT | pair)
    elif is_wind(ftile):
        c[f_pung_of_terminals_or_honors] += 1
        _source(x, f_pung_of_terminals_or_honors, _sets_code(&zero, 1))
        # winds.wind_fans on this one set, before the removals (nothing deducted yet)
        if ftile == prevalent:
            c[f_prevalent_wind] += 1
            _source(x, f_prevalent_wind, _sets_code(&zero, 1))
            _take(c, f_pung_of_terminals_or_honors, 1, f_prevalent_wind, x)
        if ftile == seat:
            c[f_seat_wind] += 1
            _source(x, f_seat_wind, _sets_code(&zero, 1))
            if seat != prevalent:
                _take(c, f_pung_of_terminals_or_honors, 1, f_seat_wind, x)
        if is_dragon(pair):
            c[f_all_types] += 1
    elif is_dragon(ftile):
        c[f_dragon_pung] += 1
        _source(x, f_dragon_pung, _sets_code(&zero, 1))
        if is_wind(pair):
            c[f_all_types] += 1
    else:
        if is_terminal(ftile):
            c[f_pung_of_terminals_or_honors] += 1
            _source(x, f_pung_of_terminals_or_honors, _sets_code(&zero, 1))
        if pair < 27:
            c[f_no_honors] += 1
        if fkind != KONG and h.total[ftile] == 4:
            c[f_tile_hog] += 1
            _source(x, f_tile_hog, SRC_FOUR << SRC_SHIFT | ftile)
    win_condition(h, c, x)
    if fkind == KONG:
        c[f_concealed_kong if conc else f_melded_kong] += 1
        _source(x, f_concealed_kong if conc else f_melded_kong, _sets_code(&zero, 1))
    if conc:
        c[f_fully_concealed_hand if h.self_draw else f_concealed_hand] += 1
    if knitted_waits or not IN_FAMILY[fam][h.win]:
        _knitted_wait(h, rest, d, c, x)
    else:
        # specials._dropped_knitted_wait: the first of 边张 > 嵌张 > 单钓将 the hand would score
        mj_zero(waits)
        _knitted_wait(h, rest, d, waits, NULL)
        wait = (f_edge_wait if waits[f_edge_wait] else f_closed_wait if waits[f_closed_wait]
                else f_single_wait if waits[f_single_wait] else -1)
        if wait >= 0:
            _removed(x, wait, 1, f_knitted_straight, P_KNITTED_STRAIGHT_WAIT)
    return 1


cdef void _knitted_wait(Hand *h, int *rest, Div *d, int *c, Explain *x) noexcept nogil:
    """specials._knitted_wait: with no meld, the unique-wait test on the five tiles outside the
    body, only when the winning tile is among them; with one meld, 单钓将 when the winning tile is
    the pair."""
    cdef int zero = 0, pair_index = PAIR_INDEX
    if h.nfixed:
        if d.pair == h.win:
            c[f_single_wait] = 1
            _source_only(x, f_single_wait, _sets_code(&pair_index, 1))
    elif rest[h.win]:
        rest[h.win] -= 1
        if _only_wait_is(rest, h.win):
            if d.kind[0] == CHOW:
                if h.win == d.tile[0] or h.win == d.tile[0] + 2:
                    c[f_edge_wait] = 1
                    _source_only(x, f_edge_wait, _sets_code(&zero, 1))
                elif h.win == d.tile[0] + 1:
                    c[f_closed_wait] = 1
                    _source_only(x, f_closed_wait, _sets_code(&zero, 1))
            if d.pair == h.win:
                c[f_single_wait] = 1
                _source_only(x, f_single_wait, _sets_code(&pair_index, 1))
        rest[h.win] += 1
