// Choosing an action (actions.js): the server's legal list (read from its mask,
// actionspace.js) filtered one choice at a time, on Ann's first decision of the captured
// friend game.
// Her street: Indian, Storekeep, Hitman, Dancer, Governor, Reporter, Bandit, Reverend;
// her Saloon: Mayor, Sheriff.

import assert from "node:assert/strict";
import { before, describe, test } from "node:test";

import { ACTION_TYPES, Chooser, anchorsOf } from "../../src/outlaws/web/game/actions.js";
import { legalActions } from "../../src/outlaws/web/game/actionspace.js";
import { friendGame, inEnglish, messagesOf, templates } from "./support.mjs";

before(inEnglish);

function annAtTheDeal() {
  const hello = messagesOf(friendGame(), 0, "hello")[0];
  const view = hello.view;
  const ctx = {
    seat: 0,
    ownCard: (col) => view.seats[0].street[col - 1],
    oppCard: (col) => view.seats[1].street[col - 1],
    slotToken: (col) => view.slots[col - 1],
  };
  const legal = legalActions(hello.legal, templates, view);
  return { legal, chooser: new Chooser(legal, ctx) };
}

/** The legal actions of a message of the captured game. */
const legalOf = (message) => legalActions(message.legal, templates, message.view);

describe("where an action starts", () => {
  test("a move starts from both its columns, a Saloon exchange also from the Saloon card", () => {
    assert.deepEqual(anchorsOf({ type: "move", a: 2, b: 5, swap: true }), ["col:2", "col:5"]);
    assert.deepEqual(
      anchorsOf({ type: "saloon", card: "mayor", a: 1, b: 4, to_saloon: "mayor", at_a: "indian" }),
      ["saloon:mayor", "col:1", "col:4"],
    );
    assert.deepEqual(anchorsOf({ type: "pass" }), []);
  });
});

describe("Ann chooses her first action", () => {
  test("every card of her street and of her Saloon can start an action", () => {
    const { chooser } = annAtTheDeal();
    assert.deepEqual(
      [...chooser.anchors()].sort(),
      ["col:1", "col:2", "col:3", "col:4", "col:5", "col:6", "col:7", "col:8", "saloon:mayor", "saloon:sheriff"],
    );
    assert.deepEqual(chooser.current(), { stage: "anchor" });
  });

  test("her Hitman offers the common actions first, then his own ability", () => {
    const { chooser } = annAtTheDeal();
    assert.equal(chooser.pick("col:3"), true);
    assert.deepEqual(chooser.types(), [
      { type: "look", count: 1 },
      { type: "take", count: 2 },
      { type: "move", count: 14 },
      { type: "saloon", count: 80 },
      { type: "hitman", count: 1 },
    ]);
    assert.deepEqual(chooser.current().types.map((entry) => entry.type), chooser.types().map((e) => e.type));
  });

  test("the Governor has no ability and cannot be taken from: look, move, Saloon", () => {
    const { chooser } = annAtTheDeal();
    chooser.pick("col:5");
    assert.deepEqual(chooser.types().map((entry) => entry.type), ["look", "move", "saloon"]);
  });

  test("the action types come in the panel's fixed order", () => {
    const { chooser } = annAtTheDeal();
    chooser.pick("col:6");
    const offered = chooser.types().map((entry) => entry.type);
    assert.deepEqual(offered, ACTION_TYPES.filter((type) => offered.includes(type)));
  });

  test("the Hitman's shot is a single action: choosing it ends the choice", () => {
    const { chooser } = annAtTheDeal();
    chooser.pick("col:3");
    assert.equal(chooser.chooseType("hitman"), true);
    assert.deepEqual(chooser.current(), { stage: "done", action: { type: "hitman", col: 3 } });
  });

  test("a move asks for the other column, then swap or pretend", () => {
    const { chooser, legal } = annAtTheDeal();
    chooser.pick("col:3");
    chooser.chooseType("move");
    const other = chooser.current();
    assert.equal(other.stage, "step");
    assert.equal(other.step.id, "other");
    assert.equal(other.prompt, "With which other column?");
    assert.deepEqual(other.options.map((o) => o.value), ["1", "2", "4", "5", "6", "7", "8"]);
    assert.equal(other.options[3].label, "Column 5 (Governor)");
    assert.deepEqual(other.options[3].target, { kind: "card", seat: 0, col: 5 });
    assert.equal(chooser.choose("5"), null);
    const swap = chooser.current();
    assert.equal(swap.step.id, "swap");
    assert.deepEqual(swap.options.map((o) => [o.value, o.label]), [["swap", "Swap for real"], ["pretend", "Only pretend"]]);
    chooser.choose("swap");
    const done = chooser.current();
    assert.deepEqual(done, { stage: "done", action: { type: "move", a: 3, b: 5, swap: true } });
    assert.ok(legal.some((a) => JSON.stringify(a) === JSON.stringify(done.action)));
  });

  test("the Reporter's call is asked; the target and the Mayor, with one option each, are not", () => {
    const { chooser } = annAtTheDeal();
    chooser.pick("col:6");
    chooser.chooseType("reporter");
    const call = chooser.current();
    assert.equal(call.prompt, "Call out a character (never the Governor).");
    assert.equal(call.options.length, 9);
    assert.deepEqual(call.options[0], { value: "hitman", label: "Hitman", target: null, icon: "hitman" });
    chooser.choose("hitman");
    assert.deepEqual(chooser.current().action, { type: "reporter", col: 6, call: "hitman", target: 6, mayor: false });
  });

  test("the Dancer's pull offers the opponent's columns she can reach, on his row", () => {
    const { chooser } = annAtTheDeal();
    chooser.pick("col:4");
    chooser.chooseType("dancer");
    const from = chooser.current();
    assert.equal(from.step.id, "from");
    assert.deepEqual(from.options.map((o) => o.label), ["Column 2", "Column 3", "Column 5", "Column 6"]);
    assert.deepEqual(from.options[0].target, { kind: "card", seat: 1, col: 2 });
  });

  test("from her Saloon's Sheriff: two columns, then what goes in (never the Governor)", () => {
    const { chooser } = annAtTheDeal();
    chooser.pick("saloon:sheriff");
    assert.deepEqual(chooser.types(), [{ type: "saloon", count: 154 }]);
    chooser.chooseType("saloon");
    assert.equal(chooser.current().prompt, "Which two columns? Choose the first.");
    chooser.choose("2");
    assert.deepEqual(chooser.current().options.map((o) => o.value), ["1", "3", "4", "5", "6", "7", "8"]);
    chooser.choose("5");
    const into = chooser.current();
    assert.equal(into.step.id, "to_saloon");
    assert.deepEqual(into.options.map((o) => o.label), ["Sheriff goes in", "Storekeep goes in"]);
    assert.equal(chooser.choose("governor"), null, "not an option: nothing happens");
    assert.equal(chooser.current().step.id, "to_saloon");
    chooser.choose("storekeep");
    const atA = chooser.current();
    assert.equal(atA.step.id, "at_a");
    assert.deepEqual(atA.options.map((o) => o.label), [
      "Sheriff at column 2, Governor at column 5",
      "Governor at column 2, Sheriff at column 5",
    ]);
    chooser.choose(atA.options[0].value);
    assert.deepEqual(chooser.current().action, {
      type: "saloon", card: "sheriff", a: 2, b: 5, to_saloon: "storekeep", at_a: "sheriff",
    });
  });

  test("Cancel steps back: the last choice, then the type, then the card", () => {
    const { chooser } = annAtTheDeal();
    chooser.pick("col:3");
    chooser.chooseType("move");
    chooser.choose("5");
    assert.equal(chooser.current().step.id, "swap");
    chooser.back();
    assert.equal(chooser.current().step.id, "other");
    chooser.back();
    assert.equal(chooser.current().stage, "type");
    chooser.back();
    assert.deepEqual(chooser.current(), { stage: "anchor" });
    assert.equal(chooser.remaining().length, 403);
  });

  test("a card that starts nothing cannot be picked", () => {
    const { chooser } = annAtTheDeal();
    assert.equal(chooser.pick("col:9"), false);
    assert.equal(chooser.pick("saloon:governor"), false);
    assert.equal(chooser.anchor, null);
  });
});

describe("Bob is asked to react", () => {
  test("shot at his Governor with no Sheriff beside it, he can only pass", () => {
    const events = messagesOf(friendGame(), 1, "events");
    const shot = events.find((m) => m.view.pending === "intercept");
    const chooser = new Chooser(legalOf(shot), { seat: 1 });
    assert.deepEqual(chooser.reactions(), [{ type: "pass" }]);
    assert.deepEqual([...chooser.anchors()], []);
  });

  test("while Ann acts he has nothing to choose", () => {
    const hello = messagesOf(friendGame(), 1, "hello")[0];
    const chooser = new Chooser(legalOf(hello), { seat: 1 });
    assert.equal(hello.legal, null);
    assert.equal(chooser.anchors().size, 0);
    assert.equal(chooser.pick("col:1"), false);
  });
});
