// @ts-check
// The replay of a finished game (#/replay/{id}): step by step, both hands shown (R8.6).

import { api } from "../core/api.js";
import { h } from "../core/dom.js";
import { sentences, t } from "../core/i18n.js";
import * as store from "../core/store.js";
import { errorText, playerName } from "../core/ui.js";
import { describeAt, eventClass } from "./log.js";
import { renderBoard, renderTableInfo } from "./table.js";

export class ReplayPage {
  constructor({ game }) {
    this.game = game;
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
  }

  name(seat, { full = false } = {}) {
    const players = (this.data && this.data.record && this.data.record.players) || [];
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
    if (event.key === "ArrowLeft") this.go(this.step - 1);
    else if (event.key === "ArrowRight") this.go(this.step + 1);
    else if (event.key === "Home") this.go(0);
    else if (event.key === "End") this.go(Infinity);
  }

  render() {
    const root = this.root;
    const focused = document.activeElement && document.activeElement.getAttribute("data-testid");
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
      fx: new Map(),
      selectable: null,
      selected: null,
      onPick: () => {},
      notebook: null,
    });

    const ctx = { viewer: null, name: (seat) => this.name(seat) };
    const log = h("ol", { class: "log", "data-testid": "replay-log" });
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
        h("a", { class: "btn ghost", href: "#/", text: t("nav.lobby") }),
      ),
    );
    root.append(
      h(
        "div",
        { class: "game-layout replay" },
        h("div", { class: "table-col" }, controls, position, board, renderTableInfo(state)),
        h(
          "div",
          { class: "side-col" },
          header,
          h("section", { class: "panel log-panel" }, h("h2", { text: t("log.title") }), log),
        ),
      ),
    );
    log.scrollTop = log.scrollHeight;
    if (focused) {
      const el = root.querySelector(`[data-testid="${focused}"]`);
      if (el && !el.disabled) el.focus();
      else if (el) root.querySelector('[data-testid="replay-slider"]').focus();
    }
  }
}
