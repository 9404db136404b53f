// Streamlit adds a component's style sheet as a <link> beside its element and runs the
// component's module without waiting for it to load: until it has, the canvas would be drawn
// unstyled, a still's hidden step buttons on show and working (issue 38: a practice question's
// still showed ‹ › and » for the moment its sheet took on a busy server). So a canvas is hidden
// until its sheet applies; with the sheet at hand (a cached one) it is never hidden at all.
// No DOM: tested with node --test (the check and the frame scheduler are passed in).

/** The custom property core.css gives `.gtl-canvas` (to 1): the sheet has applied. */
export const MARK = "--gtl-styled";

/** Whether `el`'s computed style carries MARK (a browser's getComputedStyle). */
export function hasMark(el, style = (e) => getComputedStyle(e)) {
  return style(el).getPropertyValue(MARK).trim() === "1";
}

/** Hide `el` (visibility: it is laid out, unseen and untouchable) until `styled()`, checked
 * now and then on every frame (`frame`: requestAnimationFrame); then show it. Stops when the
 * returned function is called, and when `el` has left the page (shown then: never left
 * hidden for good). */
export function hideUntilStyled(el, styled, frame = (f) => requestAnimationFrame(f)) {
  if (styled()) return () => {};
  el.style.visibility = "hidden";
  let waiting = true;
  const check = () => {
    if (!waiting) return;
    if (el.isConnected === false || styled()) { el.style.visibility = ""; waiting = false; return; }
    frame(check);
  };
  frame(check);
  return () => { waiting = false; };
}
