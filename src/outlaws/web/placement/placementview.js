// @ts-check
// The placement screen (rule R3.1): before the first turn the seat arranges its ten
// characters, eight face down on Main Street and two face up in its Saloon, then sends
// the arrangement once and for all. The arrangement's rules live in placement.js; this
// module draws them and turns clicks, drags and keys into its steps. A spectator, and a
// seat that has placed, see only who is done: never a placement but the seat's own.
// The board and its moves are in placementboard.js, the panels around it in
// placementpanels.js; this module holds the screen's state, its controls and the sending.

import { h } from "../core/dom.js";
import { sentences, t } from "../core/i18n.js";
import { announce, errorText } from "../core/ui.js";
import { placedAndWaiting } from "../game/gamestate.js";
import { howtoButton } from "../learn/howto.js";
import {
  forgetDraft, fromPlaces, isValid, loadDraft, loadLast, placedArrangement, refusal, saveDraft, saveLast, shuffle,
  toPlaces,
} from "./placement.js";
import { BoardMethods, REASON, mixin } from "./placementboard.js";
import { PanelMethods } from "./placementpanels.js";

export { renderPlacingStatus } from "./placementpanels.js";

function storage() {
  try {
    return window.localStorage;
  } catch {
    return { getItem: () => null, setItem: () => {} };
  }
}

/**
 * The screen of one game page. `page`: game, token, name(seat), and send(body) which
 * posts a placement and resolves with the server's answer (or rejects with an ApiError),
 * and placed(answer) to tell the page.
 */
export class PlacementScreen {
  constructor(page) {
    this.page = page;
    this.arrangement = shuffle();
    this.picked = null; // the place picked up, waiting for where it goes
    this.cursor = 0; // the place the keyboard is on
    // The last refusal, shown until the next change: a catalogue key (so that it follows a
    // change of language) and the server's own words, if it was the server's.
    this.reason = null;
    this.reasonDetail = "";
    this.busy = false;
    this.dragFrom = null; // the place a drag started from
    this.dropTarget = null; // the place a drag hovers over
    this.sent = null; // once accepted: the arrangement sent (true when dealt at random)
    this.restored = false; // the arrangement kept from before a reload was looked for
  }

  /** Build the screen's lasting parts in `el` (the dialog must survive redraws). */
  attach(el) {
    this.el = el;
    this.body = h("div", { class: "placement-body" });
    this.dialog = h("dialog", { class: "confirm", "data-testid": "placement-confirm", "aria-labelledby": "pl-confirm-title" });
    el.replaceChildren(this.body, this.dialog);
  }

  /** Play has begun: the screen goes, and nothing of it stays in the page. */
  close() {
    if (this.seated) forgetDraft(storage(), this.page.game, this.state.seat);
    if (this.dialog.open) this.dialog.close();
    this.body.replaceChildren();
    this.el.hidden = true;
  }

  /** Draw the screen for page state `state`. */
  render(state) {
    this.state = state;
    const seated = state.seat !== null && state.seat !== undefined;
    let content;
    if (!seated) content = this.spectator(state);
    // Sent and accepted: the screen waits, even before the server's message says so (when
    // the other seat had placed already, that message is the game itself).
    else if (placedAndWaiting(state) || this.sent) content = this.waiting(state);
    else content = this.editor(state);
    this.body.replaceChildren(...content.filter(Boolean));
  }

  /** Redraw after a change of the screen's own, keeping the keyboard where it was. */
  redraw() {
    const focused = document.activeElement;
    const hadFocus = focused && this.body.contains(focused) && /** @type {HTMLElement} */ (focused).dataset.place !== undefined;
    this.render(this.state);
    if (hadFocus) this.focusPlace(this.cursor);
  }

  focusPlace(place) {
    const el = /** @type {HTMLElement | null} */ (this.body.querySelector(`[data-place="${place}"]`));
    if (el) el.focus({ preventScroll: true });
  }

  get seated() {
    return Boolean(this.state) && (this.state.seat === 0 || this.state.seat === 1);
  }

  // -- the seat arranging ---------------------------------------------------------------
  editor(state) {
    // The arrangement in progress outlives a reload: found again once, kept at each redraw.
    if (!this.restored) {
      this.restored = true;
      this.arrangement = loadDraft(storage(), this.page.game, state.seat) || this.arrangement;
    }
    saveDraft(storage(), this.page.game, state.seat, this.arrangement);
    const head = h(
      "section",
      { class: "panel placement-head" },
      h("h1", { id: "placement-title", text: t("place.title") }),
      h("p", { class: "lead", text: t("place.intro") }),
      h(
        "p",
        { class: "hint", id: "placement-howto" },
        t("place.howTo"),
        // Said to a keyboard's owner only: a phone has no arrow keys.
        h("span", { class: "keyhint" }, sentences(["", t("place.howToKeys")])),
      ),
      this.opponentLine(state),
      howtoButton("small"),
    );
    const reason = h("p", {
      class: "pl-reason",
      role: "alert",
      "data-testid": "placement-reason",
      hidden: !this.reason && !this.reasonDetail,
      text: [this.reason ? t(this.reason) : "", this.reasonDetail].filter(Boolean).join(" "),
    });
    const legal = isValid(this.arrangement);
    const last = loadLast(storage(), state.seat);
    const controls = h(
      "div",
      { class: "pl-controls" },
      h("button", {
        type: "button",
        class: "btn",
        "data-testid": "placement-shuffle",
        disabled: this.busy,
        text: t("place.shuffle"),
        onclick: () => this.change(shuffle(), t("place.shuffled")),
      }),
      h("button", {
        type: "button",
        class: "btn",
        "data-testid": "placement-last",
        disabled: this.busy || !last,
        title: last ? null : t("place.lastNone"),
        text: t("place.last"),
        onclick: () => last && this.change(last, t("place.lastUsed")),
      }),
      h("button", {
        type: "button",
        class: "btn",
        "data-testid": "placement-random",
        disabled: this.busy,
        text: t("place.random"),
        onclick: () => this.ask("random"),
      }),
      h("button", {
        type: "button",
        class: "btn primary",
        "data-testid": "placement-send",
        disabled: this.busy || !legal,
        text: this.busy ? t("place.sending") : t("place.confirm"),
        onclick: () => this.ask("confirm"),
      }),
    );
    const invite = this.invite(state);
    return [
      invite,
      h(
        "div",
        { class: "placement-layout", "data-testid": "placement", "aria-labelledby": "placement-title", role: "region" },
        h("div", { class: "pl-main" }, head, this.board(state.seat, true), this.pickedLine(), reason, controls),
        this.legend(),
      ),
    ];
  }

  // -- sending ----------------------------------------------------------------------------
  /** Ask before the irreversible step: "confirm" (these cards) or "random". */
  ask(kind) {
    if (this.busy) return;
    if (kind === "confirm") {
      const why = refusal(this.arrangement);
      if (why) {
        // Never sent: an illegal arrangement is explained instead.
        this.reason = REASON[why];
        this.reasonDetail = "";
        this.redraw();
        return;
      }
    }
    const random = kind === "random";
    this.dialog.replaceChildren(
      h("h2", { id: "pl-confirm-title", text: t(random ? "place.random.title" : "place.confirm.title") }),
      h("p", { text: t(random ? "place.random.text" : "place.confirm.text") }),
      h(
        "div",
        { class: "row" },
        h("button", {
          type: "button",
          class: "btn primary",
          "data-testid": "placement-yes",
          text: t(random ? "place.random.yes" : "place.confirm.yes"),
          onclick: () => {
            this.dialog.close();
            this.send(random ? { random: true } : fromPlaces(toPlaces(this.arrangement)));
          },
        }),
        h("button", {
          type: "button",
          class: "btn",
          "data-testid": "placement-no",
          text: t("place.confirm.no"),
          onclick: () => this.dialog.close(),
        }),
      ),
    );
    this.dialog.showModal();
  }

  async send(body) {
    if (this.busy) return;
    this.busy = true;
    this.reason = null;
    this.redraw();
    try {
      const answer = await this.page.send(body);
      const made = placedArrangement(answer) || (body.random ? null : body);
      if (made) saveLast(storage(), made, this.state.seat);
      forgetDraft(storage(), this.page.game, this.state.seat);
      this.sent = made || true;
      announce(t("place.sent"));
      this.busy = false;
      this.page.placed(answer);
    } catch (/** @type {any} */ err) {
      this.busy = false;
      const aboutPlacement = Boolean(err && err.field && String(err.field).startsWith("placement"));
      this.reason = aboutPlacement ? "place.reason.server" : null;
      this.reasonDetail = aboutPlacement ? err.message || "" : errorText(err);
      this.redraw();
    }
  }

  // -- waiting and watching -----------------------------------------------------------
  /** This seat's cards as placed, or null when it cannot be known here. */
  get shown() {
    const mine = this.state && this.state.placement && this.state.placement.mine;
    return mine || (this.sent && this.sent !== true ? this.sent : null);
  }
}

mixin(PlacementScreen, BoardMethods);
mixin(PlacementScreen, PanelMethods);
