// What the scenarios share: the captured friend game (fixtures/friend-game.json, made by
// fixtures/capture.py), the action space its legal masks are read with, and the English
// catalogue, so that labels read as on the page.

import { readFileSync } from "node:fs";

import { setLadder } from "../../src/outlaws/web/core/bots.js";
import { setLanguage } from "../../src/outlaws/web/core/i18n.js";

const FIXTURES = new URL("fixtures/", import.meta.url);
const CATALOGUES = new URL("../../src/outlaws/web/i18n/", import.meta.url);

/** The friend game of Ann (seat 0) and Bob (seat 1): every message each socket got, in
 * order (`seat0`, `seat1`), and Ann's notebook after turn 2 (`notebook0`). A fresh copy
 * each call: a test may change it. */
export function friendGame() {
  return JSON.parse(readFileSync(new URL("friend-game.json", FIXTURES), "utf-8"));
}

/** The answer of GET /actionspace (fixtures/actionspace.json, written by
 * fixtures/capture.py from the engine; tests/web/test_actionspace_fixture.py keeps it the
 * engine's): `{size, mask_bytes, actions}`. */
export const ACTION_SPACE = JSON.parse(readFileSync(new URL("actionspace.json", FIXTURES), "utf-8"));

/** The action space's templates, which read a message's legal mask: the page's
 * `reduce(state, message, { templates })`. */
export const templates = ACTION_SPACE.actions;

/** The messages of one seat's socket, of one type, in order. */
export function messagesOf(game, seat, type) {
  return game[`seat${seat}`].filter((message) => message.type === type);
}

/** Load en.json as the page's language (the page fetches it; here it is read from disk). */
export const inEnglish = () => inLanguage("en");

/** Load the catalogue of `code` as the page's language, read from disk. */
export async function inLanguage(code) {
  const saved = { fetch: globalThis.fetch, document: globalThis.document };
  globalThis.fetch = async (url) => {
    const name = String(url).split("/").pop();
    const text = readFileSync(new URL(name, CATALOGUES), "utf-8");
    return { ok: true, json: async () => JSON.parse(text) };
  };
  globalThis.document = { documentElement: {} };
  try {
    await setLanguage(code);
  } finally {
    globalThis.fetch = saved.fetch;
    if (saved.document === undefined) delete globalThis.document;
    else globalThis.document = saved.document;
  }
}

/** The ladder as GET /bots gives it (bots/ladder.py): weakest first, then the random bot. */
export const LADDER = {
  ladder: [
    { name: "beginner", spec: "novice:1", elo: 1406.0 },
    { name: "easy", spec: "novice:3", elo: 1734.0 },
    { name: "medium", spec: "heuristic", elo: 1959.0 },
    { name: "hard", spec: "search:3", elo: 2155.0 },
    { name: "expert", spec: "expert", elo: 2290.0 },
  ],
  off_ladder: [{ name: "random", spec: "random", elo: 1000.0 }],
};

/** The page's language English, and its bots named by the server's ladder (read at start). */
export async function inEnglishWithTheLadder() {
  await inEnglish();
  setLadder(LADDER);
}
