// Accounts in the browser (optional: a guest plays as before). The session is an
// HttpOnly cookie the page never sees; what the page keeps is the account's name and
// the session's anti-CSRF token, read from GET /account, sent with every request that
// changes something. Signing up or in hands this browser's guest seats to the account.

import { api } from "./api.js";
import { t } from "./i18n.js";
import * as store from "./store.js";
import { h } from "./table.js";
import { errorText } from "./ui.js";

/** The signed-in account as this page knows it: {id, name, csrf}, or null. */
let session = null;
let loaded = null;

/** Ask the server once whether this browser is signed in (a guest: null). */
export function loadSession() {
  if (!loaded) {
    loaded = api.account().then(
      (me) => {
        session = me;
        return me;
      },
      () => {
        session = null;
        return null;
      },
    );
  }
  return loaded;
}

/** The session's anti-CSRF token, or undefined for a guest. */
export function csrf() {
  return session ? session.csrf : undefined;
}

export function signedIn() {
  return session;
}

function setSession(me) {
  session = me;
  loaded = Promise.resolve(me);
}

/** The games of the account that this browser holds no seat token for (played on
 * another device): pure, for the lobby to offer them here. */
export function elsewhere(accountGames, entries) {
  const held = new Set(entries.map((e) => `${e.game}/${e.seat}`));
  return accountGames.filter((g) => !held.has(`${g.game}/${g.seat}`));
}

/** Open a game of the account on this device: a token of its own, kept like any seat. */
export async function openHere(game) {
  const seat = await api.deviceToken(game.game, csrf());
  store.remember({ game: seat.game, seat: seat.seat, token: seat.token, kind: game.kind });
  return `#/game/${encodeURIComponent(seat.game)}/${encodeURIComponent(seat.token)}`;
}

/** The lobby's account panel: sign up or in (name, password), or who is signed in,
 * with their profile and a way out. `changed()` is called when that changes. */
export function accountPanel(changed) {
  const section = h("section", { class: "panel account", "aria-labelledby": "account-title", "data-testid": "account" });
  const render = () => section.replaceChildren(...(session ? signedInView() : signInForm()));

  const signedInView = () => [
    h("h2", { id: "account-title", text: t("account.title") }),
    h("p", { "data-testid": "account-name", text: t("account.signedInAs", { name: session.name }) }),
    h(
      "div",
      { class: "row" },
      h("a", {
        class: "btn small",
        href: `#/player/${encodeURIComponent(session.name)}`,
        "data-testid": "account-profile",
        text: t("account.profile"),
      }),
      h("button", {
        type: "button",
        class: "btn small ghost",
        "data-testid": "sign-out",
        text: t("account.signOut"),
        onclick: async () => {
          try {
            await api.signOut(csrf());
          } catch {
            // signed out already (the session ended): the page forgets it all the same
          }
          setSession(null);
          render();
          changed();
        },
      }),
    ),
  ];

  const signInForm = () => {
    const name = h("input", { id: "account-name-input", type: "text", maxlength: "24", autocomplete: "username", "data-testid": "account-name-input", required: true });
    const password = h("input", { id: "account-password", type: "password", maxlength: "256", autocomplete: "current-password", "data-testid": "account-password", required: true });
    const problem = h("p", { class: "banner", role: "alert", "data-testid": "account-error", hidden: true });
    const submit = async (signUp) => {
      problem.hidden = true;
      const seats = store.myGames().map((e) => e.token);
      try {
        const call = signUp ? api.signUp : api.signIn;
        setSession(await call(name.value.trim(), password.value, seats));
        render();
        changed();
      } catch (err) {
        problem.textContent = errorText(err);
        problem.hidden = false;
      }
    };
    return [
      h("h2", { id: "account-title", text: t("account.title") }),
      h("p", { class: "hint", text: t("account.hint") }),
      h(
        "form",
        { class: "grid2", onsubmit: (event) => { event.preventDefault(); submit(false); } },
        h("div", { class: "field" }, h("label", { for: name.id, text: t("account.name") }), name, h("small", { class: "hint", text: t("account.name.hint") })),
        h("div", { class: "field" }, h("label", { for: password.id, text: t("account.password") }), password, h("small", { class: "hint", text: t("account.password.hint") })),
        h(
          "div",
          { class: "row" },
          h("button", { type: "submit", class: "btn primary", "data-testid": "sign-in", text: t("account.signIn") }),
          h("button", { type: "button", class: "btn", "data-testid": "sign-up", text: t("account.signUp"), onclick: () => submit(true) }),
        ),
      ),
      problem,
    ];
  };

  render();
  // A page just loaded does not know yet whether this browser is signed in. Once it
  // knows: a signed-in browser shows who it is; a guest's form is left as it is, with
  // whatever they began to type (on a slow answer they may well have).
  loadSession().then((me) => {
    if (me) render();
  });
  return section;
}
