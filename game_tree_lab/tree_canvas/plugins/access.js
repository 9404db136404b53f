// Accessibility of the tree canvas (a plugin, core.js's interface): the tree a screen reader
// can walk, each step's sentence announced, and the keys written on the page.
//
// The tree view: an ARIA `tree` of nested `treeitem`s (<ul role="tree"> / <li role="treeitem">
// / <ul role="group">), the pattern of the WAI-ARIA Authoring Practices' tree view. Nested
// DOM, not a flat list with aria-level, because NVDA, JAWS and VoiceOver then work out each
// item's level, position and set size themselves ("level 2, 1 of 3"). The items are the
// drawn nodes in search order (preorder); each is named from the payload's words (p.acc,
// teach/access_words.py, Python's) and the node's state at the step shown: its name, kind
// (MAX / MIN / leaf / chance), status (not reached, on the current path, done, pruned), the
// current node, and α, β and value. The figure itself is aria-hidden (core.js): the tree
// view is its text. The view is visually hidden; the item in focus is ringed on the figure
// and its words are shown under it, so a sighted keyboard user sees where they are.
//
// Focus: one item is in the Tab order (roving tabindex): the current node. Stepping while
// the focus is in the tree moves the focus to the new current node.
//
// Keys (written on the page, p.acc.keys): outside the tree the core's Left / Right / Home /
// End step the search. Inside it the tree's keys: Up / Down the previous / next node in search
// order, Left the parent, Right the first child, Home / End the first / last node; Page Down
// / Page Up step the search; Enter goes to the step that enters the node (or opens a "+N
// nodes" marker). A key the tree takes never reaches the core (stopPropagation), so the two
// never fight.
//
// Colour is never the only signal: a done node gets a tick (drawn here, shown by access.css).
// Motion: a link's autoplay does not start under prefers-reduced-motion.
//
// Announcements: a polite live region gets "Step k of n. <sentence>" once per step shown (a
// redraw at the same step says nothing). During autoplay at most one a second (a reader
// cannot keep up with 4 steps a second: the queue would lag minutes behind), and the step
// autoplay stops at is always said.

import { SVGNS } from "../lib/util.js";

const PLAY_GAP_MS = 1000; // at most one announcement per this while autoplay runs

function fill(t, vals) {
  return String(t).replace(/\{(\w+)\}/g, (m, k) => (k in vals ? String(vals[k]) : m));
}

export default function access(ctx) {
  const w = {
    p: null, items: [], words: [], order: [], kids: [], sums: [], tab: -1, lastK: -1,
    said: 0, due: null, ring: null,
  };
  const el = ctx.el;
  // The keys, one line folded ("Keys"), and the tree view's description.
  const help = document.createElement("details");
  help.className = "acc-keys";
  help.innerHTML = "<summary></summary><p></p>";
  const helpText = help.querySelector("p");
  helpText.id = `acc-keys-${Math.random().toString(36).slice(2)}`;
  const focusLine = document.createElement("div");
  focusLine.className = "acc-focus";
  focusLine.setAttribute("aria-hidden", "true"); // a sighted keyboard user's copy of the item
  const live = document.createElement("div");
  live.className = "acc-live acc-sr";
  live.setAttribute("role", "status");
  live.setAttribute("aria-live", "polite");
  const tree = document.createElement("ul");
  tree.className = "acc-tree acc-sr";
  tree.setAttribute("role", "tree");
  tree.setAttribute("aria-describedby", helpText.id);
  ctx.part("scroll").before(tree);
  ctx.part("scroll").after(focusLine);
  el.appendChild(help);
  el.appendChild(live);

  const inTree = () => tree.contains(tree.getRootNode().activeElement);

  function label(i) {
    const p = w.p, A = p.acc, nd = p.nodes, vals = p.vals;
    const k = nd.k[i], [st, a, b, v] = ctx.state(i);
    const kind = A.kinds[A.ki ? A.ki[i] : k];
    const parts = [fill(A.item, { name: nd.nm[i], kind, status: A.status[st] })];
    if (p.cur[ctx.step] === i) parts.push(A.current);
    // a leaf's value; with leaves revealed as evaluated (nd.lk) from the step that evaluates it
    const hid = nd.lk && nd.lk.length && !(nd.lk[i] >= 0 && ctx.step >= nd.lk[i]);
    if (k === 2 && hid) parts.push(fill(A.leaf, { value: A.unknown }));
    else if (k === 2 && nd.lv[i] >= 0) parts.push(fill(A.leaf, { value: vals[nd.lv[i]] }));
    else if (a >= 0 && (st === 1 || st === 2)) {
      parts.push(fill(A.window, { alpha: vals[a], beta: vals[b], value: v >= 0 ? vals[v] : A.unknown }));
    }
    // a pruned node: the sentence of the cut-off that pruned it (plugins/cuts.js's note)
    const pc = p.pc && p.pc.length ? p.pc[i] : -1;
    if (st === 3 && pc >= 0 && A.cut) parts.push(fill(A.cut, { text: p.cuts[pc].text }));
    return parts.join(A.sep);
  }

  function build(p) {
    w.p = p;
    const nd = p.nodes, m = nd.id.length;
    w.words = new Array(m).fill(null);
    w.lastK = -1;
    tree.setAttribute("aria-label", p.acc.tree);
    help.querySelector("summary").textContent = p.acc.keys_title;
    helpText.textContent = p.still ? p.acc.still : p.acc.keys;
    w.kids = Array.from({ length: m }, () => []);
    let root = -1;
    for (let i = 0; i < m; i++) { if (nd.p[i] < 0) root = i; else w.kids[nd.p[i]].push(i); }
    w.sums = Array.from({ length: m }, () => []);
    p.sum.forEach((sm, j) => w.sums[sm.p].push(j));
    w.items = new Array(m);
    w.order = [];
    tree.replaceChildren();
    const make = (i, into) => {
      const li = document.createElement("li");
      li.setAttribute("role", "treeitem");
      li.tabIndex = -1;
      li.dataset.i = String(i);
      li.dataset.id = String(nd.id[i]);
      into.appendChild(li);
      w.items[i] = li;
      w.order.push(li);
      if (!w.kids[i].length && !w.sums[i].length) return;
      const g = document.createElement("ul");
      g.setAttribute("role", "group");
      li.appendChild(g);
      for (const c of w.kids[i]) make(c, g);
      for (const j of w.sums[i]) {
        const sl = document.createElement("li");
        sl.setAttribute("role", "treeitem");
        sl.tabIndex = -1;
        sl.dataset.s = String(j);
        sl.setAttribute("aria-label", fill(p.acc.sum, { label: p.sum[j].label }));
        g.appendChild(sl);
        w.order.push(sl);
      }
    };
    if (root >= 0) make(root, tree);
    w.tab = -1;
  }

  function setTab(li) {
    // The one item in the Tab order.
    const old = w.tab >= 0 ? w.order[w.tab] : null;
    if (old === li) return;
    if (old) old.tabIndex = -1;
    li.tabIndex = 0;
    w.tab = w.order.indexOf(li);
  }

  function show(li) {
    // The item in focus: its ring on the figure and its words under it.
    focusLine.textContent = li ? li.getAttribute("aria-label") : "";
    focusLine.style.display = li ? "block" : "none";
    if (!w.ring) return;
    const i = li && li.dataset.i !== undefined ? Number(li.dataset.i) : -1;
    const sm = li && li.dataset.s !== undefined ? w.p.sum[Number(li.dataset.s)] : null;
    const nd = w.p.nodes;
    const at = i >= 0 ? [ctx.X(nd.x[i]), ctx.Y(nd.d[i])] : sm ? [ctx.X(sm.x), ctx.Y(sm.d)] : null;
    w.ring.setAttribute("transform", at ? `translate(${at[0]},${at[1]})` : "translate(-999,-999)");
    if (at) ctx.scrollTo(at[0]);
  }

  function focusItem(li) {
    if (!li) return;
    setTab(li);
    li.focus();
    show(li);
  }

  function announce(now) {
    const p = w.p, k = ctx.step;
    if (k === w.lastK) return;
    const playing = el.classList.contains("playing");
    const t = performance.now();
    clearTimeout(w.due);
    w.due = null;
    if (!now && playing && t - w.said < PLAY_GAP_MS) {
      w.due = setTimeout(() => announce(true), PLAY_GAP_MS - (t - w.said));
      return;
    }
    w.lastK = k;
    w.said = t;
    live.textContent = fill(p.acc.step, { k, n: p.total ?? p.n, text: p.texts[p.ti[k]] });
  }

  function rendered() {
    const p = w.p;
    if (!p || !p.acc) return;
    // Every item's words at this step (a few thousand strings at most: well under a ms);
    // only those that changed are written.
    const c = p.cur[ctx.step];
    for (let i = 0; i < w.items.length; i++) {
      if (!w.items[i]) continue;
      const t = label(i);
      if (t !== w.words[i]) { w.words[i] = t; w.items[i].setAttribute("aria-label", t); }
    }
    const sm = c < 0 && -c - 1 < p.sum.length ? tree.querySelector(`li[data-s="${-c - 1}"]`) : null;
    const target = c >= 0 ? w.items[c] : sm || w.order[0];
    const had = inTree();
    if (target) {
      if (had) focusItem(target);
      else setTab(target);
    }
    if (!p.still) {
      if (w.lastK < 0) { w.lastK = ctx.step; live.textContent = ""; } // nothing said on arrival
      else announce(false);
    }
    if (had) show(tree.getRootNode().activeElement);
  }

  tree.addEventListener("keydown", (e) => {
    if (e.ctrlKey || e.metaKey || e.altKey || !w.p) return;
    const li = e.target.closest('[role="treeitem"]');
    if (!li) return;
    const at = w.order.indexOf(li);
    const i = li.dataset.i !== undefined ? Number(li.dataset.i) : -1;
    const nd = w.p.nodes;
    let to = null;
    if (e.key === "ArrowDown") to = w.order[Math.min(at + 1, w.order.length - 1)];
    else if (e.key === "ArrowUp") to = w.order[Math.max(at - 1, 0)];
    else if (e.key === "Home") to = w.order[0];
    else if (e.key === "End") to = w.order[w.order.length - 1];
    else if (e.key === "ArrowLeft") {
      const up = li.parentElement.closest('[role="treeitem"]');
      to = up || li;
    } else if (e.key === "ArrowRight") {
      to = li.querySelector('[role="treeitem"]') || li;
    } else if ((e.key === "PageDown" || e.key === "PageUp") && !w.p.still) {
      e.preventDefault();
      e.stopPropagation();
      ctx.go(ctx.step + (e.key === "PageDown" ? 1 : -1)); // rendered() moves the focus
      return;
    } else if ((e.key === "Enter" || e.key === " ") && !w.p.still) {
      e.preventDefault();
      e.stopPropagation();
      if (li.dataset.s !== undefined) ctx.send("drill", Number(w.p.sum[Number(li.dataset.s)].open));
      else if (i >= 0 && nd.en[i] >= 0) ctx.go(nd.en[i]);
      return;
    }
    if (!to) return;
    e.preventDefault();
    e.stopPropagation(); // the core's arrow keys step the search: not while walking the tree
    focusItem(to);
  });
  tree.addEventListener("focusin", (e) => show(e.target.closest('[role="treeitem"]')));
  tree.addEventListener("focusout", () => setTimeout(() => { if (!inTree()) show(null); }, 0));

  function addRing() {
    // The focus ring goes in the figure after each draw (the core redraws its content).
    const p = ctx.payload;
    if (!p || p !== w.p) return; // a new payload: built() comes next and adds it
    w.ring = document.createElementNS(SVGNS, "circle");
    w.ring.setAttribute("class", "acc-ring");
    w.ring.setAttribute("r", String(p.geo.ring_r + 5));
    w.ring.setAttribute("transform", "translate(-999,-999)");
    ctx.part("svg").appendChild(w.ring);
    // A tick on every node, shown once it is done (access.css): done is not told by its
    // colour alone.
    const g = p.geo, nd = p.nodes;
    for (let i = 0; i < nd.id.length; i++) {
      const n = ctx.nodeEl(i);
      if (!n || nd.k[i] === 3) continue;
      const r = nd.k[i] === 2 ? g.leaf_r * 0.75 : g.tri_r * 0.75;
      const t = document.createElementNS(SVGNS, "g");
      t.setAttribute("class", "acc-done");
      t.setAttribute("transform", `translate(${r + 2},${-r - 2})`);
      t.innerHTML = '<circle r="6"/><path d="M-3,0 L-1,2.5 L3,-2.5"/>';
      n.appendChild(t);
    }
    if (inTree()) show(tree.getRootNode().activeElement);
  }

  return {
    update(data) {
      // A link's autoplay (?play=) does not start by itself for a person who asked for less
      // motion (prefers-reduced-motion): the play button still plays.
      if (data.play && window.matchMedia("(prefers-reduced-motion: reduce)").matches) ctx.pause();
    },
    built() {
      if (ctx.payload && ctx.payload.acc) { build(ctx.payload); addRing(); }
    },
    drawn: addRing,
    rendered,
    destroy() {
      clearTimeout(w.due);
      tree.remove(); live.remove(); help.remove(); focusLine.remove();
    },
  };
}
