// Plugin "research": PVS's re-searches drawn as such on the tree (issue 22). The payload's
// p.rs (viz/tree_payload.py; the words teach/search_words.py's) gives, for each re-search,
// its node, the step its null-window probe failed, the steps of its full-window search and
// the words of both. At the node, from the probe's failure until the re-search starts, a
// dashed pill says the probe's window and how it failed; while the node is searched again,
// a solid pill says "re-search" and the full window, and its box is drawn doubled. Other
// steps show nothing of it. A legend entry (p.rsw) comes with them.

import { esc, SVGNS } from "../lib/util.js";

const CHAR = 6.9; // px per character (12 px text, as viz/tree_payload.py's NAME_CHAR)

export default function research(ctx) {
  let pills = [];
  let boxed = [];
  let legend = null;
  const list = () => (ctx.payload && ctx.payload.rs) || [];

  function draw() {
    const svg = ctx.part("svg"), nd = ctx.payload.nodes, g = ctx.payload.geo;
    const layer = document.createElementNS(SVGNS, "g");
    layer.setAttribute("class", "rsl");
    svg.appendChild(layer);
    pills = list().map((r) => {
      const el = document.createElementNS(SVGNS, "g");
      el.setAttribute("class", "rs-pill");
      el.setAttribute("transform", `translate(${ctx.X(nd.x[r.i])},${ctx.Y(nd.d[r.i]) - g.ring_out - 13})`);
      el.innerHTML = `<rect y="-10" height="20" rx="10"/><text y="4"></text>`;
      el.style.display = "none";
      layer.appendChild(el);
      return el;
    });
  }

  function mark() {
    const k = ctx.step, svg = ctx.part("svg");
    for (const b of boxed) b.classList.remove("rs-box");
    boxed = [];
    list().forEach((r, j) => {
      const el = pills[j];
      if (!el) return;
      const probe = k >= r.f && k < r.s, full = k >= r.s && k <= r.e;
      el.style.display = probe || full ? "" : "none";
      if (!probe && !full) return;
      const words = probe ? r.probe : r.full;
      el.setAttribute("class", `rs-pill ${probe ? "rs-probe" : "rs-full"}`);
      const t = el.querySelector("text");
      if (t.textContent !== words) {
        t.textContent = words;
        const w = Math.ceil(words.length * CHAR) + 14;
        const rect = el.querySelector("rect");
        rect.setAttribute("x", String(-w / 2));
        rect.setAttribute("width", String(w));
      }
      if (full) {
        const box = svg.querySelector(`g.box[data-b="${r.i}"]`);
        if (box) { box.classList.add("rs-box"); boxed.push(box); }
      }
    });
  }

  function buildLegend() {
    if (legend) legend.remove();
    legend = null;
    const p = ctx.payload;
    if (!p || !list().length || !p.rsw || !p.rsw.legend) return;
    legend = document.createElement("span");
    legend.className = "lg-rs";
    legend.innerHTML = `<b class="lg-rs-p">${esc(p.rsw.probe)}</b><b class="lg-rs-f">${esc(p.rsw.full)}</b>${esc(p.rsw.legend)}`;
    const lg = ctx.el.querySelector(".legend");
    if (lg) lg.appendChild(legend);
  }

  return {
    built() { buildLegend(); },
    drawn() {
      pills = []; boxed = [];
      if (list().length) draw();
    },
    rendered() { mark(); },
    destroy() { if (legend) legend.remove(); },
  };
}
