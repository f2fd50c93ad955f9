// @ts-check
// The chat panel at the table (docs/protocol.md, Chat): a seat talks in the players'
// room, a spectator in the spectators' room. Messages are shown as text (textContent,
// never HTML); quick phrases in the reader's language; a player may mute the opponent
// (remembered per game in this browser); a guest spectator gives a name once. New
// messages from others are read out politely by screen readers. The logic is
// chatlog.js's; this file draws it and talks to the server.

import { api } from "../core/api.js";
import { h } from "../core/dom.js";
import { t, tn } from "../core/i18n.js";
import { csrf, loadSession, signedIn } from "../core/session.js";
import {
  MAX_NAME,
  MAX_TEXT,
  PHRASES,
  addMessages,
  authorOf,
  chatOpen,
  cleanName,
  emptyChat,
  fromOpponent,
  messageText,
  rateAllows,
  refusalText,
  textLength,
  textProblem,
  visibleMessages,
} from "./chatlog.js";

/** The words of each reason a text is not sent (chatlog.js's textProblem). */
const PROBLEMS = { empty: "chat.error.empty", long: "chat.error.long", control: "chat.error.invalid" };
const MUTED_KEY = "outlaws.chatMuted";
const NAME_KEY = "outlaws.chatName";

function readJson(key, fallback) {
  try {
    const value = JSON.parse(localStorage.getItem(key) || "null");
    return value === null ? fallback : value;
  } catch {
    return fallback;
  }
}

function writeJson(key, value) {
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // private mode: remembered for this page only
  }
}

/** Whether the opponent is muted in `game` (this browser's choice). */
export function isMuted(game) {
  const list = readJson(MUTED_KEY, []);
  return Array.isArray(list) && list.includes(game);
}

export function setMuted(game, muted) {
  const list = readJson(MUTED_KEY, []);
  const others = Array.isArray(list) ? list.filter((g) => g !== game) : [];
  writeJson(MUTED_KEY, (muted ? [game, ...others] : others).slice(0, 200));
}

export class ChatPanel {
  /** `game`, `token` (a seat's, or null for a spectator), `name(seat)`: how a seat is
   * called on this page. */
  constructor({ game, token, name }) {
    this.game = game;
    this.token = token;
    this.name = name;
    this.chat = emptyChat();
    this.seat = null;
    this.players = [];
    this.known = false; // the first hello came: the seat and the players are known
    this.muted = isMuted(game);
    this.sent = [];
    this.guestName = cleanName(readJson(NAME_KEY, ""));
    this.els = null;
  }

  // -- the page ------------------------------------------------------------------------
  /** Build the panel at the end of `parent` (again after a change of language). */
  attach(parent) {
    const draft = this.els ? this.els.input.value : "";
    const e = {};
    e.title = h("h2", { id: "chat-title", "data-testid": "chat-title" });
    e.mute = h("button", {
      type: "button",
      class: "btn small ghost chat-mute",
      "data-testid": "chat-mute",
      onclick: () => this.toggleMute(),
    });
    e.hidden = h("p", { class: "chat-hidden hint", "data-testid": "chat-hidden", hidden: true });
    e.list = h("ol", {
      class: "chat-list",
      "data-testid": "chat-list",
      tabindex: "0",
      "aria-labelledby": "chat-title",
    });
    e.empty = h("p", { class: "chat-empty hint", "data-testid": "chat-empty", text: t("chat.empty") });
    // New messages from others, read out without taking the reader away from the game.
    e.live = h("div", { class: "sr-only", "aria-live": "polite", "data-testid": "chat-live" });
    e.phrases = h(
      "div",
      { class: "chat-phrases", role: "group", "aria-label": t("chat.phrases") },
      Object.entries(PHRASES).map(([key, words]) =>
        h("button", {
          type: "button",
          class: "btn small chat-phrase",
          "data-testid": "chat-phrase",
          "data-value": key,
          text: t(words),
          onclick: () => this.send({ phrase: key }),
        }),
      ),
    );
    e.input = h("input", {
      id: "chat-input",
      class: "chat-input",
      type: "text",
      autocomplete: "off",
      enterkeyhint: "send",
      "data-testid": "chat-input",
      "aria-describedby": "chat-count",
      placeholder: t("chat.placeholder"),
      oninput: () => this.renderCount(),
    });
    e.input.value = draft;
    e.count = h("span", { id: "chat-count", class: "chat-count", "data-testid": "chat-count" });
    e.send = h("button", {
      type: "submit",
      class: "btn primary small",
      "data-testid": "chat-send",
      text: t("chat.send"),
    });
    e.form = h(
      "form",
      {
        class: "chat-form",
        "data-testid": "chat-form",
        onsubmit: (event) => {
          event.preventDefault();
          this.send({ text: e.input.value });
        },
      },
      h("label", { for: "chat-input", class: "chat-label", text: t("chat.label") }),
      h("div", { class: "chat-entry" }, e.input, e.send),
      e.count,
    );
    e.nameInput = h("input", {
      id: "chat-name",
      type: "text",
      maxlength: String(MAX_NAME),
      autocomplete: "nickname",
      "data-testid": "chat-name",
    });
    e.nameForm = h(
      "form",
      {
        class: "chat-name-form",
        "data-testid": "chat-name-form",
        hidden: true,
        onsubmit: (event) => {
          event.preventDefault();
          this.chooseName(e.nameInput.value);
        },
      },
      h("label", { for: "chat-name", text: t("chat.guestName") }),
      h(
        "div",
        { class: "chat-entry" },
        e.nameInput,
        h("button", { type: "submit", class: "btn small", "data-testid": "chat-name-save", text: t("chat.nameSave") }),
      ),
    );
    e.who = h("p", { class: "chat-who hint", "data-testid": "chat-who", hidden: true });
    e.error = h("p", { class: "chat-error", role: "alert", "data-testid": "chat-error", hidden: true });
    e.panel = h(
      "section",
      { class: "panel chat-panel", "data-testid": "chat", "aria-labelledby": "chat-title", hidden: true },
      h("div", { class: "chat-head" }, e.title, e.mute),
      e.hidden,
      e.list,
      e.empty,
      e.live,
      e.who,
      e.nameForm,
      e.phrases,
      e.form,
      e.error,
    );
    parent.append(e.panel);
    this.els = e;
    this.render();
  }

  /** The socket said hello (a connection, or a reconnection): the seat and players are
   * known, and the room is read again (what was said while away is not missed). */
  connected(state) {
    this.seat = state.seat === undefined ? null : state.seat;
    this.players = state.players || [];
    this.known = true;
    if (this.seat === null) loadSession().then(() => this.render());
    this.render();
    if (chatOpen(this)) this.reload();
  }

  async reload() {
    try {
      const room = await api.chat(this.game, this.token);
      this.chat = addMessages(this.chat, room.messages);
      this.renderList();
    } catch {
      // The room is read again at the next connection; live messages still come.
    }
  }

  /** A message pushed on the socket. */
  receive(message) {
    const fresh = !this.chat.messages.some((m) => m.id === message.id);
    this.chat = addMessages(this.chat, [message]);
    this.renderList();
    if (fresh && !this.mine(message) && !(this.muted && fromOpponent(message, this.seat))) {
      this.els.live.textContent = `${this.author(message)}: ${messageText(message)}`;
    }
  }

  /** Whether this reader wrote `message` (a spectator's: by the name they write under). */
  mine(message) {
    if (this.seat !== null) return message.seat === this.seat;
    const me = signedIn();
    return message.seat === null && message.author === (me ? me.name : this.guestName);
  }

  author(message) {
    return authorOf(message, { mySeat: this.seat, name: this.name });
  }

  // -- acting --------------------------------------------------------------------------
  toggleMute() {
    this.muted = !this.muted;
    setMuted(this.game, this.muted);
    this.render();
  }

  chooseName(value) {
    const name = cleanName(value);
    if (!name) {
      this.showError(t("chat.error.name"));
      return;
    }
    this.guestName = name;
    writeJson(NAME_KEY, name);
    this.showError("");
    this.render();
    this.els.input.focus();
  }

  needsName() {
    return this.seat === null && !signedIn() && !this.guestName;
  }

  async send(content) {
    const problem = content.text === undefined ? null : textProblem(content.text);
    if (problem) {
      this.showError(t(PROBLEMS[problem], { max: MAX_TEXT }));
      return;
    }
    const now = Date.now();
    const rate = rateAllows(this.sent, now);
    this.sent = rate.recent;
    if (!rate.ok) {
      this.showError(t("chat.error.rate"));
      return;
    }
    this.sent.push(now);
    const body = { room: this.seat === null ? "spectators" : "players", ...content };
    if (content.text !== undefined) body.text = content.text.trim();
    if (this.seat === null && !signedIn()) body.name = this.guestName;
    try {
      const message = await api.say(this.game, this.token, body, this.seat === null ? csrf() : undefined);
      this.showError("");
      if (content.text !== undefined) this.els.input.value = "";
      this.chat = addMessages(this.chat, [message]);
      this.renderCount();
      this.renderList();
    } catch (error) {
      this.showError(refusalText(error));
    }
  }

  showError(text) {
    if (!this.els) return;
    this.els.error.textContent = text;
    this.els.error.hidden = !text;
  }

  // -- drawing -------------------------------------------------------------------------
  render() {
    const e = this.els;
    if (!e) return;
    const open = this.known && chatOpen(this);
    e.panel.hidden = !open;
    if (!open) return;
    const player = this.seat !== null;
    e.panel.dataset.room = player ? "players" : "spectators";
    e.title.textContent = player ? t("chat.title") : t("chat.titleSpectators");
    e.mute.hidden = !player;
    // A toggle: its name stays, aria-pressed (and its look) says whether it is on.
    e.mute.textContent = t("chat.mute");
    e.mute.setAttribute("aria-pressed", String(this.muted));
    const me = signedIn();
    // A guest spectator names themself first; then the ways to write appear.
    const naming = this.needsName();
    e.nameForm.hidden = !naming;
    e.phrases.hidden = naming;
    e.form.hidden = naming;
    e.who.hidden = player || naming;
    if (!player) {
      e.who.replaceChildren(
        t("chat.writingAs", { name: me ? me.name : this.guestName || "" }),
        " ",
        me
          ? ""
          : h("button", {
              type: "button",
              class: "link-button",
              "data-testid": "chat-rename",
              text: t("chat.rename"),
              onclick: () => {
                this.guestName = null;
                e.nameInput.value = "";
                this.render();
                e.nameInput.focus();
              },
            }),
      );
    }
    this.renderCount();
    this.renderList();
  }

  renderCount() {
    const e = this.els;
    const n = textLength(e.input.value);
    e.count.textContent = t("chat.count", { n, max: MAX_TEXT });
    e.count.classList.toggle("over", n > MAX_TEXT);
    e.send.disabled = n === 0 || n > MAX_TEXT;
  }

  renderList() {
    const e = this.els;
    if (!e) return;
    const { shown, hidden } = visibleMessages(this.chat.messages, { muted: this.muted, mySeat: this.seat });
    const atBottom = e.list.scrollHeight - e.list.scrollTop - e.list.clientHeight < 40;
    e.list.replaceChildren(
      ...shown.map((message) =>
        h(
          "li",
          {
            class: `chat-message${this.mine(message) ? " mine" : ""}${message.phrase ? " phrase" : ""}`,
            "data-testid": "chat-message",
            "data-id": String(message.id),
            "data-seat": message.seat === null ? "" : String(message.seat),
          },
          h("span", { class: "chat-author", text: this.author(message) }),
          h("span", { class: "chat-text", text: messageText(message) }),
        ),
      ),
    );
    e.empty.hidden = this.chat.messages.length > 0;
    e.hidden.hidden = hidden === 0;
    e.hidden.textContent = hidden ? tn("chat.hidden", hidden) : "";
    if (atBottom) e.list.scrollTop = e.list.scrollHeight;
  }
}
