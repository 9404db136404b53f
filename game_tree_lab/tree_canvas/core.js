// The tree canvas's core: draws viz/tree_payload.py's payload as SVG and steps it in the
// browser. index.js (the component's entry, ui/common/canvas.py) mounts it with the plugins.
//
// Python sends the payload once (layout, the changes of every step, every sentence); the core
// draws it and handles first/back/next/last, Home/Left/Right/End, the slider and autoplay with
// no script rerun. The counter, the sentence, the figure and the link's ?k= are updated
// together on every step. The server hears only when Python must act:
//   "drill" (trigger)   a click on a "+N nodes" marker (open that subtree)
//   "select" (trigger)  a click on a node, when data.select is true
//   "step" (state)      the step, debounced (one rerun after a burst: lib/report.js)
//
// data = {p: payload, step: int, seq: int, select: bool, param: "k" | null, sel: node | null,
// ask: node | null, fit: bool, play: speed | null, view: "projector" | null, x: {...},
// w: {...}}. data.w is the words of the plugins data.x turns on (viz/canvas_ui.py), added
// to the payload's ui (lib/util.js withWords).
// data.play (a link's ?play=, sent once) starts autoplay at that speed; while autoplay runs
// the link carries ?play=SPEED next to ?k=. data.step is applied when the payload changes or
// data.seq changes (the server moved the step itself); otherwise a rerun leaves the
// browser's step alone. sel gets a blue ring (the node selected), ask a red ring (the node a
// question is about). data.x is the plugins' data (canvas.py's `extra`).
//
// The figure is hidden from screen readers: plugins/access.js gives the same tree in words
// (an ARIA tree) and announces each step's sentence.
//
// A still (p.still: a practice question's step) has no controls. Keys: with several canvases
// on a page, Home/Left/Right/End go to the one last clicked or focused, else the first on the
// page; a still never takes them.
//
// ---- The plugin interface ------------------------------------------------------------------
// A plugin (plugins/*.js) is a function `plugin(ctx)`, called once for each canvas, that
// returns its hooks (any of them); its own state lives in its closure, never on the canvas.
//   update(data)   every time the server sends data (after the core applied it)
//   built()        a new payload was drawn
//   drawn()        after every draw (a new width or payload: positions changed)
//   rendered()     after every step is shown (ctx.step is the step)
//   sizing()       before the layout: return {scale, levelH, room, floor} to draw larger
//                  (1 = the payload's px), levels closer (px), the figure in a height too
//                  (CSS px; else a taller one's box is that high and scrolls) and the
//                  least scale a fitted figure may have (else it is drawn at its scale)
//   key(e)         a key press meant for this canvas; return true to claim it
//   click(e)       a click on the figure; return true to claim it
//   destroy()      the canvas goes away
// key and click are offered to the plugins in order (index.js) until one claims the event;
// then no later plugin and not the core sees it (lib/hooks.js). The rest go to every plugin.
//
// ctx, the only thing of the core a plugin sees (lib/util.js has esc and SVGNS):
//   read:    ctx.el (the canvas's element; a plugin adds its controls in it),
//            ctx.part(name) ("bar", "steps": the step buttons' row, "scroll", "svg", "next":
//            the next button, "zoom": the size box), ctx.payload, ctx.step, ctx.steps (n), ctx.view, ctx.selectable,
//            ctx.still, ctx.z (drawing scale), ctx.room(el) (px of the window's height
//            from el down, below the header, the canvas's top at the header's bottom), ctx.X(x) / ctx.Y(depth) (payload -> figure
//            px), ctx.index(node id) (-1 when not drawn), ctx.nodeEl(i), ctx.hasKeys()
//            (this canvas answers the keys now), ctx.state(i) (drawn node i at the step
//            shown: [status, α, β, value], the payload's codes: lib/steps.js)
//   act:     ctx.go(k) (pauses autoplay), ctx.pause(), ctx.layout() (draw again),
//            ctx.scrollTo(x) (keep figure x in view), ctx.select(node id | null) (the blue
//            ring), ctx.setZoom(value)
//   report:  ctx.send(name, value): the one report path to Python (a trigger; a step still
//            waiting for its debounce is sent first); canvas.py's `events` names the callback
//   redraw:  ctx.redraw(data) draws data the plugin got itself as if the server had sent it
//            (a class student's still following its class over HTTP: plugins/student.js);
//            the view stays the canvas's
//   address: ctx.setParams({name: value | null}) puts the plugin's own query parameters in
//            the link (null: out) through the canvas's one address writer (lib/address.js);
//            ctx.readParam(name); ctx.clearParams() takes all of this canvas's parameters out.

import { Address, onAddressChange } from "./lib/address.js";
import { Hooks } from "./lib/hooks.js";
import { Reporter } from "./lib/report.js";
import { StepState } from "./lib/steps.js";
import { hasMark, hideUntilStyled } from "./lib/styled.js";
import { hasPacked, unpack } from "./lib/unpack.js";
import { applyWords, esc, plural, SVGNS, withWords, word } from "./lib/util.js";

const STATUS = ["unseen", "active", "done", "pruned"];
const KIND = ["max", "min", "leaf", "stub"];
const SPEEDS = [1, 2, 4, 8, 15, 30];
const DEFAULT_SPEED = 4;
const REPORT_MS = 400; // debounce of the step sent to the server
const URL_MS = 120; // at most one address write per this (browsers throttle it)
// Icons drawn, not glyphs: many system fonts lack ⏮ ⏸ ⏭.
const PLAY = `<svg width="11" height="12" viewBox="0 0 11 12"><path d="M1 0 L11 6 L1 12 Z" fill="currentColor"/></svg><span class="t"> <span data-w="play"></span></span>`;
const PAUSE = `<svg width="11" height="12" viewBox="0 0 11 12"><rect x="1" y="0" width="3.5" height="12" fill="currentColor"/><rect x="6.5" y="0" width="3.5" height="12" fill="currentColor"/></svg><span class="t"> <span data-w="pause"></span></span>`;
const MAX_UNIT = 150; // px per leaf unit at most when the figure is stretched to the width
const READABLE = 0.85; // the least scale a fitted figure has (labels of 12 px: 10.2 px)
const ASKED = 0.7; // the least for a question's still (labels of 8.4 px, the old stills' fit)
const MIN_ROOM = 160; // px of height a figure's box has at least
const ROOM_MARGIN = 12; // px kept free under the figure

// The canvases of this page (a window may hold several: the variants side by side); the
// browser evaluates this module once per page (one URL under the component's asset_dir), so
// the registry is the module's own. A rerun writes the server's copy of the query string into
// the address bar, and it may come after the browser has stepped on: whoever writes the
// address, a canvas on this page puts its own parameters back at once (the link always says
// the step on screen).
const REG = { all: new Set(), last: null };
onAddressChange(window, () => { for (const c of REG.all) c.keepUrl(); });

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
  constructor(root, plugins) {
    this.root = root;
    this.el = document.createElement("div");
    this.el.className = "gtl-canvas";
    this.el.innerHTML = `
      <div class="bar">
        <span class="steps">
        <button type="button" class="b-first" data-wt="first_title" data-wa="first_aria">«<span class="t"> <span data-w="first"></span></span></button>
        <button type="button" class="b-prev" data-wt="back_title" data-wa="back_aria">‹<span class="t"> <span data-w="back"></span></span></button>
        <button type="button" class="b-play" data-wt="play_title" data-wa="play">${PLAY}</button>
        <button type="button" class="b-next" data-wt="next_title" data-wa="next_aria"><span class="t"><span data-w="next"></span> </span>›</button>
        <button type="button" class="b-last" data-wt="last_title" data-wa="last_aria"><span class="t"><span data-w="last"></span> </span>»</button>
        <span class="counter"><span class="t"><span data-w="counter_step"></span> </span><span class="c-n"></span></span>
        </span>
        <span class="opts">
        <label class="speed-l"><span class="t" data-w="speed"></span>
          <select class="speed" data-wa="speed">${SPEEDS.map((s) => `<option value="${s}"${s === DEFAULT_SPEED ? " selected" : ""}></option>`).join("")}</select>
        </label>
        <label class="types-l" style="display:none"><input type="checkbox" class="types"> <span class="types-w"></span></label>
        <label class="zoom-l"><span data-w="size"></span>
          <select class="zoom"><option value="auto" selected data-w="size_auto"></option><option value="1">100%</option><option value="0.75">75%</option><option value="0.5">50%</option><option value="fit" data-w="size_fit"></option></select>
        </label>
        </span>
      </div>
      <input type="range" class="slider" min="0" max="0" value="0" data-wa="slider">
      <div class="sentence"><b class="s-step"></b> <span class="s-text"></span></div>
      <div class="scroll-hint" aria-hidden="true"><span></span></div>
      <div class="scroll" tabindex="0" role="region" data-wa="drawing"><svg xmlns="${SVGNS}" class="tree" aria-hidden="true"></svg></div>
      <div class="code" style="display:none"><pre class="lines"></pre><div class="note"></div></div>
      <div class="legend">
        <span><svg width="18" height="16"><polygon points="9,1 17,15 1,15" class="lg max"/></svg><span data-w="lg_max"></span></span>
        <span><svg width="18" height="16"><polygon points="9,15 17,1 1,1" class="lg min"/></svg><span data-w="lg_min"></span></span>
        <span><svg width="16" height="16"><circle cx="8" cy="8" r="7" class="lg leaf"/></svg><span data-w="lg_leaf"></span></span>
        <span class="lg-run"><svg width="16" height="16"><circle cx="8" cy="8" r="7" class="lg active"/></svg><span data-w="lg_path"></span></span>
        <span class="lg-run"><svg width="20" height="20"><circle cx="10" cy="10" r="8" class="lg ring"/></svg><span data-w="lg_current"></span></span>
        <span class="lg-run"><svg width="16" height="16"><circle cx="8" cy="8" r="7" class="lg done"/></svg><span data-w="lg_done"></span></span>
        <span class="lg-run lg-pruned"><svg width="26" height="16"><line x1="1" y1="8" x2="25" y2="8" class="lg pruned-e"/></svg><span data-w="lg_pruned"></span></span>
        <span class="lg-run lg-ab"><span class="lg-box">α β v</span><span data-w="lg_ab"></span></span>
        <span class="lg-nw"><span class="lg-box nullw">α β v</span><span data-w="lg_null"></span></span>
        <span class="lg-pv"><svg width="26" height="16"><line x1="1" y1="8" x2="25" y2="8" class="lg lpv"/></svg><span data-w="lg_pv"></span></span>
        <span class="lg-ask"><svg width="20" height="20"><circle cx="10" cy="10" r="8" class="lg ask"/></svg><span data-w="lg_ask"></span></span>
        <span class="lg-sel"><svg width="20" height="20"><circle cx="10" cy="10" r="8" class="lg sel"/></svg><span data-w="lg_selected"></span></span>
        <span class="lg-types"><b class="lg-nt nt-PV">PV</b> <b class="lg-nt nt-CUT">CUT</b> <b class="lg-nt nt-ALL">ALL</b> <span class="lg-w"></span></span>
        <span class="lg-sum"><svg width="16" height="16"><rect x="2" y="2" width="12" height="12" class="lg sum"/></svg><span class="w-click" data-w="lg_sum_click"></span><span class="w-tap" data-w="lg_sum_tap"></span></span>
      </div>`;
    root.appendChild(this.el);
    // unseen until its style sheet applies: unstyled, a still's step buttons would show
    this.unhide = hideUntilStyled(this.el, () => hasMark(this.el));
    const q = (s) => this.el.querySelector(s);
    this.b = { first: q(".b-first"), prev: q(".b-prev"), play: q(".b-play"), next: q(".b-next"), last: q(".b-last") };
    this.counter = q(".counter");
    this.counterN = q(".counter .c-n");
    this.hint = q(".scroll-hint span");
    this.sentence = q(".sentence");
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
    this.reporter = new Reporter({ wait: REPORT_MS });
    this.address = new Address(window, { wait: URL_MS });
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
    // A new width lays the figure out again; the sentence's box alone (the follow view hides
    // the figure) measures its longest sentence again: a box measured while the sidebar was
    // still open kept a phone-column's height on a projector once it closed.
    this.resize = new ResizeObserver(() => {
      if (this.id !== null && this.scroll.clientWidth !== this.width) this.layout();
      else if (this.p && this.sentence.offsetWidth !== this.heldW) this.holdSentence(this.view === "projector");
    });
    this.resize.observe(this.scroll);
    this.resize.observe(this.sentence);
    this.mine = () => { REG.last = this; };
    this.el.addEventListener("pointerdown", this.mine);
    this.el.addEventListener("focusin", this.mine);
    REG.all.add(this);
    this.hooks = new Hooks(plugins, context(this));
  }

  setCallbacks(setStateValue, setTriggerValue) {
    this.reporter.connect(setStateValue, setTriggerValue);
  }

  // ---- data from the server ------------------------------------------------------------
  update(data) {
    this.view = data.view || null;
    this.select = !!data.select;
    this.param = data.param === undefined ? "k" : data.param;
    const p = withWords(data.p, data.w); // the plugins' words beside the payload's (data.w)
    if (!p) return;
    // A canvas asked to fit (a narrow column) shows the whole tree whatever its size.
    if (data.fit && !this.zoomChosen) this.zoom.value = "fit";
    const marks = { sel: data.sel ?? null, ask: data.ask ?? null };
    const marked = marks.sel !== this.marks.sel || marks.ask !== this.marks.ask;
    this.marks = marks;
    const step = Math.max(0, Math.min(Number(data.step) || 0, p.n));
    if (p.id === this.id) this.p.ui = p.ui; // the same payload: this run's plugins' words
    if (p.id !== this.id) {
      // Another view of the same run (a drill-down) keeps the browser's step unless the
      // server moved it; another run starts where the server says.
      const keep = this.p && p.run === this.p.run && data.seq === this.seq;
      const k = keep ? Math.min(this.k, p.n) : step;
      this.pause();
      this.build(p);
      this.seq = data.seq;
      this.k = 0;
      this.reporter.heard(step); // what the server knows
      this.go(k, { report: k !== step });
    } else if (data.seq !== this.seq) {
      this.seq = data.seq;
      this.reporter.heard(step);
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
    this.hooks.notify("update", data);
  }

  build(p) {
    this.p = p;
    this.id = p.id;
    this.n = p.n;
    const nd = p.nodes;
    const m = nd.id.length;
    this.m = m;
    this.s = new StepState(p.steps, m);
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
    // Their words (the legend, the switch's tooltip) are the payload's: teach defines them.
    const words = p.words || {};
    this.el.querySelector(".lg-types .lg-w").textContent = words.types || word(p, "types");
    this.el.querySelector(".types-l .types-w").textContent = word(p, "types");
    this.el.querySelector(".types-l").title = words.types_title || word(p, "types_title");
    this.el.querySelector(".types-l").style.display = typed ? "" : "none";
    if (!typed) this.types.checked = false;
    this.showTypes();
    this.draw();
    this.hooks.notify("built");
    applyWords(this.el, p); // the payload's words, the plugins' parts too
    this.speed.querySelectorAll("option").forEach((o) => { o.textContent = plural(p, "speed", Number(o.value)); });
  }

  showTypes() {
    const on = this.types.checked;
    this.el.classList.toggle("types-on", on);
    this.el.querySelector(".lg-types").style.display = on ? "" : "none";
  }

  // ---- drawing ---------------------------------------------------------------------------
  // ---- fitting the box (issue 21) -------------------------------------------------------
  room(el) {
    // CSS px of the window's height below Streamlit's header from el's top (el in this
    // canvas; the figure's box by default) when the canvas's top is at the header's bottom:
    // what the figure (or a plugin's panel) may take so that it shares one screen with the
    // controls and the sentence.
    const header = document.querySelector('[data-testid="stHeader"]');
    const top = header ? header.getBoundingClientRect().height : 0;
    const above = (el || this.scroll).getBoundingClientRect().top - this.el.getBoundingClientRect().top;
    return window.innerHeight - top - above - ROOM_MARGIN;
  }

  holdSentence(on) {
    // On one screen the sentence box keeps the height of its longest sentence, so that
    // no step's sentence pushes the figure below the window.
    const st = this.sentence.style;
    st.minHeight = "";
    this.heldW = this.sentence.offsetWidth;
    if (!on || !this.p || !this.sentence.offsetWidth) return;
    const texts = [...this.p.texts].sort((a, b) => b.length - a.length).slice(0, 3);
    const was = this.sText.textContent, total = this.p.total ?? this.n;
    const head = this.sStep.textContent;
    this.sStep.textContent = word(this.p, "step_of", { k: total, n: total });
    let most = 0;
    for (const t of texts) { this.sText.textContent = t; most = Math.max(most, this.sentence.offsetHeight); }
    this.sText.textContent = was;
    this.sStep.textContent = head;
    st.minHeight = `${Math.ceil(most)}px`;
  }

  positions() {
    const p = this.p, g = p.geo, nd = p.nodes;
    this.holdSentence(this.view === "projector");
    // A plugin may draw larger (scale), its levels closer (levelH), in a height (room, CSS
    // px: the figure then fits it too) and set the least scale a fitted figure may have
    // (floor: else it is drawn at its scale and scrolls).
    const size = this.hooks.sizing();
    const S = size.scale || 1, lh = size.levelH || g.level_h;
    let lo = Infinity, hi = -Infinity, depth = 0;
    for (const x of nd.x) { lo = Math.min(lo, x); hi = Math.max(hi, x); }
    for (const s of p.sum) { lo = Math.min(lo, s.x); hi = Math.max(hi, s.x); depth = Math.max(depth, s.d); }
    for (const d of nd.d) depth = Math.max(depth, d);
    const span = (hi - lo) / 2, pad = 6, cw = this.scroll.clientWidth;
    const h = g.top + depth * lh + g.bottom;
    const least = g.left + g.right + 2 * pad + span * g.unit; // the narrowest drawing (payload px)
    this.width = cw;
    // Size: "auto" (the default: the whole tree when it is readable so, else its scale,
    // scrolled and following the current node), 100%, 75%, 50%, or the whole tree in the
    // box's width and the window's height whatever its size.
    const zv = this.zoom.value, fitW = cw / least;
    const room = Math.max(MIN_ROOM, size.room || (zv === "fit" ? this.room() : Infinity));
    const fitted = Math.min(S, fitW, room / h);
    let z;
    if (zv === "fit") z = fitted;
    else if (zv === "auto") {
      // a question's still (a node asked about) fits down to ASKED: the question, its answer
      // and the asked node share a phone's screen (issue 21, 4)
      const asked = this.p.still && this.marks.ask !== null ? ASKED : READABLE;
      z = fitted >= (size.floor || asked) ? fitted : S;
    }
    else z = S * Math.min(1, Number(zv));
    z = Math.max(0.05, z);
    // The layout's room is the box's width at this scale: the tree spread to it (at most
    // MAX_UNIT per leaf unit) and its nodes centred in it: the margins for labels (a box on
    // one side only) are taken on both sides when the box is wide enough, so the nodes, not
    // nodes and boxes together, sit in the middle (issue 22; the editor draws no boxes).
    const side = Math.max(g.left, g.right), room2 = cw / z - 2 * pad;
    const even = room2 - 2 * side >= span * g.unit; // both sides get the wider margin
    const avail = Math.max(0, room2 - (even ? 2 * side : g.left + g.right));
    let unit = g.unit;
    if (span > 0 && avail / span > unit) unit = Math.min(avail / span, Math.max(MAX_UNIT, g.unit));
    const used = g.left + g.right + 2 * pad + span * unit;
    const w = Math.max(used, Math.floor(cw / z));
    const left = even ? pad + side + (w - 2 * side - 2 * pad - span * unit) / 2 : pad + g.left + (w - used) / 2;
    const X = (x2) => left + ((x2 - lo) / 2) * unit;
    const Y = (d) => g.top + d * lh;
    this.z = z;
    // a figure taller than the room it was given: its box is that high, scrolled up and down
    this.roomed = !!size.room;
    const tall = this.roomed && h * z > room + 1;
    this.scroll.style.maxHeight = tall ? `${Math.floor(room)}px` : "";
    this.scroll.style.overflowY = tall ? "auto" : "";
    return { X, Y, w, h };
  }

  showHint() {
    // A figure larger than its box says so (it scrolls, following the current node); true
    // when the sign came or went.
    const s = this.scroll, wide = s.scrollWidth > s.clientWidth + 1, tall = s.scrollHeight > s.clientHeight + 1;
    const way = wide && tall ? "both" : wide ? "x" : "y";
    this.hint.textContent = wide || tall ? word(this.p, `hint_${way}${this.p.still ? "_still" : ""}`) : "";
    const box = this.hint.parentElement, was = box.classList.contains("on");
    box.classList.toggle("on", wide || tall);
    this.el.dataset.scrolls = wide || tall ? (wide && tall ? "both" : wide ? "x" : "y") : "";
    return was !== (wide || tall);
  }

  draw(again = false) {
    const p = this.p, g = p.geo, nd = p.nodes;
    const { X, Y, w, h } = this.positions();
    this.X = X; this.Y = Y;
    const parts = [];
    parts.push(`<g class="pvl"><polyline class="pv" points=""/></g><g class="edges">`);
    for (let i = 0; i < this.m; i++) {
      const pi = nd.p[i];
      if (pi < 0) continue;
      parts.push(`<line data-e="${i}" class="e-${STATUS[this.s.st[i]]}" x1="${X(nd.x[pi])}" y1="${Y(nd.d[pi])}" x2="${X(nd.x[i])}" y2="${Y(nd.d[i])}"/>`);
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
        const val = esc(this.leafText(i));
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
    this.fresh = true; // the next step shown centres the current node (follow)
    this.rootAt = nd.p.findIndex((q) => q < 0);
    // the sign that it scrolls takes a line above the figure: when it came or went, a figure
    // sized to the room under it is laid out again (once)
    if (this.showHint() && this.roomed && !again) { this.draw(true); return; }
    // a still shows its size box when its figure scrolls (or once a size was chosen)
    if (this.p.still && (this.el.dataset.scrolls || this.zoomChosen)) this.el.classList.add("sized");
    this.hooks.notify("drawn");
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
    return `n k-${KIND[this.p.nodes.k[i]]} s-${STATUS[this.s.st[i]]}`;
  }

  boxClass(i) {
    // A box showing a null window (β = α + 1) is drawn dashed.
    const nw = this.nullw.has(`${this.s.a[i]},${this.s.b[i]}`) ? " nullw" : "";
    return `box b-${STATUS[this.s.st[i]]}${nw}`;
  }

  leafText(i) {
    // A leaf's value: with leaves revealed as evaluated (p.nodes.lk), "?" until the step that
    // evaluates it, and "?" for good when no step does; the editor's edit mode (not a
    // search) shows every value.
    const nd = this.p.nodes, lk = nd.lk;
    if (nd.k[i] !== 2) return "";
    const editing = this.el.classList.contains("editing");
    if (lk && lk.length && !editing && !(lk[i] >= 0 && this.k >= lk[i])) return "?";
    return nd.lv[i] >= 0 ? this.p.vals[nd.lv[i]] : "";
  }

  boxTexts(i) {
    // [shown, α, β, value]: a box shows once the search has reached its node.
    const s = this.s, st = s.st[i];
    if (s.a[i] < 0 || !(st === 1 || st === 2)) return [false, "", "", ""];
    const vals = this.p.vals;
    return [true, vals[s.a[i]], vals[s.b[i]], s.v[i] >= 0 ? vals[s.v[i]] : "?"];
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
    const s = STATUS[this.s.st[i]];
    this.nodeEl[i].setAttribute("class", this.nodeClass(i));
    const e = this.edgeEl[i];
    if (e) e.setAttribute("class", `e-${s}`);
    if (this.p.nodes.lk && this.p.nodes.lk.length && this.p.nodes.k[i] === 2) {
      const t = this.nodeEl[i].querySelector("text.lv");
      if (t) t.textContent = this.leafText(i);
    }
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
    const dirty = this.s.moveTo(k);
    this.k = this.s.k;
    this.render(dirty, false);
    if (opts.report !== false) this.reporter.step(this.k);
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
    this.counterN.textContent = word(p, "counter", { k, n });
    this.sStep.textContent = word(p, "step_of", { k, n: total });
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
    if (c >= 0 || cx > -999) this.follow(cx, cy);
    else if (this.fresh && this.rootAt >= 0) this.follow(this.X(nd.x[this.rootAt]), this.Y(nd.d[this.rootAt])); // before the search: the root
    this.hooks.notify("rendered");
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

  follow(x, y) {
    // Keep the figure's point (x, y) in view (the current node): centred on a new drawing
    // (a still: on the node its question asks about), else moved when it nears an edge.
    const s = this.scroll, fresh = this.fresh, z = this.z;
    this.fresh = false;
    const ask = fresh && this.p.still && this.marks.ask !== null ? this.byId.get(this.marks.ask) : undefined;
    if (ask !== undefined) { x = this.X(this.p.nodes.x[ask]); y = this.Y(this.p.nodes.d[ask]); }
    if (s.scrollWidth > s.clientWidth) {
      const px = x * z, cw = s.clientWidth;
      if (fresh || px < s.scrollLeft + 40 || px > s.scrollLeft + cw - 40) s.scrollLeft = Math.max(0, px - cw / 2);
    }
    if (y !== undefined && s.scrollHeight > s.clientHeight) {
      const py = y * z, ch = s.clientHeight;
      if (fresh || py < s.scrollTop + 50 || py > s.scrollTop + ch - 50) s.scrollTop = Math.max(0, py - ch / 2);
    }
  }

  play() {
    if (this.k >= this.n) this.go(0);
    this.b.play.innerHTML = PAUSE;
    applyWords(this.b.play, this.p);
    this.b.play.setAttribute("aria-label", word(this.p, "pause"));
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
    applyWords(this.b.play, this.p);
    this.b.play.setAttribute("aria-label", word(this.p, "play"));
    this.el.classList.remove("playing");
    if (playing && this.p) this.writeUrl(true); // the link no longer says play
  }

  key(e) {
    if (!this.el.isConnected || e.ctrlKey || e.metaKey || e.altKey) return;
    if (keyTarget() !== this) return; // several canvases: one answers
    const t = e.composedPath()[0];
    if (t && (t.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(t.tagName || ""))) return;
    if (this.hooks.claim("key", e)) return;
    const to = { Home: 0, ArrowLeft: this.k - 1, ArrowRight: this.k + 1, End: this.n }[e.key];
    if (to === undefined) return;
    e.preventDefault();
    this.pause();
    this.go(to);
  }

  click(e) {
    if (this.hooks.claim("click", e)) return;
    if (this.p.still) return;
    const sum = e.target.closest("g.sum");
    if (sum) { this.reporter.send("drill", Number(sum.dataset.open)); return; }
    const node = e.target.closest("g.n");
    if (!node) return;
    const i = Number(node.dataset.i);
    if (this.select) { this.reporter.send("select", this.p.nodes.id[i]); return; }
    const en = this.p.nodes.en[i];
    if (en >= 0) { this.pause(); this.go(en); }
  }

  // ---- the address bar ----------------------------------------------------------------
  keepUrl() {
    // Someone wrote the address bar: on this canvas's page, its parameters go back in.
    if (this.el.isConnected && this.p && this.path === window.location.pathname) this.writeUrl(true);
  }

  linked() {
    // This canvas writes the link: it has a parameter, is no still, and is on its page.
    return !!this.param && !(this.p && this.p.still);
  }

  writeUrl(force) {
    // ?k= and ?play= (with the plugins' own parameters: ctx.setParams), through the one writer.
    if (!this.linked()) return;
    this.address.set({ [this.param]: this.k, play: this.timer ? this.speed.value : null });
    this.address.write(force);
  }

  destroy() {
    this.hooks.notify("destroy");
    if (this.timer) clearTimeout(this.timer); // not pause(): the address may be another page's
    this.timer = null;
    this.reporter.cancel();
    this.address.cancel();
    document.removeEventListener("keydown", this.onKey);
    REG.all.delete(this);
    if (REG.last === this) REG.last = null;
    this.resize.disconnect();
    this.unhide();
    this.el.remove();
  }
}

function context(c) {
  // The plugins' view of canvas c (the interface at the top of this file).
  const parts = { bar: () => c.el.querySelector(".bar"), steps: () => c.el.querySelector(".bar .steps"), scroll: () => c.scroll, svg: () => c.svg, next: () => c.b.next, zoom: () => c.zoom };
  return {
    el: c.el,
    part: (name) => parts[name](),
    get payload() { return c.p || null; },
    get step() { return c.k; },
    get steps() { return c.n; },
    get view() { return c.view; },
    get selectable() { return c.select; },
    get still() { return !!(c.p && c.p.still); },
    get z() { return c.z; },
    room: (el) => c.room(el),
    X: (x) => c.X(x),
    Y: (d) => c.Y(d),
    index: (id) => { const i = c.byId ? c.byId.get(id) : undefined; return i === undefined ? -1 : i; },
    nodeEl: (i) => (c.nodeEl ? c.nodeEl[i] : undefined),
    state: (i) => [c.s.st[i], c.s.a[i], c.s.b[i], c.s.v[i]],
    hasKeys: () => c.el.isConnected && keyTarget() === c,
    go: (k) => { c.pause(); c.go(k); },
    pause: () => c.pause(),
    layout: () => c.layout(),
    scrollTo: (x) => c.follow(x),
    select: (id) => { c.marks.sel = id; if (c.p) c.drawMarks(); },
    setZoom: (v) => { c.zoom.value = String(v); c.layout(); },
    send: (name, value) => c.reporter.send(name, value),
    redraw: (data) => c.update({ ...data, view: c.view }),
    setParams: (params) => { if (!c.linked()) return; c.address.set(params); c.address.write(true); },
    readParam: (name) => c.address.read(name),
    clearParams: () => { if (c.linked() && c.path === window.location.pathname) c.address.clear(); },
  };
}

/** The component's default export for `plugins` (index.js): mount, update, clean up. */
export function mount(plugins) {
  return function (component) {
    const { parentElement, data, setStateValue, setTriggerValue } = component;
    let canvas = parentElement.__gtlCanvas;
    if (!canvas || !canvas.el.isConnected) {
      canvas = parentElement.__gtlCanvas = new Canvas(parentElement, plugins);
    }
    canvas.setCallbacks(setStateValue, setTriggerValue);
    // A big payload arrives packed (lib/unpack.js): drawn once inflated, unless a newer
    // run's data came meanwhile.
    canvas.latest = data;
    if (hasPacked(data)) {
      unpack(data).then(
        (full) => { if (canvas.latest === data && canvas.el.isConnected) canvas.update(full); },
        (e) => console.error("game tree lab: a packed payload did not inflate", e),
      );
    } else {
      canvas.update(data || {});
    }
    return () => {
      canvas.destroy();
      if (parentElement.__gtlCanvas === canvas) delete parentElement.__gtlCanvas;
    };
  };
}
