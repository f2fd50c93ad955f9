// @ts-check
// The table's alerts, the side of notify.js that touches the browser: the sound cues
// (Web Audio, made on the spot: nothing fetched), the browser notifications, the
// low-time words for screen readers, and their settings under the toolbar. The sound is
// off until the player turns it on (remembered in this browser); notifications are
// asked for only when the player clicks for them.

import { h } from "../core/dom.js";
import { t } from "../core/i18n.js";
import { icon } from "../core/icons.js";
import { announce } from "../core/ui.js";
import { isSeat } from "./gamestate.js";
import { clockText } from "./gameview.js";
import { CRITICAL, CUES, lowTimeCue, notificationText, notifyState, shouldNotify, turnCue } from "./notify.js";

const SOUND_KEY = "outlaws.sound";
/** The loudest a cue gets (0..1): a small bell, not an alarm. */
const VOLUME = 0.16;

/** Whether the player turned the sound on in this browser (off by default). */
export function soundOn() {
  try {
    return localStorage.getItem(SOUND_KEY) === "on";
  } catch {
    return false;
  }
}

export function setSound(on) {
  try {
    localStorage.setItem(SOUND_KEY, on ? "on" : "off");
  } catch {
    // private mode: the choice lasts for this page only
  }
}

export class Alerts {
  /** `game`: the game's id (one notification per game stands at a time); `opponent()`:
   * the other seat's name, as the page calls it. */
  constructor({ game, opponent }) {
    this.game = game;
    this.opponent = opponent;
    this.cued = null; // the decision last cued (notify.turnCue)
    this.lowMemo = null; // the low-time level reached in the running period
    this.ctx = null;
    this.shown = null; // the notification on screen
    this.el = null;
    this.seated = false;
    this.soundMemo = null; // the sound as last toggled on this page (null: as stored)
    // The browser lets a page's sound start once the player has clicked or pressed a
    // key in it: the audio is made ready then, if the sound is on.
    this.onGesture = () => {
      if (this.sound) this.audio();
    };
    this.onVisible = () => {
      if (!document.hidden && this.shown) {
        this.shown.close();
        this.shown = null;
      }
    };
    this.listening = false;
  }

  listen() {
    if (this.listening) return;
    this.listening = true;
    document.addEventListener("pointerdown", this.onGesture, true);
    document.addEventListener("keydown", this.onGesture, true);
    document.addEventListener("visibilitychange", this.onVisible);
  }

  destroy() {
    this.listening = false;
    document.removeEventListener("pointerdown", this.onGesture, true);
    document.removeEventListener("keydown", this.onGesture, true);
    document.removeEventListener("visibilitychange", this.onVisible);
    if (this.ctx && this.ctx.close) this.ctx.close().catch(() => {});
    this.ctx = null;
  }

  get sound() {
    return this.soundMemo === null ? soundOn() : this.soundMemo;
  }

  // -- the settings, under the toolbar ---------------------------------------------------
  /** Build the settings (again, in the page's words) right after `anchor`. */
  attach(anchor) {
    this.listen();
    this.el = h("section", {
      class: "notify-settings",
      "data-testid": "notify-settings",
      "aria-label": t("notify.settings"),
      hidden: !this.seated,
    });
    anchor.after(this.el);
    this.renderSettings();
  }

  renderSettings() {
    if (!this.el) return;
    const on = this.sound;
    const sound = h(
      "button",
      {
        type: "button",
        class: "btn small",
        "data-testid": "sound-toggle",
        "data-on": String(on),
        onclick: () => this.toggleSound(),
      },
      h("span", { class: "emblem", html: icon(on ? "sound" : "muted") }),
      t(on ? "notify.soundOn" : "notify.soundOff"),
    );
    const state = notifyState(window.Notification);
    const words = {
      granted: "notify.allowed",
      denied: "notify.blocked",
      unsupported: "notify.unsupported",
    };
    const ask = state === "default"
      ? h(
        "button",
        { type: "button", class: "btn small", "data-testid": "notify-ask", onclick: () => this.ask() },
        h("span", { class: "emblem", html: icon("bell") }),
        t("notify.ask"),
      )
      : null;
    const status = h("p", {
      class: `notify-state ${state}`,
      "data-testid": "notify-state",
      "data-state": state,
      role: "status",
      text: words[state] ? t(words[state]) : "",
    });
    if (state === "denied") status.append(h("span", { class: "notify-how", text: ` ${t("notify.howToAllow")}` }));
    this.el.replaceChildren(h("div", { class: "notify-row" }, sound, ask), status);
  }

  toggleSound() {
    const on = !this.sound;
    setSound(on);
    this.soundMemo = on; // kept here too, for a browser that stores nothing
    this.renderSettings();
    const button = /** @type {HTMLElement | null} */ (this.el.querySelector('[data-testid="sound-toggle"]'));
    if (button) button.focus();
    if (on) this.play("turn"); // what it will sound like (and the click lets audio start)
  }

  /** Ask the browser for notifications: only ever on the player's click. */
  async ask() {
    const api = window.Notification;
    if (notifyState(api) !== "default") return;
    try {
      // Older Safari answers through a callback, not a promise.
      await new Promise((resolve) => {
        const answer = api.requestPermission(resolve);
        if (answer && typeof answer.then === "function") answer.then(resolve, resolve);
      });
    } catch {
      // refused or unavailable: the words below say which
    }
    this.renderSettings();
    const status = /** @type {HTMLElement | null} */ (this.el && this.el.querySelector('[data-testid="notify-state"]'));
    if (status && status.textContent) {
      // The button is gone: the focus goes to the words that replace it.
      status.setAttribute("tabindex", "-1");
      status.focus();
    }
  }

  // -- the cues ---------------------------------------------------------------------------
  /** A message moved the game from `prev` to `next`: cue the player's new turn. The cue
   * comes as the news does, while the opponent's move may still play out on the board:
   * a tab out of sight runs its timers slowly, and its notification must not wait for
   * the animation (nor the sound, the same news). */
  turn(prev, next) {
    this.seated = isSeat(next) && next.status !== "over";
    if (this.el) this.el.hidden = !this.seated;
    const { cue, key } = turnCue(prev, next, this.cued);
    this.cued = key;
    if (!cue) return;
    this.play(cue);
    this.notify(cue);
  }

  /** The clocks' second: the low-time warning of this seat's own clock, once per
   * threshold in a period (screen readers hear it; the sound plays if on). */
  tick(state, now = Date.now() / 1000 + state.clockOffset) {
    if (state.status !== "playing" || !isSeat(state)) {
      this.lowMemo = null;
      return;
    }
    const { cue, memo } = lowTimeCue(this.lowMemo, state.clock, now, state.seat);
    this.lowMemo = memo;
    if (!cue) return;
    const left = clockText(state.clock.deadline - now);
    announce(t(memo.level === CRITICAL ? "clock.criticalSay" : "clock.lowSay", { time: left }));
    this.play(cue);
  }

  notify(cue) {
    const api = window.Notification;
    if (!shouldNotify({ cue, hidden: document.hidden, permission: notifyState(api) })) return;
    const { title, body } = notificationText(t, cue, this.opponent());
    try {
      if (this.shown) this.shown.close();
      const shown = new api(title, { body, tag: `outlaws-${this.game}`, lang: document.documentElement.lang });
      shown.onclick = () => {
        window.focus();
        shown.close();
      };
      this.shown = shown;
    } catch {
      // A browser that shows notifications only from a service worker (Chrome on
      // Android): the tab's title and the sound still tell.
    }
  }

  // -- the sound ----------------------------------------------------------------------------
  audio() {
    if (!this.ctx) {
      const Context = window.AudioContext || window.webkitAudioContext;
      if (!Context) return null;
      try {
        this.ctx = new Context();
      } catch {
        return null;
      }
    }
    if (this.ctx.state === "suspended" && this.ctx.resume) this.ctx.resume().catch(() => {});
    return this.ctx;
  }

  /** Play cue `name` (notify.CUES) if the sound is on. */
  play(name) {
    if (!this.sound || !CUES[name]) return;
    const ctx = this.audio();
    if (!ctx) return;
    const at = ctx.currentTime + 0.03;
    for (const [frequency, start, length, wave] of CUES[name]) {
      const osc = ctx.createOscillator();
      const gain = ctx.createGain();
      osc.type = wave;
      osc.frequency.setValueAtTime(frequency, at + start);
      // A soft attack and a bell's decay: no click at either end.
      gain.gain.setValueAtTime(0.0001, at + start);
      gain.gain.exponentialRampToValueAtTime(VOLUME, at + start + 0.015);
      gain.gain.exponentialRampToValueAtTime(0.0001, at + start + length);
      osc.connect(gain);
      gain.connect(ctx.destination);
      osc.start(at + start);
      osc.stop(at + start + length + 0.05);
    }
  }
}
