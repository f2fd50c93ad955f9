// @ts-check
// Pages that cannot go on, and say why with a way out: an invite opened again (if this
// browser took that seat with it, the way back to the seat; if it is spent, a page that
// says so) and a table the server refused (a wrong seat key, an unknown game).

import { api } from "./api.js";
import { h } from "./dom.js";
import { t } from "./i18n.js";
import * as store from "./store.js";

function notice(text, ...links) {
  return h(
    "section",
    { class: "panel join", "data-testid": "invite-notice" },
    h("h1", { text: t("join.title") }),
    h("p", { class: "lead", text }),
    h("div", { class: "row" }, ...links),
  );
}

const toLobby = (primary) => h("a", { class: `btn${primary ? " primary" : ""}`, href: "#/", "data-testid": "to-lobby", text: t("nav.lobby") });

/** The seat this browser took with `invite`: a notice with the link to it, or null. */
export function heldSeat(invite) {
  const entry = store.myGames().find((g) => g.joinedWith === invite);
  if (!entry) return null;
  const href = `#/game/${encodeURIComponent(entry.game)}/${encodeURIComponent(entry.token)}`;
  const open = h("a", { class: "btn primary", href, "data-testid": "open-seat", text: t("join.open") });
  return notice(t("join.yours"), open, toLobby(false));
}

/** A notice if `invite` is spent (or unknown), else null (the server cannot be asked:
 * null too, and joining will say what is wrong). */
export async function spentInvite(invite) {
  try {
    const status = await api.inviteStatus(invite);
    return status && status.open === false ? notice(t("error.unknown_invite"), toLobby(true)) : null;
  } catch {
    return null;
  }
}

/** The server refused this table's connection: the status bar says why, where it said
 * "Connecting…", with the way back to the lobby. */
export function refusedStatus(el, text) {
  el.dataset.connection = "refused";
  // An alert: this line is the one place that says it (the status bar is not live).
  el.replaceChildren(h("span", { class: "turn-text", "data-testid": "refused", role: "alert", text }), toLobby(true));
}
