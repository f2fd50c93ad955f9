// The moment on screen. The server's news comes at once (a bot answers within a blink)
// but is shown beat by beat (beats.js): the page draws everything (the board, the status
// bar, the action panel, the log, the end of the game) from the state as of the beat on
// screen, never from news not shown yet, so that they all tell the same moment.

import { beatActor } from "./beats.js";
import { heldEvents, isSeat } from "./gamestate.js";

/**
 * Does the beat on screen hold the page back? Another seat's action does, and so does any
 * beat of a message older than the latest (the news after it is not shown yet). One's
 * own action, or the table's own events, in the latest message do not: the position they
 * show is the latest, and this seat may choose its next action while they play.
 * @param {import("./gamestate.js").PageState} latest the state all the messages made
 * @param {{events: object[], frame: object | null, upTo: number}} beat
 */
export function holdsBack(latest, beat) {
  if (!beat.frame) return false;
  const actor = beatActor(beat);
  const other = actor !== null && !(isSeat(latest) && actor === latest.seat);
  const newest = heldEvents(beat.frame) === heldEvents(latest);
  return other || !newest;
}

/**
 * The page state as of the beat on screen (null: none, everything is shown).
 * While a beat holds the page back (`holdsBack`) it is the state its message made
 * (`beat.frame`: its view, whose turn, its clock), with the log up to the end of the
 * beat, nothing to choose yet, and a finished game still in play until its last action
 * is shown; `showing` names the seat whose action it is (null: the table's own events).
 * What this page sent and awaits stays the latest's.
 * @param {import("./gamestate.js").PageState} latest
 * @param {{events: object[], frame: object | null, upTo: number} | null} beat
 * @returns {import("./gamestate.js").PageState}
 */
export function shownState(latest, beat) {
  if (!beat || !holdsBack(latest, beat)) return latest;
  const frame = beat.frame;
  const over = frame.status === "over";
  return {
    ...frame,
    events: frame.events.slice(0, Math.max(0, beat.upTo - frame.logStart)),
    legal: null,
    status: over ? "playing" : frame.status,
    result: over ? null : frame.result,
    showing: { actor: beatActor(beat) },
    ref: latest.ref,
    pendingRef: latest.pendingRef,
    busy: latest.busy,
    sentAt: latest.sentAt,
    effects: latest.effects,
  };
}
