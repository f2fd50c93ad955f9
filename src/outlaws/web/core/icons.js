// @ts-check
// Small inline SVG emblems: no fonts or images fetched from anywhere.
// Every icon is decorative (aria-hidden): the names beside them carry the meaning.

const F = 'fill="currentColor"';
const S = 'fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"';

const SHAPES = {
  // characters
  governor: `<path ${F} d="M7 3h10v12H7z"/><path ${F} d="M2 15.5h20v3H2z"/><path fill="var(--band, #8b1e1e)" d="M7 11h10v2.5H7z"/>`,
  hitman: `<circle ${S} cx="12" cy="12" r="7"/><circle ${F} cx="12" cy="12" r="1.8"/><path ${S} d="M12 1.5v5M12 17.5v5M1.5 12h5M17.5 12h5"/>`,
  sheriff: `<path ${F} d="M12 1.8l2.9 5h5.8l-2.9 5.2 2.9 5.1h-5.8L12 22.2l-2.9-5.1H3.3l2.9-5.1-2.9-5.2h5.8z"/><circle fill="var(--face, #f6ecd2)" cx="12" cy="12" r="2.6"/>`,
  indian: `<path ${F} d="M18.5 2C11 4 6.5 10.5 6.8 18.6l2.1-.3C9 12 12.7 6.5 18.5 2z"/><path ${F} d="M18.5 2c-1.5 6-4.6 11.4-9.6 16.3 6.1-2.7 9.6-9.3 9.6-16.3z" opacity=".6"/><path ${S} d="M7.8 18.5L5 22"/>`,
  storekeep: `<path ${S} d="M12 3v17M7 21h10M4 6.5h16"/><path ${F} d="M1.5 13.5h6L4.5 7zM16.5 13.5h6L19.5 7z"/>`,
  dancer: `<circle ${F} cx="12" cy="4.5" r="2.6"/><path ${F} d="M12 7.8l-3 2.5 1 3.2-6 8h16l-6-8 1-3.2z"/><path ${S} d="M9 10L5 7M15 10l4-3"/>`,
  reporter: `<path ${F} fill-rule="evenodd" d="M3 7h4l1.6-2.5h6.8L17 7h4a1 1 0 011 1v11a1 1 0 01-1 1H3a1 1 0 01-1-1V8a1 1 0 011-1zm9 2.5a4 4 0 100 8 4 4 0 000-8z"/>`,
  bandit: `<path ${F} fill-rule="evenodd" d="M1.5 9.5C5 7 19 7 22.5 9.5v3.5c-3 3.5-7.5 3.5-10.5 1.5-3 2-7.5 2-10.5-1.5zM6.5 10.7h3.6v2.1H6.5zm7.4 0h3.6v2.1h-3.6z"/>`,
  reverend: `<path ${F} d="M10.4 1.5h3.2v5.8h5v3.2h-5v12h-3.2v-12h-5V7.3h5z"/>`,
  mayor: `<path ${F} d="M8.2 13.5L5.8 22l3.4-1.8 1.6 2.2 1.2-7.4zM15.8 13.5l2.4 8.5-3.4-1.8-1.6 2.2-1.2-7.4z"/><circle ${F} cx="12" cy="9" r="6.5"/><path fill="var(--face, #f6ecd2)" d="M12 5.2l1.2 2.4 2.6.4-1.9 1.8.5 2.6-2.4-1.2-2.4 1.2.5-2.6-1.9-1.8 2.6-.4z"/>`,
  // tokens
  bullet: `<path ${F} d="M8.5 22V11c0-4.5 1.7-7.7 3.5-9 1.8 1.3 3.5 4.5 3.5 9v11z"/><path fill="var(--face, #f6ecd2)" d="M8.5 15h7v1.6h-7z"/>`,
  // Two cuffs, each with its lock, joined at the top by two links of chain.
  handcuffs: `<circle ${S} cx="5.8" cy="17" r="4.3"/><circle ${S} cx="18.2" cy="17" r="4.3"/><rect ${F} x="6.1" y="9.4" width="3.4" height="3.6" rx=".7" transform="rotate(25 7.8 11.2)"/><rect ${F} x="14.5" y="9.4" width="3.4" height="3.6" rx=".7" transform="rotate(-25 16.2 11.2)"/><g fill="none" stroke="currentColor" stroke-width="1.3"><ellipse cx="10.1" cy="7" rx="2.3" ry="1.2" transform="rotate(-50 10.1 7)"/><ellipse cx="13.9" cy="7" rx="2.3" ry="1.2" transform="rotate(50 13.9 7)"/></g>`,
  vote: `<rect ${S} x="4" y="2.5" width="16" height="19" rx="2"/><path ${S} d="M8 12.5l3 3 5.5-6.5"/>`,
  bogus: `<path ${S} stroke-width="3.2" d="M5.5 5.5l13 13M18.5 5.5l-13 13"/>`,
  election: `<path ${F} d="M2.5 10.5h19v11h-19z"/><path fill="var(--face, #f6ecd2)" d="M8 13h8v1.8H8z"/><path ${F} d="M12 1.5l1.5 3 3.3.5-2.4 2.3.6 3.2-3-1.6-3 1.6.6-3.2-2.4-2.3 3.3-.5z"/>`,
  // marks and table things
  headline: `<path ${F} fill-rule="evenodd" d="M3 7h4l1.6-2.5h6.8L17 7h4a1 1 0 011 1v11a1 1 0 01-1 1H3a1 1 0 01-1-1V8a1 1 0 011-1zm9 2.5a4 4 0 100 8 4 4 0 000-8z"/>`,
  chain: `<rect ${S} x="2.5" y="8.5" width="9" height="7" rx="3.5"/><rect ${S} x="12.5" y="8.5" width="9" height="7" rx="3.5"/>`,
  back: `<circle ${S} cx="12" cy="12" r="9.5"/><path ${F} d="M12 5.2l1.7 3.6 3.9.5-2.9 2.7.8 3.9L12 14l-3.5 1.9.8-3.9-2.9-2.7 3.9-.5z"/>`,
  unknown: `<text x="12" y="17.5" text-anchor="middle" font-size="16" font-weight="700" fill="currentColor">?</text>`,
  reserve: `<path ${F} d="M4 15h16v3H4zM4 10.5h16v3H4zM4 6h16v3H4z"/>`,
  discard: `<path ${S} d="M5 7h14l-1.5 14h-11zM9 3.5h6M3 7h18"/>`,
  clock: `<circle ${S} cx="12" cy="12" r="9"/><path ${S} d="M12 7v5l3.5 2"/>`,
  // the clocks and the alerts (game/notify.js)
  running: `<path ${F} d="M7 4.5v15l13-7.5z"/>`,
  stopped: `<path ${F} d="M6.5 5h4v14h-4zM13.5 5h4v14h-4z"/>`,
  warning: `<path ${F} fill-rule="evenodd" d="M12 2.5l10.5 19h-21zm-1.4 7v6h2.8v-6zm0 7.6v2.6h2.8v-2.6z"/>`,
  sound: `<path ${F} d="M3 9h4l5-4.5v15L7 15H3z"/><path ${S} d="M15.5 8.5a5 5 0 010 7M18.5 5.5a9 9 0 010 13"/>`,
  muted: `<path ${F} d="M3 9h4l5-4.5v15L7 15H3z"/><path ${S} d="M16 9l6 6M22 9l-6 6"/>`,
  bell: `<path ${F} d="M12 2.5a1.6 1.6 0 011.6 1.6v.6A6.5 6.5 0 0118.5 11v4.5l2 2.5v1H3.5v-1l2-2.5V11a6.5 6.5 0 014.9-6.3v-.6A1.6 1.6 0 0112 2.5zM9.5 20.5h5a2.5 2.5 0 01-5 0z"/>`,
};

/** The SVG markup of emblem `name` (a character, a token or a mark). */
export function icon(name, extraClass = "") {
  const shape = SHAPES[name] || SHAPES.unknown;
  return `<svg class="icon ${extraClass}" viewBox="0 0 24 24" aria-hidden="true" focusable="false">${shape}</svg>`;
}
