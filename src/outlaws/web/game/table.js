// @ts-check
// The table: two rows of eight cards, the token row between them, both Saloons and
// stashes. Built from a view (docs/format.md's state shape), for a viewer or a spectator.

import { h } from "../core/dom.js";
import { cardName, cardNarrow, cardShort, t, tn, tokenName } from "../core/i18n.js";
import { icon } from "../core/icons.js";

const STASH = ["bullet", "handcuffs", "vote", "election", "headline"];

/** Column numbers left to right as `bottom` sees them (R2.2: seat 1 sits across). */
export function columnsFor(bottom) {
  const cols = [1, 2, 3, 4, 5, 6, 7, 8];
  return bottom === 1 ? cols.reverse() : cols;
}

/** A character's face: its emblem, its whole name, and the name a narrow card has room
 * for (the same words, broken at set places). The table and the placement screen. */
export function faceContent(card) {
  return [
    h("span", { class: "emblem", html: icon(card) }),
    h(
      "span",
      { class: "label" },
      h("span", { class: "full", text: cardName(card) }),
      h("span", { class: "short", "aria-hidden": "true" }, ...syllables(cardNarrow(card))),
    ),
  ];
}

/** A narrow card's name, its soft hyphens drawn by the style sheet (`.syl::after`) and
 * not written in it: the words on the card stay the words of its accessible name. */
function syllables(name) {
  const parts = name.split("\u00ad");
  return parts.map((part, i) => (i < parts.length - 1 ? h("span", { class: "syl", text: part }) : part));
}

/** Odds written over a card or a slot: drawn by the style sheet (`[data-odds]::before`),
 * not written in the button, whose accessible name says them in full words ("Gov 14%" is
 * the Governor's). A voice-control user calls the button by its name, not by these. */
function oddsRow(cls, text) {
  return h("span", { class: cls, "data-odds": text });
}

function backContent() {
  return [h("span", { class: "emblem back-emblem", html: icon("back") })];
}

/**
 * The board element. `m` holds:
 *  view, bottom (seat at the bottom), viewer (seat or null), omniscient (a replay: all
 *  cards known), name(seat, {full}) (shortened unless full), flash (Map "seat-col" -> card shown for a moment),
 *  held (Map "seat-col" -> card revealed by the action still awaiting the viewer's reaction),
 *  slotFlash (Map col -> token), fx (Map element key -> {cls, dx}), selectable(kind, seat, x)
 *  and onPick(kind, seat, x), selected (key), picked and swapping (Sets of keys, panel.js
 *  boardPicks), notebook ({col -> [[card, p], ...]}) or null.
 */
export function renderBoard(m) {
  const top = 1 - m.bottom;
  const cols = columnsFor(m.bottom);
  const board = h("section", {
    class: `board bottom-${m.bottom}`,
    "aria-label": t("aria.board"),
    "data-testid": "board",
  });
  board.append(seatPanel(m, top, "top"));
  board.append(streetRow(m, top, cols, "far"));
  board.append(slotRow(m, cols));
  board.append(streetRow(m, m.bottom, cols, "near"));
  board.append(seatPanel(m, m.bottom, "bottom"));
  return board;
}

function ownerLabel(m, seat) {
  if (m.viewer !== null && m.viewer !== undefined) {
    return seat === m.viewer ? t("aria.yours") : t("aria.theirs", { who: m.name(seat) });
  }
  return t("aria.theirs", { who: m.name(seat) });
}

function streetRow(m, seat, cols, where) {
  const side = m.view.seats[seat];
  const row = h("div", {
    class: `street ${where}`,
    role: "group",
    "aria-label": t("aria.street", { owner: ownerLabel(m, seat) }),
    "data-testid": `street-${seat}`,
  });
  for (const col of cols) row.append(cardButton(m, seat, col, side));
  return row;
}

function cardButton(m, seat, col, side) {
  const key = `${seat}-${col}`;
  const card = side.street[col - 1];
  const flash = m.flash && m.flash.get(key);
  const held = m.held && m.held.get(key);
  const immobilized = side.immobilized.includes(col);
  const headlined = side.headlined.includes(col);
  const faceUp = immobilized || headlined;
  const shown = flash || held || card;
  const states = [];
  if (immobilized) states.push(t("aria.state.immobilized"));
  if (headlined) states.push(t("aria.state.headlined"));
  if (flash || held) states.push(t("aria.state.revealed"));
  const picked = Boolean(m.picked && m.picked.has(`card:${key}`));
  if (picked) states.push(t("aria.state.chosen"));
  const swapping = Boolean(m.swapping && m.swapping.has(`card:${key}`));
  const owner = ownerLabel(m, seat);
  let label = t("aria.card", { owner, col, card: shown ? cardName(shown) : t("card.hidden") });
  if (states.length) label += `, ${states.join(", ")}`;
  const selectable = m.selectable ? m.selectable("card", seat, col) : false;
  const classes = ["card", shown ? "face" : "back", seat === m.bottom ? "mine" : "theirs"];
  if (immobilized) classes.push("immobilized");
  if (headlined) classes.push("headlined");
  if (flash) classes.push("flash");
  if (m.omniscient && !faceUp && card) classes.push("secret");
  if (selectable) classes.push("selectable");
  if (m.selected === `card:${key}`) classes.push("selected");
  if (picked) classes.push("picked");
  if (swapping) classes.push("swapping");
  const fx = m.fx && m.fx.get(`card:${key}`);
  if (fx) classes.push(fx.cls);
  const button = h(
    "button",
    {
      type: "button",
      class: classes.join(" "),
      "data-testid": `card-${seat}-${col}`,
      "data-card": card || "hidden",
      "data-flash": flash || null,
      "data-held": held || null,
      "data-col": col,
      "data-seat": seat,
      "aria-label": label,
      "aria-current": m.selected === `card:${key}` ? "true" : null,
      disabled: !selectable,
      onclick: () => selectable && m.onPick("card", seat, col),
    },
    // The column's number is drawn (`data-col`), not written: in some languages the
    // label says it apart from the card's name ("…の3列目のカード：保安官").
    h("span", { class: "colnum", "aria-hidden": "true", "data-col": col }),
    ...(shown ? faceContent(shown) : backContent()),
  );
  if (fx && fx.dx !== undefined) button.style.setProperty("--dx", `${fx.dx}px`);
  const marks = h("span", { class: "marks", "aria-hidden": "true" });
  if (immobilized) marks.insertAdjacentHTML("beforeend", icon("chain", "mark"));
  if (headlined) marks.insertAdjacentHTML("beforeend", icon("headline", "mark"));
  if (marks.childNodes.length) button.append(marks);
  // The two cards a Move or a Saloon exchange is about to swap, shown as a pair.
  if (swapping) button.append(h("span", { class: "swap-mark", "aria-hidden": "true", text: "\u21c4" }));
  if (!shown && m.notebook && m.notebook[col]) {
    const list = h("span", { class: "nb", "data-testid": `nb-${col}` });
    for (const [name, p] of m.notebook[col].slice(0, 3)) {
      list.append(oddsRow("nb-row", `${cardShort(name)} ${Math.round(p * 100)}%`));
    }
    button.append(list);
    button.setAttribute(
      "aria-label",
      `${label}. ${t("aria.notebook", {
        list: m.notebook[col]
          .slice(0, 3)
          .map(([name, p]) => `${cardName(name)} ${Math.round(p * 100)}%`)
          .join(", "),
      })}`,
    );
  }
  return button;
}

function slotRow(m, cols) {
  const view = m.view;
  const row = h("div", {
    class: "slots",
    role: "group",
    "aria-label": t("aria.slots"),
    "data-testid": "slots",
  });
  const filled = typeof view.filled === "number" ? view.filled : view.slots.filter((s) => s).length;
  for (const col of cols) {
    const token = view.slots[col - 1];
    const flash = m.slotFlash && m.slotFlash.get(col);
    const state = token ? token : col <= filled ? "hidden" : "empty";
    const shown = flash || token;
    const selectable = m.selectable ? m.selectable("slot", null, col) : false;
    const classes = ["slot", shown ? "known" : state];
    if (flash) classes.push("flash");
    if (selectable) classes.push("selectable");
    const fx = m.fx && m.fx.get(`slot:${col}`);
    if (fx) classes.push(fx.cls);
    const spoken = shown ? tokenName(shown) : t(state === "empty" ? "token.empty" : "token.hidden");
    const odds = !shown && state === "hidden" && m.tokenNotebook ? m.tokenNotebook[col] : null;
    row.append(
      h(
        "button",
        {
          type: "button",
          class: classes.join(" "),
          "data-testid": `slot-${col}`,
          "data-token": state,
          "data-col": col,
          "aria-label": odds && odds.length
            ? `${t("aria.slot", { col, token: spoken })}. ${t("aria.notebook", {
              list: odds.slice(0, 3).map(([name, p]) => `${tokenName(name)} ${Math.round(p * 100)}%`).join(", "),
            })}`
            : t("aria.slot", { col, token: spoken }),
          disabled: !selectable,
          onclick: () => selectable && m.onPick("slot", null, col),
        },
        h("span", { class: "colnum", text: col }),
        // A space between the number and the token's name (nothing to see in the flex
        // box): read together they are "3 Bullet", as the label says ("Slot 3: Bullet"),
        // not "3Bullet", which a speech-input user could not say to press it.
        " ",
        state === "empty" && !flash
          ? h("span", { class: "token-face empty-mark" })
          : h(
              "span",
              { class: `token-face ${shown ? `tok-${shown}` : "tok-back"}` },
              h("span", { class: "emblem", html: icon(shown || "unknown") }),
              shown ? h("span", { class: "tok-name", text: tokenName(shown) }) : null,
            ),
        odds && odds.length
          ? h(
              "span",
              { class: "nb", "data-testid": `nb-slot-${col}` },
              // Each guess in one piece: a line may break between them, never inside
              // a name or between a name and its share.
              odds.slice(0, 2).map(([name, p]) => oddsRow("nb-odds", `${tokenName(name)} ${Math.round(p * 100)}%`)),
            )
          : null,
      ),
    );
  }
  return row;
}

function seatPanel(m, seat, where) {
  const side = m.view.seats[seat];
  const active = m.view.to_act === seat && m.view.status !== "over";
  const panel = h("div", {
    class: `seat-panel ${where}${active ? " active" : ""}`,
    "data-testid": `seat-${seat}`,
  });
  panel.append(
    h(
      "div",
      { class: "seat-name" },
      h("span", { class: "seat-dot", "aria-hidden": "true" }),
      h("span", { class: "seat-label", title: m.name(seat, { full: true }), "data-testid": `seat-name-${seat}`, text: m.name(seat) }),
    ),
  );
  const saloon = h("div", {
    class: "saloon",
    role: "group",
    "aria-label": t("aria.saloon", { owner: ownerLabel(m, seat) }),
  });
  saloon.append(h("span", { class: "saloon-title", text: t("table.saloon") }));
  side.saloon.forEach((card, i) => {
    const selectable = m.selectable ? m.selectable("saloon", seat, card) : false;
    const fx = m.fx && m.fx.get(`saloon:${seat}-${i}`);
    const classes = ["card", "face", "saloon-card"];
    if (selectable) classes.push("selectable");
    if (m.selected === `saloon:${seat}-${card}`) classes.push("selected");
    if (m.picked && m.picked.has(`saloon:${seat}-${card}`)) classes.push("picked");
    if (fx) classes.push(fx.cls);
    saloon.append(
      h(
        "button",
        {
          type: "button",
          class: classes.join(" "),
          "data-testid": `saloon-${seat}-${i}`,
          "data-card": card,
          "aria-label": t("aria.saloonCard", { owner: ownerLabel(m, seat), card: cardName(card) }),
          disabled: !selectable,
          onclick: () => selectable && m.onPick("saloon", seat, card),
        },
        ...faceContent(card),
      ),
    );
  });
  panel.append(saloon);
  const stash = h("ul", {
    class: "stash",
    "aria-label": t("aria.stash", { owner: ownerLabel(m, seat) }),
    "data-testid": `stash-${seat}`,
  });
  for (const kind of STASH) {
    const n = side.stash[kind] || 0;
    stash.append(
      h(
        "li",
        {
          class: `stash-item tok-${kind}${n ? "" : " none"}`,
          "data-kind": kind,
          "data-count": n,
          title: tn(`stash.${kind}`, n),
          "aria-label": tn(`stash.${kind}`, n),
        },
        h("span", { class: "emblem", html: icon(kind) }),
        h("span", { class: "count", "aria-hidden": "true", text: n }),
        h("span", { class: "stash-word", "aria-hidden": "true", text: t(`stash.word.${kind}`) }),
      ),
    );
  }
  panel.append(stash);
  return panel;
}

/** The table's own counters: reserve, discard, tokens set aside, sudden death. */
export function renderTableInfo(view) {
  const reserve = Array.isArray(view.reserve) ? view.reserve.length : view.reserve;
  const info = h("ul", { class: "table-info", "data-testid": "table-info" });
  info.append(
    h(
      "li",
      { "data-testid": "reserve", "data-count": reserve, title: tn("info.reserve", reserve) },
      h("span", { class: "emblem", html: icon("reserve") }),
      tn("info.reserve", reserve),
    ),
  );
  const discard = view.discard || {};
  info.append(
    h(
      "li",
      {
        "data-testid": "discard",
        "data-bullet": discard.bullet || 0,
        "data-handcuffs": discard.handcuffs || 0,
      },
      h("span", { class: "emblem", html: icon("discard") }),
      t("info.discard", {
        bullets: tn("stash.bullet", discard.bullet || 0),
        handcuffs: tn("stash.handcuffs", discard.handcuffs || 0),
      }),
    ),
  );
  const aside = view.aside || {};
  const asideCount = Object.values(aside).reduce((a, b) => a + b, 0);
  if (asideCount) info.append(h("li", { "data-testid": "aside" }, tn("info.aside", asideCount)));
  if (view.sudden_death) {
    info.append(h("li", { class: "sudden", "data-testid": "sudden-death" }, t("info.suddenDeath")));
  }
  return info;
}
