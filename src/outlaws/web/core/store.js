// @ts-check
// The seat tokens of my games, kept in this browser only (localStorage).

const KEY = "outlaws.games";

function read() {
  try {
    const data = JSON.parse(localStorage.getItem(KEY) || "[]");
    return Array.isArray(data) ? data.filter((g) => g && g.game && g.token) : [];
  } catch {
    return [];
  }
}

function write(list) {
  try {
    localStorage.setItem(KEY, JSON.stringify(list.slice(0, 100)));
  } catch {
    // storage full or disabled: the game still plays, it is only not listed
  }
}

/** Every stored seat: {game, seat, token, invite?, kind?, created}. Newest first. */
export function myGames() {
  return read();
}

export function remember(entry) {
  const list = read().filter((g) => !(g.game === entry.game && g.token === entry.token));
  list.unshift({ created: Date.now(), ...entry });
  write(list);
}

export function seatEntry(game, token) {
  return read().find((g) => g.game === game && (token === undefined || g.token === token)) || null;
}

export function forget(game) {
  write(read().filter((g) => g.game !== game));
}
