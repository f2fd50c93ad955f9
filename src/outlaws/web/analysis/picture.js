// @ts-check
// One decision taken apart, apart from drawing it: the better options beside the one
// played, what each names on the board, and the picture of what the action told the
// opponent (their belief of where the Governor, Hitman and Sheriff stand). Pure.

/** The options worth showing beside the one played: the best ones (at most `most`),
 * the played one left out (it is shown as played). */
export function alternatives(decision, most = 3) {
  return decision.options.filter((option) => !option.played).slice(0, most);
}

/** The option played, from the options (the report always lists it). */
export function playedOption(decision) {
  return decision.options.find((option) => option.played) || { action: decision.played, chance: decision.chance_played, played: true };
}

/** The option a key of the panel names ("played", "alt-N": the Nth best other), or null. */
export function optionFor(decision, key) {
  if (key === "played") return playedOption(decision);
  const match = /^alt-(\d+)$/.exec(key || "");
  return match ? alternatives(decision)[Number(match[1])] || null : null;
}

/** The option outlined first: the best other one when it was better than the one
 * played, else the one played. */
export function firstShown(decision) {
  const best = alternatives(decision, 1)[0];
  return best && best.chance > playedOption(decision).chance ? "alt-0" : "played";
}

/**
 * What `action` of `seat` names on the board, as the board's element keys (table.js's
 * `fx` map): its own card, the opponent's card it aims at, the slots it touches, the
 * Saloon card it brings out (`saloon`: that seat's Saloon cards, to find its place).
 * A reaction or a pass names nothing on the board.
 */
export function boardKeys(action, seat, saloon = []) {
  const other = 1 - seat;
  const own = (col) => `card:${seat}-${col}`;
  const theirs = (col) => `card:${other}-${col}`;
  switch (action.type) {
    case "move":
      return [own(action.a), own(action.b)];
    case "saloon": {
      const i = saloon.indexOf(action.card);
      return [...(i >= 0 ? [`saloon:${seat}-${i}`] : []), own(action.a), own(action.b)];
    }
    case "look":
    case "take":
      return [own(action.col), `slot:${action.col}`];
    case "hitman":
      return [own(action.col), theirs(action.col)];
    case "sheriff":
    case "indian":
    case "reporter":
      return [own(action.col), theirs(action.target)];
    case "storekeep":
      return [own(action.col), ...(action.slots || []).map((col) => `slot:${col}`)];
    case "dancer":
      return [own(action.col), theirs(action.from)];
    case "bandit":
    case "reverend":
      return [own(action.col)];
    default:
      return [];
  }
}

/** The board's `fx` map that outlines what `action` names, each with `cls`. */
export function boardMarks(action, seat, saloon, cls = "analysis-mark") {
  return new Map(boardKeys(action, seat, saloon).map((key) => [key, { cls }]));
}

/** How dark a cell of the picture is for a belief `p` (0..1): never quite clear, so
 * that an empty column still shows as a cell. */
export function shade(p) {
  const v = Math.min(Math.max(p, 0), 1);
  return Math.round((0.06 + 0.94 * v) * 100) / 100;
}

/**
 * The picture of what the decision told the opponent: for each card of `told`, its two
 * rows (before, after the action), each of 8 cells ({col, p, percent, shade}) and
 * whether the card was in the Saloon then (no column at all), and the column the
 * opponent's guess favoured most after it (null: none).
 */
export function picture(told) {
  const row = (when, beliefs) => ({
    when,
    inSaloon: beliefs.every((p) => p === 0),
    cells: beliefs.map((p, i) => ({ col: i + 1, p, percent: Math.round(p * 100), shade: shade(p) })),
  });
  return told.map(({ card, before, after }) => {
    const best = after.reduce((top, p, i) => (p > after[top] ? i : top), 0);
    return {
      card,
      rows: [row("before", before), row("after", after)],
      likeliest: after[best] > 0 ? best + 1 : null,
    };
  });
}
