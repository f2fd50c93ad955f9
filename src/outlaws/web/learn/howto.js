// @ts-check
// How to play: the rules in short, in the page's language, as a page of its own
// (#/howto, #/howto/{section}) and as a dialog over the lobby or the table. A hint that
// is about a rule carries a small "?" link (helpLink) that opens its section.

import { h } from "../core/dom.js";
import { cardName, t } from "../core/i18n.js";
import { icon } from "../core/icons.js";
import { ABILITY, CHARACTERS, SECTIONS, sectionIds, titleKey } from "./rules.js";
import { lobbyEntry } from "./tutorialview.js";

/** The How-to-play text: contents, then every section (`prefix` makes the ids unique). */
export function howtoContent(prefix = "howto") {
  const go = (id) => (event) => {
    event.preventDefault();
    showSection(event.currentTarget.closest(".howto"), id);
  };
  const contents = h("nav", { class: "howto-toc", "aria-label": t("howto.contents") });
  const list = h("ol", {});
  for (const section of SECTIONS) {
    list.append(h("li", {}, h("a", { href: `#/howto/${section.id}`, onclick: go(section.id), text: t(section.title) })));
  }
  contents.append(list);
  const parts = [contents];
  for (const section of SECTIONS) {
    const el = h(
      "section",
      { class: "howto-section", id: `${prefix}-${section.id}`, "data-section": section.id },
      h("h3", { tabindex: "-1", text: t(section.title) }),
      ...section.body.map((key) => h("p", { text: t(key) })),
    );
    if (section.list) el.append(h("ul", { class: "howto-wins" }, section.list.map((key) => h("li", { text: t(key) }))));
    if (section.characters) el.append(characterList(prefix));
    parts.push(el);
  }
  return h("div", { class: "howto", "data-testid": "howto" }, ...parts);
}

function characterList(prefix) {
  const list = h("ul", { class: "howto-cards", "data-testid": "howto-characters" });
  for (const card of CHARACTERS) {
    list.append(
      h(
        "li",
        { class: "howto-card", id: `${prefix}-${card}`, "data-section": card, "data-card": card },
        h("span", { class: "card face howto-pic", "aria-hidden": "true" }, h("span", { class: "emblem", html: icon(card) })),
        h("div", {}, h("h4", { tabindex: "-1", text: cardName(card) }), h("p", { text: t(ABILITY[card]) })),
      ),
    );
  }
  return list;
}

/** Scroll `root`'s section `id` into sight and move the focus to its heading. */
export function showSection(root, id) {
  if (!root || !id) return;
  const el = root.querySelector(`[data-section="${CSS.escape(id)}"]`);
  if (!el) return;
  for (const old of root.querySelectorAll(".howto-target")) old.classList.remove("howto-target");
  el.classList.add("howto-target");
  el.scrollIntoView({ block: "start" });
  const heading = el.querySelector("h3, h4");
  if (heading) heading.focus({ preventScroll: true });
}

let dialog = null;

/** Open How to play in a dialog over the page, at section `id` (or at the top). */
export function openHowto(id = null) {
  if (!dialog || !dialog.isConnected) {
    dialog = h("dialog", { class: "howto-dialog", "data-testid": "howto-dialog", "aria-labelledby": "howto-dialog-title" });
    // Escape closes this dialog only: the table under it must not take the key too.
    dialog.addEventListener("keydown", (event) => {
      if (event.key === "Escape") event.stopPropagation();
    });
    document.body.append(dialog);
  }
  dialog.replaceChildren(
    h(
      "div",
      { class: "howto-head" },
      h("h2", { id: "howto-dialog-title", text: t("howto.title") }),
      h("button", {
        type: "button",
        class: "btn small",
        "data-testid": "howto-close",
        text: t("howto.close"),
        onclick: () => dialog.close(),
      }),
    ),
    howtoContent("howto-d"),
  );
  if (!dialog.open) dialog.showModal();
  const body = dialog.querySelector(".howto");
  if (id) showSection(body, id);
  else {
    dialog.scrollTop = 0;
    dialog.querySelector("[data-testid=howto-close]").focus();
  }
  return dialog;
}

/** The "How to play" button (the lobby's hero, the table's toolbar). */
export function howtoButton(extraClass = "") {
  return h("button", {
    type: "button",
    class: `btn ${extraClass}`.trim(),
    "data-testid": "howto-open",
    text: t("howto.button"),
    onclick: () => openHowto(),
  });
}

/** A small "?" that opens section `id` (null: nothing, when no section is about it). */
export function helpLink(id) {
  if (!id || !sectionIds().includes(id)) return null;
  return h("a", {
    href: `#/howto/${id}`,
    class: "help-link",
    role: "button",
    "data-testid": "help-link",
    "data-section": id,
    "aria-label": t("howto.more", { section: t(titleKey(id)) }),
    title: t("howto.more", { section: t(titleKey(id)) }),
    text: "?",
    onclick: (event) => {
      event.preventDefault();
      event.stopPropagation();
      openHowto(id);
    },
  });
}

/** How to play as a page of its own (#/howto, #/howto/{section}). */
export class HowtoPage {
  constructor({ section = null } = {}) {
    this.section = section;
  }

  mount(root) {
    this.root = root;
    this.render();
  }

  destroy() {}

  refresh() {
    this.render();
  }

  render() {
    this.root.replaceChildren(
      h(
        "article",
        { class: "panel howto-page", "data-testid": "howto-page" },
        h(
          "div",
          { class: "howto-head" },
          h("h1", { text: t("howto.title") }),
          h("a", { class: "btn", href: "#/", "data-testid": "to-lobby", text: t("nav.lobby") }),
        ),
        h("p", { class: "lead", text: t("howto.lead") }),
        lobbyEntry(),
        howtoContent("howto"),
      ),
    );
    if (this.section) showSection(this.root, this.section);
  }
}
