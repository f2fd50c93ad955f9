// Accounts in the browser: which of the account's games this browser lacks, and the
// profile's rating line.

import assert from "node:assert/strict";
import { describe, test } from "node:test";

import { elsewhere } from "../../src/outlaws/web/core/session.js";
import { ratingLine } from "../../src/outlaws/web/lobby/profile.js";

describe("the account's games on other devices", () => {
  test("a seat this browser holds is not offered again; the other seat of a game is", () => {
    const account = [
      { game: "g1", seat: 0 },
      { game: "g2", seat: 1 },
      { game: "g3", seat: 0 },
    ];
    const here = [
      { game: "g1", seat: 0, token: "t1" },
      { game: "g2", seat: 0, token: "t2" },
    ];
    assert.deepEqual(elsewhere(account, here), [
      { game: "g2", seat: 1 },
      { game: "g3", seat: 0 },
    ]);
    assert.deepEqual(elsewhere([], here), []);
  });
});

describe("the rating line of a profile", () => {
  test("oldest at the left, the highest rating at the top, inside the box", () => {
    const history = [{ rating: 1500 }, { rating: 1600 }, { rating: 1550 }];
    const points = ratingLine(history, 100, 50, 5);
    assert.deepEqual(points, [
      [5, 45],
      [50, 5],
      [95, 25],
    ]);
  });

  test("one game, or equal ratings, stay in the box", () => {
    assert.deepEqual(ratingLine([{ rating: 1500 }], 100, 50, 5), [[5, 45]]);
    for (const [x, y] of ratingLine([{ rating: 1500 }, { rating: 1500 }], 100, 50, 5)) {
      assert.ok(x >= 5 && x <= 95 && y >= 5 && y <= 45);
    }
    assert.deepEqual(ratingLine([], 100, 50), []);
  });
});
