// A canvas stays hidden until its style sheet applies (lib/styled.js): a still's step buttons
// are never on show unstyled; a sheet already at hand hides nothing; a canvas gone or
// destroyed stops waiting.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";

import { hasMark, hideUntilStyled, MARK } from "../../game_tree_lab/tree_canvas/lib/styled.js";

/** A stand-in element, a sheet that applies when told, and frames run one at a time. */
function page() {
  const el = { style: {}, isConnected: true };
  const frames = [];
  const sheet = { on: false };
  return { el, frames, sheet, styled: () => sheet.on, frame: (f) => frames.push(f), tick: () => frames.shift()() };
}

test("hidden from the first frame until the sheet applies, then shown", () => {
  const p = page();
  hideUntilStyled(p.el, p.styled, p.frame);
  assert.equal(p.el.style.visibility, "hidden");
  p.tick();
  p.tick();
  assert.equal(p.el.style.visibility, "hidden");
  assert.equal(p.frames.length, 1); // still checking
  p.sheet.on = true;
  p.tick();
  assert.equal(p.el.style.visibility, "");
  assert.equal(p.frames.length, 0); // done: no more frames asked for
});

test("a sheet already applied hides nothing and asks for no frame", () => {
  const p = page();
  p.sheet.on = true;
  hideUntilStyled(p.el, p.styled, p.frame);
  assert.equal(p.el.style.visibility, undefined);
  assert.equal(p.frames.length, 0);
});

test("a canvas that left the page or was destroyed stops waiting", () => {
  const gone = page();
  hideUntilStyled(gone.el, gone.styled, gone.frame);
  gone.el.isConnected = false;
  gone.tick();
  assert.equal(gone.frames.length, 0);
  assert.equal(gone.el.style.visibility, ""); // not left hidden, should it come back
  const destroyed = page();
  const stop = hideUntilStyled(destroyed.el, destroyed.styled, destroyed.frame);
  stop();
  destroyed.tick();
  assert.equal(destroyed.frames.length, 0);
});

test("the mark is read from the computed style", () => {
  const style = (value) => () => ({ getPropertyValue: (name) => (name === MARK ? value : "") });
  assert.equal(hasMark({}, style(" 1")), true);
  assert.equal(hasMark({}, style("")), false);
});

test("the canvas's sheet sets the mark on every canvas", () => {
  const css = readFileSync(new URL("../../game_tree_lab/tree_canvas/core.css", import.meta.url), "utf8");
  const rule = css.match(/^\.gtl-canvas \{([^}]*)\}/m);
  assert.ok(rule, "core.css has a .gtl-canvas rule");
  assert.match(rule[1], new RegExp(`${MARK}:\\s*1;`));
});
