// Where the page puts a seat's token (api.js): never in a URL, which logs keep (the
// server refuses `?token=`). HTTP calls carry it in the Authorization header; the
// WebSocket, whose headers a browser cannot set, in its first message, a hello.

import assert from "node:assert/strict";
import { afterEach, beforeEach, describe, test } from "node:test";

import { GameSocket, api, helloMessage, socketUrl } from "../../src/outlaws/web/core/api.js";

const TOKEN = "0sElgfO_SEMQPcL6CYwRsVPaIueEmAI2";
const PAGE = { protocol: "http:", host: "table.example:8000" };

describe("the socket's URL and first message", () => {
  test("the URL holds the game and since, never a token", () => {
    const url = socketUrl(PAGE, "XY/Vd", 7);
    assert.equal(url, "ws://table.example:8000/ws/games/XY%2FVd?since=7");
    assert.ok(!url.includes("token"));
    assert.equal(socketUrl({ ...PAGE, protocol: "https:" }, "g", 0).slice(0, 6), "wss://");
  });

  test("a seat says hello with its token, a spectator without one", () => {
    assert.deepEqual(helloMessage(TOKEN), { op: "hello", token: TOKEN });
    assert.deepEqual(helloMessage(null), { op: "hello" });
    assert.deepEqual(helloMessage(""), { op: "hello" });
  });
});

/** A stand-in for the browser's WebSocket: records its URL and what is sent. */
class FakeSocket {
  static OPEN = 1;
  static made = [];

  constructor(url) {
    this.url = url;
    this.sent = [];
    this.readyState = 0;
    this.listeners = {};
    FakeSocket.made.push(this);
  }

  addEventListener(type, listener) {
    (this.listeners[type] ||= []).push(listener);
  }

  send(text) {
    this.sent.push(JSON.parse(text));
  }

  close() {}

  open() {
    this.readyState = FakeSocket.OPEN;
    for (const listener of this.listeners.open || []) listener({});
  }
}

describe("the live connection", () => {
  const saved = {};
  beforeEach(() => {
    saved.WebSocket = globalThis.WebSocket;
    saved.location = globalThis.location;
    globalThis.WebSocket = FakeSocket;
    globalThis.location = PAGE;
    FakeSocket.made = [];
  });
  afterEach(() => {
    globalThis.WebSocket = saved.WebSocket;
    globalThis.location = saved.location;
  });

  test("a seat's socket sends its hello first, before anything queued", () => {
    const socket = new GameSocket("g1", TOKEN, { onMessage: () => {}, heldEvents: () => 3 });
    socket.connect();
    socket.send({ op: "ping", ref: 1 }); // queued: not open yet
    const [ws] = FakeSocket.made;
    assert.equal(ws.url, "ws://table.example:8000/ws/games/g1?since=3");
    ws.open();
    assert.deepEqual(ws.sent, [{ op: "hello", token: TOKEN }, { op: "ping", ref: 1 }]);
    socket.close();
  });

  test("a spectator's socket says hello without a token", () => {
    const socket = new GameSocket("g1", null, { onMessage: () => {} });
    socket.connect();
    FakeSocket.made[0].open();
    assert.deepEqual(FakeSocket.made[0].sent, [{ op: "hello" }]);
    assert.ok(!FakeSocket.made[0].url.includes("token"));
    socket.close();
  });
});

describe("HTTP calls", () => {
  const saved = {};
  beforeEach(() => {
    saved.fetch = globalThis.fetch;
  });
  afterEach(() => {
    globalThis.fetch = saved.fetch;
  });

  test("a seat's token goes in the Authorization header, not the URL", async () => {
    const calls = [];
    globalThis.fetch = async (path, init) => {
      calls.push({ path, init });
      return { ok: true, json: async () => ({}) };
    };
    await api.game("g1", TOKEN);
    await api.notebook("g1", TOKEN);
    await api.resign("g1", TOKEN);
    await api.place("g1", TOKEN, { random: true });
    assert.deepEqual(
      calls.map((call) => call.path),
      ["/games/g1", "/games/g1/notebook", "/games/g1/resign", "/games/g1/placement"],
    );
    for (const call of calls) {
      assert.equal(call.init.headers.Authorization, `Bearer ${TOKEN}`);
      assert.ok(!call.path.includes(TOKEN));
    }
  });
});
