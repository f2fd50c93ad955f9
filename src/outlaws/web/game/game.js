// @ts-check
// A game at the table: a seat's (#/game/{id}/{token}) or a spectator's (#/watch/{id}).
// Everything shown comes from the server's messages: the engine's view for this seat, its
// event log and its legal actions. This controller wires the parts: the socket feeds
// the reducer (gamestate.js); new events are animated beat by beat (beats.js), and the
// renderers (gameview.js, the board of table.js, panel.js, notebook.js) draw the state as
// of the beat on screen (moment.js), so that they all tell the same moment.

import { ChatPanel } from "../chat/chat.js";
import { api, GameSocket } from "../core/api.js";
import { t } from "../core/i18n.js";
import { refusedStatus } from "../core/notices.js";
import * as store from "../core/store.js";
import { announce, errorText, focusMemo, playerName, restoreFocus } from "../core/ui.js";
import { focusQuietly } from "../core/focus.js";
import { isTutorial } from "../learn/tutorial.js";
import { TutorialGuide } from "../learn/tutorialview.js";
import { Rematch } from "../lobby/rematch.js";
import { PlacementScreen, renderPlacingStatus } from "../placement/placementview.js";
import { loadActionSpace } from "./actionspace.js";
import { Alerts } from "./alerts.js";
import { BeatPlayer } from "./beats.js";
import { Guard } from "./confirm.js";
import { decorateStatus, lastAction, lastActionNote, touched } from "./follow.js";
import { heldEvents, initialState, isSeat, myTurn, placing, reduce, sending, tabTitle, turnKey } from "./gamestate.js";
import * as gameview from "./gameview.js";
import { describeAll } from "./log.js";
import { shownState } from "./moment.js";
import { Notebook } from "./notebook.js";
import { ActionPanel, boardChoice, chooserContext } from "./panel.js";
import { revealedWhileAsked } from "./reaction.js";
import { renderBoard, renderTableInfo } from "./table.js";

export class GamePage {
  constructor({ game, token = null }) {
    this.game = game;
    this.token = token;
    this.received = initialState(); // what the messages made; `state` is what is shown
    this.connection = "connecting";
    this.listed = 0; // events of the log already in the log panel
    this.lastTurnAnnounced = null;
    this.refocus = false; // the focus returns to the table once the action sent is stored
    this.refusal = null; // why the server refused this table's connection (an ApiError's shape)
    this.templates = null; // the action space's, which read a seat's legal actions (actionspace.js)
    this.panel = new ActionPanel({
      state: () => this.state,
      ctx: chooserContext(() => this.received),
      root: () => this.root,
      name: (seat) => this.name(seat),
      send: (action) => this.guard.send(action, (chosen) => this.send(chosen)),
      render: () => this.render(),
      beatsRunning: () => Boolean(this.beats && this.beats.running),
      locked: (stepId, value) => this.tutorial.locked(stepId, value),
      heldBy: () => this.tutorial.heldBy(),
    });
    this.guard = new Guard({
      state: () => this.state,
      root: () => this.root,
      load: () => api.notebook(this.game, this.token),
      render: () => this.render(),
      back: () => this.panel.cancel(),
    });
    this.notebook = new Notebook({
      available: () => this.isSeat,
      load: () => api.notebook(this.game, this.token),
      redraw: () => this.render(),
    });
    this.placement = new PlacementScreen({
      game,
      token,
      name: (seat) => this.name(seat),
      send: (body) => api.place(this.game, this.token, body),
      placed: (answer) => {
        this.received = reduce(this.received, { type: "placed", game: answer && answer.game });
        this.render();
      },
    });
    this.onKey = (event) => this.keydown(event);
    this.tutorial = new TutorialGuide(this); // the guided game's coach (inactive elsewhere)
    // The chat of this page's room (chat/chat.js): the players', or the spectators'.
    this.chat = new ChatPanel({ game, token, name: (seat) => this.name(seat) });
    this.rematch = new Rematch({ game, token, tutorial: () => isTutorial(this.state) });
    // The sound and the notification of a new turn, the clocks' low-time warnings.
    this.alerts = new Alerts({ game, opponent: () => this.name(1 - this.state.seat) });
  }

  // -- life cycle ----------------------------------------------------------------------
  mount(root) {
    this.root = root;
    this.beats = new BeatPlayer(root, {
      cardX: (seat, col) => this.cardX(seat, col),
      draw: () => this.render(),
      say: (events) => announce(describeAll(events, this.logContext())),
      viewer: () => (this.isSeat ? this.state.seat : null),
      settled: () => this.announceTurn(false),
    });
    this.build();
    this.socket = new GameSocket(this.game, this.token, {
      onMessage: (message) => this.receive(message),
      onState: (state, code) => this.connectionState(state, code),
      heldEvents: () => heldEvents(this.received),
    });
    // A seat's legal actions come as a mask over the action space: the socket opens once
    // its templates are here, so that no message comes before they can read it.
    loadActionSpace().then(
      (templates) => {
        this.templates = templates;
        this.socket.connect();
      },
      (error) => this.unreadable(error),
    );
    this.clockTimer = setInterval(() => this.renderClock(), 1000);
    document.addEventListener("keydown", this.onKey);
  }

  destroy() {
    document.title = t("app.title");
    if (this.socket) this.socket.close();
    clearInterval(this.clockTimer);
    this.alerts.destroy();
    if (this.beats) this.beats.stop();
    document.removeEventListener("keydown", this.onKey);
    document.body.classList.remove("has-sheet");
    for (const dialog of this.root.querySelectorAll("dialog[open]")) dialog.close();
  }

  /** The language changed: build everything again in the new words. */
  refresh() {
    this.build();
    if (this.rematch.loaded) this.rematch.render(); // its offer, in the new language too
    if (this.state.view || placing(this.state)) this.render();
    if (this.connection === "refused") this.showRefusal();
  }

  /** The page state as of the moment on screen: what every part of the page draws. */
  get state() {
    return shownState(this.received, this.beats ? this.beats.upcoming : []);
  }

  get isSeat() {
    return isSeat(this.state);
  }

  /** How `seat` is called here: "You" for one's own, else as on every screen
   * (shortened, unless `full`). */
  name(seat, { full = false } = {}) {
    if (this.isSeat && seat === this.state.seat) return t("player.you");
    return playerName(this.state.players, seat, { full });
  }

  logContext() {
    return { viewer: this.isSeat ? this.state.seat : null, name: (seat) => this.name(seat) };
  }

  build() {
    this.listed = 0;
    this.els = gameview.buildSkeleton(this.root, {
      connecting: !this.state.view,
      onResign: () => this.resign(),
    });
    this.placement.attach(this.els.placing);
    this.chat.attach(this.els.layout.querySelector(".side-col"));
    this.alerts.attach(this.els.toolbar);
  }

  // -- messages from the server --------------------------------------------------------
  receive(message) {
    if (message.type === "rematch") {
      this.rematch.heard(message);
      return;
    }
    if (message.type === "chat") {
      this.chat.receive(message.message); // the game's state is not the chat's
      return;
    }
    const before = this.received;
    this.received = reduce(this.received, message, { receivedAt: Date.now() / 1000, templates: this.templates });
    this.alerts.turn(before, this.received);
    const effects = this.received.effects;
    if (effects.sync !== null) {
      this.socket.send({ op: "sync", since: effects.sync });
      return;
    }
    if (effects.newChoice) this.panel.restart(this.tutorial.legal(this.received));
    // The new events are queued before anything is drawn: the page never shows news
    // before its beat.
    this.beats.play(effects.fresh, this.received, heldEvents(this.received));
    switch (message.type) {
      case "hello":
        this.render();
        this.chat.connected(this.received);
        if (effects.started) this.begin();
        else if (effects.first) this.announceTurn(true);
        if (this.isSeat && store.seatEntry(this.game, this.token) === null) {
          store.remember({ game: this.game, seat: this.state.seat, token: this.token, kind: this.state.kind });
        }
        break;
      case "events":
        this.render();
        if (effects.started) this.begin();
        if (this.notebook.shown) this.notebook.reload();
        break;
      case "error":
        if (effects.refused) {
          this.panel.chooser.reset();
          this.render();
        }
        if (this.state.view || placing(this.state)) gameview.showError(this.els.banner, errorText(effects.error));
        else {
          // Nothing of the game came yet: the server refused this table (the connection
          // closes next), and the status bar alone says why.
          this.refusal = effects.error;
          this.showRefusal();
        }
        break;
      default:
        break;
    }
  }

  connectionState(state, code) {
    this.connection = state;
    if (state === "refused") {
      // Its reason came first as an error message; a close code alone says less.
      if (!this.refusal) this.refusal = { code: code === 4004 ? "unknown_game" : "bad_token" };
      this.showRefusal();
    }
    if (this.state.view || placing(this.state)) this.renderStatus();
  }

  /** The action space could not be loaded (the server out of reach): nothing of the game
   * could be read, so the table does not connect, and the status bar says why. */
  unreadable(error) {
    if (this.socket.stopped) return; // the page is gone already
    this.refusal = error;
    this.connectionState("refused");
  }

  /** The server refused this table (a wrong seat key, an unknown game). Before anything of
   * the game came, the status bar says why, once, and the table's empty panels go; over a
   * game on screen, the banner says it. */
  showRefusal() {
    const text = errorText(this.refusal);
    if (this.state.view || placing(this.state)) {
      gameview.showError(this.els.banner, text);
      return;
    }
    this.els.layout.hidden = true;
    refusedStatus(this.els.status, text);
  }

  /** Both seats have placed: the table replaces the placement screen, and says so. */
  begin() {
    this.lastTurnAnnounced = turnKey(this.state);
    const v = this.state.view;
    const turn = this.isSeat && v.to_act === this.state.seat
      ? t("announce.yourTurn")
      : t("announce.theirTurn", { who: this.name(v.to_act) });
    announce(`${t("place.started")} ${turn}`);
    this.els.status.setAttribute("tabindex", "-1");
    this.els.status.focus({ preventScroll: true });
  }

  // -- acting --------------------------------------------------------------------------
  send(action) {
    this.received = sending(this.received);
    this.els.banner.hidden = true;
    this.socket.send({ op: "action", action, ref: this.received.ref, expect: this.received.sentAt });
    const focused = document.activeElement;
    this.refocus = Boolean(focused && this.root.contains(focused) && focused !== document.body);
    this.panel.chooser.reset();
    this.render();
  }

  resign() {
    this.received = sending(this.received, { resign: true });
    this.socket.send({ op: "resign", ref: this.received.ref });
  }

  toggleNotebook() {
    this.notebook.toggle();
    this.render();
  }

  keydown(event) {
    if (event.key === "Escape") {
      if (this.root.querySelector("dialog[open]")) return;
      if (this.panel.chooser.anchor) {
        event.preventDefault();
        this.panel.cancel();
      } else if (this.beats.running) this.beats.skip(); // Skip the other seat's action
      return;
    }
    if (event.key === "ArrowLeft" || event.key === "ArrowRight") {
      // The arrows walk along a row of cards or slots.
      const el = event.target;
      if (!(el instanceof HTMLElement) || !el.matches(".card, .slot")) return;
      const buttons = /** @type {HTMLElement[]} */ ([...el.parentElement.querySelectorAll("button:not([disabled])")]);
      const next = buttons[buttons.indexOf(el) + (event.key === "ArrowLeft" ? -1 : 1)];
      if (next) {
        event.preventDefault();
        next.focus();
      }
    }
  }

  // -- drawing -------------------------------------------------------------------------
  render() {
    const state = this.state;
    document.title = tabTitle(state, { base: t("app.title"), yourMove: t("title.yourMove") });
    if (placing(state)) {
      this.renderPlacing();
      return;
    }
    if (!state.view) return;
    if (!this.els.placing.hidden) this.placement.close();
    this.els.layout.hidden = false;
    const memo = focusMemo();
    const name = (seat) => this.name(seat);
    this.renderStatus();
    this.renderBoard();
    this.panel.render(this.els.panel);
    this.panel.renderPrompt(this.els.prompt);
    if (state.status === "over") this.rematch.over(state);
    gameview.renderOver(this.els.over, state, { game: this.game, name, extra: this.rematch.el });
    gameview.renderWaiting(this.els.waiting, state, { game: this.game, token: this.token });
    gameview.renderToolbar(this.els.toolbar, state, {
      notebookShown: this.notebook.shown,
      onNotebook: () => this.toggleNotebook(),
      onResign: () => this.els.confirm.showModal(),
    });
    this.guard.renderToolbar(this.els.toolbar);
    this.notebook.render(this.els.notebook, { seat: state.seat, events: state.events, view: state.view });
    this.listed = gameview.renderLog(this.els.log, state.events, this.listed, this.logContext(), state.logStart);
    if (this.panel.wantsFocus) {
      this.panel.wantsFocus = false;
      const first = /** @type {HTMLElement | null} */ (this.els.panel.querySelector("button:not([disabled])"));
      if (first) first.focus({ preventScroll: true });
      this.keepTableInSight();
    } else if (this.refocus && !state.busy) {
      this.refocus = false;
      const target = myTurn(state) ? this.root.querySelector(".card.mine:not([disabled])") : this.els.status;
      if (target) {
        if (!target.matches("button")) target.setAttribute("tabindex", "-1");
        focusQuietly(target);
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
    // A timed game's status bar stays at the top (notify.css): the board goes under it.
    const status = this.els.status;
    const covered = getComputedStyle(status).position === "sticky" ? status.offsetHeight : 0;
    const room = Math.max(0, box.top - covered);
    if (overlap > 0) window.scrollBy({ top: Math.min(overlap, room), behavior: "instant" });
  }

  renderPlacing() {
    const memo = focusMemo();
    this.els.layout.hidden = true;
    this.els.placing.hidden = false;
    this.renderStatus();
    this.placement.render(this.state);
    restoreFocus(memo, this.root);
  }

  renderStatus() {
    if (placing(this.state)) {
      renderPlacingStatus(this.els.status, this.state, { connection: this.connection });
      return;
    }
    const look = { connection: this.connection, name: (seat) => this.name(seat), onSkip: () => this.beats.skip() };
    gameview.renderStatus(this.els.status, this.state, look);
    decorateStatus(this.els.status, this.state, { ...look, running: this.beats.running, actor: this.beats.actor });
  }

  renderClock() {
    if (this.els && placing(this.state) && this.state.clock) this.renderStatus(); // the time left to place
    if (this.els) gameview.renderClock(this.els.status, this.state, (seat) => this.name(seat));
    this.alerts.tick(this.state);
  }

  renderBoard() {
    const state = this.state;
    this.els.boardWrap.replaceChildren(
      renderBoard({
        view: state.view,
        bottom: this.isSeat ? state.seat : 0,
        viewer: this.isSeat ? state.seat : null,
        omniscient: false,
        name: (seat, how) => this.name(seat, how),
        flash: this.beats.flash,
        held: revealedWhileAsked(state.events, state.seat, myTurn(state) && state.view.pending),
        slotFlash: this.beats.slotFlash,
        fx: this.beats.running ? this.beats.fx : touched(lastAction(state.events)),
        ...boardChoice(state, this.panel.chooser),
        onPick: (kind, seat, x) => this.panel.pick(kind, seat, x),
        ...this.notebook.overlay(),
      }),
    );
    this.els.info.replaceChildren(renderTableInfo(state.view), lastActionNote(state.events, this.logContext()));
    this.tutorial.render();
    this.guard.decorate(this.els.boardWrap);
  }

  /** Where a card's centre stands on screen (the animations slide by such distances). */
  cardX(seat, col) {
    const el = this.root.querySelector(`[data-testid="card-${seat}-${col}"]`);
    if (!el) return 0;
    const box = el.getBoundingClientRect();
    return box.left + box.width / 2;
  }

  announceTurn(initial) {
    const v = this.state.view;
    if (!v || this.state.status !== "playing") return;
    const key = turnKey(this.state);
    if (key === this.lastTurnAnnounced) return;
    this.lastTurnAnnounced = key;
    if (this.isSeat && v.to_act === this.state.seat) announce(t("announce.yourTurn"));
    else if (!initial && v.to_act !== null) announce(t("announce.theirTurn", { who: this.name(v.to_act) }));
  }
}
