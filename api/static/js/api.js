// The service's JSON API (docs/web.md), on the page's own origin. Every call is bounded in time;
// a failure answers {error} like the API's own errors, so the page draws both the same way.
"use strict";

const TIMEOUT_MS = 15000;

async function call(path, init) {
  const ctl = new AbortController();
  const timer = setTimeout(() => ctl.abort(), TIMEOUT_MS);
  try {
    const res = await fetch(path, {...init, signal: ctl.signal});
    const body = await res.json().catch(() => ({error: {code: "bad_request", message: `HTTP ${res.status}`}}));
    return res.ok ? {ok: true, body} : {ok: false, body};
  } catch (err) {
    return {ok: false, body: {error: {code: "network", message: String(err.message || err)}}};
  } finally {
    clearTimeout(timer);
  }
}

const post = (path, body, headers = {}) =>
  call(path, {method: "POST", headers: {"content-type": "application/json", ...headers}, body: JSON.stringify(body)});

export const variants = () => call("/v1/variants");
export const itemReference = (variant, item) =>
  call(`/v1/variants/${encodeURIComponent(variant)}/items/${encodeURIComponent(item)}`);
export const score = (req) => post("/v1/score", req);
export const waits = (req) => post("/v1/waits", req);
export const parse = (req) => post("/v1/parse", req);
export const efficiency = (req) => post("/v1/efficiency", req);

// matches: a change carries the revision last seen, so a double tap cannot add a hand twice, and
// the match's edit key (docs/match.md#who-may-change-a-match)
const match = (id) => `/v1/matches/${encodeURIComponent(id)}`;
const keyed = (key) => (key ? {authorization: `Bearer ${key}`} : {});
export const createMatch = (record) => post("/v1/matches", record);
export const readMatch = (id) => call(match(id));
export const addHand = (id, entry, revision, key) => post(`${match(id)}/hands`, {entry, revision}, keyed(key));
export const correctHand = (id, fix, key) => post(`${match(id)}/corrections`, fix, keyed(key));
export const explainHand = (id, n) => call(`${match(id)}/hands/${n}/explanation`);
export const exportUrl = (id, format) => `${match(id)}/export?format=${format}`;
