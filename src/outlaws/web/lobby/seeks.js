// @ts-check
// Meeting strangers, in the lobby: the open games waiting for an opponent (one click
// takes the seat), a way to open one's own, the games being played (to watch) and who
// is online. The server sends the whole lobby on its socket (/ws/lobby) at every change,
// whichever server process the other players are on; the page only draws it.

import { api } from "../core/api.js";
import { h } from "../core/dom.js";
import { t, tn } from "../core/i18n.js";
import { csrf, signedIn } from "../core/session.js";
import * as store from "../core/store.js";
import { errorText, focusMemo, playerName, restoreFocus, shortName } from "../core/ui.js";

const VISITOR_KEY = "outlaws.visitor";

/** A clock as the lobby writes it ("5 min + 10 s"), or the words for none. */
export function clockText(clock) {
  if (!clock || !clock.bank) return t("seeks.noClock");
  const minutes = Math.round(clock.bank / 60);
  return t("seeks.clock", { minutes, seconds: clock.per_turn || 0 });
}

/** The clock a rated game takes when the form says "No clock": the form's slow one. */
export const RATED_CLOCK = { bank: 600, per_turn: 30 };

/**
 * The settings of a rated game opened with the form's `settings` (LobbyPage.settings),
 * on the terms the server holds every rated game to: a clock whose seat that runs out
 * of time loses (the form's, or RATED_CLOCK for none: a player who leaves must lose on
 * time), and no turn limit (it would end the game in a draw, R9.5).
 */
export function ratedTerms(settings) {
  const clock = settings.clock && settings.clock.bank ? settings.clock : RATED_CLOCK;
  const terms = { ...settings, clock: { ...clock, on_timeout: "lose" }, rated: true };
  delete terms.turn_limit;
  return terms;
}

/** The terms of that rated game in words, and where they are not what the form says,
 * why (no clock, a turn limit). */
export function ratedTermsText(settings) {
  const said = [t("seeks.ratedTerms", { clock: clockText(ratedTerms(settings).clock) })];
  if (!(settings.clock && settings.clock.bank)) said.push(t("seeks.ratedNeedsClock"));
  if (settings.turn_limit) said.push(t("seeks.ratedNoLimit"));
  return said.join(" ");
}

/**
 * The rows of the open games: each with whether it is this browser's own (it holds
 * the seat token of it: no button to join oneself), newest first as the server sends.
 */
export function seekRows(lobby, entries) {
  const mine = new Set(entries.map((e) => e.game));
  return ((lobby && lobby.seeks) || []).map((seek) => ({ ...seek, mine: mine.has(seek.game) }));
}

/**
 * Who is online, in a sentence (names first, then the guests counted). With `me` (this
 * browser: `{ name }` signed in, `{ name: null }` a guest), the reader is left out: the
 * server counts them too, and "Online: 1 guest" would be only themselves.
 */
export function onlineText(online, me = undefined) {
  if (!online) return "";
  let names = online.players || [];
  let named = online.count || names.length;
  let guests = online.guests || 0;
  if (me && me.name) {
    if (names.includes(me.name)) {
      names = names.filter((n) => n !== me.name);
      named = Math.max(0, named - 1);
    } else if (named > names.length) {
      named -= 1; // among the names not listed
    }
  } else if (me) {
    guests = Math.max(0, guests - 1);
  }
  if (named + guests === 0) return t("seeks.nobody");
  const more = named - names.length;
  const listed = names.map(shortName).join(", ") + (more > 0 ? ` ${t("seeks.andMore", { count: more })}` : "");
  const counted = tn("seeks.guests", guests);
  if (!names.length) return t("seeks.guestsOnly", { guests: counted });
  return guests ? t("seeks.online", { names: listed, guests: counted }) : t("seeks.onlineNamed", { names: listed });
}

/** This browser's random id, so that its tabs count as one guest online. */
export function visitorId(storage = globalThis.localStorage) {
  try {
    let id = storage.getItem(VISITOR_KEY);
    if (!id || !/^[A-Za-z0-9_-]{8,32}$/.test(id)) {
      id = Array.from(crypto.getRandomValues(new Uint8Array(12)), (b) => b.toString(16).padStart(2, "0")).join("");
      storage.setItem(VISITOR_KEY, id);
    }
    return id;
  } catch {
    return null;
  }
}

/** The lobby's live part: its own section, kept up to date by the lobby socket. */
export class LiveLobby {
  constructor({ form, error, onRated }) {
    this.form = form; // () => the new game's settings as the form holds them (null: not drawn)
    this.onRated = onRated; // () => the Rated box was ticked: the form follows the terms
    this.error = error;
    this.lobby = null;
    this.ws = null;
    this.retry = 0;
    this.stopped = false;
    this.busy = false;
    this.rated = false; // the next open game is rated (signed in only)
    this.el = h("section", { class: "play-way live-lobby", "aria-labelledby": "seeks-title", "data-testid": "live-lobby" });
    // The games being played, to watch: further down the lobby than the ways to play.
    this.playingEl = h("section", { class: "panel", "aria-labelledby": "playing-title", "data-testid": "live-playing" });
    this.render();
  }

  start() {
    this.stopped = false;
    this.connect();
  }

  stop() {
    this.stopped = true;
    clearTimeout(this.timer);
    if (this.ws) this.ws.close(1000);
    this.ws = null;
  }

  /** Connect again (signed in or out: the server counts this browser anew). */
  restart() {
    this.stop();
    this.render();
    this.start();
  }

  connect() {
    if (this.stopped) return;
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const visitor = visitorId();
    const query = visitor ? `?visitor=${encodeURIComponent(visitor)}` : "";
    const ws = new WebSocket(`${scheme}://${location.host}/ws/lobby${query}`);
    this.ws = ws;
    ws.addEventListener("open", () => {
      this.retry = 0;
    });
    ws.addEventListener("message", (event) => {
      try {
        const message = JSON.parse(event.data);
        if (message.type === "lobby") {
          this.lobby = message;
          this.render();
        }
      } catch {
        // not a lobby message: nothing to draw
      }
    });
    ws.addEventListener("close", () => {
      if (this.ws !== ws || this.stopped) return;
      this.ws = null;
      const delay = Math.min(5000, 300 * 2 ** this.retry);
      this.retry += 1;
      this.timer = setTimeout(() => this.connect(), delay);
    });
  }

  /** Open a game of one's own to the lobby, and sit at its table to wait. */
  async open() {
    const settings = { ...this.form(), opponent: "friend", open: true };
    const body = this.rated && signedIn() ? ratedTerms(settings) : settings;
    await this.go(async () => {
      const made = await api.createGame(body, csrf());
      store.remember({ game: made.game, seat: made.seat, token: made.token, invite: made.invite, kind: "friend", open: true });
      return made;
    });
  }

  /** Take the seat of an open game. */
  async take(seek) {
    const name = (this.form().name || "").trim();
    await this.go(async () => {
      const joined = await api.takeSeek(seek.game, name, csrf());
      store.remember({ game: joined.game, seat: joined.seat, token: joined.token, kind: "friend" });
      return joined;
    });
  }

  async go(step) {
    if (this.busy) return;
    this.busy = true;
    try {
      const seat = await step();
      location.hash = `#/game/${encodeURIComponent(seat.game)}/${encodeURIComponent(seat.token)}`;
    } catch (err) {
      this.error(errorText(err));
      this.busy = false;
      this.render();
    }
  }

  /** Say the terms the rated game will have, as the form stands (nothing unless Rated). */
  showTerms() {
    const settings = this.rated && signedIn() ? this.form() : null;
    this.termsEl.hidden = !settings;
    this.termsEl.textContent = settings ? ratedTermsText(settings) : "";
  }

  render() {
    const lobby = this.lobby;
    const rows = seekRows(lobby, store.myGames());
    const list = h("ul", { class: "seeks", "data-testid": "seeks" });
    for (const seek of rows) {
      const who = playerName([seek], 0);
      const rating = seek.rating ? ` (${seek.rating})` : "";
      list.append(
        h(
          "li",
          { class: "seek", "data-testid": "seek", "data-game": seek.game },
          h("span", { class: "who", title: playerName([seek], 0, { full: true }), text: `${who}${rating}` }),
          h("span", { class: "terms", text: [clockText(seek.clock), t(seek.rated ? "seeks.rated" : "seeks.casual")].join(" · ") }),
          seek.mine
            ? h("span", { class: "hint", text: t("seeks.yours") })
            : h("button", {
                type: "button",
                class: "btn primary",
                "data-testid": "seek-join",
                "data-value": seek.game,
                "aria-label": t("seeks.joinWho", { who }),
                text: t("seeks.join"),
                disabled: this.busy,
                onclick: () => this.take(seek),
              }),
        ),
      );
    }
    const empty = h("p", { class: "hint", "data-testid": "seeks-empty", text: t(lobby ? "seeks.none" : "seeks.loading") });
    const playing = h("ul", { class: "live-games", "data-testid": "live-games" });
    const seats = new Map(store.myGames().map((e) => [e.game, e]));
    for (const game of (lobby && lobby.playing) || []) {
      const names = (full) => game.players.map((_, seat) => playerName(game.players, seat, { full })).join(" – ");
      // One's own game: back to one's seat, not to the spectators' view of it.
      const seat = seats.get(game.game);
      playing.append(
        h(
          "li",
          {},
          h("span", { "data-testid": "live-players", title: names(true), text: names(false) }),
          seat && seat.token
            ? h("a", { class: "btn ghost", href: `#/game/${encodeURIComponent(seat.game)}/${encodeURIComponent(seat.token)}`, "data-testid": "resume-live", "data-value": game.game, text: t("seeks.resume") })
            : h("a", { class: "btn ghost", href: `#/watch/${encodeURIComponent(game.game)}`, "data-testid": "watch-live", "data-value": game.game, text: t("seeks.watch") }),
        ),
      );
    }
    const me = signedIn();
    this.termsEl = h("p", { class: "hint rated-terms", id: "rated-terms", "data-testid": "rated-terms", "aria-live": "polite" });
    // Drawn again at every change of the lobby: a keyboard user keeps their place.
    const memo = this.el.contains(document.activeElement) ? focusMemo() : null;
    this.el.replaceChildren(
      h("h3", { id: "seeks-title", text: t("seeks.title") }),
      h("p", { class: "lead", text: t("seeks.lead") }),
      h("p", { class: "online", "data-testid": "online", "aria-live": "polite", text: onlineText(lobby && lobby.online, { name: me ? me.name : null }) }),
      rows.length ? list : empty,
      h(
        "div",
        { class: "row open-game" },
        me
          ? h(
              "label",
              { class: "choice-radio" },
              // Kept by the page, not the box: the section is drawn again at every change.
              h("input", {
                type: "checkbox",
                id: "seek-rated",
                "data-testid": "seek-rated",
                checked: this.rated,
                "aria-describedby": "rated-terms",
                onchange: (event) => {
                  this.rated = event.target.checked;
                  if (this.rated) this.onRated();
                  this.showTerms();
                },
              }),
              h("span", { text: t("seeks.ratedToggle") }),
            )
          : h("small", { class: "hint", text: t("seeks.ratedSignIn") }),
        h("button", { type: "button", class: "btn primary", "data-testid": "seek-open", text: t("seeks.open"), disabled: this.busy, onclick: () => this.open() }),
      ),
      this.termsEl,
    );
    this.showTerms();
    this.playingEl.replaceChildren(
      h("h2", { id: "playing-title", text: t("seeks.playing") }),
      playing.childElementCount ? playing : h("p", { class: "hint", text: t("seeks.noneLive") }),
    );
    restoreFocus(memo, this.el);
  }
}
