// A seat's legal actions read from the mask the server sends (actionspace.js): the set
// bits pick action ids, their templates give the action objects, and the seat's own view
// names the cards of its Saloon exchanges. The templates are GET /actionspace's answer
// (fixtures/actionspace.json, see support.mjs). In the captured friend game Ann's street
// is Indian, Storekeep, Hitman, Dancer, Governor, Reporter, Bandit, Reverend and her
// Saloon Mayor, Sheriff.

import assert from "node:assert/strict";
import { describe, test } from "node:test";

import { legalActions, loadActionSpace } from "../../src/outlaws/web/game/actionspace.js";
import { ACTION_SPACE, friendGame, messagesOf, templates } from "./support.mjs";

/** The base64 mask of `ids` over `size` actions: bit id % 8 of byte floor(id / 8). */
function maskOf(ids, size = templates.length) {
  const bytes = new Uint8Array(Math.ceil(size / 8));
  for (const id of ids) bytes[id >> 3] |= 1 << (id & 7);
  return btoa(String.fromCharCode(...bytes));
}

const annAtTheDeal = () => messagesOf(friendGame(), 0, "hello")[0];

describe("the action space the tests read masks with", () => {
  test("holds every id of the engine's action space, 987 of them, in a mask of 124 bytes", () => {
    assert.equal(ACTION_SPACE.size, 987);
    assert.equal(templates.length, 987);
    assert.equal(ACTION_SPACE.mask_bytes, 124);
    assert.deepEqual(templates[0], { type: "move", a: 1, b: 2, swap: true });
    assert.deepEqual(templates[986], { type: "pass" });
  });
});

describe("reading a mask", () => {
  test("the ids whose bits are set, in ascending order, as their action objects", () => {
    const legal = legalActions(maskOf([986, 530, 392, 0]), templates, annAtTheDeal().view);
    assert.deepEqual(legal, [
      { type: "move", a: 1, b: 2, swap: true },
      { type: "look", col: 1 },
      { type: "storekeep", col: 1, slots: [1, 2], supply: false, mayor: false },
      { type: "pass" },
    ]);
  });

  test("a mask the engine wrote reads the same here (legal_mask([986, 0, 58, 392, 530]))", () => {
    // .venv/bin/python -c "from outlaws.engine.actionspace import legal_mask; print(legal_mask([986, 0, 58, 392, 530]))"
    const written =
      "AQAAAAAAAAQAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAEAAAAAAAAAAAAAAAAA" +
      "AAAABAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAABA==";
    assert.equal(written.length, 168);
    assert.equal(written, maskOf([986, 0, 58, 392, 530]));
    const types = legalActions(written, templates, annAtTheDeal().view).map((action) => action.type);
    assert.deepEqual(types, ["move", "saloon", "look", "storekeep", "pass"]);
  });

  test("a Saloon exchange names the cards at the seat's own places (R5.2)", () => {
    // Id 58: her Saloon card 0 (the Mayor) for the cards of columns 1 and 2; the one of
    // column 1 (the Indian) goes to the Saloon, the Mayor comes to column 1.
    assert.deepEqual(templates[58], {
      type: "saloon", card: { saloon: 0 }, a: 1, b: 2, to_saloon: { col: 1 }, at_a: { saloon: 0 },
    });
    const [exchange] = legalActions(maskOf([58]), templates, annAtTheDeal().view);
    assert.deepEqual(exchange, { type: "saloon", card: "mayor", a: 1, b: 2, to_saloon: "indian", at_a: "mayor" });
    assert.deepEqual(Object.keys(exchange), ["type", "card", "a", "b", "to_saloon", "at_a"], "the fields in the server's order");
  });

  test("Ann's first decision: 403 actions, each type's together, every Saloon card named", () => {
    const hello = annAtTheDeal();
    assert.equal(hello.legal.length, 168);
    const legal = legalActions(hello.legal, templates, hello.view);
    assert.equal(legal.length, 403);
    assert.deepEqual(legal[0], { type: "move", a: 1, b: 2, swap: true });
    assert.deepEqual(legal.find((a) => a.type === "hitman"), { type: "hitman", col: 3 });
    const types = legal.map((a) => a.type).filter((type, i, all) => type !== all[i - 1]);
    assert.equal(new Set(types).size, types.length, "no type comes twice");
    const saloon = legal.filter((a) => a.type === "saloon");
    const named = new Set(["mayor", "sheriff", ...hello.view.seats[0].street]);
    assert.ok(saloon.every((a) => [a.card, a.to_saloon, a.at_a].every((card) => named.has(card))));
  });

  test("an action's lists are its own: changing one changes no template", () => {
    const [storekeep] = legalActions(maskOf([530]), templates, null);
    storekeep.slots.push(3);
    assert.deepEqual(templates[530].slots, [1, 2]);
  });

  test("no mask (not this seat's decision) is no list; an empty mask an empty one", () => {
    assert.equal(legalActions(null, templates, null), null);
    assert.deepEqual(legalActions(maskOf([]), templates, null), []);
  });
});

describe("a mask that cannot be read is refused, with a clear error", () => {
  test("one byte short, or one too long", () => {
    const view = annAtTheDeal().view;
    assert.throws(() => legalActions(maskOf([0], 987 - 8), templates, view), /is 124 bytes, not 123/);
    assert.throws(() => legalActions(maskOf([0], 987 + 8), templates, view), /is 124 bytes, not 125/);
  });

  test("a bit past the last id, text that is not base64, a list (the old form)", () => {
    assert.throws(() => legalActions(maskOf([990]), templates, null), /past the last action id, 986/);
    assert.throws(() => legalActions("not a mask!", templates, null), /base64/);
    assert.throws(() => legalActions(/** @type {any} */ ([{ type: "pass" }]), templates, null), /base64 text, not object/);
  });

  test("without the templates, or a Saloon exchange without the seat's own view", () => {
    assert.throws(() => legalActions(maskOf([0]), undefined, null), /GET \/actionspace/);
    assert.throws(() => legalActions(maskOf([58]), templates, null), /own view/);
    const spectators = { ...annAtTheDeal().view, viewer: null };
    assert.throws(() => legalActions(maskOf([58]), templates, spectators), /own view/);
  });
});

describe("loading the action space", () => {
  /** A fetch that answers `answers` in turn and counts its calls. */
  function fakeFetch(...answers) {
    const calls = [];
    const fetchFn = async (url, init) => {
      calls.push({ url, init });
      const answer = answers[Math.min(calls.length, answers.length) - 1];
      if (answer instanceof Error) throw answer;
      return { ok: answer.status === 200, status: answer.status, json: async () => answer.body };
    };
    return { fetchFn, calls };
  }

  test("GET /actionspace once: every call gets the same templates", async () => {
    const { fetchFn, calls } = fakeFetch({ status: 200, body: ACTION_SPACE });
    const [first, second] = await Promise.all([loadActionSpace(fetchFn), loadActionSpace(fetchFn)]);
    assert.equal(first, templates);
    assert.equal(second, first);
    assert.equal(await loadActionSpace(fetchFn), first);
    assert.equal(calls.length, 1);
    assert.equal(calls[0].url, "/actionspace");
  });

  test("a server out of reach is a network error, and the next call asks again", async () => {
    const { fetchFn, calls } = fakeFetch(new TypeError("Failed to fetch"), { status: 200, body: ACTION_SPACE });
    await assert.rejects(loadActionSpace(fetchFn), (error) => error.code === "network" && error.status === 0);
    assert.equal(await loadActionSpace(fetchFn), templates);
    assert.equal(calls.length, 2);
  });

  test("a refusal keeps the server's status; an answer that is no action space is refused", async () => {
    const refused = fakeFetch({ status: 503, body: { error: { code: "unavailable", message: "busy" } } });
    await assert.rejects(loadActionSpace(refused.fetchFn), (error) => error.status === 503 && error.code === "unavailable");
    const odd = fakeFetch({ status: 200, body: { size: 987, actions: templates.slice(1) } });
    await assert.rejects(loadActionSpace(odd.fetchFn), /not an action space/);
  });
});
