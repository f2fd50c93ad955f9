// @ts-check
// How the page calls a bot: by its rank on the server's difficulty ladder (GET /bots,
// read once when the page starts), else by its spec. The lobby offers the same ladder,
// weakest first, then the bots off it (the one that plays at random).

import { api } from "./api.js";
import { t } from "./i18n.js";

/**
 * A rung of the ladder, as GET /bots gives it.
 * @typedef {object} Rung
 * @property {string} name the rank a page shows (its catalogue key: `bot.rank.<name>`)
 * @property {string} spec the bot that plays it
 * @property {number} elo its strength measured in the arena
 */

/**
 * What the page needs of GET /bots' answer.
 * @typedef {object} Ladder
 * @property {Rung[]} ladder the rungs, weakest first
 * @property {Rung[]} off_ladder the bots named by a rank that are not on the ladder
 */

/** @type {Rung[]} The ladder's rungs, then the bots off it: none until it is read. */
let rungs = [];

/** Take the ladder of GET /bots' answer as the one the page names the bots by.
 * @param {Ladder} answer */
export function setLadder(answer) {
  rungs = [...answer.ladder, ...answer.off_ladder];
}

/** Read the ladder from the server; a page that could not keeps calling the bots by their
 * specs, and true says the ladder is known.
 * @returns {Promise<boolean>} */
export async function loadLadder() {
  try {
    setLadder(await api.bots());
    return true;
  } catch {
    return false;
  }
}

/** The bots the lobby offers, weakest first, then the ones off the ladder: [spec, key]. */
export function botChoices() {
  return rungs.map((rung) => [rung.spec, `bot.rank.${rung.name}`]);
}

/** The rank's key of a spec ("search" alone is "search:3"), or null for a bot off the ladder.
 * @param {string} spec
 * @returns {string | null} */
export function botRank(spec) {
  const key = spec === "search" ? "search:3" : spec;
  const rung = rungs.find((r) => r.spec === key);
  return rung ? `bot.rank.${rung.name}` : null;
}

/** How a bot is called ("novice:1": "Beginner bot", "search:5": "Bot search:5", off the ladder).
 * @param {string | null | undefined} spec
 * @returns {string} */
export function botLabel(spec) {
  if (!spec) return t("bot.generic");
  // The guided game's partner plays a script, not a rank of the ladder.
  if (spec === "tutorial") return t("bot.tutorial");
  const rank = botRank(spec);
  if (rank) return t("bot.ranked", { rank: t(rank) });
  return t("bot.named", { name: spec });
}
