// The table in Japanese: sentences set side by side with no space between them (the
// log's line with the Mayor, the last action of several lines), columns said "N列目",
// and the confirmation of an action in Japanese punctuation and counters.

import assert from "node:assert/strict";
import { before, describe, test } from "node:test";

import { describe as describeAction } from "../../src/outlaws/web/game/confirm.js";
import { sentences } from "../../src/outlaws/web/core/i18n.js";
import { describeAll, describeAt } from "../../src/outlaws/web/game/log.js";
import { inLanguage } from "./support.mjs";

before(() => inLanguage("ja"));

const ctx = (viewer) => ({ viewer, name: (seat) => ["ボット", "たろう"][seat] });
// Seat 1's street, column 1 first: the Sheriff at column 4, the Hitman at column 6.
const STREET = ["indian", "mayor", "reverend", "sheriff", "governor", "hitman", "storekeep", "dancer"];

describe("Japanese sentences sit side by side", () => {
  test("two sentences are joined with no space", () => {
    assert.equal(sentences(["撃ちました。", "公開されました。"]), "撃ちました。公開されました。");
  });

  test("the Reporter's call and the Mayor's reach (R6.10) read as one line with no space", () => {
    const call = { turn: 17, type: "reporter", seat: 0, col: 7, target: 8, call: "hitman", mayor: true };
    const line = describeAt([call], 0, ctx(1));
    assert.equal(line, "ボットの7列目の記者が、8列目のカードを殺し屋だと宣言しました。市長が範囲を広げました。");
  });

  test("the last action of a shot and its reveal: past tense, no space between", () => {
    const shot = [
      { turn: 21, type: "hitman", seat: 0, col: 5 },
      { turn: 21, type: "reveal", seat: 1, col: 5, card: "governor" },
    ];
    assert.equal(
      describeAll(shot, ctx(1)),
      "ボットの5列目の殺し屋が弾丸を消費して撃ちました。あなたの5列目のカードが公開されました：知事。",
    );
  });
});

describe("the confirmation of an action reads in Japanese", () => {
  test("an arrest (R6.3): the card, the call, the target and the Handcuffs spent", () => {
    const lines = describeAction({ type: "sheriff", col: 4, call: "hitman", target: 4 }, { seat: 1, street: STREET });
    assert.deepEqual(lines, [
      "逮捕：4列目のあなたの保安官。このカードは両者に公開されます。",
      "宣言：殺し屋。",
      "対象：相手の4列目のカード。",
      "手錠を1枚消費します。",
    ]);
  });

  test("no line uses a Western colon or parenthesis, nor says 列N", () => {
    const lines = [
      ...describeAction({ type: "indian", col: 1, target: 1, mayor: true }, { seat: 1, street: STREET }),
      ...describeAction({ type: "hitman", col: 6 }, { seat: 1, street: STREET }),
    ];
    for (const line of lines) assert.doesNotMatch(line, /[:()]|列\d/, line);
  });
});
