// @ts-check
// The action panel: the seat picks one of its cards (or Saloon cards), then an action
// type, then the options of each step, until one legal action is left and is sent; a
// reaction is asked in a prompt beside the board. The choosing itself is actions.js's Chooser: this
// module draws it, and says what on the board may be clicked.

import { h } from "../core/dom.js";
import { cardName, t } from "../core/i18n.js";
import { icon } from "../core/icons.js";
import { announce, focusMemo, restoreFocus } from "../core/ui.js";
import { helpLink } from "../learn/howto.js";
import { sectionFor } from "../learn/rules.js";
import { focusQuietly } from "../core/focus.js";
import { Chooser } from "./actions.js";
import { followingText } from "./follow.js";
import { isSeat, myTurn } from "./gamestate.js";
import { reactionNotes } from "./reaction.js";

/** The panel's heading when it is not "Your move". */
const PANEL_TITLE = {
  spectator: "act.watching",
  wait: "act.theirMove",
  showing: "act.theirMove",
  waiting: "act.notStarted",
};

/** Does a step's option stand for this thing on the board (kind: card, saloon, slot)? */
export function matchesTarget(target, kind, seat, x) {
  if (!target || target.kind !== kind) return false;
  if (kind === "slot") return target.col === x;
  if (kind === "saloon") return target.seat === seat && target.card === x;
  return target.seat === seat && target.col === x;
}

/** What the chooser asks of the table (actions.js), read from the page state as it is
 * when it asks: `currentState()` gives it. */
export function chooserContext(currentState) {
  const street = (seat) => currentState().view.seats[seat].street;
  return {
    get seat() {
      return currentState().seat;
    },
    ownCard: (col) => street(currentState().seat)[col - 1],
    oppCard: (col) => street(1 - currentState().seat)[col - 1],
    slotToken: (col) => currentState().view.slots[col - 1],
  };
}

/**
 * What the panel asks for: "over", "spectator", "waiting" (the friend), "showing" (an
 * action is being shown: the page waits for it), "wait" (the other seat acts),
 * "sending", "react" (the prompt asks), or the chooser's stage:
 * "anchor" (pick a card), "type", "step".
 */
export function panelStage(state, chooser) {
  if (state.status === "over") return "over";
  if (!isSeat(state)) return "spectator";
  if (state.status === "waiting") return "waiting";
  if (state.showing) return "showing";
  if (!myTurn(state)) return "wait";
  if (state.busy) return "sending";
  if (state.view.pending) return "react";
  return chooser.current().stage;
}

/** The board key of a chosen target: "card:SEAT-COL", "saloon:SEAT-CARD" or "slot:COL". */
function boardKey(target) {
  if (target.kind === "card") return `card:${target.seat}-${target.col}`;
  if (target.kind === "saloon") return `saloon:${target.seat}-${target.card}`;
  return `slot:${target.col}`;
}

/** The action types that exchange two of the seat's street cards. */
const EXCHANGES = new Set(["move", "saloon"]);

/**
 * What the choice so far marks on the board: every card (or slot) chosen (`picked`),
 * and, once a Move or a Saloon exchange has both its columns, those two (`swapping`),
 * so that the pair to be exchanged shows before the last step.
 */
export function boardPicks(chooser) {
  const chosen = chooser.chosen();
  const picked = new Set(chosen.map(boardKey));
  const columns = chosen.filter((target) => target.kind === "card").map(boardKey);
  const swapping = EXCHANGES.has(chooser.type) && columns.length === 2 ? new Set(columns) : new Set();
  return { picked, swapping };
}

/**
 * Which things on the board may be clicked, which one is picked (`selected`, the card
 * the action starts from) and what else was chosen (boardPicks): a step's targets while
 * a step is asked, else the seat's own cards that start an action.
 */
export function boardChoice(state, chooser) {
  const mine = myTurn(state) && !state.busy;
  const now = mine ? chooser.current() : { stage: "none" };
  const anchors = mine ? chooser.anchors() : new Set();
  const targets = now.stage === "step" ? now.options.map((o) => o.target).filter(Boolean) : [];
  const selectable = (kind, seat, x) => {
    if (!mine) return false;
    if (targets.some((target) => matchesTarget(target, kind, seat, x))) return true;
    if (now.stage === "step") return false;
    if (seat !== state.seat) return false;
    if (kind === "card") return anchors.has(`col:${x}`);
    if (kind === "saloon") return anchors.has(`saloon:${x}`);
    return false;
  };
  const anchor = chooser.anchor;
  let selected = null;
  if (anchor) {
    selected = anchor.kind === "col" ? `card:${state.seat}-${anchor.col}` : `saloon:${state.seat}-${anchor.card}`;
  }
  const marks = mine ? boardPicks(chooser) : { picked: new Set(), swapping: new Set() };
  return { selectable, selected, ...marks };
}

/**
 * The panel of one game page. `page`: state() (the page state), ctx (the chooser's
 * context), root() (the page's element), name(seat), send(action), render(), beatsRunning(),
 * and optionally locked(stepId, value) (an option shown but shut) and heldBy() (why
 * nothing can be picked yet, or null).
 */
export class ActionPanel {
  constructor(page) {
    this.page = page;
    this.chooser = new Chooser([], page.ctx);
    this.wantsFocus = false; // the next render gives the panel's first button the focus
  }

  /** A new position: the choice starts again from the new legal list. */
  restart(legal) {
    this.chooser = new Chooser(legal, this.page.ctx);
  }

  get state() {
    return this.page.state();
  }

  // -- choosing -------------------------------------------------------------------------
  /** A click on the board: a step's target, or one of the seat's cards to start from. */
  pick(kind, seat, x) {
    if (this.state.busy || !myTurn(this.state)) return;
    const now = this.chooser.current();
    if (now.stage === "step") {
      const option = now.options.find((o) => matchesTarget(o.target, kind, seat, x));
      if (option) {
        this.choose(option.value);
        return;
      }
    }
    if (seat !== this.state.seat) return;
    const key = kind === "card" ? `col:${x}` : kind === "saloon" ? `saloon:${x}` : null;
    if (key && this.chooser.pick(key)) {
      this.wantsFocus = true;
      this.page.render();
    }
  }

  chooseType(type) {
    if (this.state.busy || !myTurn(this.state)) return;
    this.chooser.chooseType(type);
    this.advance();
  }

  choose(value) {
    if (this.state.busy || !myTurn(this.state)) return;
    const action = this.chooser.choose(value);
    if (action) {
      this.page.send(action);
      return;
    }
    this.advance();
  }

  advance() {
    const now = this.chooser.current();
    if (now.stage === "done") {
      this.page.send(now.action);
      return;
    }
    this.wantsFocus = true;
    this.page.render();
  }

  /** One step back; back from the card picked, the focus returns to that card. */
  cancel() {
    const anchor = this.chooser.anchor;
    this.chooser.back();
    if (!this.chooser.anchor && anchor) {
      this.page.render();
      const root = this.page.root();
      const el = anchor.kind === "col"
        ? root.querySelector(`[data-testid="card-${this.state.seat}-${anchor.col}"]`)
        : root.querySelector(`[data-card="${anchor.card}"].saloon-card`);
      if (el && !el.disabled) focusQuietly(el);
      return;
    }
    this.wantsFocus = true;
    this.page.render();
  }

  // -- drawing --------------------------------------------------------------------------
  render(panel) {
    const state = this.state;
    panel.replaceChildren();
    // While a choice is in progress, a narrow screen shows the panel as a sheet at the
    // bottom, so that the table stays in sight for picking targets.
    const choosing = myTurn(state) && !state.busy && Boolean(this.chooser.anchor);
    panel.classList.toggle("choosing", choosing);
    document.body.classList.toggle("has-sheet", choosing);
    const stage = panelStage(state, this.chooser);
    // A spectator has no move, and a seat waiting for the other has none yet.
    const title = t(PANEL_TITLE[stage] || "act.title");
    panel.setAttribute("aria-label", title);
    panel.append(h("h2", { class: "panel-title", text: title }));
    panel.hidden = stage === "over";
    switch (stage) {
      case "over":
        return;
      case "spectator":
        panel.append(h("p", { class: "hint", text: t("act.spectator") }));
        return;
      case "waiting":
        panel.append(h("p", { class: "hint", text: t("act.waitingFriend") }));
        return;
      case "showing": {
        const who = this.page.name(state.showing.actor);
        const text = state.showing.now ? followingText(state, state.showing.actor, (seat) => this.page.name(seat)) : t("act.wait", { who });
        panel.append(h("p", { class: "hint", "data-testid": "showing-hint", text }));
        return;
      }
      case "wait": {
        const who = state.view.to_act === null ? "" : this.page.name(state.view.to_act);
        panel.append(h("p", { class: "hint", "data-testid": "wait-hint", text: t("act.wait", { who }) }));
        return;
      }
      case "sending":
        panel.append(h("p", { class: "hint", text: t("act.sending") }));
        return;
      case "react":
      case "anchor": {
        // The guided game may hold the table while its coach explains (heldBy: its words).
        const held = this.page.heldBy ? this.page.heldBy() : null;
        if (held) panel.append(h("p", { class: "hint", "data-testid": "held-hint", text: held }));
        else if (stage === "react") panel.append(h("p", { class: "hint", text: t("status.react") }));
        else panel.append(h("p", { class: "hint", "data-testid": "pick-hint", text: t("act.pick") }));
        return;
      }
      default:
        break;
    }
    const anchor = this.chooser.anchor;
    const anchorText = anchor.kind === "col"
      ? t("act.anchorCol", { col: anchor.col, card: cardName(this.page.ctx.ownCard(anchor.col)) })
      : t("act.anchorSaloon", { card: cardName(anchor.card) });
    panel.append(h("p", { class: "anchor", "data-testid": "anchor", text: anchorText }));
    const now = this.chooser.current();
    if (now.stage === "type") panel.append(...this.typeChoices(now.types));
    else if (now.stage === "step") panel.append(...this.stepChoices(now));
    panel.append(
      h("button", {
        type: "button",
        class: "btn ghost",
        "data-testid": "cancel",
        "aria-keyshortcuts": "Escape",
        onclick: () => this.cancel(),
      }, t("act.cancel"), h("kbd", { class: "keyhint", "aria-hidden": "true", text: "Esc" })),
    );
  }

  typeChoices(types) {
    const list = h("div", { class: "choices types", role: "group", "aria-label": t("act.chooseType") });
    for (const { type } of types) {
      list.append(h("div", { class: "act-row" },
        h(
          "button",
          {
            type: "button",
            class: "btn choice act",
            "data-testid": `act-${type}`,
            "data-type": type,
            onclick: () => this.chooseType(type),
          },
          h("span", { class: "act-name", text: t(`act.${type}`) }),
          h("span", { class: "act-help", text: t(`act.help.${type}`) }),
        ), helpLink(sectionFor(type))),
      );
    }
    return [h("p", { class: "prompt-text", text: t("act.chooseType") }), list];
  }

  stepChoices(now) {
    const list = h("div", {
      class: "choices",
      role: "group",
      "aria-labelledby": "step-prompt",
      "data-step": now.step.id,
    });
    for (const option of now.options) {
      list.append(
        h(
          "button",
          {
            type: "button",
            class: "btn choice",
            "data-testid": "choice",
            "data-value": option.value,
            // Shown but shut, where the guided game teaches the other answer.
            disabled: Boolean(this.page.locked && this.page.locked(now.step.id, option.value)),
            onclick: () => this.choose(option.value),
          },
          option.icon ? h("span", { class: "emblem", html: icon(option.icon) }) : null,
          h("span", { text: option.label }),
        ),
      );
    }
    return [
      h("p", { class: "type-chosen", text: t(`act.${this.chooser.type}`) }),
      h("p", { class: "prompt-text", id: "step-prompt", text: now.prompt }),
      list,
    ];
  }

  /** The reaction prompt (not modal, beside the board): opened once the beats on screen are over. */
  renderPrompt(dialog) {
    const state = this.state;
    const reactions = myTurn(state) && state.view.pending ? this.chooser.reactions() : [];
    if (!reactions.length || state.busy) {
      if (dialog.open) dialog.close();
      return;
    }
    if (this.page.beatsRunning() && !dialog.open) return;
    const kind = state.view.pending;
    const memo = dialog.open ? focusMemo() : null;
    dialog.replaceChildren(
      h("h2", { id: "prompt-title", text: t(`prompt.${kind}.title`) }),
      h("p", {}, t(`prompt.${kind}.text`), " ", helpLink(sectionFor(kind))),
      ...reactionNotes(state, reactions),
      h(
        "div",
        { class: "choices" },
        reactions.map((action) =>
          h("button", {
            type: "button",
            class: `btn choice${action.type === "pass" ? "" : " primary"}`,
            "data-testid": "choice",
            "data-value": action.type,
            text: t(`react.${action.type}`),
            onclick: () => this.page.send(action),
          }),
        ),
      ),
    );
    if (!dialog.open) {
      dialog.show(); // not modal: the board stays in sight (its cards are outlined)
      // Below the board on a narrow screen: bring its title in, keep the board in sight.
      const title = dialog.querySelector("h2");
      if (title && title.scrollIntoView) title.scrollIntoView({ block: "nearest" });
      announce(t(`prompt.${kind}.title`));
    }
    if (!restoreFocus(memo, dialog)) {
      const first = dialog.querySelector("button");
      if (first) first.focus({ preventScroll: true });
    }
  }
}
