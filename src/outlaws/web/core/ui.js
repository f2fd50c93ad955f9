// @ts-check
// Small shared pieces of the page: the live region, the error banner, names of players,
// the focus kept across a redraw, a friend's invite link.

import { focusQuietly } from "./focus.js";
import { botLabel } from "./bots.js";
import { h } from "./dom.js";
import { t } from "./i18n.js";

/** Say `text` to screen readers (the polite live region). */
export function announce(text) {
  const live = document.getElementById("live");
  if (!live || !text) return;
  live.textContent = "";
  // A fresh node after a tick, so that the same words twice are read twice.
  setTimeout(() => {
    live.textContent = text;
  }, 30);
}

export function reducedMotion() {
  return window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
}

/** Codes whose server message says what matters (the rule broken, the field at fault). */
const DETAILED = new Set(["illegal_action", "bad_action", "bad_record", "invalid", "bad_message", "storage"]);

/** An error from the server (an ApiError or an `error` message body) in words: the
 * catalogue's title, and the server's own message when it names the rule or field. */
export function errorText(error) {
  if (!error) return "";
  const code = error.code || "http";
  const known = t(`error.${code}`);
  const title = known === `error.${code}` ? t("error.generic") : known;
  const detail = error.message && (DETAILED.has(code) || known === `error.${code}`)
    ? String(error.message).replace(/^R\d+(?:\.\d+)*:\s*/, "") // the words, not the rule id
    : "";
  return detail ? `${title} — ${detail}` : title;
}

/** The most characters of a name as it is shown: a longer one ends in "…" (the whole
 * of it, up to the server's 24, is the title of the places that have room for one). */
export const NAME_SHOWN = 16;

/** `name` cut to NAME_SHOWN characters, the last of them "…" (whole letters: an accent
 * or an emoji stays with its letter). */
export function shortName(name) {
  const text = String(name);
  const letters = typeof Intl !== "undefined" && Intl.Segmenter
    ? Array.from(new Intl.Segmenter().segment(text), (part) => part.segment)
    : [...text];
  if (letters.length <= NAME_SHOWN) return text;
  return `${letters.slice(0, NAME_SHOWN - 1).join("").trimEnd()}…`;
}

/** A name a guest chose, marked as one: no account vouches for it ("Ann (guest)"). */
export function guestNamed(name) {
  return t("player.guestNamed", { name });
}

/** What a seat is called before the two seats are told apart. */
function seatLabel(player, seat) {
  if (player && player.kind === "bot") return botLabel(player.bot);
  if (player && player.name) return player.name;
  // An imported game's seats were nobody's here; a person without a name is a guest.
  if (player && player.kind === "none") return t("player.seat", { n: seat + 1 });
  return t("player.guest");
}

/**
 * How seat `seat` of `players` (a game's `players`, or a lone seek) is called: the same
 * on every screen and to everyone (the lobby, the table, spectators, the replay): the
 * player's name, a bot's rank on the ladder, or "Guest". When both seats would read the
 * same (two guests, two bots alike, two players of one name), each gets its seat's
 * number: "Guest 1" and "Guest 2". Shortened to NAME_SHOWN characters, unless `full`.
 */
export function playerName(players, seat, { full = false } = {}) {
  const shown = (n) => {
    const player = (players || [])[n];
    const label = seatLabel(player, n);
    const name = full ? label : shortName(label);
    return player && player.guest && player.name ? guestNamed(name) : name;
  };
  const own = shown(seat);
  const other = 1 - seat;
  if ((players || [])[other] && shown(other) === own) return t("player.twin", { name: own, n: seat + 1 });
  return own;
}

/** Remember which control has the focus, to give it back after a re-render. */
export function focusMemo() {
  const el = document.activeElement;
  if (!el || el === document.body) return null;
  const testid = el.getAttribute("data-testid");
  if (!testid) return null;
  return { testid, value: el.getAttribute("data-value") };
}

/**
 * Give the focus back to the control `memo` remembered, found again in `root`.
 * @param {{testid: string, value: string | null} | null} memo
 * @param {ParentNode} [root]
 * @returns {boolean} whether it went back
 */
export function restoreFocus(memo, root = document) {
  if (!memo) return false;
  const selector = memo.value === null
    ? `[data-testid="${memo.testid}"]`
    : `[data-testid="${memo.testid}"][data-value="${CSS.escape(memo.value)}"]`;
  const el = /** @type {(HTMLElement & {disabled?: boolean}) | null} */ (root.querySelector(selector));
  if (el && !el.disabled && el !== document.activeElement) {
    focusQuietly(el, { preventScroll: true });
    return true;
  }
  return Boolean(el && el === document.activeElement);
}

/** The invite link of a friend's game, with a button to copy it. */
export function inviteBox(invite) {
  const url = `${location.origin}/#/join/${encodeURIComponent(invite)}`;
  const input = h("input", {
    type: "text",
    readonly: true,
    class: "invite-input",
    value: url,
    "data-testid": "invite-link",
    "aria-label": t("invite.label"),
    onfocus: (event) => event.target.select(),
  });
  const status = h("span", { class: "copied", role: "status" });
  const copy = h("button", {
    type: "button",
    class: "btn",
    "data-testid": "copy-invite",
    text: t("invite.copy"),
    onclick: async () => {
      try {
        await navigator.clipboard.writeText(url);
      } catch {
        input.select();
        document.execCommand("copy");
      }
      status.textContent = t("invite.copied");
    },
  });
  return h(
    "div",
    { class: "invite" },
    h("label", { text: t("invite.label") }),
    h("div", { class: "row" }, input, copy),
    status,
  );
}
