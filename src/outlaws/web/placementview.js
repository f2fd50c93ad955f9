// The placement screen (RULES.md R3.1): before the first turn the seat arranges its ten
// characters, eight face down on Main Street and two face up in its Saloon, then sends
// the arrangement once and for all. The arrangement's rules live in placement.js; this
// module draws them and turns clicks, drags and keys into its steps. A spectator, and a
// seat that has placed, see only who is done: never a placement but the seat's own.

import { placedAndWaiting } from "./gamestate.js";
import { cardName, cardShort, t } from "./i18n.js";
import { icon } from "./icons.js";
import {
  CHARACTERS, COLUMNS, CURSOR_KEYS, cardAt, columnOf, cursorMove, fromPlaces, isSaloon, isValid,
  loadLast, pickOrDrop, placeAtScreen, placedArrangement, refusal, saveLast, shuffle, toPlaces,
} from "./placement.js";
import * as store from "./store.js";
import { h } from "./table.js";
import { announce, errorText, inviteBox } from "./ui.js";

/** Each character's ability, in a line (keys spelled out so the catalogue test sees them). */
const ABILITY = {
  governor: "place.ability.governor",
  hitman: "place.ability.hitman",
  sheriff: "place.ability.sheriff",
  indian: "place.ability.indian",
  storekeep: "place.ability.storekeep",
  dancer: "place.ability.dancer",
  reporter: "place.ability.reporter",
  bandit: "place.ability.bandit",
  reverend: "place.ability.reverend",
  mayor: "place.ability.mayor",
};

/** Why an arrangement is refused, in words (placement.js's reasons). */
const REASON = {
  governorSaloon: "place.reason.governorSaloon",
  shape: "place.reason.incomplete",
  unknown: "place.reason.incomplete",
  twice: "place.reason.incomplete",
};

function storage() {
  try {
    return window.localStorage;
  } catch {
    return { getItem: () => null, setItem: () => {} };
  }
}

/** Where a place is, in words: "column 3", "the Saloon". */
function whereText(place) {
  return isSaloon(place) ? t("place.where.saloon") : t("place.where.col", { col: columnOf(place) });
}

function testidOf(place) {
  return isSaloon(place) ? `place-saloon-${place - COLUMNS}` : `place-col-${columnOf(place)}`;
}

function face(card) {
  return [
    h("span", { class: "emblem", html: icon(card) }),
    h(
      "span",
      { class: "label" },
      h("span", { class: "full", text: cardName(card) }),
      h("span", { class: "short", "aria-hidden": "true", text: cardShort(card) }),
    ),
  ];
}

/** The status bar while the seats place (gameview.renderStatus needs a view). */
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
  if (connection === "reconnecting") parts.push(h("span", { class: "badge", text: t("status.reconnecting") }));
  el.replaceChildren(...parts);
  el.classList.toggle("mine", seated && !placedAndWaiting(state));
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
    const hadFocus = focused && this.body.contains(focused) && focused.dataset.place !== undefined;
    this.render(this.state);
    if (hadFocus) this.focusPlace(this.cursor);
  }

  focusPlace(place) {
    const el = this.body.querySelector(`[data-place="${place}"]`);
    if (el) el.focus({ preventScroll: true });
  }

  // -- the seat arranging ---------------------------------------------------------------
  editor(state) {
    const head = h(
      "section",
      { class: "panel placement-head" },
      h("h1", { id: "placement-title", text: t("place.title") }),
      h("p", { class: "lead", text: t("place.intro") }),
      h("p", { class: "hint", id: "placement-howto", text: t("place.howTo") }),
      this.opponentLine(state),
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

  /** The ten places: the street as the seat sees it (seat 1's mirrored), the Saloon under it. */
  board(seat, editable) {
    const arrangement = editable ? this.arrangement : this.shown;
    const street = h("div", {
      class: "pl-street",
      role: "group",
      "aria-label": t("place.street"),
      "data-testid": "placement-street",
    });
    for (let i = 0; i < COLUMNS; i += 1) street.append(this.placeButton(arrangement, placeAtScreen(i, seat), editable));
    const saloon = h("div", {
      class: "pl-saloon",
      role: "group",
      "aria-label": t("place.saloon"),
      "data-testid": "placement-saloon",
    });
    for (const place of [COLUMNS, COLUMNS + 1]) saloon.append(this.placeButton(arrangement, place, editable));
    const board = h(
      "div",
      { class: `board pl-board${editable ? "" : " pl-readonly"}` },
      h("h2", { class: "pl-row-title", text: t("place.street") }),
      street,
      h("h2", { class: "pl-row-title", text: t("place.saloon") }),
      saloon,
    );
    if (editable) {
      board.addEventListener("keydown", (event) => this.keydown(event));
      board.addEventListener("focusin", (event) => {
        const place = event.target.dataset && event.target.dataset.place;
        if (place !== undefined) this.cursor = Number(place);
      });
    }
    return board;
  }

  placeButton(arrangement, place, editable) {
    const card = cardAt(arrangement, place);
    const picked = editable && this.picked === place;
    const label = isSaloon(place)
      ? t("place.aria.saloon", { card: cardName(card) })
      : t("place.aria.col", { col: columnOf(place), card: cardName(card) });
    const classes = ["card", "face", "pl-card"];
    if (isSaloon(place)) classes.push("pl-saloon-card");
    if (picked) classes.push("picked");
    if (editable && this.dropTarget === place) classes.push("drop-target");
    const attrs = {
      type: "button",
      class: classes.join(" "),
      "data-testid": testidOf(place),
      "data-place": place,
      "data-card": card,
      "aria-label": picked ? `${label}, ${t("place.aria.picked")}` : label,
      "aria-describedby": editable ? "placement-howto" : null,
    };
    if (editable) {
      Object.assign(attrs, {
        "aria-pressed": picked ? "true" : "false",
        draggable: this.busy ? null : "true",
        disabled: this.busy,
        onclick: () => this.pick(place),
        ondragstart: (event) => this.dragStart(event, place),
        ondragover: (event) => this.dragOver(event, place),
        ondragleave: () => this.dragLeave(place),
        ondrop: (event) => this.drop(event, place),
        ondragend: () => this.dragEnd(),
      });
    } else {
      attrs.disabled = true;
    }
    return h(
      "button",
      attrs,
      isSaloon(place) ? null : h("span", { class: "colnum", "aria-hidden": "true", text: columnOf(place) }),
      picked ? h("span", { class: "pl-picked-mark", "aria-hidden": "true", text: "⇅" }) : null,
      ...face(card),
    );
  }

  /** The picked card's ability, next to the board: on a phone the list is far below. */
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

  /** Each card's ability in a line; the card picked up is marked. */
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

  opponentLine(state) {
    const done = Boolean(state.placement && state.placement.done[1 - state.seat]);
    return h("p", {
      class: `pl-opponent${done ? " done" : ""}`,
      "data-testid": "opponent-placement",
      "data-done": done ? "true" : "false",
      text: done ? t("place.opponentDone") : t("place.opponentPlacing"),
    });
  }

  invite(state) {
    if (state.status !== "waiting") return null;
    const entry = store.seatEntry(this.page.game, this.page.token);
    return h(
      "section",
      { class: "panel waiting", "data-testid": "waiting" },
      h("h2", { text: t("waiting.title") }),
      h("p", { text: t("place.friendHint") }),
      entry && entry.invite ? inviteBox(entry.invite) : null,
    );
  }

  // -- changing the arrangement ---------------------------------------------------------
  /** A click on a place, or Enter/Space on it: pick it up, put it back, or swap. */
  pick(place) {
    if (this.busy) return;
    this.cursor = place;
    this.apply(pickOrDrop(this.arrangement, this.picked, place));
  }

  apply(step) {
    const before = this.arrangement;
    this.arrangement = step.arrangement;
    const wasPicked = this.picked;
    this.picked = step.picked;
    this.reason = step.refused ? REASON[step.refused] : null;
    this.reasonDetail = "";
    if (step.swapped) {
      const [a, b] = step.swapped;
      announce(t("place.swapped", {
        first: cardName(cardAt(before, a)),
        firstPlace: whereText(b),
        second: cardName(cardAt(before, b)),
        secondPlace: whereText(a),
      }));
    } else if (step.picked !== null) {
      announce(t("place.pickedUp", { card: cardName(cardAt(before, step.picked)) }));
    } else if (!step.refused && wasPicked !== null) {
      announce(t("place.putBack", { card: cardName(cardAt(before, wasPicked)) }));
    }
    this.redraw();
  }

  /** A whole new arrangement (shuffled, or the last one sent). */
  change(arrangement, said) {
    this.arrangement = arrangement;
    this.picked = null;
    this.reason = null;
    this.reasonDetail = "";
    announce(said);
    this.redraw();
  }

  keydown(event) {
    const el = event.target;
    if (!(el instanceof HTMLElement) || el.dataset.place === undefined) return;
    const place = Number(el.dataset.place);
    if (CURSOR_KEYS.has(event.key)) {
      event.preventDefault();
      // The table's own arrow handling (game.js) is for the board in play, not this one.
      event.stopPropagation();
      this.cursor = cursorMove(place, event.key, this.state.seat);
      this.focusPlace(this.cursor);
    } else if (event.key === "Escape" && this.picked !== null) {
      event.preventDefault();
      event.stopPropagation();
      this.apply({ arrangement: this.arrangement, picked: null, swapped: null, refused: null });
    }
  }

  // Drag and drop: dropping a card on another exchanges them, as two clicks would.
  dragStart(event, place) {
    if (this.busy) return;
    event.dataTransfer.setData("text/plain", String(place));
    event.dataTransfer.effectAllowed = "move";
    this.dragFrom = place;
  }

  dragOver(event, place) {
    if (this.dragFrom === undefined || this.dragFrom === null) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = "move";
    if (this.dropTarget !== place) {
      this.dropTarget = place;
      for (const el of this.body.querySelectorAll(".drop-target")) el.classList.remove("drop-target");
      event.currentTarget.classList.add("drop-target");
    }
  }

  dragLeave(place) {
    if (this.dropTarget === place) this.dropTarget = null;
  }

  drop(event, place) {
    event.preventDefault();
    const data = event.dataTransfer.getData("text/plain");
    const from = data !== "" ? Number(data) : this.dragFrom;
    this.dragFrom = null;
    this.dropTarget = null;
    if (!Number.isInteger(from) || from < 0 || from > COLUMNS + 1 || from === place) {
      this.redraw();
      return;
    }
    this.cursor = place;
    this.apply(pickOrDrop(this.arrangement, from, place));
  }

  dragEnd() {
    this.dragFrom = null;
    if (this.dropTarget !== null) {
      this.dropTarget = null;
      this.redraw();
    }
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
      this.sent = made || true;
      announce(t("place.sent"));
      this.busy = false;
      this.page.placed(answer);
    } catch (err) {
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

  waiting(state) {
    const done = Boolean(state.placement && state.placement.done[1 - state.seat]);
    return [
      this.invite(state),
      h(
        "section",
        { class: "panel placement-wait", "data-testid": "placement-wait" },
        h("h1", { text: t("place.done.title") }),
        h("p", {
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
