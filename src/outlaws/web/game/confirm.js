// @ts-check
// No surprises: every action that shows a card or spends a token (exposure.js's
// REVEALING) is confirmed in one dialog before it is sent, or never, as the player
// chooses (kept in this browser); an action that would give the Governor away is always
// warned of. Also the exposure toggle, and the outline of the cards a reaction is about.

import { h } from "../core/dom.js";
import { cardName, t, tokenName } from "../core/i18n.js";
import {
  drawExposure, exposureColumns, governorWarning, needsConfirm, shownColumns,
} from "./exposure.js";
import { myTurn } from "./gamestate.js";
import { reactionContext } from "./reaction.js";

const SETTING = "outlaws.confirm";

/** Whether the player wants to be asked before revealing or spending (the default). */
export function asking() {
  try {
    return localStorage.getItem(SETTING) !== "off";
  } catch {
    return true;
  }
}

export function setAsking(on) {
  try {
    localStorage.setItem(SETTING, on ? "on" : "off");
  } catch {
    // storage disabled: the choice lasts as long as the page
  }
}

const ACT = {
  look: "act.look", take: "act.take", hitman: "act.hitman", sheriff: "act.sheriff",
  indian: "act.indian", storekeep: "act.storekeep", dancer: "act.dancer",
  reporter: "act.reporter", bandit: "act.bandit", reverend: "act.reverend",
  intercept: "react.intercept", cancel: "react.cancel",
};
const SPENDS = {
  hitman: "prompt.confirm.spendBullet",
  sheriff: "prompt.confirm.spendCuffs",
  intercept: "prompt.confirm.spendCuffs",
  reporter: "prompt.confirm.spendMarker",
};

/** The lines that say what `action` will do, for the seat whose cards are `street`. */
export function describe(action, { seat, street }) {
  const act = t(ACT[action.type] || "act.title");
  const lines = [];
  if (action.type === "intercept" || action.type === "cancel") {
    lines.push(t("prompt.confirm.react", { act }));
  } else {
    // An ability is named after its card: "Hitman with your Hitman" says it twice, so the
    // confirmation names what the card does instead ("Shoot with your Hitman").
    const card = street[action.col - 1];
    const what = card === action.type ? t(`prompt.confirm.verb.${card}`) : act;
    lines.push(t("prompt.confirm.shows", { act: what, card: cardName(card), col: action.col }));
    const [, mayor] = shownColumns(action, seat);
    if (mayor) lines.push(t("prompt.confirm.mayor", { col: mayor }));
  }
  if (action.call) {
    const call = action.type === "take" ? tokenName(action.call) : cardName(action.call);
    lines.push(t("prompt.confirm.call", { call }));
  }
  const target = action.target ?? action.from;
  if (target !== undefined && target !== null) lines.push(t("prompt.confirm.target", { col: target }));
  if (SPENDS[action.type]) lines.push(t(SPENDS[action.type]));
  return lines;
}

/** The page no longer asks this seat for the action chosen at `at` actions: the record
 * moved on, an action is being shown, or one was sent. */
function moved(state, at) {
  return state.actions !== at || !myTurn(state) || state.busy;
}

/**
 * The guard of one game page. `page`: state() (the page state), root() (the page's
 * element), load() (a promise of the seat's notebook), render() (redraw the page) and
 * back() (one step back in the action panel, when an action is not confirmed).
 */
export class Guard {
  constructor(page) {
    this.page = page;
    this.showExposure = false;
    this.data = null; // exposureColumns() of the position `dataAt`
    this.dataAt = -1;
    this.loading = null;
    this.dialog = null;
  }

  /** The exposure of the current position (fetched once a position), or null. */
  exposure() {
    const at = this.page.state().actions;
    if (this.data && this.dataAt === at) return Promise.resolve(this.data);
    if (!this.loading || this.loading.at !== at) {
      const promise = this.page
        .load()
        .then((notebook) => {
          if (this.page.state().actions === at) {
            this.data = exposureColumns(notebook);
            this.dataAt = at;
          }
          return exposureColumns(notebook);
        })
        .catch(() => null);
      this.loading = { at, promise };
    }
    return this.loading.promise;
  }

  /** Send `action` with `go`, after asking if it shows a card or spends a token. */
  async send(action, go) {
    if (!needsConfirm(action)) {
      go(action);
      return;
    }
    const state = this.page.state();
    const seat = state.seat;
    const street = state.view.seats[seat].street;
    const at = state.actions;
    const exposure = shownColumns(action, seat).length ? await this.exposure() : null;
    const warning = governorWarning(action, { seat, street, exposure });
    if (moved(this.page.state(), at)) return; // the position moved on while loading
    if (!warning && !asking()) {
      go(action);
      return;
    }
    const lines = describe(action, { seat, street });
    const yes = await this.ask(lines, warning);
    if (moved(this.page.state(), at)) return; // the position moved on
    if (yes) go(action);
    else this.page.back();
  }

  /** The confirmation dialog; resolves to whether the player confirmed. */
  ask(lines, warning) {
    if (!this.dialog || !this.dialog.isConnected) {
      this.dialog = h("dialog", {
        class: "confirm confirm-action",
        "data-testid": "confirm-action",
        "aria-labelledby": "confirm-action-title",
      });
      this.page.root().append(this.dialog);
    }
    const dialog = this.dialog;
    return new Promise((resolve) => {
      let answered = false;
      const answer = (yes) => {
        if (answered) return;
        answered = true;
        if (dialog.open) dialog.close();
        resolve(yes);
      };
      const yes = h("button", {
        type: "button",
        class: `btn ${warning ? "danger" : "primary"}`,
        "data-testid": "confirm-yes",
        text: t(warning ? "prompt.confirm.anyway" : "prompt.confirm.yes"),
        onclick: () => answer(true),
      });
      const no = h("button", {
        type: "button",
        class: "btn",
        "data-testid": "confirm-no",
        text: t("prompt.confirm.no"),
        onclick: () => answer(false),
      });
      // The DOM's replaceChildren would write a null child as the text "null".
      const parts = [
        h("h2", { id: "confirm-action-title", text: t("prompt.confirm.title") }),
        warning
          ? h("p", {
              class: "warn",
              role: "alert",
              "data-testid": "confirm-warning",
              "data-warning": warning,
              text: t(warning === "reveal" ? "prompt.confirm.governor" : "prompt.confirm.certain"),
            })
          : null,
        ...lines.map((text) => h("p", { class: "confirm-line", text })),
        h("div", { class: "row" }, yes, no),
      ];
      dialog.replaceChildren(...parts.filter(Boolean));
      dialog.onclose = () => answer(false); // Escape
      dialog.showModal();
      (warning ? no : yes).focus();
    });
  }

  // -- drawing ----------------------------------------------------------------------
  /** The exposure toggle and the confirmation setting, added to the page's toolbar. */
  renderToolbar(bar) {
    const state = this.page.state();
    if (state.seat === null || state.seat === undefined || state.status !== "playing") return;
    const toggle = h("button", {
      type: "button",
      class: "btn",
      "data-testid": "exposure-toggle",
      "aria-pressed": this.showExposure ? "true" : "false",
      title: t("prompt.exposure.hint"),
      text: t(this.showExposure ? "prompt.exposure.hide" : "prompt.exposure.show"),
      onclick: () => {
        this.showExposure = !this.showExposure;
        this.page.render();
      },
    });
    const box = h("input", {
      type: "checkbox",
      "data-testid": "confirm-setting",
      checked: asking(),
      onchange: (event) => setAsking(event.target.checked),
    });
    const setting = h("label", { class: "confirm-setting" }, box, t("prompt.confirm.setting"));
    bar.prepend(toggle, setting);
    if (this.showExposure) {
      toggle.after(h("p", { class: "exposure-hint", "data-testid": "exposure-hint", text: t("prompt.exposure.hint") }));
    }
  }

  /** Draw on the board: the exposure over the seat's cards (when shown) and the outline
   * of the cards a reaction asked of this seat is about. */
  decorate(wrap) {
    const state = this.page.state();
    const board = wrap && wrap.firstElementChild;
    if (!board || !state.view || state.seat === null || state.seat === undefined) return;
    if (myTurn(state) && state.view.pending) {
      const context = reactionContext(state.events, state.seat, state.view.pending);
      for (const side of context ? [context.theirs, context.mine] : []) {
        const el = board.querySelector(`[data-testid="card-${side.seat}-${side.col}"]`);
        if (el) el.classList.add("concerned");
      }
    }
    // Fetched ahead on the seat's turn, so that a confirmation is not kept waiting.
    if (myTurn(state) && !state.view.pending && !state.busy) this.exposure();
    if (!this.showExposure) return;
    const street = state.view.seats[state.seat].street;
    if (this.data && this.dataAt === state.actions) {
      drawExposure(board, { seat: state.seat, street, exposure: this.data });
    } else {
      const at = state.actions;
      this.exposure().then(() => {
        if (this.showExposure && this.dataAt === at) this.page.render();
      });
    }
  }
}
