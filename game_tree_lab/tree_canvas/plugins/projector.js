// Projector mode (ui/common/projector.py; canvas.py sends data.view = "projector"): the
// figure is drawn larger, its text with it (a sizing scale from PROJ_MIN to PROJ_SCALE: labels of
// 12.5-13 px become 18.1 to 19.5 px), and its levels closer (down to PROJ_LEVEL px), so
// that the step controls, the sentence and the whole height of the tree fit in the window
// below Streamlit's header. A tree too deep for that even so gets a figure box as high as
// the room, scrolled up and down to keep the current node in view. A resize draws again.
const PROJ_SCALE = 1.5;
const PROJ_MIN = 1.45; // labels of 12.5-13 px (projector.css) stay at least 18 CSS px
const PROJ_LEVEL = 74; // px between levels at least (a node, its name, the next node's ring)
const PROJ_MARGIN = 12; // px kept free under the figure

function projDepth(p) {
  let depth = 0;
  for (const d of p.nodes.d) depth = Math.max(depth, d);
  for (const s of p.sum) depth = Math.max(depth, s.d);
  return depth;
}

function projRoom(c) {
  // CSS px of the window's height the figure may take: below the header, below the bar,
  // slider and sentence of this canvas.
  const header = document.querySelector('[data-testid="stHeader"]');
  const top = header ? header.getBoundingClientRect().height : 0;
  const above = c.part("scroll").getBoundingClientRect().top - c.el.getBoundingClientRect().top;
  return window.innerHeight - top - above - PROJ_MARGIN;
}

export default function projector(ctx) {
  const c = ctx;
  let was; // projector mode at the last update (undefined: none yet)
  let roomUsed = null; // the room the last layout was sized for (null: not in projector mode)
  const resize = () => { if (c.view === "projector" && c.payload) c.layout(); };
  window.addEventListener("resize", resize);
  return {
    update() {
      // the mode changed with the same payload (the switch), or the room under the controls
      // did since the layout (a plugin's update showed or hid a row above the figure, as the
      // follow view's switch): draw again at the new size
      const on = c.view === "projector";
      const moved = on && roomUsed !== null && Math.abs(projRoom(c) - roomUsed) > 1;
      if (c.payload && ((was !== undefined && on !== was) || moved)) c.layout();
      was = on;
    },
    sizing() {
      const on = c.view === "projector", scroll = c.part("scroll");
      c.el.classList.toggle("projector", on);
      if (!on) {
        scroll.style.maxHeight = scroll.style.overflowY = "";
        roomUsed = null;
        return { scale: 1, levelH: null };
      }
      const g = c.payload.geo, depth = projDepth(c.payload);
      const room = projRoom(c);
      roomUsed = room;
      const height = (lh) => g.top + depth * lh + g.bottom;
      // closer levels first (down to PROJ_LEVEL), then a smaller scale (down to 1)
      let lh = g.level_h;
      if (depth > 0) lh = Math.max(PROJ_LEVEL, Math.min(g.level_h, (room / PROJ_SCALE - g.top - g.bottom) / depth));
      const scale = Math.max(PROJ_MIN, Math.min(PROJ_SCALE, room / height(lh)));
      const tall = height(lh) * scale > room;
      scroll.style.maxHeight = tall ? `${Math.max(160, Math.floor(room))}px` : "";
      scroll.style.overflowY = tall ? "auto" : "";
      return { scale, levelH: lh };
    },
    rendered() {
      // a figure taller than its box: keep the current node in view, up and down
      const s = c.part("scroll"), p = c.payload;
      if (c.view !== "projector" || !p || s.scrollHeight <= s.clientHeight) return;
      const i = p.cur[c.step], sums = p.sum;
      const d = i >= 0 ? p.nodes.d[i] : -i - 1 < sums.length ? sums[-i - 1].d : null;
      if (d === null) return;
      const y = c.Y(d) * c.z;
      if (y < s.scrollTop + 50 || y > s.scrollTop + s.clientHeight - 50) s.scrollTop = Math.max(0, y - s.clientHeight / 2);
    },
    destroy() {
      window.removeEventListener("resize", resize);
    },
  };
}
