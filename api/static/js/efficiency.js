// Tile efficiency (POST /v1/efficiency) drawn: a hand one tile short (shanten, each shape, the
// useful tiles with copies left, its waits, the variant's minimum in view: MCR's 8 fan, riichi's yaku)
// or a full hand (every discard, best first). Every number is also left in a data- attribute for the page's tests.
"use strict";

import {el, labelCells, tileImg} from "./view.js";
import {t} from "./i18n.js";

const SHAPES = {standard: "shape_standard", seven_pairs: "shape_seven_pairs", thirteen_orphans: "shape_thirteen_orphans",
                honors_and_knitted: "shape_honors_and_knitted", knitted_straight: "shape_knitted_straight"};

export const shapeLabel = (id) => (SHAPES[id] ? t(SHAPES[id]) : id.replace(/_/g, " "));

// a minimum's text, by what it asks (the answer's minimum_rule), never by the variant
const minText = (key, rule, vars) => t(`${key}_${rule}`, vars);

export function shantenText(n) {
  return n < 0 ? t("eff_complete") : n === 0 ? t("eff_ready") : t("eff_shanten", {n});
}

// a tile with the copies of it not seen yet under it
function leftTile(u, extra) {
  return el("span", {class: `left-tile ${extra || ""}`, "data-tile": u.tile, "data-left": String(u.left),
                     title: t("eff_left", {n: u.left})},
    tileImg(u.tile), el("small", {text: `×${u.left}`}));
}

function usefulRow(useful, tilesLeft, minimum) {
  const keeps = new Map((minimum ? minimum.useful : []).map((m) => [m.tile, m.keeps_minimum]));
  return el("div", {class: "eff-useful"},
    el("div", {class: "left-tiles"}, useful.map((u) => {
      const node = leftTile(u, minimum ? (keeps.get(u.tile) ? "keeps" : "breaks") : "");
      if (minimum) node.dataset.keepsMinimum = String(Boolean(keeps.get(u.tile)));
      return node;
    })),
    el("p", {class: "hint", text: t("eff_tiles_left", {n: tilesLeft, k: useful.length})}));
}

function shapesTable(shapes) {
  return el("table", {class: "eff-shapes"}, el("tbody", {}, Object.entries(shapes).map(([id, s]) =>
    el("tr", {"data-shape": id, "data-shanten": String(s.shanten)},
      el("td", {text: shapeLabel(id)}), el("td", {class: "num", text: shantenText(s.shanten)})))));
}

function waitsTable(waits, byName, rule) {
  const cell = (s) => (s ? el("td", {class: `num ${s.valid ? "" : "invalid"}`, title: s.reason || (s.items || []).map(byName).join(", "),
                                    text: s.valid ? String(s.total) : "✗"}) : el("td", {}));
  return el("table", {class: "eff-waits"},
    el("thead", {}, el("tr", {}, [t("tiles"), t("eff_left_col"), t("self_draw"), t("discard"), ""].map((h) => el("th", {text: h})))),
    el("tbody", {}, waits.map((w) => el("tr", {"data-tile": w.tile, "data-left": String(w.left),
                                                "data-below-minimum": String(Boolean(w.below_minimum))},
      el("td", {}, tileImg(w.tile, "small")), el("td", {class: "num", text: String(w.left)}),
      cell(w.scores && w.scores.self_draw), cell(w.scores && w.scores.discard),
      el("td", {class: "hint"}, w.below_minimum ? el("b", {class: "invalid", text: minText("eff_below_minimum", rule)}) : "",
         w.four_held ? el("em", {text: ` ${t("four_held")}`}) : "")))));
}

function minimumNode(minimum, rule) {
  if (!minimum) return null;
  return el("div", {class: "eff-minimum", "data-tiles-left": String(minimum.tiles_left)},
    el("h3", {text: minText("eff_minimum_title", rule)}),
    el("p", {text: minText("eff_minimum_left", rule, {n: minimum.tiles_left})}),
    el("ul", {class: "eff-routes"}, minimum.useful.map((m) => el("li", {"data-tile": m.tile, class: m.keeps_minimum ? "keeps" : "breaks"},
      tileImg(m.tile, "small"), ` ×${m.left} `,
      m.keeps_minimum
        ? m.via.map((v) => el("span", {class: "route"}, ` ${t("eff_discard_word")} `, tileImg(v.discard, "small"),
                              ` → ${t("eff_waits_word")} `, v.waits.map((w) => tileImg(w, "small"))))
        : el("span", {class: "invalid", text: ` ${minText("eff_no_minimum", rule)}`})))));
}

function oneShort(answer, byName) {
  return [
    el("p", {id: "eff-shanten", class: "total", "data-shanten": String(answer.shanten), text: shantenText(answer.shanten)}),
    el("h3", {text: t("eff_useful")}),
    usefulRow(answer.useful, answer.tiles_left, answer.minimum),
    answer.waits && answer.waits.length ? el("h3", {text: t("waits_title")}) : null,
    answer.waits && answer.waits.length ? waitsTable(answer.waits, byName, answer.minimum_rule) : null,
    minimumNode(answer.minimum, answer.minimum_rule),
    el("details", {class: "eff-shapes-box"}, el("summary", {text: t("eff_shapes")}), shapesTable(answer.shapes)),
  ];
}

// the fewest copies that keep a valid win after this discard: the minimum view's count, else the
// useful tiles of a ready hand whose waits are not all below the minimum
function minimumLeft(d) {
  if (d.minimum) return d.minimum.tiles_left;
  if (d.waits && d.waits.length && d.waits.some((w) => w.below_minimum !== undefined && w.below_minimum !== null)) {
    return d.waits.filter((w) => !w.below_minimum).reduce((s, w) => s + w.left, 0);
  }
  return null;
}

function discardsTable(discards, rule) {
  return labelCells(el("table", {id: "eff-discards", class: "eff-discards"},
    el("thead", {}, el("tr", {}, [t("eff_discard_col"), t("eff_shanten_col"), t("eff_useful"),
                                  rule ? minText("eff_minimum_col", rule) : "—"]
      .map((h) => el("th", {text: h})))),
    el("tbody", {}, discards.map((d, i) => {
      const min = minimumLeft(d);
      return el("tr", {"data-tile": d.tile, "data-shanten": String(d.shanten), "data-tiles-left": String(d.tiles_left),
                       "data-min-left": min === null ? "" : String(min), class: i === 0 ? "best" : ""},
        el("td", {class: "eff-discard"}, tileImg(d.tile)),
        el("td", {class: "eff-n", text: d.shanten === 0 ? t("eff_ready") : String(d.shanten)}),
        el("td", {}, el("div", {class: "left-tiles small"}, d.useful.map((u) => leftTile(u))),
           el("small", {class: "hint", text: t("eff_tiles_left", {n: d.tiles_left, k: d.useful.length})})),
        el("td", {class: "num", title: rule ? minText("eff_minimum_title", rule) : "", text: min === null ? "—" : String(min)}));
    }))));
}

export function renderEfficiency(box, answer, byName) {
  const nodes = answer.discards
    ? [el("p", {id: "eff-shanten", class: "total", "data-complete": String(Boolean(answer.complete)),
                text: answer.complete ? t("eff_full_complete") : t("eff_full")}),
       // the order of docs/efficiency.md: a variant with a minimum (MCR, riichi) ranks by it first
       el("p", {class: "hint", text: answer.minimum_rule ? minText("eff_discards_hint", answer.minimum_rule)
                                                         : t("eff_discards_hint")}),
       discardsTable(answer.discards, answer.minimum_rule)]
    : oneShort(answer, byName);
  box.replaceChildren(...[
    el("p", {class: "partition"}, el("span", {class: "hint", text: answer.hand})),
    ...nodes,
    (answer.warnings || []).length ? el("ul", {class: "warnings"}, answer.warnings.map((w) => el("li", {text: w}))) : null,
  ].filter(Boolean));
}
