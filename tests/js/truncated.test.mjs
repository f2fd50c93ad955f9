// A long game's log, cut by the server (docs/protocol.md: a `hello` carries at most the
// last events, `truncated`, its `since` moved forward): the page keeps what it was sent,
// knows where it starts, and asks again from the right index.

import assert from "node:assert/strict";
import { describe, test } from "node:test";

import { heldEvents, initialState, reduce } from "../../src/outlaws/web/game/gamestate.js";

/** Events `from`..`to - 1` of a made-up log: one `turn` event each, numbered by turn. */
function events(from, to) {
  return Array.from({ length: to - from }, (_, i) => ({ turn: from + i + 1, type: "turn", seat: (from + i) % 2 }));
}

const VIEW = { status: "playing", to_act: 1, turn: 900, pending: null };
const COMMON = { game: "G", seat: 0, players: [], actions: 1500, status: "playing", result: null, clock: null, legal: null, phase: "play", placement: null };

function hello(since, total, extra = {}) {
  return { type: "hello", ...COMMON, kind: "friend", view: { ...VIEW, log: events(since, total) }, since, ...extra };
}

function update(since, total) {
  return { type: "events", ...COMMON, view: VIEW, events: events(since, total), since };
}

describe("a truncated hello", () => {
  test("the page holds the events it was sent, from `since` on, and counts from there", () => {
    const state = reduce(initialState(), hello(2500, 3000, { truncated: true }));
    assert.equal(state.logStart, 2500);
    assert.equal(state.events.length, 500);
    assert.equal(state.events[0].turn, 2501);
    assert.equal(heldEvents(state), 3000);
    assert.deepEqual(state.effects.fresh, []);
  });

  test("later events follow on, and a gap is asked for from the whole log's index", () => {
    let state = reduce(initialState(), hello(2500, 3000, { truncated: true }));
    state = reduce(state, update(3000, 3002));
    assert.equal(state.logStart, 2500);
    assert.equal(heldEvents(state), 3002);
    assert.deepEqual(state.effects.fresh.map((e) => e.turn), [3001, 3002]);
    const gap = reduce(state, update(3010, 3011));
    assert.equal(gap.effects.sync, 3002);
    assert.equal(heldEvents(gap), 3002);
  });

  test("a page that held the start of the log and fell far behind replaces it, without replaying it", () => {
    let state = reduce(initialState(), hello(0, 10));
    assert.equal(state.logStart, 0);
    state = reduce(state, hello(2500, 3000, { truncated: true }));
    assert.equal(state.logStart, 2500);
    assert.equal(state.events.length, 500);
    assert.deepEqual(state.effects.fresh, []);
  });

  test("a reconnection's hello from what the page holds appends to the cut log", () => {
    let state = reduce(initialState(), hello(2500, 3000, { truncated: true }));
    state = reduce(state, hello(3000, 3004));
    assert.equal(state.logStart, 2500);
    assert.equal(state.events.length, 504);
    assert.deepEqual(state.effects.fresh.map((e) => e.turn), [3001, 3002, 3003, 3004]);
  });

  test("an uncut game is as before: the whole log from 0", () => {
    let state = reduce(initialState(), hello(0, 4));
    state = reduce(state, hello(2, 6));
    assert.equal(state.logStart, 0);
    assert.deepEqual(state.events.map((e) => e.turn), [1, 2, 3, 4, 5, 6]);
    assert.deepEqual(state.effects.fresh.map((e) => e.turn), [5, 6]);
  });
});
