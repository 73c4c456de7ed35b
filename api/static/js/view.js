// Drawing: tiles, the hand, and every answer of the API (a result, its readings, a claim's
// verdict, the waits, an item's reference). Text is always set as text, never parsed as HTML.
"use strict";

import {tokens, tilesOf} from "./hand.js";
import {fuLabel, itemName, itemNames, limitLabel, principleLabel, fieldLabel, valueLabel, t} from "./i18n.js";

export function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === null || v === undefined || v === false) continue;
    if (k === "class") node.className = v;
    else if (k === "text") node.textContent = v;
    else if (k.startsWith("data-")) node.dataset[k.slice(5).replace(/-(.)/g, (_, c) => c.toUpperCase())] = v;
    else node.setAttribute(k, v === true ? "" : v);
  }
  for (const c of children.flat(Infinity)) if (c !== null && c !== undefined && c !== false) node.append(c);
  return node;
}

export function tileImg(name, cls) {
  return el("img", {src: `/static/tiles/${name === "back" ? "back" : name}.svg`, alt: name === "back" ? "▮" : name,
                    class: cls, "data-tile": name, draggable: "false"});
}

// a group as the API writes it ("[123m]", "(5555p)", "555p"): tiles, concealed kongs face down at the ends
export function groupTiles(text, cls) {
  const box = el("span", {class: `tiles ${cls || ""}`});
  for (const tok of tokens(text)) {
    if (tok.tile) { box.append(tileImg(tok.tile)); continue; }
    const tiles = tilesOf(`${tok.open}${tok.body}${tok.close}`);
    box.append(meldNode(tok.open === "(" ? "concealed" : tok.open === "{" ? "added" : "open", tiles));
  }
  return box;
}

export function meldNode(kind, tiles) {
  const node = el("span", {class: `meld meld-${kind}`, "data-kind": kind});
  tiles.forEach((x, i) => {
    const down = kind === "concealed" && (i === 0 || i === tiles.length - 1);
    node.append(tileImg(down ? "back" : x, i === tiles.length - 1 && kind === "added" ? "added-tile" : ""));
  });
  if (kind === "added") node.append(el("span", {class: "badge", text: t("added")}));
  return node;
}

// each cell keeps its column's heading (data-label), shown beside it where a narrow screen stacks
// the table's rows instead of hiding columns in a box scrolled sideways
export function labelCells(node) {
  const heads = [...node.querySelectorAll("thead th")].map((th) => th.textContent);
  for (const tr of node.querySelectorAll("tbody tr")) {
    [...tr.children].forEach((td, i) => { if (heads[i]) td.dataset.label = heads[i]; });
  }
  return node;
}

function table(cls, headers, rows) {
  return el("table", {class: cls},
    el("thead", {}, el("tr", {}, headers.map((h) => el("th", {text: h})))),
    el("tbody", {}, rows));
}

function itemButton(item, onItem, short) {
  const b = el("button", {type: "button", class: "item-name link", "data-item": item.id, text: short ? itemName(item) : itemNames(item)});
  b.addEventListener("click", () => onItem(item.id));
  return b;
}

function itemsTable(items, onItem, unit) {
  return table("items", [t("item"), t(unit || "points"), t("count_col"), t("tiles")], items.map((i) => el("tr", {"data-item": i.id},
    el("td", {}, itemButton(i, onItem)),
    el("td", {class: "num", text: i.factor && i.factor !== 1 ? `×${i.factor}` : String(i.points)}),
    el("td", {class: "num", text: i.count > 1 ? `×${i.count}` : ""}),
    el("td", {}, i.tiles ? groupTiles(i.tiles, "small") : (i.detail || "")))));
}

function excludedTable(excluded, byName, onItem) {
  return table("excluded", [t("item"), t("by"), t("principle")], excluded.map((e) => el("tr", {},
    el("td", {}, itemButton(e, onItem), e.count > 1 ? ` ×${e.count}` : ""),
    el("td", {text: e.by ? byName(e.by) : ""}),
    el("td", {class: "principle", text: e.principle ? principleLabel(e.principle) : ""}))));
}

function wildsNode(wilds) {
  if (!wilds || !wilds.length) return null;
  return el("p", {class: "wilds"}, el("strong", {text: `${t("wilds")}: `}),
    wilds.map((w) => el("span", {class: "wild"}, tileImg(w.wild, "small"), ` ${w.name_zh || ""} ${t("stands_for")} `,
                        tileImg(w.stands_for, "small"))));
}

function contextUsed(variant, used) {
  if (!used || !used.values) return null;
  const defaults = new Set(used.defaults || []);
  return el("details", {class: "context-used", open: true},
    el("summary", {text: t("context_used")}),
    el("ul", {}, Object.entries(used.values).map(([k, v]) => el("li", {class: defaults.has(k) ? "is-default" : "", "data-field": k},
      `${fieldLabel(variant, k)}: `, el("b", {text: show(v)}), defaults.has(k) ? el("em", {text: ` (${t("default")})`}) : ""))));
}

function show(v) {
  if (v === null || v === undefined) return "—";
  if (v === "") return t("none");  // an empty tile list (no indicators): said, not left blank
  if (Array.isArray(v)) return v.length ? v.map(show).join(" ") : "—";
  if (typeof v === "object") return Object.entries(v).map(([k, x]) => `${k}=${show(x)}`).join(" ") || "—";
  return valueLabel(v);
}

function payments(p) {
  if (!p || !Object.keys(p).length) return null;
  return el("p", {id: "payments", class: "payments"}, el("strong", {text: `${t("payments")}: `}),
    Object.entries(p).map(([s, v], i) => [i ? " " : "", el("span", {class: "pay", text: `${valueLabel(s)} ${v > 0 ? "+" : ""}${v}`})]));
}

function readingCard(r, onItem) {
  return el("article", {class: `reading ${r.chosen ? "chosen" : ""}`, "data-index": r.index},
    el("h4", {}, `${t("reading")} ${r.index + 1}`, r.chosen ? el("span", {class: "tag", text: t("chosen")}) : "",
       el("span", {class: "reading-total", text: `${t("total")} ${r.total}`})),
    el("div", {class: "partition"}, (r.partition || []).map((g) => groupTiles(g, "small"))),
    wildsNode(r.wilds),
    el("ul", {}, r.items.map((i) => el("li", {}, itemButton(i, onItem, true),
      ` ${i.factor && i.factor !== 1 ? "×" + i.factor : i.points}${i.count > 1 ? " ×" + i.count : ""}`))),
    r.note ? el("p", {class: "hint", text: r.note}) : null);
}

// a hand valued in han and fu (riichi: the answer's details carry han, fu, the limit and the fu
// breakdown): "3 han 40 fu · mangan", what the fu are made of, and the cost before the payments
const scoredInHan = (result) => Boolean(result.details && Number.isInteger(result.details.han) && Number.isInteger(result.details.fu));

function hanFu(result) {
  const d = result.details;
  if (!result.valid) {
    // no yaku: not a win, but the dora it holds are said, as the han they would have added
    return el("p", {id: "han-fu", class: "han-fu invalid", text: t("dora_would", {han: d.han})});
  }
  return el("p", {id: "han-fu", class: "han-fu"},
    el("span", {"data-han": d.han, text: `${d.han} ${t("han")}`}), " ",
    el("span", {"data-fu": d.fu, text: `${d.fu} ${t("fu")}`}),
    d.limit ? [" · ", el("strong", {class: "limit", "data-limit": d.limit, text: limitLabel(d.limit)})] : "");
}

function fuBreakdown(d) {
  if (!d.fu_items || !d.fu_items.length) return null;
  const raw = d.fu_items.reduce((n, i) => n + i.fu, 0);
  return el("details", {id: "fu-breakdown", class: "fu-breakdown", open: true},
    el("summary", {text: `${t("fu_breakdown")}: ${d.fu} ${t("fu")}`}),
    el("table", {class: "fu-items"}, el("tbody", {}, d.fu_items.map((f) => el("tr", {"data-reason": f.reason},
      el("td", {text: fuLabel(f.reason)}), el("td", {}, f.tiles ? groupTiles(f.tiles, "small") : ""),
      el("td", {class: "num", text: `${f.fu}`}))),
      raw !== d.fu ? el("tr", {class: "fu-rounded"}, el("td", {colspan: 2, text: t("fu_rounded", {raw})}),
                        el("td", {class: "num", text: `${d.fu}`})) : null)));
}

// what the hand costs (before honba), the honba on top, the riichi sticks to the winner
function cost(result) {
  const d = result.details;
  const used = (result.context_used && result.context_used.values) || {};
  if (!result.valid || !d.cost) return null;
  const tsumo = Boolean(used.self_draw);
  const honba = Number(used.honba || 0);
  const main = !tsumo ? t("cost_ron", {n: d.cost.main})
    : d.dealer ? t("cost_tsumo_dealer", {n: d.cost.main}) : t("cost_tsumo", {a: d.cost.additional, b: d.cost.main});
  return el("ul", {id: "cost", class: "cost"},
    el("li", {"data-cost": "main", text: main}),
    honba ? el("li", {"data-cost": "honba", text: t(tsumo ? "cost_honba_tsumo" : "cost_honba_ron",
                                                    {h: honba, n: (tsumo ? 100 : 300) * honba})}) : null,
    d.riichi_sticks ? el("li", {"data-cost": "sticks", text: t("cost_sticks", {n: d.riichi_sticks})}) : null);
}

export function renderResult(box, result, ctx) {
  const {variant, onItem, byName, ms} = ctx;
  const han = scoredInHan(result);
  box.replaceChildren(...[
    el("p", {id: "total", class: `total ${result.valid ? "" : "invalid"}`,
             text: result.valid ? `${t("total")} ${result.total}` : `${t("invalid")}: ${result.reason || ""}`}),
    han ? hanFu(result) : null,
    ms !== undefined ? el("p", {class: "hint roundtrip", text: t("roundtrip", {ms: Math.round(ms)})}) : null,
    el("div", {class: "partition"}, (result.partition || []).map((g) => groupTiles(g))),
    wildsNode(result.wilds),
    (result.warnings || []).length ? el("ul", {class: "warnings"}, result.warnings.map((w) => el("li", {text: w}))) : null,
    result.items && result.items.length ? itemsTable(result.items, onItem, han ? "han_col" : "points") : null,
    han ? fuBreakdown(result.details) : null,
    han ? cost(result) : null,
    result.excluded && result.excluded.length ? el("h3", {text: t("excluded")}) : null,
    result.excluded && result.excluded.length ? excludedTable(result.excluded, byName, onItem) : null,
    payments(result.payments),
    contextUsed(variant, result.context_used),
    result.readings && result.readings.length > 1 ? el("h3", {text: t("readings")}) : null,
    result.readings && result.readings.length > 1
      ? el("div", {class: "readings"}, result.readings.map((r) => readingCard(r, onItem))) : null,
    result.readings && result.readings.length > 1 && result.tie_break ? el("p", {class: "hint", text: result.tie_break}) : null,
  ].filter(Boolean));
}

const STATUS = {confirmed: "confirmed", not_present: "not_present", excluded: "excluded_status", unknown: "unknown"};

export function renderVerdict(box, v, byName) {
  const agrees = v.total_agrees !== false;
  const stands = agrees && v.items.every((i) => i.status === "confirmed") && !(v.missed || []).length;
  box.replaceChildren(el("div", {id: "verdict", class: `verdict ${stands ? "ok" : "bad"}`},
    el("p", {class: "verdict-head", text: stands ? t("stands") : t("falls")}),
    el("ul", {}, v.items.map((i) => el("li", {class: `status-${i.status}`, "data-item": i.id},
      el("b", {text: byName(i.id)}), ` — ${t(STATUS[i.status] || i.status)}`,
      i.by ? ` (${t("by")} ${byName(i.by)}${i.principle ? ", " + principleLabel(i.principle) : ""})` : "",
      el("div", {class: "hint", text: i.why || ""})))),
    (v.missed || []).length ? el("p", {class: "missed"}, el("strong", {text: `${t("missed")}: `}),
                                  v.missed.map(byName).join(", ")) : null,
    v.claimed_total !== null && v.claimed_total !== undefined
      ? el("p", {class: "verdict-total", text: agrees ? `${t("claimed_total")} ${v.claimed_total}: ${t("total_agrees")}`
                                                      : t("total_differs", {a: v.claimed_total, b: v.computed_total})})
      : null));
}

export function renderWaits(box, answer, byName) {
  if (!answer.waits.length) { box.replaceChildren(el("p", {id: "waits-list", text: t("no_waits")})); return; }
  const cell = (s) => el("td", {class: `num ${s.valid ? "" : "invalid"}`, title: s.reason || (s.items || []).map(byName).join(", "),
                                text: s.valid ? String(s.total) : "✗"});
  box.replaceChildren(table("waits", [t("tiles"), t("self_draw"), t("discard"), t("item")], answer.waits.map((w) => el("tr", {"data-tile": w.tile},
    el("td", {}, tileImg(w.tile, "small"), w.four_held ? el("em", {text: ` ${t("four_held")}`}) : ""),
    cell(w.scores.self_draw), cell(w.scores.discard),
    el("td", {class: "hint", text: (w.scores.discard.valid ? w.scores.discard.items : w.scores.self_draw.items || []).map(byName).join(", ")})))));
  box.firstChild.id = "waits-list";
}

export function renderItemCard(box, ref, byName) {
  const ex = ref.example || {};
  box.replaceChildren(...[
    el("h3", {id: "item-title", text: itemNames(ref)}),
    el("p", {}, el("strong", {text: `${t("value")}: `}), ref.factor && ref.factor !== 1 ? `×${ref.factor}` : String(ref.points)),
    el("p", {class: "definition"}, el("strong", {text: `${t("definition")}: `}), ref.definition || ""),
    ref.excludes && ref.excludes.length ? el("p", {}, el("strong", {text: `${t("excludes")}: `}), ref.excludes.map(byName).join(", ")) : null,
    ex.hand ? el("div", {class: "example"}, el("strong", {text: `${t("example")}: `}), groupTiles(ex.hand, "small"),
                 el("span", {text: ` ${t("total")} ${ex.total ?? ""}`})) : null,
    ref.doc ? el("p", {class: "hint", text: ref.doc}) : null,
  ].filter(Boolean));
}

export function errorLines(body, typed) {
  const err = (body && body.error) || {message: String(body), code: "network"};
  const list = err.errors && err.errors.length ? err.errors : [err];
  // a position is shown as the characters typed around it, never as a number
  return list.map((e) => ({code: e.code, message: e.code === "network" ? t("offline") : e.message,
    near: typed && e.position !== null && e.position !== undefined ? [typed.slice(0, e.position), typed[e.position] || "", typed.slice(e.position + 1)] : null}));
}

export function renderErrors(box, lines, label) {
  box.replaceChildren(el("div", {id: "total", class: "error", role: "alert"},
    el("p", {class: "error-head", text: t("error")}),
    el("ul", {}, lines.map((l) => el("li", {"data-code": l.code || ""},
      label(l.code) ? el("b", {text: `${label(l.code)}: `}) : "", l.message,
      l.near ? el("code", {class: "near"}, l.near[0], el("mark", {text: l.near[1]}), l.near[2]) : "")))));
}

export {itemName};
