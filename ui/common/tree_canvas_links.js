// Plugin "links" (ui/boards/board_links.py): a canvas sent data.x.dropParam takes its step
// (?k=) and autoplay (?play=) out of the address bar when it goes away while its page stays
// (a board lab's search tab closed, play mode): the server drops them in that run, but the
// canvas, still on screen then, put them back; the link must say what is on screen.
PLUGINS.push({
  update(c, data) {
    c.dropParam = Boolean(data.x && data.x.dropParam);
  },
  destroy(c) {
    if (!c.dropParam || !c.param || c.path !== window.location.pathname) return;
    const u = new URL(window.location.href);
    if (!u.searchParams.has(c.param) && !u.searchParams.has("play")) return;
    u.searchParams.delete(c.param);
    u.searchParams.delete("play");
    REG.replaceState(window.history.state, "", u.toString());
  },
});
