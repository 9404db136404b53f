// The canvas's words (lib/util.js): every word is the payload's (p.ui, made in Python by
// viz/canvas_ui.py), placeholders filled here, a count's form picked by Intl.PluralRules.
import assert from "node:assert/strict";
import { test } from "node:test";

import { fillIn, plural, word } from "../../game_tree_lab/tree_canvas/lib/util.js";

// The forms by CLDR category as viz/canvas_ui.py sends them (written out here by hand).
const RU = { lang: "ru", step_of: "Шаг {k} из {n}.", plural: { leaves: { one: "{n} лист", few: "{n} листа", many: "{n} листьев" } } };
const ZH = { lang: "zh", plural: { leaves: { other: "{n} 个叶子" } } };
const EN = { lang: "en", plural: { leaves: { one: "{n} leaf", other: "{n} leaves" } } };

test("Russian counts take their three forms", () => {
  const got = [1, 2, 5, 11, 21, 22, 25, 112].map((n) => plural({ ui: RU }, "leaves", n));
  assert.deepEqual(got, ["1 лист", "2 листа", "5 листьев", "11 листьев", "21 лист", "22 листа", "25 листьев", "112 листьев"]);
});

test("Chinese has one form, English two; big counts are grouped in Western digits", () => {
  assert.deepEqual([1, 2, 5].map((n) => plural({ ui: ZH }, "leaves", n)), ["1 个叶子", "2 个叶子", "5 个叶子"]);
  assert.deepEqual([1, 2, 12500].map((n) => plural({ ui: EN }, "leaves", n)), ["1 leaf", "2 leaves", "12,500 leaves"]);
});

test("a word's placeholders are filled, unknown ones kept, a missing word shows its key", () => {
  assert.equal(word({ ui: RU }, "step_of", { k: 3, n: 40 }), "Шаг 3 из 40.");
  assert.equal(fillIn("{a} and {b}", { a: 1 }), "1 and {b}");
  assert.equal(word({ ui: RU }, "nowhere"), "nowhere");
  assert.equal(word(null, "step_of"), "step_of");
});
