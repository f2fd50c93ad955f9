// @ts-check
// The seat tokens of my games, kept in this browser only (localStorage).

const KEY = "outlaws.games";

/**
 * A seat of this browser's.
 * @typedef {object} Entry
 * @property {string} game
 * @property {number} seat
 * @property {string} token the seat's token, which plays it
 * @property {string} [invite] the invite of a friend game this browser made
 * @property {string} [joinedWith] the invite this browser took the seat with
 * @property {string} [kind] bot, friend, tutorial...
 * @property {boolean} [open] an open game, listed in the lobby until someone takes it
 * @property {number} [created] when it was kept (ms)
 */

/** @returns {Entry[]} */
function read() {
  try {
    const data = JSON.parse(localStorage.getItem(KEY) || "[]");
    return Array.isArray(data) ? data.filter((g) => g && g.game && g.token) : [];
  } catch {
    return [];
  }
}

/** @param {Entry[]} list */
function write(list) {
  try {
    localStorage.setItem(KEY, JSON.stringify(list.slice(0, 100)));
  } catch {
    // storage full or disabled: the game still plays, it is only not listed
  }
}

/** Every stored seat, newest first.
 * @returns {Entry[]} */
export function myGames() {
  return read();
}

/** Keep `entry` first (instead of an older copy of the same seat).
 * @param {Entry} entry */
export function remember(entry) {
  const list = read().filter((g) => !(g.game === entry.game && g.token === entry.token));
  list.unshift({ created: Date.now(), ...entry });
  write(list);
}

/** The seat kept of `game` (with `token`, if given), or null.
 * @param {string} game
 * @param {string} [token]
 * @returns {Entry | null} */
export function seatEntry(game, token) {
  return read().find((g) => g.game === game && (token === undefined || g.token === token)) || null;
}

/** Forget every seat of `game`.
 * @param {string} game */
export function forget(game) {
  write(read().filter((g) => g.game !== game));
}
