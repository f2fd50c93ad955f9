// @ts-check
// Following the server's analysis of a game while the panel is open, as a reducer: what
// the panel knows (`phase`, progress, the report so far) and what to do next (`effect`):
// "start" (ask the server to start or resume it), "poll" (ask again in POLL_MS), or
// null (nothing: it is done, it failed, or the panel was closed). Each poll tells the
// server someone is waiting; without one it stops, and a panel still open resumes it.

/** How long between two polls. */
export const POLL_MS = 1500;
/** Failed answers in a row (the network, the server) before the panel gives up. */
export const MOST_FAILURES = 3;

/** The panel closed: nothing known, nothing to do. */
export function closedState() {
  return { phase: "closed", done: 0, total: 0, analysis: null, failures: 0, error: null, effect: null, said: -1 };
}

/** A quarter of the way (0..4) that `done` of `total` has reached: the moments a screen
 * reader is told of the progress (not at every poll). */
export function milestone(done, total) {
  return total > 0 ? Math.floor((4 * Math.min(done, total)) / total) : 0;
}

/**
 * The next state after `event`: {type: "open"} | {type: "close"} | {type: "answer",
 * body} (the server's `{status, done, total, analysis}`) | {type: "failed", error}
 * (an ApiError: `status`, `code`). An answer that comes after the panel closed changes
 * nothing; one of a finished analysis ends the polling.
 */
export function pollReducer(state, event) {
  switch (event.type) {
    case "open":
      if (state.phase === "done") return { ...state, effect: null };
      return { ...state, phase: "starting", failures: 0, error: null, effect: "start" };
    case "close":
      return { ...state, phase: state.phase === "done" ? "done" : "closed", effect: null };
    case "answer": {
      if (state.phase === "closed") return state;
      const body = event.body || {};
      const known = {
        ...state,
        done: body.done ?? state.done,
        total: body.total ?? state.total,
        analysis: body.analysis ?? state.analysis,
        failures: 0,
        error: null,
      };
      if (body.status === "done") return { ...known, phase: "done", done: known.total, effect: null };
      // Not started, or stopped for want of a poll: the open panel starts it again.
      if (body.status === "none" || body.status === "stopped") return { ...known, phase: "starting", effect: "start" };
      return { ...known, phase: "running", effect: "poll" };
    }
    case "failed": {
      if (state.phase === "closed" || state.phase === "done") return { ...state, effect: null };
      const error = event.error || {};
      // A game still being played cannot be judged yet: asking again will not help.
      const final = error.code === "not_finished" || error.status === 404;
      const failures = state.failures + 1;
      if (final || failures >= MOST_FAILURES) return { ...state, phase: "failed", failures, error, effect: null };
      return { ...state, failures, error, effect: state.phase === "starting" ? "start" : "poll" };
    }
    default:
      return state;
  }
}

/** Whether the progress reached a new milestone since the last one said (and which). */
export function newMilestone(state) {
  const now = state.phase === "done" ? 4 : milestone(state.done, state.total);
  return now > state.said ? now : null;
}
