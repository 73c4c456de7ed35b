// Every label the page shows, in English and Chinese. Items carry their own names (name, name_zh)
// from GET /v1/variants; fields, options, principles and errors are named here.
"use strict";

export const LANGS = ["en", "zh"];

const UI = {
  en: {
    subtitle: "referee", variant: "Variant", lang: "中文", hand: "Hand", tiles: "Tiles",
    mode_tile: "Tile", chow: "Chow", pung: "Pung", kong: "Kong", added: "Added kong", concealed: "Concealed kong",
    undo: "Undo", clear: "Clear", flowers: "Flowers",
    hint: "Tap a tile to add it. Tap a tile of the hand to take it back; press and hold (or right-click) to make it the winning tile.",
    arm_chow: "Chow: tap its lowest tile", arm_pung: "Pung: tap its tile", arm_kong: "Kong: tap its tile",
    arm_added: "Added kong: tap its tile", arm_concealed: "Concealed kong: tap its tile",
    count: "tiles", winning: "winning tile", notation: "Notation", dialect: "Dialect", dialect_auto: "mjscore (auto-detect)",
    dialect_helper: "ChineseOfficialMahjongHelper", read: "Read", context: "Context", rules: "Rules",
    score: "Score", waits: "Waits", claim: "Check a claim", permalink: "Link to this hand", total: "Total",
    invalid: "Not a valid win", item: "Item", points: "Points", count_col: "×", excluded: "Not also scored",
    by: "because of", principle: "principle", readings: "Every reading", reading: "Reading", chosen: "chosen",
    payments: "Payments", error: "Cannot score this", default: "default", yes: "yes", no: "no",
    context_used: "Context used", wilds: "Wilds", stands_for: "stands for", warnings: "Notes",
    claimed_items: "Claimed items", claimed_total: "Claimed total", check: "Check", filter: "Filter items",
    verdict: "Verdict", missed: "Scored but not claimed", stands: "The claim stands",
    falls: "The claim does not stand", computed: "computed", total_agrees: "the total agrees",
    total_differs: "claimed total {a} differs from the computed {b}", confirmed: "confirmed",
    not_present: "not in this hand", excluded_status: "excluded", unknown: "unknown item",
    waits_title: "Waits", no_waits: "No tile completes this hand.", self_draw: "self-drawn", discard: "on a discard",
    four_held: "all four held", definition: "Definition", value: "Value", excludes: "Excludes", example: "Example",
    close: "Close", offline: "Offline: the page works, scoring needs the server.", more: "More context",
    need_full: "The hand holds {n} tiles; a win holds {m}. Add {k}.", need_short: "Waits need a hand one tile short: {m} tiles, not {n}.",
    full: "The hand is full ({m} tiles).", no_copy: "All copies of {t} are used.", no_room: "No room for another meld.",
    picker_cannot: "This hand uses notation the picker cannot build; edit it in the notation box.",
    none: "none", seat: "Seat", pending: "pending", roundtrip: "answered in {ms} ms",
    tab_score: "Score", tab_efficiency: "Efficiency", tab_match: "Match sheet",
    eff_title: "Tile efficiency", eff_visible: "Tiles seen outside the hand", eff_run: "Analyse",
    eff_hint: "A hand one tile short: what to wait for. A full hand: what to discard.",
    eff_need: "Efficiency needs {a} or {b} tiles, not {n}.",
    eff_shanten: "{n}-shanten", eff_ready: "Ready", eff_complete: "Complete",
    eff_useful: "Useful tiles", eff_left: "{n} left", eff_left_col: "left",
    eff_tiles_left: "{n} tiles left in all", eff_shapes: "Each shape",
    shape_standard: "Four sets and a pair", shape_seven_pairs: "Seven pairs", shape_thirteen_orphans: "Thirteen orphans",
    shape_honors_and_knitted: "Honors and knitted", shape_knitted_straight: "Knitted straight",
    // the texts of a minimum, by what it asks (the answer's minimum_rule): MCR's 8 fan, riichi's yaku
    eff_below_minimum_8_points: "below 8 fan", eff_minimum_title_8_points: "8-fan minimum",
    eff_minimum_left_8_points: "{n} of these tiles keep a win worth 8 fan in reach.",
    eff_no_minimum_8_points: "no wait it leaves reaches 8 fan",
    eff_below_minimum_yaku: "no yaku", eff_minimum_title_yaku: "A yaku to win",
    eff_minimum_left_yaku: "{n} of these tiles keep a win with a yaku in reach.",
    eff_no_minimum_yaku: "no wait it leaves wins with a yaku",
    eff_discard_word: "discard", eff_waits_word: "wait",
    eff_full: "Full hand: every discard, best first", eff_full_complete: "Already a winning shape; every discard, best first",
    eff_discards_hint: "Fewest tiles from ready first, then the most useful tiles left; ties in tile order.",
    eff_discards_hint_8_points: "8 fan first: a ready hand with a wait worth 8 fan still out there (most such tiles "
      + "left first), then one step away with draws that keep 8 fan (most such draws first), then the rest by "
      + "shanten; then the most useful tiles left; ties in tile order.",
    eff_discards_hint_yaku: "A yaku first: a ready hand with a wait that wins with a yaku still out there (most such "
      + "tiles left first), then one step away with draws that keep a yaku (most such draws first), then the rest "
      + "by shanten; then the most useful tiles left; ties in tile order.",
    eff_discard_col: "Discard", eff_shanten_col: "Shanten",
    eff_minimum_col_8_points: "≥8 fan left", eff_minimum_col_yaku: "With a yaku left",
    m_title: "Match sheet", m_new: "New match", m_match_title: "Title", m_players: "Players (first seats)",
    m_create: "Create match", m_open: "Open", m_open_id: "Match id", m_close: "Another match",
    m_set_aside: "Match {id} ({v}) is closed here: the header now says another variant. It is kept; reopen it to go on.",
    m_reopen: "Reopen {id}",
    m_need_players: "Give four different names.", m_next: "Next: hand {n}, {label}, dealer {d}", m_done: "All 16 hands are in.",
    m_add: "Add hand", m_win: "Win", m_draw: "Draw", m_not_played: "Not played", m_false_win: "False win",
    m_penalty: "Penalty", m_winner: "Winner", m_from: "Discarder", m_self: "self-drawn", m_fan: "Fan total",
    m_by_fan: "Fan total", m_by_tiles: "The hand in the picker", m_tiles_note: "Build the winning hand in the picker above; flowers and the winning tile come from the context.",
    m_offender: "Offender", m_player: "Player", m_points: "Points", m_reason: "Reason", m_note: "Note",
    m_fix: "Correct", m_fixing: "Correcting entry {n}", m_save_fix: "Save correction", m_delete: "Delete entry",
    m_cancel: "Cancel", m_by: "Referee", m_need_reason: "A correction needs a reason and who makes it.",
    m_need_fan: "Give the fan total (8 or more).", m_need_hand: "The picker holds {n} tiles; a win holds {m}.",
    m_totals: "Totals", m_place: "Place", m_table_points: "Table points", m_total: "Total",
    m_needs: "追分 — what it takes to pass", m_target: "to pass", m_gap: "gap", m_off_them: "off them", m_off_other: "off another",
    m_export: "Export", m_log: "Corrections", m_explain: "why", m_hand_col: "Hand", m_what: "What",
    m_off: "off {p}", m_link: "Link to this match", m_stale: "Someone changed the match: it has been reloaded, check and enter again.",
    m_any_win: "any win", m_error: "Not entered", m_during: "(in {n})", m_need_mcr: "A match is MCR: choose MCR in the header to give a hand by its tiles.",
    // the edit key
    m_edit_link: "Link to edit", m_edit_link_note: "Whoever opens the link to edit can enter and correct hands: give it only to the referee of this table.",
    m_read_only: "Read only: this device does not hold the match's edit key. To enter hands here, open the match's link to edit on this device.",
    // the riichi hanchan sheet
    m_sheet_kind: "Sheet", m_sheet_mcr: "MCR", m_sheet_riichi: "Riichi — {preset}", m_next_riichi: "Next: {label}, dealer {d}, riichi sticks on the table {s}",
    m_done_riichi: "The game is over (after South 4).", m_tsumo: "tsumo", m_by_han: "Han and fu",
    m_by_tiles_riichi: "The hand in the picker", m_han: "Han", m_fu: "Fu", m_riichi: "Riichi", m_tenpai: "Tenpai",
    m_tiles_note_riichi: "Build the winning hand in the picker above (riichi); dora and the other context come from the context.",
    m_abortive: "Abortive draw", m_need_han: "Tap the han.", m_need_fu: "Tap the fu (below 5 han they count).",
    m_need_riichi: "This match is riichi: choose Riichi in the header to give a hand by its tiles.",
    m_session: "Session score", m_with_penalties: "With penalties",
    m_pao_row: "pao: {p} liable", m_pao: "Liable player (pao), for big three dragons or big four winds",
    m_yakuman: "Yakuman", m_yakuman_n: "How many yakuman",
    m_worth_han: "{h} han", m_worth_han_fu: "{h} han {f} fu", m_worth_yakuman: "{n}× yakuman",
    m_more_ron: "+ Another winner on this discard", m_drop_ron: "Remove", m_winner_n: "Winner {k}",
    m_these_rules: "These rules", m_ron_needs_discard: "Several winners are rons on one discard: choose who discarded it.",
    m_head_bump: "{r} has head bump (atamahane): one discard has one winner, the player nearest the discarder in turn order. Enter that win alone.",
    m_most_rons: "{r} allows at most {n} winners on one discard.",
    m_most_rons_abortive: "{r} allows at most {n} winners on one discard: one more is an abortive draw (enter a draw, abortive).",
    // a hand valued in han and fu (riichi)
    han: "han", han_col: "Han", fu: "fu", fu_breakdown: "Fu breakdown", fu_rounded: "{raw} fu, rounded up to 10",
    dora_would: "The dora it holds would have added {han} han.",
    cost_ron: "Ron: the discarder pays {n}", cost_tsumo_dealer: "Tsumo: {n} from each player",
    cost_tsumo: "Tsumo: {a} from each non-dealer, {b} from the dealer",
    cost_honba_ron: "{h} honba: +{n} from the discarder (in the payments)",
    cost_honba_tsumo: "{h} honba: +{n} from each payer (in the payments)",
    cost_sticks: "Riichi sticks: +{n} to the winner (not in the payments)",
    pick_add: "Pick", pick_done: "Done", pick_remove: "Tap to take it back",
  },
  zh: {
    subtitle: "裁判", variant: "规则", lang: "English", hand: "手牌", tiles: "牌",
    mode_tile: "单张", chow: "吃", pung: "碰", kong: "明杠", added: "加杠", concealed: "暗杠",
    undo: "撤销", clear: "清空", flowers: "花牌",
    hint: "点牌加入手牌。点手牌中的牌可撤回；长按（或右键）设为和牌张。",
    arm_chow: "吃：点顺子最小的一张", arm_pung: "碰：点要碰的牌", arm_kong: "明杠：点要杠的牌",
    arm_added: "加杠：点要杠的牌", arm_concealed: "暗杠：点要杠的牌",
    count: "张", winning: "和牌张", notation: "牌谱", dialect: "格式", dialect_auto: "mjscore（自动识别）",
    dialect_helper: "国标小助手", read: "读入", context: "和牌条件", rules: "规则选项",
    score: "计分", waits: "听牌", claim: "核对报番", permalink: "本手链接", total: "合计",
    invalid: "不成和", item: "番种", points: "分", count_col: "×", excluded: "不计",
    by: "因", principle: "原则", readings: "所有拆法", reading: "拆法", chosen: "采用",
    payments: "结算", error: "无法计分", default: "默认", yes: "是", no: "否",
    context_used: "采用的条件", wilds: "百搭", stands_for: "代替", warnings: "提示",
    claimed_items: "所报番种", claimed_total: "所报总分", check: "核对", filter: "筛选番种",
    verdict: "裁定", missed: "应计而未报", stands: "报番成立", falls: "报番不成立", computed: "计算",
    total_agrees: "总分一致", total_differs: "所报总分 {a} 与计算的 {b} 不符", confirmed: "成立",
    not_present: "本手没有", excluded_status: "不计", unknown: "未知番种",
    waits_title: "听牌", no_waits: "没有能和的牌。", self_draw: "自摸", discard: "点和",
    four_held: "四张已在手", definition: "定义", value: "分值", excludes: "不计", example: "例",
    close: "关闭", offline: "离线：页面可用，计分需要服务器。", more: "更多条件",
    need_full: "手牌 {n} 张，和牌需 {m} 张，还差 {k} 张。", need_short: "听牌需比和牌少一张：{m} 张，不是 {n} 张。",
    full: "手牌已满（{m} 张）。", no_copy: "{t} 四张已用完。", no_room: "没有位置再加副露。",
    picker_cannot: "此手牌含选牌器无法表示的写法，请在牌谱框中修改。",
    none: "无", seat: "座位", pending: "待定", roundtrip: "用时 {ms} 毫秒",
    tab_score: "计分", tab_efficiency: "牌效率", tab_match: "计分表",
    eff_title: "牌效率", eff_visible: "场上已见的牌", eff_run: "分析",
    eff_hint: "少一张的手牌：看进张；满张的手牌：看打哪张。",
    eff_need: "牌效率需要 {a} 或 {b} 张，不是 {n} 张。",
    eff_shanten: "{n} 向听", eff_ready: "听牌", eff_complete: "已和牌",
    eff_useful: "有效牌", eff_left: "剩 {n} 张", eff_left_col: "剩余",
    eff_tiles_left: "共剩 {n} 张", eff_shapes: "各牌型向听",
    shape_standard: "基本型", shape_seven_pairs: "七对", shape_thirteen_orphans: "十三幺",
    shape_honors_and_knitted: "全不靠", shape_knitted_straight: "组合龙",
    eff_below_minimum_8_points: "不够 8 番", eff_minimum_title_8_points: "8 番起和",
    eff_minimum_left_8_points: "其中 {n} 张进张后仍能和够 8 番。",
    eff_no_minimum_8_points: "进张后所听的牌都不够 8 番",
    eff_below_minimum_yaku: "无役", eff_minimum_title_yaku: "有役才能和",
    eff_minimum_left_yaku: "其中 {n} 张进张后仍能有役和牌。",
    eff_no_minimum_yaku: "进张后所听的牌都无役", eff_discard_word: "打", eff_waits_word: "听",
    eff_full: "满张：各打法，最好的在前", eff_full_complete: "已成和牌型；各打法，最好的在前",
    eff_discards_hint: "先比向听数，再比有效牌张数，相同时按牌序。",
    eff_discards_hint_8_points: "先看 8 番：听牌且所听够 8 番的牌还有剩的在前（按这些牌的剩余张数），"
      + "其次是一向听且进张后仍能听够 8 番的（按这些进张的张数），其余按向听数；再比有效牌张数，相同时按牌序。",
    eff_discards_hint_yaku: "先看有役：听牌且所听有役的牌还有剩的在前（按这些牌的剩余张数），"
      + "其次是一向听且进张后仍能有役听牌的（按这些进张的张数），其余按向听数；再比有效牌张数，相同时按牌序。",
    eff_discard_col: "打出", eff_shanten_col: "向听",
    eff_minimum_col_8_points: "够8番张数", eff_minimum_col_yaku: "有役张数",
    m_title: "计分表", m_new: "新比赛", m_match_title: "标题", m_players: "选手（首局座位）",
    m_create: "开始比赛", m_open: "打开", m_open_id: "比赛编号", m_close: "换一场比赛",
    m_set_aside: "比赛 {id}（{v}）已在本页关闭：顶部已改选其他玩法。比赛仍保留，重新打开即可继续。",
    m_reopen: "重新打开 {id}",
    m_need_players: "请填写四个不同的名字。", m_next: "下一盘：第 {n} 盘 {label}，庄家 {d}", m_done: "16 盘已全部录入。",
    m_add: "录入", m_win: "和牌", m_draw: "荒庄", m_not_played: "未打", m_false_win: "错和",
    m_penalty: "罚分", m_winner: "和牌者", m_from: "放炮者", m_self: "自摸", m_fan: "番数",
    m_by_fan: "番数", m_by_tiles: "用选牌器中的手牌", m_tiles_note: "在上方选牌器中组好和牌；花牌和和牌张取自和牌条件。",
    m_offender: "错和者", m_player: "选手", m_points: "分", m_reason: "原因", m_note: "备注",
    m_fix: "更正", m_fixing: "更正第 {n} 条", m_save_fix: "保存更正", m_delete: "删除此条",
    m_cancel: "取消", m_by: "裁判", m_need_reason: "更正须写明原因和更正人。",
    m_need_fan: "请填写番数（至少 8 番）。", m_need_hand: "选牌器中有 {n} 张，和牌需 {m} 张。",
    m_totals: "总分", m_place: "名次", m_table_points: "标准分", m_total: "总分",
    m_needs: "追分", m_target: "超过", m_gap: "差距", m_off_them: "对点", m_off_other: "旁点",
    m_export: "导出", m_log: "更正记录", m_explain: "详情", m_hand_col: "盘", m_what: "内容",
    m_off: "{p} 点炮", m_link: "本场比赛链接", m_stale: "比赛已被他人修改，已重新载入，请核对后再录入。",
    m_any_win: "任意和牌", m_error: "未录入", m_during: "（第 {n} 盘中）", m_need_mcr: "比赛用国标麻将：请在顶部选择国标麻将后再用手牌录入。",
    // the edit key
    m_edit_link: "编辑链接", m_edit_link_note: "打开编辑链接的人都能录入和更正：只交给本桌裁判。",
    m_read_only: "只读：本设备没有此比赛的编辑密钥。要在本设备录入，请在本设备打开此比赛的编辑链接。",
    // the riichi hanchan sheet
    m_sheet_kind: "计分表", m_sheet_mcr: "国标麻将", m_sheet_riichi: "立直麻将 — {preset}", m_next_riichi: "下一局：{label}，庄家 {d}，场上立直棒 {s}",
    m_done_riichi: "本场比赛已结束（南四局之后）。", m_tsumo: "自摸", m_by_han: "番数与符数",
    m_by_tiles_riichi: "用选牌器中的手牌", m_han: "番", m_fu: "符", m_riichi: "立直", m_tenpai: "听牌",
    m_tiles_note_riichi: "在上方选牌器中组好和牌（立直麻将）；宝牌等取自和牌条件。",
    m_abortive: "途中流局", m_need_han: "请点选番数。", m_need_fu: "请点选符数（五番以下需要）。",
    m_need_riichi: "本场比赛为立直麻将：请在顶部选择立直麻将后再用手牌录入。",
    m_session: "顺位分", m_with_penalties: "含罚分",
    m_pao_row: "包牌：{p}", m_pao: "包牌者（大三元、大四喜）",
    m_yakuman: "役满", m_yakuman_n: "几倍役满",
    m_worth_han: "{h}番", m_worth_han_fu: "{h}番{f}符", m_worth_yakuman: "{n}倍役满",
    m_more_ron: "＋ 同一张牌另有一家和牌", m_drop_ron: "删除", m_winner_n: "第 {k} 和牌者",
    m_these_rules: "本规则", m_ron_needs_discard: "一炮多响须是同一张打出的牌：请选择放铳者。",
    m_head_bump: "{r} 采用截和（头跳）：一张牌只有一家和牌，即按顺序离放铳者最近的一家。请只录入这一家。",
    m_most_rons: "{r} 一张牌最多 {n} 家和牌。",
    m_most_rons_abortive: "{r} 一张牌最多 {n} 家和牌：再多一家即为途中流局（请录入流局并勾选途中流局）。",
    han: "番", han_col: "番", fu: "符", fu_breakdown: "符数明细", fu_rounded: "{raw} 符，进位到 10",
    dora_would: "手中的宝牌本可加 {han} 番。",
    cost_ron: "荣和：放铳者付 {n}", cost_tsumo_dealer: "自摸：每家各付 {n}",
    cost_tsumo: "自摸：闲家各付 {a}，庄家付 {b}",
    cost_honba_ron: "{h} 本场：放铳者另付 {n}（已计入结算）",
    cost_honba_tsumo: "{h} 本场：每家另付 {n}（已计入结算）",
    cost_sticks: "立直棒：和牌者另得 {n}（不在结算中）",
    pick_add: "选牌", pick_done: "完成", pick_remove: "点一下撤回",
  },
};

// context fields of every variant; "variant.field" where a variant means something else by it
const FIELDS = {
  base: ["Stake", "底分"], bombs: ["Bombs", "炸弹"], bullets: ["Bullets", "子弹"],
  dealer: ["Winner is the dealer", "庄家和牌"], dealer_bonus: ["Dealer bonus", "带庄"],
  dealer_first_discard: ["Won on the dealer's first discard", "地胡"], dealer_streak: ["Dealer streak", "连庄数"],
  declared: ["Declared ready", "报听"], dian_gang_bao_gang: ["Kong feeder pays", "点杠包杠"],
  dian_pao: ["Penalised discarder", "点炮者"], discarder: ["Discarder", "放炮者"],
  discarder_declared: ["Discarder had declared", "放炮者已报听"], exhausted: ["Wall exhausted", "荒庄"],
  flowers: ["Flowers", "花牌"], heavenly: ["Heavenly win", "天胡"], indicators: ["Indicators", "翻将"],
  kong_from: ["Kong feeders", "点杠者"], kong_replacement: ["Won on a kong replacement", "杠上开花"],
  kong_win: ["Kong win", "杠上开花 / 抢杠"], last_tile: ["Last of its kind", "和绝张"],
  last_wall: ["Last tile of the wall", "海底 / 妙手回春"], others: ["Other players' hands", "其他玩家手牌"],
  passed_hu: ["Passed a win", "过胡"], passed_win: ["Passed a win", "过胡"], ready: ["Declared ready", "报听"],
  rob_gold: ["Robbed the gold", "抢金"], role: ["Hand scored", "计分对象"], round_wind: ["Round wind", "圈风"],
  seat_wind: ["Seat wind", "门风"], self_draw: ["Self-drawn", "自摸"],
  thirteen_orphans: ["Allow Thirteen Orphans", "允许十三幺"], wild: ["Wild tile", "百搭"],
  win_tile: ["Winning tile", "和牌张"], you_jin: ["Running gold", "游金"],
  "nantong.last_tile": ["Last card of the stock", "海底捞月"], "fuzhou.wild": ["Gold", "金"],
  "huangyan.wild": ["Wild", "财神（得）"], "shanxi.wild": ["Mouse", "耗子"],
  riichi: ["Riichi", "立直"], double_riichi: ["Double riichi", "两立直"], ippatsu: ["Ippatsu", "一发"],
  first_turn: ["First turn, no call (tenhou / chiihou / renhou)", "天和 / 地和 / 人和"],
  dora_indicators: ["Dora indicators", "宝牌指示牌"], ura_dora_indicators: ["Ura-dora indicators", "里宝牌指示牌"],
  honba: ["Honba", "本场数"], riichi_sticks: ["Riichi sticks on the table", "场上立直棒"],
  "riichi.last_wall": ["Last tile (haitei / houtei)", "海底摸月 / 河底捞鱼"],
  "riichi.kong_win": ["Rinshan / chankan", "岭上开花 / 抢杠"],
};

// riichi: what the fu of a hand are made of (details.fu_items) and the limits (details.limit)
const FU = {
  base: ["base (fuutei)", "底符"], closed_ron: ["concealed ron", "门前荣和"], tsumo: ["tsumo", "自摸"],
  chiitoitsu: ["seven pairs", "七对子"], open_pinfu: ["open hand without fu", "副露平和型"],
  open_pon: ["open triplet", "明刻"], closed_pon: ["concealed triplet", "暗刻"],
  open_terminal_pon: ["open triplet of terminals or honours", "幺九明刻"],
  closed_terminal_pon: ["concealed triplet of terminals or honours", "幺九暗刻"],
  open_kan: ["open kan", "明杠"], closed_kan: ["concealed kan", "暗杠"],
  open_terminal_kan: ["open kan of terminals or honours", "幺九明杠"],
  closed_terminal_kan: ["concealed kan of terminals or honours", "幺九暗杠"],
  valued_pair: ["value pair", "役牌雀头"], double_valued_pair: ["double value pair", "连风雀头"],
  kanchan: ["closed wait", "嵌张听"], penchan: ["edge wait", "边张听"], pair_wait: ["pair wait", "单骑听"],
};

const LIMITS = {
  mangan: ["Mangan", "满贯"], haneman: ["Haneman", "跳满"], baiman: ["Baiman", "倍满"], sanbaiman: ["Sanbaiman", "三倍满"],
  kazoe_yakuman: ["Counted yakuman", "累计役满"], yakuman: ["Yakuman", "役满"],
};

const VALUES = {
  E: ["East", "东"], S: ["South", "南"], W: ["West", "西"], N: ["North", "北"],
  winner: ["the winner", "和牌者"], idle: ["a non-winner", "闲家"], true: ["yes", "是"], false: ["no", "否"],
};

const PRESETS = {
  spec: ["the written rules", "规则原文"], helper: ["as ChineseOfficialMahjongHelper", "同国标小助手"],
  mcr1998: ["the 1998 rules", "1998 年版"], golds_count: ["golds count as flowers", "金算花"],
  client: ["as the game client", "同游戏客户端"], js: ["as the Jiangsu app", "同江苏客户端"],
  tenhou: ["as Tenhou", "同天凤"], mahjongsoul: ["as Mahjong Soul", "同雀魂"],
  wrc: ["World Riichi Championship", "世界立直麻将锦标赛"], ema: ["European Mahjong Association", "欧洲麻将协会"],
};

const PRINCIPLES = {
  non_repetition: ["non-repetition", "不重复原则"], non_separation: ["non-separation", "不拆移原则"],
  non_identity: ["non-identity", "不得相同原则"], high_over_low: ["the higher scores", "就高不就低"],
  account_once: ["account once", "套算一次原则"],
  yakuman_only: ["a yakuman hand scores its yakuman only", "役满只计役满"],
  one_yakuman: ["one yakuman at most", "只计一个役满"],
};

// API error codes: the Chinese names the problem; the English message from the server is kept
const ERRORS = {
  too_many_copies: "牌数超过四张", tile_count: "张数不对", bad_meld: "不是吃、碰或杠", unknown_character: "无法识别的字符",
  foreign_tile: "此规则不用这张牌", empty_hand: "手牌为空", bad_context: "和牌条件有误", unknown_field: "未知条件",
  digit_without_suit: "数字后缺花色", suit_without_digit: "花色前缺数字", unclosed_bracket: "括号未闭合",
  unexpected_bracket: "多余的括号", bad_claim_digit: "副露来源数字有误", busy: "服务器忙，请稍后重试",
  time_budget: "计算超时", input_too_long: "输入过长", out_of_range: "数值超出范围", bad_request: "请求有误",
  network: "无法连接服务器", no_such_match: "没有这场比赛", stale_revision: "比赛已被修改", unknown_player: "不是本场选手",
  not_a_win: "不成和", below_minimum: "不够 8 番", bad_visible: "场上已见的牌有误", no_winner: "没有和牌者", store_unavailable: "比赛存储不可用",
};

let lang = "en";
export function setLang(l) { lang = LANGS.includes(l) ? l : "en"; }
export function getLang() { return lang; }

const pick = (pair) => (lang === "zh" ? pair[1] : pair[0]);

export function t(key, vars) {
  let s = UI[lang][key] ?? UI.en[key] ?? key;
  for (const [k, v] of Object.entries(vars || {})) s = s.replace(`{${k}}`, v);
  return s;
}

// a field unknown here (a new variant's) shows its id made readable, and its description as a tip
export function fieldLabel(variant, name) {
  const pair = FIELDS[`${variant}.${name}`] || FIELDS[name];
  return pair ? pick(pair) : name.replace(/_/g, " ");
}

export function valueLabel(v) {
  const pair = VALUES[String(v)];
  return pair ? pick(pair) : String(v);
}

export function presetLabel(name) {
  const pair = PRESETS[name];
  return pair ? `${name} — ${pick(pair)}` : name;
}

// a preset's short name, as a match sheet's kind says it ("Riichi — Tenhou")
const PRESET_NAMES = {
  tenhou: ["Tenhou", "天凤"], mahjongsoul: ["Mahjong Soul", "雀魂"], wrc: ["WRC", "WRC"], ema: ["EMA", "EMA"],
};

export function presetName(name) { return PRESET_NAMES[name] ? pick(PRESET_NAMES[name]) : name; }

export function fuLabel(reason) { return FU[reason] ? pick(FU[reason]) : reason.replace(/_/g, " "); }

// "2x_yakuman": a multiple of the yakuman's name
export function limitLabel(limit) {
  const times = /^(\d+)x_yakuman$/.exec(limit);
  if (times) return `${times[1]}× ${pick(LIMITS.yakuman)}`;
  return LIMITS[limit] ? pick(LIMITS[limit]) : limit.replace(/_/g, " ");
}

export function principleLabel(p) { return PRINCIPLES[p] ? pick(PRINCIPLES[p]) : p.replace(/_/g, " "); }

export function itemName(item) { return lang === "zh" ? item.name_zh || item.name : item.name; }
export function itemNames(item) {
  return lang === "zh" ? `${item.name_zh}　${item.name}` : `${item.name}　${item.name_zh}`;
}

export function errorLabel(code) { return lang === "zh" ? ERRORS[code] || "" : ""; }
