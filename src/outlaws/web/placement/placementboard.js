// @ts-check
// The placement screen's board (placementview.js): the ten places drawn as buttons, and
// the clicks, keys and drags that change the arrangement. These are methods of the
// screen itself (mixed into PlacementScreen): `this` is the screen.

import { h } from "../core/dom.js";
import { cardName, t } from "../core/i18n.js";
import { announce } from "../core/ui.js";
import { faceContent } from "../game/table.js";
import {
  COLUMNS, CURSOR_KEYS, cardAt, columnOf, cursorMove, isSaloon, pickOrDrop, placeAtScreen,
} from "./placement.js";

/** Why an arrangement is refused, in words (placement.js's reasons). */
export const REASON = {
  governorSaloon: "place.reason.governorSaloon",
  shape: "place.reason.incomplete",
  unknown: "place.reason.incomplete",
  twice: "place.reason.incomplete",
};

/** Where a place is, in words: "column 3", "the Saloon". */
function whereText(place) {
  return isSaloon(place) ? t("place.where.saloon") : t("place.where.col", { col: columnOf(place) });
}

function testidOf(place) {
  return isSaloon(place) ? `place-saloon-${place - COLUMNS}` : `place-col-${columnOf(place)}`;
}

/** The board's part of PlacementScreen. */
/** @typedef {import("./placementview.js").PlacementScreen} PlacementScreen */

export class BoardMethods {
  /** The ten places: the street as the seat sees it (seat 1's mirrored), the Saloon under it.
   * @this {PlacementScreen} */
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
        const target = /** @type {HTMLElement} */ (event.target);
        const place = target.dataset && target.dataset.place;
        if (place !== undefined) this.cursor = Number(place);
      });
    }
    return board;
  }

  /** @this {PlacementScreen} */
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
      // The number drawn, not written, as on the table's cards (game/table.js says why).
      isSaloon(place) ? null : h("span", { class: "colnum", "aria-hidden": "true", "data-col": columnOf(place) }),
      picked ? h("span", { class: "pl-picked-mark", "aria-hidden": "true", text: "⇅" }) : null,
      ...faceContent(card),
    );
  }

  // -- changing the arrangement ---------------------------------------------------------
  /** A click on a place, or Enter/Space on it: pick it up, put it back, or swap.
   * @this {PlacementScreen} */
  pick(place) {
    if (this.busy) return;
    this.cursor = place;
    this.apply(pickOrDrop(this.arrangement, this.picked, place));
  }

  /** @this {PlacementScreen} */
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

  /** A whole new arrangement (shuffled, or the last one sent).
   * @this {PlacementScreen} */
  change(arrangement, said) {
    this.arrangement = arrangement;
    this.picked = null;
    this.reason = null;
    this.reasonDetail = "";
    announce(said);
    this.redraw();
  }

  /** @this {PlacementScreen} */
  keydown(event) {
    const el = event.target;
    if (!(el instanceof HTMLElement) || el.dataset.place === undefined) return;
    const place = Number(el.dataset.place);
    if (CURSOR_KEYS.has(event.key)) {
      event.preventDefault();
      // The table's own arrow handling (game/game.js) is for the board in play, not this one.
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
  /** @this {PlacementScreen} */
  dragStart(event, place) {
    if (this.busy) return;
    event.dataTransfer.setData("text/plain", String(place));
    event.dataTransfer.effectAllowed = "move";
    this.dragFrom = place;
  }

  /** @this {PlacementScreen} */
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

  /** @this {PlacementScreen} */
  dragLeave(place) {
    if (this.dropTarget === place) this.dropTarget = null;
  }

  /** @this {PlacementScreen} */
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

  /** @this {PlacementScreen} */
  dragEnd() {
    this.dragFrom = null;
    if (this.dropTarget !== null) {
      this.dropTarget = null;
      this.redraw();
    }
  }
}

/** Give class `target` the methods of class `source`: one screen, written in parts. */
export function mixin(target, source) {
  for (const name of Object.getOwnPropertyNames(source.prototype)) {
    if (name !== "constructor") {
      Object.defineProperty(target.prototype, name, Object.getOwnPropertyDescriptor(source.prototype, name));
    }
  }
}
