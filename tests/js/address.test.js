// The one address-bar writer (lib/address.js) on a stand-in window.
import assert from "node:assert/strict";
import { test } from "node:test";

import { Address, onAddressChange } from "../../game_tree_lab/tree_canvas/lib/address.js";
import { fakeClock } from "./clock.js";

function fakeWindow(href) {
  const writes = [];
  const win = {
    location: { href },
    history: {
      state: { s: 1 },
      replaceState(state, title, url) { writes.push([state, url]); win.location.href = url; },
    },
  };
  return { win, writes };
}

function address(href = "http://h/alpha-beta?tree=x&k=0") {
  const clock = fakeClock(), { win, writes } = fakeWindow(href);
  const a = new Address(win, { wait: 120, now: clock.now, setTimer: clock.setTimer, clearTimer: clock.clearTimer });
  return { a, clock, win, writes };
}

const query = (win) => Object.fromEntries(new URL(win.location.href).searchParams);

test("owned parameters are set and removed, the rest of the link is kept", () => {
  const { a, win, writes } = address("http://h/alpha-beta?tree=x&play=4&k=0");
  a.set({ k: 7, play: null, fv: "tree" });
  a.write(true);
  assert.deepEqual(query(win), { tree: "x", k: "7", fv: "tree" });
  assert.equal(new URL(win.location.href).pathname, "/alpha-beta");
  assert.deepEqual(writes[0][0], { s: 1 }); // history's state is kept
});

test("a link that already says it all is not written again", () => {
  const { a, writes } = address("http://h/p?k=3");
  a.set({ k: 3, play: null });
  a.write(true);
  assert.equal(writes.length, 0);
});

test("stepping writes at most once per 120 ms, the step on screen when the write runs", () => {
  const { a, clock, win, writes } = address();
  a.set({ k: 1 });
  a.write(false); // the first write is at once
  assert.equal(query(win).k, "1");
  for (const k of [2, 3, 4]) { clock.tick(10); a.set({ k }); a.write(false); }
  assert.equal(writes.length, 1);
  clock.tick(90); // 120 ms after the first write
  assert.equal(writes.length, 2);
  assert.equal(query(win).k, "4");
  a.set({ k: 5 });
  a.write(true); // forced: at once
  assert.equal(query(win).k, "5");
  assert.equal(clock.pending(), 0);
});

test("clear takes every owned parameter out, and owns none after", () => {
  const { a, win } = address("http://h/p?tree=x");
  a.set({ k: 4, play: "8", fv: "follow" });
  a.write(true);
  a.clear();
  assert.deepEqual(query(win), { tree: "x" });
  a.write(true);
  assert.deepEqual(query(win), { tree: "x" });
});

test("read gives the link's value of a parameter", () => {
  const { a } = address("http://h/p?fv=tree");
  assert.equal(a.read("fv"), "tree");
  assert.equal(a.read("k"), null);
});

test("onAddressChange listens to the Navigation API, and does nothing without it", () => {
  const heard = [];
  const listeners = new Map();
  const nav = {
    addEventListener: (n, fn) => listeners.set(n, fn),
    removeEventListener: (n, fn) => { if (listeners.get(n) === fn) listeners.delete(n); },
  };
  const stop = onAddressChange({ navigation: nav }, () => heard.push(1));
  listeners.get("currententrychange")();
  assert.deepEqual(heard, [1]);
  stop();
  assert.equal(listeners.size, 0);
  assert.doesNotThrow(() => onAddressChange({}, () => heard.push(2))());
});
