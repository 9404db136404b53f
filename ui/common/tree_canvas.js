// The tree canvas: draws viz/tree_payload.py's payload as SVG and steps it in the browser.
//
// Python sends the payload once (layout, the changes of every step, every sentence); this
// module draws it and handles first/back/next/last, Home/Left/Right/End, the slider and
// autoplay with no script rerun. The counter, the sentence, the figure and the link's ?k=
// are updated together on every step. The server hears only when Python must act:
//   setTriggerValue("drill", node)   a click on a "+N nodes" marker (open that subtree)
//   setTriggerValue("select", node)  a click on a node, when data.select is true
//   setStateValue("step", k)         the step, debounced (one rerun after a burst)
//
// data = {p: payload, step: int, seq: int, select: bool, param: "k" | null, sel: node | null,
// ask: node | null, fit: bool, play: speed | null, view: "projector" | null}. data.play (a
// link's ?play=, sent once) starts autoplay at that speed; while autoplay runs the link carries ?play=SPEED next to ?k=.
// data.step is applied when the payload changes or data.seq changes (the
// server moved the step itself); otherwise a rerun leaves the browser's step alone. sel gets
// a blue ring (the node selected), ask a red ring (the node a question is about).
//
// A still (p.still: a practice question's step) has no controls. Keys: with several canvases
// on a page, Home/Left/Right/End go to the one last clicked or focused, else the first on the
// page; a still never takes them.
//
// Plugins (ui/common/tree_canvas_*.js, joined after this file by ui/common/canvas.py) extend
// the canvas without editing it: each pushes an object onto PLUGINS with any of
//   init(c)            once, after the canvas's elements exist (add controls to c.el)
//   update(c, data)    every time the server sends data (data.x: the plugin data of canvas.py)
//   built(c, p)        after a new payload is drawn (c.draw() ran; nodes are in c.nodeEl)
//   drawn(c)           after every draw (a new width or payload: positions changed)
//   rendered(c)        after every step is shown (c.k is the step)
//   sizing(c)          before the layout is computed: may set c.scale (the drawing's size,
//                      1 = the payload's px; the layout gets the width / scale) and c.levelH
//                      (px between levels instead of geo.level_h); c.view is data.view
//   key(c, e)          a key press for this canvas; return true when handled
//   click(c, e)        a click on the figure; return true when handled
//   destroy(c)         the canvas goes away
// A plugin talks to the server with c.setTriggerValue(name, value) or
// c.setStateValue(name, value); canvas.py's ``events`` names the callbacks.

const SVGNS = "http://www.w3.org/2000/svg";
const PLUGINS = [];
function hook(name, c, ...args) {
  // Call every plugin's `name`; true when one of them returns true (it handled the event).
  let done = false;
  for (const pl of PLUGINS) if (pl[name] && pl[name](c, ...args) === true) done = true;
  return done;
}
const STATUS = ["unseen", "active", "done", "pruned"];
const KIND = ["max", "min", "leaf", "stub"];
const SPEEDS = [1, 2, 4, 8, 15, 30];
const DEFAULT_SPEED = 4;
const REPORT_MS = 400; // debounce of the step sent to the server
const URL_MS = 120; // at most one history.replaceState per this (browsers throttle it)
// Icons drawn, not glyphs: many system fonts lack ⏮ ⏸ ⏭.
const PLAY = `<svg width="11" height="12" viewBox="0 0 11 12"><path d="M1 0 L11 6 L1 12 Z" fill="currentColor"/></svg> play`;
const PAUSE = `<svg width="11" height="12" viewBox="0 0 11 12"><rect x="1" y="0" width="3.5" height="12" fill="currentColor"/><rect x="6.5" y="0" width="3.5" height="12" fill="currentColor"/></svg> pause`;
const MAX_UNIT = 150; // px per leaf unit at most when the figure is stretched to the width

function esc(s) {
  return String(s).replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]);
}

// The canvases of this page (a window may hold several: the variants side by side).
const REG = (window.__gtlCanvases = window.__gtlCanvases || { all: new Set(), last: null });

// A rerun writes the server's copy of the query string into the address bar, and it may come
// after the browser has stepped on: whoever writes the address, a canvas on this page puts
// its own ?k= back at once (the link always says the step on screen).
if (!REG.replaceState) {
  const h = window.history;
  REG.replaceState = h.replaceState.bind(h);
  for (const name of ["pushState", "replaceState"]) {
    const write = h[name].bind(h);
    h[name] = (state, title, url) => {
      write(state, title, url);
      for (const c of REG.all) c.keepUrl();
    };
  }
}

function hostOf(el) {
  // The element of the page that holds el (through the shadow roots of isolated styles).
  let n = el;
  while (n.getRootNode() !== document && n.getRootNode().host) n = n.getRootNode().host;
  return n;
}

function keyTarget() {
  // The canvas that answers keys: the last one clicked or focused, else the first on the page.
  const live = [...REG.all].filter((c) => c.el.isConnected && c.p && !c.p.still);
  if (REG.last && live.includes(REG.last)) return REG.last;
  live.sort((a, b) => (hostOf(a.el).compareDocumentPosition(hostOf(b.el)) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1));
  return live[0] || null;
}

function triangle(r, up) {
  const h = r / 2, w = r * 0.866;
  return up ? `0,${-r} ${w},${h} ${-w},${h}` : `0,${r} ${w},${-h} ${-w},${-h}`;
}

class Canvas {
  constructor(root) {
    this.root = root;
    this.el = document.createElement("div");
    this.el.className = "gtl-canvas";
    this.el.innerHTML = `
      <div class="bar">
        <button type="button" class="b-first" title="first step (Home)" aria-label="first step">« first</button>
        <button type="button" class="b-prev" title="previous step (Left)" aria-label="previous step">‹ back</button>
        <button type="button" class="b-play" title="autoplay" aria-label="play">${PLAY}</button>
        <button type="button" class="b-next" title="next step (Right)" aria-label="next step">next ›</button>
        <button type="button" class="b-last" title="last step (End)" aria-label="last step">last »</button>
        <span class="counter" aria-live="polite"></span>
        <label class="speed-l">speed
          <select class="speed">${SPEEDS.map((s) => `<option value="${s}"${s === DEFAULT_SPEED ? " selected" : ""}>${s} step${s === 1 ? "" : "s"}/s</option>`).join("")}</select>
        </label>
        <label class="types-l" style="display:none" title="Knuth and Moore's node types, once a node is done"><input type="checkbox" class="types"> node types</label>
        <label class="zoom-l">size
          <select class="zoom"><option value="1" selected>100%</option><option value="0.75">75%</option><option value="0.5">50%</option><option value="fit">whole tree</option></select>
        </label>
      </div>
      <input type="range" class="slider" min="0" max="0" value="0" aria-label="step">
      <div class="sentence"><b class="s-step"></b> <span class="s-text"></span></div>
      <div class="scroll"><svg xmlns="${SVGNS}" class="tree" role="img"></svg></div>
      <div class="code" style="display:none"><pre class="lines"></pre><div class="note"></div></div>
      <div class="legend">
        <span><svg width="18" height="16"><polygon points="9,1 17,15 1,15" class="lg max"/></svg>MAX</span>
        <span><svg width="18" height="16"><polygon points="9,15 17,1 1,1" class="lg min"/></svg>MIN</span>
        <span><svg width="16" height="16"><circle cx="8" cy="8" r="7" class="lg leaf"/></svg>leaf</span>
        <span class="lg-run"><svg width="16" height="16"><circle cx="8" cy="8" r="7" class="lg active"/></svg>on the current path</span>
        <span class="lg-run"><svg width="20" height="20"><circle cx="10" cy="10" r="8" class="lg ring"/></svg>current node</span>
        <span class="lg-run"><svg width="16" height="16"><circle cx="8" cy="8" r="7" class="lg done"/></svg>done</span>
        <span class="lg-run"><svg width="26" height="16"><line x1="1" y1="8" x2="25" y2="8" class="lg pruned-e"/></svg>pruned</span>
        <span class="lg-run"><span class="lg-box">α β v</span>alpha, beta, value (best so far)</span>
        <span class="lg-nw"><span class="lg-box nullw">α β v</span>a null window (β = α + 1)</span>
        <span class="lg-pv"><svg width="26" height="16"><line x1="1" y1="8" x2="25" y2="8" class="lg lpv"/></svg>best play (drawn once the search has proved it)</span>
        <span class="lg-ask"><svg width="20" height="20"><circle cx="10" cy="10" r="8" class="lg ask"/></svg>the node the question asks about</span>
        <span class="lg-sel"><svg width="20" height="20"><circle cx="10" cy="10" r="8" class="lg sel"/></svg>selected</span>
        <span class="lg-types"><b class="lg-nt nt-PV">PV</b> <b class="lg-nt nt-CUT">CUT</b> <b class="lg-nt nt-ALL">ALL</b> node types: value inside its window, failed high (a cut), failed low</span>
        <span class="lg-sum"><svg width="16" height="16"><rect x="2" y="2" width="12" height="12" class="lg sum"/></svg>+N nodes: click to open</span>
      </div>`;
    root.appendChild(this.el);
    const q = (s) => this.el.querySelector(s);
    this.b = { first: q(".b-first"), prev: q(".b-prev"), play: q(".b-play"), next: q(".b-next"), last: q(".b-last") };
    this.counter = q(".counter");
    this.slider = q(".slider");
    this.speed = q(".speed");
    this.zoom = q(".zoom");
    this.types = q(".types");
    this.sStep = q(".s-step");
    this.sText = q(".s-text");
    this.scroll = q(".scroll");
    this.svg = q("svg.tree");
    this.code = q(".code");
    this.codeLines = q(".code .lines");
    this.codeNote = q(".code .note");
    this.marks = { sel: null, ask: null };
    this.id = null;
    this.k = 0;
    this.timer = null;
    this.reportTimer = null;
    this.urlTimer = null;
    this.urlAt = 0;
    this.reported = null;
    this.seq = null;
    this.b.first.onclick = () => { this.pause(); this.go(0); };
    this.b.prev.onclick = () => { this.pause(); this.go(this.k - 1); };
    this.b.next.onclick = () => { this.pause(); this.go(this.k + 1); };
    this.b.last.onclick = () => { this.pause(); this.go(this.n); };
    this.b.play.onclick = () => (this.timer ? this.pause() : this.play());
    this.slider.addEventListener("input", () => { this.pause(); this.go(Number(this.slider.value)); });
    this.speed.addEventListener("change", () => { if (this.timer) { this.pause(); this.play(); } });
    this.zoom.addEventListener("change", () => { this.zoomChosen = true; this.layout(); });
    this.types.addEventListener("change", () => this.showTypes());
    this.onKey = (e) => this.key(e);
    document.addEventListener("keydown", this.onKey);
    this.svg.addEventListener("click", (e) => this.click(e));
    this.resize = new ResizeObserver(() => { if (this.id !== null && this.scroll.clientWidth !== this.width) this.layout(); });
    this.resize.observe(this.scroll);
    this.mine = () => { REG.last = this; };
    this.el.addEventListener("pointerdown", this.mine);
    this.el.addEventListener("focusin", this.mine);
    REG.all.add(this);
    hook("init", this);
  }

  setCallbacks(setStateValue, setTriggerValue) {
    this.setStateValue = setStateValue;
    this.setTriggerValue = setTriggerValue;
  }

  // ---- data from the server ------------------------------------------------------------
  update(data) {
    this.view = data.view || null;
    this.select = !!data.select;
    this.param = data.param === undefined ? "k" : data.param;
    const p = data.p;
    if (!p) return;
    // A still (no controls to change the size) and a canvas asked to fit show the whole tree.
    if ((p.still || data.fit) && !this.zoomChosen) this.zoom.value = "fit";
    const marks = { sel: data.sel ?? null, ask: data.ask ?? null };
    const marked = marks.sel !== this.marks.sel || marks.ask !== this.marks.ask;
    this.marks = marks;
    const step = Math.max(0, Math.min(Number(data.step) || 0, p.n));
    if (p.id !== this.id) {
      // Another view of the same run (a drill-down) keeps the browser's step unless the
      // server moved it; another run starts where the server says.
      const keep = this.p && p.run === this.p.run && data.seq === this.seq;
      const k = keep ? Math.min(this.k, p.n) : step;
      this.pause();
      this.build(p);
      this.seq = data.seq;
      this.k = 0;
      this.reported = step; // what the server knows
      this.go(k, { report: k !== step });
    } else if (data.seq !== this.seq) {
      this.seq = data.seq;
      this.reported = step;
      this.go(step, { report: false });
    } else if (marked) {
      this.drawMarks();
    }
    this.path = window.location.pathname;
    if (data.play && SPEEDS.includes(Number(data.play)) && !p.still && this.param) {
      this.speed.value = String(Number(data.play));
      this.play();
    }
    this.writeUrl(true);
    hook("update", this, data);
  }

  build(p) {
    this.p = p;
    this.id = p.id;
    this.n = p.n;
    const nd = p.nodes;
    const m = nd.id.length;
    this.m = m;
    this.st = new Int8Array(m);
    this.a = new Int32Array(m).fill(-1);
    this.bb = new Int32Array(m).fill(-1);
    this.v = new Int32Array(m).fill(-1);
    // Undo records: undo[k] = the old [i, st, a, b, v] of every node step k changes.
    const st = new Int8Array(m), a = new Int32Array(m).fill(-1), b = new Int32Array(m).fill(-1), v = new Int32Array(m).fill(-1);
    this.undo = new Array(p.n + 1);
    for (let k = 1; k <= p.n; k++) {
      const d = p.steps[k - 1];
      const u = new Array(d.length);
      for (let j = 0; j < d.length; j += 5) {
        const i = d[j];
        u[j] = i; u[j + 1] = st[i]; u[j + 2] = a[i]; u[j + 3] = b[i]; u[j + 4] = v[i];
        st[i] = d[j + 1]; a[i] = d[j + 2]; b[i] = d[j + 3]; v[i] = d[j + 4];
      }
      this.undo[k] = u;
    }
    this.slider.max = String(p.n);
    this.el.classList.toggle("still", !!p.still);
    this.el.classList.toggle("nohead", p.head === false);
    this.byId = new Map(p.nodes.id.map((v, i) => [v, i]));
    this.nullw = new Set((p.nw || []).map(([a, b]) => `${a},${b}`));
    this.el.querySelector(".lg-nw").style.display = this.nullw.size ? "" : "none";
    this.code.style.display = p.code ? "" : "none";
    if (p.code) {
      this.codeLines.innerHTML = p.code.lines.map((l) => `<span class="cl">${esc(l)}</span>`).join("");
      this.codeLineEl = [...this.codeLines.querySelectorAll(".cl")];
    }
    this.el.querySelector(".lg-sum").style.display = p.sum.length ? "" : "none";
    this.el.querySelector(".lg-pv").style.display = p.pv.length > 1 ? "" : "none";
    // Node types (PV / CUT / ALL) when the payload has them: a switch, off at first.
    const typed = !!(p.nodes.ty && p.nodes.ty.length) && !p.still;
    this.el.querySelector(".types-l").style.display = typed ? "" : "none";
    if (!typed) this.types.checked = false;
    this.showTypes();
    this.draw();
    hook("built", this, p);
  }

  showTypes() {
    const on = this.types.checked;
    this.el.classList.toggle("types-on", on);
    this.el.querySelector(".lg-types").style.display = on ? "" : "none";
  }

  // ---- drawing ---------------------------------------------------------------------------
  positions() {
    const p = this.p, g = p.geo, nd = p.nodes;
    hook("sizing", this);
    const S = this.scale || 1, lh = this.levelH || g.level_h;
    let lo = Infinity, hi = -Infinity, depth = 0;
    for (const x of nd.x) { lo = Math.min(lo, x); hi = Math.max(hi, x); }
    for (const s of p.sum) { lo = Math.min(lo, s.x); hi = Math.max(hi, s.x); depth = Math.max(depth, s.d); }
    for (const d of nd.d) depth = Math.max(depth, d);
    const span = (hi - lo) / 2;
    const pad = 6;
    const avail = Math.max(0, this.scroll.clientWidth / S - g.left - g.right - 2 * pad);
    let unit = g.unit;
    if (span > 0 && avail / span > unit) unit = Math.min(avail / span, Math.max(MAX_UNIT, g.unit));
    const left = pad + g.left;
    const X = (x2) => left + ((x2 - lo) / 2) * unit;
    const Y = (d) => g.top + d * lh;
    const natural = left + span * unit + g.right + pad;
    this.width = this.scroll.clientWidth;
    // Size: 100% (scroll sideways, the current node kept in view), 75%, 50%, or the whole
    // tree in the width. Only the drawing is scaled: the layout's room scales with it.
    const zv = this.zoom.value;
    this.z = zv === "fit" ? Math.min(S, this.scroll.clientWidth / natural) : S * Math.min(1, Number(zv));
    return { X, Y, w: natural, h: g.top + depth * lh + g.bottom };
  }

  draw() {
    const p = this.p, g = p.geo, nd = p.nodes, vals = p.vals;
    const { X, Y, w, h } = this.positions();
    this.X = X; this.Y = Y;
    const parts = [];
    parts.push(`<g class="pvl"><polyline class="pv" points=""/></g><g class="edges">`);
    for (let i = 0; i < this.m; i++) {
      const pi = nd.p[i];
      if (pi < 0) continue;
      parts.push(`<line data-e="${i}" class="e-${STATUS[this.st[i]]}" x1="${X(nd.x[pi])}" y1="${Y(nd.d[pi])}" x2="${X(nd.x[i])}" y2="${Y(nd.d[i])}"/>`);
    }
    for (let s = 0; s < p.sum.length; s++) {
      const sm = p.sum[s];
      parts.push(`<line class="e-sum" data-se="${s}" x1="${X(nd.x[sm.p])}" y1="${Y(nd.d[sm.p])}" x2="${X(sm.x)}" y2="${Y(sm.d)}"/>`);
    }
    parts.push(`</g><circle class="ring" r="${g.ring_r}" cx="-999" cy="-999"/><circle class="sel" r="${g.ring_r}" cx="-999" cy="-999"/><g class="nodes">`);
    const up = triangle(g.tri_r, true), down = triangle(g.tri_r, false);
    for (let i = 0; i < this.m; i++) {
      const k = nd.k[i];
      const tr = `transform="translate(${X(nd.x[i])},${Y(nd.d[i])})"`;
      const title = `<title>${esc(nd.nm[i])}</title>`;
      if (k <= 1) {
        // A short name (a letter) inside the triangle; a longer one (a move) under the node.
        const nm = nd.nm[i], inside = nm.length <= (g.inside ?? 2);
        const label = inside ? `<text class="nm" y="${k === 0 ? 3 : -2}">${esc(nm)}</text>` : `<text class="ln in" y="${g.ring_out + 9}">${esc(nm)}</text>`;
        // Its node type (PV / CUT / ALL) under it, shown by the switch once it is done.
        const ty = nd.ty && nd.ty[i] ? `<text class="nt nt-${nd.ty[i]}" y="${g.ring_out + (inside ? 9 : 23)}">${esc(nd.ty[i])}</text>` : "";
        parts.push(`<g class="${this.nodeClass(i)}" data-i="${i}" data-id="${nd.id[i]}" ${tr}>${title}<polygon points="${k === 0 ? up : down}"/>${label}${ty}</g>`);
      } else {
        const val = nd.lv[i] >= 0 ? esc(vals[nd.lv[i]]) : "";
        const long = val.length >= 4 ? " long" : ""; // "−999" in a 28 px circle: smaller
        parts.push(`<g class="${this.nodeClass(i)}" data-i="${i}" data-id="${nd.id[i]}" ${tr}>${title}<circle r="${k === 2 ? g.leaf_r : 6}"/><text class="lv${long}" y="0.5">${val}</text><text class="ln" y="${g.ring_out + 9}">${esc(nd.nm[i])}</text></g>`);
      }
    }
    for (let s = 0; s < p.sum.length; s++) {
      const sm = p.sum[s];
      const hw = Math.max(g.sum_r, 3.5 * sm.label.length); // the marker and its label take clicks
      parts.push(`<g class="sum" data-s="${s}" data-open="${sm.open}" transform="translate(${X(sm.x)},${Y(sm.d)})"><title>${esc(sm.label)} hidden: click to open</title><rect class="hit" x="${-hw}" y="${-g.sum_r - 2}" width="${2 * hw}" height="${g.ring_out + 18 + g.sum_r}"/><rect x="${-g.sum_r}" y="${-g.sum_r}" width="${2 * g.sum_r}" height="${2 * g.sum_r}"/><text y="${g.ring_out + 9}">${esc(sm.label)}</text></g>`);
    }
    // Label boxes are made when their node is first reached (paint): a big tree draws fast.
    parts.push(`</g><g class="boxes"></g><g class="ask" transform="translate(-999,-999)"><circle r="${g.ring_r}"/></g>`);
    this.svg.setAttribute("width", String(Math.floor(w * this.z)));
    this.svg.setAttribute("height", String(Math.ceil(h * this.z)));
    this.svg.setAttribute("viewBox", `0 0 ${Math.ceil(w)} ${Math.ceil(h)}`);
    this.svg.innerHTML = parts.join("");
    this.nodeEl = new Array(this.m);
    this.edgeEl = new Array(this.m);
    this.boxEl = new Array(this.m);
    for (const e of this.svg.querySelectorAll("g.n")) this.nodeEl[Number(e.dataset.i)] = e;
    for (const e of this.svg.querySelectorAll("line[data-e]")) this.edgeEl[Number(e.dataset.e)] = e;
    this.boxG = this.svg.querySelector("g.boxes");
    for (let i = 0; i < this.m; i++) if (nd.side[i] && this.boxTexts(i)[0]) this.paint(i);
    this.sumEl = [...this.svg.querySelectorAll("g.sum")];
    this.ring = this.svg.querySelector("circle.ring");
    this.selRing = this.svg.querySelector("circle.sel");
    this.askMark = this.svg.querySelector("g.ask");
    this.pvLine = this.svg.querySelector("polyline.pv");
    this.pvFrom = -1; // the principal variation is drawn from p.pv[pvFrom] down (renderPv)
    this.curEl = null;
    this.drawMarks();
    hook("drawn", this);
  }

  drawMarks() {
    // The selected node's blue ring and the asked node's red ring with "?".
    const nd = this.p.nodes;
    const at = (v) => {
      const i = v === null ? undefined : this.byId.get(v);
      return i === undefined ? [-999, -999] : [this.X(nd.x[i]), this.Y(nd.d[i])];
    };
    const [sx, sy] = at(this.marks.sel);
    this.selRing.setAttribute("cx", String(sx));
    this.selRing.setAttribute("cy", String(sy));
    const [ax, ay] = at(this.marks.ask);
    this.askMark.setAttribute("transform", `translate(${ax},${ay})`);
    this.el.querySelector(".lg-ask").style.display = ax > -999 ? "" : "none";
    this.el.querySelector(".lg-sel").style.display = sx > -999 ? "" : "none";
  }

  layout() {
    // A new width: draw again at the same step (positions depend on the width).
    if (!this.p) return;
    this.draw();
    this.render(new Set(), true);
  }

  nodeClass(i) {
    return `n k-${KIND[this.p.nodes.k[i]]} s-${STATUS[this.st[i]]}`;
  }

  boxClass(i) {
    // A box showing a null window (β = α + 1) is drawn dashed.
    const nw = this.nullw.has(`${this.a[i]},${this.bb[i]}`) ? " nullw" : "";
    return `box b-${STATUS[this.st[i]]}${nw}`;
  }

  boxTexts(i) {
    // [shown, α, β, value]: a box shows once the search has reached its node.
    const st = this.st[i];
    if (this.a[i] < 0 || !(st === 1 || st === 2)) return [false, "", "", ""];
    const vals = this.p.vals;
    return [true, vals[this.a[i]], vals[this.bb[i]], this.v[i] >= 0 ? vals[this.v[i]] : "?"];
  }

  makeBox(i) {
    // The α/β/value box of node i, beside it, away from the edge coming down to it.
    const g = this.p.geo, nd = this.p.nodes, row = g.row, bw = g.box_w, bh = g.box_h;
    const off = g.ring_out + g.gap;
    const x0 = this.X(nd.x[i]) + (nd.side[i] > 0 ? off : -off - bw);
    const y0 = this.Y(nd.d[i]) - bh / 2;
    const el = document.createElementNS(SVGNS, "g");
    el.setAttribute("class", "box");
    el.setAttribute("data-b", String(i));
    el.setAttribute("data-id", String(nd.id[i]));
    el.setAttribute("transform", `translate(${x0},${y0})`);
    el.innerHTML = `<rect width="${bw}" height="${bh}" rx="4"/>` +
      `<text x="5" y="${4 + row - 3}">α <tspan class="ba"></tspan></text><text x="5" y="${4 + 2 * row - 3}">β <tspan class="bb"></tspan></text><text x="5" y="${4 + 3 * row - 3}">v <tspan class="bv"></tspan></text>`;
    this.boxG.appendChild(el);
    return (this.boxEl[i] = { g: el, a: el.querySelector(".ba"), b: el.querySelector(".bb"), v: el.querySelector(".bv") });
  }

  paint(i) {
    // The node, the edge into it and its label box in the node's present state.
    const s = STATUS[this.st[i]];
    this.nodeEl[i].setAttribute("class", this.nodeClass(i));
    const e = this.edgeEl[i];
    if (e) e.setAttribute("class", `e-${s}`);
    const [vis, ta, tb, tv] = this.boxTexts(i);
    const b = this.boxEl[i] || (vis && this.p.nodes.side[i] ? this.makeBox(i) : null);
    if (b) {
      b.g.style.display = vis ? "" : "none";
      b.g.setAttribute("class", this.boxClass(i));
      if (vis) {
        b.a.textContent = ta;
        b.b.textContent = tb;
        b.v.textContent = tv;
      }
    }
  }

  // ---- stepping --------------------------------------------------------------------------
  go(k, opts = {}) {
    k = Math.max(0, Math.min(Math.round(k), this.n));
    const dirty = new Set();
    const steps = this.p.steps;
    while (this.k < k) {
      const d = steps[this.k];
      for (let j = 0; j < d.length; j += 5) {
        const i = d[j];
        this.st[i] = d[j + 1]; this.a[i] = d[j + 2]; this.bb[i] = d[j + 3]; this.v[i] = d[j + 4];
        dirty.add(i);
      }
      this.k++;
    }
    while (this.k > k) {
      const u = this.undo[this.k];
      for (let j = u.length - 5; j >= 0; j -= 5) {
        const i = u[j];
        this.st[i] = u[j + 1]; this.a[i] = u[j + 2]; this.bb[i] = u[j + 3]; this.v[i] = u[j + 4];
        dirty.add(i);
      }
      this.k--;
    }
    this.render(dirty, false);
    if (opts.report !== false) this.report();
    this.writeUrl(false);
  }

  render(dirty, all) {
    for (const i of dirty) this.paint(i);
    const p = this.p, k = this.k, n = this.n, nd = p.nodes;
    // Current node: ring and the edge into it; a hidden one rings its "+N nodes" marker.
    const c = p.cur[k];
    if (this.curEdge) this.curEdge.classList.remove("e-cur");
    this.curEdge = null;
    if (this.curSum) this.curSum.classList.remove("s-cur");
    this.curSum = null;
    let cx = -999, cy = -999;
    if (c >= 0) {
      cx = this.X(nd.x[c]); cy = this.Y(nd.d[c]);
      const e = this.edgeEl[c];
      if (e) { e.classList.add("e-cur"); this.curEdge = e; }
    } else if (-c - 1 < p.sum.length) {
      const sm = p.sum[-c - 1];
      cx = this.X(sm.x); cy = this.Y(sm.d);
      this.curSum = this.sumEl[-c - 1];
      this.curSum.classList.add("s-cur");
    }
    this.ring.setAttribute("cx", String(cx));
    this.ring.setAttribute("cy", String(cy));
    const total = p.total ?? n;
    this.counter.textContent = `step ${k} of ${n}`;
    this.sStep.textContent = `Step ${k} of ${total}.`;
    this.sText.textContent = p.texts[p.ti[k]];
    this.renderPv();
    if (p.code) {
      const line = p.code.at[k];
      if (this.codeOn) this.codeOn.classList.remove("on");
      this.codeOn = line >= 0 ? this.codeLineEl[line] : null;
      if (this.codeOn) this.codeOn.classList.add("on");
      this.codeNote.textContent = (p.code.notes && p.code.notes[k]) || "";
    }
    this.slider.value = String(k);
    this.b.first.disabled = this.b.prev.disabled = k === 0;
    this.b.next.disabled = this.b.last.disabled = k >= n;
    this.el.dataset.step = String(k);
    if (c >= 0 || cx > -999) this.follow(cx);
    hook("rendered", this);
  }

  renderPv() {
    // The best line once the search has established it (p.pvk, viz.tree_payload.pv_steps:
    // every edge from the step the root returns for the last time).
    const p = this.p, nd = p.nodes, k = this.k;
    let j = p.pv.length;
    while (j > 0 && p.pvk[j - 1] <= k) j--;
    if (j === this.pvFrom) return;
    this.pvFrom = j;
    const pts = p.pv.slice(j).map((i) => `${this.X(nd.x[i])},${this.Y(nd.d[i])}`);
    this.pvLine.setAttribute("points", pts.length > 1 ? pts.join(" ") : "");
    this.el.dataset.pv = String(Math.max(0, pts.length - 1)); // edges drawn (tests read it)
  }

  follow(x) {
    const s = this.scroll;
    x *= this.z;
    if (s.scrollWidth <= s.clientWidth) return;
    if (x < s.scrollLeft + 40 || x > s.scrollLeft + s.clientWidth - 40) s.scrollLeft = Math.max(0, x - s.clientWidth / 2);
  }

  play() {
    if (this.k >= this.n) this.go(0);
    this.b.play.innerHTML = PAUSE;
    this.b.play.setAttribute("aria-label", "pause");
    this.el.classList.add("playing");
    const tick = () => {
      this.go(this.k + 1);
      if (this.k >= this.n) { this.pause(); return; }
      this.timer = setTimeout(tick, 1000 / Number(this.speed.value));
    };
    this.timer = setTimeout(tick, 1000 / Number(this.speed.value));
    this.writeUrl(true);
  }

  pause() {
    const playing = this.timer;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.b.play.innerHTML = PLAY;
    this.b.play.setAttribute("aria-label", "play");
    this.el.classList.remove("playing");
    if (playing && this.p) this.writeUrl(true); // the link no longer says play
  }

  key(e) {
    if (!this.el.isConnected || e.ctrlKey || e.metaKey || e.altKey) return;
    if (keyTarget() !== this) return; // several canvases: one answers
    const t = e.composedPath()[0];
    if (t && (t.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(t.tagName || ""))) return;
    if (hook("key", this, e)) return;
    const to = { Home: 0, ArrowLeft: this.k - 1, ArrowRight: this.k + 1, End: this.n }[e.key];
    if (to === undefined) return;
    e.preventDefault();
    this.pause();
    this.go(to);
  }

  click(e) {
    if (hook("click", this, e)) return;
    if (this.p.still) return;
    const sum = e.target.closest("g.sum");
    if (sum) { this.setTriggerValue("drill", Number(sum.dataset.open)); return; }
    const node = e.target.closest("g.n");
    if (!node) return;
    const i = Number(node.dataset.i);
    if (this.select) { this.setTriggerValue("select", this.p.nodes.id[i]); return; }
    const en = this.p.nodes.en[i];
    if (en >= 0) { this.pause(); this.go(en); }
  }

  // ---- the server and the address bar --------------------------------------------------
  report() {
    if (this.reportTimer) clearTimeout(this.reportTimer);
    this.reportTimer = setTimeout(() => {
      this.reportTimer = null;
      if (this.k !== this.reported && this.setStateValue) {
        this.reported = this.k;
        this.setStateValue("step", this.k);
      }
    }, REPORT_MS);
  }

  keepUrl() {
    // Someone wrote the address bar: on this canvas's page, its step goes back in.
    if (this.el.isConnected && this.p && this.path === window.location.pathname) this.writeUrl(true);
  }

  writeUrl(force) {
    if (!this.param || (this.p && this.p.still)) return;
    const write = () => {
      this.urlTimer = null;
      this.urlAt = performance.now();
      const u = new URL(window.location.href);
      const play = this.timer ? this.speed.value : null;
      // ?k=, ?play= and the plugins' own parameters (this.urlExtra: name -> value or null)
      const want = { [this.param]: String(this.k), play, ...(this.urlExtra || {}) };
      const same = Object.entries(want).every(([n, v]) => u.searchParams.get(n) === v);
      if (same) return;
      for (const [n, v] of Object.entries(want)) {
        if (v === null || v === undefined) u.searchParams.delete(n);
        else u.searchParams.set(n, v);
      }
      REG.replaceState(window.history.state, "", u.toString());
    };
    if (force) { write(); return; }
    if (this.urlTimer) return; // a write is due: it reads this.k when it runs
    const wait = URL_MS - (performance.now() - this.urlAt);
    if (wait <= 0) write();
    else this.urlTimer = setTimeout(write, wait);
  }

  destroy() {
    hook("destroy", this);
    if (this.timer) clearTimeout(this.timer); // not pause(): the address may be another page's
    this.timer = null;
    if (this.reportTimer) clearTimeout(this.reportTimer);
    if (this.urlTimer) clearTimeout(this.urlTimer);
    document.removeEventListener("keydown", this.onKey);
    REG.all.delete(this);
    if (REG.last === this) REG.last = null;
    this.resize.disconnect();
    this.el.remove();
  }
}

export default function (component) {
  const { parentElement, data, setStateValue, setTriggerValue } = component;
  let canvas = parentElement.__gtlCanvas;
  if (!canvas || !canvas.el.isConnected) {
    canvas = parentElement.__gtlCanvas = new Canvas(parentElement);
  }
  canvas.setCallbacks(setStateValue, setTriggerValue);
  canvas.update(data || {});
  return () => {
    canvas.destroy();
    if (parentElement.__gtlCanvas === canvas) delete parentElement.__gtlCanvas;
  };
}
