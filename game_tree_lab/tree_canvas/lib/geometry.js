// Plane geometry the canvas's plugins share: whether a line segment crosses a box (an answer
// field must not hide the edges of the tree: plugins/answer.js). No DOM: tested with node --test.

/** Whether segment (x1, y1)-(x2, y2) meets the box [left, top, right, bottom] (Liang-Barsky:
 * the segment clipped to the box leaves a part). */
export function crosses([x1, y1, x2, y2], [left, top, right, bottom]) {
  const dx = x2 - x1, dy = y2 - y1;
  let lo = 0, hi = 1;
  for (const [p, q] of [[-dx, x1 - left], [dx, right - x1], [-dy, y1 - top], [dy, bottom - y1]]) {
    if (p === 0) {
      if (q < 0) return false; // parallel to this side, and outside it
    } else {
      const t = q / p;
      if (p < 0) lo = Math.max(lo, t);
      else hi = Math.min(hi, t);
      if (lo > hi) return false;
    }
  }
  return true;
}

/** How many of `segments` meet `box`. */
export function crossings(segments, box) {
  let n = 0;
  for (const s of segments) if (crosses(s, box)) n++;
  return n;
}
