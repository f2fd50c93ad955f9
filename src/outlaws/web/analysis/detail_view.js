// @ts-check
// One decision of the analysis, drawn: who decided, what was played and its chance, the
// best options with theirs (each can be outlined on the board), and the picture of what
// the action told the opponent. The judgement saw only what that player could see; the
// board beside it shows the true position, revealed after the game: both are said.

import { h } from "../core/dom.js";
import { cardName, t } from "../core/i18n.js";
import { percent, verdictKey } from "./graph.js";
import { alternatives, picture, playedOption } from "./picture.js";
import { actionWords } from "./words.js";

/** A verdict's badge: its mark (the graph's shape) and its word. */
function verdictBadge(verdict) {
  return h(
    "span",
    { class: `verdict v-${verdict}`, "data-testid": "analysis-verdict", "data-verdict": verdict },
    h("span", { class: "verdict-mark", "aria-hidden": "true" }),
    t(verdictKey(verdict)),
  );
}

/** One option as a toggle: pressed, it is the one outlined on the board. */
function optionButton(option, key, m, testid) {
  const shown = m.shown === key;
  return h(
    "button",
    {
      type: "button",
      class: `btn analysis-option${shown ? " shown" : ""}`,
      "aria-pressed": shown ? "true" : "false",
      "data-testid": testid,
      "data-value": key,
      onclick: () => m.show(key),
    },
    h("span", { class: "option-words", text: actionWords(option.action, m.street) }),
    h("span", { class: "option-chance", text: t("analysis.chance", { chance: percent(option.chance) }) }),
  );
}

/** The picture: for each card, a row of 8 columns before and after, shaded by belief. */
function renderPicture(decision, m) {
  const who = m.name(decision.seat);
  const opponent = m.name(1 - decision.seat);
  const cards = picture(decision.told).map(({ card, rows }) =>
    h(
      "table",
      { class: "learned", "data-testid": "analysis-learned", "data-card": card },
      h("caption", { text: cardName(card) }),
      h(
        "thead",
        {},
        h("tr", {}, h("td", {}), rows[0].cells.map(({ col }) => h("th", { scope: "col", text: String(col) }))),
      ),
      h(
        "tbody",
        {},
        rows.map((row) =>
          h(
            "tr",
            { "data-when": row.when },
            h("th", { scope: "row", text: t(row.when === "before" ? "analysis.before" : "analysis.after") }),
            row.inSaloon
              ? h("td", { colspan: "8", class: "in-saloon", text: t("analysis.inSaloon") })
              : row.cells.map((cell) =>
                  h(
                    "td",
                    { class: "cell", style: `--belief: ${cell.shade}`, "data-percent": cell.percent, "data-dark": cell.shade > 0.5 },
                    h("span", { class: "sr-only", text: t("analysis.cell", { col: cell.col, percent: cell.percent }) }),
                    h("span", { class: "cell-percent", "aria-hidden": "true", text: cell.percent ? String(cell.percent) : "" }),
                  ),
                ),
          ),
        ),
      ),
    ),
  );
  return h(
    "section",
    { class: "analysis-learned-all", "aria-labelledby": "analysis-learned-title" },
    h("h4", { id: "analysis-learned-title", text: t("analysis.learned", { who, opponent }) }),
    h("p", { class: "hint", text: t("analysis.learnedHelp", { opponent }) }),
    h("div", { class: "learned-cards" }, cards),
  );
}

/**
 * The decision's panel. `m`: name(seat), street (the deciding seat's cards then),
 * shown (the key of the option outlined: "played" or "alt-N"), show(key).
 */
export function renderDecision(decision, m) {
  const who = m.name(decision.seat);
  const played = playedOption(decision);
  const others = alternatives(decision);
  return h(
    "section",
    {
      class: "analysis-decision",
      "data-testid": "analysis-decision",
      "data-ply": decision.ply,
      "aria-labelledby": "analysis-decision-title",
    },
    h("h3", { id: "analysis-decision-title" }, t("analysis.decision", { turn: decision.turn, who }), " ", verdictBadge(decision.verdict)),
    h("p", { class: "analysis-fair", "data-testid": "analysis-fair", text: t("analysis.fair", { who }) }),
    h("h4", { text: t("analysis.played") }),
    optionButton(played, "played", m, "analysis-played"),
    h("h4", { text: t("analysis.best") }),
    others.length
      ? h("ol", { class: "analysis-options" }, others.map((option, i) => h("li", {}, optionButton(option, `alt-${i}`, m, "analysis-alternative"))))
      : h("p", { class: "hint", text: t("analysis.noOther") }),
    h("p", { class: "hint", text: t("analysis.showHint") }),
    renderPicture(decision, m),
  );
}
