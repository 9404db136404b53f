// The tree canvas component's entry (ui/common/canvas.py: js="index.js"): the core and its
// plugins, in the order they are offered a key or a click (core.js: the plugin interface).
// A new plugin is a module in plugins/ and a line here (its style sheet a line in index.css).
// The browser is served this module's bundle, one file (game_tree_lab/dist/tree_canvas/,
// `make bundle`).

import { mount } from "./core.js";
import access from "./plugins/access.js";
import answer from "./plugins/answer.js";
import cuts from "./plugins/cuts.js";
import edit from "./plugins/edit.js";
import follow from "./plugins/follow.js";
import history from "./plugins/history.js";
import links from "./plugins/links.js";
import mcts from "./plugins/mcts.js";
import projector from "./plugins/projector.js";
import research from "./plugins/research.js";
import student from "./plugins/student.js";
import takeaway from "./plugins/takeaway.js";

export default mount([answer, cuts, edit, follow, history, links, mcts, projector, research, student, takeaway, access]);
