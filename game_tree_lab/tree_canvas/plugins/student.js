// A class student's page, drawn by its still (ui/classroom/student_live.py): the head (who,
// the question, what the student answered, the verdict), the answer buttons, and the tree.
// The still follows the class by itself over HTTP (lib/poll.js; ui/classroom/routes.py) and
// draws each new state with no script run; a tap on an answer is sent there too.
//
// data.x.live (absent: not a student's page):
//   head    the head as HTML, made and escaped by Python
//   seen    names the state drawn (the follow asks for anything newer)
//   page    what the script run drew around the still (the typed answer's box, the task):
//           a new state with another page asks for a run (the trigger "follow")
//   url     the routes' path, null once the class ended (nothing to follow)
//   s, lang the student's token and the page's language
// data.x.choices (absent: no buttons):
//   q        the question's number, sent back with the tap (the server checks it)
//   options  [[label, answer], ...]: the button's words and the answer it sends
//   chosen   the index of the student's stored answer, or null
//   label    the row's name for a screen reader
// A tap shows the button pressed at once and posts {s, q, a, lang}; the answer is the page's
// new state (the stored answer pressed) or a refusal in the head.

import { LongPoll } from "../lib/poll.js";
import { esc, word } from "../lib/util.js";

export default function student(ctx) {
  const c = ctx;
  let head = null; // the head's element
  let row = null; // the answer buttons' row
  let note = null; // "reconnecting" while the server does not answer
  let shown = ""; // the options drawn (new data with the same ones keeps the buttons)
  let q = null;
  let stored = -1; // the button of the stored answer (-1: none)
  let live = null; // data.x.live drawn
  let runSeen = null; // the state the last script run sent
  let runPage = null; // and what that run drew around the still
  let latest = null; // the newest state drawn from HTTP (a repeat of older run data redraws it)
  let fromHttp = false;
  let asked = false; // a run was asked for and has not come yet

  const poll = new LongPoll({
    onState: (got) => draw(got.data),
    onAway: () => away(true),
    onBack: () => away(false),
    onGone: () => c.send("follow", "gone"),
  });

  function draw(data) {
    latest = data;
    fromHttp = true;
    try { c.redraw(data); } finally { fromHttp = false; }
  }

  function away(on) {
    if (!on) { if (note) note.remove(); note = null; return; }
    if (!note) {
      note = document.createElement("div");
      note.className = "st-box warning st-away";
      note.setAttribute("role", "status");
      (head || c.el).after(note);
    }
    note.textContent = word(c.payload, "s_away");
  }

  function say(text) {
    away(true);
    note.textContent = text;
  }

  function press(i) {
    if (!row) return;
    for (const [j, b] of [...row.querySelectorAll("button")].entries()) {
      b.setAttribute("aria-pressed", String(j === i));
      b.classList.toggle("on", j === i);
    }
  }

  async function tap(e) {
    const b = e.target.closest("button.ch-b");
    if (!b || !row.contains(b) || !live || !live.url) return;
    press(Number(b.dataset.i));
    try {
      const r = await fetch(`${live.url}/answer`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ s: live.s, q, a: b.dataset.a, lang: live.lang }),
        cache: "no-store",
      });
      if (r.status === 403) { c.send("follow", "gone"); return; }
      if (!r.ok) throw new Error(`HTTP ${r.status}`);
      const got = await r.json();
      away(false);
      if (got.data) { poll.seen = got.seen; draw(got.data); return; }
      if (got.note) say(got.note); // refused, and the page's state could not be read
    } catch {
      away(true); // not stored: the buttons show what is
    }
    press(stored);
  }

  function drawHead(html) {
    if (!head) {
      head = document.createElement("div");
      head.className = "st-head";
      head.setAttribute("aria-live", "polite");
      c.el.prepend(head);
    }
    if (head.innerHTML !== html) head.innerHTML = html;
  }

  function drawRow(x) {
    if (!x || !Array.isArray(x.options)) {
      if (row) row.remove();
      row = null;
      shown = "";
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
        head.after(row);
      }
      row.setAttribute("aria-label", x.label || "");
      row.innerHTML = x.options
        .map(([label, a], i) => `<button type="button" class="ch-b" data-i="${i}" data-a="${esc(a)}">${esc(label)}</button>`)
        .join("");
      shown = key;
    }
    stored = typeof x.chosen === "number" ? x.chosen : -1;
    press(stored);
  }

  function teardown() {
    poll.stop();
    for (const el of [head, row, note]) if (el) el.remove();
    head = row = note = null;
    shown = "";
    live = null;
  }

  return {
    update(data) {
      const x = (data && data.x) || {};
      if (!x.live) { teardown(); return; }
      if (!fromHttp) {
        if (x.live.seen === runSeen && latest && latest.x.live.seen !== runSeen) {
          // the run's data again (the page drawn anew), older than what the follow drew
          queueMicrotask(() => draw(latest));
          return;
        }
        runSeen = x.live.seen;
        runPage = x.live.page;
        latest = null;
        asked = false;
      }
      live = x.live;
      drawHead(live.head);
      drawRow(x.choices);
      if (fromHttp && live.page !== runPage && !asked) {
        asked = true;
        c.send("follow", live.seen); // the run draws what the still cannot
      }
      if (live.url) {
        const qs = `s=${encodeURIComponent(live.s)}&lang=${encodeURIComponent(live.lang)}`;
        poll.follow(`${live.url}/follow?${qs}`, live.seen);
      } else {
        poll.stop();
      }
    },
    destroy: teardown,
  };
}
