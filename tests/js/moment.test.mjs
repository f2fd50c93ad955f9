// The moment on screen (moment.js, beats.js): the page draws the state as of the beat it
// shows, never news not shown yet. On the captured friend game, from Ann's page (seat 0):
// Bob's two actions come in a blink, but are shown one after the other before her turn.
// `shownState(latest, beats.slice(i))`: the i-th beat on screen, those after it queued.

import assert from "node:assert/strict";
import { afterEach, before, describe, test } from "node:test";

import { Chooser } from "../../src/outlaws/web/game/actions.js";
import { BeatPlayer, framedBeats } from "../../src/outlaws/web/game/beats.js";
import { Guard } from "../../src/outlaws/web/game/confirm.js";
import { followMode, followingText } from "../../src/outlaws/web/game/follow.js";
import { heldEvents, initialState, myTurn, reduce, tabTitle } from "../../src/outlaws/web/game/gamestate.js";
import { holdsBack, shownState } from "../../src/outlaws/web/game/moment.js";
import { chooserContext, panelStage } from "../../src/outlaws/web/game/panel.js";
import { friendGame, inEnglish, templates } from "./support.mjs";

before(inEnglish);

/**
 * Ann's page fed her socket's messages up to the `count`-th events message (1-based):
 * the latest state, and the beats still to show of the events messages from `from` on
 * (each with the state its message made), as the page queues them.
 */
function annAfter(count, from = count) {
  return pageAfter(0, count, from);
}

/** The same for the page of `seat` (Bob's: 1). */
function pageAfter(seat, count, from = count) {
  let state = initialState();
  let seen = 0;
  const beats = [];
  for (const message of friendGame()[`seat${seat}`]) {
    if (message.type === "events") seen += 1;
    if (seen > count) break;
    state = reduce(state, message, { receivedAt: 0, templates });
    if (message.type === "events" && seen >= from) {
      beats.push(...framedBeats(state.effects.fresh, state, heldEvents(state)));
    }
  }
  return { latest: state, beats };
}

const types = (beat) => beat.events.map((e) => e.type);
const panelOf = (state) => panelStage(state, new Chooser(state.legal || [], chooserContext(() => state)));
const title = (state) => tabTitle(state, { base: "Outlaws", yourMove: "Your move" });

describe("Bob's two actions, come in a blink, shown one after the other", () => {
  // Ann's 3rd and 4th events messages: Bob's take, then his look (after which it is her turn).
  const { latest, beats } = annAfter(4, 3);

  test("the news is cut into Bob's take, his look, and the start of Ann's turn", () => {
    assert.deepEqual(beats.map(types), [["reveal", "take"], ["look", "reveal"], ["turn"]]);
    assert.deepEqual(beats.map((b) => b.upTo), [7, 9, 10]);
    // His actions hold her page back; the start of her turn, no action, does not.
    assert.deepEqual(beats.map((b) => holdsBack(latest, b)), [true, true, false]);
    assert.equal(heldEvents(latest), 10);
    assert.ok(myTurn(latest));
  });

  test("while his take is shown: his turn, his take the last line, the panel waits", () => {
    const shown = shownState(latest, beats);
    assert.equal(shown.view.to_act, 1);
    assert.equal(shown.events.length, 7);
    assert.deepEqual(shown.events.slice(-2).map((e) => e.type), ["reveal", "take"]);
    assert.equal(myTurn(shown), false);
    assert.equal(panelOf(shown), "showing");
    assert.deepEqual(shown.showing, { actor: 1, now: true });
    assert.equal(followMode(shown, { running: true, actor: 1 }), "following");
    assert.equal(title(shown), "Outlaws");
  });

  test("while his look is shown, the view is already Ann's turn but she cannot act yet (never 'Your move')", () => {
    const shown = shownState(latest, beats.slice(1));
    assert.equal(shown.view.to_act, 0);
    assert.equal(shown.view.turn, 2); // his turn's number, not hers yet
    assert.equal(latest.view.turn, 3);
    assert.equal(shown.events.length, 9);
    assert.equal(shown.legal, null);
    assert.equal(panelOf(shown), "showing");
    assert.equal(followMode(shown, { running: true, actor: 1 }), "following");
    assert.equal(title(shown), "Outlaws");
  });

  test("once everything is shown (or skipped) her turn begins: the panel asks her to pick a card", () => {
    const shown = shownState(latest, []);
    assert.equal(shown, latest);
    assert.equal(panelOf(shown), "anchor");
    assert.equal(title(shown), "Your move · Outlaws");
  });

  test("the log only ever grows, beat by beat", () => {
    const lengths = [...beats.map((_, i) => shownState(latest, beats.slice(i)).events.length), latest.events.length];
    assert.deepEqual(lengths, [7, 9, 10, 10]);
  });
});

describe("Ann's own action", () => {
  test("in the latest news, it holds nothing back: the page is the latest, her next action may be chosen", () => {
    // Her swap (1st events message) leaves her one action: she may choose it while the swap plays.
    const { latest, beats } = annAfter(1);
    assert.deepEqual(beats.map(types), [["move"]]);
    assert.equal(holdsBack(latest, beats[0]), false);
    assert.equal(shownState(latest, beats), latest);
    assert.equal(panelOf(latest), "anchor");
  });

  test("with Bob's answer already in, her look still plays as her turn's end: his turn, his take not yet", () => {
    // Her look (2nd), then Bob's take (3rd) comes while the look is still on screen.
    const { latest, beats } = annAfter(3, 2);
    assert.deepEqual(beats.map(types), [["look", "reveal"], ["turn"], ["reveal", "take"]]);
    assert.equal(holdsBack(latest, beats[0]), false);
    assert.ok(holdsBack(latest, beats[2]));
    const shown = shownState(latest, beats);
    assert.equal(shown.events.length, 5);
    assert.equal(shown.events.at(-1).type, "turn");
    assert.equal(shown.view.to_act, 1);
    assert.equal(panelOf(shown), "showing");
    assert.deepEqual(shown.showing, { actor: 1, now: false });
    assert.equal(followMode(shown, { running: true, actor: 0 }), null);
  });

  test("her first action still on screen, her second sent and Bob's answer in: her action is followed, not her turn offered", () => {
    // A bot's answer comes in the message of her second action: the last message shown
    // whole is her first action's, still her turn, while the panel waits for the bot.
    const { latest } = annAfter(1);
    const shown = { ...latest, legal: null, showing: { actor: 1, now: false } };
    assert.equal(shown.view.to_act, 0);
    assert.equal(panelOf(shown), "showing");
    assert.equal(followMode(shown, { running: true, actor: 0 }), "following");
    assert.equal(followingText(shown, 0, String), "Showing your action…");
  });

  test("Bob's answer, come while her look plays, takes back nothing already on screen", () => {
    const before = annAfter(2);
    const after = annAfter(3, 2);
    const then = shownState(before.latest, before.beats);
    const now = shownState(after.latest, after.beats);
    assert.equal(then, before.latest);
    assert.deepEqual(now.events, then.events);
    assert.deepEqual(now.view, then.view);
  });

  test("what she sent and awaits stays the latest's while an older moment is shown", () => {
    const { latest, beats } = annAfter(3, 2);
    const sent = { ...latest, ref: 3, pendingRef: 3, busy: true, sentAt: 3 };
    const shown = shownState(sent, beats);
    assert.deepEqual([shown.ref, shown.pendingRef, shown.busy, shown.sentAt], [3, 3, true, 3]);
  });
});

describe("the last action of the game, Ann's assassination (R9.2)", () => {
  // Bob passes on the Hitman's shot: Ann wins. Both come in his last message.
  const { latest, beats } = annAfter(6);

  test("the game is still in play while Bob's pass is shown; 'over' comes once it is", () => {
    assert.equal(latest.status, "over");
    assert.deepEqual(beats.map(types), [["pass", "win"]]);
    const shown = shownState(latest, beats);
    assert.equal(shown.status, "playing");
    assert.equal(shown.result, null);
    assert.equal(panelOf(shown), "showing");
    assert.equal(shownState(latest, []).status, "over");
    assert.equal(panelOf(shownState(latest, [])), "over");
  });

  test("a spectator's page is held back by either seat's action", () => {
    const watching = { ...latest, seat: null };
    assert.ok(holdsBack(watching, { ...beats[0], frame: { ...beats[0].frame, seat: null } }));
  });
});

describe("the last action of the game is the player's own: Bob passes on the Hitman's shot (R9.2)", () => {
  // On Bob's page his own pass, and Ann's win, come in his last message.
  const { latest, beats } = pageAfter(1, 6);

  test("'over' waits until his pass has been shown, as it waits for Ann's last action", () => {
    assert.equal(latest.status, "over");
    assert.deepEqual(beats.map(types), [["pass", "win"]]);
    assert.ok(holdsBack(latest, beats[0]));
    const shown = shownState(latest, beats);
    assert.equal(shown.status, "playing");
    assert.equal(shown.result, null);
    assert.equal(panelOf(shown), "showing");
    assert.deepEqual(shown.showing, { actor: 1, now: true });
    assert.equal(followMode(shown, { running: true, actor: 1 }), "following");
    assert.equal(followingText(shown, 1, () => "Bob"), "Showing your action…");
    assert.equal(panelOf(shownState(latest, [])), "over");
  });
});

describe("the player's beat on screen", () => {
  afterEach(() => {
    delete globalThis.document;
  });

  test("is the beat held, with its moment; none once skipped", () => {
    globalThis.document = { activeElement: null };
    const { latest, beats } = annAfter(4, 3);
    const quiet = () => {};
    const player = new BeatPlayer(null, { cardX: () => 0, draw: quiet, say: quiet, settled: quiet, viewer: () => 0 });
    const fresh = beats.flatMap((b) => b.events);
    player.play(fresh, latest, heldEvents(latest));
    assert.deepEqual(types(player.current), ["reveal", "take"]);
    assert.equal(player.current.upTo, 7);
    assert.equal(player.current.frame, latest);
    assert.deepEqual(player.upcoming.map(types), [["reveal", "take"], ["look", "reveal"], ["turn"]]);
    player.skip();
    assert.equal(player.current, null);
    assert.deepEqual(player.upcoming, []);
    assert.equal(shownState(latest, player.upcoming), latest);
  });
});

describe("a confirmation and the other seat's action", () => {
  test("Bob's action, come while her exposure loads, is shown: no confirmation opens over it, nothing is sent", async () => {
    // Ann chose a look on her turn (2nd events message: her swap done, one action left).
    const { latest } = annAfter(1);
    const look = latest.legal.find((action) => action.type === "look");
    let state = latest;
    const opened = [];
    const sent = [];
    const guard = new Guard({
      state: () => state,
      root: () => opened.push("dialog"),
      load: async () => {
        // Meanwhile an action of Bob's comes, and is being shown.
        state = { ...latest, legal: null, showing: { actor: 1, now: true } };
        return { exposure: [] };
      },
      render: () => {},
      back: () => sent.push("back"),
    });
    await guard.send(look, (action) => sent.push(action));
    assert.deepEqual(opened, []);
    assert.deepEqual(sent, []);
  });
});
