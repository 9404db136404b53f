// The best line on the board component (mode "line": viz/board_payload.py's line_payload).
//
// The payload is the first position drawn whole and one frame per position of the line:
// the squares whose colour, text or name differ from the first position's, and the
// position's pieces, arrows and caption (the ply in words, written by Python). The player
// steps through the frames in the browser, with no server round trip: start, back,
// play/pause, forward, end, and a slider. Buttons and the slider are the keyboard's way
// (Tab, Enter or Space; the slider's arrow keys, Home and End); a step the person asks for
// is announced, the steps of a playing line are not (the caption shows them).
//
// Motion: nothing plays by itself. Under prefers-reduced-motion the play button still plays
// (the person asked for it, and pause stops it); the board never slides a piece.

const PER_SQUARE = ["fill", "text", "ink", "names"];

// The board's data at frame k: the first position with frame k's changes applied.
export function frameData(line, k) {
  const f = line.frames[k];
  const d = { ...line };
  delete d.frames;
  for (const key of PER_SQUARE) {
    const now = (line[key] || []).slice();
    for (const [sq, v] of Object.entries(f[key] || {})) now[+sq] = v;
    d[key] = now;
  }
  return Object.assign(d, {
    white: f.white, black: f.black, hatch: f.hatch, arrows: f.arrows, caption: f.caption,
  });
}

function button(cls, text, name) {
  const b = document.createElement("button");
  b.type = "button";
  b.className = cls;
  b.textContent = text;
  if (name) b.setAttribute("aria-label", name);
  return b;
}

export class Player {
  constructor(board) {
    this.board = board;
    this.step = 0;
    this.timer = null;
    this.ver = null;
    this.line = null;
    this.root = document.createElement("div");
    this.root.className = "player";
    this.root.setAttribute("role", "group");
    const go = (k) => { this.stop(); this.show(k, true); };
    this.first = button("first", "");
    this.back = button("back", "");
    this.play = button("play", "");
    this.forward = button("forward", "");
    this.last = button("last", "");
    this.first.onclick = () => go(0);
    this.back.onclick = () => go(this.step - 1);
    this.forward.onclick = () => go(this.step + 1);
    this.last.onclick = () => go(this.line.frames.length - 1);
    this.play.onclick = () => (this.timer ? this.pause() : this.start());
    this.slider = document.createElement("input");
    this.slider.type = "range";
    this.slider.className = "slider";
    this.slider.min = "0";
    this.slider.step = "1";
    this.slider.oninput = () => go(+this.slider.value);
    this.root.append(this.first, this.back, this.play, this.forward, this.last, this.slider);
    board.cap.after(this.root); // under the caption (the ply in words)
  }

  // A new payload: a new line starts at its start step; the same line keeps its step.
  take(line) {
    const fresh = this.ver !== line.ver || !this.line || this.line.frames.length !== line.frames.length;
    this.line = line;
    if (fresh) { this.stop(); this.ver = line.ver; this.step = line.step || 0; }
    const w = line.player;
    this.root.setAttribute("aria-label", w.player);
    this.first.textContent = w.first; this.first.setAttribute("aria-label", w.first_name);
    this.back.textContent = w.back; this.back.setAttribute("aria-label", w.back_name);
    this.forward.textContent = w.forward; this.forward.setAttribute("aria-label", w.forward_name);
    this.last.textContent = w.last; this.last.setAttribute("aria-label", w.last_name);
    this.slider.setAttribute("aria-label", w.slider);
    this.slider.max = String(line.frames.length - 1);
    this.sync();
    return frameData(line, this.step);
  }

  show(k, say) {
    const n = this.line.frames.length;
    this.step = Math.max(0, Math.min(n - 1, k));
    this.board.update(this.line, this.board.trigger);
    if (say) this.board.announce(this.line.frames[this.step].caption);
  }

  sync() {
    const w = this.line.player;
    this.play.textContent = this.timer ? w.pause : w.play;
    this.play.setAttribute("aria-pressed", this.timer ? "true" : "false");
    this.slider.value = String(this.step);
    this.slider.setAttribute("aria-valuetext", this.line.frames[this.step].caption);
    this.board.root.dataset.step = String(this.step);
  }

  start() {
    const n = this.line.frames.length;
    if (n < 2) return;
    if (this.step >= n - 1) this.show(0, false);
    this.timer = setInterval(() => {
      if (this.step >= this.line.frames.length - 1) { this.pause(); return; }
      this.show(this.step + 1, false);
    }, this.line.ms);
    this.sync();
  }

  pause() {
    this.stop();
    this.sync();
    this.board.announce(this.line.frames[this.step].caption);
  }

  stop() {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  remove() {
    this.stop();
    this.root.remove();
  }
}
