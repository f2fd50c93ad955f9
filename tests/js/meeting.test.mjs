// Meeting other players: the lobby's open games and who is online (seeks.js), and the
// rematch offered from the game-over panel (rematch.js), as pure functions.

import assert from "node:assert/strict";
import { before, describe, test } from "node:test";

import { rematchStage } from "../../src/outlaws/web/lobby/rematch.js";
import { clockText, onlineText, ratedTerms, ratedTermsText, seekRows, visitorId } from "../../src/outlaws/web/lobby/seeks.js";
import { inEnglish } from "./support.mjs";

before(inEnglish);

describe("the open games of the lobby", () => {
  test("a game this browser holds a seat of is its own: no button to join oneself", () => {
    const lobby = { seeks: [{ game: "g1", name: "Ada" }, { game: "g2", name: "Bob" }] };
    const rows = seekRows(lobby, [{ game: "g2", token: "t", seat: 0 }]);
    assert.deepEqual(
      rows.map((r) => [r.game, r.mine]),
      [
        ["g1", false],
        ["g2", true],
      ],
    );
    assert.deepEqual(seekRows(null, []), []);
  });

  test("a clock reads in minutes and seconds a turn; none says so", () => {
    assert.equal(clockText({ bank: 300, per_turn: 10 }), "5 min + 10 s a turn");
    assert.equal(clockText(null), "no clock");
  });
});

describe("a rated game opened to anyone, on the terms the server holds it to", () => {
  test("the form's clock is kept, a player whose time runs out loses, and there is no turn limit (R9.5)", () => {
    const settings = { name: "Ada", placement: "random", turn_limit: 40, clock: { bank: 180, per_turn: 15, on_timeout: "lose" } };
    assert.deepEqual(ratedTerms(settings), {
      name: "Ada",
      placement: "random",
      clock: { bank: 180, per_turn: 15, on_timeout: "lose" },
      rated: true,
    });
    assert.equal(settings.turn_limit, 40); // the form's own settings are left as they were
    assert.equal(
      ratedTermsText(settings),
      "This rated game: 3 min + 15 s a turn, a player whose time runs out loses, no turn limit. " +
        "The turn limit does not apply: a rated game ends by the rules.",
    );
  });

  test("with no clock chosen it takes the 10-minute clock, and says why", () => {
    assert.deepEqual(ratedTerms({ placement: "choose" }).clock, { bank: 600, per_turn: 30, on_timeout: "lose" });
    assert.equal(
      ratedTermsText({ placement: "choose" }),
      "This rated game: 10 min + 30 s a turn, a player whose time runs out loses, no turn limit. " +
        "A rated game always has a clock, so it takes this one instead of “No clock”.",
    );
  });

  test("who is online: names, then guests counted in the right form", () => {
    assert.equal(onlineText({ players: [], count: 0, guests: 0 }), "Nobody else is online.");
    assert.equal(onlineText({ players: ["Ada"], count: 1, guests: 0 }), "Online: Ada.");
    assert.equal(onlineText({ players: ["Ada", "Bob"], count: 2, guests: 1 }), "Online: Ada, Bob and 1 guest.");
    assert.equal(onlineText({ players: [], count: 0, guests: 3 }), "Online: 3 guests.");
    assert.match(onlineText({ players: ["Ada"], count: 60, guests: 0 }), /Ada and 59 more/);
  });

  test("the reader is not counted: alone in the lobby, nobody else is online", () => {
    assert.equal(onlineText({ players: [], count: 0, guests: 1 }, { name: null }), "Nobody else is online.");
    assert.equal(onlineText({ players: ["Ada"], count: 1, guests: 0 }, { name: "Ada" }), "Nobody else is online.");
    assert.equal(onlineText({ players: ["Ada", "Bob"], count: 2, guests: 2 }, { name: "Ada" }), "Online: Bob and 2 guests.");
    assert.equal(onlineText({ players: ["Bob"], count: 1, guests: 2 }, { name: null }), "Online: Bob and 1 guest.");
  });

  test("a browser keeps one visitor id, so that its tabs count as one guest", () => {
    const kept = new Map();
    const storage = { getItem: (k) => kept.get(k) ?? null, setItem: (k, v) => kept.set(k, v) };
    const first = visitorId(storage);
    assert.match(first, /^[0-9a-f]{24}$/);
    assert.equal(visitorId(storage), first);
    kept.set("outlaws.visitor", "<script>");
    assert.notEqual(visitorId(storage), "<script>");
  });
});

describe("the rematch in the game-over panel", () => {
  test("a seat may offer; against a bot the offer starts the game at once", () => {
    assert.equal(rematchStage({ offered_by: null, game: null }, 0), "offer");
    assert.equal(rematchStage({ offered_by: null, game: null }, 1, true), "offerBot");
  });

  test("my offer waits; the other player's is answered", () => {
    assert.equal(rematchStage({ offered_by: 0, game: null }, 0), "sent");
    assert.equal(rematchStage({ offered_by: 0, game: null }, 1), "answer");
  });

  test("once accepted a seat goes to the new game and a spectator may watch it", () => {
    assert.equal(rematchStage({ offered_by: 0, game: "new" }, 1), "go");
    assert.equal(rematchStage({ offered_by: 0, game: "new" }, null), "watch");
    assert.equal(rematchStage({ offered_by: 0, game: null }, null), "none");
  });
});
