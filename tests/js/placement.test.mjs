// The placement before the first turn (docs/rules.md R3.1): the arrangement model of
// placement.js (exchanges, moves, what makes an arrangement legal and why not, the
// shuffle, the keyboard's moves, remembering the last one) and how gamestate.js reduces
// the `phase` and `placement` of the server's messages.

import assert from "node:assert/strict";
import { describe, test } from "node:test";

import {
  CHARACTERS, DRAFTS_KEPT, DRAFT_KEY, LAST_KEY, cardAt, cursorMove, forgetDraft, fromPlaces, isValid,
  loadDraft, loadLast, move, pickOrDrop, placeAtScreen, placeOf, placedArrangement, refusal, saveDraft,
  saveLast, screenIndex, shuffle, swap, swapRefusal, toPlaces,
} from "../../src/outlaws/web/placement/placement.js";
import {
  initialState, isSeat, myTurn, placedAndWaiting, placing, reduce,
} from "../../src/outlaws/web/game/gamestate.js";
import { friendGame, messagesOf, templates } from "./support.mjs";

const ARRANGED = Object.freeze({
  street: Object.freeze(["hitman", "governor", "sheriff", "indian", "storekeep", "dancer", "reporter", "bandit"]),
  saloon: Object.freeze(["reverend", "mayor"]),
});
const GOV = 1; // the Governor's place in ARRANGED (column 2)
const SALOON_0 = 8;
const SALOON_1 = 9;

/** A seeded generator of floats in [0, 1) (mulberry32), so that a shuffle can be replayed. */
function seeded(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let x = a;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

function memoryStorage(initial = {}) {
  const data = { ...initial };
  return {
    data,
    getItem: (key) => (key in data ? data[key] : null),
    setItem: (key, value) => {
      data[key] = String(value);
    },
  };
}

describe("places", () => {
  test("places 0..7 are columns 1..8 and 8, 9 the Saloon; the round trip keeps the arrangement", () => {
    assert.deepEqual(toPlaces(ARRANGED), [...ARRANGED.street, ...ARRANGED.saloon]);
    assert.deepEqual(fromPlaces(toPlaces(ARRANGED)), ARRANGED);
    assert.equal(cardAt(ARRANGED, 0), "hitman");
    assert.equal(cardAt(ARRANGED, SALOON_1), "mayor");
    assert.equal(placeOf(ARRANGED, "governor"), GOV);
    assert.equal(placeOf(ARRANGED, "nobody"), -1);
  });
});

describe("swap and move", () => {
  test("a swap exchanges two places and leaves the arrangement it was given alone", () => {
    const after = swap(ARRANGED, 0, 7);
    assert.equal(after.street[0], "bandit");
    assert.equal(after.street[7], "hitman");
    assert.equal(ARRANGED.street[0], "hitman");
    assert.deepEqual(swap(after, 0, 7), ARRANGED, "a swap undoes itself");
  });

  test("a swap between the street and the Saloon exchanges a street card with a Saloon card", () => {
    const after = swap(ARRANGED, 2, SALOON_0);
    assert.deepEqual(after.saloon, ["sheriff", "mayor"]);
    assert.equal(after.street[2], "reverend");
    assert.ok(isValid(after));
  });

  test("a move along the street closes the row up, either way", () => {
    assert.deepEqual(move(ARRANGED, 0, 3).street,
      ["governor", "sheriff", "indian", "hitman", "storekeep", "dancer", "reporter", "bandit"]);
    assert.deepEqual(move(ARRANGED, 7, 1).street,
      ["hitman", "bandit", "governor", "sheriff", "indian", "storekeep", "dancer", "reporter"]);
    assert.deepEqual(move(ARRANGED, 4, 4), ARRANGED);
    assert.deepEqual(move(ARRANGED, 4, 4).saloon, ARRANGED.saloon);
  });

  test("a move into or out of the Saloon is an exchange: the Saloon has no row to close", () => {
    assert.deepEqual(move(ARRANGED, 3, SALOON_1), swap(ARRANGED, 3, SALOON_1));
    assert.deepEqual(move(ARRANGED, SALOON_0, 5), swap(ARRANGED, SALOON_0, 5));
  });
});

describe("validity and its reason (R3.1)", () => {
  test("ten characters, one place each, the Governor on the street: legal", () => {
    assert.equal(refusal(ARRANGED), null);
    assert.ok(isValid(ARRANGED));
  });

  test("the Governor in the Saloon is refused with its own reason", () => {
    const inSaloon = swap(ARRANGED, GOV, SALOON_0);
    assert.equal(refusal(inSaloon), "governorSaloon");
    assert.equal(isValid(inSaloon), false);
  });

  test("a wrong shape, an unknown name, a character twice", () => {
    assert.equal(refusal(null), "shape");
    assert.equal(refusal({ street: ARRANGED.street.slice(1), saloon: ARRANGED.saloon }), "shape");
    assert.equal(refusal({ street: ARRANGED.street, saloon: ["mayor"] }), "shape");
    assert.equal(refusal({ street: ARRANGED.street, saloon: ["mayor", "cook"] }), "unknown");
    assert.equal(refusal({ street: ARRANGED.street, saloon: ["mayor", "hitman"] }), "twice");
  });

  test("an exchange that would put the Governor in the Saloon is refused, either way round", () => {
    assert.equal(swapRefusal(ARRANGED, GOV, SALOON_0), "governorSaloon");
    assert.equal(swapRefusal(ARRANGED, SALOON_1, GOV), "governorSaloon");
    assert.equal(swapRefusal(ARRANGED, GOV, 5), null);
    assert.equal(swapRefusal(ARRANGED, 0, SALOON_0), null);
    assert.equal(swapRefusal(ARRANGED, 3, 3), null);
  });
});

describe("shuffle", () => {
  test("the same generator gives the same arrangement", () => {
    assert.deepEqual(shuffle(seeded(7)), shuffle(seeded(7)));
    assert.notDeepEqual(shuffle(seeded(7)), shuffle(seeded(8)));
  });

  test("every shuffle is legal, and every character but the Governor is sometimes in the Saloon", () => {
    const rng = seeded(2026);
    const inSaloon = new Set();
    const governorColumns = new Set();
    for (let i = 0; i < 400; i += 1) {
      const arrangement = shuffle(rng);
      assert.equal(refusal(arrangement), null, JSON.stringify(arrangement));
      assert.deepEqual([...toPlaces(arrangement)].sort(), [...CHARACTERS].sort());
      for (const card of arrangement.saloon) inSaloon.add(card);
      governorColumns.add(arrangement.street.indexOf("governor"));
    }
    assert.deepEqual([...inSaloon].sort(), CHARACTERS.filter((c) => c !== "governor").sort());
    assert.equal(governorColumns.size, 8, "the Governor may stand at every column");
  });

  test("a generator at the edge of [0, 1) still gives a legal arrangement", () => {
    assert.ok(isValid(shuffle(() => 0)));
    assert.ok(isValid(shuffle(() => 0.9999999999)));
  });
});

describe("the keyboard's cursor", () => {
  test("seat 0 sees column 1 on its left: the arrows follow the columns", () => {
    assert.equal(screenIndex(0, 0), 0);
    assert.equal(cursorMove(2, "ArrowRight", 0), 3);
    assert.equal(cursorMove(2, "ArrowLeft", 0), 1);
    assert.equal(cursorMove(0, "ArrowLeft", 0), 0, "stops at the edge");
    assert.equal(cursorMove(7, "ArrowRight", 0), 7);
    assert.equal(cursorMove(5, "Home", 0), 0);
    assert.equal(cursorMove(5, "End", 0), 7);
  });

  test("seat 1 sits across the table (R2.2): its column 1 is on its right, the arrows go the other way", () => {
    assert.equal(screenIndex(0, 1), 7);
    assert.equal(placeAtScreen(0, 1), 7);
    assert.equal(cursorMove(2, "ArrowRight", 1), 1);
    assert.equal(cursorMove(2, "ArrowLeft", 1), 3);
    assert.equal(cursorMove(0, "ArrowRight", 1), 0, "column 1 is the rightmost");
    assert.equal(cursorMove(5, "Home", 1), 7);
    assert.equal(cursorMove(5, "End", 1), 0);
  });

  test("down goes to the Saloon place under that half of the street, up comes back to the middle", () => {
    assert.equal(cursorMove(1, "ArrowDown", 0), SALOON_0);
    assert.equal(cursorMove(6, "ArrowDown", 0), SALOON_1);
    assert.equal(cursorMove(1, "ArrowDown", 1), SALOON_1, "column 2 is on seat 1's right");
    assert.equal(cursorMove(SALOON_0, "ArrowUp", 0), 3);
    assert.equal(cursorMove(SALOON_1, "ArrowUp", 0), 4);
    assert.equal(cursorMove(SALOON_0, "ArrowUp", 1), 4);
    assert.equal(cursorMove(SALOON_0, "ArrowRight", 0), SALOON_1);
    assert.equal(cursorMove(SALOON_1, "ArrowLeft", 1), SALOON_0);
    assert.equal(cursorMove(SALOON_1, "ArrowDown", 0), SALOON_1);
    assert.equal(cursorMove(3, "ArrowUp", 0), 3, "nothing above the street");
    assert.equal(cursorMove(3, "x", 0), 3);
  });
});

describe("click to swap (and Enter, Space, a drop)", () => {
  test("the first place is picked up, the same one again puts it back", () => {
    const first = pickOrDrop(ARRANGED, null, 4);
    assert.deepEqual(first, { arrangement: ARRANGED, picked: 4, swapped: null, refused: null });
    const back = pickOrDrop(ARRANGED, 4, 4);
    assert.deepEqual(back, { arrangement: ARRANGED, picked: null, swapped: null, refused: null });
  });

  test("another place exchanges the two", () => {
    const step = pickOrDrop(ARRANGED, 4, SALOON_1);
    assert.deepEqual(step.swapped, [4, SALOON_1]);
    assert.equal(step.picked, null);
    assert.deepEqual(step.arrangement.saloon, ["reverend", "storekeep"]);
  });

  test("the Governor dropped on the Saloon is refused with the reason, and nothing changes", () => {
    const step = pickOrDrop(ARRANGED, GOV, SALOON_0);
    assert.equal(step.refused, "governorSaloon");
    assert.equal(step.arrangement, ARRANGED);
    assert.equal(step.picked, null);
  });
});

describe("the last arrangement sent", () => {
  test("a legal arrangement is kept and given back, as a copy", () => {
    const storage = memoryStorage();
    assert.equal(loadLast(storage), null);
    assert.equal(saveLast(storage, ARRANGED), true);
    assert.deepEqual(JSON.parse(storage.data[LAST_KEY]), { ...ARRANGED, seat: 0 });
    const back = loadLast(storage);
    assert.deepEqual(back, ARRANGED);
    back.street[0] = "mayor";
    assert.deepEqual(loadLast(storage), ARRANGED);
  });

  test("taken to the other seat, the street is reversed: every card keeps its neighbours on each side (R2.2)", () => {
    const storage = memoryStorage();
    saveLast(storage, ARRANGED, 1);
    const forSeat0 = loadLast(storage, 0);
    assert.deepEqual(forSeat0.street, [...ARRANGED.street].reverse());
    assert.deepEqual(forSeat0.saloon, ARRANGED.saloon);
    assert.deepEqual(loadLast(storage, 1), ARRANGED);
    // One saved before the seat was kept is given back as it was.
    const older = memoryStorage({ [LAST_KEY]: JSON.stringify(ARRANGED) });
    assert.deepEqual(loadLast(older, 1), ARRANGED);
  });

  test("an illegal arrangement is never kept, and a damaged one is never given back", () => {
    const storage = memoryStorage();
    assert.equal(saveLast(storage, swap(ARRANGED, GOV, SALOON_0)), false);
    assert.equal(storage.data[LAST_KEY], undefined);
    assert.equal(loadLast(memoryStorage({ [LAST_KEY]: "{not json" })), null);
    const bad = JSON.stringify(swap(ARRANGED, GOV, SALOON_0));
    assert.equal(loadLast(memoryStorage({ [LAST_KEY]: bad })), null);
  });

  test("a storage that refuses to write loses only the convenience", () => {
    const full = { getItem: () => null, setItem: () => { throw new Error("full"); } };
    assert.equal(saveLast(full, ARRANGED), false);
    const broken = { getItem: () => { throw new Error("disabled"); } };
    assert.equal(loadLast(broken), null);
  });

  test("the seat's placement is read from the server's answer, whichever way it comes", () => {
    assert.deepEqual(placedArrangement({ placement: ARRANGED, game: {} }), ARRANGED);
    assert.deepEqual(placedArrangement({ placement: { done: [true, false], mine: ARRANGED } }), ARRANGED);
    assert.deepEqual(placedArrangement({ game: { placement: { done: [true, false], mine: ARRANGED } } }), ARRANGED);
    assert.equal(placedArrangement({ placement: { done: [true, false], mine: null } }), null);
    assert.equal(placedArrangement(null), null);
  });
});

// -- the page state --------------------------------------------------------------------

/** A message of the placing phase, as the server sends it (docs/protocol.md). */
function placingMessage(type, { seat = 0, status = "placing", done = [false, false], mine = null } = {}) {
  const message = {
    type,
    game: "G1",
    seat,
    phase: "placing",
    placement: { done, mine },
    view: null,
    legal: null,
    since: 0,
    actions: 0,
    status,
    result: null,
    clock: null,
    players: [
      { kind: "human", bot: null, name: "Ann", joined: true },
      { kind: "human", bot: null, name: "Bob", joined: status !== "waiting" },
    ],
    kind: "friend",
  };
  if (type === "events") message.events = [];
  return message;
}

/** Ann's first hello of the captured friend game, as it comes once both have placed. */
function playHello(seat = 0) {
  return { ...messagesOf(friendGame(), seat, "hello")[0], phase: "play", placement: null };
}

describe("the arrangement in progress, across a reload", () => {
  test("Ann's arrangement of game g1 comes back for her seat, and for no other seat or game", () => {
    const storage = memoryStorage();
    assert.equal(saveDraft(storage, "g1", 0, ARRANGED), true);
    assert.deepEqual(loadDraft(storage, "g1", 0), ARRANGED);
    assert.equal(loadDraft(storage, "g1", 1), null);
    assert.equal(loadDraft(storage, "g2", 0), null);
    // Bob arranges at seat 1 of the same game in the same browser: each keeps its own.
    const bob = swap(ARRANGED, 0, 2);
    saveDraft(storage, "g1", 1, bob);
    assert.deepEqual(loadDraft(storage, "g1", 0), ARRANGED);
    assert.deepEqual(loadDraft(storage, "g1", 1), bob);
  });

  test("a later change replaces the earlier one; once sent it is forgotten", () => {
    const storage = memoryStorage();
    saveDraft(storage, "g1", 0, ARRANGED);
    const moved = move(ARRANGED, 0, 7);
    saveDraft(storage, "g1", 0, moved);
    assert.deepEqual(loadDraft(storage, "g1", 0), moved);
    assert.equal(JSON.parse(storage.data[DRAFT_KEY]).length, 1);
    forgetDraft(storage, "g1", 0);
    assert.equal(loadDraft(storage, "g1", 0), null);
  });

  test("an arrangement no longer legal (the Governor in the Saloon, R3.1), or unreadable, is not restored", () => {
    const illegal = { game: "g1", seat: 0, street: ["reverend", ...ARRANGED.street.slice(0, 1), ...ARRANGED.street.slice(2)], saloon: ["governor", "mayor"] };
    assert.notEqual(refusal(illegal), null);
    assert.equal(loadDraft(memoryStorage({ [DRAFT_KEY]: JSON.stringify([illegal]) }), "g1", 0), null);
    assert.equal(saveDraft(memoryStorage(), "g1", 0, illegal), false);
    assert.equal(loadDraft(memoryStorage({ [DRAFT_KEY]: "{not json" }), "g1", 0), null);
    assert.equal(loadDraft({ getItem: () => { throw new Error("disabled"); } }, "g1", 0), null);
  });

  test("only the newest drafts are kept: games left unplaced do not fill the storage", () => {
    const storage = memoryStorage();
    for (let i = 0; i <= DRAFTS_KEPT; i += 1) saveDraft(storage, `g${i}`, 0, ARRANGED);
    assert.equal(JSON.parse(storage.data[DRAFT_KEY]).length, DRAFTS_KEPT);
    assert.equal(loadDraft(storage, "g0", 0), null);
    assert.deepEqual(loadDraft(storage, `g${DRAFTS_KEPT}`, 0), ARRANGED);
  });
});

describe("the reducer while the seats place (R3.1)", () => {
  test("a hello while placing: no view, no log, nothing to choose, the placement screen", () => {
    const state = reduce(initialState(), placingMessage("hello"));
    assert.equal(state.phase, "placing");
    assert.equal(placing(state), true);
    assert.equal(state.view, null);
    assert.deepEqual(state.events, []);
    assert.equal(state.legal, null);
    assert.equal(myTurn(state), false);
    assert.deepEqual(state.placement, { done: [false, false], mine: null });
    assert.equal(placedAndWaiting(state), false);
    assert.equal(state.effects.first, false, "not the first view: there is none yet");
  });

  test("a seat may place while its friend has not joined: status waiting, phase placing", () => {
    const state = reduce(initialState(), placingMessage("hello", { status: "waiting" }));
    assert.equal(state.status, "waiting");
    assert.equal(placing(state), true);
  });

  test("the opponent placing first shows in `done`; the seat's own placement comes back as `mine`", () => {
    let state = reduce(initialState(), placingMessage("hello"));
    state = reduce(state, placingMessage("events", { done: [false, true] }));
    assert.deepEqual(state.placement.done, [false, true]);
    assert.equal(placedAndWaiting(state), false);
    state = reduce(state, placingMessage("events", { done: [true, true], mine: ARRANGED }));
    assert.deepEqual(state.placement.mine, ARRANGED);
    assert.equal(placedAndWaiting(state), true);
  });

  test("the HTTP answer to the seat's placement is taken in; a stale one never undoes a seat's done", () => {
    let state = reduce(initialState(), placingMessage("hello", { done: [false, true] }));
    const answer = { placement: ARRANGED, game: { phase: "placing", status: "placing", placement: { done: [true, false], mine: ARRANGED } } };
    state = reduce(state, { type: "placed", game: answer.game });
    assert.deepEqual(state.placement, { done: [true, true], mine: ARRANGED });
    assert.equal(placedAndWaiting(state), true);
  });

  test("an HTTP answer never takes the page back to placing once play has begun", () => {
    let state = reduce(initialState(), placingMessage("hello"));
    state = reduce(state, { ...playHello(), type: "events", events: playHello().view.log, since: 0 }, { templates });
    const before = state;
    state = reduce(state, { type: "placed", game: { phase: "placing", status: "placing", placement: { done: [true, false], mine: ARRANGED } } });
    assert.equal(state.phase, "play");
    assert.equal(state.placement, null);
    assert.equal(state.view, before.view);
  });

  test("both placed: the message with the view starts the game, shown at once, not animated", () => {
    let state = reduce(initialState(), placingMessage("hello"));
    const hello = playHello();
    const { log, ...view } = hello.view;
    state = reduce(state, { ...hello, type: "events", view, events: log, since: 0 }, { templates });
    assert.equal(state.phase, "play");
    assert.equal(placing(state), false);
    assert.equal(state.placement, null);
    assert.deepEqual(state.events, log);
    assert.equal(state.effects.started, true);
    assert.equal(state.effects.first, true);
    assert.deepEqual(state.effects.fresh, [], "the game starts there: nothing to animate");
    assert.equal(myTurn(state), true);
    // The next message is play as before.
    const next = reduce(state, messagesOf(friendGame(), 0, "events")[0], { templates });
    assert.equal(next.effects.started, false);
  });

  test("a page that reconnects after both placed gets a hello with the view: the game, at once", () => {
    let state = reduce(initialState(), placingMessage("hello"));
    state = reduce(state, playHello(), { templates });
    assert.equal(state.phase, "play");
    assert.equal(state.effects.first, true);
    assert.equal(state.effects.started, true);
  });

  test("a spectator sees who is done and never a placement", () => {
    const state = reduce(initialState(), placingMessage("hello", { seat: null, done: [true, false], mine: ARRANGED }));
    assert.equal(isSeat(state), false);
    assert.equal(placing(state), true);
    assert.deepEqual(state.placement, { done: [true, false], mine: null });
    assert.equal(placedAndWaiting(state), false);
  });

  test("a server without a placement phase: every game with a view is in play", () => {
    const { phase, placement, ...old } = playHello();
    assert.equal(phase, "play");
    assert.equal(placement, null);
    const state = reduce(initialState(), old, { templates });
    assert.equal(state.phase, "play");
    assert.equal(state.placement, null);
    assert.equal(state.effects.started, false);
  });
});

describe("the placing clock", () => {
  test("placing is timed while the clock's period runs for both seats (no seat): the time left, in server time", async () => {
    const { placingTimeLeft } = await import("../../src/outlaws/web/placement/placementpanels.js");
    const state = { clock: { seat: null, deadline: 1060 }, clockOffset: 0 };
    assert.equal(placingTimeLeft(state, 1000), 60);
    assert.equal(placingTimeLeft({ ...state, clockOffset: 10 }, 1000), 50);
    assert.equal(placingTimeLeft(state, 2000), 0);
    assert.equal(placingTimeLeft({ clock: null }, 1000), null);
    assert.equal(placingTimeLeft({ clock: { seat: 0, deadline: 1060 } }, 1000), null);
  });
});
