// @ts-check
// The session as the page knows it (optional: a guest plays as before). The session is an
// HttpOnly cookie the page never sees; what the page keeps is the account's name and
// the session's anti-CSRF token, read from GET /account, sent with every request that
// changes something.

import { api } from "./api.js";
import * as store from "./store.js";

/**
 * The signed-in account as GET /account gives it.
 * @typedef {{id: string, name: string, csrf: string}} Account
 */

/** @type {Account | null} The signed-in account as this page knows it, or null. */
let session = null;
/** @type {Promise<Account | null> | null} */
let loaded = null;

/** Ask the server once whether this browser is signed in (a guest: null).
 * @returns {Promise<Account | null>} */
export function loadSession() {
  if (!loaded) {
    loaded = api.account().then(
      (me) => {
        session = me;
        return me;
      },
      () => {
        session = null;
        return null;
      },
    );
  }
  return loaded;
}

/** The session's anti-CSRF token, or undefined for a guest.
 * @returns {string | undefined} */
export function csrf() {
  return session ? session.csrf : undefined;
}

/** The signed-in account, or null for a guest.
 * @returns {Account | null} */
export function signedIn() {
  return session;
}

/** Signed in, up (`me`) or out (null): what the page knows from now on.
 * @param {Account | null} me */
export function setSession(me) {
  session = me;
  loaded = Promise.resolve(me);
}

/** The games of the account that this browser holds no seat token for (played on
 * another device): pure, for the lobby to offer them here. */
export function elsewhere(accountGames, entries) {
  const held = new Set(entries.map((e) => `${e.game}/${e.seat}`));
  return accountGames.filter((g) => !held.has(`${g.game}/${g.seat}`));
}

/** Open a game of the account on this device: a token of its own, kept like any seat. */
export async function openHere(game) {
  const seat = await api.deviceToken(game.game, csrf());
  store.remember({ game: seat.game, seat: seat.seat, token: seat.token, kind: game.kind });
  return `#/game/${encodeURIComponent(seat.game)}/${encodeURIComponent(seat.token)}`;
}

/** @type {Set<() => void>} */
const listeners = new Set();

/** Call `listener()` whenever this browser signs in or out; returns how to stop.
 * @param {() => void} listener
 * @returns {() => boolean} */
export function onSessionChange(listener) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Tell every listener of onSessionChange that this browser signed in or out. */
export function sessionChanged() {
  for (const listener of listeners) listener();
}
