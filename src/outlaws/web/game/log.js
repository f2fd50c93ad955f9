// @ts-check
// The game log in words: each event type of docs/events.md through a catalogue template.
// A template has a `.self` variant for the viewer's own events ("You ...").

import { cardName, has, sentences, t, tokenName } from "../core/i18n.js";

/**
 * The text of one event. `ctx.viewer` is the seat reading it (null: a spectator or a
 * replay); `ctx.name(seat)` is how a seat is called.
 */
export function describeEvent(event, ctx, actorCard = null) {
  const actor = actorCard ? cardName(actorCard) : null;
  const self = ctx.viewer !== null && ctx.viewer !== undefined && event.seat === ctx.viewer;
  const say = (key, params = {}) => {
    const chosen = self && has(`${key}.self`) ? `${key}.self` : key;
    const who = event.seat === null || event.seat === undefined ? "" : ctx.name(event.seat);
    return t(chosen, { who, turn: event.turn, ...params });
  };
  const withMayor = (text) => (event.mayor ? sentences([text, t("log.withMayor")]) : text);
  switch (event.type) {
    case "turn":
      return say("log.turn");
    case "move":
      if ("swap" in event) {
        return say(event.swap ? "log.move.swap" : "log.move.pretend", { a: event.a, b: event.b });
      }
      return say("log.move", { a: event.a, b: event.b });
    case "saloon": {
      const params = {
        card: cardName(event.card),
        a: event.a,
        b: event.b,
        to_saloon: cardName(event.to_saloon),
      };
      // The card that came out may be the one that went back in (R5.2).
      const base = event.card === event.to_saloon ? "log.saloon.same" : "log.saloon";
      if ("at_a" in event) return say(`${base}.known`, { ...params, at_a: cardName(event.at_a) });
      return say(base, params);
    }
    case "look": {
      // With `actor` (the card revealed to look or take), one line says both.
      const key = ("token" in event ? "log.look.token" : "log.look") + (actor ? ".card" : "");
      return say(key, { col: event.col, card: actor, token: "token" in event ? tokenName(event.token) : "" });
    }
    case "take":
      return say((event.taken ? "log.take.taken" : "log.take.missed") + (actor ? ".card" : ""), {
        col: event.col,
        card: actor,
        call: tokenName(event.call),
        token: tokenName(event.token),
      });
    case "reveal":
      return say("log.reveal", { col: event.col, card: cardName(event.card) });
    case "hitman":
      return say("log.hitman", { col: event.col });
    case "sheriff":
      return withMayor(
        say("log.sheriff", { col: event.col, call: cardName(event.call), target: event.target }),
      );
    case "indian":
      return withMayor(say("log.indian", { col: event.col, target: event.target }));
    case "storekeep": {
      const [s1, s2] = event.slots || [];
      const key = event.supply ? "log.storekeep.supply" : "log.storekeep";
      return withMayor(say(key, { col: event.col, s1, s2 }));
    }
    case "dancer":
      return say("log.dancer", { col: event.col, from: event.from });
    case "reporter":
      return withMayor(
        say("log.reporter", { col: event.col, call: cardName(event.call), target: event.target }),
      );
    case "headline":
      return say("log.headline", { col: event.col, card: cardName(event.card) });
    case "bandit":
      return say("log.bandit", { col: event.col, call: cardName(event.call) });
    case "steal":
      return say("log.steal", { token: tokenName(event.token) });
    case "reverend":
      return say("log.reverend", { col: event.col });
    case "freed":
      return say("log.freed", { col: event.col });
    case "prompt":
      return say(event.reaction === "cancel" ? "log.prompt.cancel" : "log.prompt.intercept");
    case "intercept":
    case "cancel":
    case "immobilized":
      return say(`log.${event.type}`, { col: event.col });
    case "pass":
    case "recovered":
      return say(`log.${event.type}`);
    case "sudden_death":
      return say("log.sudden_death");
    case "win":
      return say("log.win", { how: t(`how.short.${event.how}`) });
    case "limit":
      return say("log.limit");
    default:
      return t("log.unknown", { type: event.type });
  }
}

/** Abilities whose line names the card that acts: its own reveal adds nothing. */
const NAMES_ITS_CARD = new Set([
  "hitman", "sheriff", "indian", "storekeep", "dancer", "reporter", "bandit", "reverend", "intercept", "cancel",
]);

/** The acting card's reveal that belongs to `action` (same seat and column), if `other` is it. */
function ownReveal(action, other) {
  return Boolean(other && other.type === "reveal" && action && other.seat === action.seat && other.col === action.col);
}

/** What a wrong call cost, said after the target's reveal. */
const MISSED_CALL = { sheriff: "log.miss.sheriff", reporter: "log.miss.reporter" };

/**
 * When `events[i]` reveals the target of a shot or a call that missed, the catalogue key
 * of the sentence saying what it cost (the Bullet, the Handcuffs, the Headline marker),
 * else null. The action is the event just before the run of reveals that follows it.
 */
function missAt(events, i) {
  const reveal = events[i];
  let j = i - 1;
  while (j >= 0 && events[j].type === "reveal") j -= 1;
  const action = events[j];
  if (!action || reveal.seat === action.seat) return null;
  if (action.type === "hitman") {
    return reveal.col === action.col && reveal.card !== "governor" ? "log.miss.hitman" : null;
  }
  if (action.type === "sheriff" || action.type === "reporter") {
    return reveal.col === action.target && reveal.card !== action.call ? MISSED_CALL[action.type] : null;
  }
  return null;
}

/**
 * The log line of `events[i]`, or null when the line of its action already says it: the
 * reveal of the card that looks (logged after the `look`), takes (before the `take`) or
 * uses an ability is folded into that action's line, so that no line is said twice.
 */
export function describeAt(events, i, ctx) {
  const event = events[i];
  const before = events[i - 1];
  const after = events[i + 1];
  if (event.type === "reveal") {
    if (before && (before.type === "look" || NAMES_ITS_CARD.has(before.type)) && ownReveal(before, event)) return null;
    if (after && after.type === "take" && ownReveal(after, event)) return null;
  }
  if (event.type === "reveal") {
    const miss = missAt(events, i);
    if (miss) return sentences([describeEvent(event, ctx), t(miss)]);
  }
  if (event.type === "look" && ownReveal(event, after)) return describeEvent(event, ctx, after.card);
  if (event.type === "take" && ownReveal(event, before)) return describeEvent(event, ctx, before.card);
  return describeEvent(event, ctx);
}

/** The lines of `events` (folded as in the log), one string. */
export function describeAll(events, ctx) {
  return sentences(events.map((_, i) => describeAt(events, i, ctx)).filter(Boolean));
}

/** Events that show a card or a token to both seats: they are announced and flashed. */
export function isReveal(event) {
  return event.type === "reveal" || event.type === "take" || event.type === "headline";
}

/** How a log entry looks: the kind of event, for styling. */
export function eventClass(event) {
  if (event.type === "turn") return "ev-turn";
  if (event.type === "reveal" || event.type === "headline") return "ev-reveal";
  if (event.type === "win" || event.type === "limit") return "ev-end";
  if (event.type === "prompt") return "ev-prompt";
  return "ev-action";
}
