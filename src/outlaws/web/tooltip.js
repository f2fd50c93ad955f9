// Every face-up card explains its ability: on hover, on keyboard focus, and on a long
// press on a touch screen. One tooltip for the whole page (role=tooltip), tied to the
// card it describes by aria-describedby while it is shown; Escape hides it. The cards are
// found by delegation, so the board, the Saloons and the placement screen need no wiring.

import { cardName, t } from "./i18n.js";
import { ABILITY_LINE, faceCard } from "./rules.js";

/** How long a finger must stay on a card to show its tooltip (ms). */
export const LONG_PRESS_MS = 500;
/** How far a finger may drift (px) and still be pressing, not scrolling. */
export const PRESS_SLOP = 10;
const TIP_ID = "card-tip";

/**
 * The timing of a long press, apart from the page: `down(x, y)` starts it, `move(x, y)`
 * beyond the slop or `up()` ends it; `onLong` is called once the press has lasted
 * LONG_PRESS_MS. `up()` says whether the press was long (then its click is not a pick).
 */
export function pressTracker({ onLong, delay = LONG_PRESS_MS, slop = PRESS_SLOP, timers = globalThis }) {
  let timer = null;
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

let tip = null;
let shownFor = null;
let watch = null;

function tipElement() {
  if (!tip || !tip.isConnected) {
    tip = document.createElement("div");
    tip.id = TIP_ID;
    tip.className = "card-tip";
    tip.setAttribute("role", "tooltip");
    tip.setAttribute("data-testid", "card-tip");
    tip.hidden = true;
    document.body.append(tip);
  }
  return tip;
}

/** Show the tooltip of card element `el`. */
export function showTip(el) {
  const card = faceCard(el.dataset, true);
  if (!card) return;
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
    if (again && cardElement(again) === again && (again.matches(":hover") || again === document.activeElement)) {
      showTip(again);
    }
  }, 250);
}

function place(box, el) {
  const r = el.getBoundingClientRect();
  const width = Math.min(280, window.innerWidth - 16);
  box.style.maxWidth = `${width}px`;
  const tipBox = box.getBoundingClientRect();
  let left = r.left + r.width / 2 - tipBox.width / 2;
  left = Math.max(8, Math.min(left, window.innerWidth - tipBox.width - 8));
  let top = r.top - tipBox.height - 8;
  if (top < 8) top = r.bottom + 8;
  box.style.left = `${Math.round(left)}px`;
  box.style.top = `${Math.round(top)}px`;
}

export function hideTip() {
  clearInterval(watch);
  watch = null;
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
  let pressed = null;
  let swallowClick = false;
  const press = pressTracker({ onLong: () => pressed && pressed.isConnected && showTip(pressed) });
  doc.addEventListener("pointerover", (event) => {
    if (event.pointerType === "touch") return;
    const el = cardElement(event.target);
    if (el) showTip(el);
  });
  doc.addEventListener("pointerout", (event) => {
    if (event.pointerType === "touch" || !shownFor) return;
    const el = cardElement(event.target);
    const into = event.relatedTarget;
    if (el === shownFor && !(into && shownFor.contains(into)) && doc.activeElement !== shownFor) hideTip();
  });
  doc.addEventListener("focusin", (event) => {
    const el = cardElement(event.target);
    if (el) showTip(el);
    else if (shownFor) hideTip();
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
  // A long press shows the tooltip; the click it ends with does not pick the card.
  doc.addEventListener("click", (event) => {
    if (!swallowClick) return;
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
