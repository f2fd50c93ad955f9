// @ts-check
// The lobby (#/): first the ways to play (a bot of the ladder, someone online now, a
// friend, the guided game) with the new game's settings; then my games, the games being
// played, spectating, importing a record; and the page that accepts an invite
// (#/join/{invite}). Signing in is the header's business (account.js).

import { api } from "../core/api.js";
import { botChoices, loadLadder } from "../core/bots.js";
import { h } from "../core/dom.js";
import { t } from "../core/i18n.js";
import { heldSeat, spentInvite } from "../core/notices.js";
import { csrf, elsewhere, loadSession, onSessionChange, openHere, signedIn } from "../core/session.js";
import * as store from "../core/store.js";
import { errorText, inviteBox, playerName } from "../core/ui.js";
import { howtoButton } from "../learn/howto.js";
import { lobbyEntry } from "../learn/tutorialview.js";
import { LiveLobby, RATED_CLOCK } from "./seeks.js";

const CLOCKS = [
  ["", "clock.none"],
  ["600:30", "clock.slow"],
  ["180:15", "clock.fast"],
];

function field(labelKey, control, hintKey) {
  const id = control.id;
  return h(
    "div",
    { class: "field" },
    h("label", { for: id, text: t(labelKey) }),
    control,
    hintKey ? h("small", { class: "hint", text: t(hintKey) }) : null,
  );
}

function select(id, testid, options) {
  const el = h("select", { id, "data-testid": testid });
  for (const [value, key, params] of options) el.append(h("option", { value, text: t(key, params || {}) }));
  return el;
}

export class LobbyPage {
  constructor() {
    this.created = null;
    this.formState = {};
    this.placement = "choose"; // how the cards are placed at the start (R3.1)
    this.live = new LiveLobby({
      form: () => (this.root && this.root.querySelector("#clock") ? this.settings() : null),
      error: (text) => this.error(text),
      onRated: () => this.ratedChosen(),
    });
  }

  mount(root) {
    this.root = root;
    this.render();
    this.live.start();
    // The ladder is read when the page starts: if that failed, once more, for the form.
    if (!botChoices().length) {
      loadLadder().then((known) => {
        if (!known || this.gone) return;
        this.saveForm();
        delete this.formState["bot-level"]; // empty until now: nothing chosen to keep
        this.render();
      });
    }
    this.stopListening = onSessionChange(() => {
      this.loadMine();
      this.live.restart(); // online by name now, and a rated game may be opened
    });
  }

  destroy() {
    this.gone = true;
    this.live.stop();
    if (this.stopListening) this.stopListening();
  }

  refresh() {
    this.saveForm();
    this.render();
  }

  saveForm() {
    if (!this.root) return;
    for (const el of this.root.querySelectorAll("input[id], select[id]")) {
      if (el.type !== "file") this.formState[el.id] = el.value;
    }
  }

  render() {
    const root = this.root;
    root.replaceChildren();
    this.live.render(); // in the page's language, which may have just changed
    this.banner = h("div", { class: "banner", role: "alert", "data-testid": "error", hidden: true });
    root.append(
      this.banner,
      h(
        "div",
        { class: "lobby" },
        h(
          "div",
          { class: "hero" },
          h("div", { class: "hero-head" }, h("h1", { text: t("lobby.title") }), h("p", { class: "lead", text: t("lobby.lead") })),
          this.newGame(),
        ),
        this.mine(),
        this.live.playingEl,
        this.watch(),
        this.importer(),
      ),
    );
    for (const [id, value] of Object.entries(this.formState)) {
      const el = root.querySelector(`#${id}`);
      if (el) el.value = value;
    }
    this.live.showTerms(); // the form is drawn now: its terms can be told
    this.loadMine();
  }

  error(err) {
    this.banner.textContent = typeof err === "string" ? err : errorText(err);
    this.banner.hidden = false;
  }

  newGame() {
    const name = h("input", {
      id: "player-name",
      type: "text",
      maxlength: "24",
      autocomplete: "nickname",
      "data-testid": "player-name",
    });
    const seat = select("seat", "seat", [
      ["", "lobby.seat.random"],
      ["0", "lobby.seat.0"],
      ["1", "lobby.seat.1"],
    ]);
    const limit = h("input", {
      id: "turn-limit",
      type: "number",
      min: "1",
      max: "10000",
      inputmode: "numeric",
      "data-testid": "turn-limit",
      // A rated game says its terms: they follow the form's.
      oninput: () => this.live.showTerms(),
    });
    const clock = select("clock", "clock", CLOCKS);
    clock.addEventListener("change", () => this.live.showTerms());
    const bot = select("bot-level", "bot-level", botChoices());
    bot.value = "novice:3"; // a newcomer's first opponent: one they can beat
    const placement = this.placementChoice();
    const friend = h(
      "div",
      { class: "play-way vs-friend" },
      h("h3", { text: t("lobby.vsFriend") }),
      h("p", { class: "hint", text: t("lobby.friendHint") }),
      h("button", {
        type: "button",
        class: "btn primary",
        "data-testid": "new-friend",
        text: t("lobby.newFriend"),
        onclick: () => this.create("friend"),
      }),
    );
    if (this.created) friend.append(this.createdBox());
    return h(
      "section",
      { class: "new-game", "aria-labelledby": "new-title" },
      h("h2", { id: "new-title", class: "sr-only", text: t("lobby.new") }),
      h(
        "div",
        { class: "versus" },
        h(
          "div",
          { class: "play-way vs-bot" },
          h("h3", { text: t("lobby.vsBot") }),
          field("lobby.bot", bot, "lobby.botHint"),
          h("button", {
            type: "button",
            class: "btn primary",
            "data-testid": "new-bot",
            text: t("lobby.newBot"),
            onclick: () => this.create("bot"),
          }),
        ),
        this.live.el,
        friend,
        h(
          "div",
          { class: "play-way learn" },
          h("h3", { text: t("lobby.learn") }),
          lobbyEntry(),
          h("p", { class: "newcomer" }, `${t("howto.newcomer")} `, h("a", { href: "#/howto", "data-testid": "howto-link", text: t("howto.newcomerLink") })),
          howtoButton(),
        ),
      ),
      h(
        "fieldset",
        { class: "panel settings" },
        h("legend", { text: t("lobby.settings") }),
        h(
          "div",
          { class: "settings-grid" },
          field("lobby.name", name),
          field("lobby.seat", seat, "lobby.seat.hint"),
          field("lobby.turnLimit", limit, "lobby.turnLimit.hint"),
          field("lobby.clock", clock),
          placement,
        ),
      ),
    );
  }

  /** Arrange the cards oneself (the placement screen) or have them dealt at random. */
  placementChoice() {
    const option = (value, key) =>
      h(
        "label",
        { class: "choice-radio" },
        h("input", {
          type: "radio",
          name: "placement",
          value,
          "data-testid": `lobby-placement-${value}`,
          checked: this.placement === value,
          onchange: () => {
            this.placement = value;
          },
        }),
        h("span", { text: t(key) }),
      );
    return h(
      "fieldset",
      { class: "placement-choice" },
      h("legend", { text: t("lobby.placement") }),
      option("choose", "lobby.placement.choose"),
      option("random", "lobby.placement.random"),
    );
  }

  createdBox() {
    const made = this.created;
    return h(
      "div",
      { class: "created", "data-testid": "created" },
      h("p", { text: t("lobby.friendCreated") }),
      inviteBox(made.invite),
      h("a", {
        class: "btn primary",
        href: `#/game/${encodeURIComponent(made.game)}/${encodeURIComponent(made.token)}`,
        "data-testid": "open-game",
        text: t("lobby.openTable"),
      }),
    );
  }

  /** Rated was ticked: "No clock" cannot be rated, so the form shows the clock the game
   * will have instead (the turn limit is left out, as the terms under the box say). */
  ratedChosen() {
    const clock = this.root && this.root.querySelector("#clock");
    if (clock && !clock.value) clock.value = `${RATED_CLOCK.bank}:${RATED_CLOCK.per_turn}`;
  }

  /** The new game's settings as the form holds them (a game against anyone). */
  settings() {
    const root = this.root;
    const body = { placement: this.placement };
    const name = root.querySelector("#player-name").value.trim();
    if (name) body.name = name;
    const seat = root.querySelector("#seat").value;
    if (seat !== "") body.seat = Number(seat);
    const limit = root.querySelector("#turn-limit").value.trim();
    if (limit) body.turn_limit = Number(limit);
    const clock = root.querySelector("#clock").value;
    if (clock) {
      const [bank, perTurn] = clock.split(":").map(Number);
      body.clock = { bank, per_turn: perTurn, on_timeout: "lose" };
    }
    return body;
  }

  async create(opponent) {
    const root = this.root;
    /** @type {Record<string, unknown>} */
    const body = { opponent, ...this.settings() };
    if (opponent === "bot") body.bot = root.querySelector("#bot-level").value;
    try {
      const made = await api.createGame(body, csrf());
      store.remember({
        game: made.game,
        seat: made.seat,
        token: made.token,
        invite: made.invite || undefined,
        kind: opponent,
      });
      if (opponent === "bot") {
        location.hash = `#/game/${encodeURIComponent(made.game)}/${encodeURIComponent(made.token)}`;
        return;
      }
      this.created = made;
      this.saveForm();
      this.render();
      const link = this.root.querySelector('[data-testid="invite-link"]');
      if (link) link.focus();
    } catch (err) {
      this.error(err);
    }
  }

  mine() {
    this.mineList = h("ul", { class: "my-games", "data-testid": "my-games" });
    this.accountGames = h("div", { "data-testid": "account-games" });
    return h(
      "section",
      { class: "panel", "aria-labelledby": "mine-title" },
      h("h2", { id: "mine-title", text: t("mine.title") }),
      this.mineList,
      this.accountGames,
    );
  }

  async loadMine() {
    const list = this.mineList;
    const entries = store.myGames();
    await loadSession();
    if (list !== this.mineList) return;
    this.loadAccountGames(entries);
    if (!entries.length) {
      list.replaceChildren(h("li", { class: "hint", text: t("mine.none") }));
      return;
    }
    list.replaceChildren(h("li", { class: "hint", text: t("mine.loading") }));
    let games;
    try {
      games = (await api.mine(entries.map((e) => e.token))).games;
    } catch (err) {
      list.replaceChildren(h("li", { class: "hint", text: errorText(err) }));
      return;
    }
    if (list !== this.mineList) return;
    list.replaceChildren();
    if (!games.length) list.append(h("li", { class: "hint", text: t("mine.none") }));
    for (const game of games) {
      const entry = entries.find((e) => e.game === game.game && e.seat === game.seat) ||
        entries.find((e) => e.game === game.game);
      const opponent = playerName(game.players, 1 - game.seat);
      let state;
      if (game.status === "waiting") state = t("mine.waiting");
      else if (game.status === "placing") state = t("mine.placing");
      else if (game.status === "over") {
        const w = game.result ? game.result.winner : null;
        state = w === null || w === undefined ? t("mine.draw") : w === game.seat ? t("mine.won") : t("mine.lost");
      } else state = game.your_turn ? t("mine.yourTurn") : t("mine.theirTurn");
      const play = `#/game/${encodeURIComponent(game.game)}/${encodeURIComponent(entry.token)}`;
      list.append(
        h(
          "li",
          { class: `my-game${game.your_turn ? " your-turn" : ""}`, "data-testid": "my-game", "data-game": game.game },
          h("span", { class: "vs", text: t("mine.vs", { who: opponent }) }),
          h("span", { class: "state", text: state }),
          // Turn 0: the cards are still being placed (R3.1), no turn has begun.
          game.turn ? h("span", { class: "turn", text: t("status.turn", { turn: game.turn }) }) : null,
          h("a", { class: "btn small", href: play, text: t(game.status === "over" ? "mine.view" : "mine.play") }),
          game.status === "over"
            ? h("a", { class: "btn small ghost", href: `#/replay/${encodeURIComponent(game.game)}`, text: t("over.replay") })
            : null,
        ),
      );
    }
  }

  /** Signed in: the account's games this browser holds no seat of (played on another
   * device), each to open here. */
  async loadAccountGames(entries) {
    const box = this.accountGames;
    box.replaceChildren();
    if (!signedIn()) return;
    let games;
    try {
      games = elsewhere((await api.accountGames()).games, entries);
    } catch {
      return; // the list of this browser's games stands on its own
    }
    if (box !== this.accountGames || !games.length) return;
    box.append(h("h3", { text: t("mine.elsewhere") }));
    const list = h("ul", { class: "my-games" });
    for (const game of games) {
      const opponent = playerName(game.players, 1 - game.seat);
      list.append(
        h(
          "li",
          { class: "my-game", "data-testid": "account-game", "data-game": game.game },
          h("span", { class: "vs", text: t("mine.vs", { who: opponent }) }),
          h("button", {
            type: "button",
            class: "btn small",
            "data-testid": "open-here",
            text: t("mine.openHere"),
            onclick: async () => {
              try {
                location.hash = await openHere(game);
              } catch (err) {
                this.error(err);
              }
            },
          }),
        ),
      );
    }
    box.append(list);
  }

  watch() {
    const input = h("input", {
      id: "watch-id",
      type: "text",
      "data-testid": "watch-id",
      autocomplete: "off",
      spellcheck: "false",
    });
    const go = () => {
      let id = input.value.trim();
      const match = /#\/(?:watch|replay|game)\/([^/]+)/.exec(id);
      if (match) id = decodeURIComponent(match[1]);
      if (id) location.hash = `#/watch/${encodeURIComponent(id)}`;
    };
    input.addEventListener("keydown", (event) => {
      if (event.key === "Enter") go();
    });
    return h(
      "section",
      { class: "panel", "aria-labelledby": "watch-title" },
      h("h2", { id: "watch-title", text: t("watch.title") }),
      h(
        "div",
        { class: "row" },
        field("watch.id", input),
        h("button", { type: "button", class: "btn", "data-testid": "watch", text: t("watch.button"), onclick: go }),
      ),
    );
  }

  importer() {
    const file = h("input", {
      id: "import-file",
      type: "file",
      accept: ".json,application/json",
      "data-testid": "import-file",
    });
    const go = async () => {
      const chosen = file.files && file.files[0];
      if (!chosen) return;
      try {
        const record = JSON.parse(await chosen.text());
        const made = await api.importRecord(record);
        location.hash = `#/replay/${encodeURIComponent(made.game)}`;
      } catch (err) {
        this.error(err instanceof SyntaxError ? { code: "malformed_json", message: err.message } : err);
      }
    };
    return h(
      "section",
      { class: "panel", "aria-labelledby": "import-title" },
      h("h2", { id: "import-title", text: t("import.title") }),
      h("p", { class: "hint", text: t("import.hint") }),
      h(
        "div",
        { class: "row" },
        field("import.file", file),
        h("button", { type: "button", class: "btn", "data-testid": "import", text: t("import.button"), onclick: go }),
      ),
    );
  }
}

export class JoinPage {
  constructor({ invite }) {
    this.invite = invite;
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
    const held = heldSeat(this.invite); // this browser took the seat already: back to it
    if (held) return void this.root.replaceChildren(held);
    const here = location.hash;
    spentInvite(this.invite).then((spent) => spent && location.hash === here && this.root.replaceChildren(spent));
    const name = h("input", {
      id: "join-name",
      type: "text",
      maxlength: "24",
      autocomplete: "nickname",
      "data-testid": "join-name",
    });
    const banner = h("div", { class: "banner", role: "alert", "data-testid": "error", hidden: true });
    const go = async () => {
      try {
        await loadSession();
        const joined = await api.join(this.invite, name.value.trim() || null, csrf());
        store.remember({ game: joined.game, seat: joined.seat, token: joined.token, kind: "friend", joinedWith: this.invite });
        location.hash = `#/game/${encodeURIComponent(joined.game)}/${encodeURIComponent(joined.token)}`;
      } catch (err) {
        banner.textContent = errorText(err);
        banner.hidden = false;
      }
    };
    this.root.replaceChildren(
      banner,
      h(
        "section",
        { class: "panel join" },
        h("h1", { text: t("join.title") }),
        h("p", { class: "lead", text: t("join.text") }),
        field("lobby.name", name),
        h("button", { type: "button", class: "btn primary", "data-testid": "join", text: t("join.button"), onclick: go }),
      ),
    );
    name.focus();
  }
}
