// The parts of the page around the board (gameview.js): only its pure helpers here; the
// drawing itself is checked in Chromium by tests/browser.

import assert from "node:assert/strict";
import { test } from "node:test";

import { clockText } from "../../src/outlaws/web/game/gameview.js";

test("the clock reads minutes and seconds, never below zero", () => {
  assert.equal(clockText(330), "5:30");
  assert.equal(clockText(59.9), "0:59");
  assert.equal(clockText(7), "0:07");
  assert.equal(clockText(-3), "0:00");
});
