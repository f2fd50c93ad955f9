// The page state (gamestate.js), reduced from the messages Ann's and Bob's sockets got in
// the captured friend game: Ann moves and looks, Bob (reconnecting) takes and looks, Ann's
// Hitman shoots Bob's Governor and Bob passes.

import assert from "node:assert/strict";
import { describe, test } from "node:test";

import {
  initialState, isSeat, myTurn, outcome, reduce, sending, tabTitle, turnKey,
} from "../../src/outlaws/web/game/gamestate.js";
import { friendGame, messagesOf, templates } from "./support.mjs";

/** The state after each message in turn. */
function replay(messages, state = initialState()) {
  return messages.reduce((s, message) => reduce(s, message, { receivedAt: 0, templates }), state);
}

/** The state an object graph stands for, frozen so that a reducer that changed it would throw. */
function deepFreeze(value) {
  if (value && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}

describe("before the first message", () => {
  test("the page knows nothing: no view, no seat, nothing to choose", () => {
    const state = initialState();
    assert.equal(state.view, null);
    assert.equal(isSeat(state), false);
    assert.equal(myTurn(state), false);
    assert.equal(turnKey(state), null);
  });
});

describe("hello", () => {
  test("Ann's first hello shows her view at once, with her legal actions to choose from", () => {
    const hello = messagesOf(friendGame(), 0, "hello")[0];
    const state = reduce(initialState(), hello, { templates });
    assert.equal(state.seat, 0);
    assert.equal(state.status, "playing");
    assert.equal(state.kind, "friend");
    assert.deepEqual(state.players.map((p) => p.name), ["Ann", "friend"]);
    assert.deepEqual(state.events, [{ turn: 1, type: "turn", seat: 0 }]);
    assert.equal("log" in state.view, false, "the log is kept apart from the view");
    assert.deepEqual(state.view.seats[0].street.slice(0, 3), ["indian", "storekeep", "hitman"]);
    assert.equal(state.legal.length, 403);
    assert.deepEqual(state.legal[0], { type: "move", a: 1, b: 2, swap: true });
    assert.equal(myTurn(state), true);
    assert.deepEqual(
      { first: state.effects.first, fresh: state.effects.fresh, newChoice: state.effects.newChoice },
      { first: true, fresh: [], newChoice: true },
    );
  });

  test("Bob's first hello, while Ann acts: nothing for him to choose", () => {
    const state = reduce(initialState(), messagesOf(friendGame(), 1, "hello")[0], { templates });
    assert.equal(state.seat, 1);
    assert.equal(state.legal, null);
    assert.equal(myTurn(state), false);
    assert.equal(state.view.to_act, 0);
  });

  test("a hello for seat 1 on his turn puts his legal actions in the panel state and keeps his log", () => {
    const game = friendGame();
    const [first, again] = messagesOf(game, 1, "hello");
    const upToReconnect = game.seat1.slice(0, game.seat1.indexOf(again));
    const held = replay(upToReconnect);
    assert.equal(held.events.length, 5);
    assert.equal(again.since, 5);
    const state = reduce(held, again, { templates });
    assert.equal(first.seat, 1);
    assert.equal(state.events.length, 5, "nothing new: the log he held stays");
    assert.deepEqual(state.events, held.events);
    assert.equal(state.legal.length, 402);
    assert.equal(myTurn(state), true);
    assert.deepEqual(state.effects.fresh, [], "nothing to animate");
    assert.equal(state.effects.first, false);
    assert.equal(state.effects.newChoice, false, "the same position and legal list: the choice goes on");
  });

  test("a hello that starts before the end of the held log replaces the rest with the server's", () => {
    const game = friendGame();
    const ann = replay(game.seat0.slice(0, 2)); // hello and her move: two events
    const hello = messagesOf(game, 0, "hello")[0];
    const state = reduce(ann, { ...hello, since: 1, view: { ...hello.view, log: ann.events.slice(1) } }, { templates });
    assert.deepEqual(state.events, ann.events);
    assert.deepEqual(state.effects.fresh, [], "the events re-sent were already held");
  });
});

describe("events", () => {
  test("each events message appends the events the page lacks and animates them", () => {
    const game = friendGame();
    let state = initialState();
    for (const message of game.seat0) {
      state = reduce(state, message, { templates });
      if (message.type === "events") {
        assert.equal(state.events.length, message.since + message.events.length);
        assert.deepEqual(state.effects.fresh, message.events);
      }
    }
    assert.equal(state.events.length, 16);
    assert.equal(state.actions, 6);
  });

  test("Ann sees her own swap as a swap, Bob sees only that two cards moved", () => {
    const game = friendGame();
    const ann = replay(game.seat0.slice(0, 2));
    const bob = replay(game.seat1.slice(0, 2));
    assert.deepEqual(ann.events.at(-1), { turn: 1, type: "move", seat: 0, a: 1, b: 2, swap: true });
    assert.deepEqual(bob.events.at(-1), { turn: 1, type: "move", seat: 0, a: 1, b: 2 });
  });

  test("a message delivered twice adds nothing", () => {
    const game = friendGame();
    const once = replay(game.seat0.slice(0, 2));
    const twice = reduce(once, game.seat0[1], { templates });
    assert.deepEqual(twice.events, once.events);
    assert.deepEqual(twice.effects.fresh, []);
  });

  test("a gap in the log (a message missed) asks for the events from what is held, and changes nothing", () => {
    const game = friendGame();
    const hello = reduce(initialState(), game.seat0[0], { templates });
    const afterTheLook = game.seat0.find((m) => m.type === "events" && m.since === 2);
    const state = reduce(hello, afterTheLook, { templates });
    assert.equal(state.effects.sync, 1);
    assert.equal(state.view, hello.view);
    assert.equal(state.events, hello.events);
    assert.equal(state.legal, hello.legal);
  });

  test("after Ann's second action the decision is Bob's: her legal list is gone", () => {
    const game = friendGame();
    const message = game.seat0.find((m) => m.type === "events" && m.since === 2);
    const state = replay(game.seat0.slice(0, game.seat0.indexOf(message) + 1));
    assert.equal(state.legal, null);
    assert.equal(state.view.to_act, 1);
    assert.equal(myTurn(state), false);
    assert.equal(state.effects.newChoice, true);
  });

  test("a new position starts the choice again", () => {
    const game = friendGame();
    const hello = reduce(initialState(), game.seat0[0], { templates });
    const moved = reduce(hello, game.seat0[1], { templates });
    assert.equal(moved.position, "1:playing:0");
    assert.equal(moved.effects.newChoice, true);
  });
});

describe("acting", () => {
  test("an action sent makes the page busy until the record moves past it", () => {
    const game = friendGame();
    const hello = reduce(initialState(), game.seat0[0], { templates });
    const sent = sending(hello);
    assert.deepEqual(
      { ref: sent.ref, pendingRef: sent.pendingRef, busy: sent.busy, sentAt: sent.sentAt },
      { ref: 1, pendingRef: 1, busy: true, sentAt: 0 },
    );
    const [moved, accepted] = game.seat0.slice(1, 3);
    assert.equal(accepted.type, "accepted");
    const stored = reduce(sent, moved, { templates });
    assert.equal(stored.busy, false, "the record holds one action more");
    assert.equal(stored.pendingRef, 1);
    const answered = reduce(stored, accepted);
    assert.equal(answered.pendingRef, null);
  });

  test("an acceptance of another ref leaves the action awaited pending", () => {
    const game = friendGame();
    const sent = sending(sending(reduce(initialState(), game.seat0[0], { templates })));
    assert.equal(sent.pendingRef, 2);
    const state = reduce(sent, { type: "accepted", ref: 1, index: 0 });
    assert.equal(state.pendingRef, 2);
  });

  test("a refusal of the action awaited drops the choice and is shown", () => {
    const game = friendGame();
    const refusal = game.seat1.find((m) => m.type === "error");
    assert.equal(refusal.ref, 99);
    const bob = replay(game.seat1.slice(0, game.seat1.indexOf(refusal)));
    const sent = sending({ ...bob, ref: 98 });
    const state = reduce(sent, refusal);
    assert.equal(state.effects.refused, true);
    assert.equal(state.effects.error.code, "not_your_turn");
    assert.equal(state.busy, false);
    assert.equal(state.pendingRef, null);
  });

  test("an error without a ref is shown, and the action awaited stays pending", () => {
    const game = friendGame();
    const malformed = game.seat0.find((m) => m.type === "error");
    assert.equal(malformed.error.code, "bad_action");
    const sent = sending(replay(game.seat0.slice(0, 3)));
    const state = reduce(sent, malformed);
    assert.equal(state.effects.refused, false);
    assert.equal(state.effects.error.field, "action.col");
    assert.equal(state.busy, true);
    assert.equal(state.pendingRef, sent.pendingRef);
  });

  test("a resignation stays busy until the server says it is stored", () => {
    const game = friendGame();
    const resigning = sending(reduce(initialState(), game.seat0[0], { templates }), { resign: true });
    assert.equal(resigning.sentAt, Infinity);
    const still = reduce(resigning, game.seat0[1], { templates });
    assert.equal(still.busy, true, "an action stored is not the resignation");
    const done = reduce(still, { type: "resigned", ref: resigning.ref, result: { winner: 1, how: "resign", loser: 0 } });
    assert.equal(done.busy, false);
  });

  test("messages the page does not know change nothing but clear the last effects", () => {
    const state = reduce(initialState(), messagesOf(friendGame(), 0, "hello")[0], { templates });
    const after = reduce(state, { type: "pong", ref: 3 });
    assert.equal(after.view, state.view);
    assert.equal(after.effects.newChoice, false);
  });
});

describe("the end of the game", () => {
  test("Bob passes, Ann's Hitman has shot the Governor: she won (bad), he lost", () => {
    const game = friendGame();
    const ann = replay(game.seat0);
    const bob = replay(game.seat1);
    assert.equal(ann.status, "over");
    assert.deepEqual(ann.result, { winner: 0, how: "bad" });
    assert.deepEqual(outcome(ann), { winner: 0, loser: 1, how: "bad", verdict: "won" });
    assert.deepEqual(outcome(bob), { winner: 0, loser: 1, how: "bad", verdict: "lost" });
    assert.deepEqual(ann.events.slice(-2).map((e) => e.type), ["pass", "win"]);
    assert.equal(myTurn(ann), false);
  });

  test("a resignation names its loser; a game with no winner is a draw; an unfinished record has no result", () => {
    const over = { ...initialState(), seat: 1, status: "over" };
    assert.deepEqual(outcome({ ...over, result: { winner: 0, how: "resign", loser: 1 } }), {
      winner: 0, loser: 1, how: "resign", verdict: "lost",
    });
    assert.equal(outcome({ ...over, result: { winner: null, how: "limit" } }).verdict, "draw");
    assert.deepEqual(outcome({ ...over, seat: null, result: null }), {
      winner: null, loser: null, how: null, verdict: "draw",
    });
  });
});

describe("the clock and the turn", () => {
  test("the clock's offset is the server's time minus the browser's when the message came", () => {
    const hello = messagesOf(friendGame(), 0, "hello")[0];
    const clock = { bank: 300, per_turn: 30, seat: 0, deadline: 1330, now: 1000 };
    const state = reduce(initialState(), { ...hello, clock }, { receivedAt: 990, templates });
    assert.equal(state.clockOffset, 10);
    assert.equal(reduce(state, messagesOf(friendGame(), 0, "events")[0], { templates }).clockOffset, 10, "no clock: kept");
  });

  test("the turn key changes with the turn, the seat to act and a reaction asked", () => {
    const game = friendGame();
    const keys = [];
    let state = initialState();
    for (const message of game.seat1) {
      state = reduce(state, message, { templates });
      if (state.view && keys.at(-1) !== turnKey(state)) keys.push(turnKey(state));
    }
    assert.deepEqual(keys, ["1:0:null", "2:1:null", "3:0:null", "3:1:intercept", "3:null:null"]);
  });
});

test("the reducer never changes the state or the message it is given", () => {
  const game = deepFreeze(friendGame());
  for (const seat of ["seat0", "seat1"]) {
    let state = deepFreeze(initialState());
    for (const message of game[seat]) state = deepFreeze(reduce(state, message, { receivedAt: 0, templates }));
    assert.equal(state.status, "over");
  }
});

describe("the tab's title says when it is this seat's move", () => {
  const words = { base: "Outlaws", yourMove: "● Your move" };
  test("marked while this seat has legal actions, plain otherwise and for a spectator", () => {
    const mine = { ...initialState(), seat: 0, status: "playing", legal: [{ type: "pass" }] };
    assert.equal(tabTitle(mine, words), "● Your move · Outlaws");
    assert.equal(tabTitle({ ...mine, legal: null }, words), "Outlaws");
    assert.equal(tabTitle({ ...mine, status: "over" }, words), "Outlaws");
    assert.equal(tabTitle({ ...mine, seat: null }, words), "Outlaws");
  });

  test("while placing: marked until this seat has placed its cards", () => {
    const placingState = { ...initialState(), seat: 1, phase: "placing", placement: { done: [true, false] } };
    assert.equal(tabTitle(placingState, words), "● Your move · Outlaws");
    const placed = { ...placingState, placement: { done: [true, true] } };
    assert.equal(tabTitle(placed, words), "Outlaws");
  });
});
