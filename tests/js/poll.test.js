// A class student's still follows its class over HTTP (lib/poll.js): every answer is asked
// with the state shown, a new state is drawn once, a server away is said once and asked
// again after a pause that grows, a token naming nobody ends the loop.
import assert from "node:assert/strict";
import { test } from "node:test";

import { LongPoll } from "../../game_tree_lab/tree_canvas/lib/poll.js";

/** A fake server: `answers` is a list of what each request gets (a function of the url,
 * or {status, body}); the test ends the loop when they run out. */
function server(answers) {
  const asked = [];
  const pauses = [];
  let poll = null;
  const fetch = async (url) => {
    asked.push(url);
    const next = answers.shift();
    if (!next) { poll.stop(); return { ok: true, status: 200, json: async () => ({}) }; }
    if (next === "down") throw new TypeError("Failed to fetch");
    return { ok: next.status === 200, status: next.status, json: async () => next.body };
  };
  const pause = async (ms) => { pauses.push(ms); };
  return { asked, pauses, attach: (p) => { poll = p; }, fetch, pause };
}

const until = async (cond) => { for (let i = 0; i < 200 && !cond(); i++) await new Promise((r) => setImmediate(r)); };

test("each request says the state shown; a new state is drawn once and then asked from", async () => {
  const s = server([
    { status: 200, body: { seen: "B", data: { n: 2 } } },
    { status: 200, body: { seen: "B" } }, // the server's wait ended: nothing new
    { status: 200, body: { seen: "C", data: { n: 3 } } },
  ]);
  const drawn = [];
  const p = new LongPoll({ fetch: s.fetch, pause: s.pause, onState: (got) => drawn.push(got.data.n) });
  s.attach(p);
  p.follow("/gtl/class/follow?s=t&lang=en", "A");
  await until(() => !p.running);
  assert.deepEqual(drawn, [2, 3]);
  assert.deepEqual(s.asked.map((u) => new URL(u, "http://x").searchParams.get("seen")), ["A", "B", "B", "C"]);
  assert.deepEqual(s.pauses, [200]); // after "nothing new" only: not a busy loop
});

test("an answer equal to the state shown is not drawn again", async () => {
  const s = server([{ status: 200, body: { seen: "A", data: { n: 1 } } }]);
  const drawn = [];
  const p = new LongPoll({ fetch: s.fetch, pause: s.pause, onState: (got) => drawn.push(got) });
  s.attach(p);
  p.follow("/f?s=t", "A");
  await until(() => !p.running);
  assert.deepEqual(drawn, []);
});

test("a server away is said once, asked again after 0.5, 1, 2, 4, 5, 5 s, and back is said", async () => {
  const s = server(["down", "down", "down", "down", "down", "down", { status: 503, body: {} }, { status: 200, body: { seen: "B", data: {} } }]);
  const said = [];
  const p = new LongPoll({ fetch: s.fetch, pause: s.pause, onAway: () => said.push("away"), onBack: () => said.push("back"), onState: () => said.push("state") });
  s.attach(p);
  p.follow("/f?s=t", "A");
  await until(() => !p.running);
  assert.deepEqual(said, ["away", "back", "state"]);
  assert.deepEqual(s.pauses, [500, 1000, 2000, 4000, 5000, 5000, 5000]);
});

test("a token naming nobody (403) ends the loop and says so", async () => {
  const s = server([{ status: 403, body: { error: "no such student" } }, { status: 200, body: { seen: "B", data: {} } }]);
  let gone = 0;
  const p = new LongPoll({ fetch: s.fetch, pause: s.pause, onGone: () => gone++ });
  s.attach(p);
  p.follow("/f?s=t", "A");
  await until(() => !p.running);
  assert.equal(gone, 1);
  assert.equal(s.asked.length, 1);
});

test("following again with another state moves the seen of the loop under way", async () => {
  let release;
  const asked = [];
  const fetch = (url) => {
    asked.push(new URL(url, "http://x").searchParams.get("seen"));
    return new Promise((done) => { release = done; });
  };
  const p = new LongPoll({ fetch, pause: async () => {} });
  p.follow("/f?s=t", "A");
  p.follow("/f?s=t", "B"); // a script run drew B meanwhile: the same loop, no second request
  assert.deepEqual(asked, ["A"]);
  release({ ok: true, status: 200, json: async () => ({ seen: "A" }) });
  await until(() => asked.length === 2);
  p.stop();
  assert.deepEqual(asked, ["A", "B"]);
});
