// A game at the table: a seat's (#/game/{id}/{token}) or a spectator's (#/watch/{id}).
// Everything shown comes from the server's messages: the engine's view for this seat, its
// event log and its legal actions. Acting only filters the legal list (actions.js).

import { Chooser, expandLegal } from "./actions.js";
import { api, GameSocket } from "./api.js";
import { cardName, listOf, t, tn } from "./i18n.js";
import { icon } from "./icons.js";
import { describeEvent, eventClass } from "./log.js";
import * as store from "./store.js";
import { columnsFor, h, renderBoard, renderTableInfo } from "./table.js";
import { announce, errorText, focusMemo, playerName, restoreFocus } from "./ui.js";

/** Events that begin a new beat of the animation (see splitBeats). */
const BEAT_START = new Set([
  "turn", "move", "saloon", "look", "hitman", "sheriff", "indian", "storekeep", "dancer",
  "reporter", "bandit", "reverend", "intercept", "cancel", "pass", "sudden_death",
]);
const REVEAL_MS = 1500;
const MOVE_MS = 800;

/** Cut new events into beats, one an action: a beat's reveals are shown together. */
export function splitBeats(events) {
  const beats = [];
  let beat = null;
  events.forEach((event, i) => {
    const next = events[i + 1];
    const startsTake = event.type === "reveal" && next && next.type === "take";
    const joinsTake = event.type === "take" && beat && beat.opensTake;
    if (!beat || (BEAT_START.has(event.type) && !joinsTake) || startsTake) {
      beat = { events: [], opensTake: startsTake };
      beats.push(beat);
    }
    beat.events.push(event);
  });
  return beats;
}

export class GamePage {
  constructor({ game, token = null }) {
    this.game = game;
    this.token = token;
    this.seat = null;
    this.view = null;
    this.events = [];
    this.legal = null;
    this.status = null;
    this.result = null;
    this.players = [];
    this.kind = null;
    this.clock = null;
    this.clockOffset = 0;
    this.chooser = new Chooser([], this.context());
    this.busy = false;
    this.ref = 0;
    this.pendingRef = null;
    this.position = null;
    this.actions = 0;
    this.sentAt = -1;
    this.flash = new Map();
    this.slotFlash = new Map();
    this.fx = new Map();
    this.beats = [];
    this.beatTimer = null;
    this.notebookOn = false;
    this.notebook = null;
    this.notebookState = "off";
    this.connection = "connecting";
    this.focusPanel = false;
    this.loggedCount = 0;
    this.lastTurnAnnounced = null;
    this.onKey = (event) => this.keydown(event);
  }

  // -- life cycle ----------------------------------------------------------------------
  mount(root) {
    this.root = root;
    this.build();
    this.socket = new GameSocket(this.game, this.token, {
      onMessage: (message) => this.receive(message),
      onState: (state, code) => this.connectionState(state, code),
      heldEvents: () => this.events.length,
    });
    this.socket.connect();
    this.clockTimer = setInterval(() => this.renderClock(), 1000);
    document.addEventListener("keydown", this.onKey);
  }

  destroy() {
    if (this.socket) this.socket.close();
    clearInterval(this.clockTimer);
    clearTimeout(this.beatTimer);
    document.removeEventListener("keydown", this.onKey);
    document.body.classList.remove("has-sheet");
    for (const dialog of this.root.querySelectorAll("dialog[open]")) dialog.close();
  }

  /** The language changed: build everything again in the new words. */
  refresh() {
    this.build();
    if (this.view) this.render();
  }

  get isSeat() {
    return this.seat !== null && this.seat !== undefined;
  }

  context() {
    return {
      seat: this.seat,
      ownCard: (col) => this.view.seats[this.seat].street[col - 1],
      oppCard: (col) => this.view.seats[1 - this.seat].street[col - 1],
      slotToken: (col) => this.view.slots[col - 1],
    };
  }

  name(seat) {
    if (this.isSeat && seat === this.seat) return t("player.you");
    return playerName(this.players[seat], seat, this.isSeat);
  }

  // -- the page's skeleton -------------------------------------------------------------
  build() {
    this.root.replaceChildren();
    this.loggedCount = 0;
    this.els = {};
    const e = this.els;
    e.banner = h("div", { class: "banner", role: "alert", "data-testid": "error", hidden: true });
    e.status = h("div", { class: "status-bar", "data-testid": "status", "aria-live": "off" });
    e.waiting = h("section", { class: "panel waiting", "data-testid": "waiting", hidden: true });
    e.boardWrap = h("div", { class: "board-wrap" });
    e.info = h("div", { class: "info-wrap" });
    e.over = h("section", {
      class: "panel game-over",
      "data-testid": "game-over",
      hidden: true,
      tabindex: "-1",
    });
    e.panel = h("section", {
      class: "panel action-panel",
      "data-testid": "action-panel",
      "aria-label": t("act.title"),
    });
    e.toolbar = h("div", { class: "toolbar" });
    e.notebook = h("section", { class: "panel notebook", "data-testid": "notebook", hidden: true });
    e.log = h("ol", { class: "log", "data-testid": "log" });
    e.logPanel = h(
      "section",
      { class: "panel log-panel", "aria-labelledby": "log-title" },
      h("h2", { id: "log-title", text: t("log.title") }),
      e.log,
    );
    e.prompt = h("dialog", {
      class: "prompt",
      "data-testid": "prompt",
      "aria-labelledby": "prompt-title",
    });
    e.prompt.addEventListener("cancel", (event) => event.preventDefault());
    e.confirm = this.buildConfirm();
    const layout = h(
      "div",
      { class: "game-layout" },
      h("div", { class: "table-col" }, e.boardWrap, e.info),
      h("div", { class: "side-col" }, e.over, e.waiting, e.panel, e.toolbar, e.notebook, e.logPanel),
    );
    this.root.append(e.banner, e.status, layout, e.prompt, e.confirm);
    if (!this.view) e.status.textContent = t("status.connecting");
  }

  buildConfirm() {
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
            this.resign();
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

  // -- messages from the server --------------------------------------------------------
  receive(message) {
    switch (message.type) {
      case "hello":
        this.hello(message);
        break;
      case "events":
        this.update(message);
        break;
      case "accepted":
        if (message.ref === this.pendingRef) this.pendingRef = null;
        break;
      case "resigned":
        this.busy = false;
        break;
      case "error":
        this.serverError(message);
        break;
      default:
        break;
    }
  }

  common(message) {
    this.seat = message.seat;
    this.actions = message.actions;
    this.status = message.status;
    this.result = message.result;
    this.players = message.players || this.players;
    this.clock = message.clock;
    if (this.clock && typeof this.clock.now === "number") {
      this.clockOffset = this.clock.now - Date.now() / 1000;
    }
    if (message.kind) this.kind = message.kind;
    // A new position (an action stored, or the game ended): choices start again.
    const position = `${message.actions}:${message.status}:${message.view.to_act}`;
    const legal = expandLegal(message.legal);
    const changed = position !== this.position || JSON.stringify(legal) !== JSON.stringify(this.legal);
    this.position = position;
    this.legal = legal;
    if (changed || !this.chooser) this.chooser = new Chooser(this.legal, this.context());
    if (this.busy && (message.actions > this.sentAt || message.status === "over")) this.busy = false;
    this.chooser.ctx = this.context();
  }

  hello(message) {
    const { log, ...view } = message.view;
    const first = this.view === null;
    const held = this.events.length;
    const fresh = log.slice(Math.max(0, held - message.since));
    this.events = this.events.slice(0, Math.min(held, message.since)).concat(log);
    this.view = view;
    this.common(message);
    if (first) {
      this.render();
      this.announceTurn(true);
    } else {
      this.render();
      this.play(fresh);
    }
    if (this.isSeat && store.seatEntry(this.game, this.token) === null) {
      store.remember({ game: this.game, seat: this.seat, token: this.token, kind: this.kind });
    }
  }

  update(message) {
    const held = this.events.length;
    if (message.since > held) {
      this.socket.send({ op: "sync", since: held });
      return;
    }
    const fresh = message.events.slice(held - message.since);
    this.events = this.events.concat(fresh);
    this.view = message.view;
    this.common(message);
    this.render();
    this.play(fresh);
    if (this.notebookOn) this.loadNotebook();
  }

  serverError(message) {
    const error = message.error || {};
    if (message.ref !== undefined && message.ref === this.pendingRef) {
      this.pendingRef = null;
      this.busy = false;
      this.chooser.reset();
      this.render();
    }
    this.showError(errorText(error));
  }

  connectionState(state, code) {
    this.connection = state;
    if (state === "refused") {
      this.showError(t(code === 4004 ? "error.unknown_game" : "error.bad_token"));
    }
    if (this.view) this.renderStatus();
  }

  showError(text) {
    const banner = this.els.banner;
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

  // -- acting --------------------------------------------------------------------------
  myTurn() {
    return this.isSeat && this.status === "playing" && Array.isArray(this.legal) && this.legal.length > 0;
  }

  send(action) {
    this.ref += 1;
    this.pendingRef = this.ref;
    this.busy = true;
    this.sentAt = this.actions;
    this.els.banner.hidden = true;
    this.socket.send({ op: "action", action, ref: this.ref });
    // The keyboard's focus goes back to the table once the action is stored.
    const focused = document.activeElement;
    this.refocus = Boolean(focused && this.root.contains(focused) && focused !== document.body);
    this.chooser.reset();
    this.render();
  }

  resign() {
    this.ref += 1;
    this.pendingRef = this.ref;
    this.busy = true;
    this.sentAt = Infinity;
    this.socket.send({ op: "resign", ref: this.ref });
  }

  pick(kind, seat, x) {
    if (this.busy || !this.myTurn()) return;
    const now = this.chooser.current();
    if (now.stage === "step") {
      const option = now.options.find((o) => matchesTarget(o.target, kind, seat, x));
      if (option) {
        this.choose(option.value);
        return;
      }
    }
    if (seat !== this.seat) return;
    const key = kind === "card" ? `col:${x}` : kind === "saloon" ? `saloon:${x}` : null;
    if (key && this.chooser.pick(key)) {
      this.focusPanel = true;
      this.render();
    }
  }

  chooseType(type) {
    if (this.busy) return;
    this.chooser.chooseType(type);
    this.advance();
  }

  choose(value) {
    if (this.busy) return;
    const action = this.chooser.choose(value);
    if (action) {
      this.send(action);
      return;
    }
    this.advance();
  }

  advance() {
    const now = this.chooser.current();
    if (now.stage === "done") {
      this.send(now.action);
      return;
    }
    this.focusPanel = true;
    this.render();
  }

  cancel() {
    const anchor = this.chooser.anchor;
    this.chooser.back();
    if (!this.chooser.anchor && anchor) {
      this.render();
      const key = anchor.kind === "col" ? `card-${this.seat}-${anchor.col}` : null;
      const el = key
        ? this.root.querySelector(`[data-testid="${key}"]`)
        : this.root.querySelector(`[data-card="${anchor.card}"].saloon-card`);
      if (el && !el.disabled) el.focus();
      return;
    }
    this.focusPanel = true;
    this.render();
  }

  keydown(event) {
    if (event.key === "Escape") {
      if (this.root.querySelector("dialog[open]")) return;
      if (this.chooser && this.chooser.anchor) {
        event.preventDefault();
        this.cancel();
      }
      return;
    }
    if (event.key === "ArrowLeft" || event.key === "ArrowRight") {
      const el = event.target;
      if (!(el instanceof HTMLElement) || !el.matches(".card, .slot")) return;
      const row = el.parentElement;
      const buttons = [...row.querySelectorAll("button:not([disabled])")];
      const i = buttons.indexOf(el);
      const next = buttons[i + (event.key === "ArrowLeft" ? -1 : 1)];
      if (next) {
        event.preventDefault();
        next.focus();
      }
    }
  }

  // -- drawing -------------------------------------------------------------------------
  render() {
    if (!this.view) return;
    const memo = focusMemo();
    this.renderStatus();
    this.renderBoard();
    this.renderPanel();
    this.renderPrompt();
    this.renderOver();
    this.renderWaiting();
    this.renderToolbar();
    this.renderNotebook();
    this.renderLog();
    if (this.focusPanel) {
      this.focusPanel = false;
      const first = this.els.panel.querySelector("button:not([disabled])");
      if (first) first.focus({ preventScroll: true });
      this.keepTableInSight();
    } else if (this.refocus && !this.busy) {
      this.refocus = false;
      const target = this.myTurn()
        ? this.root.querySelector(".card.mine:not([disabled])")
        : this.els.status;
      if (target) {
        if (!target.matches("button")) target.setAttribute("tabindex", "-1");
        target.focus();
      }
    } else {
      restoreFocus(memo, this.root);
    }
  }

  /** With the choices in a bottom sheet (narrow screens), scroll the table above it. */
  keepTableInSight() {
    const panel = this.els.panel;
    if (!panel.classList.contains("choosing") || getComputedStyle(panel).position !== "fixed") return;
    const board = this.els.boardWrap.firstElementChild;
    if (!board) return;
    const visibleBottom = window.innerHeight - panel.offsetHeight;
    const box = board.getBoundingClientRect();
    const overlap = box.bottom - visibleBottom;
    if (overlap > 0) window.scrollBy({ top: Math.min(overlap, box.top), behavior: "instant" });
  }

  renderStatus() {
    const v = this.view;
    const el = this.els.status;
    el.dataset.status = this.status || "";
    el.dataset.toAct = v.to_act === null || v.to_act === undefined ? "" : String(v.to_act);
    el.dataset.turn = String(v.turn);
    el.dataset.actionsLeft = String(v.actions_left);
    el.dataset.seat = this.isSeat ? String(this.seat) : "";
    el.dataset.connection = this.connection;
    let text;
    if (this.status === "waiting") text = t("status.waiting");
    else if (this.status === "over") text = t("status.over");
    else if (v.pending && v.to_act === this.seat && this.isSeat) text = t("status.react");
    else if (v.pending) text = t("status.othersReact", { who: this.name(v.to_act) });
    else if (this.isSeat && v.to_act === this.seat) text = tn("status.yourTurn", v.actions_left);
    else text = tn("status.theirTurn", v.actions_left, { who: this.name(v.to_act) });
    const parts = [
      h("span", { class: "turn-no", text: t("status.turn", { turn: v.turn }) }),
      h("span", { class: "turn-text", text }),
    ];
    if (v.sudden_death) parts.push(h("span", { class: "badge red", text: t("info.suddenDeath") }));
    if (this.connection === "reconnecting") {
      parts.push(h("span", { class: "badge", text: t("status.reconnecting") }));
    }
    parts.push(h("span", { class: "clock", "data-testid": "clock" }));
    el.replaceChildren(...parts);
    el.classList.toggle("mine", this.isSeat && v.to_act === this.seat && this.status === "playing");
    this.renderClock();
  }

  renderClock() {
    const el = this.els && this.els.status && this.els.status.querySelector(".clock");
    if (!el) return;
    const c = this.clock;
    if (!c || this.status !== "playing") {
      el.textContent = "";
      return;
    }
    const now = Date.now() / 1000 + this.clockOffset;
    const fmt = (s) => {
      const total = Math.max(0, Math.floor(s));
      return `${Math.floor(total / 60)}:${String(total % 60).padStart(2, "0")}`;
    };
    const parts = [];
    if (c.deadline && c.seat !== null && c.seat !== undefined) {
      parts.push(t("clock.left", { who: this.name(c.seat), time: fmt(c.deadline - now) }));
    }
    el.replaceChildren(h("span", { class: "emblem", html: icon("clock") }), parts.join(" · "));
  }

  boardModel() {
    const mine = this.myTurn() && !this.busy;
    const now = mine ? this.chooser.current() : { stage: "none" };
    const anchors = mine ? this.chooser.anchors() : new Set();
    const anchor = this.chooser.anchor;
    const targets = now.stage === "step" ? now.options.map((o) => o.target).filter(Boolean) : [];
    const selectable = (kind, seat, x) => {
      if (!mine) return false;
      if (targets.some((target) => matchesTarget(target, kind, seat, x))) return true;
      if (now.stage === "step") return false;
      if (seat !== this.seat) return false;
      if (kind === "card") return anchors.has(`col:${x}`);
      if (kind === "saloon") return anchors.has(`saloon:${x}`);
      return false;
    };
    let selected = null;
    if (anchor) {
      selected = anchor.kind === "col"
        ? `card:${this.seat}-${anchor.col}`
        : `saloon:${this.seat}-${anchor.card}`;
    }
    return {
      view: this.view,
      bottom: this.isSeat ? this.seat : 0,
      viewer: this.isSeat ? this.seat : null,
      omniscient: false,
      name: (seat) => this.name(seat),
      flash: this.flash,
      slotFlash: this.slotFlash,
      fx: this.fx,
      selectable,
      selected,
      onPick: (kind, seat, x) => this.pick(kind, seat, x),
      notebook: this.notebookOn ? this.notebookColumns() : null,
      tokenNotebook: this.notebookOn ? this.notebookColumns("tokens") : null,
    };
  }

  renderBoard() {
    this.els.boardWrap.replaceChildren(renderBoard(this.boardModel()));
    this.els.info.replaceChildren(renderTableInfo(this.view));
  }

  renderPanel() {
    const panel = this.els.panel;
    panel.replaceChildren();
    // While a choice is in progress, a narrow screen shows the panel as a sheet at the
    // bottom, so that the table stays in sight for picking targets.
    const choosing = this.myTurn() && !this.busy && Boolean(this.chooser.anchor);
    panel.classList.toggle("choosing", choosing);
    document.body.classList.toggle("has-sheet", choosing);
    const title = h("h2", { class: "panel-title", text: t("act.title") });
    panel.append(title);
    if (this.status === "over") {
      panel.hidden = true;
      return;
    }
    panel.hidden = false;
    if (!this.isSeat) {
      panel.append(h("p", { class: "hint", text: t("act.spectator") }));
      return;
    }
    if (this.status === "waiting") {
      panel.append(h("p", { class: "hint", text: t("act.waitingFriend") }));
      return;
    }
    if (!this.myTurn()) {
      const who = this.view.to_act === null ? "" : this.name(this.view.to_act);
      panel.append(h("p", { class: "hint", "data-testid": "wait-hint", text: t("act.wait", { who }) }));
      return;
    }
    if (this.busy) {
      panel.append(h("p", { class: "hint", text: t("act.sending") }));
      return;
    }
    if (this.view.pending) {
      panel.append(h("p", { class: "hint", text: t("status.react") }));
      return;
    }
    const now = this.chooser.current();
    const anchor = this.chooser.anchor;
    if (now.stage === "anchor") {
      panel.append(h("p", { class: "hint", "data-testid": "pick-hint", text: t("act.pick") }));
      return;
    }
    const anchorText = anchor.kind === "col"
      ? t("act.anchorCol", { col: anchor.col, card: cardName(this.context().ownCard(anchor.col)) })
      : t("act.anchorSaloon", { card: cardName(anchor.card) });
    panel.append(h("p", { class: "anchor", "data-testid": "anchor", text: anchorText }));
    if (now.stage === "type") {
      const list = h("div", { class: "choices types", role: "group", "aria-label": t("act.chooseType") });
      for (const { type } of now.types) {
        list.append(
          h(
            "button",
            {
              type: "button",
              class: "btn choice act",
              "data-testid": `act-${type}`,
              "data-type": type,
              onclick: () => this.chooseType(type),
            },
            h("span", { class: "act-name", text: t(`act.${type}`) }),
            h("span", { class: "act-help", text: t(`act.help.${type}`) }),
          ),
        );
      }
      panel.append(h("p", { class: "prompt-text", text: t("act.chooseType") }), list);
    } else if (now.stage === "step") {
      const typeName = t(`act.${this.chooser.type}`);
      panel.append(h("p", { class: "type-chosen", text: typeName }));
      panel.append(h("p", { class: "prompt-text", id: "step-prompt", text: now.prompt }));
      const list = h("div", {
        class: "choices",
        role: "group",
        "aria-labelledby": "step-prompt",
        "data-step": now.step.id,
      });
      for (const option of now.options) {
        list.append(
          h(
            "button",
            {
              type: "button",
              class: "btn choice",
              "data-testid": "choice",
              "data-value": option.value,
              onclick: () => this.choose(option.value),
            },
            option.icon ? h("span", { class: "emblem", html: icon(option.icon) }) : null,
            h("span", { text: option.label }),
          ),
        );
      }
      panel.append(list);
    }
    panel.append(
      h("button", {
        type: "button",
        class: "btn ghost",
        "data-testid": "cancel",
        text: t("act.cancel"),
        onclick: () => this.cancel(),
      }),
    );
  }

  renderPrompt() {
    const dialog = this.els.prompt;
    const reactions = this.myTurn() && this.view.pending ? this.chooser.reactions() : [];
    if (!reactions.length || this.busy) {
      if (dialog.open) dialog.close();
      return;
    }
    if (this.beatTimer && !dialog.open) return; // the reveals first: the prompt opens after them
    const kind = this.view.pending;
    const memo = dialog.open ? focusMemo() : null;
    dialog.replaceChildren(
      h("h2", { id: "prompt-title", text: t(`prompt.${kind}.title`) }),
      h("p", { text: t(`prompt.${kind}.text`) }),
      h(
        "div",
        { class: "choices" },
        reactions.map((action) =>
          h("button", {
            type: "button",
            class: `btn choice${action.type === "pass" ? "" : " primary"}`,
            "data-testid": "choice",
            "data-value": action.type,
            text: t(`react.${action.type}`),
            onclick: () => this.send(action),
          }),
        ),
      ),
    );
    if (!dialog.open) {
      dialog.showModal();
      announce(t(`prompt.${kind}.title`));
    }
    if (!restoreFocus(memo, dialog)) {
      const first = dialog.querySelector("button");
      if (first) first.focus();
    }
  }

  renderOver() {
    const el = this.els.over;
    if (this.status !== "over") {
      el.hidden = true;
      return;
    }
    const wasHidden = el.hidden;
    // An imported record that stops before the end has no result: it is only watched.
    const { winner = null, how = null } = this.result || {};
    const loser = this.result.loser ?? (winner === null || winner === undefined ? null : 1 - winner);
    let headline;
    if (!this.result) headline = t("status.over");
    else if (winner === null || winner === undefined) headline = t("over.noWinner");
    else if (this.isSeat) headline = winner === this.seat ? t("over.youWon") : t("over.youLost");
    else headline = t("over.won", { who: this.name(winner) });
    const detail = !how ? "" : t(`how.${how}`, {
      winner: winner === null || winner === undefined ? "" : this.name(winner),
      loser: loser === null ? "" : this.name(loser),
    });
    el.dataset.winner = winner === null || winner === undefined ? "none" : String(winner);
    el.dataset.how = how || "";
    el.className = `panel game-over ${
      winner === null || winner === undefined ? "draw" : this.isSeat && winner === this.seat ? "won" : "lost"
    }`;
    el.replaceChildren(
      h("h2", { text: headline }),
      h("p", { class: "how", text: detail }),
      h(
        "div",
        { class: "row" },
        h("a", {
          class: "btn primary",
          href: `#/replay/${encodeURIComponent(this.game)}`,
          "data-testid": "open-replay",
          text: t("over.replay"),
        }),
        h("a", {
          class: "btn",
          href: api.recordUrl(this.game),
          download: `outlaws-${this.game}.json`,
          "data-testid": "export",
          text: t("over.export"),
        }),
        h("a", { class: "btn ghost", href: "#/", "data-testid": "to-lobby", text: t("nav.lobby") }),
      ),
    );
    el.hidden = false;
    if (wasHidden) {
      announce(`${headline} ${detail}`);
      el.focus({ preventScroll: false });
    }
  }

  renderWaiting() {
    const el = this.els.waiting;
    if (this.status !== "waiting") {
      el.hidden = true;
      return;
    }
    const entry = store.seatEntry(this.game, this.token);
    el.replaceChildren(h("h2", { text: t("waiting.title") }), h("p", { text: t("waiting.text") }));
    if (entry && entry.invite) el.append(inviteBox(entry.invite));
    el.hidden = false;
  }

  renderToolbar() {
    const bar = this.els.toolbar;
    bar.replaceChildren();
    if (this.isSeat) {
      bar.append(
        h("button", {
          type: "button",
          class: "btn",
          "data-testid": "notebook-toggle",
          "aria-pressed": this.notebookOn ? "true" : "false",
          text: t(this.notebookOn ? "notebook.hide" : "notebook.show"),
          onclick: () => this.toggleNotebook(),
        }),
      );
      if (this.status === "playing") {
        bar.append(
          h("button", {
            type: "button",
            class: "btn danger",
            "data-testid": "resign",
            text: t("resign.button"),
            onclick: () => this.els.confirm.showModal(),
          }),
        );
      }
    }
    bar.append(h("a", { class: "btn ghost", href: "#/", text: t("nav.lobby") }));
  }

  renderLog() {
    const list = this.els.log;
    const ctx = { viewer: this.isSeat ? this.seat : null, name: (seat) => this.name(seat) };
    const nearBottom = list.scrollHeight - list.scrollTop - list.clientHeight < 40;
    if (this.loggedCount > this.events.length) {
      list.replaceChildren();
      this.loggedCount = 0;
    }
    for (const event of this.events.slice(this.loggedCount)) {
      list.append(
        h("li", {
          class: eventClass(event),
          "data-type": event.type,
          text: describeEvent(event, ctx),
        }),
      );
    }
    this.loggedCount = this.events.length;
    if (nearBottom || this.loggedCount < 3) list.scrollTop = list.scrollHeight;
  }

  // -- the notebook --------------------------------------------------------------------
  toggleNotebook() {
    this.notebookOn = !this.notebookOn;
    if (this.notebookOn) this.loadNotebook();
    this.render();
  }

  async loadNotebook() {
    if (!this.isSeat) return;
    this.notebookState = this.notebook ? "ok" : "loading";
    try {
      this.notebook = await api.notebook(this.game, this.token);
      this.notebookState = "ok";
    } catch (error) {
      this.notebook = null;
      this.notebookState = error.status === 404 && error.code === "not_found" ? "missing" : "error";
    }
    if (this.notebookOn) this.render();
  }

  /** col -> [[name, p], ...] most likely first: the opponent's face-down cards
   * ("columns") or the face-down tokens ("tokens"). */
  notebookColumns(field = "columns") {
    const out = {};
    if (!this.notebook || !Array.isArray(this.notebook[field])) return out;
    for (const column of this.notebook[field]) {
      out[column.col] = Object.entries(column.p || {})
        .filter(([, p]) => p > 0.005)
        .sort((a, b) => b[1] - a[1]);
    }
    return out;
  }

  /** Where each opponent card was last seen: the server's notebook, else the log's reveals. */
  lastSeen() {
    if (this.notebook && this.notebook.last_seen) return this.notebook.last_seen;
    const opponent = 1 - this.seat;
    const seen = {};
    for (const event of this.events) {
      if ((event.type === "reveal" || event.type === "headline") && event.seat === opponent) {
        seen[event.card] = { col: event.col, turn: event.turn };
      }
    }
    return seen;
  }

  renderNotebook() {
    const el = this.els.notebook;
    if (!this.notebookOn || !this.isSeat) {
      el.hidden = true;
      return;
    }
    el.hidden = false;
    el.replaceChildren(h("h2", { text: t("notebook.title") }));
    if (this.notebookState === "missing") {
      el.append(h("p", { class: "hint", "data-testid": "notebook-missing", text: t("notebook.unavailable") }));
    } else if (this.notebookState === "error") {
      el.append(h("p", { class: "hint", text: t("notebook.error") }));
    } else if (this.notebookState === "loading") {
      el.append(h("p", { class: "hint", text: t("notebook.loading") }));
    } else {
      el.append(h("p", { class: "hint", text: t("notebook.explain") }));
      const columns = this.notebookColumns();
      const table = h("table", { class: "nb-table", "data-testid": "notebook-table" });
      table.append(
        h("thead", {}, h("tr", {}, h("th", { scope: "col", text: t("notebook.col") }), h("th", { scope: "col", text: t("notebook.likely") }))),
      );
      const body = h("tbody");
      for (const col of columnsFor(0)) {
        const row = columns[col] || [];
        body.append(
          h(
            "tr",
            {},
            h("th", { scope: "row", text: col }),
            h(
              "td",
              {},
              row.length
                ? row.slice(0, 3).map(([card, p]) => `${cardName(card)} ${Math.round(p * 100)}%`).join(" · ")
                : t("notebook.faceUp"),
            ),
          ),
        );
      }
      table.append(body);
      el.append(table);
    }
    const seen = this.lastSeen();
    const list = h("ul", { class: "last-seen", "data-testid": "last-seen" });
    const characters = ["governor", "hitman", "sheriff", "indian", "storekeep", "dancer", "reporter", "bandit", "reverend", "mayor"];
    const never = [];
    for (const card of characters) {
      const where = seen[card];
      if (!where) {
        never.push(cardName(card));
        continue;
      }
      list.append(
        h(
          "li",
          { "data-card": card, "data-col": where.col, "data-turn": where.turn },
          h("span", { class: "emblem", html: icon(card) }),
          t("notebook.seenAt", { card: cardName(card), col: where.col, turn: where.turn }),
        ),
      );
    }
    if (never.length) {
      list.append(h("li", { class: "never" }, t("notebook.neverList", { list: listOf(never) })));
    }
    el.append(h("h3", { text: t("notebook.lastSeen") }), list);
  }

  // -- reveals and animation -----------------------------------------------------------
  announceTurn(initial) {
    const v = this.view;
    if (!v || this.status !== "playing") return;
    const key = `${v.turn}:${v.to_act}:${v.pending}`;
    if (key === this.lastTurnAnnounced) return;
    this.lastTurnAnnounced = key;
    if (this.isSeat && v.to_act === this.seat) announce(t("announce.yourTurn"));
    else if (!initial && v.to_act !== null) announce(t("announce.theirTurn", { who: this.name(v.to_act) }));
  }

  /** Show the new events' reveals and moves, one action (beat) after the other. */
  play(events) {
    if (!events.length) return;
    this.beats.push(...splitBeats(events));
    if (!this.beatTimer) this.nextBeat();
  }

  nextBeat() {
    this.beatTimer = null;
    this.flash.clear();
    this.slotFlash.clear();
    this.fx.clear();
    const beat = this.beats.shift();
    if (!beat) {
      const memo = focusMemo();
      this.renderBoard();
      restoreFocus(memo, this.root);
      this.renderPrompt();
      this.announceTurn(false);
      return;
    }
    const ctx = { viewer: this.isSeat ? this.seat : null, name: (seat) => this.name(seat) };
    let duration = 0;
    const said = [];
    for (const event of beat.events) {
      switch (event.type) {
        case "reveal":
          this.flash.set(`${event.seat}-${event.col}`, event.card);
          said.push(describeEvent(event, ctx));
          duration = Math.max(duration, REVEAL_MS);
          break;
        case "take":
          if (!event.taken) this.slotFlash.set(event.col, event.token);
          else this.fx.set(`slot:${event.col}`, { cls: "fx-pulse" });
          said.push(describeEvent(event, ctx));
          duration = Math.max(duration, REVEAL_MS);
          break;
        case "headline":
        case "immobilized":
        case "win":
        case "limit":
        case "sudden_death":
          said.push(describeEvent(event, ctx));
          duration = Math.max(duration, MOVE_MS);
          break;
        case "move":
          // The same animation whatever `swap` says (or hides): R5.1.
          this.pairFx(event.seat, event.a, event.b);
          duration = Math.max(duration, MOVE_MS);
          break;
        case "saloon":
          this.pairFx(event.seat, event.a, event.b);
          this.saloonFx(event.seat);
          duration = Math.max(duration, MOVE_MS);
          break;
        case "dancer":
          this.dancerFx(1 - event.seat, event.from, event.col);
          duration = Math.max(duration, MOVE_MS);
          break;
        case "storekeep":
          for (const slot of event.slots || []) this.fx.set(`slot:${slot}`, { cls: "fx-pulse" });
          duration = Math.max(duration, MOVE_MS);
          break;
        default:
          break;
      }
    }
    if (said.length) announce(said.join(" "));
    if (!duration) {
      this.nextBeat();
      return;
    }
    const memo = focusMemo();
    this.renderBoard();
    restoreFocus(memo, this.root);
    this.beatTimer = setTimeout(() => {
      const again = focusMemo();
      this.nextBeat();
      restoreFocus(again, this.root);
    }, duration);
  }

  cardX(seat, col) {
    const el = this.root.querySelector(`[data-testid="card-${seat}-${col}"]`);
    if (!el) return 0;
    const box = el.getBoundingClientRect();
    return box.left + box.width / 2;
  }

  pairFx(seat, a, b) {
    const half = (this.cardX(seat, b) - this.cardX(seat, a)) / 2;
    this.fx.set(`card:${seat}-${a}`, { cls: "fx-swap", dx: half });
    this.fx.set(`card:${seat}-${b}`, { cls: "fx-swap", dx: -half });
  }

  saloonFx(seat) {
    this.fx.set(`saloon:${seat}-0`, { cls: "fx-pulse" });
    this.fx.set(`saloon:${seat}-1`, { cls: "fx-pulse" });
  }

  dancerFx(seat, from, to) {
    // The pulled card slides from `from` to `to`; those between shift one column toward `from`.
    this.fx.set(`card:${seat}-${to}`, { cls: "fx-slide", dx: this.cardX(seat, from) - this.cardX(seat, to) });
    const step = from > to ? 1 : -1;
    for (let col = to + step; col !== from + step; col += step) {
      this.fx.set(`card:${seat}-${col}`, {
        cls: "fx-slide",
        dx: this.cardX(seat, col - step) - this.cardX(seat, col),
      });
    }
  }
}

function matchesTarget(target, kind, seat, x) {
  if (!target || target.kind !== kind) return false;
  if (kind === "slot") return target.col === x;
  if (kind === "saloon") return target.seat === seat && target.card === x;
  return target.seat === seat && target.col === x;
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
