// @ts-check
// Every face-up card explains its ability: on hover, on keyboard focus, and on a long
// press on a touch screen. One tooltip for the whole page (role=tooltip), tied to the
// card it describes by aria-describedby while it is shown; Escape and a click hide it. It
// never covers its card, nor the card picked for an action (the one being acted on). The
// cards are found by delegation, so the board, the Saloons and the placement screen need
// no wiring.

import { cardName, t } from "../core/i18n.js";
import { ABILITY_LINE, faceCard } from "./rules.js";
import { focusedByPage } from "../core/focus.js";

/** How long a finger must stay on a card to show its tooltip (ms). */
export const LONG_PRESS_MS = 500;
/** How far a finger may drift (px) and still be pressing, not scrolling. */
export const PRESS_SLOP = 10;
const TIP_ID = "card-tip";
/** The card or slot an action is being made with, which the tooltip must leave in sight:
 * the table's selected card (game/panel.js) and the placement screen's card picked up. */
const ACTED_ON = ".card.selected, .card.picked, .slot.selected, .pl-card.picked";
/** Room (px) between the tooltip and its card, and between it and the window's edges. */
const GAP = 8;
/** Room (px) the tooltip keeps from the card acted on even when merely touching it: a card
 * lifted by its hover or its selection moves by a few pixels, after the tooltip is placed. */
const CLEAR = 2;

/** Whether boxes `a` and `b` ({left, top, right, bottom}) overlap. */
function overlaps(a, b) {
  return a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
}

/**
 * Where the tooltip goes: its {left, top} in the window. `card`: the box of the card it
 * describes; `size`: the tooltip's {width, height}; `view`: the window's {width, height};
 * `avoid`: the boxes it must not cover besides its card's (the card being acted on). It
 * goes above the card, else below, else to its right, else to its left: the first of these,
 * kept inside the window, that covers none of them; when none is free, the one that
 * covers the least.
 */
export function tipPosition(card, size, view, avoid = [], gap = GAP) {
  const wider = (b) => ({ left: b.left - CLEAR, top: b.top - CLEAR, right: b.right + CLEAR, bottom: b.bottom + CLEAR });
  const keep = [card, ...avoid.map(wider)];
  const inside = (left, top) => ({
    left: Math.max(gap, Math.min(left, view.width - size.width - gap)),
    top: Math.max(gap, Math.min(top, view.height - size.height - gap)),
  });
  const midX = card.left + (card.right - card.left) / 2 - size.width / 2;
  const midY = card.top + (card.bottom - card.top) / 2 - size.height / 2;
  const candidates = [
    inside(midX, card.top - size.height - gap),
    inside(midX, card.bottom + gap),
    inside(card.right + gap, midY),
    inside(card.left - size.width - gap, midY),
  ];
  const covered = ({ left, top }) => {
    const box = { left, top, right: left + size.width, bottom: top + size.height };
    return keep.reduce((sum, other) => {
      if (!overlaps(box, other)) return sum;
      const w = Math.min(box.right, other.right) - Math.max(box.left, other.left);
      const h = Math.min(box.bottom, other.bottom) - Math.max(box.top, other.top);
      return sum + w * h;
    }, 0);
  };
  let best = candidates[0];
  let least = Infinity;
  for (const spot of candidates) {
    const area = covered(spot);
    if (area === 0) return spot;
    if (area < least) [best, least] = [spot, area];
  }
  return best;
}

/**
 * The timing of a long press, apart from the page: `down(x, y)` starts it, `move(x, y)`
 * beyond the slop or `up()` ends it; `onLong` is called once the press has lasted
 * LONG_PRESS_MS. `up()` says whether the press was long (then its click is not a pick).
 */
export function pressTracker({ onLong, delay = LONG_PRESS_MS, slop = PRESS_SLOP, timers = globalThis }) {
  /** @type {ReturnType<typeof setTimeout> | null} */
  let timer = null;
  /** @type {{x: number, y: number} | null} */
  let start = null;
  let fired = false;
  const stop = () => {
    if (timer !== null) timers.clearTimeout(timer);
    timer = null;
  };
  return {
    down(x, y) {
      stop();
      fired = false;
      start = { x, y };
      timer = timers.setTimeout(() => {
        timer = null;
        fired = true;
        onLong();
      }, delay);
    },
    move(x, y) {
      if (!start || timer === null) return;
      if (Math.hypot(x - start.x, y - start.y) > slop) stop();
    },
    up() {
      stop();
      start = null;
      const long = fired;
      fired = false;
      return long;
    },
    get pending() {
      return timer !== null;
    },
  };
}

/** The face-up card an event happened on (an element with `.card.face` and a character). */
export function cardElement(target) {
  const el = target && target.closest ? target.closest(".card[data-card]") : null;
  if (!el) return null;
  return faceCard(el.dataset, el.classList.contains("face")) ? el : null;
}

/** @type {HTMLElement | null} */
let tip = null;
/** @type {HTMLElement | null} */
let shownFor = null;
/** @type {ReturnType<typeof setInterval> | undefined} */
let watch;
// The card last clicked (its data-testid, as a redraw puts a new element in its place):
// its tooltip stays away while the pointer or the focus stays on it.
/** @type {string | null} */
let dismissed = null;

const testidOf = (el) => el.getAttribute("data-testid");

function tipElement() {
  if (!tip || !tip.isConnected) {
    tip = document.createElement("div");
    tip.id = TIP_ID;
    tip.className = "card-tip";
    tip.setAttribute("role", "tooltip");
    tip.setAttribute("data-testid", "card-tip");
    tip.hidden = true;
    // Inside the page's main landmark, as all of its content is (a screen reader's list
    // of landmarks leaves nothing out); a new page there makes a new one when needed.
    (document.getElementById("main") || document.body).append(tip);
  }
  return tip;
}

/** Show the tooltip of card element `el`. */
export function showTip(el) {
  const card = faceCard(el.dataset, true);
  if (!card) return;
  if (dismissed !== null && testidOf(el) === dismissed) return;
  dismissed = null;
  if (shownFor && shownFor !== el) hideTip();
  const box = tipElement();
  box.replaceChildren();
  const name = document.createElement("strong");
  name.textContent = cardName(card);
  box.append(name, " ", t(ABILITY_LINE[card]));
  box.dataset.card = card;
  box.hidden = false;
  if (shownFor !== el) {
    const before = el.getAttribute("aria-describedby");
    el.dataset.tipDescribedby = before === null ? "" : before;
    el.setAttribute("aria-describedby", before ? `${before} ${TIP_ID}` : TIP_ID);
  }
  shownFor = el;
  place(box, el);
  clearInterval(watch);
  // A redraw may put a new card in its place without any event: the tooltip follows the
  // new one if the pointer or the focus is on it, and goes away otherwise.
  watch = setInterval(() => {
    if (shownFor && shownFor.isConnected) return;
    const testid = shownFor && shownFor.getAttribute("data-testid");
    hideTip();
    const again = testid ? document.querySelector(`[data-testid="${CSS.escape(testid)}"]`) : null;
    const focused = again !== null && again === document.activeElement && again.matches(":focus-visible");
    if (again && cardElement(again) === again && (again.matches(":hover") || focused)) {
      showTip(again);
    }
  }, 250);
}

function place(box, el) {
  box.style.maxWidth = `${Math.min(280, window.innerWidth - 2 * GAP)}px`;
  // Measured at the window's corner: where it stood last, near an edge, it may wrap into
  // a narrower, taller box than it will be at its new place.
  box.style.left = "0px";
  box.style.top = "0px";
  const size = box.getBoundingClientRect();
  const avoid = [...document.querySelectorAll(ACTED_ON)].filter((other) => other !== el);
  const { left, top } = tipPosition(
    el.getBoundingClientRect(),
    { width: size.width, height: size.height },
    { width: window.innerWidth, height: window.innerHeight },
    avoid.map((other) => other.getBoundingClientRect()),
  );
  // Not rounded: half a pixel more would cover the edge of a card it just clears.
  box.style.left = `${left}px`;
  box.style.top = `${top}px`;
}

export function hideTip() {
  clearInterval(watch);
  watch = undefined;
  if (tip) tip.hidden = true;
  if (shownFor) {
    const before = shownFor.dataset.tipDescribedby;
    if (before) shownFor.setAttribute("aria-describedby", before);
    else shownFor.removeAttribute("aria-describedby");
    delete shownFor.dataset.tipDescribedby;
  }
  shownFor = null;
}

/** Listen on `doc` once: hover, focus, long press and Escape, for every card. */
export function installTooltips(doc = document) {
  /** @type {HTMLElement | null} */
  let pressed = null;
  let swallowClick = false;
  const press = pressTracker({
    onLong: () => {
      if (!pressed || !pressed.isConnected) return;
      dismissed = null; // a long press asks for the tooltip, even of the card just tapped
      showTip(pressed);
    },
  });
  doc.addEventListener("pointerover", (event) => {
    if (event.pointerType === "touch") return;
    const el = cardElement(event.target);
    if (el) showTip(el);
  });
  doc.addEventListener("pointerout", (event) => {
    if (event.pointerType === "touch") return;
    const el = cardElement(event.target);
    const into = /** @type {Node | null} */ (event.relatedTarget);
    if (el && dismissed !== null && testidOf(el) === dismissed && !(into && el.contains(into))) dismissed = null;
    if (shownFor && el === shownFor && !(into && shownFor.contains(into)) && doc.activeElement !== shownFor) hideTip();
  });
  doc.addEventListener("focusin", (event) => {
    const el = cardElement(event.target);
    // Only a focus the player can see (keyboard) explains the card: after an action taken
    // by mouse or finger, the table hands the focus back to a card, and a tooltip popping
    // up there would cover the row of tokens the action was about.
    if (!el) {
      if (shownFor) hideTip();
    } else if (!focusedByPage() && el.matches(":focus-visible")) showTip(el);
  });
  doc.addEventListener("focusout", (event) => {
    if (shownFor && event.target === shownFor) hideTip();
  });
  doc.addEventListener("pointerdown", (event) => {
    if (event.pointerType !== "touch") return;
    pressed = cardElement(event.target);
    if (pressed) press.down(event.clientX, event.clientY);
    else if (shownFor) hideTip();
  });
  doc.addEventListener("pointermove", (event) => {
    if (event.pointerType === "touch") press.move(event.clientX, event.clientY);
  });
  const release = (event) => {
    if (event.pointerType !== "touch") return;
    if (press.up()) {
      swallowClick = true;
      setTimeout(() => {
        swallowClick = false;
      }, 400);
    }
    pressed = null;
  };
  doc.addEventListener("pointerup", release);
  doc.addEventListener("pointercancel", release);
  // A long press shows the tooltip; the click it ends with does not pick the card. Any
  // other click puts the tooltip away: the player is acting, and the card clicked keeps
  // it away until the pointer or the focus leaves it (a redraw gives it back the focus).
  doc.addEventListener("click", (event) => {
    if (!swallowClick) {
      const el = cardElement(event.target);
      if (el) dismissed = testidOf(el);
      if (shownFor) hideTip();
      return;
    }
    swallowClick = false;
    event.preventDefault();
    event.stopPropagation();
  }, true);
  doc.addEventListener("contextmenu", (event) => {
    if (cardElement(event.target) && event.pointerType !== "mouse" && shownFor) event.preventDefault();
  });
  doc.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && shownFor) hideTip();
  }, true);
  // The page scrolls under the tooltip: it follows its card.
  window.addEventListener("scroll", () => shownFor && tip && !tip.hidden && place(tip, shownFor), { passive: true });
}
