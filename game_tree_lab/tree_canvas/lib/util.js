// Small helpers any module of the canvas may import (they are not the core's state).

export const SVGNS = "http://www.w3.org/2000/svg";

const ESC = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" };

/** `s` as text safe inside HTML or an attribute in double quotes. */
export function esc(s) {
  return String(s).replace(/[&<>"]/g, (c) => ESC[c]);
}

// ---- the canvas's words (issue 24) ---------------------------------------------------------
// Every word the canvas shows is the payload's: p.ui, made in Python (viz/canvas_ui.py) in the
// page's language. A word's {name} placeholders are filled here; a missing word shows its key.
// The payload carries the core's words; a plugin's come beside it as data.w, only in the runs
// that turn the plugin on, and the core adds them to p.ui (withWords).

/** The payload `p` with the plugins' words `w` ({key: text, plural: {...}}) added to its ui: a
 * copy (the server's data is left as it is); `p` itself when there are none. */
export function withWords(p, w) {
  if (!p || !w) return p;
  const ui = p.ui || {};
  return { ...p, ui: { ...ui, ...w, plural: { ...(ui.plural || {}), ...(w.plural || {}) } } };
}

/** `t` with each `{name}` replaced by `vals[name]` (left as it is when vals has no name). */
export function fillIn(t, vals) {
  return String(t).replace(/\{(\w+)\}/g, (m, k) => (vals && k in vals ? String(vals[k]) : m));
}

/** The payload's word `key`, its placeholders filled from `vals`. */
export function word(p, key, vals) {
  const ui = (p && p.ui) || {};
  return fillIn(key in ui ? ui[key] : key, vals);
}

/** The payload's plural `key` for the count `n` (Intl.PluralRules of the payload's language),
 * `{n}` filled with n in Western digits, grouped. */
export function plural(p, key, n) {
  const ui = (p && p.ui) || {};
  const forms = (ui.plural && ui.plural[key]) || {};
  let cat = "other";
  try { cat = new Intl.PluralRules(ui.lang || "en").select(Number(n)); } catch { /* unknown tag */ }
  const t = forms[cat] ?? forms.other ?? forms.many ?? Object.values(forms)[0] ?? key;
  return fillIn(t, { n: Number(n).toLocaleString("en-US") });
}

/** Fill the words of every element under `root` marked with data-w (its text), data-wt (its
 * title), data-wa (its aria-label) from the payload `p`. */
export function applyWords(root, p) {
  if (!root || !p) return;
  for (const el of root.querySelectorAll("[data-w]")) el.textContent = word(p, el.dataset.w);
  for (const el of root.querySelectorAll("[data-wt]")) el.title = word(p, el.dataset.wt);
  for (const el of root.querySelectorAll("[data-wa]")) el.setAttribute("aria-label", word(p, el.dataset.wa));
}
