// The match sheet tab for a riichi hanchan (docs/match.md#the-riichi-hanchan-sheet): the entry form
// (a win by han and fu in two taps, or as yakuman with its count and liable player, or by the hand in
// the picker; a draw with its tenpai players; riichi declarations; a penalty), the points, places and
// session scores, and the hands with their honba. MatchTab (match.js) does the rest: creating, the
// edit key, sending, corrections, exports.
"use strict";

import {presetName, t, valueLabel} from "./i18n.js";
import {el} from "./view.js";

const KINDS = ["win", "draw", "penalty"];
const KIND_LABEL = {win: "m_win", draw: "m_draw", penalty: "m_penalty", multiple_ron: "m_win"};
const HAN = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13];  // every count, so that the sheet records the han as scored
const FU = [20, 25, 30, 40, 50, 60, 70, 80, 90, 100, 110];
const MANGAN_HAN = 5;  // from 5 han the fu no longer count
const YAKUMAN = [1, 2, 3, 4, 5, 6];  // how many yakuman a win may count (scorer/match/riichi_model.py RiichiWin)
// how many winners one discard may have, by the rules' multiple_ron (scorer/match/riichi_rules.py MOST_RONS)
const MOST_RONS = {head_bump: 1, double: 2, triple: 3};
// what a win given as tiles may carry beyond its tiles: seats, discarder, riichi, honba, sticks come from the sheet
const WIN_CONTEXT = ["double_riichi", "ippatsu", "last_wall", "kong_win", "first_turn", "dora_indicators",
                     "ura_dora_indicators"];

const signed = (n) => (n > 0 ? `+${n}` : String(n));
const session = (x) => signed(Math.round(x * 100) / 100);

function field(labelKey, control) {
  return el("label", {class: "field"}, el("span", {text: t(labelKey)}), control);
}

function select(id, options, value) {
  const s = el("select", {id}, options.map(([v, label]) => el("option", {value: v, text: label})));
  s.value = value ?? (options[0] ? options[0][0] : "");
  return s;
}

// a winner's value before any tap, and as an entry gives it (to correct it)
const unvalued = () => ({han: null, fu: null, yakuman: null, pao: null});
const valuedAs = (w) => ({han: w.han ?? null, fu: w.fu ?? null, yakuman: w.yakuman ?? null, pao: w.pao ?? null});
// the fu count only below 5 han, and not for a yakuman
const fuOff = (w) => w.yakuman !== null || (w.han !== null && w.han >= MANGAN_HAN);

export class HanchanView {
  constructor(tab) {
    this.tab = tab;  // the MatchTab: its match, players(), value(), say(), render(), deps
    this.sent();
  }

  // how many winners one discard may have under the match's rules
  mostRons() { return MOST_RONS[this.sheet().rules.multiple_ron] || 1; }

  sheet() { return this.tab.match.sheet; }
  kinds() { return KINDS; }
  kindLabel(kind) { return KIND_LABEL[kind]; }
  modes() { return ["hanfu", "tiles"]; }

  nextLine() {
    const next = this.sheet().next;
    return next ? t("m_next_riichi", {label: `${next.label}-${next.honba}`, d: next.dealer, s: next.sticks})
                : t("m_done_riichi");
  }

  playerOptions(row) {
    const seats = row ? row.seats : this.sheet().next && this.sheet().next.seats;
    return this.tab.players().map((p) => [p, seats && seats[p] ? `${p} (${valueLabel(seats[p])})` : p]);
  }

  // a check box per player, e.g. who declared riichi, who was tenpai
  checks(prefix, labelKey, chosen) {
    return el("fieldset", {class: "m-checks", id: `m-${prefix}`}, el("legend", {text: t(labelKey)}),
      this.tab.players().map((p, i) => el("label", {class: "check"},
        el("input", {type: "checkbox", id: `m-${prefix}-${i}`, "data-player": p, checked: (chosen || []).includes(p)}), ` ${p}`)));
  }

  checked(prefix) {
    return this.tab.players().filter((_, i) => {
      const box = this.tab.root.querySelector(`#m-${prefix}-${i}`);
      return box && box.checked;
    });
  }

  // a row of buttons, one tapped at a time; a tap marks it in place (the rest of the form keeps
  // what was chosen in it)
  taps(id, values, chosen, pick) {
    return el("div", {class: "m-taps", id, role: "group"}, values.map((v) => {
      const b = el("button", {type: "button", "data-value": String(v), text: String(v),
                              "aria-pressed": String(chosen === v), class: chosen === v ? "armed" : ""});
      b.addEventListener("click", () => { pick(v); this.marked(); });
      return b;
    }));
  }

  // the han, fu and yakuman taps as chosen; the fu are off from 5 han and for a yakuman, whose count
  // and liable player show only when it is chosen
  marked() {
    const root = this.tab.root;
    const mark = (b, on) => { b.setAttribute("aria-pressed", String(on)); b.classList.toggle("armed", on); };
    [["", this], ...this.others.map((o, i) => [String(i + 2), o])].forEach(([k, w]) => {
      for (const b of root.querySelectorAll(`#m-han${k} button[data-value]`)) mark(b, Number(b.dataset.value) === w.han);
      for (const b of root.querySelectorAll(`#m-fu${k} button`)) {
        mark(b, Number(b.dataset.value) === w.fu);
        b.disabled = fuOff(w);
      }
      for (const b of root.querySelectorAll(`#m-yakuman-n${k} button`)) mark(b, Number(b.dataset.value) === w.yakuman);
      const chip = root.querySelector(`#m-yakuman${k}`);
      if (chip) mark(chip, w.yakuman !== null);
      const more = root.querySelector(`#m-yakuman-row${k}`);
      if (more) more.hidden = w.yakuman === null;
    });
  }

  // the han and fu of one winner (``w`` holds han, fu, yakuman, pao): a han tap, then a fu tap; or the
  // yakuman chip beside the han (one yakuman), then its count and the liable player (pao) if any
  hanFu(suffix, w, opts) {
    const hanTaps = this.taps(`m-han${suffix}`, HAN, w.han, (v) => { w.han = v; w.yakuman = null; });
    const chip = el("button", {type: "button", id: `m-yakuman${suffix}`, text: t("m_yakuman"),
                               "aria-pressed": String(w.yakuman !== null), class: w.yakuman !== null ? "armed" : ""});
    chip.addEventListener("click", () => { w.han = null; w.fu = null; w.yakuman = w.yakuman ?? 1; this.marked(); });
    hanTaps.append(chip);
    const fuTaps = this.taps(`m-fu${suffix}`, FU, w.fu, (v) => { w.fu = v; });
    for (const b of fuTaps.querySelectorAll("button")) b.disabled = fuOff(w);
    const pao = select(`m-pao${suffix}`, [["", "—"], ...opts], w.pao ?? "");
    pao.addEventListener("change", () => { w.pao = pao.value || null; });
    const more = el("div", {id: `m-yakuman-row${suffix}`, class: "m-yakuman", hidden: w.yakuman === null},
      field("m_yakuman_n", this.taps(`m-yakuman-n${suffix}`, YAKUMAN, w.yakuman, (v) => { w.yakuman = v; })),
      field("m_pao", pao));
    return [field("m_han", hanTaps), field("m_fu", fuTaps), more];
  }

  // the other winners on the same discard, each with its own han and fu (winner 2, 3), and the
  // button that adds one: as many as the rules allow, else it says why not (head bump, the most)
  otherWinners(opts) {
    const slots = el("div", {id: "m-others"});
    const slot = (i) => {
      const o = this.others[i];
      const k = i + 2;
      const drop = el("button", {type: "button", class: "link m-drop", id: `m-drop${k}`, text: t("m_drop_ron")});
      drop.addEventListener("click", () => { this.others.splice(i, 1); this.redrawOthers(slots, opts, slot); });
      const who = select(`m-winner${k}`, opts, o.winner);
      who.addEventListener("change", () => { o.winner = who.value; });
      return el("div", {id: `m-win${k}`, class: "m-second"},
        el("div", {class: "row"}, el("label", {class: "field"}, el("span", {text: t("m_winner_n", {k})}), who), drop),
        this.hanFu(String(k), o, opts));
    };
    this.redrawOthers(slots, opts, slot);
    const more = el("button", {type: "button", id: "m-more", class: "secondary", text: t("m_more_ron")});
    more.addEventListener("click", () => {
      const refused = this.refusedRon();
      if (refused) { this.tab.say(...refused); return; }
      this.others.push({winner: this.freePlayer(), ...unvalued()});
      this.redrawOthers(slots, opts, slot);
    });
    return [slots, more];
  }

  redrawOthers(slots, opts, slot) {
    slots.replaceChildren(...this.others.map((_, i) => slot(i)));
    this.marked();
  }

  // why one more winner on this discard is refused ([key, vars]), or null
  refusedRon() {
    const rules = this.sheet().rules;
    const named = rules.preset ? presetName(rules.preset) : t("m_these_rules");
    if (!this.tab.value("m-from")) return ["m_ron_needs_discard"];
    const most = this.mostRons();
    if (most === 1) return ["m_head_bump", {r: named}];
    // a ron past the most is an abortive draw where the rules have them (a fourth winner cannot be)
    const abortive = rules.abortive_draws && most < 3;
    if (1 + this.others.length >= most) return [abortive ? "m_most_rons_abortive" : "m_most_rons", {r: named, n: most}];
    return null;
  }

  // the first player not yet winning on this discard nor discarding it: the next winner's default
  freePlayer() {
    const taken = [this.tab.value("m-winner"), this.tab.value("m-from"), ...this.others.map((o) => o.winner)];
    return this.tab.players().find((p) => !taken.includes(p)) || this.tab.players()[0];
  }

  form(fix) {
    const entry = fix ? fix.entry : {};
    const kind = this.tab.kind;
    const opts = this.playerOptions(fix);
    const body = [];
    if (kind === "win") {
      const win = entry.wins ? entry.wins[0] : entry;
      if (fix && this.han === null && this.yakuman === null && (win.han || win.yakuman)) {
        Object.assign(this, valuedAs(win));
        this.others = (entry.wins || []).slice(1).map((w) => ({winner: w.winner, ...valuedAs(w)}));
      }
      const modes = el("div", {class: "row m-modes"}, this.modes().map((mode) => {
        const input = el("input", {type: "radio", name: "m-mode", id: `m-mode-${mode}`, value: mode, checked: this.tab.mode === mode});
        input.addEventListener("change", () => { this.tab.mode = mode; this.tab.render(); });
        return el("label", {class: "check"}, input, ` ${t(mode === "hanfu" ? "m_by_han" : "m_by_tiles_riichi")}`);
      }));
      body.push(el("div", {class: "m-grid"},
        field("m_winner", select("m-winner", opts, win.winner)),
        field("m_from", select("m-from", [["", t("m_tsumo")], ...opts], win.from ?? ""))), modes);
      if (this.tab.mode === "hanfu") {
        body.push(...this.hanFu("", this, opts), ...this.otherWinners(opts));
      } else {
        const p = this.tab.deps.picker();
        body.push(el("p", {class: "hint", id: "m-tiles-note", text: `${t("m_tiles_note_riichi")} ${p.text || "—"}`}),
                  field("m_pao", select("m-pao", [["", "—"], ...opts], win.pao ?? "")));
      }
      body.push(this.checks("riichi", "m_riichi", entry.riichi));
    } else if (kind === "draw") {
      body.push(this.checks("tenpai", "m_tenpai", entry.tenpai), this.checks("riichi", "m_riichi", entry.riichi));
      if (this.sheet().rules.abortive_draws) {
        body.push(el("label", {class: "check"}, el("input", {type: "checkbox", id: "m-abortive", checked: Boolean(entry.abortive)}),
                     ` ${t("m_abortive")}`));
      }
    } else {
      const given = entry.penalty || {};
      body.push(el("div", {class: "m-grid"}, this.tab.players().map((p, i) => el("label", {class: "field"},
        el("span", {text: `${p} (${t("m_points")})`}),
        el("input", {id: `m-pen-${i}`, type: "number", step: "100", inputmode: "numeric",
                     value: given[p] !== undefined ? String(given[p]) : ""})))),
      field("m_reason", el("input", {id: "m-reason", type: "text", maxlength: "200", value: entry.reason || ""})));
    }
    return body;
  }

  // the entry the form describes, or null with the reason said
  entry() {
    const riichi = this.checked("riichi");
    const withRiichi = (e) => (riichi.length ? {...e, riichi} : e);
    if (this.tab.kind === "draw") {
      const abortive = this.tab.root.querySelector("#m-abortive");
      if (abortive && abortive.checked) return withRiichi({draw: true, abortive: true});
      return withRiichi({draw: true, tenpai: this.checked("tenpai")});
    }
    if (this.tab.kind === "penalty") {
      const penalty = {};
      this.tab.players().forEach((p, i) => {
        const v = this.tab.value(`m-pen-${i}`);
        if (v !== "" && Number(v) !== 0) penalty[p] = Number(v);
      });
      return {penalty, reason: this.tab.value("m-reason")};
    }
    const win = {winner: this.tab.value("m-winner"), from: this.tab.value("m-from") || null};
    if (this.tab.mode === "hanfu") {
      if (this.others.length && !win.from) { this.tab.say("m_ron_needs_discard"); return null; }
      const first = this.valued(win, this);
      if (!first) return null;
      if (!this.others.length) return withRiichi(first);
      const wins = [first];
      for (const o of this.others) {
        const next = this.valued({winner: o.winner, from: win.from}, o);
        if (!next) return null;
        wins.push(next);
      }
      return withRiichi({wins});
    }
    const p = this.tab.deps.picker();
    if (this.tab.value("m-pao")) win.pao = this.tab.value("m-pao");
    if (p.variant !== "riichi") { this.tab.say("m_need_riichi"); return null; }
    if (!p.external && p.count !== p.full) { this.tab.say("m_need_hand", {n: p.count, m: p.full}); return null; }
    const ctx = this.tab.deps.context();
    const context = Object.fromEntries(WIN_CONTEXT.filter((k) => ctx[k] !== undefined).map((k) => [k, ctx[k]]));
    return withRiichi(Object.keys(context).length ? {...win, hand: p.text, context} : {...win, hand: p.text});
  }

  // a win with its han (and fu below 5 han), or its yakuman count and liable player, or null with
  // what is missing said
  valued(win, {han, fu, yakuman, pao}) {
    if (yakuman !== null) return pao ? {...win, yakuman, pao} : {...win, yakuman};
    if (han === null) { this.tab.say("m_need_han"); return null; }
    if (han < MANGAN_HAN && fu === null) { this.tab.say("m_need_fu"); return null; }
    return han < MANGAN_HAN ? {...win, han, fu} : {...win, han};
  }

  // after an entry is sent: the han, fu and yakuman taps start again
  sent() { Object.assign(this, unvalued()); this.others = []; }

  startFix(row) {
    this.sent();
    const win = row.entry.wins ? row.entry.wins[0] : row.entry;
    return {kind: row.kind === "multiple_ron" ? "win" : row.kind, mode: win.hand ? "tiles" : "hanfu", hand: win.hand,
            context: win.context || {}};
  }

  what(row) {
    if (row.kind === "penalty") return `${t("m_penalty")}: ${row.reason}`;
    const parts = (row.wins || []).map((w) => {
      const worth = w.yakuman ? t("m_worth_yakuman", {n: w.yakuman})
        : w.fu && w.han < MANGAN_HAN ? t("m_worth_han_fu", {h: w.han, f: w.fu}) : t("m_worth_han", {h: w.han});
      const pao = w.pao ? ` (${t("m_pao_row", {p: w.pao})})` : "";
      return `${w.winner} ${worth} ${w.self_draw ? t("m_tsumo") : t("m_off", {p: w.from})}${pao}`;
    });
    if (row.kind === "draw") {
      parts.push(row.abortive ? t("m_abortive") : `${t("m_draw")}, ${t("m_tenpai")}: ${row.tenpai.join(", ") || "—"}`);
    }
    if (row.riichi.length) parts.push(`${t("m_riichi")}: ${row.riichi.join(", ")}`);
    return parts.join("; ");
  }

  totalsTable() {
    const sheet = this.sheet();
    const order = [...this.tab.players()].sort((a, b) => sheet.places[a] - sheet.places[b]);
    const penalties = sheet.penalties.length > 0;
    const heads = [t("m_player"), t("m_points"), t("m_place"), t("m_session"), ...(penalties ? [t("m_with_penalties")] : [])];
    // each value carries its heading (data-label): a narrow screen stacks the rows as cards
    const cell = (i, text, num = true) => el("td", {class: num ? "num" : "", text, "data-label": heads[i]});
    return el("table", {id: "m-totals", class: "m-totals m-hanchan-totals"},
      el("thead", {}, el("tr", {}, heads.map((h) => el("th", {text: h})))),
      el("tbody", {}, order.map((p) => el("tr", {"data-player": p, "data-points": String(sheet.final_points[p]),
                                                 "data-place": String(sheet.places[p]), "data-session": sheet.session_scores_exact[p]},
        cell(0, p, false), cell(1, String(sheet.final_points[p])), cell(2, String(sheet.places[p])),
        cell(3, session(sheet.session_scores[p])), penalties ? cell(4, session(sheet.scores[p])) : null))));
  }

  handsTable() {
    const sheet = this.sheet();
    if (!sheet.hands.length) return null;
    const players = this.tab.players();
    const editable = this.tab.editable();
    return el("div", {class: "scroll-x"}, el("table", {id: "m-sheet", class: "m-sheet m-hanchan"},
      el("thead", {}, el("tr", {}, ["#", t("m_hand_col"), t("m_what"), ...players].map((h) => el("th", {text: h})))),
      el("tbody", {}, sheet.hands.map((row) => {
        const fix = editable ? el("button", {type: "button", class: "link m-fix", "data-n": String(row.n), text: t("m_fix")}) : null;
        if (fix) fix.addEventListener("click", () => this.tab.startFix(row));
        let why = null;
        if ((row.wins || []).some((w) => w.scored)) {
          why = el("button", {type: "button", class: "link m-why", "data-n": String(row.n), text: t("m_explain")});
          why.addEventListener("click", () => this.tab.explain(row.n));
        }
        const winners = (row.wins || []).map((w) => w.winner);
        return el("tr", {"data-n": String(row.n), "data-kind": row.kind,
                         class: this.tab.fixing && this.tab.fixing.n === row.n ? "fixing" : ""},
          el("td", {class: "num", text: String(row.n)}),
          el("td", {text: row.label ? `${row.label}-${row.honba}` : ""}),
          el("td", {class: "m-what"}, this.what(row), " ", why, why ? " " : "", fix),
          players.map((p) => el("td", {class: `num ${winners.includes(p) ? "m-won" : ""}`, "data-player": p,
                                       "data-delta": String(row.deltas[p])},
            `${signed(row.deltas[p])}${row.dealer === p ? "*" : ""}`, el("small", {text: String(row.points[p])}))));
      }))));
  }

  needsTable() { return null; }
}

// the sheets a new match may be: MCR, or a riichi hanchan under one of the presets
const NEW_SHEET_IDS = ["mcr", ...["wrc", "ema", "mahjongsoul", "tenhou"].map((p) => `riichi:${p}`)];

// each sheet a new match may be, with its name in the page's language
export function newSheets() {
  return NEW_SHEET_IDS.map((id) => {
    const preset = id.split(":")[1];
    return [id, preset ? t("m_sheet_riichi", {preset: presetName(preset)}) : t("m_sheet_mcr")];
  });
}

// the record a new match of the chosen sheet starts with
export function newRecord(chosen, players, title) {
  const [variant, preset] = chosen.split(":");
  const record = variant === "riichi" ? {variant, players, rules: {preset}} : {players};
  return title ? {...record, title} : record;
}
