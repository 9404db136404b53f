// The board component (ui/common/board.py): a pawn chess or chase board drawn from
// viz/board_payload.py's payload, as an ARIA grid of squares that a tap, a click or the
// keyboard plays.
//
// Python decides: the squares' colours, texts and names, the pieces, the arrows, the legal
// moves ("moves": from square -> its targets) and the sentence to announce ("say"). The
// browser draws, keeps the piece picked up, and reports one thing (a trigger, "tap"):
//   {n, kind: "move", from, to, ver}  a legal move (its piece picked, then its target)
//   {n, kind: "tap", square, picked, ver}  a square that is no move (Python says why)
//   {n, kind: "square", square, ver}  a square of the editor's board (mode "edit")
// n counts this board's reports; data.heard is the last one the server handled. Between the
// two the board is busy (aria-busy, taps ignored), so a tap never lands on a board that is
// already out of date. Meanwhile it shows what the report leads to, when Python said so
// ("after": the pieces after a tap of square "s", or after the move "from-to"): a phone's
// rerun takes a few hundred ms, and the tap's result is drawn at once (issue 21); the
// server's next position replaces it. ver is the position the report was made on (data.ver): Python
// refuses a report made on another one, and the page keeps its state.
//
// Keys (ARIA grid, roving tabindex): the arrows move between squares, Home/End to the row's
// ends, Enter or Space taps the focused square. The squares stay the same elements across
// reruns, so the focus stays where it was after a move.
//
// Mode "line" is a best line stepped in the browser (line.js): no taps, a player under the
// board, the board drawn from the frame shown.

import { Player } from "./line.js";

const SVGNS = "http://www.w3.org/2000/svg";
const PIECES = {
  // in a 100 x 100 square; scale (a share of the square) is applied around its centre
  pawn: '<circle cx="50" cy="33" r="14"/><path d="M40 44 H60 L70 76 H30 Z"/><rect x="26" y="76" width="48" height="8" rx="2"/>',
  circle: '<circle cx="50" cy="50" r="50"/>',
  diamond: '<path d="M50 0 L100 50 L50 100 L0 50 Z"/>',
};

function el(tag, cls, ns) {
  const e = ns ? document.createElementNS(SVGNS, tag) : document.createElement(tag);
  if (cls) e.setAttribute("class", cls);
  return e;
}

class Board {
  constructor(parent) {
    // a note above the board while it scrolls sideways inside its box (a 20x20 chase on a
    // phone: 44 px squares do not fit); outside the box, so it does not scroll away
    this.hint = el("p", "gtl-board-hint");
    this.hint.hidden = true;
    this.root = el("div", "gtl-board");
    parent.append(this.hint, this.root);
    this.frame = el("div", "frame");
    this.ranks = el("div", "ranks");
    this.grid = el("div", "grid");
    this.grid.setAttribute("role", "grid");
    this.over = el("svg", "over", true);
    this.over.setAttribute("aria-hidden", "true");
    this.files = el("div", "files");
    this.board = el("div", "squares");
    this.board.append(this.grid, this.over);
    this.frame.append(this.ranks, this.board, el("div", "corner"), this.files);
    this.cap = el("p", "cap");
    this.say = el("div", "say");
    this.say.setAttribute("aria-live", "polite");
    this.say.setAttribute("role", "status");
    this.root.append(this.frame, this.cap, this.say);
    this.cells = [];
    this.focus = 0;
    this.picked = null;
    this.ahead = null; // the pieces a report leads to, drawn until the server answers
    this.sent = 0; // reports sent
    this.heard = 0; // reports the server has handled
    this.d = null;
    this.grid.addEventListener("click", (e) => {
      const cell = e.target.closest("[data-sq]");
      if (cell) { this.moveFocus(+cell.dataset.sq, false); this.tap(+cell.dataset.sq); }
    });
    this.grid.addEventListener("keydown", (e) => this.key(e));
    // a narrow board (a phone) puts its coordinates in the edge squares (index.css)
    this.resize = new ResizeObserver(() => {
      this.root.classList.toggle("narrow", this.root.clientWidth < 420);
      this.hinted();
    });
    this.resize.observe(this.root);
  }

  update(d, trigger) {
    if (d.mode === "line") d = this.lineFrame(d);
    else if (this.player) { this.player.remove(); this.player = null; }
    this.trigger = trigger;
    const fresh = !this.d || this.d.ver !== d.ver || this.d.rows !== d.rows || this.d.cols !== d.cols;
    // the note's check reads the layout (scrollWidth): only when the board's size may have
    // changed, not on every tap (a forced layout in the middle of Streamlit's redraw)
    const sized = !this.d || ["rows", "cols", "px", "fold", "min"].some((k) => this.d[k] !== d[k]) || this.d.words?.scrolls !== d.words?.scrolls;
    this.d = d;
    this.heard = Math.max(this.heard, d.heard || 0);
    if (this.sent < this.heard) this.sent = this.heard;
    if (!this.busy()) this.ahead = null;
    if (fresh || !this.canPick(this.picked)) this.picked = d.auto ?? null;
    this.root.style.setProperty("--px", `${d.px}px`);
    this.root.style.setProperty("--fold", `${d.fold}px`);
    this.root.style.setProperty("--min", `${d.min}px`);
    this.root.style.setProperty("--cols", `${d.cols}`);
    this.frame.style.setProperty("--ratio", `${d.cols} / ${d.rows}`);
    this.root.dataset.mode = d.mode;
    this.root.dataset.ver = d.ver;
    this.grid.setAttribute("aria-label", d.label);
    if (this.cells.length !== d.rows * d.cols) this.build();
    this.labels();
    this.draw();
    this.cap.textContent = d.caption || "";
    this.cap.hidden = !d.caption;
    if (sized) this.hinted();
    // announced when the words change, and after every report handled (the same refusal twice)
    const said = `${d.heard || 0}|${d.say}`;
    if (d.say && said !== this.said) { this.said = said; this.announce(d.say); }
  }

  hinted() {
    // the note while the squares run wider than the box (a scrollbar, or a finger, shows more)
    const wide = this.root.scrollWidth > this.root.clientWidth + 1;
    this.hint.textContent = wide && this.d ? this.d.words.scrolls : "";
    this.hint.hidden = !this.hint.textContent;
  }

  lineFrame(line) {
    if (!this.player) this.player = new Player(this);
    return this.player.take(line);
  }

  build() {
    const { rows, cols } = this.d;
    const hadFocus = this.grid.contains(document.activeElement) || this.root.getRootNode().activeElement?.closest?.(".grid");
    this.grid.textContent = "";
    this.cells = [];
    for (let r = 0; r < rows; r++) {
      const row = el("div", "row");
      row.setAttribute("role", "row");
      for (let c = 0; c < cols; c++) {
        const cell = el("div", "cell");
        cell.setAttribute("role", "gridcell");
        cell.dataset.sq = r * cols + c;
        cell.tabIndex = -1;
        const text = el("span", "t");
        text.setAttribute("aria-hidden", "true");
        const piece = el("svg", "piece", true);
        piece.setAttribute("viewBox", "0 0 100 100");
        piece.setAttribute("aria-hidden", "true");
        cell.append(text, piece);
        if (c === 0) cell.appendChild(coord("r"));
        if (r === rows - 1) cell.appendChild(coord("f"));
        row.appendChild(cell);
        this.cells.push(cell);
      }
      this.grid.appendChild(row);
    }
    this.focus = Math.min(this.focus, this.cells.length - 1);
    if (hadFocus) this.cells[this.focus].focus();
  }

  labels() {
    const { files, ranks, rows, cols } = this.d;
    this.ranks.style.gridTemplateRows = `repeat(${rows}, 1fr)`;
    this.files.style.gridTemplateColumns = `repeat(${cols}, 1fr)`;
    setHtml(this.ranks, ranks.map((t) => `<span>${t}</span>`).join(""));
    setHtml(this.files, files.map((t) => `<span>${t}</span>`).join(""));
    this.ranks.setAttribute("aria-hidden", "true");
    this.cells.forEach((cell, sq) => {
      const r = cell.querySelector(".co.r"), f = cell.querySelector(".co.f");
      // drawn by CSS (content: attr(data-t)): no text inside the named cell, whose name
      // ("a4, empty") a screen reader says instead (axe: label-content-name-mismatch)
      if (r) r.dataset.t = ranks[Math.floor(sq / cols)] || "";
      if (f) f.dataset.t = files[sq % cols] || "";
    });
    this.files.setAttribute("aria-hidden", "true");
  }

  targets() {
    const m = this.d.moves || {};
    return this.picked === null ? [] : m[this.picked] || [];
  }

  canPick(sq) {
    return sq !== null && sq !== undefined && !!(this.d.moves || {})[sq];
  }

  draw() {
    const d = this.d, ahead = this.ahead;
    const white = new Set(ahead ? ahead[0] : d.white), black = new Set(ahead ? ahead[1] : d.black);
    const hatch = new Set(d.hatch || []);
    const dots = new Set(this.targets());
    this.cells.forEach((cell, sq) => {
      cell.style.background = d.fill[sq];
      cell.classList.toggle("hatch", hatch.has(sq));
      cell.classList.toggle("dot", dots.has(sq));
      cell.classList.toggle("picked", sq === this.picked);
      const text = cell.querySelector(".t");
      text.textContent = (d.text && d.text[sq]) || "";
      text.style.color = (d.ink && d.ink[sq]) || "";
      const side = white.has(sq) ? "white" : black.has(sq) ? "black" : null;
      const svg = cell.querySelector(".piece");
      let piece = "";
      if (side) {
        const s = d.styles[side];
        const k = s.scale, o = (1 - k) * 50;
        piece = `<g transform="translate(${o} ${o}) scale(${k})" fill="${s.fill}" stroke="${s.line}" stroke-width="${3.5 / k}">${PIECES[s.symbol]}</g>`;
      }
      setHtml(svg, piece);
      cell.dataset.piece = side || "";
      let name = d.names[sq];
      if (sq === this.picked && d.mode === "play") name += d.words.picked;
      else if (dots.has(sq)) name += d.words.target;
      cell.setAttribute("aria-label", name);
      cell.setAttribute("aria-selected", sq === this.picked ? "true" : "false");
      cell.tabIndex = sq === this.focus ? 0 : -1;
    });
    this.grid.setAttribute("aria-busy", this.busy() ? "true" : "false");
    this.root.classList.toggle("busy", this.busy());
    this.root.dataset.ahead = ahead ? "true" : "false";
    this.arrows();
  }

  arrows() {
    const { rows, cols, arrows } = this.d;
    this.over.setAttribute("viewBox", `0 0 ${cols} ${rows}`);
    // an arrow (the best move, the hint) belongs to the position drawn before the tap
    const shown = this.ahead ? [] : arrows || [];
    setHtml(this.over, shown.map(([a, b]) => arrowPath(a, b, cols)).join(""));
  }

  busy() {
    return this.sent > this.heard;
  }

  announce(text) {
    // the same words twice in a row are announced again: clear, then write on the next frame
    this.say.textContent = "";
    requestAnimationFrame(() => { this.say.textContent = text; });
  }

  report(value) {
    if (!this.trigger) return;
    this.sent += 1;
    const msg = { n: this.sent, ver: this.d.ver, ...value }, trigger = this.trigger;
    const after = this.d.after || {};
    const key = value.kind === "move" ? `${value.from}-${value.to}` : value.kind === "square" ? `${value.square}` : null;
    if (key !== null && after[key]) {
      this.ahead = after[key];
      this.picked = null;
    }
    this.draw();
    // the result drawn goes to the screen first, then the report (Streamlit's work on it
    // would hold the frame back on a slow phone)
    if (this.ahead) requestAnimationFrame(() => setTimeout(() => trigger("tap", msg), 0));
    else trigger("tap", msg);
  }

  tap(sq) {
    const d = this.d;
    if (!d || d.mode === "still" || this.busy()) return;
    if (d.mode === "edit") { this.report({ kind: "square", square: sq }); return; }
    const moves = d.moves || {};
    if (this.targets().includes(sq)) {
      this.report({ kind: "move", from: this.picked, to: sq });
      return;
    }
    if (this.canPick(sq) && sq !== this.picked) {
      this.picked = sq;
      this.draw();
      this.announce(d.names[sq] + d.words.picked);
      return;
    }
    if (sq === this.picked) return; // a second tap on the piece picked: it stays picked
    const from = Object.keys(moves).filter((f) => moves[f].includes(sq));
    if (from.length === 1) { this.report({ kind: "move", from: +from[0], to: sq }); return; }
    this.report({ kind: "tap", square: sq, picked: this.picked });
    this.picked = d.auto ?? null;
  }

  moveFocus(sq, focus = true) {
    this.focus = sq;
    this.cells.forEach((c, i) => { c.tabIndex = i === sq ? 0 : -1; });
    if (focus) this.cells[sq].focus();
  }

  key(e) {
    const { rows, cols } = this.d;
    const r = Math.floor(this.focus / cols), c = this.focus % cols;
    const go = {
      ArrowUp: [Math.max(0, r - 1), c],
      ArrowDown: [Math.min(rows - 1, r + 1), c],
      ArrowLeft: [r, Math.max(0, c - 1)],
      ArrowRight: [r, Math.min(cols - 1, c + 1)],
      Home: [e.ctrlKey ? 0 : r, 0],
      End: [e.ctrlKey ? rows - 1 : r, cols - 1],
    }[e.key];
    if (go) {
      e.preventDefault();
      this.moveFocus(go[0] * cols + go[1]);
    } else if (e.key === "Enter" || e.key === " ") {
      e.preventDefault();
      this.tap(this.focus);
    }
  }
}

function setHtml(e, html) {
  // parsed again only when it changed: a rerun redraws every square, most of them as they were
  if (e.__gtlHtml === html) return;
  e.__gtlHtml = html;
  e.innerHTML = html;
}

function coord(kind) {
  const e = el("span", `co ${kind}`);
  e.setAttribute("aria-hidden", "true");
  return e;
}

function arrowPath(a, b, cols) {
  // a filled arrow from the centre of square a into square b (board units: a square is 1)
  const x0 = (a % cols) + 0.5, y0 = Math.floor(a / cols) + 0.5;
  const x1 = (b % cols) + 0.5, y1 = Math.floor(b / cols) + 0.5;
  const dx = x1 - x0, dy = y1 - y0, len = Math.hypot(dx, dy) || 1;
  const ux = dx / len, uy = dy / len, px = -uy, py = ux;
  const sx = x0 + 0.12 * ux, sy = y0 + 0.12 * uy, tx = x1 - 0.1 * ux, ty = y1 - 0.1 * uy;
  const head = Math.min(0.4, 0.5 * (len - 0.22)), hx = tx - head * ux, hy = ty - head * uy;
  const w = 0.075, W = 0.22;
  const pts = [
    [sx + px * w, sy + py * w], [hx + px * w, hy + py * w], [hx + px * W, hy + py * W], [tx, ty],
    [hx - px * W, hy - py * W], [hx - px * w, hy - py * w], [sx - px * w, sy - py * w],
  ];
  return `<path class="arrow" data-a="${a}" data-b="${b}" d="M${pts.map((p) => p.map((v) => v.toFixed(3)).join(" ")).join(" L")} Z"/>`;
}

export default function (component) {
  const { parentElement, data, setTriggerValue } = component;
  let board = parentElement.__gtlBoard;
  if (!board || !board.root.isConnected) board = parentElement.__gtlBoard = new Board(parentElement);
  board.update(data || {}, setTriggerValue);
  return () => {
    board.resize.disconnect();
    if (board.player) board.player.remove();
    board.root.remove();
    board.hint.remove();
    if (parentElement.__gtlBoard === board) delete parentElement.__gtlBoard;
  };
}
