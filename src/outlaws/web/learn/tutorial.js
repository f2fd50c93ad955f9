// @ts-check
// The guided game's lesson, as data: its steps, which one is current, and which legal
// action the learner is offered at each position. Pure: no page, no words (the words are
// each step's i18n `key`); tutorialview.js draws it, the game page asks it.
//
// The game itself is a real one, created by the server from a fixed position
// (`POST /games {"opponent": "bot", "tutorial": true}`, bots/tutorial.py): the engine
// judges every action and the opponent, the bot "tutorial", sees only its view. A step
// begins once the game's record holds `after` actions. An `expect` step waits for the
// learner's action (the panel then offers only that one); the other steps explain, and
// stay until the learner has read them ("Next"): the bot answers at once, so the game is
// often further on than the lesson, and the panel offers nothing until the lesson has
// caught up with it.

/** The bot that plays the guided game's opponent, and the learner's seat. */
export const TUTORIAL_BOT = "tutorial";
export const LEARNER = 0;

const card = (seat, col) => `card:${seat}:${col}`;

/**
 * The lesson. `after`: the actions the record holds when the step begins; `expect`: the
 * learner's action there (docs/format.md), absent for a step that only explains; `highlight`:
 * the places of the board it points at ("card:SEAT:COL", "slot:COL", "slots",
 * "stash:SEAT", "street:SEAT").
 */
export const STEPS = [
  { id: "welcome", key: "tutorial.step.welcome", after: 0, highlight: ["street:0"] },
  { id: "goal", key: "tutorial.step.goal", after: 0, highlight: [card(0, 4), card(0, 2), card(0, 6)] },
  { id: "tokens", key: "tutorial.step.tokens", after: 0, highlight: ["slots", "stash:0"] },
  { id: "swap", key: "tutorial.step.swap", after: 0, expect: { type: "move", a: 5, b: 6, swap: true }, highlight: [card(0, 5), card(0, 6)] },
  { id: "swapped", key: "tutorial.step.swapped", after: 1, highlight: [card(0, 5), card(0, 6)] },
  { id: "look", key: "tutorial.step.look", after: 1, expect: { type: "look", col: 4 }, highlight: [card(0, 4), "slot:4"] },
  { id: "looked", key: "tutorial.step.looked", after: 2, highlight: ["slot:4", card(0, 4)] },
  { id: "theirMoves", key: "tutorial.step.theirMoves", after: 4, highlight: [card(1, 4), card(1, 6), card(1, 1), card(1, 5)] },
  { id: "pretend", key: "tutorial.step.pretend", after: 4, expect: { type: "move", a: 3, b: 4, swap: false }, highlight: [card(0, 3), card(0, 4)] },
  { id: "lookVote", key: "tutorial.step.lookVote", after: 5, expect: { type: "look", col: 7 }, highlight: [card(0, 7), "slot:7"] },
  { id: "lookedVote", key: "tutorial.step.lookedVote", after: 6, highlight: ["slot:7"] },
  { id: "intercept", key: "tutorial.step.intercept", after: 7, expect: { type: "intercept" }, highlight: [card(0, 4), card(0, 5), card(1, 4)] },
  { id: "cancelled", key: "tutorial.step.cancelled", after: 9, highlight: [card(1, 3), card(1, 4), card(0, 5)] },
  { id: "take", key: "tutorial.step.take", after: 10, expect: { type: "take", col: 7, call: "vote" }, highlight: [card(0, 7), "slot:7"] },
  { id: "taken", key: "tutorial.step.taken", after: 11, highlight: ["stash:0", "slots"] },
  { id: "hitman", key: "tutorial.step.hitman", after: 11, expect: { type: "hitman", col: 2 }, highlight: [card(0, 2), card(1, 2)] },
  { id: "missed", key: "tutorial.step.missed", after: 12, highlight: [card(1, 2)] },
  { id: "election", key: "tutorial.step.election", after: 14, expect: { type: "take", col: 4, call: "election" }, highlight: [card(0, 4), "slot:4"] },
  { id: "end", key: "tutorial.step.end", after: 15, final: true, highlight: ["stash:0"] },
];

/** Is this game page the guided game, seen from the learner's seat? */
export function isTutorial(state) {
  if (!state || state.seat !== LEARNER || !Array.isArray(state.players)) return false;
  const opponent = state.players[1 - LEARNER];
  return Boolean(opponent && opponent.kind === "bot" && opponent.bot === TUTORIAL_BOT);
}

/** Has the learner played an action the lesson asked for after step `index`? */
function actedAfter(steps, index, actions) {
  for (let i = index + 1; i < steps.length; i += 1) if (steps[i].expect && actions > steps[i].after) return true;
  return false;
}

/** Is step `index` behind us, `actions` being the record's length and `read` the number
 * of steps the learner has gone past with "Next" (every step before that index)? */
export function stepDone(steps, index, actions, read) {
  const step = steps[index];
  if (step.final) return false;
  if (step.expect) return actions > step.after;
  // An explanation stays until it is read, however far the opponent has played; a later
  // action of the lesson proves it read (when this browser did not keep the count).
  return index < read || actedAfter(steps, index, actions);
}

/**
 * The current step: `{index, step, waiting}`. `waiting`: the step has not begun (the
 * opponent is still playing up to it). A game that is over shows the last step.
 */
export function currentStep(actions, read = 0, over = false, steps = STEPS) {
  const last = steps.length - 1;
  if (over) return { index: last, step: steps[last], waiting: false };
  for (let index = 0; index < steps.length; index += 1) {
    if (!stepDone(steps, index, actions, read)) {
      return { index, step: steps[index], waiting: steps[index].after > actions };
    }
  }
  return { index: last, step: steps[last], waiting: false };
}

/** How many steps are read once the learner leaves the step at `index` with "Next"
 * (never fewer than before: a late click on an old box takes nothing back). */
export function readAfterNext(read, index) {
  return Math.max(read, index + 1);
}

/** Does a legal action (docs/format.md object) stand for the expected one? A move names its
 * two columns in either order. */
export function matches(action, expected) {
  if (!action || !expected || action.type !== expected.type) return false;
  for (const [key, value] of Object.entries(expected)) {
    if (expected.type === "move" && (key === "a" || key === "b")) continue;
    if (action[key] !== value) return false;
  }
  if (expected.type === "move") {
    const pair = (x) => [Math.min(x.a, x.b), Math.max(x.a, x.b)].join(",");
    return pair(action) === pair(expected);
  }
  return true;
}

/** Is a legal action shown for the expected one? As at any table, a Move is shown with
 * both its answers, "swap for real" and "only pretend" (choiceLocked shuts the wrong one). */
export function shows(action, expected) {
  if (!expected || expected.type !== "move") return matches(action, expected);
  return Boolean(action) && matches(action, { ...expected, swap: action.swap });
}

/**
 * What the panel offers: the legal actions narrowed to the lesson's action at this
 * position, so that a newcomer cannot go astray; nothing while an explanation is unread.
 * The engine's list stays the judge: if the expected action is not in it (the game left
 * the script), the whole list.
 */
export function lessonLegal(legal, actions, read = 0, steps = STEPS) {
  if (!Array.isArray(legal)) return legal;
  const now = currentStep(actions, read, false, steps);
  if (now.waiting) return legal;
  if (!now.step.expect) return [];
  if (now.step.after !== actions) return legal;
  const shown = legal.filter((action) => shows(action, now.step.expect));
  return shown.length ? shown : legal;
}

/**
 * Is an option of the action panel shut by the lesson? `stepId`, `value`: the panel's
 * step and option (game/actions.js). The Move's choice "swap" / "pretend" is asked as at any
 * table, but only the lesson's answer can be taken.
 */
export function choiceLocked(expected, stepId, value) {
  if (!expected || expected.type !== "move" || stepId !== "swap") return false;
  return value !== (expected.swap ? "swap" : "pretend");
}

/** Where this browser keeps how far the learner has read in guided game `game`. */
export const readKey = (game) => `outlaws.tutorial.${game}`;

/** The count of read steps kept under readKey, or 0 when there is none (or it is bad). */
export function parseRead(text, steps = STEPS) {
  const read = Number(text);
  return text !== null && Number.isInteger(read) && read >= 0 && read <= steps.length ? read : 0;
}

/** The board element (its data-testid) a highlight place stands for. */
export function placeTestId(place) {
  const [kind, a, b] = place.split(":");
  switch (kind) {
    case "card":
      return `card-${a}-${b}`;
    case "slot":
      return `slot-${a}`;
    case "stash":
      return `stash-${a}`;
    case "street":
      return `street-${a}`;
    case "slots":
      return "slots";
    default:
      return null;
  }
}
