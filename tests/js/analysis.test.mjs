// The analysis panel's pure parts (web/analysis/), on a real report: a 16-action game of
// a heuristic bot (seat 0) and a random one (seat 1), analysed with a small budget
// (fixtures/analysis-game.json: the record and the report the analysis made of it).

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { before, describe, test } from "node:test";

import { FRAME, MARKS, layout, linePath, markPath, percent, stepPoint } from "../../src/outlaws/web/analysis/graph.js";
import {
  alternatives, boardKeys, boardMarks, firstShown, optionFor, picture, playedOption, shade,
} from "../../src/outlaws/web/analysis/picture.js";
import {
  MOST_FAILURES, closedState, milestone, newMilestone, pollReducer,
} from "../../src/outlaws/web/analysis/polling.js";
import { actionWords } from "../../src/outlaws/web/analysis/words.js";
import { inEnglish } from "./support.mjs";

before(inEnglish);

const GAME = JSON.parse(readFileSync(new URL("fixtures/analysis-game.json", import.meta.url), "utf-8"));
const REPORT = GAME.report;
const PLIES = GAME.record.actions.length;

describe("the graph of each seat's chance of winning", () => {
  const geo = layout(REPORT.decisions, PLIES, FRAME, REPORT.turning_points);

  test("each decision is a point at its ply, as high as its seat's own chance before it", () => {
    assert.equal(geo.points.length, REPORT.decisions.length);
    const first = geo.points[0];
    const last = geo.points.at(-1);
    assert.equal(first.x, FRAME.left);
    assert.equal(last.x, FRAME.width - FRAME.right); // the last action is the right edge
    const bottom = FRAME.height - FRAME.bottom;
    for (const [i, p] of geo.points.entries()) {
      const d = REPORT.decisions[i];
      assert.equal(p.seat, d.seat);
      const expected = bottom - d.chance_before * (bottom - FRAME.top);
      assert.ok(Math.abs(p.y - expected) < 0.06, `ply ${d.ply}`);
    }
  });

  test("each seat's line goes through its own decisions only, in order", () => {
    for (const seat of [0, 1]) {
      const own = geo.points.filter((p) => p.seat === seat);
      assert.equal(geo.lines[seat], linePath(own));
      assert.equal((geo.lines[seat].match(/[ML]/g) || []).length, own.length);
      assert.ok(geo.lines[seat].startsWith(`M${own[0].x} ${own[0].y}`));
    }
  });

  test("the turning points the report names are marked, on their points too", () => {
    assert.deepEqual(geo.turns.map((turn) => turn.ply), REPORT.turning_points);
    const marked = geo.points.filter((p) => p.turning).map((p) => p.ply);
    assert.deepEqual(marked, REPORT.turning_points);
  });

  test("a graph drawn while results arrive keeps the whole game's width: points do not move", () => {
    const early = layout(REPORT.decisions.slice(0, 3), PLIES, FRAME);
    assert.deepEqual(early.points.map(({ x, y }) => [x, y]), geo.points.slice(0, 3).map(({ x, y }) => [x, y]));
    assert.deepEqual(layout([], PLIES, FRAME).lines, ["", ""]);
  });

  test("the chance axis is ruled at every quarter, 100% on top", () => {
    assert.deepEqual(geo.ticks.map((tick) => percent(tick.chance)), [0, 25, 50, 75, 100]);
    assert.equal(geo.ticks.at(-1).y, FRAME.top);
  });
});

describe("the verdicts' marks", () => {
  test("every verdict has a shape of its own, not only a colour", () => {
    const shapes = Object.values(MARKS).map((mark) => mark.shape);
    assert.equal(new Set(shapes).size, 4);
    const paths = ["good", "inaccuracy", "mistake", "blunder"].map((v) => markPath(v, 50, 50));
    assert.equal(new Set(paths).size, 4);
    for (const d of paths) assert.match(d, /^M.*Z$/);
  });

  test("a mark is centred on its point", () => {
    const numbers = (d) => d.match(/-?\d+(?:\.\d+)?/g).map(Number);
    const square = numbers(markPath("mistake", 100, 40));
    assert.deepEqual([square[0], square[1]], [100 - MARKS.mistake.size, 40 - MARKS.mistake.size]);
    const cross = numbers(markPath("blunder", 100, 40));
    const xs = cross.filter((_, i) => i % 2 === 0);
    assert.equal(Math.min(...xs) + Math.max(...xs), 200);
  });

  test("the report of this game holds every verdict, and each point carries its own", () => {
    const verdicts = new Set(REPORT.decisions.map((d) => d.verdict));
    assert.deepEqual([...verdicts].sort(), ["blunder", "good", "inaccuracy", "mistake"]);
  });
});

describe("walking the graph's points with the keyboard", () => {
  test("the arrows go one point along, stopping at either end; Home and End jump", () => {
    assert.equal(stepPoint(3, 16, "ArrowRight"), 4);
    assert.equal(stepPoint(3, 16, "ArrowLeft"), 2);
    assert.equal(stepPoint(0, 16, "ArrowLeft"), 0);
    assert.equal(stepPoint(15, 16, "ArrowRight"), 15);
    assert.equal(stepPoint(7, 16, "Home"), 0);
    assert.equal(stepPoint(7, 16, "End"), 15);
    assert.equal(stepPoint(7, 16, "Tab"), null);
    assert.equal(stepPoint(0, 0, "ArrowRight"), null);
  });
});

describe("following the server's analysis while the panel is open", () => {
  const running = (done) => ({ type: "answer", body: { status: "running", done, total: 16, analysis: null } });

  test("opening asks the server to start; a running analysis is polled until it is done", () => {
    let state = pollReducer(closedState(), { type: "open" });
    assert.equal(state.effect, "start");
    state = pollReducer(state, { type: "answer", body: { status: "queued", done: 0, total: 16, analysis: null } });
    assert.equal(state.phase, "running");
    assert.equal(state.effect, "poll");
    state = pollReducer(state, { type: "answer", body: { status: "running", done: 5, total: 16, analysis: { decisions: REPORT.decisions.slice(0, 5) } } });
    assert.deepEqual([state.done, state.total, state.analysis.decisions.length, state.effect], [5, 16, 5, "poll"]);
    state = pollReducer(state, { type: "answer", body: { status: "done", done: 16, total: 16, analysis: REPORT } });
    assert.deepEqual([state.phase, state.effect, state.analysis], ["done", null, REPORT]);
  });

  test("an analysis the server stopped (no one polled it) is started again by an open panel", () => {
    let state = pollReducer(pollReducer(closedState(), { type: "open" }), running(4));
    state = pollReducer(state, { type: "answer", body: { status: "stopped", done: 4, total: 16, analysis: null } });
    assert.equal(state.effect, "start");
    assert.equal(state.done, 4);
  });

  test("closing the panel stops the polling, and an answer that comes late changes nothing", () => {
    let state = pollReducer(pollReducer(closedState(), { type: "open" }), running(2));
    state = pollReducer(state, { type: "close" });
    assert.deepEqual([state.phase, state.effect], ["closed", null]);
    assert.equal(pollReducer(state, running(9)), state);
    // Opened again: the server is asked again (it may have stopped meanwhile).
    assert.equal(pollReducer(state, { type: "open" }).effect, "start");
  });

  test("a finished analysis stays, closed and opened again, without asking the server", () => {
    let state = pollReducer(closedState(), { type: "open" });
    state = pollReducer(state, { type: "answer", body: { status: "done", done: 16, total: 16, analysis: REPORT } });
    state = pollReducer(pollReducer(state, { type: "close" }), { type: "open" });
    assert.deepEqual([state.phase, state.effect], ["done", null]);
  });

  test("a game still being played is refused for good; a failing network is tried a few times", () => {
    const open = pollReducer(closedState(), { type: "open" });
    const refused = pollReducer(open, { type: "failed", error: { status: 409, code: "not_finished" } });
    assert.deepEqual([refused.phase, refused.effect], ["failed", null]);
    let state = pollReducer(open, running(3));
    for (let i = 1; i < MOST_FAILURES; i += 1) {
      state = pollReducer(state, { type: "failed", error: { status: 0, code: "network" } });
      assert.equal(state.effect, "poll");
    }
    state = pollReducer(state, { type: "failed", error: { status: 0, code: "network" } });
    assert.deepEqual([state.phase, state.effect], ["failed", null]);
    // An answer in between clears the count.
    const recovered = pollReducer(pollReducer(pollReducer(open, running(3)), { type: "failed", error: { status: 0 } }), running(4));
    assert.equal(recovered.failures, 0);
  });

  test("a screen reader hears of the progress at each quarter, not at every poll", () => {
    assert.deepEqual([0, 3, 4, 8, 15, 16].map((done) => milestone(done, 16)), [0, 0, 1, 2, 3, 4]);
    let state = pollReducer(pollReducer(closedState(), { type: "open" }), running(0));
    assert.equal(newMilestone(state), 0);
    state = { ...state, said: 0 };
    assert.equal(newMilestone(pollReducer(state, running(2))), null);
    assert.equal(newMilestone(pollReducer(state, running(9))), 2);
  });
});

describe("a decision taken apart", () => {
  // Seat 1 swapped two cards where its Sheriff could have called the Hitman opposite it.
  const blunder = REPORT.decisions.find((d) => d.ply === 3);

  test("the best three other options are offered, the one played apart", () => {
    const others = alternatives(blunder);
    assert.equal(others.length, 3);
    assert.ok(others.every((o) => !o.played));
    assert.deepEqual(playedOption(blunder).action, blunder.played);
    assert.ok(others[0].chance >= others[1].chance && others[1].chance >= others[2].chance);
  });

  test("a better option is outlined first; a decision that played the best outlines its own", () => {
    assert.equal(firstShown(blunder), "alt-0");
    assert.deepEqual(optionFor(blunder, "alt-0").action, blunder.options[0].action);
    assert.deepEqual(optionFor(blunder, "played").action, blunder.played);
    assert.equal(optionFor(blunder, "alt-9"), null);
    const best = REPORT.decisions.find((d) => d.options[0].played);
    assert.equal(firstShown(best), "played");
  });

  test("each option names its cards and slots on the board: own card, their card, the slots", () => {
    assert.deepEqual(boardKeys({ type: "sheriff", col: 1, call: "hitman", target: 1, mayor: false }, 1), ["card:1-1", "card:0-1"]);
    assert.deepEqual(boardKeys({ type: "move", a: 5, b: 7, swap: true }, 1), ["card:1-5", "card:1-7"]);
    assert.deepEqual(boardKeys({ type: "take", col: 4, call: "vote" }, 0), ["card:0-4", "slot:4"]);
    assert.deepEqual(boardKeys({ type: "storekeep", col: 2, slots: [2, 3], supply: false, mayor: true }, 0), ["card:0-2", "slot:2", "slot:3"]);
    assert.deepEqual(boardKeys({ type: "dancer", col: 6, from: 8 }, 0), ["card:0-6", "card:1-8"]);
    assert.deepEqual(boardKeys({ type: "hitman", col: 3 }, 0), ["card:0-3", "card:1-3"]);
    assert.deepEqual(
      boardKeys({ type: "saloon", card: "sheriff", a: 2, b: 5, to_saloon: "indian", at_a: "sheriff" }, 0, ["mayor", "sheriff"]),
      ["saloon:0-1", "card:0-2", "card:0-5"],
    );
    assert.deepEqual(boardKeys({ type: "pass" }, 0), []);
    assert.deepEqual([...boardMarks({ type: "look", col: 2 }, 1, []).entries()], [
      ["card:1-2", { cls: "analysis-mark" }],
      ["slot:2", { cls: "analysis-mark" }],
    ]);
  });

  test("an action reads as the table offers it, naming the cards of the deciding seat", () => {
    const street = ["sheriff", "indian", "governor", "bandit", "storekeep", "dancer", "reporter", "hitman"];
    assert.equal(
      actionWords({ type: "sheriff", col: 1, call: "hitman", target: 1, mayor: false }, street),
      "Sheriff: Column 1 (Sheriff), calls Hitman, their column 1",
    );
    assert.equal(actionWords({ type: "move", a: 5, b: 7, swap: false }, street), "Move: Column 5 (Storekeep), Column 7 (Reporter), Only pretend");
    assert.equal(actionWords({ type: "take", col: 3, call: "election" }, street), "Take: Column 3 (Governor), calls Election");
    assert.equal(
      actionWords({ type: "storekeep", col: 5, mayor: true, supply: false, slots: [4, 6] }, street),
      "Storekeep: Column 5 (Storekeep), With the Mayor, Two slots, Slot 4, Slot 6",
    );
    assert.equal(
      actionWords({ type: "saloon", card: "mayor", a: 2, b: 4, to_saloon: "indian", at_a: "bandit" }, street),
      "Saloon exchange: Mayor, Indian goes in, Bandit at column 2, Mayor at column 4",
    );
    assert.equal(actionWords({ type: "intercept" }, street), "Intercept with the Sheriff");
  });
});

describe("the picture of what the opponent could tell", () => {
  test("each of the three cards has a row before and one after, 8 columns each", () => {
    const decision = REPORT.decisions[3];
    const rows = picture(decision.told);
    assert.deepEqual(rows.map((card) => card.card), ["governor", "hitman", "sheriff"]);
    for (const card of rows) {
      assert.deepEqual(card.rows.map((row) => row.when), ["before", "after"]);
      for (const row of card.rows) assert.deepEqual(row.cells.map((cell) => cell.col), [1, 2, 3, 4, 5, 6, 7, 8]);
    }
    // This seat's Hitman sat in the Saloon: no column at all, said so.
    assert.ok(rows[1].rows.every((row) => row.inSaloon));
    assert.equal(rows[1].likeliest, null);
    assert.equal(rows[0].rows[0].cells[0].percent, 14);
  });

  test("the darker the cell, the likelier the opponent thought the card stood there", () => {
    assert.ok(shade(0) > 0);
    assert.equal(shade(1), 1);
    assert.ok(shade(0.2) < shade(0.5) && shade(0.5) < shade(0.9));
    const [card] = picture([{ card: "governor", before: [0, 0, 0.5, 0.5, 0, 0, 0, 0], after: [0, 0, 0.1, 0.9, 0, 0, 0, 0] }]);
    assert.equal(card.likeliest, 4);
    assert.ok(card.rows[1].cells[3].shade > card.rows[0].cells[3].shade);
    assert.equal(card.rows[1].cells[3].percent, 90);
  });
});
