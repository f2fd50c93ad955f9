// The guided game's lesson (tutorial.js): its steps, which one is current as the game
// goes on, and the legal list narrowed to the lesson's action; and that its actions are
// the learner's script of the server's fixed game (bots/tutorial.py).

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { describe, test } from "node:test";

import {
  currentStep,
  isTutorial,
  lessonLegal,
  matches,
  placeTestId,
  STEPS,
  stepDone,
} from "../../src/outlaws/web/tutorial.js";

const ROOT = new URL("../../", import.meta.url);
const english = JSON.parse(readFileSync(new URL("src/outlaws/web/i18n/en.json", ROOT), "utf-8"));

/** The learner's script of bots/tutorial.py: {actions before it: notation}. */
function learnerScript() {
  const text = readFileSync(new URL("src/outlaws/bots/tutorial.py", ROOT), "utf-8");
  const block = text.split("LEARNER_SCRIPT: dict[int, str] = {")[1].split("}")[0];
  return Object.fromEntries([...block.matchAll(/(\d+): "([^"]+)"/g)].map((m) => [Number(m[1]), m[2]]));
}

/** docs/notation.md's text of a FORMAT.md action (the types the lesson uses). */
function notation(action) {
  switch (action.type) {
    case "move":
      return `move ${action.a} ${action.b} ${action.swap ? "swap" : "pretend"}`;
    case "look":
    case "hitman":
      return `${action.type} ${action.col}`;
    case "take":
      return `take ${action.col} ${action.call}`;
    default:
      return action.type;
  }
}

/** The index of the step with this id. */
const at = (id) => STEPS.findIndex((step) => step.id === id);

describe("the steps", () => {
  test("have unique ids, an English text each, and begin in the order of the game", () => {
    assert.equal(new Set(STEPS.map((s) => s.id)).size, STEPS.length);
    for (const step of STEPS) assert.ok(english[step.key], `en.json lacks ${step.key}`);
    assert.ok(english["tutorial.step.endOther"]);
    for (let i = 1; i < STEPS.length; i += 1) assert.ok(STEPS[i].after >= STEPS[i - 1].after, STEPS[i].id);
    assert.ok(STEPS.at(-1).final);
  });

  test("ask for exactly the learner's script of the server's fixed game", () => {
    const asked = Object.fromEntries(STEPS.filter((s) => s.expect).map((s) => [s.after, notation(s.expect)]));
    assert.deepEqual(asked, learnerScript());
  });

  test("point at places of the board", () => {
    for (const step of STEPS) {
      for (const place of step.highlight) assert.match(placeTestId(place), /^(card-[01]-[1-8]|slot-[1-8]|stash-[01]|street-[01]|slots)$/);
    }
  });
});

describe("the current step", () => {
  test("walks through the introduction with Next, then waits for the first action", () => {
    assert.equal(currentStep(0, 0).step.id, "welcome");
    assert.equal(currentStep(0, 1).step.id, "goal");
    assert.equal(currentStep(0, 3).step.id, "swap");
    assert.equal(currentStep(0, 3).waiting, false);
  });

  test("skips an introduction the learner acted without reading", () => {
    assert.equal(currentStep(1, 0).step.id, "swapped");
    assert.equal(currentStep(2, 0).step.id, "looked");
  });

  test("keeps a comment on screen while the opponent plays, then moves on", () => {
    assert.equal(currentStep(3, 0).step.id, "looked");
    assert.equal(currentStep(4, 0).step.id, "theirMoves");
    const acked = at("looked") + 1;
    assert.deepEqual(
      { id: currentStep(3, acked).step.id, waiting: currentStep(3, acked).waiting },
      { id: "theirMoves", waiting: true },
    );
  });

  test("shows the interception when the prompt comes, and waits for the Reverend", () => {
    assert.equal(currentStep(6, 0).step.id, "lookedVote");
    assert.equal(currentStep(7, 0).step.id, "intercept");
    assert.deepEqual([currentStep(8, 0).step.id, currentStep(8, 0).waiting], ["cancelled", true]);
    assert.deepEqual([currentStep(10, 0).step.id, currentStep(10, 0).waiting], ["cancelled", false]);
    assert.equal(currentStep(12, 0).step.id, "missed");
    assert.equal(currentStep(13, 0).step.id, "missed");
    assert.equal(currentStep(14, 0).step.id, "election");
  });

  test("is the end once the game is over", () => {
    assert.equal(currentStep(15, 0).step.id, "end");
    assert.equal(currentStep(9, 0, true).step.id, "end");
    assert.equal(stepDone(STEPS, STEPS.length - 1, 99, 99), false);
  });
});

describe("the lesson's legal list", () => {
  const legal = [
    { type: "look", col: 4 },
    { type: "move", a: 5, b: 6, swap: true },
    { type: "move", a: 5, b: 6, swap: false },
    { type: "move", a: 3, b: 4, swap: false },
    { type: "take", col: 7, call: "vote" },
  ];

  test("is only the expected action where the lesson waits for one", () => {
    assert.deepEqual(lessonLegal(legal, 0), [{ type: "move", a: 5, b: 6, swap: true }]);
    assert.deepEqual(lessonLegal(legal, 1), [{ type: "look", col: 4 }]);
    assert.deepEqual(lessonLegal(legal, 10), [{ type: "take", col: 7, call: "vote" }]);
  });

  test("is the engine's whole list elsewhere, or when the game left the script", () => {
    assert.equal(lessonLegal(legal, 2), legal);
    assert.equal(lessonLegal(legal, 11), legal); // hitman 2 is not in this list
    assert.equal(lessonLegal(null, 0), null);
  });

  test("matches a move whichever way its columns are named", () => {
    assert.ok(matches({ type: "move", a: 6, b: 5, swap: true }, { type: "move", a: 5, b: 6, swap: true }));
    assert.ok(!matches({ type: "move", a: 6, b: 5, swap: false }, { type: "move", a: 5, b: 6, swap: true }));
    assert.ok(!matches({ type: "take", col: 7, call: "bogus" }, { type: "take", col: 7, call: "vote" }));
  });
});

describe("the guided game", () => {
  const players = [{ kind: "human" }, { kind: "bot", bot: "tutorial" }];
  test("is recognised by its opponent, from the learner's seat only", () => {
    assert.ok(isTutorial({ seat: 0, players }));
    assert.ok(!isTutorial({ seat: null, players }));
    assert.ok(!isTutorial({ seat: 0, players: [players[0], { kind: "bot", bot: "random" }] }));
    assert.ok(!isTutorial({ seat: 0, players: [] }));
  });
});
