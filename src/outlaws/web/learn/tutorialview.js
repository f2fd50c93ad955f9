// @ts-check
// The guided game on the page: the coach's box above the table (the current step's
// words, "Next", the step count), the board places it points at, the narrowed legal list
// it gives the action panel (and the Move's answer it shuts), how far the learner has
// read (kept in this browser, so that a reload resumes there), and the buttons that start the guided game (in the lobby)
// and, at its end, a first real game against the Beginner bot. The lesson itself is
// tutorial.js.

import { api } from "../core/api.js";
import { h } from "../core/dom.js";
import { language, t } from "../core/i18n.js";
import * as store from "../core/store.js";
import { announce, errorText } from "../core/ui.js";
import {
  choiceLocked,
  currentStep,
  isTutorial,
  lessonLegal,
  parseRead,
  placeTestId,
  readAfterNext,
  readKey,
  STEPS,
} from "./tutorial.js";

/** The easiest bot, for the first real game (its placement dealt: no screen to learn). */
export const FIRST_GAME = { opponent: "bot", bot: "novice:1", placement: "random" };

/** Create a game and go to its table; `onError(text)` if the server refuses. */
async function startGame(body, onError) {
  try {
    const made = await api.createGame(body);
    store.remember({ game: made.game, seat: made.seat, token: made.token, kind: "bot" });
    location.hash = `#/game/${encodeURIComponent(made.game)}/${encodeURIComponent(made.token)}`;
  } catch (err) {
    onError(errorText(err));
  }
}

export const startTutorial = (onError) => startGame({ opponent: "bot", tutorial: true }, onError);
export const startFirstGame = (onError) => startGame(FIRST_GAME, onError);

/** How many steps of guided game `game` the learner has read in this browser. */
function storedRead(game) {
  try {
    return parseRead(localStorage.getItem(readKey(game)));
  } catch {
    return 0; // storage disabled: the game's record still tells the steps acted past
  }
}

function storeRead(game, read) {
  try {
    localStorage.setItem(readKey(game), String(read));
  } catch {
    // storage full or disabled: a reload goes back to the first step not acted past
  }
}

/** The tutorial's stylesheet, added to the page once. */
function ensureStyles() {
  if (document.querySelector('link[data-tutorial-css]')) return;
  document.head.append(h("link", { rel: "stylesheet", href: "/static/learn/tutorial.css", "data-tutorial-css": "" }));
}

/** The lobby's invitation to the guided game (for newcomers, at the top). */
export function lobbyEntry() {
  ensureStyles();
  const error = h("p", { class: "hint tutorial-error", role: "alert", hidden: true });
  const fail = (text) => {
    error.textContent = text;
    error.hidden = false;
  };
  return h(
    "div",
    { class: "tutorial-entry", "data-testid": "tutorial-entry" },
    h("p", { class: "tutorial-entry-text", text: t("lobby.tutorial.text") }),
    h("button", {
      type: "button",
      class: "btn primary",
      "data-testid": "start-tutorial",
      text: t("lobby.tutorial.button"),
      onclick: () => startTutorial(fail),
    }),
    error,
  );
}

/**
 * The coach of one game page. `page`: the GamePage (its `state`, `root` and `els`).
 * Inactive unless the page is the guided game seen by the learner.
 */
export class TutorialGuide {
  constructor(page) {
    this.page = page;
    this.readSteps = null; // the steps before this index were read ("Next"); loaded once
    this.box = null;
    this.drawn = null; // what the box shows: step, waiting, language, status
    this.drawnStep = null;
  }

  /** The steps before this index were read (kept in this browser for the game). */
  get read() {
    if (this.readSteps === null) this.readSteps = storedRead(this.page.game);
    return this.readSteps;
  }

  /** The step on screen, for this page state. */
  now(state) {
    return currentStep(state.actions, this.read, state.status === "over");
  }

  /** The legal actions the panel offers: in the guided game, the lesson's action only. */
  legal(state) {
    return isTutorial(state) ? lessonLegal(state.legal, state.actions, this.read) : state.legal;
  }

  /** Is this option of the panel's step shut by the lesson (the Move's wrong answer)? */
  locked(stepId, value) {
    const state = this.page.state;
    if (!isTutorial(state)) return false;
    const now = this.now(state);
    return !now.waiting && choiceLocked(now.step.expect, stepId, value);
  }

  /** Why the table offers nothing yet (an explanation to read first), or null. */
  heldBy() {
    const state = this.page.state;
    if (!isTutorial(state)) return null;
    const now = this.now(state);
    return now.waiting || now.step.expect || now.step.final ? null : t("tutorial.readFirst");
  }

  /** "Next": the step at `index` is read; the panel offers what the next step asks. */
  next(index) {
    this.readSteps = readAfterNext(this.read, index);
    storeRead(this.page.game, this.readSteps);
    // The panel chooses from the latest legal list (`received`: the page may still be
    // showing an earlier moment, whose list is not the one to act on).
    this.page.panel.restart(this.legal(this.page.received || this.page.state));
    this.page.render();
  }

  /** Draw the box and the highlights (after every drawing of the board). */
  render() {
    const { state, root, els } = this.page;
    if (!isTutorial(state) || !state.view || !els) return;
    ensureStyles();
    const now = this.now(state);
    const step = `${now.index}:${now.waiting}`;
    const key = `${step}:${language()}:${state.status}`;
    if (!this.box || !this.box.isConnected || key !== this.drawn) {
      const hadFocus = Boolean(this.box && this.box.contains(document.activeElement));
      const box = this.draw(now);
      if (this.box && this.box.isConnected) this.box.replaceWith(box);
      else els.status.after(box);
      this.box = box;
      if (step !== this.drawnStep) announce(box.querySelector(".tutorial-text").textContent);
      this.drawn = key;
      this.drawnStep = step;
      if (hadFocus) {
        // The focus stays with the coach: on its button, or (a step that asks for an
        // action) on the box itself, just above the table where the action is taken.
        const next = box.querySelector("button") || box;
        if (next === box) box.setAttribute("tabindex", "-1");
        next.focus({ preventScroll: true });
      }
    }
    for (const el of root.querySelectorAll(".tutorial-hl")) el.classList.remove("tutorial-hl");
    if (now.waiting) return;
    for (const place of now.step.highlight || []) {
      const el = root.querySelector(`[data-testid="${placeTestId(place)}"]`);
      if (el) el.classList.add("tutorial-hl");
    }
  }

  draw(now) {
    const { step, index, waiting } = now;
    const state = this.page.state;
    let text;
    if (waiting) text = t("tutorial.waiting");
    else if (step.final && !(state.result && state.result.winner === state.seat)) text = t("tutorial.step.endOther");
    else text = t(step.key);
    const box = h(
      "section",
      {
        class: `panel tutorial-box${waiting ? " waiting" : ""}${step.final ? " final" : ""}`,
        "data-testid": "tutorial",
        "data-step": waiting ? "waiting" : step.id,
        "aria-labelledby": "tutorial-title",
      },
      h(
        "div",
        { class: "tutorial-head" },
        h("h2", { id: "tutorial-title", text: t("tutorial.title") }),
        h("span", {
          class: "tutorial-count",
          "data-testid": "tutorial-count",
          text: t("tutorial.progress", { n: index + 1, total: STEPS.length }),
        }),
      ),
      h("p", { class: "tutorial-text", "data-testid": "tutorial-text", text }),
    );
    if (step.final) {
      const error = h("p", { class: "hint tutorial-error", role: "alert", hidden: true });
      box.append(
        h(
          "div",
          { class: "row" },
          h("button", {
            type: "button",
            class: "btn primary",
            "data-testid": "first-game",
            text: t("tutorial.firstGame"),
            onclick: () =>
              startFirstGame((message) => {
                error.textContent = message;
                error.hidden = false;
              }),
          }),
        ),
        error,
      );
    } else if (!waiting && !step.expect) {
      box.append(
        h("button", {
          type: "button",
          class: "btn tutorial-next",
          "data-testid": "tutorial-next",
          text: t("tutorial.next"),
          onclick: () => this.next(index),
        }),
      );
    }
    return box;
  }
}
