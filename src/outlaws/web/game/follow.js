// @ts-check
// Following the other seat: what the status bar says while its actions are played back
// (and the Skip button), that a bot is thinking, the last action marked on the board
// (and said in words), and, at the end, the action that decided the game. The functions
// that read events are pure; `decorateStatus` and `lastActionNote` draw.

import { h } from "../core/dom.js";
import { t } from "../core/i18n.js";
import { outcome } from "./gamestate.js";
import { describeAll } from "./log.js";

/** Events that begin an action of a seat (a `reveal` followed by its `take` too). */
const ACTION_START = new Set([
  "move", "saloon", "look", "hitman", "sheriff", "indian", "storekeep", "dancer",
  "reporter", "bandit", "reverend", "intercept", "cancel",
]);

function startsAction(events, i) {
  const event = events[i];
  if (ACTION_START.has(event.type)) return true;
  const next = events[i + 1];
  return event.type === "reveal" && Boolean(next) && next.type === "take" && next.seat === event.seat && next.col === event.col;
}

/** The events of the last action in `events` (up to the next action or turn), or []. */
export function lastAction(events) {
  for (let i = events.length - 1; i >= 0; i -= 1) {
    if (!startsAction(events, i)) continue;
    let end = i + 1;
    while (end < events.length && events[end].type !== "turn" && !startsAction(events, end)) end += 1;
    return events.slice(i, end);
  }
  return [];
}

/** The board's elements an action touched (the keys of the board's `fx` map), each with
 * the class that outlines it. */
export function touched(action) {
  const marks = new Map();
  const mark = (key) => marks.set(key, { cls: "last-touched" });
  for (const e of action) {
    const other = e.seat === null || e.seat === undefined ? null : 1 - e.seat;
    switch (e.type) {
      case "reveal":
        mark(`card:${e.seat}-${e.col}`);
        break;
      case "move":
      case "saloon":
        mark(`card:${e.seat}-${e.a}`);
        mark(`card:${e.seat}-${e.b}`);
        if (e.type === "saloon") {
          mark(`saloon:${e.seat}-0`);
          mark(`saloon:${e.seat}-1`);
        }
        break;
      case "look":
      case "take":
        mark(`slot:${e.col}`);
        break;
      case "storekeep":
        for (const slot of e.slots || []) mark(`slot:${slot}`);
        break;
      case "dancer":
        mark(`card:${e.seat}-${e.col}`);
        mark(`card:${other}-${e.col}`);
        mark(`card:${other}-${e.from}`);
        break;
      case "hitman":
        mark(`card:${other}-${e.col}`);
        break;
      case "sheriff":
      case "indian":
      case "reporter":
        mark(`card:${other}-${e.target}`);
        break;
      default:
        break;
    }
  }
  return marks;
}

/** Where each winning ending's deciding action is logged: the event and its key. */
const DECIDING = {
  good: { find: (e, w) => e.type === "take" && e.seat === w && e.taken && e.token === "election", key: "how.deciding.good" },
  bad: { find: (e, w) => e.type === "hitman" && e.seat === w, key: "how.deciding.bad" },
  ugly: {
    find: (e, w) => (e.type === "sheriff" && e.seat === w && e.call === "hitman") || (e.type === "intercept" && e.seat === w),
    key: "how.deciding.ugly",
  },
};
const DECIDING_KEYS = {
  "how.deciding.good": { won: "how.deciding.good.won", lost: "how.deciding.good.lost" },
  "how.deciding.bad": { won: "how.deciding.bad.won", lost: "how.deciding.bad.lost" },
  "how.deciding.ugly": { won: "how.deciding.ugly.won", lost: "how.deciding.ugly.lost" },
};

/** How the game was won, in words naming the deciding action ("Your Hitman shot their
 * Governor at column 4: you win by assassination"), or null (no such action logged). */
export function decidingText(state, name) {
  const { winner, loser, how, verdict } = outcome(state);
  const rule = how && Object.hasOwn(DECIDING, how) ? DECIDING[how] : null;
  if (!rule || winner === null) return null;
  const event = [...state.events].reverse().find((e) => rule.find(e, winner));
  if (!event) return null;
  const seated = state.seat !== null && state.seat !== undefined;
  const key = seated ? DECIDING_KEYS[rule.key][verdict === "won" ? "won" : "lost"] : rule.key;
  return t(key, { col: event.col, winner: name(winner), loser: name(loser) });
}

/**
 * What the status bar says beyond whose turn it is: "following" (an action of another
 * seat is being played back), "thinking" (a bot is to act and nothing is being shown), or
 * null. `actor`: the seat whose action is on screen (null: none).
 */
export function followMode(state, { running, actor }) {
  const seated = state.seat !== null && state.seat !== undefined;
  const own = seated && actor === state.seat;
  // One's own action is followed only when the page waits for it: the game's last one,
  // or one still within this seat's turn while the other seat's answer is queued behind
  // it (the next action was sent already: the turn on screen is not the page's to play).
  const showing = state.showing;
  const held = Boolean(showing && (showing.now || (seated && state.view && state.view.to_act === state.seat)));
  if (running && actor !== null && actor !== undefined && (!own || held)) return "following";
  const v = state.view;
  if (running || !v || state.status !== "playing" || v.to_act === null || v.to_act === undefined) return null;
  if (seated && v.to_act === state.seat) return null;
  const player = (state.players || [])[v.to_act];
  return player && player.kind === "bot" ? "thinking" : null;
}

/** What is said while `actor`'s action is shown: "Showing Bob's action…", or "Showing
 * your action…" for one's own (the game's last). */
export function followingText(state, actor, name) {
  const own = state.seat !== null && state.seat !== undefined && actor === state.seat;
  return own ? t("status.followingOwn") : t("status.following", { who: name(actor) });
}

/** The status bar, once drawn by gameview.renderStatus, says what followMode says. */
export function decorateStatus(el, state, { running, actor, name, onSkip }) {
  const mode = followMode(state, { running, actor });
  el.dataset.follow = mode || "";
  const text = el.querySelector(".turn-text");
  if (!mode || !text) return;
  el.classList.remove("mine");
  if (mode === "following") {
    text.textContent = followingText(state, actor, name);
    text.after(
      h("button", {
        type: "button",
        class: "btn small skip",
        "data-testid": "skip",
        title: t("status.skip.hint"),
        "aria-keyshortcuts": "Escape",
        text: t("status.skip"),
        onclick: onSkip,
      }),
    );
  } else {
    const who = name(state.view.to_act);
    text.replaceChildren(
      h("span", { "data-testid": "thinking", text: t("status.thinking", { who }) }),
      h("span", { class: "thinking-dots", "aria-hidden": "true" }, h("span"), h("span"), h("span")),
    );
  }
}

/** The last action in words, under the board (its cards and slots are outlined). */
export function lastActionNote(events, ctx) {
  const action = lastAction(events);
  const text = action.length ? describeAll(action.filter((e) => e.type !== "prompt"), ctx) : "";
  return h("p", { class: "last-action", "data-testid": "last-action", hidden: !text, text: text ? t("log.last", { text }) : "" });
}
