// The plugins' words (issue 20): a run sends them beside the payload as data.w, only for the
// plugins it turns on, and the core adds them to the payload's ui (lib/util.js withWords).
import assert from "node:assert/strict";
import { test } from "node:test";

import { plural, withWords, word } from "../../game_tree_lab/tree_canvas/lib/util.js";

const P = { id: "a", ui: { lang: "ru", next: "дальше", plural: { speed: { one: "{n} шаг/с", few: "{n} шага/с", many: "{n} шагов/с" } } } };

test("a plugin's words and plurals join the core's; the server's payload is left as it is", () => {
  const w = { ed_set: "Задать", plural: { plies: { one: "{n} полуход", few: "{n} полухода", many: "{n} полуходов" } } };
  const p = withWords(P, w);
  assert.equal(word(p, "ed_set"), "Задать");
  assert.equal(word(p, "next"), "дальше");
  assert.equal(plural(p, "plies", 3), "3 полухода");
  assert.equal(plural(p, "speed", 5), "5 шагов/с");
  assert.equal(p.id, "a");
  assert.equal(word(P, "ed_set"), "ed_set"); // not written into the server's data
  assert.deepEqual(Object.keys(P.ui.plural), ["speed"]);
});

test("no plugin words: the payload itself", () => {
  assert.equal(withWords(P, undefined), P);
  assert.equal(withWords(undefined, { a: "b" }), undefined);
});
