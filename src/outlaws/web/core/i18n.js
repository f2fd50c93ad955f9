// @ts-check
// Message catalogues: every word the player reads comes from i18n/<lang>.json.
// English is always loaded as the fallback; a missing catalogue or key falls back to it.

export const LANGUAGES = ["en", "pt", "it", "ja"];
const STORAGE_KEY = "outlaws.lang";

let english = {};
let current = {};
let lang = "en";
const listeners = new Set();

async function fetchCatalogue(code) {
  try {
    const response = await fetch(`/static/i18n/${code}.json`, { cache: "no-cache" });
    if (!response.ok) return {};
    const data = await response.json();
    return data && typeof data === "object" ? data : {};
  } catch {
    return {};
  }
}

/** The language to start with: the one chosen before, else the browser's first known. */
export function preferredLanguage() {
  let saved = null;
  try {
    saved = localStorage.getItem(STORAGE_KEY);
  } catch {
    saved = null;
  }
  if (saved && LANGUAGES.includes(saved)) return saved;
  const wanted = navigator.languages && navigator.languages.length
    ? navigator.languages
    : [navigator.language || "en"];
  for (const tag of wanted) {
    const primary = String(tag).toLowerCase().split("-")[0];
    if (LANGUAGES.includes(primary)) return primary;
  }
  return "en";
}

/** Load `code`'s catalogue (English under it) and make it the page's language. */
export async function setLanguage(code, { remember = false } = {}) {
  if (!LANGUAGES.includes(code)) code = "en";
  if (remember) {
    try {
      localStorage.setItem(STORAGE_KEY, code);
    } catch {
      // private mode: the choice lasts for this page only
    }
  }
  if (!Object.keys(english).length) english = await fetchCatalogue("en");
  current = code === "en" ? english : await fetchCatalogue(code);
  lang = code;
  document.documentElement.lang = code;
  for (const listener of listeners) listener(code);
}

export function language() {
  return lang;
}

export function onLanguageChange(listener) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function lookup(key) {
  const own = current[key];
  if (typeof own === "string" && own !== "") return own;
  const base = english[key];
  return typeof base === "string" ? base : null;
}

export function has(key) {
  return lookup(key) !== null;
}

/** The message `key` with its `{placeholders}` filled from `params`.
 * @param {string} key
 * @param {Record<string, unknown>} [params]
 * @returns {string} */
export function t(key, params = {}) {
  const text = lookup(key);
  if (text === null) return key;
  return text.replace(/\{(\w+)\}/g, (whole, name) =>
    Object.prototype.hasOwnProperty.call(params, name) ? String(params[name]) : whole,
  );
}

/** A message that depends on a count: `key.one`, `key.other` (CLDR plural categories).
 * @param {string} key
 * @param {number} n
 * @param {Record<string, unknown>} [params]
 * @returns {string} */
export function tn(key, n, params = {}) {
  let category = "other";
  try {
    category = new Intl.PluralRules(lang).select(n);
  } catch {
    category = n === 1 ? "one" : "other";
  }
  const chosen = has(`${key}.${category}`) ? `${key}.${category}` : `${key}.other`;
  return t(chosen, { n, ...params });
}

/** Fill the elements of `root` marked with data-i18n (text) and data-i18n-* (attributes). */
export function translateDom(root = document) {
  for (const el of root.querySelectorAll("[data-i18n]")) el.textContent = t(/** @type {HTMLElement} */ (el).dataset.i18n);
  for (const attr of ["aria-label", "title", "placeholder"]) {
    const data = `data-i18n-${attr}`;
    for (const el of root.querySelectorAll(`[${data}]`)) {
      el.setAttribute(attr, t(el.getAttribute(data)));
    }
  }
}

/** Names of the game's things. @type {(card: string) => string} */
export const cardName = (card) => t(`card.${card}`);
/** @type {(card: string) => string} */
export const cardShort = (card) => t(`card.short.${card}`);
/** The whole name, with the places it may break (soft hyphens) on a narrow card.
 * @type {(card: string) => string} */
export const cardNarrow = (card) => t(`card.narrow.${card}`);
/** @type {(token: string) => string} */
export const tokenName = (token) => t(`token.${token}`);

/** Whole sentences one after the other: Japanese sets them side by side, the other
 * languages leave a space between them.
 * @param {string[]} parts
 * @returns {string} */
export function sentences(parts) {
  return parts.join(lang === "ja" ? "" : " ");
}

/** "a, b and c" in the page's language. */
export function listOf(items) {
  try {
    return new Intl.ListFormat(lang, { style: "long", type: "conjunction" }).format(items);
  } catch {
    return items.join(", ");
  }
}
