// The action panel (panel.js): what it asks for in each state of the page, and which
// things on the board may be clicked, on the captured friend game.

import assert from "node:assert/strict";
import { before, describe, test } from "node:test";

import { Chooser } from "../../src/outlaws/web/game/actions.js";
import { initialState, reduce, sending } from "../../src/outlaws/web/game/gamestate.js";
import { boardChoice, boardPicks, chooserContext, matchesTarget, panelStage } from "../../src/outlaws/web/game/panel.js";
import { friendGame, inEnglish, templates } from "./support.mjs";

before(inEnglish);

/** The page state after the first `count` messages of a seat, and a chooser on it. */
function pageAfter(seat, count) {
  const messages = friendGame()[`seat${seat}`].slice(0, count);
  const state = messages.reduce((s, message) => reduce(s, message, { templates }), initialState());
  return { state, chooser: new Chooser(state.legal, chooserContext(() => state)) };
}

/** Every thing on the board a page may click: [kind, seat, x]. */
function clickable({ selectable }) {
  const out = [];
  for (const seat of [0, 1]) {
    for (let col = 1; col <= 8; col += 1) if (selectable("card", seat, col)) out.push(`card ${seat}-${col}`);
    for (const card of ["mayor", "sheriff", "dancer"]) if (selectable("saloon", seat, card)) out.push(`saloon ${seat}-${card}`);
  }
  for (let col = 1; col <= 8; col += 1) if (selectable("slot", null, col)) out.push(`slot ${col}`);
  return out;
}

describe("what the panel asks for", () => {
  test("a hello for seat 0 on her turn asks her to pick a card", () => {
    const { state, chooser } = pageAfter(0, 1);
    assert.equal(panelStage(state, chooser), "anchor");
    chooser.pick("col:3");
    assert.equal(panelStage(state, chooser), "type");
    chooser.chooseType("move");
    assert.equal(panelStage(state, chooser), "step");
  });

  test("a hello for seat 1 while seat 0 acts tells him to wait", () => {
    const { state, chooser } = pageAfter(1, 1);
    assert.equal(panelStage(state, chooser), "wait");
  });

  test("once an action is sent the panel says so until it is stored", () => {
    const { state, chooser } = pageAfter(0, 1);
    assert.equal(panelStage(sending(state), chooser), "sending");
  });

  test("asked to react, Bob answers in the prompt, not in the panel", () => {
    const game = friendGame();
    const shot = game.seat1.findIndex((m) => m.type === "events" && m.view.pending === "intercept");
    const { state, chooser } = pageAfter(1, shot + 1);
    assert.equal(panelStage(state, chooser), "react");
    assert.deepEqual(chooser.reactions(), [{ type: "pass" }]);
  });

  test("a spectator, a game waiting for the friend, a finished game", () => {
    const { state, chooser } = pageAfter(0, 1);
    assert.equal(panelStage({ ...state, seat: null }, chooser), "spectator");
    assert.equal(panelStage({ ...state, status: "waiting" }, chooser), "waiting");
    const end = pageAfter(0, friendGame().seat0.length);
    assert.equal(panelStage(end.state, end.chooser), "over");
  });
});

/** The board's marks as sorted lists: what is picked, and the pair to be exchanged. */
function marks(chooser) {
  const { picked, swapping } = boardPicks(chooser);
  return { picked: [...picked].sort(), swapping: [...swapping].sort() };
}

describe("what the choice marks on the board", () => {
  test("R5.1: a Move marks its first card, then both, as the pair to swap or not", () => {
    const { state, chooser } = pageAfter(0, 1);
    chooser.pick("col:3");
    assert.deepEqual(marks(chooser), { picked: ["card:0-3"], swapping: [] });
    chooser.chooseType("move");
    assert.deepEqual(marks(chooser), { picked: ["card:0-3"], swapping: [] });
    chooser.choose("5");
    assert.equal(chooser.current().step.id, "swap");
    assert.deepEqual(marks(chooser), { picked: ["card:0-3", "card:0-5"], swapping: ["card:0-3", "card:0-5"] });
    const choice = boardChoice(state, chooser);
    assert.equal(choice.selected, "card:0-3");
    assert.ok(choice.picked.has("card:0-5"));
    chooser.back();
    assert.deepEqual(marks(chooser), { picked: ["card:0-3"], swapping: [] });
  });

  test("R5.2: a Saloon exchange from a column marks the Saloon card, then the second column", () => {
    const { chooser } = pageAfter(0, 1);
    chooser.pick("col:2");
    chooser.chooseType("saloon");
    chooser.choose("sheriff");
    assert.deepEqual(marks(chooser), { picked: ["card:0-2", "saloon:0-sheriff"], swapping: [] });
    chooser.choose("6");
    assert.deepEqual(marks(chooser), {
      picked: ["card:0-2", "card:0-6", "saloon:0-sheriff"],
      swapping: ["card:0-2", "card:0-6"],
    });
  });

  test("R5.2: a Saloon exchange from the Saloon card marks each column as it is chosen", () => {
    const { chooser } = pageAfter(0, 1);
    chooser.pick("saloon:mayor");
    chooser.chooseType("saloon");
    chooser.choose("2");
    assert.deepEqual(marks(chooser), { picked: ["card:0-2", "saloon:0-mayor"], swapping: [] });
    chooser.choose("7");
    assert.deepEqual(marks(chooser), {
      picked: ["card:0-2", "card:0-7", "saloon:0-mayor"],
      swapping: ["card:0-2", "card:0-7"],
    });
  });

  test("nothing is marked before a card is picked, nor on the other seat's turn", () => {
    const ann = pageAfter(0, 1);
    assert.deepEqual(marks(ann.chooser), { picked: [], swapping: [] });
    const bob = pageAfter(1, 1);
    const choice = boardChoice(bob.state, bob.chooser);
    assert.equal(choice.picked.size + choice.swapping.size, 0);
  });
});

describe("what may be clicked on the board", () => {
  test("on her turn Ann may click her own cards and Saloon cards, nothing of Bob's", () => {
    const { state, chooser } = pageAfter(0, 1);
    const choice = boardChoice(state, chooser);
    assert.deepEqual(clickable(choice), [
      "card 0-1", "card 0-2", "card 0-3", "card 0-4", "card 0-5", "card 0-6", "card 0-7", "card 0-8",
      "saloon 0-mayor", "saloon 0-sheriff",
    ]);
    assert.equal(choice.selected, null);
  });

  test("her Hitman picked and a move chosen, the other columns are the targets", () => {
    const { state, chooser } = pageAfter(0, 1);
    chooser.pick("col:3");
    chooser.chooseType("move");
    const choice = boardChoice(state, chooser);
    assert.equal(choice.selected, "card:0-3");
    assert.deepEqual(clickable(choice), ["card 0-1", "card 0-2", "card 0-4", "card 0-5", "card 0-6", "card 0-7", "card 0-8"]);
  });

  test("the Dancer's pull targets Bob's cards she can reach", () => {
    const { state, chooser } = pageAfter(0, 1);
    chooser.pick("col:4");
    chooser.chooseType("dancer");
    assert.deepEqual(clickable(boardChoice(state, chooser)), ["card 1-2", "card 1-3", "card 1-5", "card 1-6"]);
  });

  test("a Saloon card picked is the one selected", () => {
    const { state, chooser } = pageAfter(0, 1);
    chooser.pick("saloon:sheriff");
    assert.equal(boardChoice(state, chooser).selected, "saloon:0-sheriff");
  });

  test("nothing may be clicked while an action is on its way, nor on the other seat's turn", () => {
    const ann = pageAfter(0, 1);
    assert.deepEqual(clickable(boardChoice(sending(ann.state), ann.chooser)), []);
    const bob = pageAfter(1, 1);
    assert.deepEqual(clickable(boardChoice(bob.state, bob.chooser)), []);
  });

  test("a step's option stands for the card, Saloon card or slot it names", () => {
    assert.equal(matchesTarget({ kind: "card", seat: 1, col: 3 }, "card", 1, 3), true);
    assert.equal(matchesTarget({ kind: "card", seat: 1, col: 3 }, "card", 0, 3), false);
    assert.equal(matchesTarget({ kind: "saloon", seat: 0, card: "mayor" }, "saloon", 0, "mayor"), true);
    assert.equal(matchesTarget({ kind: "slot", col: 5 }, "slot", null, 5), true);
    assert.equal(matchesTarget({ kind: "slot", col: 5 }, "card", 0, 5), false);
    assert.equal(matchesTarget(null, "card", 0, 1), false);
  });
});

test("the chooser reads the table from the page state as it is when it asks", () => {
  let state = pageAfter(0, 1).state;
  const ctx = chooserContext(() => state);
  assert.equal(ctx.seat, 0);
  assert.equal(ctx.ownCard(3), "hitman");
  assert.equal(ctx.oppCard(1), null, "face down");
  assert.equal(ctx.slotToken(1), null, "face down");
  state = pageAfter(0, 8).state; // turn 3: Ann swapped columns 1 and 2, Bob missed a Bullet
  assert.equal(ctx.ownCard(1), "storekeep");
  assert.equal(ctx.slotToken(1), "bullet", "a token that was not taken stays known");
});
