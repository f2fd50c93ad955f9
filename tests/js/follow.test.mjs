// Following the other seat (follow.js, beats.js): the pace of its actions and the Skip,
// what the status bar adds (following, a bot thinking), the last action marked on the
// board, and the words that say how a game was won; on the captured friend game.

import assert from "node:assert/strict";
import { afterEach, before, describe, test } from "node:test";

import { BeatPlayer, FOLLOW_MS, MOVE_MS, REVEAL_MS, beatActor, holdFor, planBeat, splitBeats } from "../../src/outlaws/web/game/beats.js";
import { decidingText, followMode, lastAction, touched } from "../../src/outlaws/web/game/follow.js";
import { friendGame, inEnglish, messagesOf } from "./support.mjs";

const cardX = (seat, col) => col * 100;
const bot = { kind: "bot", bot: "search:5", name: null, joined: true };
const ann = { kind: "human", bot: null, name: "Ann", joined: true };
/** Ann's whole log (seat 0), as her page holds it at the end. */
const annLog = () => friendGame().seat0.filter((m) => m.type === "events").flatMap((m) => m.events);
const names = (seat) => ["Ann", "Bob"][seat];

before(inEnglish);

describe("the pace of the other seat's actions", () => {
  const move = { events: [{ turn: 1, type: "move", seat: 1, a: 1, b: 2 }] };
  const turn = { events: [{ turn: 2, type: "turn", seat: 0 }] };

  test("another seat's swap stays at least FOLLOW_MS, one's own only its animation", () => {
    const plan = planBeat(move, cardX);
    assert.equal(plan.duration, MOVE_MS);
    assert.equal(holdFor(move, plan, 0), FOLLOW_MS);
    assert.equal(holdFor(move, plan, 1), MOVE_MS);
    assert.ok(FOLLOW_MS > MOVE_MS);
  });

  test("a reveal keeps its own, longer time; a turn's start is not held", () => {
    const [shot] = splitBeats(messagesOf(friendGame(), 1, "events").map((m) => m.events).find((e) => e[0].type === "hitman"));
    assert.equal(holdFor(shot, planBeat(shot, cardX), 1), REVEAL_MS);
    assert.equal(holdFor(turn, planBeat(turn, cardX), 1), 0);
    assert.equal(beatActor(shot), 0);
  });
});

describe("skipping the other seat's actions", () => {
  afterEach(() => {
    delete globalThis.document;
  });

  test("Skip drops every beat left, draws the end at once and says it is settled", async () => {
    globalThis.document = { activeElement: null };
    const calls = [];
    const player = new BeatPlayer(null, {
      cardX,
      draw: () => calls.push("draw"),
      say: () => calls.push("say"),
      settled: () => calls.push("settled"),
      viewer: () => 0,
    });
    player.play([
      { turn: 1, type: "move", seat: 1, a: 1, b: 2 },
      { turn: 1, type: "look", seat: 1, col: 3 },
      { turn: 1, type: "reveal", seat: 1, col: 3, card: "indian" },
    ]);
    assert.ok(player.running);
    assert.equal(player.actor, 1);
    assert.equal(player.queue.length, 1);
    player.skip();
    assert.equal(player.running, false);
    assert.equal(player.queue.length, 0);
    assert.equal(player.flash.size, 0);
    assert.deepEqual(calls, ["draw", "draw", "settled"]);
    player.skip(); // nothing running: nothing happens
    assert.deepEqual(calls, ["draw", "draw", "settled"]);
  });
});

describe("what the status bar adds", () => {
  const view = { turn: 3, to_act: 1, pending: null };
  const state = { seat: 0, status: "playing", view, players: [ann, bot] };

  test("while another seat's action is shown, it follows it (never 'Your turn')", () => {
    assert.equal(followMode({ ...state, view: { ...view, to_act: 0 } }, { running: true, actor: 1 }), "following");
    assert.equal(followMode(state, { running: true, actor: 0 }), null);
  });

  test("a bot to act with nothing shown is thinking; a human or this seat is not", () => {
    assert.equal(followMode(state, { running: false, actor: null }), "thinking");
    assert.equal(followMode({ ...state, players: [ann, ann] }, { running: false, actor: null }), null);
    assert.equal(followMode({ ...state, view: { ...view, to_act: 0 } }, { running: false, actor: null }), null);
    assert.equal(followMode({ ...state, status: "over" }, { running: false, actor: null }), null);
  });

  test("a spectator follows either seat", () => {
    assert.equal(followMode({ ...state, seat: null }, { running: true, actor: 0 }), "following");
  });
});

describe("the last action, marked on the board", () => {
  test("the Hitman's shot marks both cards and lasts through the pass and the win", () => {
    const action = lastAction(annLog());
    assert.deepEqual(action.map((e) => e.type), ["hitman", "reveal", "reveal", "prompt", "pass", "win"]);
    assert.deepEqual([...touched(action).keys()].sort(), ["card:0-3", "card:1-3"]);
  });

  test("a take marks the taker's card and the slot; a swap its two cards", () => {
    const take = [
      { turn: 2, type: "reveal", seat: 1, col: 1, card: "indian" },
      { turn: 2, type: "take", seat: 1, col: 1, call: "vote", token: "bullet", taken: false },
      { turn: 3, type: "turn", seat: 0 },
    ];
    assert.deepEqual(lastAction(take).map((e) => e.type), ["reveal", "take"]);
    assert.deepEqual([...touched(lastAction(take)).keys()].sort(), ["card:1-1", "slot:1"]);
    const swap = [{ turn: 1, type: "move", seat: 0, a: 2, b: 7 }];
    assert.deepEqual([...touched(swap).keys()].sort(), ["card:0-2", "card:0-7"]);
    assert.equal(touched(swap).get("card:0-2").cls, "last-touched");
  });

  test("no action yet, nothing marked", () => {
    assert.deepEqual(lastAction([{ turn: 1, type: "turn", seat: 0 }]), []);
  });
});

describe("how the game was won, in words", () => {
  const over = (seat) => ({ seat, status: "over", result: { winner: 0, loser: 1, how: "bad" }, events: annLog() });

  test("the winner reads the shot of their Hitman", () => {
    assert.equal(decidingText(over(0), names), "Your Hitman shot their Governor at column 3: you win by assassination.");
  });

  test("the loser and a spectator read it from their side", () => {
    assert.equal(decidingText(over(1), names), "Their Hitman shot your Governor at column 3: you lose by assassination.");
    assert.equal(decidingText(over(null), names), "Ann's Hitman shot Bob's Governor at column 3: Ann wins by assassination.");
  });

  test("an ending with no deciding action (a resignation) has none", () => {
    assert.equal(decidingText({ ...over(0), result: { winner: 0, loser: 1, how: "resign" } }, names), null);
  });
});
