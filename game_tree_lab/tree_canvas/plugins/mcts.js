// Plugin "mcts" (viz/mcts_view.py): Monte Carlo tree search's visits. Each drawn node that
// is in the search's tree gets "N 4" beside it (its value box shows W/N, the core's); the
// numbers follow the step, so the tree grows and its counts rise as the search goes.
//
// data.x.mcts = {n: [step, node id, N, ...] (every change, in step order; ctx.index maps
//                an id to its view position, -1 when it is not drawn),
//                it: [the first step of each iteration], legend: "..."}.
// A line under the controls says the legend and the iteration at the step.

import { esc, SVGNS } from "../lib/util.js";

function timelines(ctx, flat, m) {
  // Per view position: [[step, N], ...] in step order (nodes not drawn are left out).
  const out = Array.from({ length: m }, () => []);
  for (let j = 0; j + 2 < flat.length; j += 3) {
    const i = ctx.index(flat[j + 1]);
    if (i >= 0) out[i].push([flat[j], flat[j + 2]]);
  }
  return out;
}

function at(line, k) {
  // N at step k: the last change at or before k (0 before the first).
  let lo = 0, hi = line.length;
  while (lo < hi) { const mid = (lo + hi) >> 1; if (line[mid][0] <= k) lo = mid + 1; else hi = mid; }
  return lo ? line[lo - 1][1] : 0;
}

export default function mcts(ctx) {
  let x = null, lines = null, layer = null, note = null, texts = [];

  function teardown() {
    if (layer) layer.remove();
    if (note) note.remove();
    x = lines = layer = note = null;
    texts = [];
  }

  function place() {
    // One text per drawn node, beside it on the side its value box is not.
    const svg = ctx.part("svg"), p = ctx.payload;
    if (!x || !svg || !p) return;
    if (layer) layer.remove();
    layer = document.createElementNS(SVGNS, "g");
    layer.setAttribute("class", "mc-n");
    const nd = p.nodes, off = (p.geo.ring_out || 26) + 3, parts = [];
    for (let i = 0; i < nd.id.length; i++) {
      const side = nd.side[i] === 1 ? -1 : 1;
      const tx = ctx.X(nd.x[i]) + side * off, ty = ctx.Y(nd.d[i]) + 4;
      parts.push(`<text data-i="${i}" x="${tx}" y="${ty}" text-anchor="${side > 0 ? "start" : "end"}"></text>`);
    }
    layer.innerHTML = parts.join("");
    svg.appendChild(layer);
    lines = timelines(ctx, x.n || [], nd.id.length);
    texts = [...layer.querySelectorAll("text")];
    show();
  }

  function show() {
    if (!x || !lines) return;
    const k = ctx.step;
    for (let i = 0; i < texts.length; i++) {
      const n = at(lines[i], k);
      texts[i].textContent = n ? `N ${n}` : "";
    }
    if (note) {
      const its = x.it || [];
      let lo = 0, hi = its.length;
      while (lo < hi) { const mid = (lo + hi) >> 1; if (its[mid] <= k) lo = mid + 1; else hi = mid; }
      note.querySelector(".mc-it").textContent = lo ? `iteration ${lo} of ${its.length}` : `${its.length} iterations`;
    }
  }

  return {
    update(data) {
      const got = data.x && data.x.mcts;
      if (!got || !ctx.payload) { teardown(); return; }
      if (got !== x) {
        x = got;
        lines = null;
        if (!note) {
          note = document.createElement("div");
          note.className = "mc-note";
          const bar = ctx.part("bar");
          if (bar) bar.after(note); else ctx.el.appendChild(note);
        }
        note.innerHTML = `<b class="mc-it"></b> · ${esc(got.legend || "")}`;
        place();
      }
    },
    built() { if (x) place(); },
    drawn() { if (x) place(); },
    rendered() { show(); },
    destroy() { teardown(); },
  };
}
