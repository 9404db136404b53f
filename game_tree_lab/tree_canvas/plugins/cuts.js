// Plugin "cuts": the cut-off stays explained on the tree (issue 22). The payload's p.cuts
// (viz/tree_payload.py; the words teach/cut_words.py's) name, for every cut-off, its step,
// its node, the node whose bound it compared (and that bound's row in its box), the pruned
// children, a short note and the full sentence.
//   - At the cut-off's step the two bounds compared are highlighted in the node's box, the
//     ancestor's row that holds one of them too, and a dashed link joins the two nodes.
//   - From that step on, while the child stays pruned, its edge carries the note
//     ("β 2 ≤ α 3, from A"). Pointing at a note or tapping it shows the full sentence beside
//     it; a keyboard reaches the same sentence in the tree view (plugins/access.js).
// The words are the payload's; this only places them.

import { esc, SVGNS } from "../lib/util.js";

const NOTE_CHAR = 6.9; // px per character of a note (12 px text, as viz/tree_payload.py's NAME_CHAR)

export default function cuts(ctx) {
  let layer = null; // <g> of the notes and the link, in the figure (redrawn with it)
  let notes = []; // per cut: its note's <g> (or null: its pruned edge is not drawn)
  let lit = []; // elements highlighted at the step shown
  let legend = null;
  const pop = document.createElement("div");
  pop.className = "cut-pop";
  pop.setAttribute("role", "status");
  pop.hidden = true;
  ctx.el.appendChild(pop);

  const list = () => (ctx.payload && ctx.payload.cuts) || [];

  function draw() {
    const svg = ctx.part("svg");
    layer = document.createElementNS(SVGNS, "g");
    layer.setAttribute("class", "cutl");
    // above the edges and the nodes, under the label boxes
    svg.insertBefore(layer, svg.querySelector("g.boxes"));
    const p = ctx.payload, nd = p.nodes;
    notes = list().map((c, j) => {
      if (!c.e.length) return null;
      const i = c.e[0], pi = nd.p[i];
      const x = (ctx.X(nd.x[pi]) + ctx.X(nd.x[i])) / 2, y = (ctx.Y(nd.d[pi]) + ctx.Y(nd.d[i])) / 2;
      const w = Math.ceil(c.note.length * NOTE_CHAR) + 8;
      const g = document.createElementNS(SVGNS, "g");
      g.setAttribute("class", "cut-note");
      g.setAttribute("data-c", String(j));
      g.setAttribute("transform", `translate(${x},${y})`);
      g.innerHTML = `<rect x="${-w / 2}" y="-10" width="${w}" height="20" rx="4"/><text y="4">${esc(c.note)}</text>`;
      g.addEventListener("pointerenter", (e) => { if (e.pointerType === "mouse") show(j); });
      g.addEventListener("pointerleave", (e) => { if (e.pointerType === "mouse") show(-1); });
      layer.appendChild(g);
      return g;
    });
    const link = document.createElementNS(SVGNS, "line");
    link.setAttribute("class", "cut-link");
    layer.insertBefore(link, layer.firstChild);
  }

  function show(j) {
    // The full sentence of cut j beside its note (-1: none).
    const c = list()[j], g = notes[j];
    if (!c || !g) { pop.hidden = true; pop.dataset.c = ""; return; }
    pop.textContent = c.text;
    pop.dataset.c = String(j);
    pop.hidden = false;
    const r = g.getBoundingClientRect(), base = ctx.el.getBoundingClientRect();
    const width = Math.min(420, base.width - 8);
    pop.style.width = `${width}px`;
    pop.style.left = `${Math.max(4, Math.min(r.left - base.left + r.width / 2 - width / 2, base.width - width - 4))}px`;
    pop.style.top = `${r.bottom - base.top + 6}px`;
  }

  function mark() {
    const p = ctx.payload;
    if (!p || !layer) return;
    const k = ctx.step, svg = ctx.part("svg"), nd = p.nodes;
    for (const el of lit) el.classList.remove("cut-hl");
    lit = [];
    const link = layer.querySelector("line.cut-link");
    link.style.display = "none";
    list().forEach((c, j) => {
      const g = notes[j];
      if (g) {
        const on = k >= c.k && c.e.some((i) => ctx.state(i)[0] === 3);
        g.style.display = on ? "" : "none";
        if (!on && pop.dataset.c === String(j)) show(-1);
      }
      if (k !== c.k) return;
      // the step of the cut-off: its two bounds, and the ancestor's row holding one of them
      const rows = (i, which) => {
        const box = svg.querySelector(`g.box[data-b="${i}"]`);
        if (!box) return;
        const t = box.querySelectorAll("text");
        for (const w of which) { const el = t[w === "a" ? 0 : 1]; if (el) { el.classList.add("cut-hl"); lit.push(el); } }
      };
      if (c.i >= 0) rows(c.i, ["a", "b"]);
      if (c.c >= 0 && c.c !== c.i) {
        if (c.cr) rows(c.c, [c.cr]);
        const ne = ctx.nodeEl(c.c);
        if (ne) { ne.classList.add("cut-hl"); lit.push(ne); }
        if (c.i >= 0) {
          link.setAttribute("x1", String(ctx.X(nd.x[c.c])));
          link.setAttribute("y1", String(ctx.Y(nd.d[c.c])));
          link.setAttribute("x2", String(ctx.X(nd.x[c.i])));
          link.setAttribute("y2", String(ctx.Y(nd.d[c.i])));
          link.style.display = "";
        }
      }
    });
  }

  function buildLegend() {
    if (legend) legend.remove();
    legend = null;
    const p = ctx.payload;
    if (!p || !list().length || !p.cutw) return;
    legend = document.createElement("span");
    legend.className = "lg-cut";
    legend.innerHTML = `<b class="lg-note">${esc(p.cutw.sample)}</b>${esc(p.cutw.legend)}`;
    const lg = ctx.el.querySelector(".legend");
    if (lg) lg.appendChild(legend);
  }

  return {
    built() {
      show(-1);
      buildLegend();
    },
    drawn() {
      if (list().length) draw();
      else { layer = null; notes = []; }
      lit = [];
      show(-1);
    },
    rendered() {
      mark();
    },
    click(e) {
      const g = e.target.closest && e.target.closest("g.cut-note");
      if (!g) { if (!pop.hidden) show(-1); return false; }
      const j = Number(g.dataset.c);
      show(pop.dataset.c === String(j) && !pop.hidden ? -1 : j);
      return true;
    },
    destroy() {
      pop.remove();
      if (legend) legend.remove();
    },
  };
}
