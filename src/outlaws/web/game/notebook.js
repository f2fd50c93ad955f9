// @ts-check
// The seat's notebook: what its own view lets it deduce of the opponent's face-down
// cards and of the token slots (GET /games/{id}/notebook, docs/protocol.md), and where
// each opponent card was last seen. Shown beside the table and over the board's cards.

import { h } from "../core/dom.js";
import { cardName, listOf, t } from "../core/i18n.js";
import { icon } from "../core/icons.js";
import { columnsFor } from "./table.js";

const CHARACTERS = [
  "governor", "hitman", "sheriff", "indian", "storekeep", "dancer", "reporter", "bandit", "reverend", "mayor",
];
/** Below this a guess is not worth a word. */
const SHOWN_FROM = 0.005;

/** col -> [[name, p], ...] most likely first: the opponent's face-down cards
 * (`field` "columns") or the face-down tokens ("tokens"). */
export function notebookColumns(notebook, field = "columns") {
  const out = {};
  if (!notebook || !Array.isArray(notebook[field])) return out;
  for (const column of notebook[field]) {
    out[column.col] = Object.entries(column.p || {})
      .filter(([, p]) => p > SHOWN_FROM)
      .sort((a, b) => b[1] - a[1]);
  }
  return out;
}

/** Where each opponent card was last seen, {card: {col, turn}}: the server's notebook,
 * else the reveals and headlines of the seat's own log. */
export function lastSeen(notebook, events, seat) {
  if (notebook && notebook.last_seen) return notebook.last_seen;
  const opponent = 1 - seat;
  const seen = {};
  for (const event of events) {
    if ((event.type === "reveal" || event.type === "headline") && event.seat === opponent) {
      seen[event.card] = { col: event.col, turn: event.turn };
    }
  }
  return seen;
}

/** The opponent's characters not seen yet, in the order of CHARACTERS: neither in `seen`
 * (lastSeen's answer) nor standing face up in their Saloon (`saloon`), in sight of all. */
export function notSeenYet(seen, saloon = []) {
  return CHARACTERS.filter((card) => !(seen && seen[card]) && !saloon.includes(card));
}

/** The notebook's state after a failed load: "missing" (this server has none) or "error". */
export function failedState(error) {
  return error.status === 404 && error.code === "not_found" ? "missing" : "error";
}

/**
 * The notebook of one seat's page. `hooks`: available() (a seat, not a spectator),
 * load() (a promise of the notebook), redraw() (after a load, while shown).
 */
export class Notebook {
  constructor(hooks) {
    this.hooks = hooks;
    this.shown = false;
    this.data = null;
    this.state = "off"; // loading, ok, missing, error
  }

  toggle() {
    this.shown = !this.shown;
    if (this.shown) this.reload();
  }

  /** Fetch it again (the position changed); the last one stays on screen meanwhile. */
  async reload() {
    if (!this.hooks.available()) return;
    this.state = this.data ? "ok" : "loading";
    try {
      this.data = await this.hooks.load();
      this.state = "ok";
    } catch (error) {
      this.data = null;
      this.state = failedState(error);
    }
    if (this.shown) this.hooks.redraw();
  }

  /** The guesses drawn over the board's cards and slots, while it is shown. */
  overlay() {
    return {
      notebook: this.shown ? notebookColumns(this.data) : null,
      tokenNotebook: this.shown ? notebookColumns(this.data, "tokens") : null,
    };
  }

  /** Draw it in `el` for `seat`, from its log `events` and its `view` of the table. */
  render(el, { seat, events, view }) {
    if (!this.shown || seat === null || seat === undefined) {
      el.hidden = true;
      return;
    }
    el.hidden = false;
    el.replaceChildren(h("h2", { id: "notebook-title", text: t("notebook.title") }));
    if (this.state === "missing") {
      el.append(h("p", { class: "hint", "data-testid": "notebook-missing", text: t("notebook.unavailable") }));
    } else if (this.state === "error") {
      el.append(h("p", { class: "hint", text: t("notebook.error") }));
    } else if (this.state === "loading") {
      el.append(h("p", { class: "hint", text: t("notebook.loading") }));
    } else {
      el.append(h("p", { class: "hint", text: t("notebook.explain") }), this.table());
    }
    const theirs = view && view.seats ? view.seats[1 - seat] : null;
    const saloon = theirs && Array.isArray(theirs.saloon) ? theirs.saloon : [];
    el.append(h("h3", { text: t("notebook.lastSeen") }), seenList(lastSeen(this.data, events, seat), saloon));
  }

  table() {
    const columns = notebookColumns(this.data);
    const table = h("table", { class: "nb-table", "data-testid": "notebook-table" });
    table.append(
      h(
        "thead",
        {},
        h(
          "tr",
          {},
          h("th", { scope: "col", text: t("notebook.col") }),
          h("th", { scope: "col", text: t("notebook.likely") }),
        ),
      ),
    );
    const body = h("tbody");
    for (const col of columnsFor(0)) {
      const row = columns[col] || [];
      const likely = row.length
        ? row.slice(0, 3).map(([card, p]) => `${cardName(card)} ${Math.round(p * 100)}%`).join(" · ")
        : t("notebook.faceUp");
      body.append(h("tr", {}, h("th", { scope: "row", text: col }), h("td", {}, likely)));
    }
    table.append(body);
    return table;
  }
}

function seenList(seen, saloon) {
  const list = h("ul", { class: "last-seen", "data-testid": "last-seen" });
  for (const card of CHARACTERS) {
    const where = seen[card];
    if (!where) continue;
    list.append(
      h(
        "li",
        { "data-card": card, "data-col": where.col, "data-turn": where.turn },
        h("span", { class: "emblem", html: icon(card) }),
        t("notebook.seenAt", { card: cardName(card), col: where.col, turn: where.turn }),
      ),
    );
  }
  const never = notSeenYet(seen, saloon).map(cardName);
  if (never.length) list.append(h("li", { class: "never", "data-testid": "never-seen" }, t("notebook.neverList", { list: listOf(never) })));
  return list;
}
