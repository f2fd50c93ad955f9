// Words of the table: the log's lines (log.js) where an action and the reveal of its
// card are said once, a Saloon exchange that reads right, and the bots named by rank.

import assert from "node:assert/strict";
import { before, describe, test } from "node:test";

import { describeAll, describeAt } from "../../src/outlaws/web/game/log.js";
import { botChoices, botLabel, botRank, setLadder } from "../../src/outlaws/web/core/bots.js";
import { LADDER, friendGame, inEnglishWithTheLadder } from "./support.mjs";

before(inEnglishWithTheLadder);

const ctx = (viewer) => ({ viewer, name: (seat) => ["Ann", "Bob"][seat] });
const lines = (events, viewer) => events.map((_, i) => describeAt(events, i, ctx(viewer))).filter((line) => line !== null);

describe("the log says each thing once", () => {
  test("a take then a look with the same card: no line repeated, the card named in each", () => {
    const events = [
      { turn: 2, type: "reveal", seat: 1, col: 3, card: "hitman" },
      { turn: 2, type: "take", seat: 1, col: 3, call: "bullet", token: "vote", taken: false },
      { turn: 2, type: "look", seat: 1, col: 3, token: "vote" },
      { turn: 2, type: "reveal", seat: 1, col: 3, card: "hitman" },
    ];
    const said = lines(events, 1);
    assert.deepEqual(said, [
      "Your Hitman at column 3 called Bullet, but the token is Vote: it stays.",
      "Your Hitman at column 3 looked at slot 3: Vote.",
    ]);
    assert.equal(new Set(said).size, said.length);
    assert.ok(!said.some((line) => line.includes("is revealed")));
  });

  test("an ability's own reveal is folded in; the target's reveal is kept", () => {
    const shot = friendGame().seat0.filter((m) => m.type === "events").flatMap((m) => m.events).slice(-6);
    const said = lines(shot, 1);
    assert.equal(said[0], "Ann's Hitman at column 3 pays a Bullet and shoots.");
    assert.equal(said[1], "Your card at column 3 is revealed: Governor.");
    assert.equal(said.filter((line) => line.includes("Hitman.")).length, 0);
  });

  test("a lone reveal (a beat read out alone) is still said", () => {
    const reveal = { turn: 2, type: "reveal", seat: 0, col: 4, card: "mayor" };
    assert.equal(describeAll([reveal], ctx(1)), "Ann's card at column 4 is revealed: Mayor.");
  });
});

describe("a miss says what it cost", () => {
  test("R6.2: a shot that reveals no Governor says the Bullet is spent", () => {
    const events = [
      { turn: 4, type: "hitman", seat: 0, col: 4 },
      { turn: 4, type: "reveal", seat: 0, col: 4, card: "hitman" },
      { turn: 4, type: "reveal", seat: 1, col: 4, card: "dancer" },
    ];
    assert.deepEqual(lines(events, 1), [
      "Ann's Hitman at column 4 pays a Bullet and shoots.",
      "Your card at column 4 is revealed: Dancer. A miss: the Bullet is spent.",
    ]);
  });

  test("R6.3: a wrong call with the Mayor says the Handcuffs are spent, on the target's line only", () => {
    const events = [
      { turn: 5, type: "sheriff", seat: 1, col: 5, call: "hitman", target: 6, mayor: true },
      { turn: 5, type: "reveal", seat: 1, col: 5, card: "sheriff" },
      { turn: 5, type: "reveal", seat: 1, col: 4, card: "mayor" },
      { turn: 5, type: "reveal", seat: 0, col: 6, card: "bandit" },
    ];
    const said = lines(events, 0);
    assert.equal(said.at(-1), "Your card at column 6 is revealed: Bandit. A miss: the Handcuffs are spent.");
    assert.equal(said.filter((line) => line.includes("A miss")).length, 1);
  });

  test("R6.7: a wrong call of the Reporter says the Headline marker is lost", () => {
    const events = [
      { turn: 6, type: "reporter", seat: 0, col: 2, call: "indian", target: 2, mayor: false },
      { turn: 6, type: "reveal", seat: 0, col: 2, card: "reporter" },
      { turn: 6, type: "reveal", seat: 1, col: 2, card: "storekeep" },
    ];
    assert.equal(lines(events, null).at(-1), "Bob's card at column 2 is revealed: Storekeep. A miss: the Headline marker is lost.");
  });

  test("R6.2, R6.3: a shot at the Governor and a right call say no miss", () => {
    const shot = friendGame().seat0.filter((m) => m.type === "events").flatMap((m) => m.events).slice(-6);
    const arrest = [
      { turn: 7, type: "sheriff", seat: 1, col: 3, call: "bandit", target: 3, mayor: false },
      { turn: 7, type: "reveal", seat: 1, col: 3, card: "sheriff" },
      { turn: 7, type: "reveal", seat: 0, col: 3, card: "bandit" },
      { turn: 7, type: "immobilized", seat: 0, col: 3 },
    ];
    assert.ok(![...lines(shot, 1), ...lines(arrest, 0)].some((line) => line.includes("A miss")));
  });
});

describe("a Saloon exchange reads right", () => {
  test("a card out and another in", () => {
    const e = { turn: 3, type: "saloon", seat: 0, card: "dancer", a: 2, b: 5, to_saloon: "mayor" };
    assert.equal(describeAt([e], 0, ctx(1)), "Ann exchanged through columns 2 and 5: the Dancer came out of the Saloon and the Mayor went in.");
  });

  test("the same card out and back in is not said as two moves", () => {
    const e = { turn: 3, type: "saloon", seat: 0, card: "dancer", a: 2, b: 5, to_saloon: "dancer" };
    const line = describeAt([e], 0, ctx(1));
    assert.equal(line, "Ann showed the Dancer from the Saloon and put it back, through columns 2 and 5 (swapped or not).");
    assert.ok(!line.includes("went in"));
    const mine = describeAt([{ ...e, at_a: "hitman" }], 0, ctx(0));
    assert.equal(mine, "You showed your Dancer from the Saloon and put it back through columns 2 and 5; the Hitman is at column 2.");
  });
});

describe("the bots are named by rank", () => {
  test("every rung of the ladder has a name, weakest to strongest, and random its own", () => {
    const ladder = ["novice:1", "novice:3", "heuristic", "search:3", "expert"].map(botLabel);
    assert.deepEqual(ladder, ["Beginner bot", "Easy bot", "Medium bot", "Hard bot", "Expert bot"]);
    assert.equal(botLabel("random"), "Random moves bot");
  });

  test("the lobby offers the server's ladder in its order, then the bots off it", () => {
    assert.deepEqual(botChoices(), [
      ["novice:1", "bot.rank.beginner"],
      ["novice:3", "bot.rank.easy"],
      ["heuristic", "bot.rank.medium"],
      ["search:3", "bot.rank.hard"],
      ["expert", "bot.rank.expert"],
      ["random", "bot.rank.random"],
    ]);
  });

  test("the names and ranks follow the ladder the server gives, not one of the page's own", () => {
    try {
      setLadder({ ladder: [{ name: "easy", spec: "expert", elo: 1500 }], off_ladder: [] });
      assert.equal(botLabel("expert"), "Easy bot");
      assert.equal(botRank("expert"), "bot.rank.easy");
      assert.equal(botLabel("novice:1"), "Bot novice:1");
      assert.equal(botRank("random"), null);
      assert.deepEqual(botChoices(), [["expert", "bot.rank.easy"]]);
    } finally {
      setLadder(LADDER);
    }
  });

  test("before the ladder is read, a bot is called by its spec and none is offered", () => {
    try {
      setLadder({ ladder: [], off_ladder: [] });
      assert.equal(botLabel("novice:1"), "Bot novice:1");
      assert.equal(botLabel("tutorial"), "Practice bot");
      assert.deepEqual(botChoices(), []);
    } finally {
      setLadder(LADDER);
    }
  });

  test("'search' alone is level 3; a bot off the ladder keeps its spec; none is a bot", () => {
    assert.equal(botRank("search"), "bot.rank.hard");
    assert.equal(botLabel("cautious:2"), "Bot cautious:2");
    assert.equal(botLabel("search:5"), "Bot search:5");
    assert.equal(botLabel(null), "Bot");
  });

  test("the guided game's partner is the practice bot, not 'Bot tutorial'", () => {
    assert.equal(botLabel("tutorial"), "Practice bot");
  });

  test("no name reads 'Bot, level'", () => {
    assert.ok(!botLabel("search:3").includes("level"));
  });
});
