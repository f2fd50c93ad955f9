// @ts-check
// The placement screen's panels around the board (placementview.js): the status bar,
// each card's ability, the opponent's progress, the friend's invite, and the screens of a
// seat that has placed and of a spectator. Methods of the screen itself (mixed into
// PlacementScreen): `this` is the screen.

import { h } from "../core/dom.js";
import { cardName, t } from "../core/i18n.js";
import { icon } from "../core/icons.js";
import * as store from "../core/store.js";
import { inviteBox } from "../core/ui.js";
import { placedAndWaiting } from "../game/gamestate.js";
import { clockText } from "../game/gameview.js";
import { ABILITY_LINE as ABILITY } from "../learn/rules.js";
import { CHARACTERS, cardAt } from "./placement.js";


/** The status bar while the seats place (gameview.renderStatus needs a view). */
/** Seconds under which the placing clock warns. */
const PLACING_LOW = 15;

/** The seconds left to place (server time), or null when placing is not timed. */
export function placingTimeLeft(state, now = Date.now() / 1000) {
  const clock = state && state.clock;
  if (!clock || typeof clock.deadline !== "number" || clock.seat !== null) return null;
  return Math.max(0, clock.deadline - (now + (state.clockOffset || 0)));
}

export function renderPlacingStatus(el, state, { connection }) {
  const seated = state.seat !== null && state.seat !== undefined;
  Object.assign(el.dataset, {
    status: state.status || "",
    phase: "placing",
    toAct: "",
    turn: "0",
    actionsLeft: "0",
    seat: seated ? String(state.seat) : "",
    connection,
  });
  let text = t("status.placing");
  if (seated) text = placedAndWaiting(state) ? t("place.waitingOpponent") : t("status.placeYours");
  const parts = [h("span", { class: "turn-text", text })];
  const left = placingTimeLeft(state);
  if (left !== null) {
    // Placing is timed too (docs/protocol.md): the time left shows, and warns near its end.
    const low = left <= PLACING_LOW;
    parts.push(
      h(
        "span",
        { class: `placing-clock clock-face running ${low ? "low" : "ok"}`, "data-testid": "placing-clock", role: "timer" },
        low ? h("span", { class: "emblem", html: icon("warning") }) : null,
        t("clock.placing", { time: clockText(left) }),
      ),
    );
  }
  if (connection === "reconnecting") parts.push(h("span", { class: "badge", text: t("status.reconnecting") }));
  el.replaceChildren(...parts);
  el.classList.toggle("mine", seated && !placedAndWaiting(state));
}

/** The panels' part of PlacementScreen. */
/** @typedef {import("./placementview.js").PlacementScreen} PlacementScreen */

export class PanelMethods {
  /** The picked card's ability, next to the board: on a phone the list is far below.
   * @this {PlacementScreen} */
  pickedLine() {
    if (this.picked === null) return null;
    const card = cardAt(this.arrangement, this.picked);
    return h(
      "p",
      { class: "pl-picked-line", "data-testid": "placement-picked", "data-card": card },
      h("span", { class: "emblem", html: icon(card) }),
      h("span", {}, h("strong", { text: cardName(card) }), " ", t(ABILITY[card])),
    );
  }

  /** Each card's ability in a line; the card picked up is marked.
   * @this {PlacementScreen} */
  legend() {
    const pickedCard = this.picked === null ? null : cardAt(this.arrangement, this.picked);
    const list = h("ul", { class: "pl-legend", "data-testid": "placement-abilities" });
    for (const card of CHARACTERS) {
      list.append(
        h(
          "li",
          { class: card === pickedCard ? "current" : null, "data-card": card },
          h("span", { class: "emblem", html: icon(card) }),
          h("span", {}, h("strong", { text: cardName(card) }), " ", h("span", { text: t(ABILITY[card]) })),
        ),
      );
    }
    return h(
      "section",
      { class: "panel pl-side", "aria-labelledby": "pl-abilities-title" },
      h("h2", { id: "pl-abilities-title", text: t("place.abilities") }),
      list,
    );
  }

  /** How the opponent's placing goes; nothing until someone has taken the other seat (the
   * invite's panel says that it is still free). */
  /** @this {PlacementScreen} */
  opponentLine(state) {
    if (state.status === "waiting") return null;
    const done = Boolean(state.placement && state.placement.done[1 - state.seat]);
    return h("p", {
      class: `pl-opponent${done ? " done" : ""}`,
      "data-testid": "opponent-placement",
      "data-done": done ? "true" : "false",
      text: done ? t("place.opponentDone") : t("place.opponentPlacing"),
    });
  }

  /** @this {PlacementScreen} */
  invite(state) {
    if (state.status !== "waiting") return null;
    const entry = store.seatEntry(this.page.game, this.page.token);
    // An open game is listed in the lobby: anyone may come, not only a friend.
    const open = Boolean(entry && entry.open);
    return h(
      "section",
      { class: "panel waiting", "data-testid": "waiting" },
      h("h2", { text: t(open ? "waiting.titleOpen" : "waiting.title") }),
      h("p", { "data-testid": "waiting-text", text: t(open ? "place.openHint" : "place.friendHint") }),
      entry && entry.invite ? inviteBox(entry.invite) : null,
    );
  }

  /** @this {PlacementScreen} */
  waiting(state) {
    const done = Boolean(state.placement && state.placement.done[1 - state.seat]);
    return [
      this.invite(state),
      h(
        "section",
        { class: "panel placement-wait", "data-testid": "placement-wait" },
        h("h1", { text: t("place.done.title") }),
        state.status === "waiting" ? null : h("p", {
          class: `pl-opponent big${done ? " done" : ""}`,
          "data-testid": "opponent-placement",
          "data-done": done ? "true" : "false",
          role: "status",
          text: done ? t("place.opponentDone") : t("place.waitingOpponent"),
        }),
        this.shown ? h("h2", { text: t("place.yours") }) : null,
        this.shown ? this.board(state.seat, false) : null,
      ),
    ];
  }

  /** @this {PlacementScreen} */
  spectator(state) {
    const done = (state.placement && state.placement.done) || [false, false];
    const list = h("ul", { class: "pl-seats" });
    for (const seat of [0, 1]) {
      list.append(
        h("li", {
          "data-testid": `placing-seat-${seat}`,
          "data-done": done[seat] ? "true" : "false",
          class: done[seat] ? "done" : null,
          text: t(done[seat] ? "place.seatDone" : "place.seatPlacing", { who: this.page.name(seat) }),
        }),
      );
    }
    return [
      h(
        "section",
        { class: "panel placement-wait", "data-testid": "placement-watch", role: "status" },
        h("h1", { text: t("place.watch.title") }),
        list,
      ),
    ];
  }
}
