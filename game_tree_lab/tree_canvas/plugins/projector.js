// Projector mode (ui/common/projector.py; canvas.py sends data.view = "projector"): the
// figure is drawn larger, its text with it (up to PROJ_SCALE: labels of 12.5-13 px become
// 18.8-19.5 CSS px), its levels closer (down to PROJ_LEVEL px), and it fits the room below
// the step bar and the sentence (ctx.room: the window's height below Streamlit's header),
// so that the bar, the sentence and the whole figure share one screen at every step. A tree
// that would fit only smaller than PROJ_FLOOR (labels under 11 CSS px, 16.5 px of a
// 1280x720 projector at 150 %: more than a desk's 13 px at 100 %) is drawn at
// PROJ_SCALE instead, in a box as high as the room, scrolled both ways to keep the current
// node in view (the core's follow). A resize draws again.
const PROJ_SCALE = 1.5;
const PROJ_FLOOR = 0.85; // a fitted figure's labels stay at least 10.6-11 CSS px
const PROJ_LEVEL = 74; // px between levels at least (a node, its name, the next node's ring)

function projDepth(p) {
  let depth = 0;
  for (const d of p.nodes.d) depth = Math.max(depth, d);
  for (const s of p.sum) depth = Math.max(depth, s.d);
  return depth;
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
      const moved = on && roomUsed !== null && Math.abs(c.room() - roomUsed) > 1;
      if (c.payload && ((was !== undefined && on !== was) || moved)) c.layout();
      was = on;
    },
    sizing() {
      const on = c.view === "projector";
      c.el.classList.toggle("projector", on);
      if (!on) {
        roomUsed = null;
        return {};
      }
      const g = c.payload.geo, depth = projDepth(c.payload);
      const room = (roomUsed = c.room());
      // levels closer first (down to PROJ_LEVEL), then the core scales it into the room
      let lh = g.level_h;
      if (depth > 0) lh = Math.max(PROJ_LEVEL, Math.min(g.level_h, (room / PROJ_SCALE - g.top - g.bottom) / depth));
      return { scale: PROJ_SCALE, levelH: lh, room, floor: PROJ_FLOOR };
    },
    destroy() {
      window.removeEventListener("resize", resize);
    },
  };
}
