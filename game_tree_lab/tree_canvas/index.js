// The tree canvas component's entry (ui/common/canvas.py: js="index.js"): the core and its
// plugins, in the order they are offered a key or a click (core.js: the plugin interface).
// A new plugin is a module in plugins/ and a line here (its style sheet a line in index.css).
// Every module of the canvas is imported here, lib/ too (what core.js and the plugins import):
// the browser then asks for all of them once it has this file, not for lib/ only after
// core.js has arrived (one round trip fewer on a first visit; ui.common.canvas).

import "./lib/address.js";
import "./lib/geometry.js";
import "./lib/hooks.js";
import "./lib/poll.js";
import "./lib/report.js";
import "./lib/steps.js";
import "./lib/util.js";
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
