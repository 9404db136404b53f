// The follow view (a tree canvas plugin): a search too big to read whole, followed step by
// step. data.x.follow is viz/follow.py's payload; data.x.mode ("follow" or "tree") the view
// to open a new run in. At step k it shows the path from the root to the current node, one
// row per ply: the node's α, β and value, and its siblings (searched, on the path, pruned,
// still to come) with the nodes searched under each and how deep; a per-ply chart of the
// nodes, leaves and cut-offs so far; and two jumps beside next: the next cut-off (key C) and
// the end of this subtree (key U). tests/viz/follow_state.py's state_at states every number shown; this
// file only indexes the payload once and looks things up per step (a few ms a key press).
// A switch goes between this view and the whole tree (the core's drawing); a click on it is
// kept in the link as ?fv=follow or ?fv=tree, and a copied link opens in that view.

import { esc, plural, SVGNS, word } from "../lib/util.js";

const MIN_PATH = 70; // px of the path's box on the projector at least (a row and a half)
const F_PARAM = "fv", F_VIEWS = ["follow", "tree"]; // the view in the link: ?fv=follow|tree
const F_STATUS = { s: "searched", p: "on the path", x: "pruned", t: "still to come" }; // data-status (tests')
const F_CLASS = { s: "searched", p: "path", x: "pruned", t: "come" };

function fmtInt(n) {
  return Number(n).toLocaleString("en-US");
}


function patch(parent, htmls, svg) {
  // Make parent's children the elements of htmls, replacing only those whose html changed
  // (a step changes a few chips and one ply's bars: the rest is not rebuilt or restyled).
  const kids = parent.children;
  for (let i = 0; i < htmls.length; i++) {
    if (kids[i] && kids[i].__html === htmls[i]) continue;
    const tmp = svg ? document.createElementNS(SVGNS, "svg") : document.createElement("div");
    tmp.innerHTML = htmls[i];
    const el = tmp.firstElementChild;
    el.__html = htmls[i];
    if (kids[i]) parent.replaceChild(el, kids[i]); else parent.appendChild(el);
  }
  while (parent.children.length > htmls.length) parent.lastElementChild.remove();
}

class FollowIndex {
  // Lookups over one follow payload: children, depths, each node's events, counts so far.
  constructor(f) {
    this.f = f;
    const N = f.par.length, E = f.n, par = f.par, ev = f.ev, ek = f.ek;
    this.N = N; this.E = E;
    const depth = new Int16Array(N).fill(-1);
    for (let v = 0; v < N; v++) {
      const chain = [];
      let x = v;
      while (x >= 0 && depth[x] < 0) { chain.push(x); x = par[x]; }
      let d = x < 0 ? -1 : depth[x];
      for (let i = chain.length - 1; i >= 0; i--) depth[chain[i]] = ++d;
    }
    this.depth = depth;
    let top = 0;
    for (let v = 0; v < N; v++) if (depth[v] > top) top = depth[v];
    this.plies = top + 1;
    // children, in id order (the move order)
    const kc = new Int32Array(N + 1);
    for (let v = 0; v < N; v++) if (par[v] >= 0) kc[par[v] + 1]++;
    for (let v = 0; v < N; v++) kc[v + 1] += kc[v];
    const kl = new Int32Array(Math.max(1, kc[N])), kp = kc.slice();
    for (let v = 0; v < N; v++) if (par[v] >= 0) kl[kp[par[v]]++] = v;
    this.kc = kc; this.kl = kl;
    // each node's events (indices j: event j is step j + 1), in order
    const ec = new Int32Array(N + 1);
    for (let j = 0; j < E; j++) ec[ev[j] + 1]++;
    for (let v = 0; v < N; v++) ec[v + 1] += ec[v];
    const el = new Int32Array(Math.max(1, E)), ep = ec.slice();
    for (let j = 0; j < E; j++) el[ep[ev[j]]++] = j;
    this.ec = ec; this.el = el;
    // enters so far (V[t]: among events 0..t-1), the cut-offs, the depth of every event
    const V = new Int32Array(E + 1), cuts = [], ed = new Int16Array(Math.max(1, E));
    for (let j = 0; j < E; j++) {
      V[j + 1] = V[j] + (ek[j] === "e" ? 1 : 0);
      if (ek[j] === "c") cuts.push(j);
      ed[j] = depth[ev[j]];
    }
    this.V = V; this.cuts = Int32Array.from(cuts);
    // range maximum of the event depths (a sparse table): the deepest under a sibling
    this.rmq = [ed];
    for (let w = 1; 2 * w <= E; w *= 2) {
      const prev = this.rmq[this.rmq.length - 1], cur = new Int16Array(E - 2 * w + 1);
      for (let j = 0; j + 2 * w <= E; j++) cur[j] = Math.max(prev[j], prev[j + w]);
      this.rmq.push(cur);
    }
    // per-ply counts, kept at step this.at and moved event by event
    this.nodes = new Int32Array(this.plies);
    this.leaves = new Int32Array(this.plies);
    this.cutc = new Int32Array(this.plies);
    this.at = 0;
    this.final = { nodes: new Int32Array(this.plies), leaves: new Int32Array(this.plies), cuts: new Int32Array(this.plies) };
    for (let j = 0; j < E; j++) this.tally(j, 1, this.final.nodes, this.final.leaves, this.final.cuts);
    // the best line: pvAt[child] = the step the edge into it is established
    this.pvAt = new Map();
    for (let i = 0; i + 1 < f.pv.length; i++) this.pvAt.set(f.pv[i + 1][0], f.pv[i][1]);
  }

  tally(j, d, nodes, leaves, cuts) {
    const k = this.f.ek[j], p = this.depth[this.f.ev[j]];
    if (k === "e") nodes[p] += d;
    else if (k === "l") leaves[p] += d;
    else if (k === "c") cuts[p] += d;
  }

  moveTo(k) {
    while (this.at < k) this.tally(this.at++, 1, this.nodes, this.leaves, this.cutc);
    while (this.at > k) this.tally(--this.at, -1, this.nodes, this.leaves, this.cutc);
  }

  maxDepth(a, b) {
    // the deepest event in j = a..b (inclusive)
    let w = 0;
    while (2 << w <= b - a + 1) w++;
    const t = this.rmq[w];
    return Math.max(t[a], t[b - (1 << w) + 1]);
  }

  last(v, k) {
    // v's last event at or before step k (an index j < k), or -1
    let lo = this.ec[v], hi = this.ec[v + 1];
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.el[mid] < k) lo = mid + 1; else hi = mid;
    }
    return lo > this.ec[v] ? this.el[lo - 1] : -1;
  }

  nextReturn(v, k) {
    // the step of v's first leaf or exit event after step k, or -1
    for (let i = this.ec[v]; i < this.ec[v + 1]; i++) {
      const j = this.el[i], kind = this.f.ek[j];
      if (j >= k && (kind === "l" || kind === "x")) return j + 1;
    }
    return -1;
  }

  status(v, k) {
    const j = this.last(v, k);
    if (j < 0) return this.f.pr[v] > 0 && this.f.pr[v] <= k ? "x" : "t";
    const kind = this.f.ek[j];
    return kind === "l" || kind === "x" ? "s" : "p";
  }

  window(v, k) {
    // [α, β, value] as text (null: none) after v's last event at or before k
    const j = this.last(v, k);
    if (j < 0) return [null, null, null];
    return this.f.win[this.f.ew[j]].map((i) => (i < 0 ? null : this.f.vals[i]));
  }

  under(s, k) {
    // [nodes searched under s so far (itself included), plies below s of the deepest, or -1]
    let count = 0, deep = -1;
    const f = this.f;
    for (let i = this.ec[s]; i < this.ec[s + 1]; i++) {
      const j = this.el[i];
      if (j >= k) break;
      if (f.ek[j] !== "e") continue;
      let hi = k - 1; // the visit from j: to its return, or to step k
      for (let q = i + 1; q < this.ec[s + 1]; q++) {
        const jq = this.el[q], kind = f.ek[jq];
        if (kind === "l" || kind === "x") { hi = Math.min(hi, jq); break; }
      }
      count += this.V[hi + 1] - this.V[j];
      deep = Math.max(deep, this.maxDepth(j, hi) - this.depth[s]);
    }
    return [count, deep];
  }

  nextCut(k) {
    let lo = 0, hi = this.cuts.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.cuts[mid] < k) lo = mid + 1; else hi = mid;
    }
    return lo < this.cuts.length ? this.cuts[lo] + 1 : -1;
  }

  subtreeEnd(k) {
    const f = this.f;
    const cur = k ? f.ev[k - 1] : 0;
    const inner = k && this.status(cur, k) === "p" ? cur : k && f.par[cur] >= 0 ? f.par[cur] : 0;
    return this.nextReturn(inner, k);
  }
}

export default function follow(ctx) {
  // The plugin's own state (c.fw) on top of the context.
  const c = Object.create(ctx);
  const FOLLOW = {
  init() {
    const q = (s) => c.el.querySelector(s);
    const jumps = document.createElement("span");
    jumps.className = "f-jumps";
    jumps.style.display = "none";
    jumps.innerHTML = `
      <button type="button" class="b-cut" data-wt="f_cut_title" data-wa="f_cut_aria"><span class="t"><span data-w="f_cut_more"></span> </span><span data-w="f_cut"></span></button>
      <button type="button" class="b-end" data-wt="f_end_title" data-wa="f_end_aria"><span class="t"><span data-w="f_end_more"></span> </span><span data-w="f_end"></span></button>`;
    c.part("steps").after(jumps); // beside the step buttons' row, or under it on a phone
    const mode = document.createElement("div");
    mode.className = "f-mode";
    mode.style.display = "none";
    mode.setAttribute("role", "group");
    mode.dataset.wa = "f_view_aria";
    mode.innerHTML = `<span class="f-mode-l" data-w="f_view"></span><button type="button" class="m-follow" aria-pressed="true" data-w="f_follow"></button><button type="button" class="m-tree" aria-pressed="false" data-w="f_tree"></button>`;
    q(".bar").before(mode);
    const panel = document.createElement("div");
    panel.className = "follow";
    panel.style.display = "none";
    panel.innerHTML = `
      <div class="f-head" data-w="f_head"></div>
      <div class="f-path"></div>
      <div class="f-legend">
        <span><i class="f-sw searched"></i><span data-w="f_searched"></span></span>
        <span><i class="f-sw path"></i><span data-w="f_onpath"></span></span>
        <span><i class="f-sw path cur"></i><span data-w="f_current"></span></span>
        <span><i class="f-sw pruned"></i><span data-w="f_pruned"></span></span>
        <span><i class="f-sw come"></i><span data-w="f_come"></span></span>
        <span><i class="f-sw best"></i><span data-w="f_best"></span></span>
      </div>
      <div class="f-plies"><div class="f-plies-h"><span data-w="f_per_ply"></span> <span class="f-key"><i class="f-sw k-n"></i><span data-w="f_nodes"></span></span> <span class="f-key"><i class="f-sw k-l"></i><span data-w="f_leaves"></span></span> <span class="f-key"><i class="f-sw k-c"></i><span data-w="f_cutoffs"></span></span></div>
        <svg class="f-chart" xmlns="${SVGNS}" role="img" data-wa="f_chart"></svg>
        <div class="f-ply-now"></div></div>`;
    q(".scroll").before(panel);
    c.fw = { jumps, mode, panel, pathEl: panel.querySelector(".f-path"), chart: panel.querySelector(".f-chart"), now: panel.querySelector(".f-ply-now"), ix: null, id: null, on: false };
    const jump = (to) => { if (to > 0) c.go(to); };
    jumps.querySelector(".b-cut").onclick = () => jump(c.fw.ix.nextCut(c.step));
    jumps.querySelector(".b-end").onclick = () => jump(c.fw.ix.subtreeEnd(c.step));
    mode.querySelector(".m-follow").onclick = () => FOLLOW.choose(true);
    mode.querySelector(".m-tree").onclick = () => FOLLOW.choose(false);
    c.fw.pathEl.addEventListener("click", (e) => {
      const chip = e.target.closest(".f-chip");
      if (chip && c.selectable && c.send) c.send("select", Number(chip.dataset.node));
    });
    c.fw.resize = new ResizeObserver(() => {
      const w = Math.floor(c.fw.chartBox.clientWidth);
      if (c.fw.on && w > 0 && w !== c.fw.chartW) { c.fw.chartW = w; FOLLOW.chart(); }
    });
    c.fw.chartBox = panel.querySelector(".f-plies");
    c.fw.resize.observe(c.fw.chartBox);
  },

  update(data) {
    const fw = c.fw, f = data.x && data.x.follow;
    if (!f) {
      fw.jumps.style.display = fw.mode.style.display = "none";
      if (fw.on) FOLLOW.show(false);
      fw.ix = null; fw.id = null;
      return;
    }
    fw.jumps.style.display = fw.mode.style.display = "";
    if (f.id !== fw.id) { // a new run (a drill-down keeps the run: the same follow data)
      const first = fw.id === null && !fw.ran;
      fw.ix = new FollowIndex(f);
      fw.id = f.id;
      fw.ran = true;
      // The first run after the page opened takes the link's view (?fv=, written by a
      // click on the switch); a later run (another position) opens in its own default.
      const linked = first ? c.readParam(F_PARAM) : null;
      FOLLOW.show(F_VIEWS.includes(linked) ? linked === "follow" : data.x.mode !== "tree");
      c.setParams({ [F_PARAM]: F_VIEWS.includes(linked) ? linked : null });
    }
  },

  choose(on) {
    // The person's click: the view, and the link says it.
    FOLLOW.show(on);
    c.setParams({ [F_PARAM]: on ? "follow" : "tree" });
  },

  show(on) {
    const fw = c.fw, was = fw.on;
    fw.on = !!on && !!fw.ix;
    c.el.classList.toggle("following", fw.on);
    fw.panel.style.display = fw.on ? "" : "none";
    fw.mode.querySelector(".m-follow").setAttribute("aria-pressed", String(fw.on));
    fw.mode.querySelector(".m-tree").setAttribute("aria-pressed", String(!fw.on));
    if (was && !fw.on && c.payload) c.layout(); // the whole tree, drawn in the width it has again
    if (fw.on) FOLLOW.rendered();
  },

  rendered() {
    const fw = c.fw, ix = fw.ix;
    if (!ix) return;
    const k = Math.min(c.step, ix.E);
    const cut = ix.nextCut(k), end = ix.subtreeEnd(k);
    const bc = fw.jumps.querySelector(".b-cut"), be = fw.jumps.querySelector(".b-end");
    bc.disabled = cut < 0; be.disabled = end < 0;
    bc.dataset.to = String(cut); be.dataset.to = String(end);
    if (!fw.on) return;
    c.el.classList.toggle("follow-select", !!c.selectable);
    ix.moveTo(k);
    FOLLOW.path(k);
    FOLLOW.chart();
    FOLLOW.keepInView();
  },

  keepInView() {
    // On the projector the path is a box as high as the room below the controls (the
    // window's height below the header), scrolled to keep the current node's row in view:
    // the bar, the sentence and the current node share one screen however deep the search.
    const el = c.fw.pathEl, on = c.view === "projector";
    el.classList.toggle("boxed", on);
    el.style.maxHeight = on ? `${Math.max(MIN_PATH, Math.floor(c.room(el)))}px` : "";
    if (!on) return;
    const last = el.lastElementChild, cur = el.querySelector(".f-row.cur") || last;
    if (!last) return;
    // the last row (the current node's children) at the bottom, unless that hides the top
    // of the current node's row
    const bottom = last.offsetTop + last.offsetHeight - el.clientHeight + 4;
    el.scrollTop = Math.max(0, Math.min(bottom, cur.offsetTop - 4));
  },

  chip(ix, s, k, cur) {
    // One node as a chip: its move, status, value, and the nodes searched under it.
    const f = ix.f, p = f.par[s];
    const ss = ix.status(s, k);
    const [n, deep] = ix.under(s, k);
    const sv = ss === "s" || ss === "p" ? ix.window(s, k)[2] : null;
    const best = ix.pvAt.has(s) && ix.pvAt.get(s) <= k;
    const curC = k && s === cur ? " cur" : "";
    const P = c.payload, nodes = plural(P, "nodes", n);
    const stats = n ? `<span class="f-st">${esc(deep > 0 ? word(P, "f_deep", { nodes, plies: plural(P, "plies", deep) }) : nodes)}</span>` : "";
    const value = sv !== null ? ` <span class="f-v">${esc(word(P, ss === "s" ? "f_is" : "f_so_far", { value: sv }))}</span>` : "";
    const title = word(P, curC ? "f_chip_title_cur" : "f_chip_title", { node: f.labs[f.lab[s]], status: word(P, `f_st_${ss}`) });
    return `<button type="button" class="f-chip ${F_CLASS[ss]}${curC}${best ? " best" : ""}" data-node="${s}" data-status="${F_STATUS[ss]}" data-nodes="${n}" data-depth="${deep}" data-value="${esc(sv ?? "")}"${best ? ' data-best="1"' : ""} title="${esc(title)}">` +
      `<span class="f-l1"><span class="f-nm">${best ? "★ " : ""}${esc(p < 0 ? word(P, "f_root") : f.labs[f.lab[s]])}</span>${value}${ss === "x" ? ` <span class="f-v">${esc(word(P, "f_pruned_chip"))}</span>` : ""}</span>${stats}</button>`;
  },

  path(k) {
    const ix = c.fw.ix, f = ix.f;
    const cur = k ? f.ev[k - 1] : 0;
    const path = [];
    for (let v = cur; v >= 0; v = f.par[v]) path.push(v);
    path.reverse();
    const rows = []; // [key, class, head html, chip htmls]
    for (let r = 0; r < path.length; r++) {
      const v = path[r], p = f.par[v];
      const sibs = p < 0 ? [v] : Array.from(ix.kl.subarray(ix.kc[p], ix.kc[p + 1]));
      const [a, b, val] = ix.window(v, k);
      const st = ix.status(v, k);
      const max = ix.depth[v] % 2 === 0;
      const P = c.payload, vword = esc(word(P, st === "s" ? "f_value" : "f_best_so_far"));
      const win = a === null && b === null
        ? `<span class="f-none">${esc(word(P, "f_not_reached"))}</span>`
        : `<span class="f-ab">α <b>${esc(a ?? "")}</b></span><span class="f-ab">β <b>${esc(b ?? "")}</b></span><span class="f-ab">${vword} <b>${esc(val ?? "—")}</b></span>`;
      const head = `<div class="f-ply"><span class="f-d">${esc(word(P, "f_ply", { d: r }))}</span> <span class="f-k ${max ? "max" : "min"}">${max ? "▲" : "▼"} ${esc(word(P, max ? "lg_max" : "lg_min"))}</span></div>` +
        `<div class="f-win" data-a="${esc(a ?? "")}" data-b="${esc(b ?? "")}" data-v="${esc(val ?? "")}">${win}</div>`;
      rows.push([`${v}`, `f-row${k && v === cur ? " cur" : ""}`, head, sibs.map((s) => FOLLOW.chip(ix, s, k, cur))]);
    }
    const below = k ? Array.from(ix.kl.subarray(ix.kc[cur], ix.kc[cur + 1])) : [];
    if (below.length) {
      const P = c.payload;
      const head = `<div class="f-ply"><span class="f-d">${esc(word(P, "f_ply", { d: path.length }))}</span> <span class="f-k">${esc(word(P, "f_below"))}</span></div>`;
      rows.push(["-1", "f-row below", head, below.map((s) => FOLLOW.chip(ix, s, k, cur))]);
    }
    const el = c.fw.pathEl;
    for (let r = 0; r < rows.length; r++) {
      const [key, cls, head, chips] = rows[r];
      let row = el.children[r];
      if (!row || row.dataset.node !== key) {
        const fresh = document.createElement("div");
        fresh.innerHTML = `<div class="f-at"></div><div class="f-sibs"></div>`;
        fresh.dataset.node = key;
        fresh.dataset.ply = String(r);
        if (row) el.replaceChild(fresh, row); else el.appendChild(fresh);
        row = fresh;
      }
      if (row.className !== cls) row.className = cls;
      const at = row.firstElementChild;
      if (at.__html !== head) { at.innerHTML = head; at.__html = head; }
      patch(row.lastElementChild, chips, false);
    }
    while (el.children.length > rows.length) el.lastElementChild.remove();
  },

  chart() {
    const fw = c.fw, ix = fw.ix, svg = fw.chart;
    const W = Math.max(240, Math.min(760, fw.chartW || 600)); // measured by the resize observer only

    const P = ix.plies, H = 150, top = 8, bottom = 22, left = 8;
    const fin = ix.final;
    let most = 1;
    for (let d = 0; d < P; d++) most = Math.max(most, fin.nodes[d]);
    const gw = (W - left - 4) / P, bw = Math.max(2, Math.min(14, (gw - 4) / 3));
    const y = (n) => top + (H - top - bottom) * (1 - n / most);
    const k = Math.min(c.step, ix.E), cur = k ? ix.depth[ix.f.ev[k - 1]] : 0;
    const parts = [];
    const every = gw < 16 ? 2 : 1; // ply labels: every second one when they would touch
    for (let d = 0; d < P; d++) {
      const x0 = left + d * gw + (gw - 3 * bw) / 2;
      const bars = [[ix.nodes[d], "k-n"], [ix.leaves[d], "k-l"], [ix.cutc[d], "k-c"]];
      const g = [`<g><title>${esc(word(c.payload, "f_bar_title", { d, nodes: fmtInt(ix.nodes[d]), leaves: fmtInt(ix.leaves[d]), cuts: fmtInt(ix.cutc[d]) }))}</title>`];
      if (d === cur) g.push(`<rect class="f-now" x="${left + d * gw + 1}" y="${top - 4}" width="${gw - 2}" height="${H - top - bottom + 4}" rx="3"/>`);
      g.push(`<rect class="f-ghost" x="${x0}" y="${y(fin.nodes[d])}" width="${3 * bw}" height="${H - bottom - y(fin.nodes[d])}"/>`);
      bars.forEach(([n, cls], i) => {
        const yy = y(n);
        g.push(`<rect class="${cls}" data-ply="${d}" data-n="${n}" x="${x0 + i * bw}" y="${yy}" width="${bw - 0.5}" height="${Math.max(0, H - bottom - yy)}"/>`);
      });
      if (d % every === 0 || d === cur) g.push(`<text class="f-tick${d === cur ? " now" : ""}" x="${left + d * gw + gw / 2}" y="${H - 6}">${d}</text>`);
      g.push("</g>");
      parts.push(g.join(""));
    }
    parts.push(`<line class="f-axis" x1="${left}" x2="${W - 4}" y1="${H - bottom}" y2="${H - bottom}"/>`);
    if (svg.__w !== W) {
      svg.setAttribute("width", String(W));
      svg.setAttribute("height", String(H));
      svg.setAttribute("viewBox", `0 0 ${W} ${H}`);
      svg.__w = W;
    }
    patch(svg, parts, true);
    let tn = 0, tl = 0, tc = 0;
    for (let d = 0; d < P; d++) { tn += ix.nodes[d]; tl += ix.leaves[d]; tc += ix.cutc[d]; }
    // "So far at step k" here, drawn with the step (the server's side panel hears the step
    // only after the debounce and a rerun: it said "step 0" while the bar said 45).
    const pl = c.payload; // the payload's sentence holds <b> marks; what fills it is numbers
    const now = word(pl, "f_now", {
      k: fmtInt(k), d: cur,
      nodes: plural(pl, "nodes", ix.nodes[cur]), leaves: plural(pl, "leaves", ix.leaves[cur]), cuts: plural(pl, "cuts", ix.cutc[cur]),
      all_nodes: plural(pl, "nodes", tn), all_leaves: plural(pl, "leaves", tl), all_cuts: plural(pl, "cuts", tc),
    });
    if (fw.now.__html !== now) { fw.now.innerHTML = now; fw.now.__html = now; }
    fw.now.dataset.nodes = String(tn);
  },

  key(e) {
    const fw = c.fw;
    if (!fw.ix || e.shiftKey) return false;
    const to = e.key === "c" || e.key === "C" ? fw.ix.nextCut(c.step) : e.key === "u" || e.key === "U" ? fw.ix.subtreeEnd(c.step) : null;
    if (to === null) return false;
    e.preventDefault();
    if (to > 0) c.go(to);
    return true;
  },

  destroy() {
    if (c.fw && c.fw.resize) c.fw.resize.disconnect();
  },
};
  FOLLOW.init();
  return { update: FOLLOW.update, rendered: FOLLOW.rendered, key: FOLLOW.key, destroy: FOLLOW.destroy };
}
