// @ts-check
// Choosing an action, step by step, from the engine's list of legal actions.
// Nothing here knows a rule: every option offered is a value found in `legal`, and a
// choice only filters that list, until one action is left.

import { cardName, t, tokenName } from "../core/i18n.js";

/** The order in which action types are offered. */
export const ACTION_TYPES = [
  "look", "take", "move", "saloon", "hitman", "sheriff", "indian", "storekeep", "dancer",
  "reporter", "bandit", "reverend",
];
export const REACTIONS = ["intercept", "cancel", "pass"];

/** The things on the table an action starts from: "col:C" (an own street card) or
 * "saloon:CARD" (an own Saloon card). Reactions start from none. */
export function anchorsOf(action) {
  switch (action.type) {
    case "move":
      return [`col:${action.a}`, `col:${action.b}`];
    case "saloon":
      return [`saloon:${action.card}`, `col:${action.a}`, `col:${action.b}`];
    case "intercept":
    case "cancel":
    case "pass":
      return [];
    default:
      return [`col:${action.col}`];
  }
}

const other = (action, col) => (action.a === col ? action.b : action.a);
const uniq = (values) => [...new Set(values)];
const byNumber = (a, b) => Number(a) - Number(b);

// -- the steps ------------------------------------------------------------------------
// A step: id, prompt(ctx, picks), values(action, picks) (the value(s) an action offers
// at this step), label(value, ctx, picks, cands), target(value, ctx) (what on the table
// stands for it), and optional sort.

function columnStep(id, promptKey, fromPick) {
  return {
    id,
    prompt: (ctx, picks) => t(promptKey, { col: fromPick(picks) }),
    values: (action, picks) => [String(other(action, fromPick(picks)))],
    label: (value, ctx) => t("choice.ownCol", { col: value, card: cardName(ctx.ownCard(Number(value))) }),
    target: (value, ctx) => ({ kind: "card", seat: ctx.seat, col: Number(value) }),
    sort: byNumber,
  };
}

const firstColumnStep = {
  id: "first",
  prompt: () => t("step.firstCol"),
  values: (action) => [String(action.a), String(action.b)],
  label: (value, ctx) => t("choice.ownCol", { col: value, card: cardName(ctx.ownCard(Number(value))) }),
  target: (value, ctx) => ({ kind: "card", seat: ctx.seat, col: Number(value) }),
  sort: byNumber,
};

const saloonCardStep = {
  id: "card",
  prompt: () => t("step.saloonCard"),
  values: (action) => [action.card],
  label: (value) => t("choice.saloonCard", { card: cardName(value) }),
  target: (value, ctx) => ({ kind: "saloon", seat: ctx.seat, card: value }),
};

const toSaloonStep = {
  id: "to_saloon",
  prompt: () => t("step.toSaloon"),
  values: (action) => [action.to_saloon],
  label: (value) => t("choice.toSaloon", { card: cardName(value) }),
};

/** The three cards of a Saloon exchange (the Saloon card, the cards at a and b). */
function threeCards(action, ctx) {
  return [action.card, ctx.ownCard(action.a), ctx.ownCard(action.b)];
}

const atAStep = {
  id: "at_a",
  prompt: () => t("step.atA"),
  values: (action) => [action.at_a],
  label: (value, ctx, picks, cands) => {
    const action = cands.find((c) => c.at_a === value);
    const rest = threeCards(action, ctx);
    for (const gone of [action.to_saloon, action.at_a]) {
      const i = rest.indexOf(gone);
      if (i >= 0) rest.splice(i, 1);
    }
    return t("choice.atA", {
      a: action.a,
      b: action.b,
      x: cardName(action.at_a),
      y: cardName(rest[0] ?? action.card),
    });
  },
};

const swapStep = {
  id: "swap",
  prompt: () => t("step.swap"),
  values: (action) => [action.swap ? "swap" : "pretend"],
  label: (value) => t(value === "swap" ? "choice.swap" : "choice.pretend"),
  sort: (a, b) => (a === "swap" ? -1 : b === "swap" ? 1 : 0),
};

function callStep(kind) {
  return {
    id: "call",
    prompt: () => t(`step.call.${kind}`),
    values: (action) => [action.call],
    label: (value) => (kind === "take" ? tokenName(value) : cardName(value)),
    icon: (value) => value,
  };
}

const mayorStep = {
  id: "mayor",
  prompt: () => t("step.mayor"),
  values: (action) => [action.mayor ? "mayor" : "no-mayor"],
  label: (value) => t(value === "mayor" ? "choice.mayor" : "choice.noMayor"),
  sort: (a, b) => (a === "no-mayor" ? -1 : b === "no-mayor" ? 1 : 0),
};

function opponentColumnStep(id, promptKey, field) {
  return {
    id,
    prompt: () => t(promptKey),
    values: (action) => [String(action[field])],
    label: (value, ctx) => {
      const known = ctx.oppCard(Number(value));
      return known
        ? t("choice.oppColKnown", { col: value, card: cardName(known) })
        : t("choice.oppCol", { col: value });
    },
    target: (value, ctx) => ({ kind: "card", seat: 1 - ctx.seat, col: Number(value) }),
    sort: byNumber,
  };
}

const supplyStep = {
  id: "supply",
  prompt: () => t("step.supply"),
  values: (action) => [action.supply ? "supply" : "exchange"],
  label: (value) => t(value === "supply" ? "choice.supply" : "choice.exchange"),
  sort: (a, b) => (a === "exchange" ? -1 : b === "exchange" ? 1 : 0),
};

function slotLabel(value, ctx) {
  const token = ctx.slotToken(Number(value));
  return token
    ? t("choice.slotKnown", { col: value, token: tokenName(token) })
    : t("choice.slot", { col: value });
}

const slotStep1 = {
  id: "slot1",
  prompt: () => t("step.slot1"),
  values: (action) => action.slots.map(String),
  label: slotLabel,
  target: (value) => ({ kind: "slot", col: Number(value) }),
  sort: byNumber,
};

const slotStep2 = {
  id: "slot2",
  prompt: (ctx, picks) => t("step.slot2", { col: picks.slot1 }),
  values: (action, picks) => action.slots.map(String).filter((s) => s !== picks.slot1),
  label: slotLabel,
  target: (value) => ({ kind: "slot", col: Number(value) }),
  sort: byNumber,
};

/** The steps of each action type, from an anchor ({kind: "col", col} or {kind: "saloon", card}). */
function stepsFor(type, anchor) {
  const target = opponentColumnStep("target", "step.target", "target");
  switch (type) {
    case "move":
      return [columnStep("other", "step.other", () => anchor.col), swapStep];
    case "saloon":
      if (anchor.kind === "saloon") {
        return [
          firstColumnStep,
          columnStep("other", "step.other", (picks) => Number(picks.first)),
          toSaloonStep,
          atAStep,
        ];
      }
      return [saloonCardStep, columnStep("other", "step.other", () => anchor.col), toSaloonStep, atAStep];
    case "take":
      return [callStep("take")];
    case "sheriff":
      return [callStep("sheriff"), mayorStep, target];
    case "indian":
      return [mayorStep, target];
    case "storekeep":
      return [mayorStep, supplyStep, slotStep1, slotStep2];
    case "dancer":
      return [opponentColumnStep("from", "step.from", "from")];
    case "reporter":
      return [callStep("reporter"), mayorStep, target];
    case "bandit":
      return [callStep("bandit")];
    default:
      return [];
  }
}

function parseAnchor(key) {
  const [kind, value] = key.split(":");
  return kind === "col" ? { kind, col: Number(value), key } : { kind, card: value, key };
}

/**
 * The choice in progress. `ctx`: seat, ownCard(col), oppCard(col) (a face-up card or
 * null), slotToken(col) (a known token or null).
 */
export class Chooser {
  constructor(legal, ctx) {
    this.legal = legal || [];
    this.ctx = ctx;
    this.reset();
  }

  reset() {
    this.anchor = null;
    this.type = null;
    this.history = [];
  }

  /** Anchor keys that start at least one legal action. */
  anchors() {
    const keys = new Set();
    for (const action of this.legal) for (const key of anchorsOf(action)) keys.add(key);
    return keys;
  }

  reactions() {
    return this.legal.filter((a) => REACTIONS.includes(a.type));
  }

  pick(key) {
    if (!this.anchors().has(key)) return false;
    this.anchor = parseAnchor(key);
    this.type = null;
    this.history = [];
    return true;
  }

  forAnchor() {
    if (!this.anchor) return [];
    return this.legal.filter((a) => anchorsOf(a).includes(this.anchor.key));
  }

  /** The action types legal from the anchor, in a fixed order, with how many actions. */
  types() {
    const counts = new Map();
    for (const action of this.forAnchor()) counts.set(action.type, (counts.get(action.type) || 0) + 1);
    return ACTION_TYPES.filter((type) => counts.has(type)).map((type) => ({ type, count: counts.get(type) }));
  }

  chooseType(type) {
    if (!this.types().some((entry) => entry.type === type)) return false;
    this.type = type;
    this.history = [];
    return true;
  }

  /**
   * Where the choice stands: {stage: "anchor"} | {stage: "type", types} |
   * {stage: "step", step, prompt, options: [{value, label, target}]} | {stage: "done", action}.
   * Steps with a single option are taken automatically (they are no choice).
   */
  current() {
    if (!this.anchor) return { stage: "anchor" };
    if (!this.type) return { stage: "type", types: this.types() };
    const steps = stepsFor(this.type, this.anchor);
    let { cands, picks } = this.filtered(steps);
    for (let i = this.history.length; i <= steps.length; i += 1) {
      if (cands.length === 1) return { stage: "done", action: cands[0] };
      if (cands.length === 0) return { stage: "type", types: this.types() };
      const step = steps[i];
      if (!step) {
        // Never expected: the steps did not single out one action. Offer what is left.
        return {
          stage: "step",
          step: { id: "which" },
          prompt: t("step.which"),
          options: cands.map((a, n) => ({ value: String(n), label: JSON.stringify(a), action: a })),
        };
      }
      let values = uniq(cands.flatMap((a) => step.values(a, picks)));
      if (step.sort) values = values.sort(step.sort);
      if (values.length === 1) {
        this.history.push({ id: step.id, value: values[0], auto: true });
        cands = cands.filter((a) => step.values(a, picks).includes(values[0]));
        picks[step.id] = values[0];
        continue;
      }
      return {
        stage: "step",
        step,
        prompt: step.prompt(this.ctx, picks),
        options: values.map((value) => ({
          value,
          label: step.label(value, this.ctx, picks, cands),
          target: step.target ? step.target(value, this.ctx) : null,
          icon: step.icon ? step.icon(value) : null,
        })),
      };
    }
    return { stage: "type", types: this.types() };
  }

  /**
   * What on the table the choices so far stand for, in the order chosen: the card the
   * action starts from, then each step's card or slot (taken by hand or as the only one).
   */
  chosen() {
    if (!this.anchor) return [];
    const start = this.anchor.kind === "col"
      ? { kind: "card", seat: this.ctx.seat, col: this.anchor.col }
      : { kind: "saloon", seat: this.ctx.seat, card: this.anchor.card };
    if (!this.type) return [start];
    const steps = stepsFor(this.type, this.anchor);
    const targets = this.history.map((entry) => {
      const step = steps.find((s) => s.id === entry.id);
      return step && step.target ? step.target(entry.value, this.ctx) : null;
    });
    return [start, ...targets.filter(Boolean)];
  }

  /** The legal actions the choices made so far still allow, and what was picked. */
  filtered(steps = stepsFor(this.type, this.anchor)) {
    let cands = this.forAnchor().filter((a) => a.type === this.type);
    const picks = {};
    for (const entry of this.history) {
      const step = steps.find((s) => s.id === entry.id);
      cands = cands.filter((a) => step.values(a, picks).includes(entry.value));
      picks[entry.id] = entry.value;
    }
    return { cands, picks };
  }

  /** The legal actions still possible (all of them before a type is chosen). */
  remaining() {
    if (!this.anchor) return this.legal;
    if (!this.type) return this.forAnchor();
    return this.filtered().cands;
  }

  /** Take option `value` of the current step; a "which" step takes the action itself. */
  choose(value) {
    const now = this.current();
    if (now.stage !== "step") return null;
    const option = now.options.find((o) => o.value === value);
    if (!option) return null;
    if (now.step.id === "which") return option.action;
    this.history.push({ id: now.step.id, value, auto: false });
    return null;
  }

  /** One step back (Cancel / Escape): undo the last real choice, then the type, then the card. */
  back() {
    while (this.history.length) {
      const entry = this.history.pop();
      if (!entry.auto) return;
    }
    if (this.type) {
      this.type = null;
      return;
    }
    this.anchor = null;
  }
}
