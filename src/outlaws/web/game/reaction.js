// @ts-check
// The reaction prompt's explanations (R6.3.3 interception, R6.9.2 the Reverend): which
// cards the reaction is about, read from the seat's own log, and what each answer leads
// to. The prompt itself is drawn by panel.js; the cards are outlined by confirm.js.

import { h } from "../core/dom.js";
import { cardName, t } from "../core/i18n.js";

/**
 * What the awaited reaction is about, from the seat's log: {kind, theirs: {seat, col,
 * card}, mine: {seat, col, card}, arrest} where `theirs` is the opponent's card that hit
 * (its Hitman, or its Sheriff) and `mine` the seat's card that was hit (its Governor, its
 * Hitman or its Bandit); `arrest`: a Hitman would be arrested (the game is lost). Null
 * when the log does not say.
 */
export function reactionContext(events, seat, kind) {
  if (!Array.isArray(events) || (kind !== "intercept" && kind !== "cancel")) return null;
  const other = 1 - seat;
  for (let i = events.length - 1; i >= 0; i -= 1) {
    const e = events[i];
    if (e.type === "turn") return null;
    if (e.seat !== other) continue;
    if (e.type === "hitman" && kind === "intercept") {
      return {
        kind,
        theirs: { seat: other, col: e.col, card: "hitman" },
        mine: { seat, col: e.col, card: "governor" },
        arrest: false,
      };
    }
    if (e.type === "sheriff" && kind === "cancel") {
      return {
        kind,
        theirs: { seat: other, col: e.col, card: "sheriff" },
        mine: { seat, col: e.target, card: e.call },
        arrest: e.call === "hitman",
      };
    }
    if (e.type === "intercept" && kind === "cancel") {
      // The Sheriff intercepted my shot: my Hitman stands where it fired from.
      const shot = events.slice(0, i).reverse().find((x) => x.type === "hitman" && x.seat === seat);
      return {
        kind,
        theirs: { seat: other, col: e.col, card: "sheriff" },
        mine: { seat, col: shot ? shot.col : null, card: "hitman" },
        arrest: true,
      };
    }
  }
  return null;
}

/**
 * The opponent's cards the action awaiting this seat's reaction revealed: a Map
 * "seat-col" -> card. That action is not over while the seat decides, so those cards stay
 * face up on the table (the Hitman that shot, the Sheriff and its Mayor), not only for the
 * moment the action is shown. Empty when no reaction is awaited.
 */
export function revealedWhileAsked(events, seat, kind) {
  const shown = new Map();
  if (!reactionContext(events, seat, kind)) return shown;
  const other = 1 - seat;
  for (let i = events.length - 1; i >= 0; i -= 1) {
    const e = events[i];
    if (e.type === "turn") break;
    if (e.seat !== other) continue;
    if (e.type === "reveal" && !shown.has(`${other}-${e.col}`)) shown.set(`${other}-${e.col}`, e.card);
    if (e.type === "hitman" || e.type === "sheriff" || e.type === "intercept") break;
  }
  return shown;
}

/** The message keys that say what each answer leads to: {intercept|cancel, pass, passOnly}. */
export function answerKeys(context) {
  if (!context) return null;
  if (context.kind === "intercept") {
    return { act: "prompt.why.intercept", pass: "prompt.why.passShot", passOnly: "prompt.why.passOnlyShot" };
  }
  return context.arrest
    ? { act: "prompt.why.cancelArrest", pass: "prompt.why.passArrest", passOnly: "prompt.why.passOnlyArrest" }
    : { act: "prompt.why.cancelCuffs", pass: "prompt.why.passCuffs", passOnly: "prompt.why.passOnlyCuffs" };
}

/** The prompt's lines under its text: the cards concerned, then each answer's outcome,
 * or, when Pass is the only answer, what passing means. */
export function reactionNotes(state, reactions) {
  const view = state.view;
  const context = reactionContext(state.events, state.seat, view && view.pending);
  const keys = answerKeys(context);
  if (!keys) return [];
  const out = [];
  if (context.theirs.col && context.mine.col) {
    out.push(
      h("p", {
        class: "reaction-cards",
        "data-testid": "reaction-cards",
        text: t("prompt.concerned", {
          theirs: cardName(context.theirs.card),
          a: context.theirs.col,
          mine: cardName(context.mine.card),
          b: context.mine.col,
        }),
      }),
    );
  }
  const onlyPass = reactions.length > 0 && reactions.every((a) => a.type === "pass");
  if (onlyPass) {
    out.push(h("p", { class: "pass-only", "data-testid": "pass-only", text: t(keys.passOnly) }));
    return out;
  }
  const list = h("ul", { class: "reaction-why", "data-testid": "reaction-why" });
  for (const action of reactions) {
    const key = action.type === "pass" ? keys.pass : keys.act;
    list.append(h("li", { "data-answer": action.type, text: t(key) }));
  }
  out.push(list);
  return out;
}
