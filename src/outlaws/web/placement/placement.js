// @ts-check
// The arrangement a seat makes before the first turn (docs/rules.md R3.1), as data: eight
// characters on Main Street (column 1 first) and two in the Saloon. No DOM here, so that
// every rule of the placement screen (placementview.js) is tested under node.
//
// The screen works on ten *places*: 0..7 are columns 1..8, 8 and 9 the two Saloon places.
// It only ever exchanges the cards of two places, so an arrangement stays a permutation
// of the ten characters; the one way to break R3.1 is then the Governor in the Saloon,
// and the screen refuses that exchange (with `swapRefusal`'s reason) rather than let an
// arrangement it could not send come about.

export const CHARACTERS = [
  "governor", "hitman", "sheriff", "indian", "storekeep",
  "dancer", "reporter", "bandit", "reverend", "mayor",
];
export const COLUMNS = 8;
export const PLACES = COLUMNS + 2;
export const GOVERNOR = "governor";
/** Where the last arrangement sent is kept (localStorage), for "use my last arrangement". */
export const LAST_KEY = "outlaws.lastPlacement";
/** Where the arrangements still being made are kept (localStorage), so that a reload finds
 * each seat's cards where its player left them. */
export const DRAFT_KEY = "outlaws.placementDrafts";
/** The drafts kept at most: those of games left unplaced go, oldest first. */
export const DRAFTS_KEPT = 20;

/**
 * One seat's arrangement, docs/format.md's shape.
 * @typedef {{street: string[], saloon: string[]}} Arrangement
 */

/** @param {number} place @returns {boolean} */
export const isSaloon = (place) => place >= COLUMNS;
/** The column (1..8) of a street place. */
export const columnOf = (place) => place + 1;
/** The place of column `col`. */
export const placeOfColumn = (col) => col - 1;

/** The ten cards by place. @param {Arrangement} arrangement @returns {string[]} */
export function toPlaces(arrangement) {
  return [...arrangement.street, ...arrangement.saloon];
}

/** @param {string[]} places @returns {Arrangement} */
export function fromPlaces(places) {
  return { street: places.slice(0, COLUMNS), saloon: places.slice(COLUMNS, PLACES) };
}

/** The card at `place`. */
export function cardAt(arrangement, place) {
  return toPlaces(arrangement)[place];
}

/** The place of `card`, or -1. */
export function placeOf(arrangement, card) {
  return toPlaces(arrangement).indexOf(card);
}

/** The arrangement with the cards of places `a` and `b` exchanged (a new object). */
export function swap(arrangement, a, b) {
  const places = toPlaces(arrangement);
  [places[a], places[b]] = [places[b], places[a]];
  return fromPlaces(places);
}

/**
 * The arrangement with the card of place `from` taken out and put at `to`. Along the
 * street the cards in between close up one column (as a row of cards on a table does);
 * into or out of the Saloon, where there is no row to close, it is an exchange.
 */
export function move(arrangement, from, to) {
  if (from === to) return fromPlaces(toPlaces(arrangement));
  if (isSaloon(from) || isSaloon(to)) return swap(arrangement, from, to);
  const street = [...arrangement.street];
  const [card] = street.splice(from, 1);
  street.splice(to, 0, card);
  return { street, saloon: [...arrangement.saloon] };
}

/**
 * Why `arrangement` may not be sent, or null when it obeys R3.1. The reasons, most
 * telling first: "shape" (not 8 + 2 places), "unknown" (a name that is no character),
 * "twice" (a character in two places, so another is missing), "governorSaloon".
 * @returns {null | "shape" | "unknown" | "twice" | "governorSaloon"}
 */
export function refusal(arrangement) {
  if (!arrangement || !Array.isArray(arrangement.street) || !Array.isArray(arrangement.saloon)) return "shape";
  if (arrangement.street.length !== COLUMNS || arrangement.saloon.length !== 2) return "shape";
  const places = toPlaces(arrangement);
  if (places.some((card) => !CHARACTERS.includes(card))) return "unknown";
  if (new Set(places).size !== PLACES) return "twice";
  if (arrangement.saloon.includes(GOVERNOR)) return "governorSaloon";
  return null;
}

export function isValid(arrangement) {
  return refusal(arrangement) === null;
}

/** Why exchanging places `a` and `b` is refused (the arrangement it would make is not
 * legal), or null. */
export function swapRefusal(arrangement, a, b) {
  if (a === b) return null;
  return refusal(swap(arrangement, a, b));
}

/** An integer in 0..n-1 from `rng` (a function giving a float in [0, 1), like Math.random). */
function below(rng, n) {
  return Math.min(n - 1, Math.floor(rng() * n));
}

function shuffled(items, rng) {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i -= 1) {
    const j = below(rng, i + 1);
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

/**
 * A legal arrangement drawn at random: every legal one equally likely, as the engine's
 * `Placement.random` draws it (two of the nine others go to the Saloon, then the street
 * with the Governor is shuffled).
 * @param {() => number} rng
 * @returns {Arrangement}
 */
export function shuffle(rng = Math.random) {
  const others = shuffled(CHARACTERS.filter((c) => c !== GOVERNOR), rng);
  return { street: shuffled([GOVERNOR, ...others.slice(2)], rng), saloon: others.slice(0, 2) };
}

// -- the keyboard ------------------------------------------------------------------------
// The street is drawn as the seat sees it: seat 1 sits across the table, so its column
// numbers grow to its left (R2.2, game/table.js's columnsFor). The Saloon row lies under the
// street's middle, its first place under the left half.

/** Where street place `place` is drawn, 0 (leftmost) to 7, for `seat`. */
export function screenIndex(place, seat) {
  return seat === 1 ? COLUMNS - 1 - place : place;
}

/** The street place drawn at screen position `index` for `seat`. */
export function placeAtScreen(index, seat) {
  return seat === 1 ? COLUMNS - 1 - index : index;
}

/**
 * The place the focus goes to from `place` when `key` is pressed (ArrowLeft, ArrowRight,
 * ArrowUp, ArrowDown, Home, End), for a seat that sees the street as `seat` does.
 * It stops at the edges rather than wrap, so that holding a key ends somewhere known.
 * Any other key leaves it where it is.
 */
export function cursorMove(place, key, seat) {
  if (isSaloon(place)) {
    switch (key) {
      case "ArrowLeft":
        return COLUMNS;
      case "ArrowRight":
        return COLUMNS + 1;
      case "ArrowUp":
        return placeAtScreen(place === COLUMNS ? 3 : 4, seat);
      case "Home":
        return COLUMNS;
      case "End":
        return COLUMNS + 1;
      default:
        return place;
    }
  }
  const index = screenIndex(place, seat);
  switch (key) {
    case "ArrowLeft":
      return placeAtScreen(Math.max(0, index - 1), seat);
    case "ArrowRight":
      return placeAtScreen(Math.min(COLUMNS - 1, index + 1), seat);
    case "Home":
      return placeAtScreen(0, seat);
    case "End":
      return placeAtScreen(COLUMNS - 1, seat);
    case "ArrowDown":
      return index < COLUMNS / 2 ? COLUMNS : COLUMNS + 1;
    default:
      return place;
  }
}

export const CURSOR_KEYS = new Set(["ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "Home", "End"]);

// -- picking and dropping ----------------------------------------------------------------

/**
 * One step of click-to-swap (a mouse click, or Enter/Space on a place): with nothing
 * picked, pick `place`; on the picked place again, put it back; on another place,
 * exchange the two, unless that would break R3.1.
 * @returns {{arrangement: Arrangement, picked: number | null,
 *   swapped: [number, number] | null, refused: string | null}}
 */
export function pickOrDrop(arrangement, picked, place) {
  if (picked === null || picked === undefined) return { arrangement, picked: place, swapped: null, refused: null };
  if (picked === place) return { arrangement, picked: null, swapped: null, refused: null };
  const refused = swapRefusal(arrangement, picked, place);
  if (refused) return { arrangement, picked: null, swapped: null, refused };
  return { arrangement: swap(arrangement, picked, place), picked: null, swapped: [picked, place], refused: null };
}

// -- remembering the last one ------------------------------------------------------------
// The last arrangement is kept as its player saw it, with the seat it was made for: seat 1
// sees the street mirrored (R2.2), and "to the Mayor's right" or "to the Reverend's left"
// is read from the owner's seat. Column 5 next to column 4 means the Bandit is at the
// Reverend's left for seat 0 and at his right for seat 1, so the same arrangement taken to
// the other seat is the street reversed: the cards keep their neighbours on each side.

/** The last arrangement this browser sent, for a player now at `seat`, if it is still a
 * legal one. `storage` is a localStorage (or anything with getItem). */
export function loadLast(storage, seat = 0) {
  try {
    const saved = JSON.parse(storage.getItem(LAST_KEY) || "null");
    if (!saved || !isValid(saved)) return null;
    const street = [...saved.street];
    if ((saved.seat === 0 || saved.seat === 1) && (seat === 0 || seat === 1) && saved.seat !== seat) street.reverse();
    return { street, saloon: [...saved.saloon] };
  } catch {
    return null;
  }
}

/** Keep `arrangement`, made at `seat`, as the last one sent (a legal one only). */
export function saveLast(storage, arrangement, seat = 0) {
  if (!isValid(arrangement)) return false;
  try {
    storage.setItem(LAST_KEY, JSON.stringify({ street: arrangement.street, saloon: arrangement.saloon, seat }));
    return true;
  } catch {
    return false; // storage full or disabled: only the convenience is lost
  }
}

// -- the arrangement in progress ---------------------------------------------------------
// Kept for each game and seat while its player arranges, and forgotten once it is sent.

function readDrafts(storage) {
  try {
    const drafts = JSON.parse(storage.getItem(DRAFT_KEY) || "[]");
    return Array.isArray(drafts) ? drafts.filter((d) => d && typeof d.game === "string") : [];
  } catch {
    return [];
  }
}

function writeDrafts(storage, drafts) {
  try {
    storage.setItem(DRAFT_KEY, JSON.stringify(drafts.slice(0, DRAFTS_KEPT)));
    return true;
  } catch {
    return false; // storage full or disabled: a reload only deals the cards anew
  }
}

const otherDrafts = (storage, game, seat) => readDrafts(storage).filter((d) => !(d.game === game && d.seat === seat));

/** The arrangement `seat` of `game` was making, if one is kept and still legal. */
export function loadDraft(storage, game, seat) {
  const draft = readDrafts(storage).find((d) => d.game === game && d.seat === seat);
  if (!draft || !isValid(draft)) return null;
  return { street: [...draft.street], saloon: [...draft.saloon] };
}

/** Keep `arrangement` as the one `seat` of `game` is making (a legal one only). */
export function saveDraft(storage, game, seat, arrangement) {
  if (!isValid(arrangement)) return false;
  const draft = { game, seat, street: arrangement.street, saloon: arrangement.saloon };
  return writeDrafts(storage, [draft, ...otherDrafts(storage, game, seat)]);
}

/** The arrangement of `seat` of `game` is sent, or play began: nothing to keep. */
export function forgetDraft(storage, game, seat) {
  writeDrafts(storage, otherDrafts(storage, game, seat));
}

/** The seat's own placement in a placement answer of the server, whichever way it comes:
 * `{"street", "saloon"}` itself, or the game's `placement` with its `mine`. */
export function placedArrangement(answer) {
  if (!answer) return null;
  const candidates = [answer.placement, answer.placement && answer.placement.mine,
    answer.game && answer.game.placement && answer.game.placement.mine];
  return candidates.find((c) => c && Array.isArray(c.street) && Array.isArray(c.saloon)) || null;
}
