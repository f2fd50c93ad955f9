// Where a card's tooltip goes (tooltip.js tipPosition): never over the card it describes,
// nor over the card picked for an action, and always inside the window.

import assert from "node:assert/strict";
import { describe, test } from "node:test";

import { tipPosition } from "../../src/outlaws/web/learn/tooltip.js";

const VIEW = { width: 1280, height: 800 };
const TIP = { width: 240, height: 60 };

/** A card's box: `left`, `top`, and the size of a card on a desktop table. */
const card = (left, top, width = 90, height = 126) => ({ left, top, right: left + width, bottom: top + height });

function boxOf(spot, size = TIP) {
  return { left: spot.left, top: spot.top, right: spot.left + size.width, bottom: spot.top + size.height };
}

function overlaps(a, b) {
  return a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
}

describe("a card's tooltip", () => {
  test("stands above its card, centred on it, when there is room", () => {
    const mine = card(500, 400);
    const spot = tipPosition(mine, TIP, VIEW);
    assert.deepEqual(spot, { left: 500 + 45 - 120, top: 400 - 60 - 8 });
    assert.ok(!overlaps(boxOf(spot), mine));
  });

  test("goes below a card at the top of the window", () => {
    const top = card(500, 20);
    const spot = tipPosition(top, TIP, VIEW);
    assert.equal(spot.top, top.bottom + 8);
    assert.ok(!overlaps(boxOf(spot), top));
  });

  test("leaves the card picked for an action in sight: the Hitman picked, the tooltip of the card above him goes elsewhere", () => {
    // The player's Hitman (column 3) is picked; the pointer is on the opponent's card in
    // the row above, whose tooltip would otherwise drop onto him.
    const hitman = card(300, 200);
    const theirs = card(300, 20);
    const spot = tipPosition(theirs, TIP, VIEW, [hitman]);
    const box = boxOf(spot);
    assert.ok(!overlaps(box, theirs), "over the card it describes");
    assert.ok(!overlaps(box, hitman), "over the card picked");
    assert.equal(spot.left, theirs.right + 8, "beside the card, to its right");
  });

  test("on a phone it stays inside the window and off its card, to the card's left when the right is taken", () => {
    const phone = { width: 375, height: 812 };
    const tip = { width: 200, height: 90 };
    const edge = card(270, 10, 40, 56);
    const picked = card(270, 70, 40, 56);
    const spot = tipPosition(edge, tip, phone, [picked]);
    const box = boxOf(spot, tip);
    assert.ok(box.left >= 8 && box.right <= phone.width - 8 && box.top >= 8, JSON.stringify(box));
    assert.ok(!overlaps(box, edge) && !overlaps(box, picked), JSON.stringify(box));
  });

  test("in a window too small for any free place, it takes the one that covers the least", () => {
    const small = { width: 300, height: 200 };
    const middle = card(110, 60, 80, 80);
    const banner = { left: 0, top: 0, right: 300, bottom: 50 };
    // Above covers the banner and the card; beside, half the card; below, its last 8 px.
    assert.deepEqual(tipPosition(middle, { width: 200, height: 60 }, small, [banner]), { left: 50, top: 132 });
  });
});
