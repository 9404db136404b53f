// Plugin "links" (ui/boards/board_links.py): a canvas sent data.x.dropParam takes its step
// (?k=), autoplay (?play=) and its plugins' parameters (?fv=) out of the address bar when it
// goes away while its page stays (a board lab's search tab closed, play mode): the server
// drops them in that run, but the canvas, still on screen then, put them back; the link must
// say what is on screen.

export default function links(ctx) {
  let drop = false;
  return {
    update(data) {
      drop = Boolean(data.x && data.x.dropParam);
    },
    destroy() {
      if (drop) ctx.clearParams();
    },
  };
}
