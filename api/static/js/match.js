// The match sheet tab (docs/match.md#http-api): create or reopen an MCR match (or a riichi hanchan,
// whose form and tables are hanchan.js's, chosen by the sheet's variant), enter each hand
// (a win by its fan total or by the hand in the picker, a draw, a hand not played, a false win, a
// penalty), correct or delete one with a reason, and read the sheet: running totals, places,
// table points, 追分 and the exports. The open match's id is kept on the device and in the link.
// A change needs the match's edit key: kept on the device that created the match, and in its
// "link to edit" (the key in the link's #fragment, which no server sees), which stores it on the
// device that opens it; without it the sheet is read only.
// The header's variant is the open match's: opening or creating a match sets it (and the rules to
// the sheet's scoring preset); the header changed to another variant, or a link naming another
// variant than the match kept on the device, puts the match aside (one tap reopens it); with no match
// open, the new sheet's kind and the header follow each other.
"use strict";

import * as api from "./api.js";
import {errorLabel, getLang, t, valueLabel} from "./i18n.js";
import {HanchanView, newRecord, newSheets} from "./hanchan.js";
import {el, errorLines, labelCells, renderErrors} from "./view.js";

const STORE_KEY = "mjscore.match";
const BY_KEY = "mjscore.referee";
const EDIT_KEY = "mjscore.matchKey.";  // + the match id: that match's edit key
const KEY_REFUSED = ["key_required", "bad_authorization", "wrong_key", "read_only_match"];
// a link to edit, ?tab=match&match=ID#key=KEY: the key is taken before the page rewrites its
// address, and the address shown at once without it
const LINK_KEY = new URLSearchParams(location.hash.slice(1)).get("key") || "";
if (LINK_KEY) history.replaceState(null, "", `${location.pathname}${location.search}`);
const WINDS = ["E", "S", "W", "N"];
const KINDS = ["win", "draw", "not_played", "false_win", "penalty"];
const KIND_LABEL = {win: "m_win", draw: "m_draw", not_played: "m_not_played", false_win: "m_false_win", penalty: "m_penalty"};
// what a win given as tiles may carry beyond its tiles: the rest (seats, discarder) comes from the match
const WIN_CONTEXT = ["flowers", "last_tile", "kong_win", "last_wall", "win_tile"];
// the views of the sheets other than MCR's (which is this file's own), by the sheet's variant
const VIEWS = {riichi: HanchanView};

function remember(key, value) {
  try { if (value) localStorage.setItem(key, value); else localStorage.removeItem(key); } catch { /* storage may be off */ }
}

function recall(key) {
  try { return localStorage.getItem(key) || ""; } catch { return ""; }
}

const sheetVariant = (body) => body.sheet.variant || "mcr";
const signed = (n) => (n > 0 ? `+${n}` : String(n));
const windLabel = (w) => valueLabel(w);  // East … / 东 …

function select(id, options, value) {
  const s = el("select", {id}, options.map(([v, label]) => el("option", {value: v, text: label})));
  s.value = value ?? (options[0] ? options[0][0] : "");
  return s;
}

function field(labelKey, control) {
  return el("label", {class: "field"}, el("span", {text: t(labelKey)}), control);
}

export class MatchTab {
  // deps: picker() the hand in the picker, context() its context form, load(hand, context) to put
  // a hand back in them, layout() to show or hide the picker, explain(result) to draw a hand's
  // explanation, follow(variant, preset, chosen) to put the page (header, picker, rules) in a sheet's
  // variant, variantName(id) to name a variant
  constructor(root, deps) {
    this.root = root;
    this.deps = deps;
    this.match = null;   // the last answer of the API: {id, revision, record, sheet}
    this.kind = "win";
    this.mode = "fan";
    this.fixing = null;  // the row being corrected
    this.busy = false;
    this.views = {};
    this.aside = null;   // the match the header's variant put aside: {id, variant}
    this.formVariant = "mcr";  // the variant of the sheet the form's kind and mode were last chosen for
  }

  // the view of the open sheet when it is not an MCR match (null: this file's MCR view)
  view() {
    const variant = this.match && this.match.sheet.variant;
    if (!variant || !VIEWS[variant]) return null;
    this.views[variant] ||= new VIEWS[variant](this);
    return this.views[variant];
  }

  id() { return this.match ? this.match.id : null; }
  editKey() { return this.match ? recall(EDIT_KEY + this.match.id) : ""; }
  editable() { return Boolean(this.editKey()); }
  wantsTiles() { return this.match !== null && this.kind === "win" && this.mode === "tiles"; }
  variant() { return this.match ? sheetVariant(this.match) : "mcr"; }

  // the match the link names, else the one kept on the device unless the link names another variant
  async start(id, linkVariant) {
    if (id && LINK_KEY) remember(EDIT_KEY + id, LINK_KEY);  // a link to edit: the key kept on this device
    const wanted = id || recall(STORE_KEY);
    if (wanted) await this.load(wanted, id ? null : linkVariant);
    else this.render();
  }

  // ``unless``: a variant the match must be of to open, else it is put aside
  async load(id, unless = null) {
    const answer = await api.readMatch(id);
    if (answer.ok && unless && sheetVariant(answer.body) !== unless) {
      this.aside = {id, variant: sheetVariant(answer.body)};
      this.render();
    } else if (answer.ok) this.opened(answer.body);
    else {
      if (answer.body && answer.body.error && answer.body.error.code === "no_such_match") remember(STORE_KEY, "");
      this.match = null;
      this.render();
      this.error(answer.body);
    }
  }

  opened(body) {
    const shown = this.id();
    this.match = body;
    this.aside = null;
    if (this.variant() !== this.formVariant) {  // another kind of sheet than the form's last: its own first kind and mode
      this.formVariant = this.variant();
      this.kind = "win";
      this.mode = this.view() ? this.view().modes()[0] : "fan";
    }
    if (body.id !== shown) this.deps.follow(this.variant(), body.sheet.rules && body.sheet.rules.scoring, false);
    remember(STORE_KEY, body.id);
    this.render();
    const q = new URLSearchParams(location.search);
    q.set("tab", "match");
    q.set("match", body.id);
    history.replaceState(null, "", `${location.pathname}?${q}`);
  }

  // the header's variant was changed to ``variant``: a match of another variant is put aside, the
  // new sheet's kind follows the header
  variantChosen(variant) {
    if (this.match && this.variant() !== variant) {
      this.aside = {id: this.match.id, variant: this.variant()};  // still kept on the device
      this.match = null;
      this.fixing = null;
      const q = new URLSearchParams(location.search);
      q.delete("match");
      history.replaceState(null, "", `${location.pathname}?${q}`);
      this.render();
      return;
    }
    const kind = this.root.querySelector("#m-sheet-kind");
    if (kind) kind.value = this.sheetFor(variant);
  }

  // the new sheet the page's variant and rules preset make: that preset's hanchan for riichi, MCR else
  sheetFor(variant) {
    const p = this.deps.picker();
    const ids = newSheets().map(([id]) => id);
    if (ids.includes(`${variant}:${p.preset}`)) return `${variant}:${p.preset}`;
    return ids.find((id) => id.split(":")[0] === variant) || ids[0];
  }

  msg() { return this.root.querySelector("#m-msg"); }

  error(body) {
    renderErrors(this.msg(), errorLines(body, null), errorLabel);
    const head = this.msg().querySelector(".error-head");
    if (head) head.textContent = t("m_error");  // nothing was scored: say nothing was entered
    this.msg().scrollIntoView({block: "nearest"});
  }

  say(key, vars) {
    this.msg().replaceChildren(el("div", {class: "error", role: "alert"}, el("p", {text: t(key, vars)})));
  }

  render() {
    this.root.replaceChildren(...(this.match ? this.sheetView() : this.setupView()));
    this.deps.layout();
  }

  // ------------------------------------------------------------------------------ no match open

  setupView() {
    const players = el("div", {class: "m-players"}, WINDS.map((w, i) =>
      el("label", {class: "field"}, el("span", {text: windLabel(w)}),
         el("input", {id: `m-p${i}`, type: "text", maxlength: "32", autocomplete: "off", autocapitalize: "words"}))));
    const create = el("button", {type: "button", id: "m-create", class: "primary", text: t("m_create")});
    create.addEventListener("click", () => this.create());
    const openId = el("input", {id: "m-open-id", type: "text", maxlength: "32", autocomplete: "off", spellcheck: "false",
                                autocapitalize: "off"});
    const open = el("button", {type: "button", id: "m-open", text: t("m_open")});
    open.addEventListener("click", () => { const v = openId.value.trim(); if (v) this.load(v); });
    const kind = select("m-sheet-kind", newSheets(), this.sheetFor(this.deps.picker().variant));
    kind.addEventListener("change", () => { const [variant, preset] = kind.value.split(":"); this.deps.follow(variant, preset, true); });
    return [
      this.asideNote(),
      el("h3", {text: t("m_new")}),
      field("m_sheet_kind", kind),
      field("m_match_title", el("input", {id: "m-title", type: "text", maxlength: "100", autocomplete: "off"})),
      el("p", {class: "hint", text: t("m_players")}),
      players,
      el("div", {class: "row"}, create),
      el("div", {id: "m-msg", "aria-live": "polite"}),
      el("h3", {text: t("m_open")}),
      el("div", {class: "row"}, field("m_open_id", openId), open),
    ].filter(Boolean);
  }

  // the match put aside by the header's variant, and the button that reopens it
  asideNote() {
    if (!this.aside) return null;
    const {id, variant} = this.aside;
    const reopen = el("button", {type: "button", id: "m-reopen", text: t("m_reopen", {id})});
    reopen.addEventListener("click", () => this.load(id));
    return el("div", {id: "m-set-aside", class: "m-set-aside"},
      el("p", {class: "hint", text: t("m_set_aside", {id, v: this.deps.variantName(variant)})}), reopen);
  }

  async create() {
    const players = WINDS.map((_, i) => this.root.querySelector(`#m-p${i}`).value.trim());
    if (players.some((p) => !p) || new Set(players.map((p) => p.toLowerCase())).size !== 4) { this.say("m_need_players"); return; }
    const title = this.root.querySelector("#m-title").value.trim();
    const answer = await api.createMatch(newRecord(this.value("m-sheet-kind") || "mcr", players, title));
    if (answer.ok) {
      remember(EDIT_KEY + answer.body.id, answer.body.edit_key);
      delete answer.body.edit_key;
      this.opened(answer.body);
    } else this.error(answer.body);
  }

  // ------------------------------------------------------------------------------ a match open

  sheetView() {
    const {sheet, id, exports} = this.match;
    const close = el("button", {type: "button", id: "m-close", text: t("m_close")});
    close.addEventListener("click", () => {
      this.match = null; this.fixing = null; this.aside = null; remember(STORE_KEY, ""); this.render();
    });
    const link = `${location.pathname}?tab=match&match=${encodeURIComponent(id)}&lang=${getLang()}`;
    const next = sheet.next;
    return [
      el("div", {class: "row spread m-head"},
        el("strong", {id: "m-name", text: sheet.title || sheet.players.join(" · ")}),
        el("code", {id: "m-id", text: id})),
      el("div", {class: "row"}, el("a", {id: "m-link", href: link, text: t("m_link")}), close),
      this.keyNote(link),
      el("p", {id: "m-next", class: "m-next", "data-hand": next ? String(next.hand ?? next.label) : "",
               text: this.view() ? this.view().nextLine()
                 : next ? t("m_next", {n: next.hand, label: getLang() === "zh" ? next.label_zh : next.label, d: next.dealer})
                   : t("m_done")}),
      this.editable() ? this.entryForm() : null,
      el("div", {id: "m-msg", "aria-live": "polite"}),
      el("h3", {text: t("m_totals")}),
      (this.view() || this).totalsTable(),
      (this.view() || this).handsTable(),
      (this.view() || this).needsTable(),
      el("h3", {text: t("m_export")}),
      el("p", {class: "row m-export"}, (exports || []).map((f) =>
        el("a", {href: api.exportUrl(id, f), download: "", "data-format": f, text: f.toUpperCase()}))),
      this.logList(),
    ].filter(Boolean);
  }

  // the link to edit (with the key), or why the sheet is read only
  keyNote(link) {
    const key = this.editKey();
    if (!key) return el("p", {id: "m-read-only", class: "hint m-read-only", text: t("m_read_only")});
    return el("p", {class: "m-edit"}, el("a", {id: "m-edit-link", href: `${link}#key=${encodeURIComponent(key)}`, text: t("m_edit_link")}),
              " ", el("small", {text: t("m_edit_link_note")}));
  }

  players() { return this.match.sheet.players; }

  // each player with the seat wind of the hand being entered
  playerOptions(row) {
    const seats = row ? row.seats : this.match.sheet.next && this.match.sheet.next.seats;
    return this.players().map((p) => [p, seats && seats[p] ? `${p} (${windLabel(seats[p])})` : p]);
  }

  entryForm() {
    const fix = this.fixing;
    const entry = fix ? fix.entry : {};
    const view = this.view();
    const kinds = el("div", {class: "m-kinds", role: "group"}, (view ? view.kinds() : KINDS).map((k) => {
      const b = el("button", {type: "button", "data-kind": k, "aria-pressed": String(this.kind === k),
                              text: t(view ? view.kindLabel(k) : KIND_LABEL[k]),
                              class: this.kind === k ? "armed" : ""});
      b.addEventListener("click", () => { this.kind = k; this.render(); });
      return b;
    }));
    const opts = this.playerOptions(fix);
    const body = view ? view.form(fix) : [];
    if (view) { /* the view's own form */ } else if (this.kind === "win") {
      const modes = el("div", {class: "row m-modes"}, ["fan", "tiles"].map((mode) => {
        const input = el("input", {type: "radio", name: "m-mode", id: `m-mode-${mode}`, value: mode, checked: this.mode === mode});
        input.addEventListener("change", () => { this.mode = mode; this.render(); });
        return el("label", {class: "check"}, input, ` ${t(mode === "fan" ? "m_by_fan" : "m_by_tiles")}`);
      }));
      body.push(el("div", {class: "m-grid"},
        field("m_winner", select("m-winner", opts, entry.winner)),
        field("m_from", select("m-from", [["", t("m_self")], ...opts], entry.from ?? ""))), modes);
      if (this.mode === "fan") {
        body.push(field("m_fan", el("input", {id: "m-fan", type: "number", min: "8", max: "1000", inputmode: "numeric",
                                              value: fix && fix.fan ? String(fix.fan) : ""})));
      } else {
        const p = this.deps.picker();
        body.push(el("p", {class: "hint", id: "m-tiles-note", text: `${t("m_tiles_note")} ${p.text || "—"}`}));
      }
    } else if (this.kind === "false_win") {
      body.push(el("div", {class: "m-grid"}, field("m_offender", select("m-offender", opts, entry.false_win)),
                   field("m_reason", el("input", {id: "m-reason", type: "text", maxlength: "200", value: entry.reason || ""}))));
    } else if (this.kind === "penalty") {
      const given = entry.penalty || {};
      body.push(el("div", {class: "m-grid"}, this.players().map((p, i) => el("label", {class: "field"},
        el("span", {text: `${p} (${t("m_points")})`}),
        el("input", {id: `m-pen-${i}`, type: "number", inputmode: "numeric", value: given[p] !== undefined ? String(given[p]) : ""})))),
      field("m_reason", el("input", {id: "m-reason", type: "text", maxlength: "200", value: entry.reason || ""})));
    } else {
      body.push(field("m_note", el("input", {id: "m-note", type: "text", maxlength: "200", value: entry.note || ""})));
    }
    const actions = el("div", {class: "row actions"});
    if (fix) {
      body.unshift(el("p", {id: "m-fixing", class: "m-fixing", text: t("m_fixing", {n: fix.n})}));
      body.push(el("div", {class: "m-grid"},
        field("m_by", el("input", {id: "m-by", type: "text", maxlength: "32", value: recall(BY_KEY)})),
        field("m_reason", el("input", {id: "m-fix-reason", type: "text", maxlength: "200"}))));
      const save = el("button", {type: "button", id: "m-save", class: "primary", text: t("m_save_fix")});
      save.addEventListener("click", () => this.correct("edit"));
      const del = el("button", {type: "button", id: "m-delete", text: t("m_delete")});
      del.addEventListener("click", () => this.correct("delete"));
      const cancel = el("button", {type: "button", id: "m-cancel", text: t("m_cancel")});
      cancel.addEventListener("click", () => { this.fixing = null; this.render(); });
      actions.append(save, del, cancel);
    } else {
      const add = el("button", {type: "button", id: "m-add", class: "primary", text: t("m_add"),
                                disabled: !this.match.sheet.next && this.kind !== "false_win" && this.kind !== "penalty"});
      add.addEventListener("click", () => this.add());
      actions.append(add);
    }
    return el("div", {id: "m-entry", class: `m-entry ${fix ? "fixing" : ""}`}, kinds, ...body, actions);
  }

  // the hand a win by tiles will send, shown as the picker changes
  pickerChanged() {
    const note = this.root.querySelector("#m-tiles-note");
    const words = this.view() ? "m_tiles_note_riichi" : "m_tiles_note";
    if (note) note.textContent = `${t(words)} ${this.deps.picker().text || "—"}`;
  }

  value(id) { const n = this.root.querySelector(`#${id}`); return n ? n.value.trim() : ""; }

  // the entry the form describes, or null with the reason said
  entry() {
    if (this.view()) return this.view().entry();
    const note = this.value("m-note");
    if (this.kind === "draw") return note ? {draw: true, note} : {draw: true};
    if (this.kind === "not_played") return note ? {not_played: true, note} : {not_played: true};
    if (this.kind === "false_win") return {false_win: this.value("m-offender"), reason: this.value("m-reason")};
    if (this.kind === "penalty") {
      const penalty = {};
      this.players().forEach((p, i) => { const v = this.value(`m-pen-${i}`); if (v !== "" && Number(v) !== 0) penalty[p] = Number(v); });
      return {penalty, reason: this.value("m-reason")};
    }
    const win = {winner: this.value("m-winner"), from: this.value("m-from") || null};
    if (this.mode === "fan") {
      const fan = this.value("m-fan");
      if (fan === "" || !Number.isInteger(Number(fan))) { this.say("m_need_fan"); return null; }
      return {...win, fan: Number(fan)};
    }
    const p = this.deps.picker();
    if (p.variant !== "mcr") { this.say("m_need_mcr"); return null; }
    if (!p.external && p.count !== p.full) { this.say("m_need_hand", {n: p.count, m: p.full}); return null; }
    const ctx = this.deps.context();
    const context = Object.fromEntries(WIN_CONTEXT.filter((k) => ctx[k] !== undefined).map((k) => [k, ctx[k]]));
    return Object.keys(context).length ? {...win, hand: p.text, context} : {...win, hand: p.text};
  }

  // one change at a time: a second tap while the first is on its way does nothing
  async send(call) {
    if (this.busy) return;
    this.busy = true;
    try {
      const answer = await call();
      if (answer.ok) {
        if (this.view()) this.view().sent();
        this.fixing = null;
        this.opened(answer.body);
        this.msg().replaceChildren();
        return;
      }
      const code = answer.body && answer.body.error && answer.body.error.code;
      if (code === "stale_revision") {
        await this.load(this.match.id);
        this.say("m_stale");
        return;
      }
      if (KEY_REFUSED.includes(code)) {  // the key kept here is not this match's: read only from now on
        remember(EDIT_KEY + this.match.id, "");
        this.fixing = null;
        this.render();
      }
      this.error(answer.body);
    } finally {
      this.busy = false;
    }
  }

  async add() {
    const entry = this.entry();
    if (entry) await this.send(() => api.addHand(this.match.id, entry, this.match.revision, this.editKey()));
  }

  async correct(action) {
    const by = this.value("m-by");
    const reason = this.value("m-fix-reason");
    if (!by || !reason) { this.say("m_need_reason"); return; }
    remember(BY_KEY, by);
    const fix = {n: this.fixing.n, action, by, reason, revision: this.match.revision};
    if (action === "edit") {
      fix.entry = this.entry();
      if (!fix.entry) return;
    }
    await this.send(() => api.correctHand(this.match.id, fix, this.editKey()));
  }

  startFix(row) {
    this.fixing = row;
    if (this.view()) {
      const how = this.view().startFix(row);
      this.kind = how.kind;
      this.mode = how.mode;
      if (how.hand) this.deps.load(how.hand, how.context, this.variant());
      this.render();
      this.root.querySelector("#m-entry").scrollIntoView({block: "start"});
      return;
    }
    this.kind = row.kind;
    // a hand given as tiles goes back into the picker with its context, so that saving keeps both
    this.mode = row.entry.hand ? "tiles" : "fan";
    if (row.entry.hand) this.deps.load(row.entry.hand, row.entry.context || {}, "mcr");
    this.render();
    this.root.querySelector("#m-entry").scrollIntoView({block: "start"});
  }

  async explain(n) {
    const answer = await api.explainHand(this.match.id, n);
    if (answer.ok) this.deps.explain(answer.body); else this.error(answer.body);
  }

  // ------------------------------------------------------------------------------------ the sheet

  what(row) {
    if (row.kind === "win") {
      return `${row.winner} ${row.fan} ${row.self_draw ? t("m_self") : t("m_off", {p: row.from})}`;
    }
    if (row.kind === "false_win") return `${t("m_false_win")}: ${row.offender}${row.reason ? ` — ${row.reason}` : ""}`;
    if (row.kind === "penalty") return `${t("m_penalty")}${row.reason ? `: ${row.reason}` : ""}`;
    return `${t(KIND_LABEL[row.kind])}${row.note ? ` — ${row.note}` : ""}`;
  }

  totalsTable() {
    const {sheet} = this.match;
    const order = [...this.players()].sort((a, b) => sheet.places[a] - sheet.places[b]);
    return el("table", {id: "m-totals", class: "m-totals"},
      el("thead", {}, el("tr", {}, [t("m_player"), t("m_total"), t("m_place"), t("m_table_points")].map((h) => el("th", {text: h})))),
      el("tbody", {}, order.map((p) => el("tr", {"data-player": p, "data-total": String(sheet.totals[p]),
                                                 "data-place": String(sheet.places[p]), "data-table-points": sheet.table_points_exact[p]},
        el("td", {text: p}), el("td", {class: "num", text: signed(sheet.totals[p])}),
        el("td", {class: "num", text: String(sheet.places[p])}), el("td", {class: "num", text: sheet.table_points_exact[p]})))));
  }

  handsTable() {
    const {sheet} = this.match;
    if (!sheet.hands.length) return null;
    const players = this.players();
    const zh = getLang() === "zh";
    const editable = this.editable();
    return el("div", {class: "scroll-x"}, el("table", {id: "m-sheet", class: "m-sheet"},
      el("thead", {}, el("tr", {}, ["#", t("m_hand_col"), t("m_what"), ...players].map((h) => el("th", {text: h})))),
      el("tbody", {}, sheet.hands.map((row) => {
        const fix = editable ? el("button", {type: "button", class: "link m-fix", "data-n": String(row.n), text: t("m_fix")}) : null;
        if (fix) fix.addEventListener("click", () => this.startFix(row));
        let why = null;
        if (row.scored) {
          why = el("button", {type: "button", class: "link m-why", "data-n": String(row.n), text: t("m_explain")});
          why.addEventListener("click", () => this.explain(row.n));
        }
        return el("tr", {"data-n": String(row.n), "data-kind": row.kind, class: this.fixing && this.fixing.n === row.n ? "fixing" : ""},
          el("td", {class: "num", text: String(row.n)}),
          el("td", {text: row.label ? (zh ? row.label_zh : row.label) : t("m_during", {n: row.hand})}),
          el("td", {class: "m-what"}, this.what(row), " ", why, why ? " " : "", fix),
          players.map((p) => el("td", {class: `num ${row.winner === p ? "m-won" : ""}`, "data-player": p, "data-delta": String(row.deltas[p])},
            signed(row.deltas[p]), el("small", {text: String(row.totals[p])}))));
      }))));
  }

  needsTable() {
    const {sheet} = this.match;
    if (sheet.complete || !sheet.hands_left) return null;
    const rows = [];
    for (const p of this.players()) {
      for (const n of sheet.needs[p].to_pass) {
        rows.push(el("tr", {"data-player": p, "data-target": n.player},
          el("td", {text: p}), el("td", {text: n.player}), el("td", {class: "num", text: String(n.gap)}),
          [n.self_draw, n.off_them, n.off_other].map((f) => el("td", {class: "num", title: f === 8 ? t("m_any_win") : "", text: String(f)}))));
      }
    }
    if (!rows.length) return null;
    return el("div", {}, el("h3", {text: t("m_needs")}), el("div", {class: "scroll-x"}, labelCells(el("table", {id: "m-needs", class: "m-needs"},
      el("thead", {}, el("tr", {}, [t("m_player"), t("m_target"), t("m_gap"), t("m_self"), t("m_off_them"), t("m_off_other")]
        .map((h) => el("th", {text: h})))),
      el("tbody", {}, rows)))));
  }

  logList() {
    const log = this.match.sheet.log;
    if (!log.length) return null;
    return el("div", {}, el("h3", {text: t("m_log")}), el("ul", {id: "m-log", class: "m-log"}, log.map((c) =>
      el("li", {"data-n": String(c.n), "data-action": c.action}, `${c.at} ${c.by}: ${c.action} #${c.n} — ${c.reason}`))));
  }
}
