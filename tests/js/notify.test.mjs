// The alerts' decisions (notify.js): which cue a message calls for, in the captured friend
// game of Ann (seat 0) and Bob (seat 1); what a notification says; when the clocks warn.

import assert from "node:assert/strict";
import { before, describe, test } from "node:test";

import { initialState, reduce } from "../../src/outlaws/web/game/gamestate.js";
import { t } from "../../src/outlaws/web/core/i18n.js";
import {
  clockFaces, CRITICAL, CUES, LOW, lowTimeCue, lowTimeLevel, lowTimeThresholds, notificationText,
  notifyState, shouldNotify, turnCue,
} from "../../src/outlaws/web/game/notify.js";
import { friendGame, inEnglish, messagesOf, templates } from "./support.mjs";

/** Every cue one seat's page would give, message after message, with the turn it came at. */
function cuesOf(messages) {
  let state = initialState();
  let cued = null;
  const cues = [];
  for (const message of messages) {
    const next = reduce(state, message, { receivedAt: 0, templates });
    const answer = turnCue(state, next, cued);
    cued = answer.key;
    if (answer.cue) cues.push(`${answer.cue}@${next.view.turn}`);
    state = next;
  }
  return cues;
}

describe("the cue of a new turn", () => {
  test("Ann's page loads on her first turn: silent; her turn 3 is cued once", () => {
    // Ann moves and looks (turn 1), Bob plays turn 2, Ann's turn 3 begins.
    assert.deepEqual(cuesOf(friendGame().seat0), ["turn@3"]);
  });

  test("Bob is cued for his turn and for the reaction Ann's Hitman asks of him, once each, across his reconnection", () => {
    // Bob reconnects during the game (a second hello, on a decision already cued).
    assert.equal(messagesOf(friendGame(), 1, "hello").length > 1, true);
    assert.deepEqual(cuesOf(friendGame().seat1), ["turn@2", "react@3"]);
  });

  test("a spectator is never cued", () => {
    const messages = friendGame().seat1.map((message) => ({ ...message, seat: null, legal: null }));
    assert.deepEqual(cuesOf(messages), []);
  });

  test("the second action of a turn, and a redraw of the same state, are not cued again", () => {
    const hello = messagesOf(friendGame(), 0, "hello")[0];
    const loaded = reduce(initialState(), hello, { templates });
    const { cue, key } = turnCue(initialState(), loaded, null);
    assert.equal(cue, null, "the state the page loaded into");
    assert.equal(key, "1:0:null", "remembered as seen");
    const second = { ...loaded, actions: 1, view: { ...loaded.view, actions_left: 1 } };
    assert.deepEqual(turnCue(loaded, second, key), { cue: null, key });
    assert.deepEqual(turnCue(second, second, key), { cue: null, key });
  });

  test("a page that reconnects to a new decision is cued; play beginning after the placement too", () => {
    const hello = messagesOf(friendGame(), 0, "hello")[0];
    const mine = reduce(initialState(), hello, { templates });
    const theirs = { ...mine, legal: null, view: { ...mine.view, to_act: 1 } };
    assert.equal(turnCue(theirs, mine, "0:1:null").cue, "turn");
    const placingState = { ...initialState(), seat: 0, status: "placing", phase: "placing" };
    assert.equal(turnCue(placingState, mine, null).cue, "turn");
  });

  test("no cue once the game is over", () => {
    const hello = messagesOf(friendGame(), 0, "hello")[0];
    const mine = reduce(initialState(), hello, { templates });
    assert.equal(turnCue(mine, { ...mine, status: "over" }, null).cue, null);
  });
});

describe("the browser notification", () => {
  before(inEnglish);

  test("it names the opponent, and says a reaction is awaited", () => {
    assert.deepEqual(notificationText(t, "turn", "Bob"), {
      title: "Your move — Outlaws",
      body: "Bob has played: it is your turn.",
    });
    assert.equal(notificationText(t, "react", "Ann").body, "Ann is waiting for your answer.");
  });

  test("shown only for a cue, in a hidden tab, with the browser's permission", () => {
    assert.equal(shouldNotify({ cue: "turn", hidden: true, permission: "granted" }), true);
    assert.equal(shouldNotify({ cue: "turn", hidden: false, permission: "granted" }), false, "the tab is in sight");
    assert.equal(shouldNotify({ cue: "turn", hidden: true, permission: "default" }), false);
    assert.equal(shouldNotify({ cue: "turn", hidden: true, permission: "denied" }), false);
    assert.equal(shouldNotify({ cue: null, hidden: true, permission: "granted" }), false);
  });

  test("the permission's state, and a browser without notifications", () => {
    const api = (permission) => ({ permission, requestPermission: () => Promise.resolve(permission) });
    assert.equal(notifyState(undefined), "unsupported");
    assert.equal(notifyState({ permission: "granted" }), "unsupported", "no way to ask");
    assert.equal(notifyState(api("default")), "default");
    assert.equal(notifyState(api("granted")), "granted");
    assert.equal(notifyState(api("denied")), "denied");
  });
});

describe("the clocks' low-time warning", () => {
  const clock = (fields) => ({ bank: 180, per_turn: 15, banks: [180, 180], seat: 0, deadline: 1195, now: 1000, ...fields });

  test("the lobby's clocks warn at 30 s and 10 s", () => {
    assert.deepEqual(lowTimeThresholds(clock({}), 0), [30, 10]);
    assert.deepEqual(lowTimeThresholds(clock({ bank: 600, per_turn: 30, banks: [600, 600] }), 1), [30, 10]);
  });

  test("a period of a spent bank is measured against its own length, not warned from its start", () => {
    // 3 min + 15 s a turn with the bank spent: 15 s a turn, warned at 4 s and 2 s.
    assert.deepEqual(lowTimeThresholds(clock({ banks: [0, 180] }), 0), [4, 2]);
    assert.deepEqual(lowTimeThresholds(clock({ bank: 0, per_turn: 20, banks: [0, 0] }), 0), [5, 2]);
    assert.deepEqual(lowTimeThresholds(clock({ bank: 0, per_turn: 3, banks: [0, 0] }), 0), [1]);
    assert.deepEqual(lowTimeThresholds(clock({ bank: 0, per_turn: 0, banks: [0, 0] }), 0), []);
    assert.deepEqual(lowTimeThresholds(null, 0), []);
  });

  test("the level of the time left", () => {
    assert.equal(lowTimeLevel(31, [30, 10]), 0);
    assert.equal(lowTimeLevel(30, [30, 10]), LOW);
    assert.equal(lowTimeLevel(10, [30, 10]), CRITICAL);
    assert.equal(lowTimeLevel(0, [1]), LOW);
    assert.equal(lowTimeLevel(5, []), 0);
  });

  test("both faces: the running one counts down, the other shows its next period; a bot is not timed", () => {
    const faces = clockFaces(clock({ banks: [180, 100], deadline: 1025 }), 1000, [true, true]);
    assert.deepEqual(faces, [
      { seat: 0, running: true, timed: true, left: 25, level: LOW },
      { seat: 1, running: false, timed: true, left: 115, level: 0 },
    ]);
    const bot = clockFaces(clock({ deadline: 1005 }), 1000, [true, false]);
    assert.equal(bot[0].level, CRITICAL);
    assert.deepEqual(bot[1], { seat: 1, running: false, timed: false, left: null, level: 0 });
    assert.equal(clockFaces(clock({ deadline: 900 }), 1000)[0].left, 0, "never below zero");
    assert.deepEqual(clockFaces(null, 1000), []);
  });

  test("each threshold is cued once in a period, for the seat's own clock only", () => {
    const c = clock({ deadline: 1195 });
    const cues = [];
    let memo = null;
    for (let now = 1000; now <= 1195; now += 1) {
      const answer = lowTimeCue(memo, c, now, 0);
      memo = answer.memo;
      if (answer.cue) cues.push(`${answer.cue}@${1195 - now}`);
    }
    assert.deepEqual(cues, ["low@30", "critical@10"]);
    assert.equal(lowTimeCue(null, c, 1190, 1).cue, null, "the opponent's clock");
    assert.equal(lowTimeCue(null, c, 1190, null).cue, null, "a spectator");
    assert.equal(lowTimeCue(null, { ...c, deadline: null }, 1190, 0).cue, null, "no period runs");
  });

  test("a page opened late in a period hears critical only; the next period starts afresh", () => {
    const first = lowTimeCue(null, clock({ deadline: 1195 }), 1190, 0);
    assert.equal(first.cue, "critical");
    assert.equal(lowTimeCue(first.memo, clock({ deadline: 1195 }), 1191, 0).cue, null);
    const next = clock({ deadline: 1400 });
    assert.equal(lowTimeCue(first.memo, next, 1300, 0).cue, null, "plenty of time again");
    assert.equal(lowTimeCue(first.memo, next, 1375, 0).cue, "low");
  });
});

test("every cue is a few short notes, within half a second", () => {
  for (const [name, notes] of Object.entries(CUES)) {
    assert.ok(notes.length >= 2, name);
    for (const [frequency, start, length, wave] of notes) {
      assert.ok(frequency > 200 && frequency < 2000, name);
      assert.ok(start + length <= 0.5, name);
      assert.ok(["sine", "triangle"].includes(wave), name);
    }
  }
  assert.notDeepEqual(CUES.turn, CUES.low, "the clock's cue is not the turn's");
});
