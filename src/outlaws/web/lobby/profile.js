// @ts-check
// A player's profile (#/player/{name}): their ratings (against players, against bots),
// how sure each is, the rating after each rated game as a line, and the games won and
// lost, in all and by the way they ended.

import { api } from "../core/api.js";
import { h } from "../core/dom.js";
import { t } from "../core/i18n.js";
import { errorText } from "../core/ui.js";

const POOLS = ["players", "bots"];
const SVG = "http://www.w3.org/2000/svg";

/** The points of a rating line in a `width` x `height` box: one per rated game, oldest
 * at the left, the scale fitted to the ratings (pure). */
export function ratingLine(history, width, height, pad = 4) {
  if (!history.length) return [];
  const ratings = history.map((row) => row.rating);
  const low = Math.min(...ratings);
  const high = Math.max(...ratings);
  const span = high - low || 1;
  const step = history.length > 1 ? (width - 2 * pad) / (history.length - 1) : 0;
  return ratings.map((rating, i) => [
    Math.round((pad + i * step) * 10) / 10,
    Math.round((height - pad - ((rating - low) / span) * (height - 2 * pad)) * 10) / 10,
  ]);
}

function line(history) {
  const width = 320;
  const height = 80;
  const points = ratingLine(history, width, height);
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("viewBox", `0 0 ${width} ${height}`);
  svg.setAttribute("class", "rating-line");
  svg.setAttribute("role", "img");
  svg.setAttribute("aria-label", t("profile.lineLabel", { games: history.length }));
  const path = document.createElementNS(SVG, "polyline");
  path.setAttribute("points", points.map(([x, y]) => `${x},${y}`).join(" "));
  svg.append(path);
  return svg;
}

export class ProfilePage {
  constructor({ name }) {
    this.name = name;
    this.data = null;
    this.error = null;
  }

  mount(root) {
    this.root = root;
    this.render();
    api.profile(this.name).then(
      (data) => {
        this.data = data;
        this.render();
      },
      (err) => {
        this.error = err;
        this.render();
      },
    );
  }

  destroy() {}

  refresh() {
    this.render();
  }

  render() {
    const root = this.root;
    const back = h("a", { class: "btn small ghost", href: "#/", text: t("nav.lobby") });
    if (this.error) {
      root.replaceChildren(h("section", { class: "panel" }, h("p", { role: "alert", text: errorText(this.error) }), back));
      return;
    }
    if (!this.data) {
      root.replaceChildren(h("section", { class: "panel" }, h("p", { class: "hint", text: t("mine.loading") })));
      return;
    }
    const data = this.data;
    const pools = POOLS.filter((pool) => data.ratings[pool]);
    root.replaceChildren(
      h(
        "section",
        { class: "panel profile", "data-testid": "profile" },
        h("h1", { text: data.name }),
        pools.length ? null : h("p", { class: "hint", text: t("profile.unrated") }),
        ...pools.map((pool) => this.pool(pool)),
        back,
      ),
    );
  }

  pool(pool) {
    const rating = this.data.ratings[pool];
    const history = this.data.history[pool] || [];
    const record = this.data.record[pool];
    const ways = Object.entries(record.by_how);
    return h(
      "div",
      { class: "pool", "data-testid": `pool-${pool}` },
      h("h2", { text: t(`profile.pool.${pool}`) }),
      h(
        "p",
        { class: "rating" },
        h("strong", { "data-testid": `rating-${pool}`, text: String(Math.round(rating.rating)) }),
        ` ± ${Math.round(rating.deviation * 2)} `,
        rating.provisional ? h("span", { class: "badge", title: t("profile.provisional.hint"), text: t("profile.provisional") }) : null,
      ),
      history.length > 1 ? line(history) : null,
      h("p", { text: t("profile.record", { games: record.games, won: record.won, lost: record.lost, drawn: record.drawn }) }),
      ways.length
        ? h(
            "table",
            { class: "ways" },
            h("thead", {}, h("tr", {}, h("th", { text: t("profile.way") }), h("th", { text: t("profile.won") }), h("th", { text: t("profile.lost") }))),
            h("tbody", {}, ...ways.map(([how, n]) => h("tr", {}, h("td", { text: t(`profile.how.${how}`) }), h("td", { text: String(n.won) }), h("td", { text: String(n.lost) })))),
          )
        : null,
    );
  }
}
