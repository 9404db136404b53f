// A big payload travels packed (lib/unpack.js; ui/common/canvas.py's `packed`): text deflated
// by zlib here in node (not the code under test) is read back to the same value, with its
// non-ASCII words; a canvas's data with its payload and a plugin's data packed comes back
// whole, unpacked parts untouched; data with nothing packed is recognised as such; a text that
// is not zlib fails rather than drawing something else.
import assert from "node:assert/strict";
import { test } from "node:test";
import { deflateSync } from "node:zlib";

import { hasPacked, inflate, isPacked, unpack } from "../../game_tree_lab/tree_canvas/lib/unpack.js";

const pack = (value) => ({ z: deflateSync(Buffer.from(JSON.stringify(value), "utf8")).toString("base64") });

const payload = {
  id: "abc",
  n: 3,
  texts: ["Start at the root (MAX), with α = −∞ and β = +∞.", "Идём вниз", "评估叶子"],
  ti: [0, 1, 2, 1],
  cur: [-3, 0, 1, 0],
};

test("packed text inflates to the value that was packed, words in any script", async () => {
  assert.deepEqual(await inflate(pack(payload).z), payload);
  const big = { steps: Array.from({ length: 50000 }, (_, k) => [k % 7, 1, 2, 3, -1]) };
  assert.deepEqual(await inflate(pack(big).z), big);
});

test("only an object whose one field is the text z counts as packed", () => {
  assert.equal(isPacked(pack(payload)), true);
  for (const v of [null, undefined, "z", [], { z: 1 }, { z: "x", id: "a" }, payload]) {
    assert.equal(isPacked(v), false, JSON.stringify(v));
  }
});

test("a canvas's data comes back whole: its payload and a plugin's data inflated, the rest as sent", async () => {
  const follow = { id: "f1", n: 2, ev: [0, 1, 0] };
  const data = { p: pack(payload), step: 2, seq: 1, x: { follow: pack(follow), mode: "follow" }, w: { a: "b" } };
  assert.equal(hasPacked(data), true);
  const full = await unpack(data);
  assert.deepEqual(full, { p: payload, step: 2, seq: 1, x: { follow, mode: "follow" }, w: { a: "b" } });
  assert.equal(isPacked(data.p), true, "the data sent is not changed");
  // only a plugin's data packed: the payload stays the very object sent
  const onlyX = { p: payload, x: { follow: pack(follow) } };
  assert.equal(hasPacked(onlyX), true);
  const got = await unpack(onlyX);
  assert.equal(got.p, payload);
  assert.deepEqual(got.x.follow, follow);
});

test("data with nothing packed is not held back", () => {
  assert.equal(hasPacked({ p: payload, x: { follow: { id: "f", n: 1 } } }), false);
  assert.equal(hasPacked({ p: payload }), false);
  assert.equal(hasPacked(undefined), false);
});

test("the same packed text sent again (a rerun) gives the same value; a broken one fails", async () => {
  const data = { p: pack(payload) };
  const a = await unpack(data);
  const b = await unpack({ p: { z: data.p.z } });
  assert.equal(a.p, b.p, "inflated once, kept");
  await assert.rejects(unpack({ p: { z: Buffer.from("not zlib at all").toString("base64") } }));
});

test("a page whose content policy refuses data: URLs still reads a packed text", async () => {
  const fetch = globalThis.fetch;
  globalThis.fetch = async () => { throw new TypeError("Refused to connect: Content Security Policy"); };
  try {
    assert.deepEqual(await inflate(pack(payload).z), payload);
  } finally {
    globalThis.fetch = fetch;
  }
});
