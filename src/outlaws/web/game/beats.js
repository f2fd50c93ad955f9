// @ts-check
// The beats of the animation: new events are cut into beats, one an action, shown one
// after another, so that a reveal stays in sight long enough to be read. `splitBeats` and
// `planBeat` are pure; `BeatPlayer` runs the beats on a timer and asks the page to draw.

import { focusMemo, restoreFocus } from "../core/ui.js";

/** Events that begin a new beat. */
const BEAT_START = new Set([
  "turn", "move", "saloon", "look", "hitman", "sheriff", "indian", "storekeep", "dancer",
  "reporter", "bandit", "reverend", "intercept", "cancel", "pass", "sudden_death",
]);
export const REVEAL_MS = 1500;
export const MOVE_MS = 800;
/** The least time another seat's action stays on screen: long enough to follow. */
export const FOLLOW_MS = 1400;

/** The seat whose action a beat shows (null: the table's own events). */
export function beatActor(beat) {
  const first = beat.events[0];
  return first && first.seat !== undefined ? first.seat : null;
}

/** How long a beat stays on screen: its plan's time, and for another seat's action
 * (not `viewer`'s) at least FOLLOW_MS; a beat with nothing to show is not held. */
export function holdFor(beat, plan, viewer) {
  if (!plan.duration) return 0;
  const actor = beatActor(beat);
  const theirs = actor !== null && actor !== viewer && beat.events[0].type !== "turn";
  return theirs ? Math.max(plan.duration, FOLLOW_MS) : plan.duration;
}

/** Cut new events into beats, one an action: a beat's reveals are shown together. A
 * `take` is logged after the reveal of the taker's card, and joins that reveal's beat. */
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

/** The beats of one message's new `events` (splitBeats), each carrying the page state
 * that message made (`frame`) and `upTo`: how many events of the whole log are shown
 * once the beat has played. `end` is that count after the message's last event. */
export function framedBeats(events, frame, end) {
  let upTo = end - events.length;
  return splitBeats(events).map((beat) => {
    upTo += beat.events.length;
    return { ...beat, frame, upTo };
  });
}

/**
 * What one beat shows, and for how long (ms; 0: nothing to wait for):
 *  flash: Map "seat-col" -> card turned face up for the beat,
 *  slotFlash: Map col -> token shown in its slot,
 *  fx: Map element key ("card:seat-col", "saloon:seat-i", "slot:col") -> {cls, dx},
 *  said: the events read out to screen readers.
 * `cardX(seat, col)` is where a card's centre stands on screen (its slides are measured).
 */
export function planBeat(beat, cardX) {
  const plan = { flash: new Map(), slotFlash: new Map(), fx: new Map(), said: [], duration: 0 };
  const last = (ms) => {
    plan.duration = Math.max(plan.duration, ms);
  };
  for (const event of beat.events) {
    switch (event.type) {
      case "reveal":
        plan.flash.set(`${event.seat}-${event.col}`, event.card);
        plan.said.push(event);
        last(REVEAL_MS);
        break;
      case "take":
        if (!event.taken) plan.slotFlash.set(event.col, event.token);
        else plan.fx.set(`slot:${event.col}`, { cls: "fx-pulse" });
        plan.said.push(event);
        last(REVEAL_MS);
        break;
      case "headline":
      case "immobilized":
      case "win":
      case "limit":
      case "sudden_death":
        plan.said.push(event);
        last(MOVE_MS);
        break;
      case "move":
        // The same animation whatever `swap` says (or hides): R5.1.
        swapFx(plan.fx, cardX, event.seat, event.a, event.b);
        last(MOVE_MS);
        break;
      case "saloon":
        swapFx(plan.fx, cardX, event.seat, event.a, event.b);
        plan.fx.set(`saloon:${event.seat}-0`, { cls: "fx-pulse" });
        plan.fx.set(`saloon:${event.seat}-1`, { cls: "fx-pulse" });
        last(MOVE_MS);
        break;
      case "dancer":
        slideFx(plan.fx, cardX, 1 - event.seat, event.from, event.col);
        last(MOVE_MS);
        break;
      case "storekeep":
        for (const slot of event.slots || []) plan.fx.set(`slot:${slot}`, { cls: "fx-pulse" });
        last(MOVE_MS);
        break;
      default:
        break;
    }
  }
  return plan;
}

/** Cards a and b each travel half the way to the other. */
function swapFx(fx, cardX, seat, a, b) {
  const half = (cardX(seat, b) - cardX(seat, a)) / 2;
  fx.set(`card:${seat}-${a}`, { cls: "fx-swap", dx: half });
  fx.set(`card:${seat}-${b}`, { cls: "fx-swap", dx: -half });
}

/** The pulled card slides from `from` to `to`; those between shift one column toward `from`. */
function slideFx(fx, cardX, seat, from, to) {
  fx.set(`card:${seat}-${to}`, { cls: "fx-slide", dx: cardX(seat, from) - cardX(seat, to) });
  const step = from > to ? 1 : -1;
  for (let col = to + step; col !== from + step; col += step) {
    fx.set(`card:${seat}-${col}`, { cls: "fx-slide", dx: cardX(seat, col - step) - cardX(seat, col) });
  }
}

/**
 * Plays beats one after another. `hooks`: cardX(seat, col), draw() (the page as of the
 * beat on screen, `current`, with this player's flash, slotFlash and fx), say(events)
 * (read a beat's events out), settled() (every beat shown), viewer() (optional: the
 * page's seat; another seat's actions are held at least FOLLOW_MS). The focus stays
 * where it was across each redraw.
 */
export class BeatPlayer {
  constructor(root, hooks) {
    this.root = root;
    this.hooks = hooks;
    this.queue = [];
    this.timer = null;
    this.flash = new Map();
    this.slotFlash = new Map();
    this.fx = new Map();
    this.actor = null; // the seat whose action is on screen
    this.current = null; // the beat on screen (with its frame and upTo when played framed)
  }

  /** The beat on screen, then those queued after it ([] once everything is shown). */
  get upcoming() {
    return this.current ? [this.current, ...this.queue] : [];
  }

  /** A beat is on screen (the reaction prompt waits for the reveals). */
  get running() {
    return this.current !== null;
  }

  /** Queue the new `events` of a message; with `frame` (the page state the message
   * made) and `end` (the log's length after them), each beat says the moment it shows. */
  play(events, frame = null, end = events.length) {
    if (!events.length) return;
    this.queue.push(...framedBeats(events, frame, end));
    if (!this.running) this.next();
  }

  stop() {
    clearTimeout(this.timer);
    this.timer = null;
    this.queue = [];
    this.current = null;
  }

  /** Show the end at once: every beat left is dropped (the log and the board say it all). */
  skip() {
    if (!this.running) return;
    clearTimeout(this.timer);
    this.queue = [];
    this.keepingFocus(() => this.next());
  }

  next() {
    this.timer = null;
    const beat = this.queue.shift();
    const plan = beat ? planBeat(beat, this.hooks.cardX) : null;
    this.flash = plan ? plan.flash : new Map();
    this.slotFlash = plan ? plan.slotFlash : new Map();
    this.fx = plan ? plan.fx : new Map();
    this.actor = beat ? beatActor(beat) : null;
    this.current = null;
    if (!plan) {
      this.keepingFocus(this.hooks.draw);
      this.hooks.settled();
      return;
    }
    if (plan.said.length) this.hooks.say(plan.said);
    const hold = holdFor(beat, plan, this.hooks.viewer ? this.hooks.viewer() : null);
    if (!hold) {
      this.next();
      return;
    }
    // Held from the moment it is drawn: a slow drawing does not eat into its time.
    this.current = beat;
    this.keepingFocus(this.hooks.draw);
    this.timer = setTimeout(() => this.keepingFocus(() => this.next()), hold);
  }

  keepingFocus(fn) {
    const memo = focusMemo();
    fn();
    restoreFocus(memo, this.root);
  }
}
