// Plugin "links" (ui/boards/board_links.py): a canvas sent data.x.dropParam takes its step
// (?k=), autoplay (?play=) and its plugins' parameters (?fv=) out of the address bar when it goes away while its page stays
// (a board lab's search tab closed, play mode): the server drops them in that run, but the
// canvas, still on screen then, put them back; the link must say what is on screen.
PLUGINS.push({
  update(c, data) {
    c.dropParam = Boolean(data.x && data.x.dropParam);
  },
  destroy(c) {
    if (!c.dropParam || !c.param || c.path !== window.location.pathname) return;
    const u = new URL(window.location.href);
    const names = [c.param, "play", ...Object.keys(c.urlExtra || {})];
    if (!names.some((n) => u.searchParams.has(n))) return;
    for (const n of names) u.searchParams.delete(n);
    REG.replaceState(window.history.state, "", u.toString());
  },
});
