// The step state (lib/steps.js) against a reference that replays steps 1..k from scratch.
import assert from "node:assert/strict";
import { test } from "node:test";

import { StepState } from "../../game_tree_lab/tree_canvas/lib/steps.js";

function replay(steps, m, k) {
  // Every node's [status, alpha, beta, value] after the first k steps, from step 0.
  const rows = Array.from({ length: m }, () => [0, -1, -1, -1]);
  for (const d of steps.slice(0, k)) {
    for (let j = 0; j < d.length; j += 5) rows[d[j]] = d.slice(j + 1, j + 5);
  }
  return rows;
}

function rows(s, m) {
  return Array.from({ length: m }, (_, i) => [s.st[i], s.a[i], s.b[i], s.v[i]]);
}

function randomSteps(seed, m, n) {
  let x = seed;
  const rnd = (q) => { x = (x * 1103515245 + 12345) % 2147483648; return x % q; };
  return Array.from({ length: n }, () => {
    const d = [];
    for (let c = 1 + rnd(3); c > 0; c--) d.push(rnd(m), rnd(4), rnd(5) - 1, rnd(5) - 1, rnd(5) - 1);
    return d;
  });
}

test("any walk over the steps gives the state a replay from step 0 gives", () => {
  for (let seed = 1; seed <= 30; seed++) {
    const m = 6, steps = randomSteps(seed, m, 25), s = new StepState(steps, m);
    for (const k of [25, 3, 3, 17, 0, 25, 12, 1, 24]) {
      s.moveTo(k);
      assert.equal(s.k, k);
      assert.deepEqual(rows(s, m), replay(steps, m, k), `seed ${seed}, step ${k}`);
    }
  }
});

test("a step that changes a node twice is undone to the state before it", () => {
  const steps = [[0, 1, 0, 1, -1], [0, 2, 0, 1, 3, 0, 3, 0, 1, 4], [1, 1, 2, 2, 2]];
  const s = new StepState(steps, 2);
  s.moveTo(3);
  s.moveTo(1);
  assert.deepEqual(rows(s, 2), [[1, 0, 1, -1], [0, -1, -1, -1]]);
});

test("moveTo clamps and rounds, and returns the nodes it changed", () => {
  const steps = [[0, 1, 0, 0, -1], [1, 1, 0, 0, -1], [1, 2, 0, 0, 0]];
  const s = new StepState(steps, 3);
  assert.deepEqual([...s.moveTo(99)].sort(), [0, 1]);
  assert.equal(s.k, 3);
  assert.deepEqual([...s.moveTo(1.6)], [1]);
  assert.equal(s.k, 2);
  assert.equal(s.moveTo(-4).size, 2);
  assert.equal(s.k, 0);
  assert.equal(s.moveTo("x").size, 0);
});
