// @ts-check
// The server's HTTP API (docs/protocol.md) and the game WebSocket, with reconnection.
// Seat tokens never go in a URL (logs keep URLs; the server refuses `?token=`): over
// HTTP they go in the Authorization header, on the WebSocket in its first message (a
// browser cannot set headers on it).

/** A refusal of the server's (docs/protocol.md, Errors), or a network failure (status 0). */
export class ApiError extends Error {
  /**
   * @param {number} status the HTTP status (0: no answer)
   * @param {any} body the answer's JSON: `{error: {code, message, field | rule}}`
   */
  constructor(status, body) {
    const error = (body && body.error) || {};
    super(error.message || `HTTP ${status}`);
    this.status = status;
    this.code = error.code || "http";
    this.rule = error.rule || null;
    this.field = error.field || null;
  }
}

/**
 * @param {string} method
 * @param {string} path
 * @param {{body?: unknown, token?: string, csrf?: string}} [options] the JSON body, the seat's
 *   token, the session's anti-CSRF token
 * @returns {Promise<any>} the answer's JSON (null when it has none)
 */
async function request(method, path, { body, token, csrf } = {}) {
  /** @type {Record<string, string>} */
  const headers = { Accept: "application/json" };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (token) headers.Authorization = `Bearer ${token}`;
  // A signed-in request that changes something echoes the session's token (CSRF).
  if (csrf) headers["X-CSRF-Token"] = csrf;
  let response;
  try {
    response = await fetch(path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      cache: "no-store",
    });
  } catch (error) {
    throw new ApiError(0, { error: { code: "network", message: String(error) } });
  }
  let data = null;
  try {
    data = await response.json();
  } catch {
    data = null;
  }
  if (!response.ok) throw new ApiError(response.status, data);
  return data;
}

const enc = encodeURIComponent;

export const api = {
  /** `csrf`: the session's token when signed in (the seat is then the account's). */
  createGame: (body, csrf) => request("POST", "/games", { body, csrf }),
  join: (invite, name, csrf) =>
    request("POST", `/invites/${enc(invite)}`, { body: name ? { name } : {}, csrf }),
  inviteStatus: (invite) => request("GET", `/invites/${enc(invite)}`),
  mine: (tokens) => request("POST", "/games/mine", { body: { tokens } }),
  game: (id, token) => request("GET", `/games/${enc(id)}`, { token }),
  /** The whole replay: the server sends it in pages of 100 steps (`next`: the next one). */
  replay: async (id) => {
    const data = await request("GET", `/games/${enc(id)}/replay`);
    for (let start = data.next; start != null; ) {
      const page = await request("GET", `/games/${enc(id)}/replay?start=${start}`);
      data.steps.push(...page.steps);
      start = page.next;
    }
    return data;
  },
  record: (id) => request("GET", `/games/${enc(id)}/record`),
  importRecord: (record) => request("POST", "/imports", { body: record }),
  notebook: (id, token) => request("GET", `/games/${enc(id)}/notebook`, { token }),
  resign: (id, token) => request("POST", `/games/${enc(id)}/resign`, { token }),
  /** This seat's placement (R3.1): `{street, saloon}` or `{random: true}`, sent once. */
  place: (id, token, body) => request("POST", `/games/${enc(id)}/placement`, { body, token }),
  /** The game's analysis: start it (or resume it), then follow it; each look at it
   * tells the server someone is still waiting for it. */
  startAnalysis: (id) => request("POST", `/games/${enc(id)}/analysis`),
  analysis: (id) => request("GET", `/games/${enc(id)}/analysis`),
  recordUrl: (id) => `/games/${enc(id)}/record`,
  rematch: (id) => request("GET", `/games/${enc(id)}/rematch`),
  offerRematch: (id, token, csrf) => request("POST", `/games/${enc(id)}/rematch`, { token, csrf }),
  declineRematch: (id, token) => request("DELETE", `/games/${enc(id)}/rematch`, { token }),
  lobby: () => request("GET", "/lobby"),
  /** The bots, and the difficulty ladder the table offers (weakest first), then the bots off it. */
  bots: () => request("GET", "/bots"),
  takeSeek: (id, name, csrf) => request("POST", `/seeks/${enc(id)}`, { body: name ? { name } : {}, csrf }),
  /** The chat of this reader's room (a seat's token: the players'; none: the spectators'). */
  chat: (id, token) => request("GET", `/games/${enc(id)}/chat`, { token }),
  /** Say `{room, text | phrase, name?}` in it; `csrf` for a signed-in spectator. */
  say: (id, token, body, csrf) => request("POST", `/games/${enc(id)}/chat`, { body, token, csrf }),
  // Accounts (optional): the session is an HttpOnly cookie the browser sends itself.
  account: () => request("GET", "/account"),
  signUp: (name, password, seats) => request("POST", "/account", { body: { name, password, seats } }),
  signIn: (name, password, seats) =>
    request("POST", "/account/session", { body: { name, password, seats } }),
  signOut: (csrf) => request("DELETE", "/account/session", { csrf }),
  accountGames: () => request("GET", "/account/games"),
  /** This device's own token of the account's seat in `game`. */
  deviceToken: (game, csrf) => request("POST", `/account/games/${enc(game)}/token`, { csrf }),
  profile: (name) => request("GET", `/players/${enc(name)}`),
};

/** Close codes after which reconnecting is pointless (docs/protocol.md). */
const FINAL_CLOSE = new Set([4003, 4004, 1008]);

/** The URL of game `game`'s WebSocket on the page's server (`loc`: a Location), asking
 * for the log from event `since` on. It never holds the token: see `helloMessage`. */
export function socketUrl(loc, game, since) {
  const scheme = loc.protocol === "https:" ? "wss" : "ws";
  const params = new URLSearchParams({ since: String(since) });
  return `${scheme}://${loc.host}/ws/games/${enc(game)}?${params}`;
}

/** The first message of a connection, which says who it is: a seat (`token`) or a
 * spectator (none). The server answers nothing else before it. */
export function helloMessage(token) {
  return token ? { op: "hello", token } : { op: "hello" };
}

/**
 * One game's live connection: a seat's (with `token`) or a spectator's.
 * `onMessage(msg)` gets every server message; `onState(state)` "open" | "closed" |
 * "reconnecting" | "refused". `heldEvents()` says how many log events the client holds,
 * so that a reconnection asks only for the rest (`since`).
 */
export class GameSocket {
  constructor(game, token, { onMessage, onState, heldEvents }) {
    this.game = game;
    this.token = token;
    this.onMessage = onMessage;
    this.onState = onState || (() => {});
    this.heldEvents = heldEvents || (() => 0);
    this.ws = null;
    this.stopped = false;
    this.retry = 0;
    this.timer = null;
    this.queue = [];
  }

  url() {
    return socketUrl(location, this.game, this.heldEvents());
  }

  connect() {
    if (this.stopped) return;
    const ws = new WebSocket(this.url());
    this.ws = ws;
    ws.addEventListener("open", () => {
      this.retry = 0;
      // The hello first, before anything queued: the server reads nothing else first.
      ws.send(JSON.stringify(helloMessage(this.token)));
      this.onState("open");
      const pending = this.queue;
      this.queue = [];
      for (const text of pending) ws.send(text);
    });
    ws.addEventListener("message", (event) => {
      let message;
      try {
        message = JSON.parse(event.data);
      } catch {
        return;
      }
      this.onMessage(message);
    });
    ws.addEventListener("close", (event) => {
      if (this.ws !== ws) return;
      this.ws = null;
      if (this.stopped) return;
      if (FINAL_CLOSE.has(event.code)) {
        this.onState("refused", event.code);
        return;
      }
      this.onState("reconnecting");
      const delay = Math.min(5000, 300 * 2 ** this.retry);
      this.retry += 1;
      this.timer = setTimeout(() => this.connect(), delay);
    });
  }

  send(message) {
    const text = JSON.stringify(message);
    if (this.ws && this.ws.readyState === WebSocket.OPEN) this.ws.send(text);
    else this.queue.push(text);
  }

  close() {
    this.stopped = true;
    clearTimeout(this.timer);
    if (this.ws) this.ws.close(1000);
    this.ws = null;
  }
}
