// Plugin "takeaway" (issue 22): the tree at the step on screen as an SVG or a PNG file, from
// two buttons in the bar ("SVG", "PNG"). The figure is the core's own SVG: a copy with every
// element's computed style written on it (fills, strokes, fonts: the style sheets do not go
// with a lone file), the figure's size and a white background. The PNG is that SVG drawn by
// the browser itself on a <canvas> at twice the size (no library). In the follow view the
// file is the whole tree's drawing at that step (the view the switch goes to). The same plugin runs in
// the app and in a downloaded search (viz/standalone.py), where nothing needs a server.
// A still (a practice question) gets no buttons.

import { applyWords, SVGNS } from "../lib/util.js";

// The presentation properties the canvas's style sheets set on the figure's elements.
const PROPS = [
  "fill", "fill-opacity", "stroke", "stroke-width", "stroke-dasharray", "stroke-opacity",
  "stroke-linecap", "stroke-linejoin", "opacity", "font-family", "font-size", "font-weight",
  "font-style", "font-variant-numeric", "text-anchor", "dominant-baseline", "paint-order",
  "visibility", "display",
];
const PNG_SCALE = 2; // twice the figure's CSS px, but never a side over PNG_MAX_PX
const PNG_MAX_PX = 16000; // browsers refuse larger canvases (a whole 37,000-node tree is wider)

/** The figure of `svg` as a self-standing SVG document (a string). */
export function figureSvg(svg) {
  const copy = svg.cloneNode(true);
  const from = [svg, ...svg.querySelectorAll("*")];
  const to = [copy, ...copy.querySelectorAll("*")];
  from.forEach((el, i) => {
    const cs = getComputedStyle(el);
    const style = PROPS.map((p) => `${p}:${cs.getPropertyValue(p)}`).join(";");
    to[i].setAttribute("style", style);
    to[i].removeAttribute("class");
  });
  // its drawn size; hidden (the follow view shows instead), the size of its viewBox
  const vb = svg.viewBox && svg.viewBox.baseVal;
  const w = svg.width.baseVal.value || (vb ? vb.width : 0);
  const h = svg.height.baseVal.value || (vb ? vb.height : 0);
  copy.setAttribute("xmlns", SVGNS);
  copy.setAttribute("width", String(w));
  copy.setAttribute("height", String(h));
  if (!copy.getAttribute("viewBox")) copy.setAttribute("viewBox", `0 0 ${w} ${h}`);
  const bg = document.createElementNS(SVGNS, "rect");
  bg.setAttribute("width", "100%");
  bg.setAttribute("height", "100%");
  bg.setAttribute("fill", "#fff");
  copy.insertBefore(bg, copy.firstChild);
  return { text: new XMLSerializer().serializeToString(copy), w, h };
}

function save(blob, name) {
  const a = document.createElement("a");
  a.href = URL.createObjectURL(blob);
  a.download = name;
  a.style.display = "none";
  document.body.append(a);
  a.click();
  setTimeout(() => { URL.revokeObjectURL(a.href); a.remove(); }, 1000);
}

function pngOf({ text, w, h }, done) {
  const img = new Image();
  img.onload = () => {
    const scale = Math.min(PNG_SCALE, PNG_MAX_PX / w, PNG_MAX_PX / h);
    const cv = document.createElement("canvas");
    cv.width = Math.ceil(w * scale);
    cv.height = Math.ceil(h * scale);
    const g = cv.getContext("2d");
    g.scale(scale, scale);
    g.drawImage(img, 0, 0, w, h);
    cv.toBlob(done, "image/png");
  };
  img.src = "data:image/svg+xml;charset=utf-8," + encodeURIComponent(text);
}

export default function takeaway(ctx) {
  let row = null;
  const name = (ext) => `search-tree-step-${ctx.step}.${ext}`;
  return {
    built() {
      if (ctx.still || row) return;
      row = document.createElement("span");
      row.className = "takeaway";
      row.innerHTML = `<button type="button" class="b-svg" data-wt="t_svg">SVG</button>`
        + `<button type="button" class="b-png" data-wt="t_png">PNG</button>`;
      applyWords(row, ctx.payload);
      row.querySelector(".b-svg").addEventListener("click", () => {
        save(new Blob([figureSvg(ctx.part("svg")).text], { type: "image/svg+xml" }), name("svg"));
      });
      row.querySelector(".b-png").addEventListener("click", () => {
        const file = name("png");
        pngOf(figureSvg(ctx.part("svg")), (blob) => { if (blob) save(blob, file); });
      });
      ctx.part("bar").append(row);
    },
    destroy() {
      if (row) row.remove();
      row = null;
    },
  };
}
