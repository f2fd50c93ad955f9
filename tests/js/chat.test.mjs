// The chat's logic (chatlog.js) and the mute remembered per game (chat.js): the list of
// messages a page holds, the checks before sending, the rate, the quick phrases in the
// reader's language, and what muting the opponent hides.

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { after, before, describe, test } from "node:test";

import { isMuted, setMuted } from "../../src/outlaws/web/chat/chat.js";
import {
  KEEP,
  MAX_TEXT,
  PHRASES,
  RATE_COUNT,
  RATE_WINDOW,
  addMessages,
  authorOf,
  chatOpen,
  cleanName,
  emptyChat,
  messageText,
  rateAllows,
  refusalText,
  textLength,
  textProblem,
  visibleMessages,
} from "../../src/outlaws/web/chat/chatlog.js";
import { setLanguage } from "../../src/outlaws/web/core/i18n.js";
import { inEnglish } from "./support.mjs";

const CATALOGUES = new URL("../../src/outlaws/web/i18n/", import.meta.url);

/** A message as the server sends it. */
function message(id, seat, { text = `m${id}`, phrase = null, author = "" } = {}) {
  return { id, room: seat === null ? "spectators" : "players", seat, author, text: phrase ? null : text, phrase, at: id };
}

/** Load `code`'s catalogue from disk as the page's language. */
async function inLanguage(code) {
  const saved = { fetch: globalThis.fetch, document: globalThis.document };
  globalThis.fetch = async (url) => {
    const text = readFileSync(new URL(String(url).split("/").pop(), CATALOGUES), "utf-8");
    return { ok: true, json: async () => JSON.parse(text) };
  };
  globalThis.document = { documentElement: {} };
  try {
    await setLanguage(code);
  } finally {
    globalThis.fetch = saved.fetch;
    globalThis.document = saved.document;
  }
}

before(inEnglish);

describe("the list of messages", () => {
  test("history and live messages are merged once each, in the room's order", () => {
    let chat = emptyChat();
    chat = addMessages(chat, [message(3, 0)]); // pushed live before the history came
    chat = addMessages(chat, [message(1, 0), message(2, 1), message(3, 0)]);
    chat = addMessages(chat, [message(3, 0)]); // the writer's answer and the push: once
    assert.deepEqual(chat.messages.map((m) => m.id), [1, 2, 3]);
  });

  test("the chat given is never changed, and only the latest KEEP are kept", () => {
    const first = addMessages(emptyChat(), [message(1, 0)]);
    const many = Array.from({ length: KEEP + 10 }, (_, i) => message(i + 2, i % 2));
    const next = addMessages(first, many);
    assert.equal(first.messages.length, 1);
    assert.equal(next.messages.length, KEEP);
    assert.equal(next.messages.at(-1).id, KEEP + 11);
  });

  test("something that is not a message is left out", () => {
    assert.deepEqual(addMessages(emptyChat(), [null, { id: "x" }, {}]).messages, []);
  });
});

describe("the checks before sending", () => {
  test("1 to 200 characters once trimmed, counted as the server counts them", () => {
    assert.equal(textProblem("   "), "empty");
    assert.equal(textProblem("x".repeat(MAX_TEXT)), null);
    assert.equal(textProblem(`  ${"x".repeat(MAX_TEXT)}  `), null);
    assert.equal(textProblem("x".repeat(MAX_TEXT + 1)), "long");
    // An emoji is one character (one code point), not two UTF-16 units.
    assert.equal(textLength("🤠".repeat(MAX_TEXT)), MAX_TEXT);
    assert.equal(textProblem("🤠".repeat(MAX_TEXT)), null);
  });

  test("control characters, line breaks and direction overrides are refused", () => {
    for (const text of ["a\nb", "bell\u0007", "\u202eevil", "a\u2028b", "tab\there"]) {
      assert.equal(textProblem(text), "control", JSON.stringify(text));
    }
    assert.equal(textProblem("<script>alert(1)</script>"), null); // text: shown as text
  });

  test("a guest's name is 1 to 24 characters, trimmed", () => {
    assert.equal(cleanName("  Cleo "), "Cleo");
    assert.equal(cleanName(""), null);
    assert.equal(cleanName("n".repeat(25)), null);
    assert.equal(cleanName("名前"), "名前");
  });

  test("at most RATE_COUNT messages in RATE_WINDOW", () => {
    const sent = Array.from({ length: RATE_COUNT }, (_, i) => 1000 + i);
    assert.equal(rateAllows(sent.slice(1), 2000).ok, true);
    assert.equal(rateAllows(sent, 2000).ok, false);
    const later = rateAllows(sent, 1000 + RATE_WINDOW);
    assert.equal(later.ok, true);
    assert.equal(later.recent.length, RATE_COUNT - 1); // the oldest has left the window
  });
});

describe("what a reader sees", () => {
  const players = [{ kind: "human", name: "Ann" }, { kind: "human", name: "Bob" }];

  test("the opponent muted: their messages hidden and counted, one's own shown", () => {
    const messages = [message(1, 0), message(2, 1), message(3, 1), message(4, 0)];
    assert.deepEqual(visibleMessages(messages, { muted: false, mySeat: 0 }), { shown: messages, hidden: 0 });
    const { shown, hidden } = visibleMessages(messages, { muted: true, mySeat: 0 });
    assert.deepEqual(shown.map((m) => m.id), [1, 4]);
    assert.equal(hidden, 2);
  });

  test("authors: You, the other seat by its name, a spectator by theirs", () => {
    const name = (seat) => players[seat].name;
    assert.equal(authorOf(message(1, 0, { author: "Ann" }), { mySeat: 0, name }), "You");
    assert.equal(authorOf(message(2, 1, { author: "" }), { mySeat: 0, name }), "Bob");
    assert.equal(authorOf(message(3, null, { author: "Cleo" }), { mySeat: null, name }), "Cleo");
    const guest = { ...message(4, null, { author: "Cleo" }), guest: true };
    assert.equal(authorOf(guest, { mySeat: null, name }), "Cleo (guest)");
  });

  test("a text is shown as written, markup included (it is set as text, never HTML)", () => {
    assert.equal(messageText(message(1, 0, { text: "<b>hi</b>" })), "<b>hi</b>");
  });

  test("a seat of a bot game has no chat; its spectators do", () => {
    const bot = [{ kind: "human" }, { kind: "bot", bot: "random" }];
    assert.equal(chatOpen({ seat: 0, players }), true);
    assert.equal(chatOpen({ seat: 0, players: bot }), false);
    assert.equal(chatOpen({ seat: null, players: bot }), true);
  });

  test("a refusal of the server in words", () => {
    assert.equal(refusalText({ code: "rate_limited" }), "Too many messages: wait a few seconds.");
    assert.equal(refusalText({ code: "chat_closed" }), "There is no chat in a game against a bot.");
    assert.match(refusalText({ code: "bad_chat", field: "name" }), /name/);
    assert.equal(refusalText({ code: "teapot" }), "The message was not sent.");
  });
});

describe("quick phrases in the reader's language", () => {
  after(inEnglish);

  test("the same phrase reads in each reader's own words", async () => {
    const gg = message(1, 1, { phrase: "gg" });
    assert.equal(messageText(gg), "Good game!");
    await inLanguage("pt");
    assert.equal(messageText(gg), "Boa partida!");
    await inLanguage("ja");
    assert.equal(messageText(gg), "ありがとうございました！");
  });

  test("every phrase has words in every catalogue, and an unknown key shows as itself", async () => {
    for (const code of ["en", "pt", "it", "ja"]) {
      const catalogue = JSON.parse(readFileSync(new URL(`${code}.json`, CATALOGUES), "utf-8"));
      for (const key of Object.values(PHRASES)) assert.ok(catalogue[key], `${code}: ${key}`);
    }
    assert.equal(messageText(message(1, 0, { phrase: "newer" })), "newer");
  });

  test("the page's phrases are the server's", () => {
    const server = readFileSync(new URL("../../src/outlaws/server/chat/rooms.py", import.meta.url), "utf-8");
    const listed = /PHRASES = frozenset\(\{([^}]*)\}\)/.exec(server)[1].match(/"(\w+)"/g).map((s) => s.slice(1, -1));
    assert.deepEqual(Object.keys(PHRASES).sort(), listed.sort());
  });
});

describe("the mute, remembered per game", () => {
  const store = new Map();
  before(() => {
    globalThis.localStorage = {
      getItem: (key) => (store.has(key) ? store.get(key) : null),
      setItem: (key, value) => store.set(key, String(value)),
    };
  });
  after(() => {
    delete globalThis.localStorage;
  });

  test("muting one game mutes no other, and unmuting forgets it", () => {
    setMuted("g1", true);
    assert.equal(isMuted("g1"), true);
    assert.equal(isMuted("g2"), false);
    setMuted("g1", false);
    assert.equal(isMuted("g1"), false);
  });

  test("broken storage is read as nothing muted", () => {
    store.set("outlaws.chatMuted", "{not json");
    assert.equal(isMuted("g1"), false);
  });
});
