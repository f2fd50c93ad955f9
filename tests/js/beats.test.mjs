// The beats of the animation (beats.js): how the events of a message are cut into beats
// shown one after another, and what each beat shows, on the captured friend game.

import assert from "node:assert/strict";
import { describe, test } from "node:test";

import { MOVE_MS, REVEAL_MS, planBeat, splitBeats } from "../../src/outlaws/web/game/beats.js";
import { friendGame, messagesOf } from "./support.mjs";

/** Event types of each beat. */
const shape = (beats) => beats.map((beat) => beat.events.map((event) => event.type));

/** The events of a seat's `events` messages, in order. */
function eventsOf(seat) {
  return messagesOf(friendGame(), seat, "events").map((message) => message.events);
}

/** Cards 100 px apart, column 1 at the left. */
const cardX = (seat, col) => col * 100;

describe("cutting the events into beats", () => {
  test("Ann's swap is a beat of its own", () => {
    const [moved] = eventsOf(0);
    assert.deepEqual(shape(splitBeats(moved)), [["move"]]);
  });

  test("a look and the reveal of the looker's card are one beat, the next turn another", () => {
    const [, looked] = eventsOf(0);
    assert.deepEqual(shape(splitBeats(looked)), [["look", "reveal"], ["turn"]]);
  });

  test("a take joins the reveal of the taker's card, logged before it", () => {
    const [, , took] = eventsOf(0);
    assert.deepEqual(shape(splitBeats(took)), [["reveal", "take"]]);
  });

  test("the Hitman's shot, both reveals and the prompt to Bob are one beat", () => {
    const shot = eventsOf(1).find((events) => events[0].type === "hitman");
    assert.deepEqual(shape(splitBeats(shot)), [["hitman", "reveal", "reveal", "prompt"]]);
  });

  test("Bob's pass and Ann's win are one beat", () => {
    const end = eventsOf(1).at(-1);
    assert.deepEqual(shape(splitBeats(end)), [["pass", "win"]]);
  });

  test("a page that comes back after a while sees each action in its own beat", () => {
    const all = eventsOf(1).flat();
    assert.deepEqual(shape(splitBeats(all)), [
      ["move"],
      ["look", "reveal"],
      ["turn"],
      ["reveal", "take"],
      ["look", "reveal"],
      ["turn"],
      ["hitman", "reveal", "reveal", "prompt"],
      ["pass", "win"],
    ]);
  });

  test("a reveal not followed by a take stays in the beat of its action", () => {
    const events = [
      { turn: 4, type: "sheriff", seat: 0, col: 3, call: "bandit", target: 2, mayor: false },
      { turn: 4, type: "reveal", seat: 0, col: 3, card: "sheriff" },
      { turn: 4, type: "reveal", seat: 1, col: 2, card: "bandit" },
      { turn: 4, type: "immobilized", seat: 1, col: 2 },
    ];
    assert.deepEqual(shape(splitBeats(events)), [["sheriff", "reveal", "reveal", "immobilized"]]);
  });

  test("no events, no beats", () => {
    assert.deepEqual(splitBeats([]), []);
  });
});

describe("what a beat shows", () => {
  test("a reveal turns the card face up for the beat and is read out", () => {
    const [, looked] = eventsOf(0);
    const [beat] = splitBeats(looked);
    const plan = planBeat(beat, cardX);
    assert.deepEqual([...plan.flash], [["0-1", "storekeep"]]);
    assert.deepEqual(plan.said.map((e) => e.type), ["reveal"]);
    assert.equal(plan.duration, REVEAL_MS);
  });

  test("a take that missed shows the token left in its slot", () => {
    const [, , took] = eventsOf(0);
    const plan = planBeat(splitBeats(took)[0], cardX);
    assert.deepEqual([...plan.slotFlash], [[1, "bullet"]]);
    assert.deepEqual([...plan.flash], [["1-1", "indian"]]);
    assert.deepEqual(plan.said.map((e) => e.type), ["reveal", "take"]);
  });

  test("a take that succeeded pulses the slot instead", () => {
    const beat = { events: [{ turn: 5, type: "take", seat: 0, col: 4, call: "vote", token: "vote", taken: true }] };
    const plan = planBeat(beat, cardX);
    assert.deepEqual([...plan.fx], [["slot:4", { cls: "fx-pulse" }]]);
    assert.equal(plan.slotFlash.size, 0);
  });

  test("a swap slides both cards halfway, the same whether it was real or only pretended", () => {
    const [annSees] = splitBeats(eventsOf(0)[0]);
    const [bobSees] = splitBeats(eventsOf(1)[0]);
    const expected = [
      ["card:0-1", { cls: "fx-swap", dx: 50 }],
      ["card:0-2", { cls: "fx-swap", dx: -50 }],
    ];
    assert.deepEqual([...planBeat(annSees, cardX).fx], expected);
    assert.deepEqual([...planBeat(bobSees, cardX).fx], expected);
    assert.equal(planBeat(bobSees, cardX).duration, MOVE_MS);
    assert.deepEqual(planBeat(bobSees, cardX).said, [], "the log says it; nothing is read out");
  });

  test("a Saloon exchange slides the two cards and pulses the Saloon", () => {
    const beat = { events: [{ turn: 2, type: "saloon", seat: 1, card: "mayor", a: 3, b: 7, to_saloon: "hitman" }] };
    assert.deepEqual([...planBeat(beat, cardX).fx.keys()], ["card:1-3", "card:1-7", "saloon:1-0", "saloon:1-1"]);
  });

  test("the Dancer pulls an opponent's card to her column; those between shift toward where it was", () => {
    const beat = { events: [{ turn: 3, type: "dancer", seat: 0, col: 2, from: 5 }] };
    assert.deepEqual([...planBeat(beat, cardX).fx], [
      ["card:1-2", { cls: "fx-slide", dx: 300 }],
      ["card:1-3", { cls: "fx-slide", dx: -100 }],
      ["card:1-4", { cls: "fx-slide", dx: -100 }],
      ["card:1-5", { cls: "fx-slide", dx: -100 }],
    ]);
  });

  test("a new turn alone shows nothing and takes no time", () => {
    const plan = planBeat({ events: [{ turn: 2, type: "turn", seat: 1 }] }, cardX);
    assert.equal(plan.duration, 0);
    assert.deepEqual(plan.said, []);
  });

  test("at the end the win is read out, not the pass before it", () => {
    const end = splitBeats(eventsOf(0).at(-1));
    const plan = planBeat(end[0], cardX);
    assert.deepEqual(plan.said.map((e) => e.type), ["win"]);
    assert.equal(plan.duration, MOVE_MS);
  });
});
