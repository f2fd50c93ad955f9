// @ts-check
// The replay of a finished game (#/replay/{id}): step by step, both hands shown (R8.6);
// its analysis beside it on request (#/replay/{id}/analysis; analysis/panel.js).

import { AnalysisPanel } from "../analysis/panel.js";
import { api } from "../core/api.js";
import { h } from "../core/dom.js";
import { sentences, t } from "../core/i18n.js";
import * as store from "../core/store.js";
import { errorText, focusMemo, playerName, restoreFocus } from "../core/ui.js";
import { describeAt, eventClass } from "./log.js";
import { renderBoard, renderTableInfo } from "./table.js";

export class ReplayPage {
  /** `analysis`: open the game's analysis as soon as the replay is loaded. */
  constructor({ game, analysis = false }) {
    this.game = game;
    this.analysisAtStart = analysis;
    this.analysis = new AnalysisPanel({
      game,
      plies: () => (this.data ? this.data.steps.length - 1 : 0),
      name: (seat) => this.name(seat),
      stateAt: (step) => this.data.steps[step].state,
      goTo: (step) => {
        this.step = step;
      },
      redraw: () => this.data && this.render(),
      closeAnalysis: () => this.closeAnalysis(),
    });
    this.data = null;
    this.step = 0;
    this.error = null;
    this.onKey = (event) => this.keydown(event);
  }

  mount(root) {
    this.root = root;
    this.render();
    document.addEventListener("keydown", this.onKey);
    this.load();
  }

  destroy() {
    document.removeEventListener("keydown", this.onKey);
    this.analysis.destroy();
  }

  refresh() {
    this.render();
  }

  async load() {
    try {
      this.data = await api.replay(this.game);
      this.step = this.data.steps.length - 1;
    } catch (err) {
      this.error = err;
    }
    this.render();
    if (this.data && this.analysisAtStart) this.openAnalysis();
  }

  openAnalysis() {
    this.analysis.open();
    const title = /** @type {HTMLElement | null} */ (this.root.querySelector('[data-testid="analysis-title"]'));
    if (title) title.focus();
  }

  closeAnalysis() {
    this.analysis.close();
    const button = /** @type {HTMLElement | null} */ (this.root.querySelector('[data-testid="open-analysis"]'));
    if (button) button.focus();
  }

  name(seat, { full = false } = {}) {
    // A record imported without its players' names: its seats were nobody's here.
    const players = (this.data && this.data.record && this.data.record.players) || [{ kind: "none" }, { kind: "none" }];
    return playerName(players, seat, { full });
  }

  go(step) {
    if (!this.data) return;
    const last = this.data.steps.length - 1;
    const next = Math.max(0, Math.min(last, step));
    if (next === this.step) return;
    this.step = next;
    this.render();
  }

  keydown(event) {
    const target = event.target;
    if (target instanceof HTMLElement && target.matches("input, select, textarea")) return;
    if (event.defaultPrevented) return; // a key the analysis graph used
    if (event.key === "ArrowLeft") this.go(this.step - 1);
    else if (event.key === "ArrowRight") this.go(this.step + 1);
    else if (event.key === "Home") this.go(0);
    else if (event.key === "End") this.go(Infinity);
  }

  render() {
    const root = this.root;
    const focused = document.activeElement && document.activeElement.getAttribute("data-testid");
    const memo = focusMemo();
    root.replaceChildren();
    if (this.error) {
      root.append(
        h("div", { class: "banner", role: "alert", "data-testid": "error", text: errorText(this.error) }),
        h("a", { class: "btn", href: "#/", text: t("nav.lobby") }),
      );
      return;
    }
    if (!this.data) {
      root.append(h("p", { class: "hint", text: t("replay.loading") }));
      return;
    }
    const steps = this.data.steps;
    const last = steps.length - 1;
    const current = steps[this.step];
    const state = current.state;
    const record = this.data.record || {};
    const result = record.result || (state.status === "over" ? { winner: state.winner, how: state.how } : null);

    const slider = h("input", {
      type: "range",
      min: "0",
      max: String(last),
      value: String(this.step),
      "data-testid": "replay-slider",
      "aria-label": t("replay.slider"),
      oninput: (event) => this.go(Number(event.target.value)),
    });
    const button = (testid, key, step, disabled) =>
      h("button", {
        type: "button",
        class: "btn",
        "data-testid": testid,
        text: t(key),
        disabled,
        onclick: () => this.go(step),
      });
    const controls = h(
      "div",
      { class: "replay-controls", role: "group", "aria-label": t("replay.controls") },
      button("replay-first", "replay.first", 0, this.step === 0),
      button("replay-prev", "replay.prev", this.step - 1, this.step === 0),
      slider,
      button("replay-next", "replay.next", this.step + 1, this.step === last),
      button("replay-last", "replay.last", last, this.step === last),
    );
    const position = h("p", {
      class: "replay-step",
      "data-testid": "replay-step",
      "data-step": this.step,
      "aria-live": "polite",
      text: t("replay.step", { step: this.step, total: last, turn: state.turn }),
    });
    const board = renderBoard({
      view: state,
      // A seat of this browser sees the game from its side, as at the table.
      bottom: (store.seatEntry(this.game) || {}).seat === 1 ? 1 : 0,
      viewer: null,
      omniscient: true,
      name: (seat, how) => this.name(seat, how),
      flash: new Map(),
      slotFlash: new Map(),
      fx: this.analysis.boardFx(this.step), // the analysis's option, outlined
      selectable: null,
      selected: null,
      onPick: () => {},
      notebook: null,
    });

    const ctx = { viewer: null, name: (seat) => this.name(seat) };
    // Scrolled by the keyboard too, as the table's log.
    const log = h("ol", { class: "log", "data-testid": "replay-log", tabindex: "0", "aria-labelledby": "replay-log-title" });
    const shown = steps.slice(0, this.step + 1).flatMap((step, i) => step.events.map((event) => ({ event, i })));
    const events = shown.map(({ event }) => event);
    shown.forEach(({ event, i }, k) => {
      const text = describeAt(events, k, ctx); // a reveal said by its action's line is not said twice
      if (text === null) return;
      log.append(h("li", { class: `${eventClass(event)}${i === this.step ? " current" : ""}`, "data-type": event.type, text }));
    });

    const header = h(
      "section",
      { class: "panel replay-head" },
      h("h1", { text: t("replay.title") }),
      result
        ? h("p", {
            class: "how",
            "data-testid": "replay-result",
            "data-winner": result.winner === null || result.winner === undefined ? "none" : String(result.winner),
            "data-how": result.how || "",
            text: sentences([
              result.winner === null || result.winner === undefined
                ? t("over.noWinner")
                : t("over.won", { who: this.name(result.winner) }),
              t(`how.${result.how}`, {
                winner: result.winner === null || result.winner === undefined ? "" : this.name(result.winner),
                loser: this.name(result.loser ?? (result.winner === null || result.winner === undefined ? 0 : 1 - result.winner)),
              }),
            ]),
          })
        : null,
      h("p", { class: "hint", text: t("replay.hint") }),
      h(
        "div",
        { class: "row" },
        h("a", {
          class: "btn",
          href: api.recordUrl(this.game),
          download: `outlaws-${this.game}.json`,
          "data-testid": "export",
          text: t("over.export"),
        }),
        this.analysis.opened
          ? null
          : h("button", {
              type: "button",
              class: "btn primary",
              "data-testid": "open-analysis",
              text: t("analysis.open"),
              onclick: () => this.openAnalysis(),
            }),
        h("a", { class: "btn ghost", href: "#/", text: t("nav.lobby") }),
      ),
    );
    root.append(
      h(
        "div",
        { class: `game-layout replay${this.analysis.opened ? " analysing" : ""}` },
        h("div", { class: "table-col" }, controls, position, this.analysis.boardNote(this.step), board, renderTableInfo(state)),
        h(
          "div",
          { class: "side-col" },
          this.analysis.render(),
          header,
          h("section", { class: "panel log-panel" }, h("h2", { id: "replay-log-title", text: t("log.title") }), log),
        ),
      ),
    );
    log.scrollTop = log.scrollHeight;
    if (restoreFocus(memo, root)) return;
    if (focused) {
      const el = root.querySelector(`[data-testid="${focused}"]`);
      if (el && !el.disabled) el.focus();
      else if (el) root.querySelector('[data-testid="replay-slider"]').focus();
    }
  }
}
