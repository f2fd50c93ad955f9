// @ts-check
// The analysis panel of a replay: it asks the server to analyse the game, follows it
// while open (polling.js), draws the graph as the decisions come, and takes a decision
// apart once one is selected, its options outlined on the replay's board.

import { api } from "../core/api.js";
import { h } from "../core/dom.js";
import { t } from "../core/i18n.js";
import { announce, errorText, focusMemo, restoreFocus } from "../core/ui.js";
import { renderDecision } from "./detail_view.js";
import { verdictKey } from "./graph.js";
import { renderGraph, renderLegend } from "./graph_view.js";
import { POLL_MS, closedState, newMilestone, pollReducer } from "./polling.js";
import { boardMarks, firstShown, optionFor } from "./picture.js";
import { actionWords } from "./words.js";

export class AnalysisPanel {
  /**
   * `page`: game (its id), plies() (the record's actions), name(seat), stateAt(step)
   * (the true state before the action of that ply), goTo(step) (the replay's step, drawn
   * at the next redraw), redraw() (the replay draws again), closeAnalysis().
   */
  constructor(page) {
    this.page = page;
    this.state = closedState();
    this.selected = null; // the ply of the decision taken apart
    this.shown = null; // the key of the option outlined on the board
    this.timer = null;
    this.asked = 0; // answers to an older request than this are dropped
    this.opened = false;
    this.el = null; // the panel as last drawn
  }

  open() {
    this.opened = true;
    this.dispatch({ type: "open" });
  }

  close() {
    this.opened = false;
    this.dispatch({ type: "close" });
  }

  destroy() {
    this.opened = false;
    this.asked += 1;
    this.state = pollReducer(this.state, { type: "close" });
    clearTimeout(this.timer);
  }

  decisions() {
    return (this.state.analysis && this.state.analysis.decisions) || [];
  }

  decision() {
    return this.decisions().find((d) => d.ply === this.selected) || null;
  }

  dispatch(event) {
    this.state = pollReducer(this.state, event);
    clearTimeout(this.timer);
    const asked = ++this.asked;
    const answer = (body) => asked === this.asked && this.dispatch({ type: "answer", body });
    const failed = (error) => asked === this.asked && this.dispatch({ type: "failed", error });
    if (this.state.effect === "start") {
      const start = () => api.startAnalysis(this.page.game).then(answer, failed);
      if (this.state.failures) this.timer = setTimeout(start, POLL_MS);
      else start();
    } else if (this.state.effect === "poll") {
      this.timer = setTimeout(() => api.analysis(this.page.game).then(answer, failed), POLL_MS);
    }
    const reached = this.opened ? newMilestone(this.state) : null;
    if (reached !== null && this.state.total) {
      this.state = { ...this.state, said: reached };
      announce(this.progressText());
    }
    // News of the analysis changes the panel alone: the rest of the page stays as it is
    // (the log where it was scrolled to); opening and closing change the page's layout.
    if (event.type === "answer" || event.type === "failed") this.redrawPanel();
    else this.page.redraw();
  }

  redrawPanel() {
    if (!this.opened) return;
    if (!this.el || !this.el.isConnected) {
      this.page.redraw();
      return;
    }
    const memo = focusMemo();
    const drawn = this.el;
    const next = this.render(); // the panel's element from now on (this.el)
    drawn.replaceWith(next);
    restoreFocus(memo, next);
  }

  /** Take the decision of `ply` apart: the replay goes to the moment before it. */
  select(ply) {
    const decision = this.decisions().find((d) => d.ply === ply);
    if (!decision) return;
    this.selected = ply;
    this.shown = firstShown(decision);
    this.page.goTo(ply);
    this.page.redraw();
    // The focus stays on the graph: the decision's heading is said.
    announce(`${t("analysis.decision", { turn: decision.turn, who: this.page.name(decision.seat) })} ${t(verdictKey(decision.verdict))}`);
  }

  show(key) {
    this.shown = key;
    this.page.redraw();
  }

  /** What the board outlines at replay step `step`: the option shown, at its decision. */
  boardFx(step) {
    const decision = this.decision();
    if (!this.opened || !decision || step !== decision.ply) return new Map();
    const option = optionFor(decision, this.shown);
    if (!option) return new Map();
    const side = this.page.stateAt(decision.ply).seats[decision.seat];
    return boardMarks(option.action, decision.seat, side.saloon);
  }

  /** Above the board at the decision's moment: that it shows the true position, and
   * which option is outlined on it. */
  boardNote(step) {
    const decision = this.decision();
    const option = decision && this.opened && step === decision.ply ? optionFor(decision, this.shown) : null;
    if (!option) return null;
    const street = this.page.stateAt(decision.ply).seats[decision.seat].street;
    return h("p", {
      class: "analysis-board-note",
      "data-testid": "analysis-board-note",
      text: t("analysis.boardNote", { action: actionWords(option.action, street) }),
    });
  }

  progressText() {
    const { phase, done, total } = this.state;
    if (phase === "done") return t("analysis.complete");
    if (!total) return t("analysis.starting");
    return t("analysis.progress", { done, total });
  }

  renderStatus() {
    const { phase, done, total, error } = this.state;
    if (phase === "failed") {
      return h(
        "div",
        { class: "analysis-status", "data-testid": "analysis-status", "data-phase": phase },
        h("p", { class: "banner", text: error && error.code === "not_finished" ? t("analysis.unfinished") : errorText(error) }),
        error && error.code === "not_finished"
          ? null
          : h("button", { type: "button", class: "btn", "data-testid": "analysis-retry", text: t("analysis.retry"), onclick: () => this.open() }),
      );
    }
    return h(
      "div",
      { class: "analysis-status", "data-testid": "analysis-status", "data-phase": phase, "data-done": done, "data-total": total },
      h("p", { class: "analysis-progress", text: this.progressText() }),
      phase === "done" ? null : h("progress", { max: String(Math.max(total, 1)), value: String(done), "aria-hidden": "true" }),
    );
  }

  /** The panel, or null while closed. */
  render() {
    if (!this.opened) return null;
    const decisions = this.decisions();
    const analysis = this.state.analysis;
    const name = (seat) => this.page.name(seat);
    const decision = this.decision();
    this.el = h(
      "section",
      { class: "panel analysis-panel", "data-testid": "analysis-panel", "aria-labelledby": "analysis-title" },
      h(
        "div",
        { class: "analysis-head" },
        // Focused when the panel opens (the button that opened it is gone).
        h("h2", { id: "analysis-title", tabindex: "-1", "data-testid": "analysis-title", text: t("analysis.title") }),
        h("button", { type: "button", class: "btn ghost", "data-testid": "analysis-close", text: t("analysis.close"), onclick: () => this.page.closeAnalysis() }),
      ),
      this.renderStatus(),
      decisions.length
        ? [
            renderGraph(decisions, this.page.plies(), {
              name,
              turning: (analysis && analysis.turning_points) || [],
              selected: this.selected,
              select: (ply) => this.select(ply),
            }),
            renderLegend(name),
          ]
        : null,
      decision
        ? renderDecision(decision, {
            name,
            street: this.page.stateAt(decision.ply).seats[decision.seat].street,
            shown: this.shown,
            show: (key) => this.show(key),
          })
        : decisions.length
          ? h("p", { class: "hint", "data-testid": "analysis-pick", text: t("analysis.pick") })
          : null,
    );
    return this.el;
  }
}
