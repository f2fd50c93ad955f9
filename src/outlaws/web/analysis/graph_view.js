// @ts-check
// The chance-of-winning graph drawn in SVG (geometry: graph.js): one line a seat, a
// point at each of its decisions, the verdicts marked by shape and colour, the turning
// points by a dashed rule. The points are one keyboard stop: Tab reaches the selected
// (or first) one, the arrow keys, Home and End walk along them, Enter or Space selects.

import { h } from "../core/dom.js";
import { t } from "../core/i18n.js";
import { FRAME, MARKED, layout, markPath, percent, stepPoint, verdictKey } from "./graph.js";

const SVG = "http://www.w3.org/2000/svg";

/** An SVG element: attributes set as they are, children appended. */
function svg(tag, attrs = {}, ...children) {
  const el = document.createElementNS(SVG, tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value !== null && value !== undefined && value !== false) el.setAttribute(key, String(value));
  }
  for (const child of children.flat()) if (child) el.append(child);
  return el;
}

/** A point's name for a screen reader: whose decision, its chance, its verdict. */
export function pointLabel(decision, name, turning) {
  const text = t("analysis.point", {
    turn: decision.turn,
    who: name(decision.seat),
    chance: percent(decision.chance_before),
    verdict: t(verdictKey(decision.verdict)),
  });
  return turning ? `${text} (${t("analysis.turningPoint")})` : text;
}

/**
 * The graph of `decisions` over `plies` actions. `m`: name(seat), turning (plies),
 * selected (a ply or null), select(ply) (a point chosen).
 */
export function renderGraph(decisions, plies, m) {
  const geo = layout(decisions, plies, FRAME, m.turning);
  const selectedIndex = geo.points.findIndex((p) => p.ply === m.selected);
  const stop = selectedIndex >= 0 ? selectedIndex : 0;
  const right = FRAME.width - FRAME.right;
  const grid = geo.ticks.map(({ chance, y }) =>
    svg("g", { class: "tick" },
      svg("line", { x1: FRAME.left, x2: right, y1: y, y2: y }),
      svg("text", { x: FRAME.left - 4, y: y + 3.5, "text-anchor": "end" }, document.createTextNode(`${percent(chance)}%`))),
  );
  const turns = geo.turns.map(({ x }) =>
    svg("line", { class: "turn", x1: x, x2: x, y1: FRAME.top, y2: FRAME.height - FRAME.bottom }),
  );
  const lines = geo.lines.map((d, seat) => svg("path", { class: `line seat-${seat}`, d, fill: "none" }));
  const points = geo.points.map((p) => {
    const decision = decisions[p.index];
    return svg(
      "g",
      {
        class: `pt seat-${p.seat} v-${p.verdict}${p.turning ? " turning" : ""}${p.ply === m.selected ? " selected" : ""}`,
        role: "button",
        tabindex: p.index === stop ? 0 : -1,
        "aria-label": pointLabel(decision, m.name, p.turning),
        "aria-pressed": p.ply === m.selected ? "true" : "false",
        "data-testid": "analysis-point",
        "data-value": p.ply, // the focus finds it again after a redraw (focusMemo)
        "data-ply": p.ply,
        "data-index": p.index,
        "data-verdict": p.verdict,
      },
      // A larger, unseen target around the mark: a finger finds it.
      svg("circle", { class: "hit", cx: p.x, cy: p.y, r: 11 }),
      p.turning ? svg("circle", { class: "ring", cx: p.x, cy: p.y, r: 10 }) : null,
      svg("path", { class: "mark", d: markPath(p.verdict, p.x, p.y) }),
    );
  });
  const chart = svg(
    "svg",
    {
      class: "analysis-graph",
      viewBox: `0 0 ${FRAME.width} ${FRAME.height}`,
      role: "group",
      "aria-label": t("analysis.graph"),
      "data-testid": "analysis-graph",
      "data-points": decisions.length,
    },
    svg("g", { class: "grid" }, grid),
    svg("text", { class: "axis", x: right, y: FRAME.height - 6, "text-anchor": "end" }, document.createTextNode(t("analysis.axis"))),
    turns,
    lines,
    points,
  );
  chart.addEventListener("click", (event) => {
    const point = event.target instanceof Element ? event.target.closest(".pt") : null;
    if (point) m.select(Number(point.getAttribute("data-ply")));
  });
  chart.addEventListener("keydown", (event) => {
    const point = event.target instanceof Element ? event.target.closest(".pt") : null;
    if (!point) return;
    if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      m.select(Number(point.getAttribute("data-ply")));
      return;
    }
    const next = stepPoint(Number(point.getAttribute("data-index")), points.length, event.key);
    if (next === null) return;
    event.preventDefault(); // the replay's own arrow keys stay still
    for (const other of points) other.setAttribute("tabindex", "-1");
    points[next].setAttribute("tabindex", "0");
    /** @type {SVGElement} */ (points[next]).focus();
  });
  return chart;
}

/** The legend: each seat's line, each verdict's mark, the turning points' rule. */
export function renderLegend(name) {
  const sample = (...children) => svg("svg", { class: "sample", viewBox: "0 0 24 16", "aria-hidden": "true" }, ...children);
  const item = (cls, picture, text) => h("li", { class: cls }, picture, h("span", { text }));
  return h(
    "ul",
    { class: "analysis-legend", "aria-label": t("analysis.legend") },
    [0, 1].map((seat) => item(`seat-${seat}`, sample(svg("path", { class: `line seat-${seat}`, d: "M1 8 H23", fill: "none" })), name(seat))),
    MARKED.map((verdict) => item(`v-${verdict}`, sample(svg("path", { class: "mark", d: markPath(verdict, 12, 8) })), t(verdictKey(verdict)))),
    item("turning", sample(svg("line", { class: "turn", x1: 12, x2: 12, y1: 0, y2: 16 })), t("analysis.turningPoint")),
  );
}
