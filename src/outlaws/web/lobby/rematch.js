// @ts-check
// The rematch, in the game-over panel: offer one, accept or decline the other player's,
// and go to the new game (seats swapped) when it starts. The server tells every
// connection to the game what changes (a `rematch` message); a spectator is offered a
// link to watch the new game.

import { api } from "../core/api.js";
import { h } from "../core/dom.js";
import { t } from "../core/i18n.js";
import { csrf } from "../core/session.js";
import * as store from "../core/store.js";
import { announce, errorText } from "../core/ui.js";

/**
 * What the panel shows, from the rematch's state ({offered_by, game}), the reader's
 * seat (null: a spectator) and whether the opponent is a bot:
 * - `offer`: a button to offer one (a bot accepts at once: `offerBot`);
 * - `sent`: my offer waits for the answer (a button withdraws it);
 * - `answer`: the other player offers: accept or decline;
 * - `started`: the new game exists (`go` for a seat, `watch` for a spectator);
 * - `none`: nothing for a spectator to do yet.
 */
export function rematchStage({ offered_by: by = null, game = null } = {}, seat = null, againstBot = false) {
  const isSeat = seat === 0 || seat === 1;
  if (game) return isSeat ? "go" : "watch";
  if (!isSeat) return "none";
  if (by === null || by === undefined) return againstBot ? "offerBot" : "offer";
  return by === seat ? "sent" : "answer";
}

export class Rematch {
  constructor({ game, token, tutorial = () => false }) {
    this.game = game;
    this.token = token;
    this.tutorial = tutorial;
    this.state = { offered_by: null, game: null };
    this.el = h("div", { class: "rematch", "data-testid": "rematch", "aria-live": "polite" });
    this.seat = null;
    this.againstBot = false;
    this.loaded = false;
    this.busy = false;
    this.error = "";
    this.note = ""; // what the other player just did to an offer (declined, withdrawn)
  }

  /** The game is over (first render of its panel): read the rematch's state once. */
  async over(state) {
    this.seat = state.seat;
    this.againstBot = (state.players || []).some((p) => p && p.kind === "bot");
    if (this.loaded || state.kind === "imported" || this.tutorial()) return;
    this.loaded = true;
    try {
      this.update(await api.rematch(this.game));
    } catch {
      this.render(); // the offer button still works; the socket tells what changes
    }
  }

  /** A `rematch` message of the socket. */
  heard(message) {
    const next = { offered_by: message.offered_by, game: message.game };
    const before = rematchStage(this.state, this.seat, this.againstBot);
    const after = rematchStage(next, this.seat, this.againstBot);
    // An offer gone without a click here is said (the panel is a live region), or it
    // would just vanish.
    if (after !== before) {
      const gone = { sent: "rematch.declined", answer: "rematch.withdrawn" }[before];
      this.note = after === "offer" && gone ? t(gone) : "";
    }
    this.update(next);
    if (after !== before && after === "answer") announce(t("rematch.offeredToYou"));
  }

  update(state) {
    this.state = { offered_by: state.offered_by ?? null, game: state.game ?? null };
    if (this.state.game && this.seat !== null && this.seat !== undefined) {
      const mine = store.myGames().find((g) => g.game === this.state.game);
      if (mine) {
        location.hash = `#/game/${encodeURIComponent(mine.game)}/${encodeURIComponent(mine.token)}`;
        return;
      }
    }
    this.render();
  }

  async send(method) {
    if (this.busy) return;
    this.busy = true;
    this.error = "";
    this.note = "";
    this.render();
    try {
      if (method === "DELETE") {
        await api.declineRematch(this.game, this.token);
        this.state = { offered_by: null, game: null };
        this.note = ""; // my own click: nothing to tell, whatever the socket said first
      } else {
        const answer = await api.offerRematch(this.game, this.token, csrf());
        // The new seat's token, kept before the game starts: when the other player
        // accepts, the socket names the game and this browser holds its seat.
        store.remember({ game: answer.game, seat: answer.seat, token: answer.token, kind: this.againstBot ? "bot" : "friend" });
        if (answer.state === "accepted") {
          location.hash = `#/game/${encodeURIComponent(answer.game)}/${encodeURIComponent(answer.token)}`;
          return;
        }
        this.state = { offered_by: this.seat, game: null };
      }
    } catch (err) {
      this.error = errorText(err);
    } finally {
      this.busy = false;
    }
    this.render();
  }

  render() {
    const stage = rematchStage(this.state, this.seat, this.againstBot);
    const button = (key, testid, onclick, primary = true) =>
      h("button", { type: "button", class: primary ? "btn primary" : "btn", "data-testid": testid, text: t(key), disabled: this.busy, onclick });
    const parts = [];
    if (stage === "offer" || stage === "offerBot") {
      if (this.note) parts.push(h("p", { class: "note", "data-testid": "rematch-note", text: this.note }));
      parts.push(button("rematch.offer", "rematch-offer", () => this.send("POST")));
      parts.push(h("small", { class: "hint", text: t(stage === "offerBot" ? "rematch.hintBot" : "rematch.hint") }));
    } else if (stage === "sent") {
      parts.push(h("p", { "data-testid": "rematch-sent", text: t("rematch.sent") }));
      parts.push(button("rematch.withdraw", "rematch-withdraw", () => this.send("DELETE"), false));
    } else if (stage === "answer") {
      parts.push(h("p", { class: "offer", "data-testid": "rematch-offered", text: t("rematch.offeredToYou") }));
      parts.push(button("rematch.accept", "rematch-accept", () => this.send("POST")));
      parts.push(button("rematch.decline", "rematch-decline", () => this.send("DELETE"), false));
    } else if (stage === "watch") {
      parts.push(
        h("a", { class: "btn primary", href: `#/watch/${encodeURIComponent(this.state.game)}`, "data-testid": "rematch-watch", text: t("rematch.watch") }),
      );
    }
    if (this.error) parts.push(h("p", { class: "error", role: "alert", text: this.error }));
    this.el.replaceChildren(...parts);
    this.el.hidden = parts.length === 0;
  }
}
