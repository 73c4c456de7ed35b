// The hand being built: melds, flowers and concealed tiles, guarded so that it can never hold a
// 5th copy, more tiles than the variant's hand, or a meld the notation (docs/notation.md) refuses.
// Every change is one action; undo puts back the hand as it was before the last one.
"use strict";

export const MELDS = {
  chow: {open: "[", close: "]", size: 3}, pung: {open: "[", close: "]", size: 3},
  kong: {open: "[", close: "]", size: 4}, added: {open: "{", close: "}", size: 4},
  concealed: {open: "(", close: ")", size: 4},
};

export const isFlower = (t) => /^[1-8]f$/.test(t);
export const isSuited = (t) => /^[1-9][mps]$/.test(t);
// a red five (0m 0p 0s, riichi) is one of its suit's four fives: its kind is the five's
export const isRed = (t) => /^0[mps]$/.test(t);
export const kindOf = (t) => (isRed(t) ? `5${t[1]}` : t);

// "[123m]", "(5555p)", "[555p,2]" and bare tiles, as the canonical hand writes them
export function tokens(text) {
  const out = [];
  const re = /([[({<])([^\])}>]*)([\])}>])|([0-9]+)([mpszf])|([ESWNCFPQBH])/g;
  let m;
  while ((m = re.exec(text)) !== null) {
    if (m[1]) out.push({open: m[1], body: m[2], close: m[3]});
    else if (m[4]) for (const d of m[4]) out.push({tile: m[5] === "z" ? "ESWNPFC"[Number(d) - 1] : d + m[5]});
    else out.push({tile: m[6]});
  }
  return out;
}

export function tilesOf(text) {
  return tokens(text).flatMap((tok) => (tok.tile ? [tok.tile] : tokens(tok.body.split(",")[0]).map((x) => x.tile)));
}

// consecutive tiles of one suit share the letter: 4m5m6m -> 456m
export function compact(tiles) {
  let out = "";
  let run = "";
  let suit = "";
  for (const t of tiles) {
    if (isSuited(t) || isRed(t) || isFlower(t)) {
      if (t[1] !== suit && run) { out += run + suit; run = ""; }
      suit = t[1];
      run += t[0];
    } else {
      if (run) { out += run + suit; run = ""; suit = ""; }
      out += t;
    }
  }
  return run ? out + run + suit : out;
}

// the variant's tiles in display order (GET /v1/variants), each red five after its suit's five
// where the variant writes red fives
export function tileOrder(variant) {
  if (!variant.hand.red_fives) return variant.tiles;
  return variant.tiles.flatMap((x) => (/^5[mps]$/.test(x) ? [x, `0${x[1]}`] : [x]));
}

let uid = 0;

export class Hand {
  constructor(shape, tiles) {
    this.shape = shape;           // GET /v1/variants: sets, tiles, chow_melds, flowers_in_hand, copies
    this.order = tiles;           // the variant's tile set in display order
    this.reserved = {};           // copies out of play elsewhere (indicators)
    this.history = [];
    this.melds = [];              // {kind, tiles, claim}
    this.flowers = [];
    this.concealed = [];          // {id, tile}; the last one is the winning tile
  }

  get full() { return this.shape.tiles; }
  count() { return 3 * this.melds.length + this.concealed.length; }
  isComplete() { return this.count() === this.full; }
  isOneShort() { return this.count() === this.full - 1; }
  isEmpty() { return !this.melds.length && !this.concealed.length && !this.flowers.length; }

  // the copies of the tile's kind in use (a red five and the plain fives of its suit together);
  // same: that very tile only (a red five)
  used(tile, same) {
    const match = same ? (x) => x === tile : (x) => kindOf(x) === kindOf(tile);
    let n = 0;
    for (const [x, k] of Object.entries(this.reserved)) if (match(x)) n += k;
    for (const m of this.melds) for (const x of m.tiles) if (match(x)) n++;
    for (const c of this.concealed) if (match(c.tile)) n++;
    return n + this.flowers.filter(match).length;
  }

  copies(tile) { return isFlower(tile) ? this.shape.flower_copies : this.shape.copies; }
  // a suit has one red five among its four fives
  left(tile) {
    const kind = this.copies(tile) - this.used(tile);
    return isRed(tile) ? Math.min(kind, 1 - this.used(tile, true)) : kind;
  }

  // why ``tile`` cannot be added now (an i18n key), or null
  refuseTile(tile) {
    if (!this.order.includes(tile)) return "no_copy";
    if (this.left(tile) <= 0) return "no_copy";
    if (isFlower(tile) && this.shape.flowers_in_hand) return null;
    return this.count() >= this.full ? "full" : null;
  }

  // a red five tapped for a meld is its one red five: the chow that starts at it, a pung or kong of it
  // and plain fives
  meldTiles(kind, tile) {
    if (kind === "chow") {
      if (!(isSuited(tile) || isRed(tile)) || Number(kindOf(tile)[0]) > 7) return null;
      return [0, 1, 2].map((d) => (d === 0 ? tile : `${Number(kindOf(tile)[0]) + d}${tile[1]}`));
    }
    if (isFlower(tile)) return null;
    return [tile, ...Array(MELDS[kind].size - 1).fill(kindOf(tile))];
  }

  refuseMeld(kind, tile) {
    if (kind === "chow" && !this.shape.chow_melds) return "no_room";
    const tiles = this.meldTiles(kind, tile);
    if (!tiles) return "no_copy";
    if (this.melds.length >= this.shape.sets || this.count() + 3 > this.full - 2) return "no_room";
    for (const t of new Set(tiles)) {
      if (!this.order.includes(t)) return "no_copy";
      if (this.copies(t) - this.used(t) < tiles.filter((x) => kindOf(x) === kindOf(t)).length) return "no_copy";
      if (isRed(t) && this.left(t) < 1) return "no_copy";
    }
    return null;
  }

  canMeld(kind) { return this.order.some((t) => this.refuseMeld(kind, t) === null); }

  snapshot() {
    return JSON.stringify({m: this.melds, f: this.flowers, c: this.concealed});
  }

  restore(snap) {
    const s = JSON.parse(snap);
    this.melds = s.m; this.flowers = s.f; this.concealed = s.c;
  }

  act(change) {
    const before = this.snapshot();
    change();
    this.history.push(before);
  }

  addTile(tile) {
    const why = this.refuseTile(tile);
    if (why) return why;
    this.act(() => {
      if (isFlower(tile) && this.shape.flowers_in_hand) this.flowers.push(tile);
      else this.concealed.push({id: ++uid, tile});
    });
    return null;
  }

  addMeld(kind, tile) {
    const why = this.refuseMeld(kind, tile);
    if (why) return why;
    this.act(() => this.melds.push({kind, tiles: this.meldTiles(kind, tile), claim: null}));
    return null;
  }

  removeTile(id) {
    const i = this.concealed.findIndex((c) => c.id === id);
    if (i >= 0) this.act(() => this.concealed.splice(i, 1));
  }

  removeMeld(i) { if (this.melds[i]) this.act(() => this.melds.splice(i, 1)); }
  removeFlower(i) { if (this.flowers[i]) this.act(() => this.flowers.splice(i, 1)); }

  // the notation reads the last concealed tile as the winning tile: move it there
  makeWinning(id) {
    const i = this.concealed.findIndex((c) => c.id === id);
    if (i < 0 || i === this.concealed.length - 1) return;
    this.act(() => this.concealed.push(...this.concealed.splice(i, 1)));
  }

  undo() {
    if (!this.history.length) return false;
    this.restore(this.history.pop());
    return true;
  }

  clear() { if (!this.isEmpty()) this.act(() => { this.melds = []; this.flowers = []; this.concealed = []; }); }

  rank(tile) { const i = this.order.indexOf(tile); return i < 0 ? 999 : i; }

  // the concealed tiles in display order, the winning tile last
  sortedConcealed() {
    if (!this.concealed.length) return [];
    const rest = this.concealed.slice(0, -1).sort((a, b) => this.rank(a.tile) - this.rank(b.tile));
    return [...rest, this.concealed[this.concealed.length - 1]];
  }

  notation() {
    const melds = this.melds.map((m) => {
      const {open, close} = MELDS[m.kind];
      return open + compact(m.tiles) + (m.claim ? `,${m.claim}` : "") + close;
    }).join("");
    // the winning tile is written last, so the notation reads it as the winning tile
    return melds + compact(this.flowers) + compact(this.sortedConcealed().map((c) => c.tile));
  }

  // a canonical hand (POST /v1/parse) back into the picker; false if it holds what the picker
  // cannot build (Nantong declarations, a tile outside the set)
  load(text) {
    const melds = [];
    const flowers = [];
    const concealed = [];
    for (const tok of tokens(text)) {
      if (tok.tile) {
        if (!this.order.includes(tok.tile)) return false;
        if (isFlower(tok.tile) && this.shape.flowers_in_hand) flowers.push(tok.tile);
        else concealed.push({id: ++uid, tile: tok.tile});
        continue;
      }
      const [body, claim] = tok.body.split(",");
      const tiles = tokens(body).map((x) => x.tile);
      let kind = {"[": tiles.length === 4 ? "kong" : (kindOf(tiles[0]) === kindOf(tiles[1]) ? "pung" : "chow"),
                  "{": "added", "(": "concealed"}[tok.open];
      if (!kind || tiles.some((x) => !x || !this.order.includes(x))) return false;
      if (tiles.length !== MELDS[kind].size) return false;
      melds.push({kind, tiles, claim: claim || null});
    }
    this.act(() => { this.melds = melds; this.flowers = flowers; this.concealed = concealed; });
    return true;
  }
}
