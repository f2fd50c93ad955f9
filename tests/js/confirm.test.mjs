// No surprises, and know your exposure (exposure.js, confirm.js, reaction.js): which
// actions are confirmed, which give the Governor away (R5.3, R5.4, R6.10), what the
// confirmation says, and what a reaction prompt is about and says of each answer.

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { before, describe, test } from "node:test";

import { describe as describeAction } from "../../src/outlaws/web/game/confirm.js";
import {
  exposureColumns, exposureMark, governorWarning, needsConfirm, shownColumns,
} from "../../src/outlaws/web/game/exposure.js";
import { answerKeys, reactionContext, revealedWhileAsked } from "../../src/outlaws/web/game/reaction.js";
import { inEnglish } from "./support.mjs";

before(inEnglish);

// Seat 0's street: the Governor at column 3, the Bandit at 4 (docs/protocol.md's example).
const STREET = ["hitman", "indian", "governor", "bandit", "storekeep", "sheriff", "reporter", "dancer"];

/** An exposure as the server sends it: `governor[col]` the odds of the Governor there,
 * `shown[col]` governor_if_shown; the other characters share what is left. */
function exposure(governor, shown = {}) {
  const rows = [];
  for (let col = 1; col <= 8; col += 1) {
    const g = governor[col] || 0;
    const p = g ? { governor: g } : {};
    if (g < 1) p[STREET[col - 1] === "governor" ? "bandit" : STREET[col - 1]] = 1 - g;
    rows.push({ col, p, governor_if_shown: shown[col] ?? 0.1 });
  }
  return exposureColumns({ exposure: rows });
}

describe("which actions are confirmed", () => {
  test("every action that shows a card or spends a token, and only those", () => {
    const asked = [
      { type: "look", col: 1 }, { type: "take", col: 2, call: "vote" }, { type: "hitman", col: 1 },
      { type: "sheriff", col: 6, call: "hitman", target: 6, mayor: false }, { type: "indian", col: 2 },
      { type: "storekeep", col: 5, slots: [4, 5], supply: false }, { type: "dancer", col: 8, from: 7 },
      { type: "reporter", col: 7, call: "hitman", target: 7 }, { type: "bandit", col: 4, call: "sheriff" },
      { type: "reverend", col: 2 }, { type: "intercept" }, { type: "cancel" },
    ];
    for (const action of asked) assert.equal(needsConfirm(action), true, action.type);
    const free = [
      { type: "move", a: 1, b: 2, swap: true }, { type: "move", a: 1, b: 2, swap: false },
      { type: "saloon", card: "mayor", a: 1, b: 2, to_saloon: "mayor", at_a: "hitman" }, { type: "pass" },
    ];
    for (const action of free) assert.equal(needsConfirm(action), false, action.type);
    assert.equal(needsConfirm(null), false);
  });

  test("the cards an action shows: its own, and the Mayor to its left as its owner sees it (R6.10)", () => {
    assert.deepEqual(shownColumns({ type: "look", col: 3 }, 0), [3]);
    assert.deepEqual(shownColumns({ type: "indian", col: 3, mayor: true }, 0), [3, 2]);
    assert.deepEqual(shownColumns({ type: "indian", col: 3, mayor: true }, 1), [3, 4]);
    assert.deepEqual(shownColumns({ type: "intercept" }, 0), []);
    assert.deepEqual(shownColumns({ type: "move", a: 1, b: 3, swap: true }, 0), []);
  });
});

describe("the Governor warning, from the exposure odds", () => {
  const ctx = (odds) => ({ seat: 0, street: STREET, exposure: odds });
  const atDeal = () => exposure({ 1: 1 / 8, 2: 1 / 8, 3: 1 / 8, 4: 1 / 8, 5: 1 / 8, 6: 1 / 8, 7: 1 / 8, 8: 1 / 8 });

  test("a Look or a Take with the Governor reveals him (R5.3, R5.4)", () => {
    assert.equal(governorWarning({ type: "look", col: 3 }, ctx(atDeal())), "reveal");
    assert.equal(governorWarning({ type: "take", col: 3, call: "election" }, ctx(atDeal())), "reveal");
    // Without the exposure (it could not be loaded) the reveal is still caught.
    assert.equal(governorWarning({ type: "look", col: 3 }, ctx(null)), "reveal");
  });

  test("another card, with the Governor far from certain, is no warning", () => {
    assert.equal(governorWarning({ type: "look", col: 1 }, ctx(atDeal())), null);
    assert.equal(governorWarning({ type: "move", a: 3, b: 4, swap: true }, ctx(atDeal())), null);
  });

  test("showing the only other card he may be gives him away", () => {
    // He was seen at 3 and swapped (or not) with 4: 3 or 4, even odds.
    const odds = exposure({ 3: 0.5, 4: 0.5 }, { 3: 1, 4: 1, 1: 0.5 });
    assert.equal(governorWarning({ type: "take", col: 4, call: "vote" }, ctx(odds)), "certain");
    assert.equal(governorWarning({ type: "look", col: 1 }, ctx(odds)), null);
  });

  test("two cards shown at once (an ability with the Mayor) that leave one column open", () => {
    const odds = exposure({ 1: 1 / 3, 2: 1 / 3, 3: 1 / 3 }, { 1: 0.5, 2: 0.5 });
    const street = ["mayor", "indian", "governor", "bandit", "storekeep", "sheriff", "reporter", "dancer"];
    const action = { type: "indian", col: 2, mayor: true, target: 2 };
    assert.equal(governorWarning(action, { seat: 0, street, exposure: odds }), "certain");
  });

  test("nothing is given away that the opponent knows already", () => {
    const known = exposure({ 3: 1 }, { 1: 1, 2: 1, 3: 1, 4: 1, 5: 1, 6: 1, 7: 1, 8: 1 });
    assert.equal(governorWarning({ type: "look", col: 3 }, ctx(known)), null);
    assert.equal(governorWarning({ type: "look", col: 4 }, ctx(known)), null);
  });

  test("a card's mark: the odds for the Governor there, and whether the card is known", () => {
    const odds = exposure({ 3: 0.5, 4: 0.5 });
    assert.deepEqual(exposureMark(odds[3], "governor"), { governor: 0.5, percent: 50, sure: false });
    assert.deepEqual(exposureMark(odds[1], "hitman"), { governor: 0, percent: 0, sure: true });
    assert.equal(exposureMark(undefined, "hitman"), null);
  });
});

describe("what the confirmation says", () => {
  test("the card shown, the call, the target and what is spent", () => {
    const lines = describeAction(
      { type: "sheriff", col: 6, call: "hitman", target: 5, mayor: true }, { seat: 0, street: STREET },
    );
    assert.deepEqual(lines, [
      "Arrest with your Sheriff (column 6): both players will see this card.",
      "Your Mayor (column 5) is shown too.",
      "You call out: Hitman.",
      "Their card at column 5.",
      "It spends one of your Handcuffs.",
    ]);
    const take = describeAction({ type: "take", col: 3, call: "election" }, { seat: 0, street: STREET });
    assert.deepEqual(take, ["Take with your Governor (column 3): both players will see this card.", "You call out: Election."]);
  });

  test("an ability is told by what the card does, never by its name twice", () => {
    const street = ["hitman", "indian", "governor", "bandit", "storekeep", "sheriff", "reporter", "dancer"];
    const first = (action) => describeAction(action, { seat: 0, street })[0];
    assert.equal(first({ type: "hitman", col: 1 }), "Shoot with your Hitman (column 1): both players will see this card.");
    assert.equal(first({ type: "indian", col: 2 }), "Spy with your Indian (column 2): both players will see this card.");
    assert.equal(first({ type: "bandit", col: 4, call: "sheriff" }), "Rob with your Bandit (column 4): both players will see this card.");
    assert.equal(first({ type: "storekeep", col: 5, slots: [4, 5] }), "Swap tokens with your Storekeep (column 5): both players will see this card.");
    assert.equal(first({ type: "reporter", col: 7, call: "mayor" }), "Write a headline with your Reporter (column 7): both players will see this card.");
    assert.equal(first({ type: "dancer", col: 8, from: 6 }), "Pull a card with your Dancer (column 8): both players will see this card.");
    // A basic action keeps its own name: the card is not named after it.
    assert.equal(first({ type: "look", col: 2 }), "Look with your Indian (column 2): both players will see this card.");
  });

  test("every language has a word for what each ability does", () => {
    for (const lang of ["en", "pt", "it", "ja"]) {
      const catalogue = JSON.parse(readFileSync(new URL(`../../src/outlaws/web/i18n/${lang}.json`, import.meta.url), "utf-8"));
      for (const card of ["hitman", "sheriff", "indian", "storekeep", "dancer", "reporter", "bandit", "reverend"]) {
        const verb = catalogue[`prompt.confirm.verb.${card}`];
        assert.ok(verb && verb !== catalogue[`card.${card}`], `${lang}: ${card}`);
      }
    }
  });
});

describe("the reaction prompt", () => {
  const shot = [
    { turn: 2, type: "turn", seat: 1 },
    { turn: 2, type: "hitman", seat: 1, col: 3 },
    { turn: 2, type: "reveal", seat: 1, col: 3, card: "hitman" },
    { turn: 2, type: "reveal", seat: 0, col: 3, card: "governor" },
    { turn: 2, type: "prompt", seat: 0, reaction: "intercept" },
  ];

  test("an interception is about their Hitman and my Governor, opposite", () => {
    const context = reactionContext(shot, 0, "intercept");
    assert.deepEqual(context.theirs, { seat: 1, col: 3, card: "hitman" });
    assert.deepEqual(context.mine, { seat: 0, col: 3, card: "governor" });
    assert.equal(answerKeys(context).passOnly, "prompt.why.passOnlyShot");
  });

  test("the Reverend after an interception is about their Sheriff and my Hitman", () => {
    const events = [
      { turn: 2, type: "hitman", seat: 0, col: 5 },
      { turn: 2, type: "reveal", seat: 0, col: 5, card: "hitman" },
      { turn: 2, type: "reveal", seat: 1, col: 5, card: "governor" },
      { turn: 2, type: "prompt", seat: 1, reaction: "intercept" },
      { turn: 2, type: "intercept", seat: 1, col: 4 },
      { turn: 2, type: "reveal", seat: 1, col: 4, card: "sheriff" },
      { turn: 2, type: "prompt", seat: 0, reaction: "cancel" },
    ];
    const context = reactionContext(events, 0, "cancel");
    assert.deepEqual(context.theirs, { seat: 1, col: 4, card: "sheriff" });
    assert.deepEqual(context.mine, { seat: 0, col: 5, card: "hitman" });
    assert.equal(context.arrest, true);
    assert.equal(answerKeys(context).passOnly, "prompt.why.passOnlyArrest");
  });

  test("a Sheriff that called the Bandit: the Handcuffs, not the game, are at stake", () => {
    const events = [
      { turn: 3, type: "sheriff", seat: 1, col: 2, call: "bandit", target: 3, mayor: true },
      { turn: 3, type: "reveal", seat: 1, col: 2, card: "sheriff" },
      { turn: 3, type: "reveal", seat: 1, col: 1, card: "mayor" },
      { turn: 3, type: "reveal", seat: 0, col: 3, card: "bandit" },
      { turn: 3, type: "prompt", seat: 0, reaction: "cancel" },
    ];
    const context = reactionContext(events, 0, "cancel");
    assert.deepEqual(context.mine, { seat: 0, col: 3, card: "bandit" });
    assert.equal(context.arrest, false);
    assert.equal(answerKeys(context).pass, "prompt.why.passCuffs");
  });

  test("R4.2: while I decide, their Hitman that shot stays face up on the table", () => {
    assert.deepEqual([...revealedWhileAsked(shot, 0, "intercept")], [["1-3", "hitman"]]);
  });

  test("R4.2: their Sheriff and the Mayor beside it stay face up while I may call on the Reverend", () => {
    const events = [
      { turn: 3, type: "turn", seat: 1 },
      { turn: 3, type: "reveal", seat: 1, col: 6, card: "indian" },
      { turn: 3, type: "sheriff", seat: 1, col: 2, call: "bandit", target: 3, mayor: true },
      { turn: 3, type: "reveal", seat: 1, col: 2, card: "sheriff" },
      { turn: 3, type: "reveal", seat: 1, col: 1, card: "mayor" },
      { turn: 3, type: "reveal", seat: 0, col: 3, card: "bandit" },
      { turn: 3, type: "prompt", seat: 0, reaction: "cancel" },
    ];
    const shown = revealedWhileAsked(events, 0, "cancel");
    // Their first action's card (the Indian) went face down when that action was over.
    assert.deepEqual(new Map(shown), new Map([["1-2", "sheriff"], ["1-1", "mayor"]]));
  });

  test("no reaction awaited: nothing is held face up", () => {
    assert.equal(revealedWhileAsked(shot, 0, false).size, 0);
    assert.equal(revealedWhileAsked(shot, 1, "intercept").size, 0);
  });

  test("nothing pending, or a log that does not say: no context", () => {
    assert.equal(reactionContext(shot, 0, null), null);
    assert.equal(reactionContext([{ turn: 1, type: "turn", seat: 0 }], 0, "intercept"), null);
  });
});
