// Small helpers any module of the canvas may import (they are not the core's state).

export const SVGNS = "http://www.w3.org/2000/svg";

const ESC = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" };

/** `s` as text safe inside HTML or an attribute in double quotes. */
export function esc(s) {
  return String(s).replace(/[&<>"]/g, (c) => ESC[c]);
}
