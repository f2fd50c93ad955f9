// @ts-check
// The How-to-play text, as data: its sections in order, the catalogue keys of each, and
// which section explains what a hint, a prompt or a game's ending is about. Pure: no
// page is touched here (howto.js draws it), so that tests can read it as it is.

/** The ten characters, in the order the rules list them. */
export const CHARACTERS = [
  "governor", "hitman", "sheriff", "indian", "storekeep",
  "dancer", "reporter", "bandit", "reverend", "mayor",
];

/**
 * The sections, in reading order. `title` and `body` (paragraphs) are catalogue keys;
 * `list` holds the keys of a bulleted list; `characters` marks the section that shows
 * every character with its picture (one sub-section each, id = the character's name).
 * Keys are spelled out so that the catalogue test finds them.
 */
export const SECTIONS = [
  {
    id: "goal",
    title: "howto.goal.title",
    body: ["howto.goal.text"],
    list: ["howto.win.election", "howto.win.assassination", "howto.win.arrest"],
  },
  { id: "table", title: "howto.table.title", body: ["howto.table.text", "howto.table.tokens"] },
  { id: "turn", title: "howto.turn.title", body: ["howto.turn.text", "howto.turn.reveal"] },
  { id: "move", title: "howto.move.title", body: ["howto.move.text"] },
  { id: "saloon", title: "howto.saloon.title", body: ["howto.saloon.text"] },
  { id: "look", title: "howto.look.title", body: ["howto.look.text"] },
  { id: "take", title: "howto.take.title", body: ["howto.take.text", "howto.take.who"] },
  { id: "characters", title: "howto.characters.title", body: ["howto.characters.text"], characters: true },
  { id: "intercept", title: "howto.intercept.title", body: ["howto.intercept.text"] },
  { id: "cancel", title: "howto.cancel.title", body: ["howto.cancel.text"] },
  { id: "end", title: "howto.end.title", body: ["howto.end.sudden", "howto.end.limit"] },
];

/** Each character's ability, at length (the How-to-play page). */
export const ABILITY = {
  governor: "howto.ability.governor",
  hitman: "howto.ability.hitman",
  sheriff: "howto.ability.sheriff",
  indian: "howto.ability.indian",
  storekeep: "howto.ability.storekeep",
  dancer: "howto.ability.dancer",
  reporter: "howto.ability.reporter",
  bandit: "howto.ability.bandit",
  reverend: "howto.ability.reverend",
  mayor: "howto.ability.mayor",
};

/** Each character's ability, in a line (tooltips, the placement screen's list). */
export const ABILITY_LINE = {
  governor: "place.ability.governor",
  hitman: "place.ability.hitman",
  sheriff: "place.ability.sheriff",
  indian: "place.ability.indian",
  storekeep: "place.ability.storekeep",
  dancer: "place.ability.dancer",
  reporter: "place.ability.reporter",
  bandit: "place.ability.bandit",
  reverend: "place.ability.reverend",
  mayor: "place.ability.mayor",
};

/**
 * Which section explains a thing the page names: an action type (a hint of the action
 * panel), a reaction prompt (`intercept`, `cancel`), or how a game ended (`good`, `bad`,
 * `ugly`, `limit`). Null when no section is about it (a resignation, a clock).
 */
export function sectionFor(thing) {
  if (CHARACTERS.includes(thing)) return thing;
  return HELP[thing] || null;
}

const HELP = {
  move: "move",
  saloon: "saloon",
  look: "look",
  take: "take",
  intercept: "intercept",
  cancel: "cancel",
  good: "goal",
  bad: "goal",
  ugly: "goal",
  limit: "end",
};

/** Every section id a link may open: the sections and the characters'. */
export function sectionIds() {
  return [...SECTIONS.map((s) => s.id), ...CHARACTERS];
}

/** The title key of section `id` (a character's title is its name). */
export function titleKey(id) {
  const card = id;
  if (CHARACTERS.includes(card)) return `card.${card}`;
  const section = SECTIONS.find((s) => s.id === id);
  return section ? section.title : "howto.title";
}

/** Every catalogue key the page reads, in order. */
export function sectionKeys() {
  const keys = [];
  for (const section of SECTIONS) {
    keys.push(section.title, ...section.body, ...(section.list || []));
    if (section.characters) for (const card of CHARACTERS) keys.push(`card.${card}`, ABILITY[card]);
  }
  return keys;
}

/** A character shown face up by element data (`data-card`, `data-flash`), or null. */
export function faceCard(dataset, faceUp) {
  if (!dataset) return null;
  const card = dataset.flash || dataset.card;
  return faceUp && CHARACTERS.includes(card) ? card : null;
}
