// The notebook (notebook.js): the server's deductions as the page lists them, and where
// each opponent card was last seen, on Ann's notebook after turn 2 of the captured game
// (she has seen Bob's Indian at column 1, and the Bullet he missed in slot 1).

import assert from "node:assert/strict";
import { describe, test } from "node:test";

import { initialState, reduce } from "../../src/outlaws/web/game/gamestate.js";
import { Notebook, failedState, lastSeen, notSeenYet, notebookColumns } from "../../src/outlaws/web/game/notebook.js";
import { friendGame, templates } from "./support.mjs";

const OTHERS = ["governor", "hitman", "sheriff", "storekeep", "reporter", "bandit", "reverend"];

describe("the deductions, as listed", () => {
  test("a column known for sure holds one name; the others share the characters left", () => {
    const columns = notebookColumns(friendGame().notebook0);
    assert.deepEqual(columns[1], [["indian", 1]]);
    for (const col of [2, 3, 4, 5, 6, 7, 8]) {
      assert.deepEqual(columns[col].map(([card]) => card).sort(), [...OTHERS].sort());
      for (const [, p] of columns[col]) assert.ok(Math.abs(p - 1 / 7) < 1e-9);
    }
  });

  test("the token slots are listed likeliest first", () => {
    const tokens = notebookColumns(friendGame().notebook0, "tokens");
    assert.deepEqual(tokens[1], [["bullet", 1]]);
    assert.deepEqual(tokens[2].map(([token]) => token), ["vote", "bogus", "handcuffs", "election"]);
  });

  test("guesses under half a percent are left out", () => {
    const columns = notebookColumns({ columns: [{ col: 4, p: { hitman: 0.996, bandit: 0.004 } }] });
    assert.deepEqual(columns, { 4: [["hitman", 0.996]] });
  });

  test("no notebook, no deductions", () => {
    assert.deepEqual(notebookColumns(null), {});
    assert.deepEqual(notebookColumns({}, "tokens"), {});
  });
});

describe("where Bob's cards were last seen", () => {
  test("the server's notebook says where", () => {
    const seen = lastSeen(friendGame().notebook0, [], 0);
    assert.deepEqual(seen.indian, { col: 1, turn: 2 });
    assert.equal(seen.hitman, null);
  });

  test("without it, the seat's own log says the same: the opponent's reveals only", () => {
    const game = friendGame();
    // Ann's messages up to Bob's look, turn 2.
    const ann = game.seat0.slice(0, 8).reduce((s, m) => reduce(s, m, { templates }), initialState());
    assert.deepEqual(lastSeen(null, ann.events, 0), { indian: { col: 1, turn: 2 } });
    assert.deepEqual(lastSeen(null, ann.events, 1), { storekeep: { col: 1, turn: 1 } });
  });
});

describe("Bob's cards not seen yet", () => {
  test("his two Saloon cards stand face up from the start: they are seen, never listed as not seen (R3.1)", () => {
    const game = friendGame();
    const saloon = game.seat0[0].view.seats[1].saloon;
    assert.deepEqual([...saloon].sort(), ["dancer", "mayor"]);
    const never = notSeenYet(lastSeen(game.notebook0, [], 0), saloon);
    assert.ok(!never.includes("dancer") && !never.includes("mayor"), never.join());
    // The Indian was revealed at column 1: seen too. Every other character is not.
    assert.deepEqual(never, ["governor", "hitman", "sheriff", "storekeep", "reporter", "bandit", "reverend"]);
  });

  test("before anything is revealed only the Saloon is seen; no view, nothing is left out", () => {
    assert.equal(notSeenYet({}, ["dancer", "mayor"]).length, 8);
    assert.equal(notSeenYet({}).length, 10);
  });
});

describe("loading it", () => {
  test("shown, it loads, and redraws once it has come", async () => {
    const redraws = [];
    const notebook = new Notebook({
      available: () => true,
      load: async () => friendGame().notebook0,
      redraw: () => redraws.push(notebook.state),
    });
    assert.equal(notebook.state, "off");
    notebook.toggle();
    assert.equal(notebook.state, "loading");
    await new Promise((resolve) => setImmediate(resolve));
    assert.deepEqual(redraws, ["ok"]);
    assert.deepEqual(notebook.overlay().notebook[1], [["indian", 1]]);
    notebook.toggle();
    assert.deepEqual(notebook.overlay(), { notebook: null, tokenNotebook: null });
  });

  test("a server without notebooks says so; any other failure is an error", async () => {
    assert.equal(failedState({ status: 404, code: "not_found" }), "missing");
    assert.equal(failedState({ status: 404, code: "unknown_game" }), "error");
    assert.equal(failedState({ status: 0, code: "network" }), "error");
    const notebook = new Notebook({
      available: () => true,
      load: async () => {
        throw Object.assign(new Error("no"), { status: 404, code: "not_found" });
      },
      redraw: () => {},
    });
    await notebook.reload();
    assert.equal(notebook.state, "missing");
    assert.equal(notebook.data, null);
  });

  test("a spectator has no notebook to load", async () => {
    let loads = 0;
    const notebook = new Notebook({ available: () => false, load: async () => { loads += 1; }, redraw: () => {} });
    await notebook.reload();
    assert.equal(loads, 0);
    assert.equal(notebook.state, "off");
  });
});
