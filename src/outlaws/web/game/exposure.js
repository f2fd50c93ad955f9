// @ts-check
// Know your exposure: what the opponent can deduce of the seat's own cards, from public
// facts only (the notebook's `exposure`, docs/protocol.md), drawn over the seat's cards,
// and the pure rules that say which actions show a card or spend a token and which of
// them would give the Governor away (R5.3, R5.4, R5.7, R6.10).

import { cardName, cardShort, t } from "../core/i18n.js";

/** At or above this the opponent is certain (the server rounds to 12 decimals). */
export const CERTAIN = 1 - 1e-9;

/** The actions that show a card (R4.2) or spend a token, and so are confirmed: Look,
 * Take, every ability, and the two reactions. A Move, a Saloon exchange and a Pass
 * show nothing. */
export const REVEALING = new Set([
  "look", "take", "hitman", "sheriff", "indian", "storekeep", "dancer", "reporter", "bandit",
  "reverend", "intercept", "cancel",
]);

export function needsConfirm(action) {
  return Boolean(action) && REVEALING.has(action.type);
}

/** The seat's own columns an action shows to both seats: the acting card, and the Mayor
 * beside it when it extends the ability (R6.10: the card stands immediately to the
 * Mayor's right, R2.2). The reactions show a Sheriff or a Reverend the engine finds. */
export function shownColumns(action, seat) {
  if (!needsConfirm(action) || action.type === "intercept" || action.type === "cancel") return [];
  const cols = [action.col];
  if (action.mayor) cols.push(seat === 1 ? action.col + 1 : action.col - 1);
  return cols;
}

/** The notebook's `exposure` as {col: {p: {card: p}, governorIfShown}}; {} without one. */
export function exposureColumns(notebook) {
  const out = {};
  if (!notebook || !Array.isArray(notebook.exposure)) return out;
  for (const row of notebook.exposure) {
    out[row.col] = { p: row.p || {}, governorIfShown: Number(row.governor_if_shown) || 0 };
  }
  return out;
}

/**
 * Whether `action` gives the Governor away: "reveal" (it shows him), "certain" (after it
 * the opponent is sure of his column: the card shown was the only other place he could
 * be), or null. `street`: the seat's own cards, column 1 first; `exposure`:
 * exposureColumns() of the current position, or null when unknown (then only a reveal of
 * the Governor himself is caught). Nothing is given away that the opponent knows already.
 */
export function governorWarning(action, { seat, street, exposure }) {
  const cols = shownColumns(action, seat);
  if (!cols.length || !Array.isArray(street)) return null;
  const governor = street.indexOf("governor") + 1;
  if (!governor) return null;
  const known = exposure && exposure[governor] ? exposure[governor].p.governor || 0 : null;
  if (known !== null && known >= CERTAIN) return null;
  if (cols.includes(governor)) return "reveal";
  if (!exposure || known === null) return null;
  if (cols.some((col) => exposure[col] && exposure[col].governorIfShown >= CERTAIN)) return "certain";
  // Several cards shown at once (an ability with the Mayor): the columns still open to him.
  const open = Object.keys(exposure)
    .map(Number)
    .filter((col) => (exposure[col].p.governor || 0) > 0 && !cols.includes(col));
  return open.length === 1 && open[0] === governor ? "certain" : null;
}

/** What to write on one of the seat's cards: the opponent's odds for the Governor there,
 * and whether it knows the card for sure. */
export function exposureMark(row, card) {
  if (!row) return null;
  const governor = row.p.governor || 0;
  const sure = card ? (row.p[card] || 0) >= CERTAIN : false;
  return { governor, percent: Math.round(governor * 100), sure };
}

/** Draw the exposure over the seat's cards of a board that renderBoard (table.js) made. */
export function drawExposure(board, { seat, street, exposure }) {
  if (!board || !exposure) return;
  for (let col = 1; col <= 8; col += 1) {
    const el = board.querySelector(`[data-testid="card-${seat}-${col}"]`);
    const card = street ? street[col - 1] : null;
    const mark = exposureMark(exposure[col], card);
    if (!el || !mark) continue;
    const level = mark.sure ? "sure" : mark.governor >= 0.5 ? "high" : mark.governor > 0 ? "some" : "none";
    const tag = document.createElement("span");
    tag.className = `exposure ${level}`;
    tag.dataset.testid = `exposure-${col}`;
    tag.dataset.governor = String(mark.governor);
    tag.dataset.sure = mark.sure ? "true" : "false";
    tag.setAttribute("aria-hidden", "true");
    const odds = document.createElement("span");
    odds.className = "exposure-odds";
    odds.textContent = `${cardShort("governor")} ${mark.percent}%`;
    tag.append(odds);
    if (mark.sure) {
      const sure = document.createElement("span");
      sure.className = "exposure-sure";
      sure.textContent = t("prompt.exposure.known");
      tag.append(sure);
    }
    el.append(tag);
    el.classList.add("exposed");
    const said = t("prompt.exposure.aria", { p: mark.percent });
    const extra = mark.sure ? ` ${t("prompt.exposure.ariaKnown", { card: cardName(card) })}` : "";
    el.setAttribute("aria-label", `${el.getAttribute("aria-label")}. ${said}${extra}`);
  }
}
