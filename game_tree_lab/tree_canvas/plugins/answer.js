// Answer on the tree (a plugin of the tree canvas, core.js): the student types a value in a node and
// clicks an edge to mark it pruned, on the canvas itself.
//
// data.x.answer (ui/practice: exercise_panel's whole-tree sheet, quiz_panel's one question):
//   key     a new key starts a fresh sheet from `given` (a new tree, a new question); the
//           same key keeps what the student typed, which is newer than the server's copy
//   fields  [[node id, label], ...] the nodes that take a typed value (label: "value", "β")
//   labels  false: the label is not written by the field (it still names it for a reader)
//   where   "side" (the input beside the node, where its α/β box would be) or "below"
//   edges   true: every edge can be clicked (again to unmark) or reached by Tab and toggled
//   given   {"v": {id: text}, "cut": [[parent id, child id], ...]} to start from
//   marks   after a check: {"v": {id: "right" | "wrong"}, "cut": [[p, c, "right" | "wrong"]]}
//   tries   the number of checks so far: marks are applied when it changes (an edited
//           answer loses its mark, and a rerun for another reason does not put it back)
//   event   the trigger the answers go to on Check: with edges (a sheet) the whole sheet as
//           {"v": {id: text}, "cut": [[p, c], ...]}, else the one field's text
//   hint    a line beside the Check button, until `said` (the grade of the last check,
//           with ok: true when all is right) takes its place; a text, or {fine, coarse}: the
//           words for a mouse and for a touch screen ("click an edge", "tap an edge"),
//           picked by the pointer (pointerWords)
//   button  the Check button's words (the payload's "Check" when not given; the class task: "Hand in")
// The answers live here while the student types; the server hears them only on Check (the
// button, or Enter in the last field / in a one-field question), once, all together. What is
// typed and marked since the last check is also kept in the tab's sessionStorage under the
// sheet's key, so a tab switch, another page or a reload that remounts the sheet gives it
// back (a draft older than the server's last check is not used: `tries` tells).

import { crossings } from "../lib/geometry.js";
import { esc, SVGNS, word } from "../lib/util.js";

const DRAFT = "gtl-ans:";

function pointerWords(w) {
  // A text, or {fine, coarse}: the touch screen's words where the main pointer is a finger.
  if (!w || typeof w === "string") return w || "";
  return (window.matchMedia("(pointer: coarse)").matches ? w.coarse : w.fine) || w.fine || "";
}

function ansDraft(x) {
  // The draft of sheet x.key, unless the server has checked a later sheet; or null.
  try {
    const d = JSON.parse(sessionStorage.getItem(DRAFT + x.key) || "null");
    if (d && d.tries >= (x.tries || 0) && d.v && typeof d.v === "object" && Array.isArray(d.cut)) {
      return { v: d.v, cut: d.cut.filter((e) => typeof e === "string").map((e) => e.split(",").map(Number)) };
    }
  } catch (e) { /* no storage (private mode) or a broken entry: the server's copy */ }
  return null;
}

function ansKeep(c) {
  const a = c.ans;
  if (!a) return;
  const v = {};
  for (const [id, inp] of a.inputs) if (inp.value) v[String(id)] = inp.value;
  try {
    sessionStorage.setItem(DRAFT + a.key, JSON.stringify({ tries: a.tries || 0, v, cut: [...a.cuts] }));
  } catch (e) { /* storage full or off: the sheet still works, without a draft */ }
}

const MIN_ZOOM = 0.75; // a sheet shrunk further than this is shown at 100% instead

function ansTeardown(c) {
  const a = c.ans;
  if (!a) return;
  a.layer.remove();
  a.bar.remove();
  if (c.part("svg")) for (const g of c.part("svg").querySelectorAll("g.ans-edges")) g.remove();
  a.sized.disconnect();
  c.el.classList.remove("answering");
  c.ans = null;
}

function ansOrder(c) {
  // Node indices in preorder (the order the search visits): Tab goes this way.
  const nd = c.payload.nodes, kids = new Map();
  let root = -1;
  for (let i = 0; i < c.payload.nodes.id.length; i++) {
    if (nd.p[i] < 0) root = i;
    else (kids.get(nd.p[i]) || kids.set(nd.p[i], []).get(nd.p[i])).push(i);
  }
  const out = [], stack = root < 0 ? [] : [root];
  while (stack.length) {
    const i = stack.pop();
    out.push(i);
    const ks = kids.get(i) || [];
    for (let j = ks.length - 1; j >= 0; j--) stack.push(ks[j]);
  }
  return out;
}

function ansEdgeKey(c, i) {
  const nd = c.payload.nodes;
  return `${nd.id[nd.p[i]]},${nd.id[i]}`;
}

function ansSetup(c, x) {
  // One question after another (a step quiz): from the second on, the field takes the keys
  // at once (not on a page's first load, and not on a touch screen: no keyboard popping up).
  const next = !!(c.asked && !x.edges && window.matchMedia("(pointer: fine)").matches);
  c.asked = c.asked || !x.edges;
  ansTeardown(c);
  const nd = c.payload.nodes;
  const layer = document.createElement("div");
  layer.className = "ans-layer";
  const bar = document.createElement("div");
  bar.className = "ans-bar";
  bar.innerHTML = `<button type="button" class="ans-check">${esc(x.button || word(c.payload, "a_check"))}</button><span class="ans-hint" role="status" aria-live="polite"></span>`;
  c.part("scroll").appendChild(layer);
  c.part("scroll").after(bar);
  const a = (c.ans = {
    key: x.key, event: x.event || "sheet", where: x.where || "side", edges: !!x.edges,
    layer, bar, inputs: new Map(), ebtn: new Map(), cuts: new Set(), marks: { v: {}, cut: {} }, tries: null,
  });
  const given = ansDraft(x) || x.given || {};
  const gv = given.v || {};
  for (const e of given.cut || []) a.cuts.add(`${e[0]},${e[1]}`);
  const labels = new Map((x.fields || []).map(([id, label]) => [id, label]));
  // One Tab order: each node's field, then the edges down to its children, in preorder.
  for (const i of ansOrder(c)) {
    if (a.edges && nd.p[i] >= 0) {
      const ek = ansEdgeKey(c, i);
      const b = document.createElement("button");
      b.type = "button";
      b.className = "ans-eb";
      b.dataset.e = ek;
      b.dataset.i = String(i);
      const ends = { parent: nd.nm[nd.p[i]], child: nd.nm[i] };
      b.setAttribute("aria-label", word(c.payload, "a_edge", ends));
      b.title = word(c.payload, "a_edge_title", ends);
      b.onclick = () => ansToggle(c, ek);
      layer.appendChild(b);
      a.ebtn.set(ek, b);
    }
    const id = nd.id[i];
    if (!labels.has(id)) continue;
    const label = labels.get(id);
    const box = document.createElement("label");
    box.className = a.where === "below" ? "ans-f row" : "ans-f";
    box.innerHTML = `<span class="ans-l">${x.labels === false ? "" : esc(label)}</span><input type="text" inputmode="numeric" autocomplete="off" spellcheck="false" maxlength="12">`;
    const inp = box.querySelector("input");
    inp.dataset.id = String(id);
    inp.setAttribute("aria-label", word(c.payload, "a_field", { label, node: nd.nm[i] }));
    inp.setAttribute("enterkeyhint", a.edges ? "next" : "done");
    inp.value = typeof gv[id] === "string" ? gv[id].slice(0, 12) : "";
    inp.addEventListener("input", () => { delete a.marks.v[id]; ansPaint(c); ansKeep(c); });
    inp.addEventListener("keydown", (e) => {
      if (e.key !== "Enter") return;
      e.preventDefault();
      const all = [...a.inputs.values()];
      const at = all.indexOf(inp);
      if (a.edges && at + 1 < all.length) all[at + 1].focus();
      else if (a.edges) a.bar.querySelector(".ans-check").focus();
      else ansSend(c);
    });
    layer.appendChild(box);
    a.inputs.set(id, inp);
  }
  // A phone's number pad may have no minus key (iOS): a "±" beside the field being typed in.
  const pm = document.createElement("button");
  pm.type = "button";
  pm.className = "ans-pm";
  pm.textContent = "±";
  pm.tabIndex = -1;
  pm.setAttribute("aria-label", word(c.payload, "a_sign"));
  pm.style.display = "none";
  pm.addEventListener("pointerdown", (e) => {
    e.preventDefault(); // the field keeps the focus (and the keyboard stays up)
    const inp = a.typing;
    if (!inp) return;
    const v = inp.value.trim();
    inp.value = /^[-−–]/.test(v) ? v.slice(1) : `-${v}`;
    inp.dispatchEvent(new Event("input"));
  });
  layer.appendChild(pm);
  a.pm = pm;
  for (const inp of a.inputs.values()) {
    inp.addEventListener("focus", () => {
      a.typing = inp;
      if (!window.matchMedia("(pointer: coarse)").matches) return;
      const box = inp.parentElement;
      pm.style.left = `${box.offsetLeft + box.offsetWidth + 4}px`;
      pm.style.top = `${box.offsetTop + inp.offsetTop}px`;
      pm.style.display = "";
    });
    inp.addEventListener("blur", () => { if (a.typing === inp) a.typing = null; pm.style.display = "none"; });
  }
  bar.querySelector(".ans-check").onclick = () => ansSend(c);
  // A field that changes size after it was placed (the projector's larger type, a web font
  // arriving late, a longer value typed) would reach over its node: the fields are placed
  // again, once a frame; the edges' elements stay and move (ansEdgesPlace).
  let queued = false;
  a.sized = new ResizeObserver(() => {
    if (queued) return;
    queued = true;
    requestAnimationFrame(() => { queued = false; if (c.ans === a && a.layer.isConnected) ansPlace(c); });
  });
  for (const inp of a.inputs.values()) a.sized.observe(inp.parentElement);
  c.el.classList.add("answering");
  c.el.classList.toggle("answer-edges", a.edges);
  if (a.edges && c.z < MIN_ZOOM && c.part("zoom").value !== "1") {
    // Fields need room: a tree much wider than the page at its natural size (scroll
    // sideways, e.g. on a phone) rather than shrunk under fields of a fixed size.
    c.setZoom("1");
  } else {
    ansPlace(c);
  }
  const root = ansOrder(c)[0];
  if (root !== undefined) c.scrollTo(c.X(nd.x[root])); // a tree wider than the page: its root in view
  if (next) { const f = a.inputs.values().next().value; if (f) f.focus({ preventScroll: true }); }
}

function ansToggle(c, ek) {
  const a = c.ans;
  if (a.cuts.has(ek)) a.cuts.delete(ek);
  else a.cuts.add(ek);
  delete a.marks.cut[ek];
  ansPaint(c);
  ansKeep(c);
}

function ansSend(c) {
  const a = c.ans;
  if (!a) return;
  if (!a.edges) {
    const first = a.inputs.values().next().value;
    c.send(a.event, first ? first.value : "");
    return;
  }
  const v = {};
  for (const [id, inp] of a.inputs) if (inp.value.trim()) v[String(id)] = inp.value.trim();
  const cut = [...a.cuts].map((s) => s.split(",").map(Number));
  c.send(a.event, { v, cut });
}

function ansPlace(c) {
  // Fields and edge buttons at their nodes; the edges' hit lines and marks in the figure.
  const a = c.ans;
  if (!a) return;
  const p = c.payload, g = p.geo, nd = p.nodes, z = c.z;
  const width = Number(c.part("svg").getAttribute("width"));
  a.layer.style.width = width + "px";
  a.layer.style.height = c.part("svg").getAttribute("height") + "px";
  // Each field beside its node (where its α/β box would go), or on the other side, or either
  // of those raised, else under the node: never over another field or a node, never out of
  // the figure; of those, the one that hides the fewest edges of the tree (lib/geometry.js;
  // a phone's narrow figure has shallow edges), the first on a tie.
  const rows = new Map(); // depth -> [[left, right] taken]
  const taken = (d) => rows.get(d) || rows.set(d, []).get(d);
  const r = (g.tri_r + 3) * z;
  const edges = []; // the tree's edges in figure px, [x1, y1, x2, y2]
  const held = []; // the nodes' and the placed fields' boxes, [left, top, right, bottom]
  for (let j = 0; j < c.payload.nodes.id.length; j++) {
    const x = c.X(nd.x[j]) * z, y = c.Y(nd.d[j]) * z;
    taken(nd.d[j]).push([x - r, x + r]);
    held.push([x - r, y - r, x + r, y + r]);
    if (nd.p[j] >= 0) edges.push([c.X(nd.x[nd.p[j]]) * z, c.Y(nd.d[nd.p[j]]) * z, x, y]);
  }
  const clear = ([L, T, R, B]) => held.every(([l, t, rr, b]) => R + 3 <= l || rr + 3 <= L || B + 3 <= t || b + 3 <= T);
  const byX = [...a.inputs].map(([id, inp]) => [c.index(id), inp]).filter(([i]) => i >= 0);
  byX.sort((u, v) => nd.x[u[0]] - nd.x[v[0]]);
  for (const [id, inp] of a.inputs) if (c.index(id) < 0) inp.parentElement.style.display = "none";
  for (const [i, inp] of byX) {
    const box = inp.parentElement;
    box.style.display = "";
    const x = c.X(nd.x[i]) * z, y = c.Y(nd.d[i]) * z;
    const w = box.offsetWidth || 64, h = box.offsetHeight || 34;
    const under = [Math.max(2, Math.min(x - w / 2, width - w - 2)), y + g.ring_r * z + 6];
    let at = under;
    if (a.where !== "below") {
      const off = (g.ring_out + g.gap) * z, side = nd.side[i] || 1;
      const row = taken(nd.d[i]);
      const inside = (L) => L >= 2 && L + w <= width - 2;
      const free = (L) => inside(L) && row.every(([u, v]) => L + w + 3 <= u || v + 3 <= L);
      const sides = [side > 0 ? x + off : x - off - w, side > 0 ? x - off - w : x + off].filter(inside);
      // on its row (the row's own check), then raised by half its height and by all of it
      // (no higher than the figure's top): clear of every box drawn
      const raised = [h / 2, h + 4].map((up) => Math.max(2, y - h / 2 - up));
      const tries = [
        ...sides.filter(free).map((L) => [L, y - h / 2, true]),
        ...sides.flatMap((L) => raised.map((T) => [L, T, false])),
      ].filter(([L, T]) => T >= 2 && clear([L, T, L + w, T + h]));
      let best = null;
      for (const [L, T, onRow] of tries) {
        const hidden = crossings(edges, [L, T, L + w, T + h]);
        if (!best || hidden < best.hidden) best = { at: [L, T], hidden, onRow };
        if (!hidden) break;
      }
      const below = crossings(edges, [under[0], under[1], under[0] + w, under[1] + h]);
      if (best && best.hidden <= below) {
        at = best.at;
        if (best.onRow) row.push([at[0], at[0] + w]);
      }
    }
    box.style.left = `${at[0]}px`;
    box.style.top = `${Math.max(2, at[1])}px`;
    held.push([at[0], Math.max(2, at[1]), at[0] + w, Math.max(2, at[1]) + h]);
  }
  if (a.edges) ansEdgesPlace(c, ansEdgeSpots(c, byX.map(([, inp]) => inp.parentElement)));
  ansPaint(c);
}

function ansEdgesPlace(c, spots) {
  // The edges' hit lines and marks (one g.ae per edge, made once per drawn figure and then
  // moved): placing the fields again (a field that grew) must not swap the element a click
  // or a tap is on for a new one.
  const a = c.ans, nd = c.payload.nodes, svg = c.part("svg");
  if (!a.eg || a.eg.ownerSVGElement !== svg) {
    for (const old of svg.querySelectorAll("g.ans-edges")) old.remove();
    a.eg = document.createElementNS(SVGNS, "g");
    a.eg.setAttribute("class", "ans-edges");
    const parts = [];
    for (let i = 0; i < nd.id.length; i++) {
      if (nd.p[i] < 0) continue;
      parts.push(`<g class="ae" data-e="${ansEdgeKey(c, i)}" data-i="${i}"><line class="mk"/><path class="sc"/>` +
        `<text class="why">${esc(word(c.payload, "a_searched"))}</text><line class="hit"/></g>`);
    }
    a.eg.innerHTML = parts.join("");
    svg.insertBefore(a.eg, svg.querySelector("g.nodes"));
  }
  const set = (el, at) => { for (const k in at) el.setAttribute(k, at[k]); };
  for (const g of a.eg.children) {
    const i = Number(g.dataset.i), pi = nd.p[i];
    const x1 = c.X(nd.x[pi]), y1 = c.Y(nd.d[pi]), x2 = c.X(nd.x[i]), y2 = c.Y(nd.d[i]);
    const t = spots.get(g.dataset.e);
    const mx = x1 + t * (x2 - x1), my = y1 + t * (y2 - y1);
    // A slash across the edge where its button is: the scissors' cut.
    const dx = x2 - x1, dy = y2 - y1, len = Math.hypot(dx, dy) || 1;
    const ux = (-dy / len) * 9, uy = (dx / len) * 9, vx = (dx / len) * 4, vy = (dy / len) * 4;
    // "searched" (marked pruned, but searched) off the line, on its upper side (to the right of an upright edge).
    const up = uy > 0 || (uy === 0 && ux < 0) ? -1 : 1;
    const qx = up * ux * 1.6 + (Math.abs(dy) > Math.abs(dx) * 3 ? 30 : 0), qy = up * uy * 1.6 - 4;
    const [mk, sc, why, hit] = g.children;
    set(mk, { x1, y1, x2, y2 });
    set(hit, { x1, y1, x2, y2 });
    set(sc, { d: `M${mx - ux - vx},${my - uy - vy} L${mx + ux - vx},${my + uy - vy} M${mx - ux + vx},${my - uy + vy} L${mx + ux + vx},${my + uy + vy}` });
    set(why, { x: mx + qx, y: my + qy });
  }
}

// ---- touch targets (issue 21): each edge's button where no field and no other button is ----
// A button is 28 px square (44 on a touch screen, WCAG 2.5.5: answer.css), on its edge at a
// part of the way from the parent where its square meets no answer field and no other edge's
// button: an edge gives way to a field. The parts are tried in a few orders (the middle
// first; then low down, where a parent's edges are farthest apart), the first order that
// places every button clear wins, else the one with the fewest overlaps.
const EDGE_ORDERS = [
  [0.5, 0.62, 0.38, 0.74, 0.26, 0.84, 0.16],
  [0.8, 0.66, 0.5, 0.36, 0.22, 0.88],
  [0.36, 0.8, 0.5, 0.66, 0.22, 0.88],
];

function ansEdgeSpots(c, fields) {
  const a = c.ans, nd = c.payload.nodes, z = c.z;
  const held = fields.filter((f) => f.style.display !== "none")
    .map((f) => [f.offsetLeft - 2, f.offsetTop - 2, f.offsetLeft + f.offsetWidth + 2, f.offsetTop + f.offsetHeight + 2]);
  const meets = (u, v) => u[0] < v[2] - 0.5 && v[0] < u[2] - 0.5 && u[1] < v[3] - 0.5 && v[1] < u[3] - 0.5;
  const edges = [];
  for (let i = 0; i < nd.id.length; i++) {
    const pi = nd.p[i];
    if (pi < 0) continue;
    const ek = ansEdgeKey(c, i), b = a.ebtn.get(ek), half = ((b && b.offsetWidth) || 28) / 2;
    const x1 = c.X(nd.x[pi]) * z, y1 = c.Y(nd.d[pi]) * z, x2 = c.X(nd.x[i]) * z, y2 = c.Y(nd.d[i]) * z;
    edges.push([ek, b, (t) => { const x = x1 + t * (x2 - x1), y = y1 + t * (y2 - y1); return [x - half, y - half, x + half, y + half]; }]);
  }
  let best = null;
  for (const order of EDGE_ORDERS) {
    const boxes = held.slice(), spots = new Map();
    let clashes = 0;
    for (const [ek, , square] of edges) {
      let t = order.find((u) => !boxes.some((v) => meets(square(u), v)));
      if (t === undefined) { t = order[0]; clashes++; }
      boxes.push(square(t));
      spots.set(ek, t);
    }
    if (!best || clashes < best.clashes) best = { spots, clashes };
    if (!clashes) break;
  }
  for (const [ek, b, square] of edges) {
    const sq = square(best.spots.get(ek));
    if (b) { b.style.left = `${sq[0]}px`; b.style.top = `${sq[1]}px`; }
  }
  return best.spots;
}
// ---- end of touch targets ----

function ansPaint(c) {
  // Marked edges, and after a check the right and wrong answers (never the right values).
  const a = c.ans;
  if (!a) return;
  for (const [id, inp] of a.inputs) {
    const m = a.marks.v[id];
    const box = inp.parentElement;
    box.classList.toggle("ok", m === "right");
    box.classList.toggle("bad", m === "wrong");
    if (m === "wrong") inp.setAttribute("aria-invalid", "true");
    else inp.removeAttribute("aria-invalid");
    inp.title = m === "wrong" ? word(c.payload, "a_wrong") : m === "right" ? word(c.payload, "a_right") : "";
  }
  if (!a.edges || !c.part("svg")) return;
  for (const g of c.part("svg").querySelectorAll("g.ae")) {
    const ek = g.dataset.e, on = a.cuts.has(ek), m = on ? a.marks.cut[ek] : undefined;
    g.setAttribute("class", `ae${on ? " cut" : ""}${m === "right" ? " ok" : ""}${m === "wrong" ? " bad" : ""}`);
    const b = a.ebtn.get(ek);
    if (b) {
      b.setAttribute("aria-pressed", on ? "true" : "false");
      b.classList.toggle("bad", m === "wrong");
      const nd = c.payload.nodes, i = Number(b.dataset.i);
      const what = m === "wrong" ? "a_edge_wrong" : on ? "a_edge_marked" : "a_edge";
      b.setAttribute("aria-label", word(c.payload, what, { parent: nd.nm[nd.p[i]], child: nd.nm[i] }));
    }
  }
}

export default function answer(ctx) {
  // The plugin's own state (c.ans: the sheet, c.asked) on top of the context.
  const c = Object.create(ctx);
  c.ans = null;
  c.asked = false;
  return {
  update(data) {
    const x = data.x && data.x.answer;
    if (!x || !c.payload) { ansTeardown(c); return; }
    if (!c.ans || c.ans.key !== x.key) ansSetup(c, x);
    const a = c.ans;
    const said = a.bar.querySelector(".ans-hint");
    said.textContent = x.said || pointerWords(x.hint) || "";
    said.className = `ans-hint${x.said ? (x.ok ? " said ok" : " said") : ""}`;
    a.event = x.event || a.event;
    if (x.tries !== a.tries) {
      a.tries = x.tries;
      const m = x.marks || {};
      a.marks = { v: { ...(m.v || {}) }, cut: {} };
      for (const [p, ch, s] of m.cut || []) a.marks.cut[`${p},${ch}`] = s;
      ansPaint(c);
    }
  },
  drawn() {
    if (c.ans && c.ans.layer.isConnected) ansPlace(c);
  },
  click(e) {
    const a = c.ans;
    if (!a) return false;
    const hit = a.edges && e.target.closest("g.ae");
    if (hit) { ansToggle(c, hit.dataset.e); return true; }
    const node = e.target.closest("g.n");
    const inp = node && a.inputs.get(Number(node.dataset.id));
    if (inp) { inp.focus(); return true; }
    return false;
  },
  destroy() {
    ansTeardown(c);
  },
};
}
