// The browser's log lines (log.js) of given events, in a given language: what
// tests/cli/test_words.py holds the terminal's lines to. Not a test itself.
//
// Reads from standard input {"lang": code, "cases": [{"viewer": seat or null, "names":
// [name of seat 0, name of seat 1], "events": [event as the server sends it, ...]}]};
// writes a JSON list, per case, of the line of each event (null: folded into another).

import { readFileSync } from "node:fs";

import { setLanguage } from "../../src/outlaws/web/core/i18n.js";
import { describeAt } from "../../src/outlaws/web/game/log.js";

const CATALOGUES = new URL("../../src/outlaws/web/i18n/", import.meta.url);

// The page fetches its catalogues; here they are read from disk.
globalThis.fetch = async (url) => {
  const text = readFileSync(new URL(String(url).split("/").pop(), CATALOGUES), "utf-8");
  return { ok: true, json: async () => JSON.parse(text) };
};
globalThis.document = { documentElement: {} };

const input = JSON.parse(readFileSync(0, "utf-8"));
await setLanguage(input.lang);
const lines = input.cases.map(({ viewer, names, events }) => {
  const ctx = { viewer, name: (seat) => names[seat] };
  return events.map((_, i) => describeAt(events, i, ctx));
});
process.stdout.write(JSON.stringify(lines));
