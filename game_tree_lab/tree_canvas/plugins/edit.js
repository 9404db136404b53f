// Plugin: edit the tree on the canvas (the tree editor page, ui/tree/editor_panel.py).
//
// data.x.edit = {sel: node, done: int, rev: str, error: str | null, mode: "edit" | "step",
// undo: int, redo: int}. Without it (every other canvas) the plugin does nothing.
//
// Two modes, switched in the browser with no rerun. "Edit the tree": the tree in a neutral
// style (no search colours, no α/β boxes, no step controls); a click or the arrow keys
// select a node (in the browser: no rerun); digits and − type a value; Enter sets the
// selected leaf to it, c adds a child (of that value, else 0) and keeps the parent
// selected, s adds a sibling after the node and selects it, Delete removes the subtree,
// u / Ctrl+Z undo, r / Ctrl+Y redo; buttons do the same for touch. "Step the search": the
// canvas as everywhere else (its keys, colours and sentence); e goes back to editing.
//
// Every edit is one trigger to Python, ctx.send("edit", {op, node, value, seq}),
// which applies it (teach.tree_edit.edit, checking every field) and reruns once. While an
// edit is on its way, further keys and buttons wait in a queue and are replayed when the
// answer (data.x.edit.done >= seq) has come, so they act on the new tree. An edit with no
// answer is sent again with the same seq, which the server applies at most once.

// An edit with no answer is sent again (the same number: the server applies it once): after
// ED_RETRY_MS when a rerun has come back without its answer (it was folded into another
// request), after ED_LOST_MS when nothing has come back; ED_TRIES sends in all, then it is
// given up and the queue dropped.
import { esc, word } from "../lib/util.js";

const ED_RETRY_MS = 2500;
const ED_LOST_MS = 8000;
const ED_TRIES = 4;
const ED_KEYS = {
  Enter: "set", c: "add_child", a: "add_child", s: "add_sibling",
  Delete: "delete", u: "undo", z: "undo", r: "redo", y: "redo",
};
// the key legend: [the keys, or a word's key in the payload (ed_k_click); the word's key]
const ED_LEGEND = [
  [null, "ed_k_select"], ["0–9 −", "ed_k_type"], ["Enter", "ed_k_set"],
  ["c", "ed_k_child"], ["s", "ed_k_sibling"], ["Del", "ed_k_delete"],
  ["u / Ctrl+Z", "ed_k_undo"], ["r / Ctrl+Y", "ed_k_redo"], ["e", "ed_k_step"],
];

function edNew(c) {
  const el = document.createElement("div");
  el.className = "ed";
  el.style.display = "none";
  el.innerHTML = `
    <div class="ed-row"><div class="ed-modes" role="group" data-wa="ed_modes">
      <button type="button" class="ed-m-edit" aria-pressed="true" data-wt="ed_edit_title" data-w="ed_edit"></button>
      <button type="button" class="ed-m-step" aria-pressed="false" data-wt="ed_step_title" data-w="ed_step"></button>
    </div>
    <div class="ed-tools">
      <label class="ed-val-l"><span data-w="ed_value"></span> <input class="ed-val" type="text" inputmode="numeric" autocomplete="off" maxlength="9" placeholder="0" data-wa="ed_value"></label>
      <button type="button" class="ed-b" data-k="Enter" data-wt="ed_set_title"><span data-w="ed_set"></span> <kbd>Enter</kbd></button>
      <button type="button" class="ed-b" data-k="c" data-wt="ed_child_title"><span data-w="ed_child"></span> <kbd>c</kbd></button>
      <button type="button" class="ed-b" data-k="s" data-wt="ed_sibling_title"><span data-w="ed_sibling"></span> <kbd>s</kbd></button>
      <button type="button" class="ed-b" data-k="Delete" data-wt="ed_delete_title"><span data-w="ed_delete"></span> <kbd>Del</kbd></button>
      <button type="button" class="ed-b ed-undo" data-k="u" data-wt="ed_undo_title"><span data-w="ed_undo"></span> <kbd>u</kbd></button>
      <button type="button" class="ed-b ed-redo" data-k="r" data-wt="ed_redo_title"><span data-w="ed_redo"></span> <kbd>r</kbd></button>
    </div></div>
    <div class="ed-msg" aria-live="polite"></div>`;
  c.el.insertBefore(el, c.el.firstChild);
  const keys = document.createElement("div"); // the key legend, under the tree's legend
  keys.className = "ed-keys";
  keys.style.display = "none";
  keys.innerHTML = `<b data-w="ed_keys"></b> ${ED_LEGEND.map(([k, w]) => `<span><kbd${k ? "" : ' data-w="ed_k_click"'}>${esc(k || "")}</kbd> <span data-w="${w}"></span></span>`).join("")}`;
  c.el.appendChild(keys);
  const q = (s) => el.querySelector(s);
  c.ed = {
    el, keys, tools: q(".ed-tools"), on: false, mode: "edit", moded: false, sel: 0, buf: "", done: 0, sent: 0,
    busy: false, retry: null, sawRun: false, pending: [], rev: null, error: null,
    input: q(".ed-val"), msg: q(".ed-msg"), undoB: q(".ed-undo"), redoB: q(".ed-redo"),
    mEdit: q(".ed-m-edit"), mStep: q(".ed-m-step"),
  };
  const ed = c.ed;
  ed.mEdit.onclick = () => edMode(c, "edit");
  ed.mStep.onclick = () => edMode(c, "step");
  for (const b of el.querySelectorAll(".ed-b")) b.onclick = () => { edKey(c, b.dataset.k); };
  ed.input.addEventListener("input", () => {
    ed.buf = ed.input.value.replace(/[^0-9+\-−]/g, "").slice(0, 9);
    if (ed.buf !== ed.input.value) ed.input.value = ed.buf;
  });
  // Keys in edit mode are caught on the window before anything else sees them: Streamlit's
  // own shortcuts (c clears the caches, r reruns) and the canvas's step keys must not fire.
  ed.onKey = (e) => {
    if (!ed.on || ed.mode !== "edit" || !c.hasKeys()) return;
    const t = e.composedPath()[0];
    const inBox = t === ed.input;
    if (!inBox && t && (t.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(t.tagName || ""))) return;
    let k;
    if (e.ctrlKey || e.metaKey) {
      if (e.altKey || inBox) return; // in the box, Ctrl+Z undoes the typing
      const l = e.key.toLowerCase();
      k = l === "z" && !e.shiftKey ? "u" : l === "y" || (l === "z" && e.shiftKey) ? "r" : null;
    } else if (e.altKey) {
      return;
    } else if (inBox) {
      // Typing in the box (a phone's keyboard, or a click into it): its letters are the keys;
      // the rest types (and Streamlit does not see it).
      k = e.key === "Escape" || (ED_KEYS[e.key] && e.key !== "Delete") ? e.key : null;
      if (!k) { e.stopPropagation(); return; }
    } else {
      k = e.key;
    }
    if (!k || !edKey(c, k)) return;
    e.preventDefault();
    e.stopPropagation();
    if (inBox && k === "Escape") ed.input.blur();
  };
  window.addEventListener("keydown", ed.onKey, true);
}

function edMode(c, mode) {
  // Edit (neutral style, edit keys) or step the search (the canvas as everywhere else).
  const ed = c.ed;
  ed.mode = mode;
  const editing = ed.on && mode === "edit";
  c.el.classList.toggle("editing", editing);
  c.el.classList.toggle("ed-stepping", ed.on && mode === "step");
  ed.mEdit.setAttribute("aria-pressed", String(mode === "edit"));
  ed.mStep.setAttribute("aria-pressed", String(mode === "step"));
  if (editing) c.pause();
  // The size box: after the editing tools while editing (the step bar is hidden), else back
  // at the end of the step bar.
  const size = c.part("zoom").closest(".zoom-l"), home = editing ? ed.tools : c.part("bar");
  if (size.parentNode !== home) home.appendChild(size);
  // leaves revealed as evaluated: edit mode shows every value, stepping hides them again
  const lk = c.payload && c.payload.nodes.lk;
  if (lk && lk.length) c.layout();
  edShow(c);
}

function edIndex(c, id) {
  return c.index(id);
}

function edSelect(c, id) {
  const ed = c.ed;
  ed.sel = id;
  c.select(id);
  edShow(c);
}

function edShow(c, error) {
  // The line under the tools: the refusal of the last edit, else the node selected and what to do.
  const ed = c.ed;
  if (!ed.on) return;
  ed.input.value = ed.buf;
  ed.undoB.disabled = !ed.undo;
  ed.redoB.disabled = !ed.redo;
  if (error) {
    // The server numbers nodes from 1 ("node 3", in the payload's words: ed_node); the
    // drawing names them ("B", "leaf 2").
    const re = (t) => t.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    const [pre, post] = word(c.payload, "ed_node").split("{n}");
    const ref = new RegExp(`${re(pre)}(\\d+)${re(post ?? "")}`, "g");
    const named = String(error).replace(ref, (m, k) => {
      const j = edIndex(c, Number(k) - 1);
      return j < 0 ? m : c.payload.nodes.nm[j];
    });
    ed.msg.className = "ed-msg ed-err";
    ed.msg.textContent = word(c.payload, "ed_refused", { why: named });
    return;
  }
  ed.msg.className = "ed-msg";
  const i = edIndex(c, ed.sel), nd = c.payload && c.payload.nodes;
  if (i < 0 || !nd) {
    ed.msg.textContent = word(c.payload, "ed_hidden");
    return;
  }
  const kind = nd.k[i], typed = ed.buf ? "_typed" : "", vals = { node: nd.nm[i], typed: ed.buf };
  if (kind === 2) {
    vals.value = c.payload.vals[nd.lv[i]];
    ed.msg.textContent = word(c.payload, `ed_leaf${typed}`, vals);
  } else {
    const who = `ed_${kind === 0 ? "max" : "min"}${ed.sel === 0 ? "_root" : ""}${typed}`;
    ed.msg.textContent = word(c.payload, who, vals);
  }
}

function edReveal(c) {
  // Keep the selected node on screen (a wide tree scrolls sideways, a deep one down).
  const i = edIndex(c, c.ed.sel);
  if (i >= 0 && c.nodeEl(i)) c.nodeEl(i).scrollIntoView({ block: "nearest", inline: "center" });
}

function edMove(c, key) {
  // The arrow keys: ↑ the parent, ↓ the first child, ← → the next node left or right on the
  // same level (a sibling, or a cousin at the end of a row). Home: the root.
  const nd = c.payload.nodes, i = edIndex(c, c.ed.sel);
  if (key === "Home" || i < 0) { edSelect(c, nd.id[0]); edReveal(c); return; }
  let to;
  if (key === "ArrowUp") to = nd.p[i];
  else if (key === "ArrowDown") to = nd.p.indexOf(i);
  else {
    const row = [];
    for (let j = 0; j < c.payload.nodes.id.length; j++) if (nd.d[j] === nd.d[i]) row.push(j);
    row.sort((a, b) => nd.x[a] - nd.x[b]);
    const at = row.indexOf(i) + (key === "ArrowRight" ? 1 : -1);
    to = at >= 0 && at < row.length ? row[at] : -1;
  }
  if (to >= 0) { edSelect(c, nd.id[to]); edReveal(c); }
}

function edKey(c, key) {
  // One key (or the button standing for it) in edit mode. While an edit is on its way the
  // key waits (so it acts on the tree that edit makes). True when the key was the editor's.
  const ed = c.ed;
  if (ed.busy) {
    if (ed.pending.length < 100) ed.pending.push(key);
    return true;
  }
  if (/^[0-9]$/.test(key) || key === "-" || key === "+" || key === "−") {
    ed.buf = (ed.buf + (key === "−" ? "-" : key)).slice(0, 9);
    edShow(c);
    return true;
  }
  if (key === "Backspace") {
    if (ed.buf) { ed.buf = ed.buf.slice(0, -1); edShow(c); return true; }
    key = "Delete";
  }
  if (key === "Escape") { ed.buf = ""; edShow(c); return true; }
  if (/^(Arrow(Up|Down|Left|Right)|Home)$/.test(key)) { edMove(c, key); return true; }
  if (key === "End") return true; // a step key: not in edit mode
  if (key === "e") { edMode(c, "step"); return true; }
  const op = ED_KEYS[key];
  if (!op) return false;
  if (op === "set" && !ed.buf) { edShow(c, "type a value first (a whole number), then Enter"); return true; }
  const msg = { op, seq: ed.done + 1 };
  if (op !== "undo" && op !== "redo") msg.node = ed.sel;
  if (op !== "undo" && op !== "redo" && op !== "delete" && ed.buf) msg.value = ed.buf;
  ed.buf = "";
  ed.busy = true;
  ed.sent = msg.seq;
  // (c.send sends a step report still waiting for its debounce first: sent after the edit
  // it would move the new tree's search to the old step; an edit starts it at step 0.)
  c.el.classList.add("ed-busy");
  edSend(c, msg, 1);
  return true;
}

function edSend(c, msg, tries) {
  // Send edit msg; if no answer comes in time (see ED_RETRY_MS), send it again.
  const ed = c.ed, at = performance.now();
  c.send("edit", msg);
  ed.sawRun = false;
  clearTimeout(ed.retry);
  const check = () => {
    if (!ed.busy || ed.sent !== msg.seq || !c.el.isConnected) return;
    if (!ed.sawRun && performance.now() - at < ED_LOST_MS) { ed.retry = setTimeout(check, ED_RETRY_MS); return; }
    if (tries < ED_TRIES) { edSend(c, msg, tries + 1); return; }
    edIdle(c);
    ed.pending = [];
    edShow(c, "the server did not answer that edit; try again");
  };
  ed.retry = setTimeout(check, ED_RETRY_MS);
}

function edIdle(c) {
  c.ed.busy = false;
  clearTimeout(c.ed.retry);
  c.el.classList.remove("ed-busy");
}

export default function edit(ctx) {
  // The plugin's own state (c.ed) on top of the context.
  const c = Object.create(ctx);
  edNew(c);
  return {

  update(data) {
    const ed = c.ed, x = data.x && data.x.edit;
    const on = !!x && !!c.payload && !c.payload.still;
    if (on !== ed.on) {
      ed.on = on;
      ed.el.style.display = ed.keys.style.display = on ? "" : "none";
      if (!on) { c.el.classList.remove("editing", "ed-stepping"); return; }
    }
    if (!on) return;
    if (!ed.moded) { ed.moded = true; ed.mode = x.mode === "step" ? "step" : "edit"; }
    const answered = Number(x.done) || 0;
    const fresh = answered !== ed.done || x.rev !== ed.rev;
    ed.undo = Number(x.undo) || 0;
    ed.redo = Number(x.redo) || 0;
    if (ed.busy && answered >= ed.sent) edIdle(c);
    else if (ed.busy) ed.sawRun = true; // a run came back without the answer
    const news = ed.rev !== null && answered !== ed.done; // the answer to an edit of this page
    ed.done = answered;
    ed.rev = x.rev;
    if (fresh) edSelect(c, Number.isInteger(x.sel) ? x.sel : 0);
    else c.select(ed.sel);
    if (news) edReveal(c);
    edMode(c, ed.mode);
    if (news && x.error) edShow(c, x.error);
    while (!ed.busy && ed.pending.length) edKey(c, ed.pending.shift());
  },

  key(e) {
    // Step mode: e goes back to editing (edit mode's keys are caught earlier, in ed.onKey).
    if (!c.ed.on || c.ed.mode === "edit" || e.key !== "e") return false;
    edMode(c, "edit");
    return true;
  },

  click(e) {
    // In edit mode a click on a node selects it here (no rerun); "+N nodes" still opens.
    const ed = c.ed;
    if (!ed.on || ed.mode !== "edit") return false;
    const node = e.target.closest("g.n");
    if (!node) return false;
    if (!ed.busy) edSelect(c, Number(node.dataset.id));
    return true;
  },

  destroy() {
    clearTimeout(c.ed.retry);
    window.removeEventListener("keydown", c.ed.onKey, true);
  },
};
}
