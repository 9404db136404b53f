// The plugins' hooks (lib/hooks.js): who is asked, in what order, and who claims an event.
import assert from "node:assert/strict";
import { test } from "node:test";

import { Hooks } from "../../game_tree_lab/tree_canvas/lib/hooks.js";

function plugins(log, claims) {
  // three plugins; plugin i claims the events named in claims[i]
  return [0, 1, 2].map((i) => (ctx) => {
    log.push(["made", i, ctx.id]);
    return {
      key: (e) => { log.push(["key", i, e]); return claims[i].includes(e); },
      update: (d) => { log.push(["update", i, d]); return true; },
    };
  });
}

test("each plugin is made once with the context", () => {
  const log = [];
  new Hooks(plugins(log, [[], [], []]), { id: "ctx" });
  assert.deepEqual(log, [["made", 0, "ctx"], ["made", 1, "ctx"], ["made", 2, "ctx"]]);
});

test("an event goes to the plugins in order until one claims it", () => {
  const log = [];
  const h = new Hooks(plugins(log, [["a"], ["b", "a"], []]), {});
  log.length = 0;
  assert.equal(h.claim("key", "b"), true);
  assert.deepEqual(log, [["key", 0, "b"], ["key", 1, "b"]]); // plugin 2 never asked
  log.length = 0;
  assert.equal(h.claim("key", "a"), true);
  assert.deepEqual(log, [["key", 0, "a"]]);
  log.length = 0;
  assert.equal(h.claim("key", "z"), false);
  assert.equal(log.length, 3);
});

test("a notice goes to every plugin whatever it returns; missing hooks are skipped", () => {
  const log = [];
  const h = new Hooks([...plugins(log, [[], [], []]), () => undefined, () => ({})], {});
  log.length = 0;
  h.notify("update", 1);
  h.notify("drawn");
  assert.deepEqual(log, [["update", 0, 1], ["update", 1, 1], ["update", 2, 1]]);
  assert.equal(h.claim("click", {}), false);
});

test("sizing merges what the plugins return, a later one winning", () => {
  const h = new Hooks([() => ({ sizing: () => ({ scale: 1.5, levelH: 74 }) }), () => ({}), () => ({ sizing: () => ({ levelH: 80 }) }), () => ({ sizing: () => undefined })], {});
  assert.deepEqual(h.sizing(), { scale: 1.5, levelH: 80 });
  assert.deepEqual(new Hooks([], {}).sizing(), {});
});
