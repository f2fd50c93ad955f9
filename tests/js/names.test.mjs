// How players are called: one name per seat, the same on every screen (the lobby, the
// table, spectators, the replay, the game over), bots by their rank on the ladder, a
// nameless player as a guest, and long names shortened with "…".

import assert from "node:assert/strict";
import { before, describe, test } from "node:test";

import { onlineText } from "../../src/outlaws/web/lobby/seeks.js";
import { NAME_SHOWN, playerName, shortName } from "../../src/outlaws/web/core/ui.js";
import { t } from "../../src/outlaws/web/core/i18n.js";
import { inEnglish, inEnglishWithTheLadder, inLanguage } from "./support.mjs";

before(inEnglishWithTheLadder);

const human = (name = null) => ({ kind: "human", bot: null, name, joined: true });
const bot = (spec) => ({ kind: "bot", bot: spec, name: spec, joined: true });
const both = (players) => [0, 1].map((seat) => playerName(players, seat));

describe("one name per seat", () => {
  test("a named player is their name, a nameless one a guest", () => {
    assert.deepEqual(both([human("Ann"), human()]), ["Ann", "Guest"]);
  });

  test("a name a guest chose is marked as a guest's: no account vouches for it", () => {
    const guest = { ...human("Ann"), guest: true };
    assert.deepEqual(both([guest, human("Ann")]), ["Ann (guest)", "Ann"]);
    const long = { ...human("Maximilian Alexander Long"), guest: true };
    assert.equal(playerName([long], 0), `${shortName(long.name)} (guest)`);
  });

  test("two nameless guests are told apart by their seat, the same way for everyone", () => {
    assert.deepEqual(both([human(), human()]), ["Guest 1", "Guest 2"]);
  });

  test("two players of one name are told apart too", () => {
    assert.deepEqual(both([human("Ann"), human("Ann")]), ["Ann 1", "Ann 2"]);
  });

  test("a bot is its rank on the ladder, never its spec", () => {
    assert.deepEqual(both([human(), bot("novice:1")]), ["Guest", "Beginner bot"]);
    assert.deepEqual(both([bot("novice:3"), bot("expert")]), ["Easy bot", "Expert bot"]);
    assert.equal(playerName([bot("search")], 0), "Hard bot");
  });

  test("a bot off the ladder keeps its spec after the word bot", () => {
    assert.equal(playerName([human("Ann"), bot("search:5")], 1), "Bot search:5");
  });

  test("the lobby's lists hold the same fields (kind, bot, name) and read the same", () => {
    const playing = [{ kind: "human", bot: null, name: null }, { kind: "bot", bot: "novice:1", name: "novice:1" }];
    assert.deepEqual(both(playing), ["Guest", "Beginner bot"]);
  });

  test("an open game of the lobby (its creator alone) reads as at the table", () => {
    assert.equal(playerName([{ name: null }], 0), "Guest");
    assert.equal(playerName([{ name: "Ann" }], 0), "Ann");
  });

  test("an imported game's seats, nobody's here, are its players by number", () => {
    assert.deepEqual(both([{ kind: "none" }, { kind: "none" }]), ["Player 1", "Player 2"]);
  });

  test("no players known yet: a guest, not an error", () => {
    assert.equal(playerName(undefined, 0), "Guest");
    assert.equal(playerName([], 1), "Guest");
  });
});

describe("a long name is shortened with …", () => {
  test(`up to ${NAME_SHOWN} characters a name is whole`, () => {
    assert.equal(shortName("M".repeat(NAME_SHOWN)), "M".repeat(NAME_SHOWN));
  });

  test("past that it ends in …, the whole within the limit", () => {
    const shown = shortName("M".repeat(24));
    assert.equal(shown, `${"M".repeat(NAME_SHOWN - 1)}…`);
    assert.equal([...shown].length, NAME_SHOWN);
  });

  test("letters are cut whole: an emoji or an accent stays with its letter", () => {
    const flags = "🇵🇹".repeat(20);
    assert.equal(shortName(flags), `${"🇵🇹".repeat(NAME_SHOWN - 1)}…`);
    const accents = "e\u0301".repeat(20);
    assert.equal(shortName(accents), `${"e\u0301".repeat(NAME_SHOWN - 1)}…`);
  });

  test("no space is left before the …", () => {
    assert.equal(shortName(`${"a".repeat(14)} ${"b".repeat(9)}`), `${"a".repeat(14)}…`);
  });

  test("playerName shortens, unless asked for the full name (a title)", () => {
    const long = "Maximiliana Wolfensteins";
    assert.equal(long.length, 24);
    assert.equal(playerName([human(long), human()], 0), "Maximiliana Wol…");
    assert.equal(playerName([human(long), human()], 0, { full: true }), long);
  });

  test("a shortened name before a waiting ellipsis reads with one …, in every language", async () => {
    const who = shortName("W".repeat(24));
    try {
      for (const code of ["en", "pt", "it", "ja"]) {
        await inLanguage(code);
        for (const key of ["act.wait", "status.following"]) {
          const text = t(key, { who });
          assert.ok(text.includes(who), `${code} ${key}: ${text}`);
          assert.ok(!text.includes("……") && !text.includes("… …"), `${code} ${key}: ${text}`);
        }
      }
    } finally {
      await inEnglish();
    }
  });

  test("the lobby's list of who is online shortens them too", () => {
    const long = "W".repeat(24);
    assert.equal(onlineText({ players: [long, "Bob"], count: 2, guests: 0 }), `Online: ${shortName(long)}, Bob.`);
  });

  test("two long names alike in their first letters are still told apart", () => {
    const players = [human(`${"M".repeat(20)}ann`), human(`${"M".repeat(20)}bob`)];
    assert.notEqual(playerName(players, 0), playerName(players, 1));
    assert.deepEqual(both(players).map((n) => n.endsWith(" 1") || n.endsWith(" 2")), [true, true]);
  });
});
