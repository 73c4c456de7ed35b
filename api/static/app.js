// mjscore referee page: build a hand from a tile palette (or paste notation), set the context from
// GET /v1/variants, score with explain, show every item with its English and Chinese name.
"use strict";

const I18N = {
  en: {subtitle: "referee", variant: "Variant", concealed: "hand", chow: "chow [ ]", pung: "pung [ ]",
       kong: "kong [ ]", added: "added kong { }", hidden: "concealed kong ( )", notation: "Notation",
       hint: "The last tile of the hand is the winning tile.", undo: "undo", clear: "clear",
       context: "Context", rules: "Rules", score: "Score", permalink: "permalink", total: "total",
       invalid: "not a valid win", item: "item", points: "points", factor: "×", count: "count",
       tiles: "tiles", excluded: "not also scored", by: "excluded by", principle: "principle",
       readings: "every reading", reading: "reading", chosen: "chosen", payments: "payments",
       errors: "bad input", defaults: "default"},
  zh: {subtitle: "裁判", variant: "规则", concealed: "手牌", chow: "吃 [ ]", pung: "碰 [ ]", kong: "明杠 [ ]",
       added: "加杠 { }", hidden: "暗杠 ( )", notation: "牌谱", hint: "手牌最后一张为和牌张。", undo: "撤销",
       clear: "清空", context: "和牌条件", rules: "规则选项", score: "计分", permalink: "永久链接", total: "合计",
       invalid: "不成和", item: "番种", points: "分", factor: "倍", count: "次", tiles: "牌",
       excluded: "不计", by: "被…不计", principle: "原则", readings: "所有拆法", reading: "拆法",
       chosen: "采用", payments: "结算", errors: "输入有误", defaults: "默认"},
};
const MELD = {chow: ["[", "]", 3], pung: ["[", "]", 3], kong: ["[", "]", 4], added: ["{", "}", 4],
              hidden: ["(", ")", 4]};
const state = {variants: [], variant: null, lang: "en", mode: "concealed", pending: []};
const $ = (id) => document.getElementById(id);
const t = (key) => I18N[state.lang][key] || key;

function tileImg(name, cls) {
  const img = document.createElement("img");
  img.src = `/static/tiles/${name}.svg`;
  img.alt = name;
  img.dataset.tile = name;
  if (cls) img.className = cls;
  return img;
}

// "[123m]EE5p" -> ["[", "1m", "2m", "3m", "]", "E", "E", "5p"]: tiles and brackets, for drawing.
function tokens(text) {
  const out = [];
  const re = /([0-9]+)([mpszf])|([ESWNCFPQBH])|([\[\](){}<>])/g;
  let m;
  while ((m = re.exec(text)) !== null) {
    if (m[1]) {
      for (const d of m[1]) {
        if (m[2] === "z") out.push("ESWNPFC"[Number(d) - 1] || "?");
        else out.push(d + m[2]);
      }
    } else out.push(m[3] || m[4]);
  }
  return out;
}

function drawHand() {
  const box = $("hand-tiles");
  box.replaceChildren();
  let meld = null;
  const toks = tokens($("hand").value);
  let lastConcealed = -1;
  let depth = 0;
  toks.forEach((tok, i) => { if ("[({<".includes(tok)) depth++; else if ("])}>".includes(tok)) depth--;
                             else if (depth === 0) lastConcealed = i; });
  toks.forEach((tok, i) => {
    if ("[({<".includes(tok)) { meld = document.createElement("span"); meld.className = "meld"; box.append(meld); return; }
    if ("])}>".includes(tok)) { meld = null; return; }
    (meld || box).append(tileImg(tok, i === lastConcealed ? "win" : ""));
  });
  for (const p of state.pending) box.append(tileImg(p, "pending"));
}

function addTile(name) {
  const input = $("hand");
  if (state.mode === "concealed") {
    input.value += name;
  } else {
    const [open, close, size] = MELD[state.mode];
    state.pending.push(name);
    if (state.mode !== "chow") while (state.pending.length < size) state.pending.push(name);
    if (state.pending.length >= size) {
      input.value = open + state.pending.join("") + close + input.value;
      state.pending = [];
    }
  }
  drawHand();
}

function buildPalette() {
  const pal = $("palette");
  pal.replaceChildren();
  for (const name of state.variant.tiles) {
    const img = tileImg(name);
    img.addEventListener("click", () => addTile(name));
    pal.append(img);
  }
}

function buildContext(values) {
  const form = $("context");
  form.replaceChildren();
  for (const f of state.variant.context) {
    const label = document.createElement("label");
    label.title = f.description || "";
    let input;
    // a nullable field's type is a list ("integer", "null"): it is still sent as its JSON type
    const types = Array.isArray(f.type) ? f.type.filter((x) => x !== "null") : [f.type];
    const type = types.length === 1 ? types[0] : "text";
    if (f.type === "boolean") {
      input = document.createElement("input");
      input.type = "checkbox";
      input.checked = values[f.name] === "true";
      label.append(input, " " + f.name);
    } else if (type === "boolean") {
      label.append(f.name + " ");
      input = document.createElement("select");
      input.append(new Option(`${f.name} (${t("defaults")}: ${f.default ?? "—"})`, ""));
      for (const e of ["true", "false"]) input.append(new Option(e, e));
      input.value = values[f.name] || "";
      label.append(input);
    } else if (f.enum) {
      label.append(f.name + " ");
      input = document.createElement("select");
      input.append(new Option(`${f.name} (${t("defaults")}: ${f.default ?? "—"})`, ""));
      for (const e of f.enum) input.append(new Option(e, e));
      input.value = values[f.name] || "";
      label.append(input);
    } else {
      label.append(f.name + " ");
      input = document.createElement("input");
      input.type = type === "integer" ? "number" : "text";
      input.placeholder = `${f.name}${f.default !== null && f.default !== undefined ? " = " + JSON.stringify(f.default) : ""}`;
      input.value = values[f.name] || "";
      label.append(input);
    }
    input.name = f.name;
    input.dataset.type = type;
    form.append(label);
  }
  const rules = $("rules");
  rules.replaceChildren(new Option(`${state.variant.rules.default_preset} (${t("defaults")})`, ""));
  for (const p of Object.keys(state.variant.rules.presets)) rules.append(new Option(p, p));
  rules.value = values.rules || "";
}

function readContext() {
  const ctx = {};
  for (const input of $("context").elements) {
    if (input.type === "checkbox") { if (input.checked) ctx[input.name] = true; continue; }
    const v = input.value.trim();
    if (!v) continue;
    if (input.dataset.type === "integer") ctx[input.name] = Number(v);
    else if (input.dataset.type === "boolean") ctx[input.name] = v === "true";
    else if (v.startsWith("[") || v.startsWith("{")) { try { ctx[input.name] = JSON.parse(v); } catch { ctx[input.name] = v; } }
    else if (input.dataset.type === "array") ctx[input.name] = v.split(v.includes(";") ? ";" : ",").map((s) => s.trim());
    else ctx[input.name] = v;
  }
  return ctx;
}

function permalink(ctx) {
  const q = new URLSearchParams({variant: state.variant.id, hand: $("hand").value, lang: state.lang});
  if ($("rules").value) q.set("rules", $("rules").value);
  for (const [k, v] of Object.entries(ctx)) q.set(k, typeof v === "object" ? JSON.stringify(v) : String(v));
  return `${location.pathname}?${q}`;
}

function cell(text, cls) { const td = document.createElement("td"); td.textContent = text; if (cls) td.className = cls; return td; }

function table(headers, rows) {
  const tbl = document.createElement("table");
  const head = tbl.createTHead().insertRow();
  for (const h of headers) { const th = document.createElement("th"); th.textContent = h; head.append(th); }
  const body = tbl.createTBody();
  for (const r of rows) { const tr = body.insertRow(); tr.append(...r.cells); if (r.cls) tr.className = r.cls; }
  return tbl;
}

function names(x) { return state.lang === "zh" ? `${x.name_zh}　${x.name}` : `${x.name}　${x.name_zh}`; }

function tilesOf(text) {
  const span = document.createElement("span");
  span.className = "tiles";
  for (const tok of tokens(text)) if (!"[](){}<>".includes(tok)) span.append(tileImg(tok));
  return span;
}

function render(result) {
  const box = $("result");
  box.replaceChildren();
  const head = document.createElement("p");
  head.className = "total" + (result.valid ? "" : " invalid");
  head.id = "total";
  head.textContent = result.valid ? `${t("total")} ${result.total}` : `${t("invalid")}: ${result.reason}`;
  box.append(head);
  const part = document.createElement("p");
  part.append(`${t("reading")}: ${result.partition.join(" ")} `);
  for (const g of result.partition) part.append(tilesOf(g), " ");
  box.append(part);
  box.append(table([t("item"), t("points"), t("factor"), t("count"), t("tiles")], result.items.map((i) => ({
    cells: [cell(names(i), "item-name"), cell(i.points || "", "num"), cell(i.factor !== 1 ? `×${i.factor}` : "", "num"),
            cell(i.count, "num"), cell(i.tiles || i.detail || "")]}))));
  if (result.excluded.length) {
    const h = document.createElement("h3"); h.textContent = t("excluded"); box.append(h);
    box.append(table([t("item"), t("by"), t("principle")], result.excluded.map((e) => ({
      cells: [cell(names(e) + (e.count > 1 ? ` ×${e.count}` : "")), cell(e.by || ""), cell(e.principle)]}))));
  }
  if (result.readings && result.readings.length > 1) {
    const h = document.createElement("h3"); h.textContent = t("readings"); box.append(h);
    box.append(table(["#", t("reading"), t("item"), t("total")], result.readings.map((r) => ({
      cls: r.chosen ? "chosen" : "",
      cells: [cell(r.index + (r.chosen ? ` ${t("chosen")}` : "")), cell(r.partition.join(" ")),
              cell(r.items.map((i) => `${state.lang === "zh" ? i.name_zh : i.name} ${i.points || "×" + i.factor}`).join(", ")),
              cell(r.total, "num")]}))));
    if (result.tie_break) { const p = document.createElement("p"); p.className = "hint"; p.textContent = result.tie_break; box.append(p); }
  }
  if (result.payments && Object.keys(result.payments).length) {
    const p = document.createElement("p");
    p.id = "payments";
    p.textContent = `${t("payments")}: ` + Object.entries(result.payments).map(([s, v]) => `${s} ${v > 0 ? "+" : ""}${v}`).join("  ");
    box.append(p);
  }
}

function renderError(body) {
  const box = $("result");
  const err = body.error || {message: JSON.stringify(body)};
  const lines = (err.errors && err.errors.length ? err.errors : [err])
    .map((e) => (e.position !== null && e.position !== undefined ? `@${e.position}: ` : "") + e.message);
  const p = document.createElement("p");
  p.className = "error";
  p.id = "total";
  p.textContent = `${t("errors")}:\n` + lines.join("\n");
  box.replaceChildren(p);
}

async function score() {
  const ctx = readContext();
  const link = permalink(ctx);
  $("permalink").href = link;
  history.replaceState(null, "", link);
  const body = {variant: state.variant.id, hand: $("hand").value, context: ctx, explain: true};
  if ($("rules").value) body.rules = $("rules").value;
  const res = await fetch("/v1/score", {method: "POST", headers: {"content-type": "application/json"},
                                        body: JSON.stringify(body)});
  const data = await res.json();
  if (res.ok) render(data); else renderError(data);
  state.last = data;
}

function applyLang() {
  document.documentElement.lang = state.lang === "zh" ? "zh-Hans" : "en";
  for (const el of document.querySelectorAll("[data-i18n]")) el.textContent = t(el.dataset.i18n);
  $("lang").textContent = state.lang === "zh" ? "English" : "中文";
  if (state.last && !state.last.error) render(state.last);
}

function selectVariant(id, values) {
  state.variant = state.variants.find((v) => v.id === id) || state.variants[0];
  $("variant").value = state.variant.id;
  buildPalette();
  buildContext(values || {});
}

async function main() {
  const params = Object.fromEntries(new URLSearchParams(location.search));
  state.lang = params.lang === "zh" ? "zh" : "en";
  const res = await fetch("/v1/variants");
  state.variants = (await res.json()).variants;
  for (const v of state.variants) $("variant").append(new Option(`${v.name} ${v.name_zh}`, v.id));
  selectVariant(params.variant || "mcr", params);
  $("variant").addEventListener("change", (e) => selectVariant(e.target.value, {}));
  for (const b of document.querySelectorAll("#modes button")) {
    b.addEventListener("click", () => {
      state.mode = b.dataset.mode; state.pending = [];
      for (const o of document.querySelectorAll("#modes button")) o.classList.toggle("on", o === b);
      drawHand();
    });
  }
  $("hand").addEventListener("input", drawHand);
  $("undo").addEventListener("click", () => {
    if (state.pending.length) state.pending.pop();
    else $("hand").value = $("hand").value.replace(/(\[[^\]]*\]|\{[^}]*\}|\([^)]*\)|<[^>]*>|[0-9][mpszf]|[A-Z])\s*$/, "");
    drawHand();
  });
  $("clear").addEventListener("click", () => { $("hand").value = ""; state.pending = []; drawHand(); });
  $("score").addEventListener("click", score);
  $("lang").addEventListener("click", () => { state.lang = state.lang === "zh" ? "en" : "zh"; applyLang(); });
  applyLang();
  if (params.hand) { $("hand").value = params.hand; drawHand(); await score(); }
  document.body.dataset.ready = "1";
}

main();
