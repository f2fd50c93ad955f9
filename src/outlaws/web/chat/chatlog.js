// @ts-check
// The chat's logic, without the page (chat.js draws it): the list of messages a page
// holds, the checks a message passes before it is sent (the server's own: 1 to 200
// characters once trimmed, no control characters, 5 messages in 10 seconds), the quick
// phrases in the reader's language, and what muting the opponent hides.
// docs/protocol.md, Chat.

import { t } from "../core/i18n.js";
import { guestNamed, shortName } from "../core/ui.js";

/** The most characters of a message (code points, as the server counts them). */
export const MAX_TEXT = 200;
/** A guest spectator's name: 1 to 24 characters. */
export const MAX_NAME = 24;
/** Messages a page keeps (the server sends the latest 100 of a room). */
export const KEEP = 200;
/** The page's own rate, within the server's (5 at once, then one every 2 s): at most
 * RATE_COUNT messages in RATE_WINDOW ms, so that the server never has to refuse one. */
export const RATE_COUNT = 5;
export const RATE_WINDOW = 10_000;

/** The quick phrases, by the key the server knows, with the catalogue key of its words
 * (each reader sees a phrase in their own language). */
export const PHRASES = {
  hello: "chat.phrase.hello",
  gl: "chat.phrase.gl",
  gg: "chat.phrase.gg",
  wp: "chat.phrase.wp",
  thanks: "chat.phrase.thanks",
  oops: "chat.phrase.oops",
  think: "chat.phrase.think",
  bye: "chat.phrase.bye",
};

// Control characters (the server's Unicode Cc), the direction overrides and isolates,
// and the line and paragraph separators: refused by the server too.
const REFUSED = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069\u2028\u2029]/u;

/** How many characters `text` counts for the limit (code points: an emoji is one). */
export function textLength(text) {
  return [...String(text).trim()].length;
}

/** Whether `text` may be sent: null, or why not ("empty", "long", "control"). */
export function textProblem(text) {
  const n = textLength(text);
  if (n === 0) return "empty";
  if (n > MAX_TEXT) return "long";
  if (REFUSED.test(String(text).trim())) return "control";
  return null;
}

/** A guest's name, as the server keeps it (NFC, trimmed), if it may be used; else null. */
export function cleanName(name) {
  const trimmed = String(name || "").normalize("NFC").trim();
  const n = [...trimmed].length;
  return n >= 1 && n <= MAX_NAME && !REFUSED.test(trimmed) ? trimmed : null;
}

/** Whether one more message may be sent at `now` (ms), after those sent at `sent`
 * (ms, any order); and the times to keep. */
export function rateAllows(sent, now) {
  const recent = sent.filter((at) => now - at < RATE_WINDOW);
  return { ok: recent.length < RATE_COUNT, recent };
}

/** An empty chat. */
export function emptyChat() {
  return { messages: [] };
}

/** The chat with `incoming` messages added (a room's history, or one message pushed
 * live or answered to its writer): each once, in the room's order (by id), the latest
 * KEEP. Never changes the chat it is given. */
export function addMessages(chat, incoming) {
  const byId = new Map(chat.messages.map((m) => [m.id, m]));
  for (const message of incoming) {
    if (message && Number.isInteger(message.id)) byId.set(message.id, message);
  }
  const messages = [...byId.values()].sort((a, b) => a.id - b.id).slice(-KEEP);
  return { ...chat, messages };
}

/** Whether `message` is the opponent's (a seat's, not `mySeat`). */
export function fromOpponent(message, mySeat) {
  return message.seat !== null && message.seat !== undefined && message.seat !== mySeat;
}

/** The messages to show, and how many are hidden: with the opponent `muted`, theirs. */
export function visibleMessages(messages, { muted, mySeat }) {
  if (!muted) return { shown: messages, hidden: 0 };
  const shown = messages.filter((m) => !fromOpponent(m, mySeat));
  return { shown, hidden: messages.length - shown.length };
}

/** What a message says, in the reader's language for a phrase. */
export function messageText(message) {
  if (message.phrase) {
    return Object.hasOwn(PHRASES, message.phrase) ? t(PHRASES[message.phrase]) : message.phrase;
  }
  return message.text || "";
}

/** Who said it: "You" for the reader's own seat, the seat's name (`name(seat)`) for
 * the other, the spectator's own name in the spectators' room. */
export function authorOf(message, { mySeat, name }) {
  if (message.seat === null || message.seat === undefined) {
    if (!message.author) return "?";
    return message.guest ? guestNamed(shortName(message.author)) : shortName(message.author);
  }
  if (message.seat === mySeat) return t("chat.you");
  return name(message.seat);
}

/** Whether this reader has a chat at all: a seat has the players' room unless a bot
 * plays (nobody would read it); a spectator always has the spectators' room. */
export function chatOpen({ seat, players }) {
  if (seat === null || seat === undefined) return true;
  return !(players || []).some((p) => p && p.kind === "bot");
}

/** The words of a refusal of the server, by its code. */
export function refusalText(error) {
  switch (error && error.code) {
    case "rate_limited":
      return t("chat.error.rate");
    case "chat_closed":
      return t("chat.error.closed");
    case "bad_chat":
      return error.field === "name" ? t("chat.error.name") : t("chat.error.invalid");
    case "network":
      return t("chat.error.network");
    default:
      return t("chat.error.failed");
  }
}
