// How to play and the cards' tooltips: the sections of rules.js (every key in every
// catalogue, a section for every hint that links to one, no rule id left in what a player
// reads) and the timing of a long press in tooltip.js.

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { describe, mock, test } from "node:test";

import { ACTION_TYPES, REACTIONS } from "../../src/outlaws/web/game/actions.js";
import {
  ABILITY, ABILITY_LINE, CHARACTERS, SECTIONS, faceCard, sectionFor, sectionIds, sectionKeys, titleKey,
} from "../../src/outlaws/web/learn/rules.js";
import { LONG_PRESS_MS, PRESS_SLOP, pressTracker } from "../../src/outlaws/web/learn/tooltip.js";

const CATALOGUES = new URL("../../src/outlaws/web/i18n/", import.meta.url);
const LANGS = ["en", "pt", "it", "ja"];
const catalogue = (code) => JSON.parse(readFileSync(new URL(`${code}.json`, CATALOGUES), "utf-8"));

describe("the How-to-play sections", () => {
  test("the goal names the three ways to win, in words", () => {
    const goal = SECTIONS.find((s) => s.id === "goal");
    assert.deepEqual(goal.list, ["howto.win.election", "howto.win.assassination", "howto.win.arrest"]);
    const en = catalogue("en");
    assert.match(en["howto.win.election"], /^Election/);
    assert.match(en["howto.win.assassination"], /^Assassination/);
    assert.match(en["howto.win.arrest"], /^Arrest/);
  });

  test("the turn, the four basic actions and the characters each have a section", () => {
    const ids = SECTIONS.map((s) => s.id);
    for (const id of ["turn", "move", "saloon", "look", "take", "characters", "intercept", "cancel", "end"]) {
      assert.ok(ids.includes(id), id);
    }
    assert.equal(CHARACTERS.length, 10);
    assert.deepEqual(Object.keys(ABILITY).sort(), [...CHARACTERS].sort());
    assert.deepEqual(Object.keys(ABILITY_LINE).sort(), [...CHARACTERS].sort());
  });

  test("every key of the page is a real sentence in every language", () => {
    const keys = [...sectionKeys(), ...Object.values(ABILITY_LINE), "howto.button", "howto.title", "howto.more"];
    const english = catalogue("en");
    for (const code of LANGS) {
      const messages = catalogue(code);
      for (const key of keys) {
        assert.equal(typeof messages[key], "string", `${code}: ${key}`);
        assert.ok(messages[key].length > 1, `${code}: ${key}`);
      }
      if (code !== "en") {
        // Translated, not copied: the long texts differ from the English ones.
        const same = sectionKeys().filter((key) => key.startsWith("howto.") && messages[key] === english[key]);
        assert.deepEqual(same, [], code);
      }
    }
  });

  test("every action type, reaction and ending that is about a rule links to a section", () => {
    const ids = sectionIds();
    for (const type of ACTION_TYPES) assert.ok(ids.includes(sectionFor(type)), type);
    for (const kind of REACTIONS.filter((r) => r !== "pass")) assert.ok(ids.includes(sectionFor(kind)), kind);
    assert.equal(sectionFor("good"), "goal");
    assert.equal(sectionFor("bad"), "goal");
    assert.equal(sectionFor("ugly"), "goal");
    assert.equal(sectionFor("limit"), "end");
    assert.equal(sectionFor("hitman"), "hitman");
    assert.equal(sectionFor("resign"), null);
    assert.equal(sectionFor("timeout"), null);
  });

  test("a section's title: its heading, or the character's name", () => {
    assert.equal(titleKey("take"), "howto.take.title");
    assert.equal(titleKey("mayor"), "card.mayor");
    assert.equal(titleKey("nowhere"), "howto.title");
  });

  test("no rule id is left in anything a player reads (hints, prompts, endings, all)", () => {
    for (const code of LANGS) {
      const messages = catalogue(code);
      const withIds = Object.entries(messages).filter(([, text]) => /\bR\d+(\.\d+)+\b|\(R\d+\)/.test(text));
      assert.deepEqual(withIds, [], code);
    }
  });
});

describe("a face-up card", () => {
  test("is a character shown face up, by its data or its flash", () => {
    assert.equal(faceCard({ card: "sheriff" }, true), "sheriff");
    assert.equal(faceCard({ card: "hidden", flash: "mayor" }, true), "mayor");
    assert.equal(faceCard({ card: "sheriff" }, false), null);
    assert.equal(faceCard({ card: "hidden" }, true), null);
    assert.equal(faceCard(undefined, true), null);
  });
});

describe("a long press", () => {
  test("shows the tooltip after LONG_PRESS_MS, not before, and its click is not a pick", () => {
    mock.timers.enable({ apis: ["setTimeout"] });
    try {
      let shown = 0;
      const press = pressTracker({ onLong: () => (shown += 1), timers: globalThis });
      press.down(10, 10);
      mock.timers.tick(LONG_PRESS_MS - 1);
      assert.equal(shown, 0);
      assert.ok(press.pending);
      mock.timers.tick(1);
      assert.equal(shown, 1);
      assert.equal(press.up(), true);
    } finally {
      mock.timers.reset();
    }
  });

  test("a short tap is a click, and shows nothing", () => {
    mock.timers.enable({ apis: ["setTimeout"] });
    try {
      let shown = 0;
      const press = pressTracker({ onLong: () => (shown += 1), timers: globalThis });
      press.down(0, 0);
      mock.timers.tick(200);
      assert.equal(press.up(), false);
      mock.timers.tick(LONG_PRESS_MS);
      assert.equal(shown, 0);
    } finally {
      mock.timers.reset();
    }
  });

  test("a finger that drifts is scrolling: the press is off", () => {
    mock.timers.enable({ apis: ["setTimeout"] });
    try {
      let shown = 0;
      const press = pressTracker({ onLong: () => (shown += 1), timers: globalThis });
      press.down(0, 0);
      press.move(PRESS_SLOP - 2, 0);
      assert.ok(press.pending, "a small tremor keeps the press");
      press.move(0, PRESS_SLOP + 5);
      assert.equal(press.pending, false);
      mock.timers.tick(LONG_PRESS_MS * 2);
      assert.equal(shown, 0);
      assert.equal(press.up(), false);
    } finally {
      mock.timers.reset();
    }
  });

  test("the delay can be set, and a new press starts the count again", () => {
    const calls = [];
    const timers = {
      setTimeout: (fn, ms) => {
        calls.push({ fn, ms, cleared: false });
        return calls.length - 1;
      },
      clearTimeout: (id) => {
        calls[id].cleared = true;
      },
    };
    let shown = 0;
    const press = pressTracker({ onLong: () => (shown += 1), delay: 300, timers });
    press.down(0, 0);
    press.down(5, 5);
    assert.equal(calls.length, 2);
    assert.equal(calls[0].cleared, true);
    assert.equal(calls[1].ms, 300);
    calls[1].fn();
    assert.equal(shown, 1);
  });
});
