// Whether a segment crosses a box (lib/geometry.js), against a brute-force sampling of the
// segment written here: the two must agree on thousands of random segments and boxes.
import assert from "node:assert/strict";
import { test } from "node:test";

import { crosses, crossings } from "../../game_tree_lab/tree_canvas/lib/geometry.js";

function sampled([x1, y1, x2, y2], [l, t, r, b]) {
  // Points along the segment, 2,000 of them and both ends: inside the box (its edge too)?
  for (let k = 0; k <= 2000; k++) {
    const x = x1 + (k / 2000) * (x2 - x1), y = y1 + (k / 2000) * (y2 - y1);
    if (x >= l && x <= r && y >= t && y <= b) return true;
  }
  return false;
}

test("the cases one draws on paper", () => {
  const box = [10, 10, 20, 20];
  assert.equal(crosses([0, 0, 30, 30], box), true); // through, corner to corner
  assert.equal(crosses([0, 15, 5, 15], box), false); // stops short
  assert.equal(crosses([12, 12, 14, 14], box), true); // inside
  assert.equal(crosses([0, 25, 30, 25], box), false); // passes under
  assert.equal(crosses([15, 0, 15, 30], box), true); // upright, through
  assert.equal(crosses([25, 0, 25, 30], box), false); // upright, beside
  assert.equal(crosses([0, 45, 45, 0], box), false); // passes by the corner (x + y = 45)
  assert.equal(crosses([0, 40, 40, 0], box), true); // touches the corner (20, 20)
  assert.equal(crossings([[0, 0, 30, 30], [0, 25, 30, 25], [15, 0, 15, 30]], box), 2);
});

test("agrees with sampling on random segments and boxes", () => {
  let seed = 7;
  const rnd = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648) * 100;
  let disagree = 0, met = 0;
  for (let n = 0; n < 4000; n++) {
    const a = rnd(), b = rnd(), w = rnd() / 3 + 1, h = rnd() / 3 + 1;
    const box = [a, b, a + w, b + h], seg = [rnd(), rnd(), rnd(), rnd()];
    const got = crosses(seg, box), want = sampled(seg, box);
    if (want) met++;
    // sampling can miss a segment that only grazes a corner: only a miss that way is allowed
    if (got !== want && !(got && !want)) disagree++;
  }
  assert.equal(disagree, 0);
  assert.ok(met > 200, `too few crossings to check (${met})`);
});
