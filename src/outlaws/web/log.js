// The game log in words: each event type of docs/events.md through a catalogue template.
// A template has a `.self` variant for the viewer's own events ("You ...").

import { cardName, has, t, tokenName } from "./i18n.js";

/**
 * The text of one event. `ctx.viewer` is the seat reading it (null: a spectator or a
 * replay); `ctx.name(seat)` is how a seat is called.
 */
export function describeEvent(event, ctx) {
  const self = ctx.viewer !== null && ctx.viewer !== undefined && event.seat === ctx.viewer;
  const say = (key, params = {}) => {
    const chosen = self && has(`${key}.self`) ? `${key}.self` : key;
    const who = event.seat === null || event.seat === undefined ? "" : ctx.name(event.seat);
    return t(chosen, { who, turn: event.turn, ...params });
  };
  const withMayor = (text) => (event.mayor ? `${text} ${t("log.withMayor")}` : text);
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
      if ("at_a" in event) return say("log.saloon.known", { ...params, at_a: cardName(event.at_a) });
      return say("log.saloon", params);
    }
    case "look":
      if ("token" in event) return say("log.look.token", { col: event.col, token: tokenName(event.token) });
      return say("log.look", { col: event.col });
    case "take":
      return say(event.taken ? "log.take.taken" : "log.take.missed", {
        col: event.col,
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
