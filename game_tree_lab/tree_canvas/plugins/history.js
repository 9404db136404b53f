// Plugin "history": a search's history beside the tree, when the payload has one (p.hist,
// viz/tree_payload.py: MTD(f)'s passes, their words teach's). One row per pass: done once
// the step reached its end (row.at), "running" while the step is inside it (row.from..at),
// not yet shown before. The words are the payload's; this only marks the rows.

import { esc } from "../lib/util.js";

export default function history(ctx) {
  let box = null;
  let rows = [];

  function build() {
    if (box) box.remove();
    box = null;
    rows = [];
    const h = ctx.payload && ctx.payload.hist;
    if (!h || !h.rows || !h.rows.length) return;
    box = document.createElement("div");
    box.className = "gtl-hist";
    const head = h.head.map((c) => `<th scope="col">${esc(c)}</th>`).join("");
    const body = h.rows
      .map((r) => `<tr>${r.cells.map((c) => `<td>${esc(c)}</td>`).join("")}</tr>`)
      .join("");
    box.innerHTML = `<div class="h-title">${esc(h.title)}</div><table><thead><tr>${head}</tr></thead><tbody>${body}</tbody></table>`;
    ctx.part("scroll").after(box);
    rows = [...box.querySelectorAll("tbody tr")];
  }

  function mark() {
    const h = ctx.payload && ctx.payload.hist;
    if (!box || !h) return;
    const k = ctx.step;
    h.rows.forEach((r, i) => {
      const tr = rows[i];
      tr.className = k >= r.at ? "done" : k >= r.from ? "running" : "later";
    });
  }

  return {
    built() {
      build();
      mark();
    },
    rendered() {
      mark();
    },
    destroy() {
      if (box) box.remove();
    },
  };
}
