// @ts-check
// The single-page app: hash routes, the header (language selector, account menu), one
// page at a time.
//   #/                      lobby
//   #/game/{id}/{token}     play a seat (the token stays in the browser: hash, localStorage)
//   #/watch/{id}            spectate
//   #/join/{invite}         accept a friend's invite
//   #/replay/{id}           replay a finished game
//   #/replay/{id}/analysis  the same, its analysis open
//   #/player/{name}         a player's profile: ratings and rated games

import { loadLadder } from "./core/bots.js";
import { LANGUAGES, language, onLanguageChange, preferredLanguage, setLanguage, t, translateDom } from "./core/i18n.js";
import { GamePage } from "./game/game.js";
import { ReplayPage } from "./game/replay.js";
import { HowtoPage } from "./learn/howto.js";
import { installTooltips } from "./learn/tooltip.js";
import { AccountMenu } from "./lobby/account.js";
import { JoinPage, LobbyPage } from "./lobby/lobby.js";
import { ProfilePage } from "./lobby/profile.js";

/**
 * A page of the app: drawn into the main element, redrawn in a new language, then gone.
 * @typedef {{mount(root: HTMLElement): void, destroy(): void, refresh(): void}} Page
 */

/** @type {[RegExp, (match: string[]) => Page][]} */
const ROUTES = [
  [/^#?\/?$/, () => new LobbyPage()],
  [/^#\/game\/([^/]+)\/([^/]+)\/?$/, (m) => new GamePage({ game: m[1], token: m[2] })],
  [/^#\/watch\/([^/]+)\/?$/, (m) => new GamePage({ game: m[1] })],
  [/^#\/join\/([^/]+)\/?$/, (m) => new JoinPage({ invite: m[1] })],
  [/^#\/replay\/([^/]+)\/?$/, (m) => new ReplayPage({ game: m[1] })],
  [/^#\/replay\/([^/]+)\/analysis\/?$/, (m) => new ReplayPage({ game: m[1], analysis: true })],
  [/^#\/player\/([^/]+)\/?$/, (m) => new ProfilePage({ name: m[1] })],
  [/^#\/howto(?:\/([\w-]+))?\/?$/, (m) => new HowtoPage({ section: m[1] || null })],
];

let page = null;

function safeDecode(part) {
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
}

function route() {
  const hash = location.hash || "#/";
  let made = null;
  for (const [pattern, make] of ROUTES) {
    const match = pattern.exec(hash);
    if (match) {
      made = make(match.map((part, i) => (i === 0 ? part : safeDecode(part))));
      break;
    }
  }
  if (page) page.destroy();
  const main = document.getElementById("main");
  main.replaceChildren();
  if (!made) {
    const p = document.createElement("p");
    p.className = "panel";
    p.textContent = t("nav.notFound");
    main.append(p);
    page = null;
    return;
  }
  page = made;
  page.mount(main);
}

function header() {
  const select = /** @type {HTMLSelectElement} */ (document.getElementById("lang"));
  select.replaceChildren();
  for (const code of LANGUAGES) {
    const option = document.createElement("option");
    option.value = code;
    option.textContent = t(`lang.${code}`);
    option.lang = code;
    select.append(option);
  }
  select.value = language();
  translateDom(document);
  document.title = t("app.title");
}

async function start() {
  // The catalogue and the bots' ladder, both needed by the first page drawn.
  await Promise.all([setLanguage(preferredLanguage()), loadLadder()]);
  header();
  const account = new AccountMenu();
  document.getElementById("account-slot").append(account.el);
  document.getElementById("lang").addEventListener("change", async (event) => {
    await setLanguage(/** @type {HTMLSelectElement} */ (event.target).value, { remember: true });
  });
  onLanguageChange(() => {
    header();
    account.render();
    if (page) page.refresh();
  });
  installTooltips();
  window.addEventListener("hashchange", route);
  route();
}

start();
