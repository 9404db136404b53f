// The one report path to Python (lib/report.js): the debounced step, and events after it.
import assert from "node:assert/strict";
import { test } from "node:test";

import { Reporter } from "../../game_tree_lab/tree_canvas/lib/report.js";
import { fakeClock } from "./clock.js";

function reporter() {
  const clock = fakeClock(), sent = [];
  const r = new Reporter({ wait: 400, setTimer: clock.setTimer, clearTimer: clock.clearTimer });
  r.connect((name, v) => sent.push(["state", name, v]), (name, v) => sent.push(["trigger", name, v]));
  return { r, clock, sent };
}

test("a burst of steps is one report of the last step, 400 ms after the last change", () => {
  const { r, clock, sent } = reporter();
  r.heard(0);
  for (const k of [1, 2, 3, 4]) { r.step(k); clock.tick(100); }
  assert.deepEqual(sent, []);
  clock.tick(299);
  assert.deepEqual(sent, []);
  clock.tick(1);
  assert.deepEqual(sent, [["state", "step", 4]]);
  clock.tick(5000);
  assert.equal(sent.length, 1);
});

test("a step back to the one the server knows is not reported", () => {
  const { r, clock, sent } = reporter();
  r.heard(5);
  r.step(6);
  r.step(5);
  clock.tick(1000);
  assert.deepEqual(sent, []);
  r.step(7);
  clock.tick(400);
  r.step(7);
  clock.tick(400);
  assert.deepEqual(sent, [["state", "step", 7]]);
});

test("an event sends the step still waiting first, then itself, and nothing after", () => {
  const { r, clock, sent } = reporter();
  r.heard(0);
  r.step(3);
  r.send("edit", { op: "add_child" });
  assert.deepEqual(sent, [["state", "step", 3], ["trigger", "edit", { op: "add_child" }]]);
  clock.tick(1000);
  assert.equal(sent.length, 2);
  assert.equal(clock.pending(), 0);
});

test("an event with no step waiting goes alone; a cancelled step is never sent", () => {
  const { r, clock, sent } = reporter();
  r.heard(2);
  r.send("drill", 7);
  r.step(4);
  r.cancel();
  clock.tick(1000);
  assert.deepEqual(sent, [["trigger", "drill", 7]]);
});
