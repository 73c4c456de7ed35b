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
};

const VALUES = {
  E: ["East", "东"], S: ["South", "南"], W: ["West", "西"], N: ["North", "北"],
  winner: ["the winner", "和牌者"], idle: ["a non-winner", "闲家"], true: ["yes", "是"], false: ["no", "否"],
};

const PRESETS = {
  spec: ["the written rules", "规则原文"], helper: ["as ChineseOfficialMahjongHelper", "同国标小助手"],
  mcr1998: ["the 1998 rules", "1998 年版"], golds_count: ["golds count as flowers", "金算花"],
  client: ["as the game client", "同游戏客户端"], js: ["as the Jiangsu app", "同江苏客户端"],
};

const PRINCIPLES = {
  non_repetition: ["non-repetition", "不重复原则"], non_separation: ["non-separation", "不拆移原则"],
  non_identity: ["non-identity", "不得相同原则"], high_over_low: ["the higher scores", "就高不就低"],
  account_once: ["account once", "套算一次原则"],
};

// API error codes: the Chinese names the problem; the English message from the server is kept
const ERRORS = {
  too_many_copies: "牌数超过四张", tile_count: "张数不对", bad_meld: "不是吃、碰或杠", unknown_character: "无法识别的字符",
  foreign_tile: "此规则不用这张牌", empty_hand: "手牌为空", bad_context: "和牌条件有误", unknown_field: "未知条件",
  digit_without_suit: "数字后缺花色", suit_without_digit: "花色前缺数字", unclosed_bracket: "括号未闭合",
  unexpected_bracket: "多余的括号", bad_claim_digit: "副露来源数字有误", busy: "服务器忙，请稍后重试",
  time_budget: "计算超时", input_too_long: "输入过长", out_of_range: "数值超出范围", bad_request: "请求有误",
  network: "无法连接服务器",
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

export function principleLabel(p) { return PRINCIPLES[p] ? pick(PRINCIPLES[p]) : p.replace(/_/g, " "); }

export function itemName(item) { return lang === "zh" ? item.name_zh || item.name : item.name; }
export function itemNames(item) {
  return lang === "zh" ? `${item.name_zh}　${item.name}` : `${item.name}　${item.name_zh}`;
}

export function errorLabel(code) { return lang === "zh" ? ERRORS[code] || "" : ""; }
