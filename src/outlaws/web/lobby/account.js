// @ts-check
// The header's account panel: signing in, up or out (the session it changes: core/session.js).
// Signing up or in hands this browser's guest seats to the account.

import { api } from "../core/api.js";
import { h } from "../core/dom.js";
import { t } from "../core/i18n.js";
import { csrf, loadSession, sessionChanged, setSession, signedIn } from "../core/session.js";
import * as store from "../core/store.js";
import { errorText } from "../core/ui.js";

/**
 * The header's account control: a small "Sign in" button that opens the form (name,
 * password: sign in or up) in a dropdown, or, signed in, the account's name opening a
 * menu (profile, sign out). The page's own content stays about playing.
 */
export class AccountMenu {
  constructor() {
    this.el = h("div", { class: "account-menu", "data-testid": "account" });
    this.toggle = h("button", {
      type: "button",
      class: "btn small account-toggle",
      "data-testid": "account-toggle",
      "aria-expanded": "false",
      "aria-controls": "account-pop",
      onclick: () => this.setOpen(this.pop.hidden),
    });
    this.pop = h("section", { class: "panel account-pop", id: "account-pop", "aria-labelledby": "account-title", hidden: true });
    this.el.append(this.toggle, this.pop);
    this.el.addEventListener("keydown", (event) => {
      if (event.key === "Escape" && !this.pop.hidden) {
        this.setOpen(false);
        this.toggle.focus();
      }
    });
    document.addEventListener("pointerdown", (event) => {
      if (!this.pop.hidden && !this.el.contains(/** @type {Node} */ (event.target))) this.setOpen(false);
    });
    // The routes change under the header: a menu left open would cover the next page.
    window.addEventListener("hashchange", () => this.setOpen(false));
    this.render();
    // A page just loaded does not know yet whether this browser is signed in. Once it
    // knows: a signed-in browser shows who it is; a guest's form is left as it is, with
    // whatever they began to type (on a slow answer they may well have).
    loadSession().then((me) => {
      if (me) this.render();
    });
  }

  setOpen(open) {
    this.pop.hidden = !open;
    this.toggle.setAttribute("aria-expanded", String(open));
    if (open) {
      const first = /** @type {HTMLElement | null} */ (this.pop.querySelector("input, a, button"));
      if (first) first.focus();
    }
  }

  /** Draw it again (in the page's language, or signed in or out since). */
  render() {
    const session = signedIn();
    if (session) {
      this.toggle.replaceChildren(h("span", { "data-testid": "account-name", text: session.name }), h("span", { class: "caret", "aria-hidden": "true", text: "▾" }));
      this.toggle.setAttribute("aria-label", t("account.menu", { name: session.name }));
      this.pop.replaceChildren(...this.signedInView());
    } else {
      this.toggle.replaceChildren(t("account.signIn"));
      this.toggle.removeAttribute("aria-label");
      this.pop.replaceChildren(...this.signInForm());
    }
  }

  /** After signing in, up or out: the header says so, the page is told. */
  settle(me) {
    setSession(me);
    this.render();
    this.setOpen(false);
    this.toggle.focus();
    sessionChanged();
  }

  signedInView() {
    const session = signedIn();
    return [
      h("h2", { id: "account-title", text: t("account.title") }),
      h("p", { text: t("account.signedInAs", { name: session.name }) }),
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
            this.settle(null);
          },
        }),
      ),
    ];
  }

  signInForm() {
    const name = h("input", { id: "account-name-input", type: "text", maxlength: "24", autocomplete: "username", "data-testid": "account-name-input", required: true });
    const password = h("input", { id: "account-password", type: "password", maxlength: "256", autocomplete: "current-password", "data-testid": "account-password", required: true });
    const problem = h("p", { class: "banner", role: "alert", "data-testid": "account-error", hidden: true });
    const submit = async (signUp) => {
      problem.hidden = true;
      const seats = store.myGames().map((e) => e.token);
      try {
        const call = signUp ? api.signUp : api.signIn;
        this.settle(await call(name.value.trim(), password.value, seats));
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
        { class: "account-form", onsubmit: (event) => { event.preventDefault(); submit(false); } },
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
  }
}
