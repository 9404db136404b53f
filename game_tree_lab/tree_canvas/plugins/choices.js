// Answer buttons above a still (ui/classroom/student.py: a class question): one button per
// answer, drawn by the canvas, so a student page's run sends one element (the still with its
// buttons) instead of a row of Streamlit buttons. A tap is the canvas's report "choice".
//
// data.x.choices (absent: no buttons):
//   q        the question's number, sent back with the tap (the server checks it)
//   options  [[label, answer], ...]: the button's words and the answer it sends
//   chosen   the index of the student's stored answer, or null
//   label    the row's name for a screen reader
// A tap sends {q, a: answer} (a trigger: Python's callback stores it and the page reruns
// with the receipt); the tapped button shows pressed at once, and the rerun's `chosen`
// is the stored answer.

import { esc } from "../lib/util.js";

export default function choices(ctx) {
  const c = ctx;
  let row = null;
  let shown = ""; // the options drawn (a rerun with the same ones keeps the buttons)
  let q = null;

  function press(i) {
    for (const [j, b] of [...row.querySelectorAll("button")].entries()) {
      b.setAttribute("aria-pressed", String(j === i));
      b.classList.toggle("on", j === i);
    }
  }

  function tap(e) {
    const b = e.target.closest("button.ch-b");
    if (!b || !row.contains(b)) return;
    press(Number(b.dataset.i));
    c.send("choice", { q, a: b.dataset.a });
  }

  function teardown() {
    if (row) row.remove();
    row = null;
    shown = "";
  }

  return {
    update(data) {
      const x = (data && data.x && data.x.choices) || null;
      if (!x || !Array.isArray(x.options)) {
        teardown();
        return;
      }
      q = x.q;
      const key = JSON.stringify([x.q, x.options, x.label]);
      if (key !== shown) {
        if (!row) {
          row = document.createElement("div");
          row.className = "ch-row";
          row.setAttribute("role", "group");
          row.addEventListener("click", tap);
          c.el.prepend(row);
        }
        row.setAttribute("aria-label", x.label || "");
        row.innerHTML = x.options
          .map(([label, a], i) => `<button type="button" class="ch-b" data-i="${i}" data-a="${esc(a)}">${esc(label)}</button>`)
          .join("");
        shown = key;
      }
      press(typeof x.chosen === "number" ? x.chosen : -1);
    },
    destroy: teardown,
  };
}
