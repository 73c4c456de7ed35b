// mjscore referee page (docs/web.md): build a hand with a guarded tile picker (or paste notation),
// set the context, then score, list every reading, check a claim, list the waits, open an item;
// the same hand feeds the tile-efficiency tab and the match sheet's hands given as tiles.
"use strict";

import * as api from "./js/api.js";
import {buildContext, guardTilePickers, readContext, tileFieldTiles} from "./js/context.js";
import {Hand, isFlower, tileOrder} from "./js/hand.js";
import {renderEfficiency} from "./js/efficiency.js";
import {errorLabel, getLang, itemName, itemNames, presetLabel, setLang, t} from "./js/i18n.js";
import {MatchTab} from "./js/match.js";
import {el, errorLines, meldNode, renderErrors, renderItemCard, renderResult, renderVerdict, renderWaits, tileImg} from "./js/view.js";

const LONG_PRESS_MS = 450;
const state = {variants: [], variant: null, hand: null, arm: null, external: null, last: null, verdict: null,
               waits: null, seq: 0, items: new Map(), refs: new Map(), tab: "score", eff: null, effSeq: 0, match: null};
const TABS = ["score", "efficiency", "match"];
const $ = (id) => document.getElementById(id);

// --------------------------------------------------------------------------------------- the picker

function paletteRows(tiles) {
  const rows = [[], [], [], [], []];
  for (const x of tiles) rows[isFlower(x) ? 4 : /^[0-9]m$/.test(x) ? 0 : /^[0-9]p$/.test(x) ? 1 : /^[0-9]s$/.test(x) ? 2 : 3].push(x);
  return rows.filter((r) => r.length);
}

function buildPalette() {
  const pal = $("palette");
  pal.classList.toggle("red-fives", Boolean(state.variant.hand.red_fives));
  pal.replaceChildren(...paletteRows(state.hand.order).map((row) => el("div", {class: "palette-row"},
    row.map((x) => {
      const b = el("button", {type: "button", class: "tile-btn", "data-tile": x, "aria-label": x}, tileImg(x));
      b.addEventListener("click", () => tapPalette(x));
      return b;
    }))));
}

function say(key, vars) { $("picker-msg").textContent = key ? t(key, vars) : ""; }

function tapPalette(tile) {
  const hand = state.hand;
  const why = state.arm ? hand.addMeld(state.arm, tile) : hand.addTile(tile);
  if (why) { say(why, {t: tile, m: hand.full}); return; }
  state.arm = null;
  state.external = null;
  say("");
  // the tap that completes the hand brings its answer into view (on a phone it is below the picker)
  changed(hand.isComplete());
}

function arm(kind) {
  state.arm = state.arm === kind ? null : kind;
  say(state.arm ? `arm_${state.arm}` : "");
  refresh();
}

// a tap takes the tile back; a long press (or right click) makes it the winning tile. The hand is
// redrawn the moment a press makes a winning tile, so the same finger's release, the click or the
// context menu the browser sends after it, lands on the tile that slid into its place: the press
// is kept here, outside the redrawn buttons, and what follows it until the finger lifts is dropped.
const press = {timer: null, fired: 0, releasedAt: 0};
const AFTER_PRESS_MS = 700;  // a release's click or a long press's context menu comes within this

// true while what arrives belongs to the press that made a winning tile
function pressSwallows() {
  if (!press.fired) return false;
  const now = performance.now();
  if (press.releasedAt ? now - press.releasedAt < AFTER_PRESS_MS : now - press.fired < 10000) return true;
  press.fired = 0;
  return false;
}

function endPress() {
  clearTimeout(press.timer);
  press.timer = null;
  if (press.fired && !press.releasedAt) press.releasedAt = performance.now();
}

function startPress(e) {
  clearTimeout(press.timer);
  press.timer = null;
  press.fired = 0;
  press.releasedAt = 0;
  return e.button === 0;  // a right click is the context menu's
}

function handTile(c, winning) {
  const b = el("button", {type: "button", class: `tile-btn in-hand ${winning ? "win" : ""}`, "data-tile": c.tile,
                          "data-id": c.id, title: winning ? t("winning") : ""}, tileImg(c.tile));
  const win = () => { press.fired = performance.now(); state.hand.makeWinning(c.id); state.external = null; changed(); };
  b.addEventListener("pointerdown", (e) => {
    if (startPress(e)) press.timer = setTimeout(() => { press.timer = null; win(); }, LONG_PRESS_MS);
  });
  // a finger that moves is scrolling (the browser cancels its pointer); a mouse that leaves lets go
  b.addEventListener("pointerleave", endPress);
  b.addEventListener("contextmenu", (e) => {
    e.preventDefault();
    if (pressSwallows()) return;
    endPress();
    win();
    endPress();
  });
  b.addEventListener("click", () => {
    if (pressSwallows()) { press.fired = 0; return; }
    state.hand.removeTile(c.id); state.external = null; changed();
  });
  return b;
}

function drawHand() {
  const hand = state.hand;
  const box = $("hand-tiles");
  box.replaceChildren();
  hand.melds.forEach((m, i) => {
    const b = el("button", {type: "button", class: "meld-btn", "data-meld-index": i, title: t(m.kind)}, meldNode(m.kind, m.tiles));
    b.addEventListener("click", () => { hand.removeMeld(i); state.external = null; changed(); });
    box.append(b);
  });
  if (state.arm) box.append(el("span", {class: "meld pending", "data-kind": state.arm, text: t(`arm_${state.arm}`)}));
  hand.flowers.forEach((f, i) => {
    const b = el("button", {type: "button", class: "tile-btn flower", "data-tile": f}, tileImg(f));
    b.addEventListener("click", () => { hand.removeFlower(i); changed(); });
    box.append(b);
  });
  const tiles = hand.sortedConcealed();
  tiles.forEach((c, i) => box.append(handTile(c, i === tiles.length - 1 && hand.isComplete())));
  const n = hand.count();
  const base = hand.full - 1;
  $("count").textContent = `${n === hand.full ? `${base}+1` : n} / ${base}+1 ${t("count")}`;
  $("count").className = n === hand.full ? "complete" : "";
}

function refresh() {
  const hand = state.hand;
  for (const b of $("palette").querySelectorAll("button")) {
    const x = b.dataset.tile;
    const refused = state.arm ? hand.refuseMeld(state.arm, x) : hand.refuseTile(x);
    b.disabled = refused !== null;
    b.dataset.left = String(Math.max(0, hand.left(x)));
  }
  for (const b of $("modes").querySelectorAll("button[data-meld]")) {
    const kind = b.dataset.meld;
    b.hidden = kind === "chow" && !hand.shape.chow_melds;
    b.disabled = !hand.canMeld(kind) && state.arm !== kind;
    b.classList.toggle("armed", state.arm === kind);
    b.setAttribute("aria-pressed", String(state.arm === kind));
  }
  guardTilePickers($("context"), (x) => hand.left(x));
  $("undo").disabled = !hand.history.length;
  $("clear").disabled = hand.isEmpty();
  drawHand();
}

function changed(reveal) {
  if (state.external === null) $("hand").value = state.hand.notation();
  refresh();
  clearAnswers();
  if (state.external !== null) return;
  const scroll = reveal === true ? "reveal" : false;
  if (state.tab === "score" && state.hand.isComplete()) score(scroll);
  else if (state.tab === "efficiency" && state.hand.count() >= state.hand.full - 1) analyse(scroll);
}

// scroll = true: the answer's top to the top of the screen; "reveal": only if it is not in view
function bringIntoView(node, scroll) {
  if (!scroll) return;
  const r = node.getBoundingClientRect();
  if (scroll === "reveal" && r.top >= 0 && r.top < innerHeight * 0.6) return;
  node.scrollIntoView({block: "start"});
}

function clearAnswers() {
  state.last = state.verdict = state.waits = null;
  $("result").replaceChildren();
  $("claim-result").replaceChildren();
  $("waits-box").hidden = true;
  state.eff = null;
  $("eff-result").replaceChildren();
  if (state.match) state.match.pickerChanged();
}

// ----------------------------------------------------------------------------------------- tabs

function showTab(name) {
  state.tab = TABS.includes(name) ? name : "score";
  document.body.dataset.tab = state.tab;
  const tiles = state.tab === "match" && state.match !== null && state.match.wantsTiles();
  for (const node of document.querySelectorAll("[data-tabs]")) {
    const on = node.dataset.tabs.split(" ");
    node.classList.toggle("off-tab", !(on.includes(state.tab) || (tiles && on.includes("match-tiles"))));
  }
  for (const b of $("tabs").querySelectorAll("button")) b.setAttribute("aria-selected", String(b.dataset.tab === state.tab));
}

function pickTab(name) {
  showTab(name);
  const q = new URLSearchParams(location.search);
  if (state.tab === "score") q.delete("tab"); else q.set("tab", state.tab);
  history.replaceState(null, "", `${location.pathname}?${q}`);
  // a tab shows the answer for the hand as it is now, as if it had been built there
  if (!state.hand || state.external !== null) return;
  if (state.tab === "efficiency" && !state.eff && state.hand.count() >= state.hand.full - 1) analyse();
  if (state.tab === "score" && !state.last && state.hand.isComplete()) score(false);
}

// ------------------------------------------------------------------------------- tile efficiency

async function analyse(scroll) {
  const box = $("eff-result");
  const n = state.hand.count();
  if (state.external === null && n !== state.hand.full && n !== state.hand.full - 1) {
    state.eff = null;
    box.replaceChildren(el("div", {id: "eff-shanten", class: "error", role: "alert"},
      el("p", {text: t("eff_need", {a: state.hand.full - 1, b: state.hand.full, n})})));
    return;
  }
  const seq = ++state.effSeq;
  const req = request({});
  const visible = $("eff-visible").value.trim();
  if (visible) req.visible = visible;
  const answer = await api.efficiency(req);
  if (seq !== state.effSeq) return; // a newer request has been sent
  if (answer.ok) { state.eff = answer.body; renderEfficiency(box, state.eff, byName); }
  else { state.eff = null; renderErrors(box, errorLines(answer.body, state.external), errorLabel); }
  document.body.dataset.effDone = String(seq);
  bringIntoView($("eff-box"), scroll);
  return answer;
}

// ------------------------------------------------------------------------------------ requests

function handText() { return state.external !== null ? state.external : state.hand.notation(); }

function request(extra) {
  const req = {variant: state.variant.id, hand: handText(), context: readContext($("context")), ...extra};
  if ($("rules").value) req.rules = $("rules").value;
  if ($("dialect").value) req.dialect = $("dialect").value;
  return req;
}

function byName(id) {
  const item = state.items.get(id);
  return item ? itemName(item) : id;
}

function showErrors(box, body) {
  renderErrors(box, errorLines(body, state.external), errorLabel);
}

// the picker knows the hand is not ready before the server does: say so in tiles
function notReady(box, wanted) {
  const n = state.hand.count();
  if (state.external !== null || n === wanted) return false;
  const key = wanted === state.hand.full ? "need_full" : "need_short";
  box.replaceChildren(el("div", {id: "total", class: "error", role: "alert"},
    el("p", {text: t(key, {n, m: wanted, k: Math.max(0, wanted - n)})})));
  return true;
}

async function score(scroll, started) {
  const t0 = started ?? performance.now();
  const box = $("result");
  if (notReady(box, state.hand.full)) { bringIntoView(box, scroll); return; }
  const seq = ++state.seq;
  const req = request({explain: true});
  const answer = await api.score(req);
  if (seq !== state.seq) return; // a newer request has been sent
  updateLink();
  if (answer.ok) {
    state.last = answer.body;
    // a kong the picker wrote as [XXXX] is a claimed kong by construction: the note for pasted text does not apply
    if (state.external === null) state.last.warnings = (state.last.warnings || []).filter((w) => !w.includes("read as a claimed kong"));
    drawResult(performance.now() - t0);
  } else {
    state.last = null;
    showErrors(box, answer.body);
  }
  document.body.dataset.roundtrip = String(performance.now() - t0);
  bringIntoView(box, scroll);
}

function drawResult(ms) {
  if (!state.last) return;
  renderResult($("result"), state.last, {variant: state.variant.id, onItem: openItem, byName, ms});
}

async function checkClaim() {
  const box = $("claim-result");
  if (notReady(box, state.hand.full)) return;
  const claim = [...$("claim-items").querySelectorAll("input:checked")].map((i) => i.value);
  const total = $("claim-total").value.trim();
  if (total !== "") claim.push(Number(total));
  const answer = await api.score(request({claim}));
  if (answer.ok && answer.body.verdict) { state.verdict = answer.body.verdict; renderVerdict(box, state.verdict, byName); }
  else if (answer.ok) renderErrors(box, [{message: answer.body.reason || ""}], errorLabel);
  else showErrors(box, answer.body);
  box.scrollIntoView({block: "nearest"});
}

async function listWaits() {
  $("waits-box").hidden = false;
  const box = $("waits-result");
  if (notReady(box, state.hand.full - 1)) { box.scrollIntoView({block: "start"}); return; }
  const answer = await api.waits(request({}));
  if (answer.ok) { state.waits = answer.body; renderWaits(box, state.waits, byName); }
  else showErrors(box, answer.body);
  $("waits-box").scrollIntoView({block: "start"});
}

// a match hand being corrected goes back into the picker, in the match's variant, with its context
function loadForMatch(hand, context, variant = "mcr") {
  const params = Object.fromEntries(Object.entries(context).map(([k, v]) => [k, String(v)]));
  if (variant === state.variant.id) params.rules = $("rules").value;  // the rules chosen stay
  selectVariant(variant, params);
  state.external = state.hand.load(hand) ? null : hand;
  $("hand").value = state.external === null ? state.hand.notation() : hand;
  refresh();
  clearAnswers();
}

// the page in a match sheet's variant, its rules on the sheet's scoring preset (the variant's default
// when it has no such preset): the header says which rules the sheet on screen is under, and the
// picker builds that variant's hands. A hand built in another variant does not carry over. In the
// same variant the rules chosen stay, unless the preset was ``chosen`` (the new sheet's kind).
function followMatch(variant, preset, chosen) {
  const v = state.variants.find((x) => x.id === variant);
  if (!v) return;
  const rules = preset && preset !== v.rules.default_preset && preset in v.rules.presets ? preset : "";
  if (state.variant.id !== variant) selectVariant(variant, {rules});
  else if (chosen && $("rules").value !== rules) { $("rules").value = rules; if (state.last) score(false); }
  else return;
  const q = new URLSearchParams(location.search);
  q.set("variant", variant);
  if (rules) q.set("rules", rules); else q.delete("rules");
  history.replaceState(null, "", `${location.pathname}?${q}`);
}

function variantName(id) {
  const v = state.variants.find((x) => x.id === id);
  return v ? (getLang() === "zh" ? v.name_zh : v.name) : id;
}

// a match hand's explanation in the item dialog: the same drawing as a scored hand
function showExplanation(result) {
  const variant = result.variant || "mcr";
  renderResult($("item-card"), result, {variant, onItem: openItem, byName: (id) => {
    const item = (state.variants.find((v) => v.id === variant) || {items: []}).items.find((i) => i.id === id);
    return item ? itemName(item) : id;
  }});
  if (!$("item-dialog").open) $("item-dialog").showModal();
}

async function openItem(id) {
  const key = `${state.variant.id}/${id}`;
  if (!state.refs.has(key)) {
    const answer = await api.itemReference(state.variant.id, id);
    if (!answer.ok) { showErrors($("item-card"), answer.body); if (!$("item-dialog").open) $("item-dialog").showModal(); return; }
    state.refs.set(key, answer.body);
  }
  renderItemCard($("item-card"), state.refs.get(key), byName);
  if (!$("item-dialog").open) $("item-dialog").showModal();
}

async function readNotation() {
  const text = $("hand").value.trim();
  const notes = $("notation-notes");
  notes.replaceChildren();
  if (!text) return;
  if (state.tab === "efficiency") { await readForEfficiency(text); return; }
  const req = {variant: state.variant.id, hand: text};
  if ($("dialect").value) req.dialect = $("dialect").value;
  const answer = await api.parse(req);
  if (!answer.ok) { state.external = text; showErrors($("result"), answer.body); return; }
  notes.replaceChildren(...(answer.body.warnings || []).map((w) => el("li", {text: w})));
  // the canonical form goes into the picker when it can hold it; otherwise the text is scored as typed
  state.external = state.hand.load(answer.body.hand) ? null : text;
  say(state.external === null ? "" : "picker_cannot");
  $("hand").value = state.external === null ? state.hand.notation() : text;
  refresh();
  clearAnswers();
  if (state.tab === "efficiency") await analyse(); else await score(state.tab === "score");
}

// efficiency reads a hand one tile short too (which /v1/parse refuses): its answer's canonical hand
// goes back into the picker
async function readForEfficiency(text) {
  clearAnswers();
  state.external = text;
  const answer = await analyse();
  if (!answer || !answer.ok) return;
  state.external = state.hand.load(answer.body.hand) ? null : text;
  say(state.external === null ? "" : "picker_cannot");
  $("hand").value = state.external === null ? state.hand.notation() : text;
  refresh();
}

// ------------------------------------------------------------------------- variant, language, link

// how well an item's names answer the filter: its exact name first, then a name that starts with
// the filter, then one that holds it; -1 when none does
function filterRank(item, filter) {
  if (!filter) return 2;
  const names = [item.name, item.name_zh, item.id, item.id.replace(/_/g, " ")].filter(Boolean).map((n) => n.toLowerCase());
  if (names.includes(filter)) return 0;
  if (names.some((n) => n.startsWith(filter))) return 1;
  return names.some((n) => n.includes(filter)) ? 2 : -1;
}

function buildClaimItems() {
  const filter = $("claim-filter").value.trim().toLowerCase();
  const checked = new Set([...$("claim-items").querySelectorAll("input:checked")].map((i) => i.value));
  const ranked = state.variant.items.map((item) => ({item, rank: filterRank(item, filter)}));
  const shown = ranked.filter((r) => r.rank >= 0).sort((a, b) => a.rank - b.rank);  // stable: the table's order within a rank
  $("claim-items").replaceChildren(...[...shown, ...ranked.filter((r) => r.rank < 0)].map(({item, rank}) =>
    el("label", {class: "chip", hidden: rank < 0, title: item.description || ""},
      el("input", {type: "checkbox", value: item.id, checked: checked.has(item.id)}),
      ` ${itemName(item)} `, el("small", {text: item.factor && item.factor !== 1 ? `×${item.factor}` : String(item.points)}))));
}

function buildRules(value) {
  const v = state.variant;
  $("rules").replaceChildren(el("option", {value: "", text: `${presetLabel(v.rules.default_preset)} (${t("default")})`}),
    ...Object.keys(v.rules.presets).filter((p) => p !== v.rules.default_preset)
      .map((p) => el("option", {value: p, text: presetLabel(p)})));
  $("rules").value = value || "";
}

// tiles shown outside the hand (indicators) are copies the hand cannot hold
function reserveIndicators() {
  const ctx = readContext($("context"));
  const reserved = {};
  for (const x of Array.isArray(ctx.indicators) ? ctx.indicators : []) reserved[x] = (reserved[x] || 0) + 1;
  for (const x of tileFieldTiles($("context"))) reserved[x] = (reserved[x] || 0) + 1;
  state.hand.reserved = reserved;
}

function selectVariant(id, params) {
  state.variant = state.variants.find((v) => v.id === id) || state.variants.find((v) => v.id === "mcr") || state.variants[0];
  $("variant").value = state.variant.id;
  state.items = new Map(state.variant.items.map((i) => [i.id, i]));
  state.hand = new Hand(state.variant.hand, tileOrder(state.variant));
  state.arm = null;
  state.external = null;
  buildPalette();
  buildContext($("context"), state.variant, params);
  buildRules(params.rules);
  buildClaimItems();
  reserveIndicators();
  $("hand").value = "";
  $("notation-notes").replaceChildren();
  say("");
  clearAnswers();
  refresh();
}

function updateLink() {
  const q = new URLSearchParams({variant: state.variant.id, hand: handText(), lang: getLang()});
  if (state.tab !== "score") q.set("tab", state.tab);
  if (state.match && state.match.id()) q.set("match", state.match.id());
  if ($("rules").value) q.set("rules", $("rules").value);
  if ($("dialect").value) q.set("dialect", $("dialect").value);
  for (const [k, v] of Object.entries(readContext($("context")))) q.set(k, typeof v === "object" ? JSON.stringify(v) : String(v));
  const link = `${location.pathname}?${q}`;
  $("permalink").href = link;
  history.replaceState(null, "", link);
}

function applyLang() {
  const lang = getLang();
  document.documentElement.lang = lang === "zh" ? "zh-Hans" : "en";
  for (const node of document.querySelectorAll("[data-i18n]")) node.textContent = t(node.dataset.i18n);
  $("lang").textContent = t("lang");  // names the other language
  $("lang").setAttribute("lang", lang === "zh" ? "en" : "zh");
  $("claim-filter").placeholder = t("filter");
  // each variant named in the page's language first, the other after it
  for (const option of $("variant").options) {
    const v = state.variants.find((x) => x.id === option.value);
    if (v) option.textContent = itemNames(v);
  }
  if (state.variant) {
    const values = readContext($("context"));
    buildContext($("context"), state.variant, Object.fromEntries(Object.entries(values).map(([k, v]) => [k, typeof v === "object" ? JSON.stringify(v) : v])));
    buildRules($("rules").value);
    buildClaimItems();
    say("");
    refresh();
    drawResult();
    if (state.verdict) renderVerdict($("claim-result"), state.verdict, byName);
    if (state.waits) renderWaits($("waits-result"), state.waits, byName);
    if (state.eff) renderEfficiency($("eff-result"), state.eff, byName);
    if (state.match) state.match.render();
    const q = new URLSearchParams(location.search);
    q.set("lang", lang);
    history.replaceState(null, "", `${location.pathname}?${q}`);
  }
}

// the link's language, else the last one used here, else the browser's
function chooseLang(params) {
  let stored = null;
  try { stored = localStorage.getItem("mjscore.lang"); } catch { /* storage may be off */ }
  setLang(params.lang || stored || ((navigator.language || "").startsWith("zh") ? "zh" : "en"));
  rememberLang();
}

function rememberLang() {
  try { localStorage.setItem("mjscore.lang", getLang()); } catch { /* storage may be off */ }
}

function wire() {
  $("variant").addEventListener("change", (e) => {
    selectVariant(e.target.value, {});
    if (state.match) state.match.variantChosen(state.variant.id);
    updateLink();
  });
  for (const b of $("modes").querySelectorAll("button[data-meld]")) b.addEventListener("click", () => arm(b.dataset.meld));
  $("undo").addEventListener("click", () => { state.arm = null; if (state.hand.undo()) { state.external = null; say(""); changed(); } });
  $("clear").addEventListener("click", () => { state.arm = null; state.hand.clear(); state.external = null; say(""); changed(); });
  $("hand").addEventListener("input", () => { state.external = $("hand").value; });
  $("hand").addEventListener("keydown", (e) => { if (e.key === "Enter") readNotation(); });
  $("read").addEventListener("click", readNotation);
  $("score").addEventListener("click", () => score(true, performance.now()));
  $("waits").addEventListener("click", listWaits);
  $("claim-check").addEventListener("click", checkClaim);
  $("claim-filter").addEventListener("input", buildClaimItems);
  $("context").addEventListener("change", () => { reserveIndicators(); refresh(); if (state.last) score(false); });
  $("rules").addEventListener("change", () => { if (state.last) score(false); });
  $("lang").addEventListener("click", () => {
    setLang(getLang() === "zh" ? "en" : "zh");
    rememberLang();
    applyLang();
  });
  for (const b of $("tabs").querySelectorAll("button")) b.addEventListener("click", () => pickTab(b.dataset.tab));
  $("eff-run").addEventListener("click", () => analyse(true));
  $("eff-visible").addEventListener("keydown", (e) => { if (e.key === "Enter") analyse(true); });
  // the release of a press on a tile the hand has since redrawn arrives wherever the finger is
  for (const ev of ["pointerup", "pointercancel"]) addEventListener(ev, endPress, true);
  addEventListener("offline", () => { $("offline").hidden = false; });
  addEventListener("online", () => { $("offline").hidden = true; });
}

async function main() {
  const params = Object.fromEntries(new URLSearchParams(location.search));
  chooseLang(params);
  showTab(params.tab);
  wire();
  applyLang();
  if ("serviceWorker" in navigator) navigator.serviceWorker.register("/sw.js").catch(() => { /* the page works without it */ });
  const answer = await api.variants();
  if (!answer.ok) { showErrors($("result"), answer.body); document.body.dataset.ready = "1"; return; }
  state.variants = answer.body.variants;
  $("variant").replaceChildren(...state.variants.map((v) => el("option", {value: v.id, text: itemNames(v)})));
  selectVariant(params.variant || "mcr", params);
  if (params.dialect) $("dialect").value = params.dialect;
  applyLang();
  $("offline").hidden = navigator.onLine !== false;
  state.match = new MatchTab($("match"), {
    picker: () => ({text: handText(), count: state.hand.count(), full: state.hand.full, variant: state.variant.id,
                    external: state.external !== null, preset: $("rules").value || state.variant.rules.default_preset}),
    context: () => readContext($("context")),
    load: loadForMatch,
    layout: () => showTab(state.tab),
    explain: showExplanation,
    follow: followMatch,
    variantName,
  });
  await state.match.start(params.match, params.variant);
  if (params.hand) {
    $("hand").value = params.hand;
    state.external = params.hand;
    await readNotation();
  }
  document.body.dataset.ready = "1";
}

main();
