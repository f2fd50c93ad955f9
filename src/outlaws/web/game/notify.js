// @ts-check
// What the table tells a player who is not looking at it: a sound and a browser
// notification when it becomes their turn, and the clocks' low-time warnings. Pure
// decisions only (no DOM, no audio, no storage): given the state before and after a
// message, or the clock and the time, which cue is due. alerts.js plays them.

import { isSeat, myTurn, turnKey } from "./gamestate.js";

/**
 * Which cue the turn of `next` calls for, coming from `prev`: "turn" (this seat's
 * turn began), "react" (this seat must answer a reaction prompt) or null. `cued` is the
 * decision last cued (or seen at load); the answer's `key` is the one to remember.
 *
 * A cue marks a transition only, once per decision:
 * - never for a spectator, nor once the game is over;
 * - never for the state the page loaded into (`prev` held no game yet): the player has
 *   just opened the table and looks at it, and a sound nobody asked for on load would
 *   startle (browsers refuse to play it before a click anyway). That decision is
 *   remembered as seen, so the redraws that follow do not cue it either;
 * - not for the second action of a turn, nor when this seat's turn goes on after the
 *   opponent answered a reaction this seat's action asked of it: the player is still
 *   at the table, waiting for that answer (the same `turnKey`);
 * - but yes after a reconnection that finds a new decision, and when play begins after
 *   the placement with this seat to act (the player may have waited in another tab).
 */
export function turnCue(prev, next, cued) {
  if (!isSeat(next) || !myTurn(next)) return { cue: null, key: cued };
  const key = turnKey(next);
  if (key === null || key === cued) return { cue: null, key: cued };
  if (!prev || prev.status === null || prev.status === undefined) return { cue: null, key };
  return { cue: next.view.pending ? "react" : "turn", key };
}

/**
 * What a browser notification says: `{title, body}` in the page's words. `t` is the
 * catalogue's lookup, `who` the opponent's name, `cue` "turn" or "react".
 */
export function notificationText(t, cue, who) {
  return {
    title: t("notify.title"),
    body: t(cue === "react" ? "notify.bodyReact" : "notify.body", { who }),
  };
}

/** Whether the notification of a cue is shown: only when the tab is out of sight (a
 * player looking at the table sees the turn and needs no pop-up), the browser allows it
 * and there is a cue at all. */
export function shouldNotify({ cue, hidden, permission }) {
  return Boolean(cue) && hidden === true && permission === "granted";
}

/** The state of browser notifications in this browser, for the settings' words:
 * "unsupported", "default" (not asked yet), "granted" or "denied". */
export function notifyState(NotificationApi) {
  if (!NotificationApi || typeof NotificationApi.requestPermission !== "function") return "unsupported";
  const permission = NotificationApi.permission;
  return permission === "granted" || permission === "denied" ? permission : "default";
}

// -- clocks -----------------------------------------------------------------------------

/** The low-time levels of a clock face: 0 plenty of time, 1 low, 2 critical. */
export const LOW = 1;
export const CRITICAL = 2;

/**
 * The two warning thresholds of `seat`'s period (seconds left): `[low, critical]`.
 *
 * A period (one turn, or one reaction) gives its seat `per_turn` plus what is left of its
 * bank: that whole is what the thresholds are measured against, so that they mean "this
 * period is running out" whatever the clock's settings.
 * - low: a quarter of the period, at most 30 s. With the lobby's clocks (10 min + 30 s,
 *   3 min + 15 s) that is 30 s: time enough to pick a card and an action without haste,
 *   and late enough not to fire in every ordinary turn. Once a bank is spent and the
 *   period is only `per_turn` (15 s), it comes at about 4 s rather than at once: a
 *   warning at the start of every turn would soon be ignored.
 * - critical: a tenth of the period, at most 10 s: the last call, about the time one
 *   action takes by clicks.
 * Both are whole seconds, at least 1, and critical stays below low. A seat without a
 * period (a bot: only humans are timed) has none.
 */
export function lowTimeThresholds(clock, seat) {
  if (!clock || seat === null || seat === undefined) return [];
  const banks = Array.isArray(clock.banks) ? clock.banks : [];
  const bank = typeof banks[seat] === "number" ? banks[seat] : Number(clock.bank) || 0;
  const full = (Number(clock.per_turn) || 0) + bank;
  if (!(full > 0)) return [];
  const low = Math.max(1, Math.round(Math.min(30, full / 4)));
  const critical = Math.max(1, Math.min(low - 1, Math.round(Math.min(10, full / 10))));
  return critical >= 1 && critical < low ? [low, critical] : [low];
}

/** The level (0, LOW, CRITICAL) of `left` seconds against `[low, critical]`. */
export function lowTimeLevel(left, thresholds) {
  const [low, critical] = thresholds;
  if (critical !== undefined && left <= critical) return CRITICAL;
  if (low !== undefined && left <= low) return LOW;
  return 0;
}

/**
 * Each seat's clock face at `now` (server time, seconds): for the seat whose period
 * runs, the time left of it; for the other, what its next period will give it
 * (`per_turn` and its bank). `timed[seat]` false: a bot, which no clock times.
 * Returns `[{seat, running, timed, left, level}, ...]` for seats 0 and 1, or [] when the
 * game has no clock.
 */
export function clockFaces(clock, now, timed = [true, true]) {
  if (!clock) return [];
  const banks = Array.isArray(clock.banks) ? clock.banks : [clock.bank, clock.bank];
  return [0, 1].map((seat) => {
    const running = clock.seat === seat && typeof clock.deadline === "number";
    if (!timed[seat] && !running) return { seat, running: false, timed: false, left: null, level: 0 };
    const left = running
      ? Math.max(0, clock.deadline - now)
      : (Number(clock.per_turn) || 0) + (Number(banks[seat]) || 0);
    const level = running ? lowTimeLevel(left, lowTimeThresholds(clock, seat)) : 0;
    return { seat, running, timed: true, left, level };
  });
}

/**
 * The low-time cue due for this seat's clock at `now`: "low", "critical" or null, once
 * per threshold in a period. `memo` is what the previous call returned (null at first):
 * `{period, level}`, a period being known by its seat and deadline. A level reached is
 * cued once; a jump straight to critical (a page opened late in a period) cues only
 * critical. Only the seat's own clock is cued (a spectator: never): the opponent's low
 * time shows on its face, but is not this player's alarm.
 */
export function lowTimeCue(memo, clock, now, seat) {
  if (!clock || seat === null || seat === undefined || clock.seat !== seat || typeof clock.deadline !== "number") {
    return { cue: null, memo: null };
  }
  const period = `${clock.seat}:${clock.deadline}`;
  const before = memo && memo.period === period ? memo.level : 0;
  const level = lowTimeLevel(clock.deadline - now, lowTimeThresholds(clock, seat));
  if (level <= before) return { cue: null, memo: { period, level: before } };
  return { cue: level === CRITICAL ? "critical" : "low", memo: { period, level } };
}

// -- sounds -----------------------------------------------------------------------------

/**
 * The notes of each cue: `[frequency (Hz), start (s), length (s), wave]`.
 * - turn: two rising notes (E5 then A5), soft sine, like a small bell: "your move";
 * - react: the same bell, quicker, with a third note: "answer now";
 * - low: two short, lower triangle beeps: the clock, not the game;
 * - critical: three of them, higher and quicker.
 */
export const CUES = {
  turn: [
    [659.25, 0, 0.18, "sine"],
    [880, 0.14, 0.32, "sine"],
  ],
  react: [
    [659.25, 0, 0.12, "sine"],
    [880, 0.1, 0.12, "sine"],
    [1046.5, 0.2, 0.26, "sine"],
  ],
  low: [
    [523.25, 0, 0.1, "triangle"],
    [523.25, 0.2, 0.1, "triangle"],
  ],
  critical: [
    [698.46, 0, 0.08, "triangle"],
    [698.46, 0.14, 0.08, "triangle"],
    [698.46, 0.28, 0.08, "triangle"],
  ],
};
