// @ts-check
// The parts of the game page around the board, drawn from the page state: its skeleton,
// the status bar and clock, the error banner, the game-over and waiting panels, the
// toolbar and the log. Each function redraws one part; none keeps state of its own.

import { api } from "../core/api.js";
import { h } from "../core/dom.js";
import { t, tn } from "../core/i18n.js";
import { icon } from "../core/icons.js";
import * as store from "../core/store.js";
import { announce, inviteBox } from "../core/ui.js";
import { helpLink, howtoButton } from "../learn/howto.js";
import { sectionFor } from "../learn/rules.js";
import { decidingText } from "./follow.js";
import { isSeat, outcome } from "./gamestate.js";
import { describeAt, eventClass } from "./log.js";
import { clockFaces, CRITICAL } from "./notify.js";

/** The page's elements, empty, in place in `root`. `onResign`: the resignation confirmed. */
export function buildSkeleton(root, { connecting, onResign }) {
  root.replaceChildren();
  const e = {};
  e.banner = h("div", { class: "banner", role: "alert", "data-testid": "error", hidden: true });
  e.status = h("div", { class: "status-bar", "data-testid": "status", "aria-live": "off" });
  e.waiting = h("section", { class: "panel waiting", "data-testid": "waiting", hidden: true });
  e.boardWrap = h("div", { class: "board-wrap" });
  e.info = h("div", { class: "info-wrap" });
  e.over = h("section", { class: "panel game-over", "data-testid": "game-over", hidden: true, tabindex: "-1" });
  e.panel = h("section", { class: "panel action-panel", "data-testid": "action-panel", "aria-label": t("act.title") });
  e.toolbar = h("div", { class: "toolbar" });
  // It scrolls on its own where the side column is short: a keyboard user reaches it too.
  e.notebook = h("section", { class: "panel notebook", "data-testid": "notebook", tabindex: "0", "aria-labelledby": "notebook-title", hidden: true });
  // Focusable, so that the keyboard scrolls it; named by its heading.
  e.log = h("ol", { class: "log", "data-testid": "log", tabindex: "0", "aria-labelledby": "log-title" });
  e.logPanel = h(
    "section",
    { class: "panel log-panel", "aria-labelledby": "log-title" },
    h("h2", { id: "log-title", text: t("log.title") }),
    e.log,
  );
  followLogEnd(e.log);
  e.prompt = h("dialog", { class: "prompt", "data-testid": "prompt", "aria-labelledby": "prompt-title" });
  // A reaction must be answered: Escape does not close the prompt.
  e.prompt.addEventListener("cancel", (event) => event.preventDefault());
  e.confirm = confirmResign(onResign);
  // The placement screen (placement/placementview.js) stands in for the table until play begins.
  e.placing = h("div", { class: "placing-wrap", hidden: true });
  const layout = h(
    "div",
    { class: "game-layout" },
    h("div", { class: "table-col" }, e.boardWrap, e.info),
    // The log right under the action panel, the toolbar after it: on a low screen the log
    // keeps its newest lines in sight and the toolbar is what the side column scrolls to.
    h("div", { class: "side-col" }, e.over, e.waiting, e.prompt, e.panel, e.notebook, e.logPanel, e.toolbar),
  );
  e.layout = layout;
  const title = h("h1", { class: "sr-only", "data-testid": "table-title", text: t("table.heading") });
  // On a wide screen the board has the page's height to itself and everything else
  // (the status, a coach's box put after it, the panels) stacks beside it (core/style.css).
  const page = h("div", { class: "game-page" }, title, e.banner, e.status, e.placing, layout);
  root.append(page, e.confirm);
  if (connecting) e.status.textContent = t("status.connecting");
  return e;
}

function confirmResign(onResign) {
  const dialog = h(
    "dialog",
    { class: "confirm", "data-testid": "confirm-resign", "aria-labelledby": "confirm-title" },
    h("h2", { id: "confirm-title", text: t("resign.title") }),
    h("p", { text: t("resign.text") }),
    h(
      "div",
      { class: "row" },
      h("button", {
        type: "button",
        class: "btn danger",
        "data-testid": "resign-yes",
        text: t("resign.yes"),
        onclick: () => {
          dialog.close();
          onResign();
        },
      }),
      h("button", {
        type: "button",
        class: "btn",
        "data-testid": "resign-no",
        text: t("resign.no"),
        onclick: () => dialog.close(),
      }),
    ),
  );
  return dialog;
}

export function showError(banner, text) {
  banner.replaceChildren(
    h("span", { class: "banner-text", text }),
    h("button", {
      type: "button",
      class: "btn small",
      "data-testid": "error-close",
      "aria-label": t("banner.close"),
      text: "×",
      onclick: () => {
        banner.hidden = true;
      },
    }),
  );
  banner.hidden = false;
}

/** The status bar: whose turn, the turn number, the connection, the clock. Its data-*
 * attributes say the same to scripts. */
export function renderStatus(el, state, { connection, name }) {
  const v = state.view;
  const seated = state.seat !== null && state.seat !== undefined;
  el.dataset.status = state.status || "";
  el.dataset.phase = state.phase || "play";
  el.dataset.toAct = v.to_act === null || v.to_act === undefined ? "" : String(v.to_act);
  el.dataset.turn = String(v.turn);
  el.dataset.actionsLeft = String(v.actions_left);
  el.dataset.seat = seated ? String(state.seat) : "";
  el.dataset.connection = connection;
  let text;
  if (state.status === "waiting") text = t("status.waiting");
  else if (state.status === "over") text = t("status.over");
  else if (v.pending && v.to_act === state.seat && seated) text = t("status.react");
  else if (v.pending) text = t("status.othersReact", { who: name(v.to_act) });
  else if (seated && v.to_act === state.seat) text = tn("status.yourTurn", v.actions_left);
  else text = tn("status.theirTurn", v.actions_left, { who: name(v.to_act) });
  const parts = [
    h("span", { class: "turn-no", text: t("status.turn", { turn: v.turn }) }),
    h("span", { class: "turn-text", text }),
  ];
  if (v.sudden_death) parts.push(h("span", { class: "badge red", text: t("info.suddenDeath") }));
  if (connection === "reconnecting") parts.push(h("span", { class: "badge", text: t("status.reconnecting") }));
  parts.push(h("div", { class: "clocks", "data-testid": "clocks", role: "group", "aria-label": t("clock.label") }));
  el.replaceChildren(...parts);
  el.classList.toggle("mine", seated && v.to_act === state.seat && state.status === "playing");
  renderClock(el, state, name);
}

/** m:ss */
export function clockText(seconds) {
  const total = Math.max(0, Math.floor(seconds));
  return `${Math.floor(total / 60)}:${String(total % 60).padStart(2, "0")}`;
}

/** Both seats' clocks in the status bar, redrawn every second while a timed game is
 * played: the opponent's first and this seat's last, as on the board. The running one
 * is marked by an arrow, the word and a frame; a low one by a warning sign and words
 * (notify.js says when). With a clock the status bar stays in sight as the page scrolls
 * (`timed`: notify.css). */
export function renderClock(status, state, name) {
  const el = status && status.querySelector(".clocks");
  if (!el) return;
  const c = state.clock;
  const shown = Boolean(c) && state.status === "playing";
  status.classList.toggle("timed", shown);
  el.hidden = !shown;
  if (!shown) {
    el.replaceChildren();
    return;
  }
  const now = Date.now() / 1000 + state.clockOffset;
  const players = state.players || [];
  // Only the human seats are timed (docs/protocol.md): a bot's face says so.
  const faces = clockFaces(c, now, [0, 1].map((seat) => !(players[seat] && players[seat].kind === "bot")));
  const bottom = isSeat(state) ? state.seat : 0;
  el.replaceChildren(...[1 - bottom, bottom].map((seat) => clockFace(faces[seat], name(seat), seat === state.seat)));
}

/** One seat's clock: its state (running or waiting), its name, its time, its warning. */
function clockFace(face, who, mine) {
  const level = face.level === CRITICAL ? "critical" : face.level ? "low" : "ok";
  const classes = ["clock-face", face.running ? "running" : "waiting", level, face.timed ? "" : "untimed", mine ? "mine" : ""];
  return h(
    "span",
    {
      class: classes.filter(Boolean).join(" "),
      "data-testid": `clock-${face.seat}`,
      "data-running": String(face.running),
      "data-level": level,
    },
    h("span", { class: "clock-mark", html: icon(face.running ? "running" : "stopped") }),
    h("span", { class: "clock-name", text: who }),
    h("span", { class: "clock-time", text: face.timed ? clockText(face.left) : t("clock.untimed") }),
    h("span", { class: face.running ? "clock-runs" : "sr-only", text: t(face.running ? "clock.running" : "clock.waiting") }),
    level === "ok"
      ? null
      : h(
        "span",
        { class: "clock-warn", "data-testid": "clock-warning" },
        h("span", { class: "emblem", html: icon("warning") }),
        t(level === "critical" ? "clock.critical" : "clock.low"),
      ),
  );
}

/** Who won and how, with the links to the replay, the record and the lobby. */
export function renderOver(el, state, { game, name, extra = null }) {
  if (state.status !== "over") {
    el.hidden = true;
    return;
  }
  const wasHidden = el.hidden;
  // An imported record that stops before the end has no result: it is only watched.
  const { winner, loser, how, verdict } = outcome(state);
  let headline;
  if (!state.result) headline = t("status.over");
  else if (winner === null) headline = t("over.noWinner");
  else if (state.seat !== null && state.seat !== undefined) headline = winner === state.seat ? t("over.youWon") : t("over.youLost");
  else headline = t("over.won", { who: name(winner) });
  const detail = decidingText(state, name) || (!how ? "" : t(`how.${how}`, {
    winner: winner === null ? "" : name(winner),
    loser: loser === null ? "" : name(loser),
  }));
  el.dataset.winner = winner === null ? "none" : String(winner);
  el.dataset.how = how || "";
  el.className = `panel game-over ${verdict}`;
  el.replaceChildren(
    h("h2", { text: headline }),
    h("p", { class: "how" }, detail, " ", helpLink(sectionFor(how))),
    h(
      "div",
      { class: "row" },
      h("a", {
        class: "btn primary",
        href: `#/replay/${encodeURIComponent(game)}`,
        "data-testid": "open-replay",
        text: t("over.replay"),
      }),
      h("a", {
        class: "btn",
        href: `#/replay/${encodeURIComponent(game)}/analysis`,
        "data-testid": "open-analysis",
        text: t("analysis.open"),
      }),
      h("a", {
        class: "btn",
        href: api.recordUrl(game),
        download: `outlaws-${game}.json`,
        "data-testid": "export",
        text: t("over.export"),
      }),
      h("a", { class: "btn ghost", href: "#/", "data-testid": "to-lobby", text: t("nav.lobby") }),
    ),
    extra,
  );
  el.hidden = false;
  if (wasHidden) {
    announce(`${headline} ${detail}`);
    el.focus({ preventScroll: false });
  }
}

/** Until the friend joins: the invite link, if this browser made the game. */
export function renderWaiting(el, state, { game, token }) {
  if (state.status !== "waiting") {
    el.hidden = true;
    return;
  }
  const entry = store.seatEntry(game, token);
  // An open game is listed in the lobby while its creator stays at this table.
  const text = entry && entry.open ? t("waiting.open") : t("waiting.text");
  const title = t(entry && entry.open ? "waiting.titleOpen" : "waiting.title");
  el.replaceChildren(h("h2", { text: title }), h("p", { "data-testid": "waiting-text", text }));
  if (entry && entry.invite) el.append(inviteBox(entry.invite));
  el.hidden = false;
}

export function renderToolbar(bar, state, { notebookShown, onNotebook, onResign }) {
  bar.replaceChildren();
  if (state.seat !== null && state.seat !== undefined) {
    bar.append(
      h("button", {
        type: "button",
        class: "btn",
        "data-testid": "notebook-toggle",
        "aria-pressed": notebookShown ? "true" : "false",
        text: t(notebookShown ? "notebook.hide" : "notebook.show"),
        onclick: onNotebook,
      }),
    );
    if (state.status === "playing") {
      bar.append(
        h("button", {
          type: "button",
          class: "btn danger",
          "data-testid": "resign",
          text: t("resign.button"),
          onclick: onResign,
        }),
      );
    }
  }
  bar.append(howtoButton("ghost"));
  // Once the game is over, the game-over panel has the way to the lobby.
  if (state.status !== "over") bar.append(h("a", { class: "btn ghost", href: "#/", text: t("nav.lobby") }));
}

/** Keep the newest lines of `list` in sight when it is resized (a wide screen gives the
 * log what height the side column has left) or grows, unless the reader scrolled up.
 * Only a scroll up leaves the end: the event of a scroll to the end may come after more
 * lines were added, or after the notebook took some of the log's height, and must not
 * read as the reader leaving it. `list.dataset.follow` tells renderLog. */
function followLogEnd(list) {
  let lastTop = list.scrollTop;
  list.dataset.follow = "yes";
  list.addEventListener("scroll", () => {
    if (atLogEnd(list)) list.dataset.follow = "yes";
    else if (list.scrollTop < lastTop) list.dataset.follow = "no";
    lastTop = list.scrollTop;
  });
  new ResizeObserver(() => {
    if (list.dataset.follow === "yes") list.scrollTop = list.scrollHeight;
  }).observe(list);
}

const atLogEnd = (list) => list.scrollHeight - list.scrollTop - list.clientHeight < 40;

/** Append the events not yet listed (all of them again if the log was replaced); it
 * keeps to the bottom unless the reader scrolled up. Returns how many are listed.
 * `start` is the index in the whole log of `events[0]`: past 0 (the server left a long
 * game's older events out) a first line says where the earlier moves are. */
export function renderLog(list, events, listed, ctx, start = 0) {
  const nearBottom = list.dataset.follow ? list.dataset.follow === "yes" : atLogEnd(list);
  if (listed > events.length || list.dataset.start !== String(start)) {
    list.replaceChildren();
    listed = 0;
    list.dataset.start = String(start);
    if (start > 0) list.append(h("li", { class: "log-earlier", text: t("log.earlier") }));
  }
  for (let i = listed; i < events.length; i += 1) {
    const text = describeAt(events, i, ctx);
    if (text !== null) list.append(h("li", { class: eventClass(events[i]), "data-type": events[i].type, text }));
  }
  if (nearBottom) list.scrollTop = list.scrollHeight;
  return events.length;
}
