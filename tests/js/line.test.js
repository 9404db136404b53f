// The best line's frames (game_tree_lab/board/line.js): frame k is the first position with
// frame k's changes put in, whatever frame was shown before, and the first position's own
// lists are never changed.
import assert from "node:assert/strict";
import { test } from "node:test";

import { frameData } from "../../game_tree_lab/board/line.js";

const line = {
  mode: "line",
  fill: ["#a", "#b", "#a", "#b"],
  text: [],
  ink: [],
  names: ["a2, empty", "b2, white pawn", "a1, empty", "b1, empty"],
  white: [1], black: [], hatch: [], arrows: [], caption: "start: ply 0 of 1",
  frames: [
    { fill: {}, text: {}, ink: {}, names: {}, white: [1], black: [], hatch: [], arrows: [], caption: "start: ply 0 of 1" },
    {
      fill: { 1: "#y", 3: "#Y" }, text: { 2: "7" }, ink: {},
      names: { 1: "b2, empty; last move", 3: "b1, white pawn; last move" },
      white: [3], black: [], hatch: [2], arrows: [[1, 3]], caption: "ply 1 of 1: b2-b1",
    },
  ],
};

test("a frame is the first position with its changes", () => {
  const d = frameData(line, 1);
  assert.deepEqual(d.fill, ["#a", "#y", "#a", "#Y"]);
  assert.deepEqual(d.names, ["a2, empty", "b2, empty; last move", "a1, empty", "b1, white pawn; last move"]);
  assert.equal(d.text[2], "7");
  assert.deepEqual([d.white, d.hatch, d.arrows, d.caption], [[3], [2], [[1, 3]], "ply 1 of 1: b2-b1"]);
  assert.equal(d.frames, undefined);
});

test("stepping back leaves nothing of a later frame, and the first position is untouched", () => {
  frameData(line, 1);
  const d = frameData(line, 0);
  assert.deepEqual(d.fill, line.fill);
  assert.deepEqual(d.names, line.names);
  assert.deepEqual([d.white, d.arrows, d.caption], [[1], [], "start: ply 0 of 1"]);
  assert.deepEqual(line.fill, ["#a", "#b", "#a", "#b"]);
});
