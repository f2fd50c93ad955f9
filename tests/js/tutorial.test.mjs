// The guided game's lesson (tutorial.js): its steps, which one is current as the game
// goes on (every one shown, each explanation until it is read), the legal list narrowed
// to the lesson's action with the Move's answer it shuts; and that its actions are the
// learner's script of the server's fixed game (bots/tutorial.py).

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { describe, test } from "node:test";

import {
  choiceLocked,
  currentStep,
  isTutorial,
  lessonLegal,
  matches,
  parseRead,
  placeTestId,
  readAfterNext,
  readKey,
  shows,
  STEPS,
  stepDone,
} from "../../src/outlaws/web/learn/tutorial.js";

const ROOT = new URL("../../", import.meta.url);
const catalogue = (lang) => JSON.parse(readFileSync(new URL(`src/outlaws/web/i18n/${lang}.json`, ROOT), "utf-8"));
const english = catalogue("en");

/** The learner's script of bots/tutorial.py: {actions before it: notation}. */
function learnerScript() {
  const text = readFileSync(new URL("src/outlaws/bots/tutorial.py", ROOT), "utf-8");
  const block = text.split("LEARNER_SCRIPT: dict[int, str] = {")[1].split("}")[0];
  return Object.fromEntries([...block.matchAll(/(\d+): "([^"]+)"/g)].map((m) => [Number(m[1]), m[2]]));
}

/** docs/notation.md's text of a docs/format.md action (the types the lesson uses). */
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

  test("name the table's buttons as the table labels them, in every language", () => {
    const buttons = {
      swap: ["act.move", "choice.swap", "choice.pretend"],
      pretend: ["act.move", "choice.pretend"],
      look: ["act.look"],
      lookVote: ["act.look"],
      intercept: ["react.intercept"],
      take: ["act.take"],
      hitman: ["act.hitman"],
      election: ["act.take"],
    };
    for (const lang of ["en", "pt", "it", "ja"]) {
      const words = catalogue(lang);
      for (const [id, keys] of Object.entries(buttons)) {
        const text = words[STEPS[at(id)].key];
        for (const key of keys) assert.ok(text.includes(words[key]), `${lang}: ${id} names "${words[key]}"`);
      }
    }
  });

  test("point at places of the board", () => {
    for (const step of STEPS) {
      for (const place of step.highlight) assert.match(placeTestId(place), /^(card-[01]-[1-8]|slot-[1-8]|stash-[01]|street-[01]|slots)$/);
    }
  });
});

describe("the current step", () => {
  /** The steps shown, in order, as the learner reads each one as soon as it is drawn
   * and the opponent has always answered already (`record`: the lengths the record
   * takes, action by action). */
  function walk(record) {
    const shown = [];
    let read = 0;
    let played = 0;
    for (let guard = 0; guard < 200; guard += 1) {
      const actions = record[played];
      const now = currentStep(actions, read, played === record.length - 1);
      if (shown.at(-1) !== now.index) shown.push(now.index);
      if (now.step.final) return shown;
      if (now.waiting) throw new Error(`the opponent never played up to ${now.step.id}`);
      if (now.step.expect) played += 1;
      else read = readAfterNext(read, now.index);
    }
    throw new Error("the lesson never ended");
  }

  test("walks through the introduction with Next, then waits for the first action", () => {
    assert.equal(currentStep(0, 0).step.id, "welcome");
    assert.equal(currentStep(0, 1).step.id, "goal");
    assert.equal(currentStep(0, 3).step.id, "swap");
    assert.equal(currentStep(0, 3).waiting, false);
  });

  test("shows every step in order, though the opponent always answers at once", () => {
    // The record as the learner sees it grow: each learner action, with the bot's
    // answers already in (the record jumps 1 → 2 → 4, 4 → 5 → 7, …).
    const learner = STEPS.filter((step) => step.expect).map((step) => step.after);
    const record = [...learner, STEPS.at(-1).after];
    assert.deepEqual(record, [0, 1, 4, 5, 7, 10, 11, 14, 15]);
    assert.deepEqual(walk(record), STEPS.map((_, index) => index));
  });

  test("keeps an explanation on screen until it is read, however far the opponent played", () => {
    // The Look shows the Election token (2 actions); the bot's two moves follow at once.
    assert.equal(currentStep(4, at("look") + 1).step.id, "looked");
    assert.equal(currentStep(4, at("looked") + 1).step.id, "theirMoves");
    // The Vote seen, the bot's Hitman already shot: the Vote is explained first.
    assert.equal(currentStep(7, at("lookVote") + 1).step.id, "lookedVote");
    assert.equal(currentStep(7, at("lookedVote") + 1).step.id, "intercept");
    // The miss stays while the bot looks and moves on.
    assert.equal(currentStep(14, at("hitman") + 1).step.id, "missed");
    assert.equal(currentStep(14, at("missed") + 1).step.id, "election");
  });

  test("waits, once read, for the opponent to play up to the next step", () => {
    const now = currentStep(3, at("looked") + 1);
    assert.deepEqual([now.step.id, now.waiting], ["theirMoves", true]);
    const cancelled = currentStep(8, at("intercept") + 1);
    assert.deepEqual([cancelled.step.id, cancelled.waiting], ["cancelled", true]);
    assert.equal(currentStep(9, at("intercept") + 1).waiting, false);
  });

  test("resumes after a reload without the count read: at the first explanation after the last action", () => {
    assert.equal(currentStep(1, 0).step.id, "swapped");
    assert.equal(currentStep(4, 0).step.id, "looked");
    assert.equal(currentStep(7, 0).step.id, "lookedVote");
    assert.equal(currentStep(14, 0).step.id, "missed");
  });

  test("never goes back when an old box's Next is clicked late", () => {
    assert.equal(readAfterNext(7, 2), 7);
    assert.equal(readAfterNext(7, 7), 8);
  });

  test("is the end once the game is over", () => {
    assert.equal(currentStep(15, 0).step.id, "end");
    assert.equal(currentStep(9, 0, true).step.id, "end");
    assert.equal(stepDone(STEPS, STEPS.length - 1, 99, 99), false);
  });
});

describe("the count of steps read, kept in this browser", () => {
  test("is kept per game", () => {
    assert.notEqual(readKey("g1"), readKey("g2"));
  });

  test("reads back what was kept, and 0 for nothing or nonsense", () => {
    assert.equal(parseRead("7"), 7);
    assert.equal(parseRead(null), 0);
    assert.equal(parseRead("seven"), 0);
    assert.equal(parseRead("-1"), 0);
    assert.equal(parseRead(String(STEPS.length + 1)), 0);
  });
});

describe("the lesson's legal list", () => {
  const legal = [
    { type: "look", col: 4 },
    { type: "move", a: 5, b: 6, swap: true },
    { type: "move", a: 5, b: 6, swap: false },
    { type: "move", a: 3, b: 4, swap: true },
    { type: "move", a: 3, b: 4, swap: false },
    { type: "take", col: 7, call: "vote" },
  ];
  const intro = at("swap"); // the introduction read

  test("is only the expected action where the lesson waits for one", () => {
    assert.deepEqual(lessonLegal(legal, 1, at("swapped") + 1), [{ type: "look", col: 4 }]);
    assert.deepEqual(lessonLegal(legal, 10, at("cancelled") + 1), [{ type: "take", col: 7, call: "vote" }]);
  });

  test("shows a Move with both its answers, swap for real and only pretend", () => {
    assert.deepEqual(lessonLegal(legal, 0, intro), [
      { type: "move", a: 5, b: 6, swap: true },
      { type: "move", a: 5, b: 6, swap: false },
    ]);
    assert.deepEqual(lessonLegal(legal, 4, at("theirMoves") + 1), [
      { type: "move", a: 3, b: 4, swap: true },
      { type: "move", a: 3, b: 4, swap: false },
    ]);
  });

  test("is empty while an explanation is unread, even when the learner could act", () => {
    assert.deepEqual(lessonLegal(legal, 0, 0), []);
    assert.deepEqual(lessonLegal(legal, 1, 0), []); // the swap not yet explained
    assert.deepEqual(lessonLegal(legal, 4, at("looked") + 1), []); // their moves unread
  });

  test("is the engine's whole list when the game left the script", () => {
    assert.equal(lessonLegal(legal, 11, at("taken") + 1), legal); // hitman 2 is not in this list
    assert.equal(lessonLegal(legal, 2, at("looked") + 1), legal); // no step for this position
    assert.equal(lessonLegal(null, 0), null);
  });

  test("matches a move whichever way its columns are named", () => {
    assert.ok(matches({ type: "move", a: 6, b: 5, swap: true }, { type: "move", a: 5, b: 6, swap: true }));
    assert.ok(!matches({ type: "move", a: 6, b: 5, swap: false }, { type: "move", a: 5, b: 6, swap: true }));
    assert.ok(!matches({ type: "take", col: 7, call: "bogus" }, { type: "take", col: 7, call: "vote" }));
    assert.ok(shows({ type: "move", a: 6, b: 5, swap: false }, { type: "move", a: 5, b: 6, swap: true }));
    assert.ok(!shows({ type: "move", a: 4, b: 5, swap: true }, { type: "move", a: 5, b: 6, swap: true }));
  });
});

describe("the Move's answer the lesson shuts", () => {
  const real = STEPS[at("swap")].expect;
  const bluff = STEPS[at("pretend")].expect;

  test("is the other answer than the lesson's, swap for real then only pretend", () => {
    assert.deepEqual([choiceLocked(real, "swap", "swap"), choiceLocked(real, "swap", "pretend")], [false, true]);
    assert.deepEqual([choiceLocked(bluff, "swap", "swap"), choiceLocked(bluff, "swap", "pretend")], [true, false]);
  });

  test("is none in another step or action", () => {
    assert.equal(choiceLocked(real, "other", "5"), false);
    assert.equal(choiceLocked({ type: "take", col: 7, call: "vote" }, "call", "bogus"), false);
    assert.equal(choiceLocked(undefined, "swap", "swap"), false);
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
