// For the type checker only (tsconfig.json): what the browsers the table runs in have and
// TypeScript's DOM library does not say.

interface Window {
  /** The Web Audio context of an older Safari. */
  webkitAudioContext?: typeof AudioContext;
}
