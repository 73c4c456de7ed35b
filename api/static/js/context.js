// The context form, built from a variant's context fields (GET /v1/variants): a checkbox for a
// yes/no, a list for a choice or a tile, tiles to pick for a field of tiles written together
// (format "tiles": riichi's dora indicators), a box for the rest. Only what the user set is sent,
// so the answer's context_used tells which values were defaults.
"use strict";

import {isFlower, tileOrder, tilesOf} from "./hand.js";
import {el, tileImg} from "./view.js";
import {fieldLabel, t, valueLabel} from "./i18n.js";

const TILE_FIELDS = new Set(["wild", "win_tile"]);
// seats a variant takes as free text (it also reads 1z-4z) are offered as the four winds
const SEAT_FIELDS = new Set(["seat_wind", "round_wind", "discarder", "dian_pao"]);
const SEATS = ["E", "S", "W", "N"];
const SHOWN = 6; // fields past these fold under "more"

const typesOf = (f) => (Array.isArray(f.type) ? f.type : [f.type]).filter((x) => x !== "null");

const isTileList = (f) => f.format === "tiles";

// a field of tiles written together: the tiles picked (a tap takes one back), and a compact grid of
// the variant's tiles that opens under it; the value travels in a hidden input like any other field
function tileList(variant, f, value) {
  const input = el("input", {type: "hidden", name: f.name, "data-type": "string"});
  input.value = value === undefined || value === null ? "" : String(value);
  const chosen = el("span", {class: "tile-list-chosen"});
  const grid = el("div", {class: "tile-list-grid", hidden: true});
  const open = el("button", {type: "button", class: "tile-list-open", "aria-expanded": "false", text: t("pick_add")});
  const max = f.max_tiles || Infinity;
  const set = (tiles) => {
    input.value = tiles.join("");
    draw();
    input.dispatchEvent(new Event("change", {bubbles: true}));
  };
  function draw() {
    const tiles = tilesOf(input.value);
    chosen.replaceChildren(...(tiles.length ? tiles.map((x, i) => {
      const b = el("button", {type: "button", class: "tile-btn small", "data-tile": x, title: t("pick_remove")}, tileImg(x));
      b.addEventListener("click", () => set(tiles.filter((_, j) => j !== i)));
      return b;
    }) : [el("span", {class: "hint", text: t("none")})]));
    box.dataset.count = String(tiles.length);
    box.dataset.full = String(tiles.length >= max);
  }
  const button = (x) => {
    const b = el("button", {type: "button", class: "tile-btn small", "data-tile": x, "aria-label": x}, tileImg(x));
    b.addEventListener("click", () => { const tiles = tilesOf(input.value); if (tiles.length < max) set([...tiles, x]); });
    return b;
  };
  // a row per suit, the honours last, as the palette lays them out
  const suit = (x) => (/^[0-9][mps]$/.test(x) ? x[1] : "z");
  const order = tileOrder(variant).filter((x) => !isFlower(x));
  grid.append(...[...new Set(order.map(suit))].map((s) => el("div", {class: "tile-list-row"}, order.filter((x) => suit(x) === s).map(button))));
  open.addEventListener("click", () => {
    grid.hidden = !grid.hidden;
    open.setAttribute("aria-expanded", String(!grid.hidden));
    open.textContent = t(grid.hidden ? "pick_add" : "pick_done");
  });
  const box = el("div", {class: "field tile-list", "data-field": f.name, title: f.description},
    el("span", {class: "tile-list-head"}, el("span", {text: fieldLabel(variant.id, f.name)}), chosen, open), grid, input);
  draw();
  return box;
}

// every tile picked in the form's tile fields (copies out of the hand's reach)
export function tileFieldTiles(form) {
  return [...form.querySelectorAll(".tile-list input[type=hidden]")].flatMap((i) => tilesOf(i.value));
}

// the grids offer only tiles with a copy left, and nothing once the field holds its most
export function guardTilePickers(form, left) {
  for (const box of form.querySelectorAll(".tile-list")) {
    const full = box.dataset.full === "true";
    for (const b of box.querySelectorAll(".tile-list-grid button")) b.disabled = full || left(b.dataset.tile) <= 0;
  }
}

function control(variant, f, value) {
  if (isTileList(f)) return tileList(variant, f, value);
  const types = typesOf(f);
  const label = fieldLabel(variant.id, f.name);
  const def = f.default === null || f.default === undefined ? "—" : valueLabel(f.default);
  if (f.type === "boolean") {
    return el("label", {class: "check", title: f.description},
      el("input", {type: "checkbox", name: f.name, "data-type": "boolean", checked: value === "true" || value === true}), ` ${label}`);
  }
  let input;
  const choices = f.enum || (TILE_FIELDS.has(f.name) ? variant.tiles : SEAT_FIELDS.has(f.name) && types.includes("string") ? SEATS
    : types.length === 1 && types[0] === "boolean" ? ["true", "false"] : null);
  if (choices) {
    input = el("select", {name: f.name, "data-type": types.length === 1 ? types[0] : "string"},
      el("option", {value: "", text: `${t("default")}: ${def}`}),
      choices.map((c) => el("option", {value: String(c), text: TILE_FIELDS.has(f.name) ? c : `${valueLabel(c)}${valueLabel(c) !== String(c) ? ` (${c})` : ""}`})));
    input.value = value === undefined || value === null ? "" : String(value);
  } else {
    const number = types.length === 1 && types[0] === "integer";
    input = el("input", {name: f.name, type: number ? "number" : "text", inputmode: number ? "numeric" : null,
                         "data-type": types.includes("object") ? "object" : types.includes("array") ? "array" : types[0],
                         placeholder: `${t("default")}: ${typeof f.default === "object" && f.default !== null ? JSON.stringify(f.default) : def}`,
                         autocomplete: "off", spellcheck: "false"});
    input.value = value === undefined || value === null ? "" : typeof value === "object" ? JSON.stringify(value) : String(value);
  }
  return el("label", {class: "field", title: f.description}, el("span", {text: label}), input);
}

export function buildContext(form, variant, values) {
  // a field of tiles is never folded away
  const built = variant.context.map((f, i) => ({node: control(variant, f, values[f.name]), shown: i < SHOWN || isTileList(f)}));
  const fields = built.filter((b) => b.shown).map((b) => b.node);
  const more = built.filter((b) => !b.shown).map((b) => b.node);
  form.replaceChildren(...fields,
    more.length ? el("details", {id: "more-context"}, el("summary", {text: t("more")}), ...more) : "");
}

// "E=1p2p;W=3m" -> {E: "1p2p", W: "3m"}; "S=3,N=1" -> {S: 3, N: 1}
function object(text) {
  const out = {};
  for (const part of text.split(/[;,]/)) {
    const [k, ...rest] = part.split("=");
    if (!k.trim()) continue;
    const v = rest.join("=").trim();
    out[k.trim()] = /^-?\d+$/.test(v) ? Number(v) : v;
  }
  return out;
}

export function readContext(form) {
  const ctx = {};
  for (const input of form.querySelectorAll("input, select")) {
    const type = input.dataset.type;
    if (input.type === "checkbox") { if (input.checked) ctx[input.name] = true; continue; }
    const v = input.value.trim();
    if (!v) continue;
    if (type === "integer") ctx[input.name] = Number(v);
    else if (type === "boolean") ctx[input.name] = v === "true";
    else if (/^[[{]/.test(v) && (type === "object" || type === "array")) {
      try { ctx[input.name] = JSON.parse(v); } catch { ctx[input.name] = v; }
    } else if (type === "object") ctx[input.name] = object(v);
    else if (type === "array") ctx[input.name] = v.split(v.includes(";") ? ";" : /[\s,]+/).map((s) => s.trim()).filter(Boolean);
    else ctx[input.name] = v;
  }
  return ctx;
}
