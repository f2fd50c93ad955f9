// @ts-check
// The chance-of-winning graph's geometry, apart from drawing it: where each decision's
// point stands, each seat's line through its own points, the marks of the verdicts and
// of the moments the game turned. Pure: the view (view.js) turns it into SVG.

/** How each verdict is marked: a shape of its own as well as a colour, so that no one
 * needs the colour to tell them apart. A good decision is a plain dot. */
export const MARKS = {
  good: { shape: "dot", size: 3.5, word: "analysis.verdict.good" },
  inaccuracy: { shape: "triangle", size: 7, word: "analysis.verdict.inaccuracy" },
  mistake: { shape: "square", size: 6.5, word: "analysis.verdict.mistake" },
  blunder: { shape: "cross", size: 7, word: "analysis.verdict.blunder" },
};

/** The catalogue key of a verdict's name. */
export const verdictKey = (verdict) => (MARKS[verdict] || MARKS.good).word;

/** The verdicts worth a legend entry, mildest first. */
export const MARKED = ["inaccuracy", "mistake", "blunder"];

/** The graph's drawing box (SVG units; drawn as wide as its panel, in proportion). */
export const FRAME = { width: 400, height: 230, left: 34, right: 14, top: 14, bottom: 22 };

/**
 * The graph of `decisions` (the report's, in ply order; so far) over a game of `plies`
 * actions, in `frame`: {x(ply), y(chance), points, lines, turns, ticks}.
 * A point is a seat's own chance before its decision (`chance_before`); a turning point
 * is a ply the report names in `turning`.
 */
export function layout(decisions, plies, frame, turning = []) {
  const inner = { w: frame.width - frame.left - frame.right, h: frame.height - frame.top - frame.bottom };
  const span = Math.max(1, plies - 1);
  const x = (ply) => frame.left + (Math.min(Math.max(ply, 0), span) / span) * inner.w;
  const y = (chance) => frame.top + (1 - Math.min(Math.max(chance, 0), 1)) * inner.h;
  const round = (v) => Math.round(v * 10) / 10;
  const points = decisions.map((d, index) => ({
    index,
    ply: d.ply,
    seat: d.seat,
    chance: d.chance_before,
    verdict: d.verdict,
    turning: turning.includes(d.ply),
    x: round(x(d.ply)),
    y: round(y(d.chance_before)),
  }));
  const lines = [0, 1].map((seat) => linePath(points.filter((p) => p.seat === seat)));
  const turns = turning.map((ply) => ({ ply, x: round(x(ply)) }));
  const ticks = [0, 0.25, 0.5, 0.75, 1].map((chance) => ({ chance, y: round(y(chance)) }));
  return { points, lines, turns, ticks, inner };
}

/** An SVG path through `points` in order ("" for none). */
export function linePath(points) {
  return points.map((p, i) => `${i ? "L" : "M"}${p.x} ${p.y}`).join(" ");
}

/** The SVG path of a verdict's mark centred on (x, y). */
export function markPath(verdict, x, y) {
  const { shape, size: r } = MARKS[verdict] || MARKS.good;
  const n = (v) => Math.round(v * 10) / 10;
  switch (shape) {
    case "triangle":
      return `M${n(x)} ${n(y - r)} L${n(x + r)} ${n(y + r * 0.8)} L${n(x - r)} ${n(y + r * 0.8)} Z`;
    case "square":
      return `M${n(x - r)} ${n(y - r)} H${n(x + r)} V${n(y + r)} H${n(x - r)} Z`;
    case "cross": {
      // A thick X, as one closed outline (filled like the others).
      const w = r * 0.38;
      return [
        `M${n(x - r)} ${n(y - r + w)} L${n(x - r + w)} ${n(y - r)} L${n(x)} ${n(y - w)}`,
        `L${n(x + r - w)} ${n(y - r)} L${n(x + r)} ${n(y - r + w)} L${n(x + w)} ${n(y)}`,
        `L${n(x + r)} ${n(y + r - w)} L${n(x + r - w)} ${n(y + r)} L${n(x)} ${n(y + w)}`,
        `L${n(x - r + w)} ${n(y + r)} L${n(x - r)} ${n(y + r - w)} L${n(x - w)} ${n(y)} Z`,
      ].join(" ");
    }
    default:
      return `M${n(x - r)} ${n(y)} A${r} ${r} 0 1 0 ${n(x + r)} ${n(y)} A${r} ${r} 0 1 0 ${n(x - r)} ${n(y)} Z`;
  }
}

/** The point the arrow keys lead to from point `index` of `count` (Home, End too), or
 * null for a key that moves nothing. */
export function stepPoint(index, count, key) {
  if (!count) return null;
  switch (key) {
    case "ArrowLeft":
    case "ArrowDown":
      return Math.max(0, index - 1);
    case "ArrowRight":
    case "ArrowUp":
      return Math.min(count - 1, index + 1);
    case "Home":
      return 0;
    case "End":
      return count - 1;
    default:
      return null;
  }
}

/** A chance as a whole percentage (0..100). */
export function percent(chance) {
  return Math.round(Math.min(Math.max(chance, 0), 1) * 100);
}
