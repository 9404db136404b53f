// Plugin "mcts" (viz/mcts_view.py): Monte Carlo tree search's visits and means. Each drawn
// node that is in the search's tree gets "N 4" and "W/N 0.62" beside it; the numbers follow
// the step, so the tree grows and its counts rise as the search goes.
//
// data.x.mcts = {n: [step, node id, N, W/N, ...] (every change, in step order; ctx.index
//                maps an id to its view position, -1 when it is not drawn),
//                it: [the first step of each iteration], legend: "..."}.
// A line under the controls says the legend and the iteration at the step. The core's
// legend entries of the exact searches that MCTS has no part of (pruned edges; α, β and a
// best-so-far value) are hidden while its data is shown: it prunes nothing and keeps no window.

import { esc, plural, SVGNS, word } from "../lib/util.js";

function timelines(ctx, flat, m) {
  // Per view position: [[step, N, W/N], ...] in step order (nodes not drawn are left out).
  const out = Array.from({ length: m }, () => []);
  for (let j = 0; j + 3 < flat.length; j += 4) {
    const i = ctx.index(flat[j + 1]);
    if (i >= 0) out[i].push([flat[j], flat[j + 2], flat[j + 3]]);
  }
  return out;
}

function at(line, k) {
  // [N, W/N] at step k: the last change at or before k (null before the first).
  let lo = 0, hi = line.length;
  while (lo < hi) { const mid = (lo + hi) >> 1; if (line[mid][0] <= k) lo = mid + 1; else hi = mid; }
  return lo ? line[lo - 1] : null;
}

export default function mcts(ctx) {
  let x = null, lines = null, layer = null, note = null, texts = [], means = [];

  function legend(shown) {
    for (const el of ctx.el.querySelectorAll(".legend .lg-pruned, .legend .lg-ab")) {
      el.style.display = shown ? "" : "none";
    }
  }

  function teardown() {
    if (x) legend(true);
    if (layer) layer.remove();
    if (note) note.remove();
    x = lines = layer = note = null;
    texts = [];
    means = [];
  }

  function place() {
    // One text per drawn node, beside it on the side its value box is not.
    const svg = ctx.part("svg"), p = ctx.payload;
    if (!x || !svg || !p) return;
    if (layer) layer.remove();
    layer = document.createElementNS(SVGNS, "g");
    layer.setAttribute("class", "mc-n");
    const nd = p.nodes, parts = [];
    for (let i = 0; i < nd.id.length; i++) {
      const side = nd.side[i] === 1 ? -1 : 1;
      // beside a leaf's circle (smaller than the ring), else beside the ring
      const off = nd.k[i] === 2 ? (p.geo.leaf_r || 14) + 4 : (p.geo.ring_out || 26) + 3;
      const tx = ctx.X(nd.x[i]) + side * off, ty = ctx.Y(nd.d[i]) + 4;
      const anchor = side > 0 ? "start" : "end";
      parts.push(`<text data-i="${i}" x="${tx}" y="${ty - 7}" text-anchor="${anchor}"></text>` +
        `<text class="mean" data-i="${i}" x="${tx}" y="${ty + 7}" text-anchor="${anchor}"></text>`);
    }
    layer.innerHTML = parts.join("");
    svg.appendChild(layer);
    lines = timelines(ctx, x.n || [], nd.id.length);
    texts = [...layer.querySelectorAll("text:not(.mean)")];
    means = [...layer.querySelectorAll("text.mean")];
    show();
  }

  function show() {
    if (!x || !lines) return;
    const k = ctx.step;
    for (let i = 0; i < texts.length; i++) {
      const got = at(lines[i], k);
      texts[i].textContent = got ? `N ${got[1]}` : "";
      // a leaf's neighbours are close: its mean alone (the legend says it is W/N)
      const leaf = ctx.payload.nodes.k[i] === 2;
      means[i].textContent = got ? `${leaf ? "" : "W/N "}${got[2].toFixed(2)}` : "";
    }
    if (note) {
      const its = x.it || [];
      let lo = 0, hi = its.length;
      while (lo < hi) { const mid = (lo + hi) >> 1; if (its[mid] <= k) lo = mid + 1; else hi = mid; }
      const P = ctx.payload;
      note.querySelector(".mc-it").textContent = lo ? word(P, "m_iteration", { k: lo, n: its.length }) : plural(P, "iterations", its.length);
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
        legend(false);
        place();
      }
    },
    built() { if (x) place(); },
    drawn() { if (x) place(); },
    rendered() { show(); },
    destroy() { teardown(); },
  };
}
