// @ts-check
// A seat's legal actions as the server sends them (docs/protocol.md): a mask over the
// engine's fixed action space, as long whatever the seat holds, so that its length tells
// an eavesdropper nothing of the seat's hidden cards. `GET /actionspace` gives, once, the
// action object of every id (a template); a mask's set bits pick the ids. A Saloon
// exchange's template names places of the acting seat's own instead of cards (its id
// must not depend on the cards): the seat's view says which card is there.

import { ApiError } from "../core/api.js";

/**
 * A docs/format.md action object, or the template of one.
 * @typedef {Record<string, any>} Json
 */

/**
 * The legal actions a mask holds, as docs/format.md action objects in id order (which
 * keeps each type's actions together); null when `mask` is null (not this seat's
 * decision). Throws an Error for text that is not a mask over `templates`.
 * @param {string | null | undefined} mask base64 text: action id i is legal iff bit i % 8
 *   (least significant first) of byte floor(i / 8) is set
 * @param {Json[]} templates the action of each id, in id order (`loadActionSpace`)
 * @param {Json | null} view the view that came with the mask: the acting seat's own,
 *   which names the cards of its Saloon exchanges
 * @returns {Json[] | null}
 */
export function legalActions(mask, templates, view) {
  if (mask === null || mask === undefined) return null;
  if (!Array.isArray(templates)) {
    throw new Error("a legal mask is read with the action space's templates (GET /actionspace)");
  }
  const bytes = maskBytes(mask);
  const expected = Math.ceil(templates.length / 8);
  if (bytes.length !== expected) {
    throw new Error(`a legal mask over ${templates.length} actions is ${expected} bytes, not ${bytes.length}`);
  }
  const actions = [];
  bytes.forEach((byte, index) => {
    for (let bit = 0; bit < 8; bit += 1) {
      if (!(byte & (1 << bit))) continue;
      const id = index * 8 + bit;
      if (id >= templates.length) throw new Error(`a legal mask has a bit past the last action id, ${templates.length - 1}`);
      actions.push(resolved(templates[id], view));
    }
  });
  return actions;
}

/** The bytes of a mask's base64 text. */
function maskBytes(mask) {
  if (typeof mask !== "string") throw new Error(`a legal mask is base64 text, not ${typeof mask}`);
  let raw;
  try {
    raw = atob(mask);
  } catch {
    throw new Error("a legal mask is base64 text");
  }
  return Uint8Array.from(raw, (char) => char.charCodeAt(0));
}

/** A place of the acting seat's own: `{saloon: k}` or `{col: c}` (not a list of slots). */
const isPlace = (value) => value !== null && typeof value === "object" && !Array.isArray(value);

/** The action of a template: each place replaced by the card the view shows there. Its
 * lists are copies: a page state never shares anything with the templates. */
function resolved(template, view) {
  /** @type {Json} */
  const action = {};
  for (const [field, value] of Object.entries(template)) {
    if (isPlace(value)) action[field] = cardAt(value, view);
    else action[field] = Array.isArray(value) ? [...value] : value;
  }
  return action;
}

/** The card at a place of the acting seat's: its Saloon card k (from 0), or the card in
 * its column c (from 1). */
function cardAt(place, view) {
  const side = view && view.viewer !== null && view.viewer !== undefined ? view.seats[view.viewer] : null;
  if (!side) throw new Error("a Saloon exchange is read with the acting seat's own view");
  const card = "saloon" in place ? side.saloon[place.saloon] : side.street[place.col - 1];
  if (typeof card !== "string") throw new Error(`the view names no card at ${JSON.stringify(place)}`);
  return card;
}

/** @type {WeakMap<Function, Promise<Json[]>>} */
const loading = new WeakMap();

/**
 * The templates of the action space (`GET /actionspace`: the action object of every id,
 * in id order), fetched once: every call gets the same promise. A failed fetch is tried
 * again by the next call. It rejects with an ApiError (code "network" when the server
 * cannot be reached).
 * @param {(url: string, init?: RequestInit) => Promise<Response>} [fetchFn]
 * @returns {Promise<Json[]>}
 */
export function loadActionSpace(fetchFn = fetch) {
  let promise = loading.get(fetchFn);
  if (!promise) {
    promise = fetchActionSpace(fetchFn);
    loading.set(fetchFn, promise);
    promise.catch(() => {
      if (loading.get(fetchFn) === promise) loading.delete(fetchFn);
    });
  }
  return promise;
}

async function fetchActionSpace(fetchFn) {
  let response;
  try {
    // Cacheable: the action space changes only with the engine.
    response = await fetchFn("/actionspace", { headers: { Accept: "application/json" } });
  } catch (error) {
    throw new ApiError(0, { error: { code: "network", message: String(error) } });
  }
  const body = await response.json().catch(() => null);
  if (!response.ok) throw new ApiError(response.status, body);
  if (!body || !Array.isArray(body.actions) || body.actions.length !== body.size) {
    throw new ApiError(response.status, { error: { code: "http", message: "not an action space" } });
  }
  return body.actions;
}
