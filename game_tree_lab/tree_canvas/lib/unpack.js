// A big payload travels deflated (ui/common/canvas.py's `packed`): the canvas's `data.p`, or a
// plugin's data in `data.x`, is then `{z}`, its JSON deflated (zlib) and in base64. Streamlit's
// message then carries about a tenth of the characters (the pawn search tab's first run: 4.7 MB
// of JSON, 0.6 MB packed), which the server writes and the browser decodes once per run; here it
// is inflated by the browser's own DecompressionStream, once per payload (the last two are
// kept: a rerun sends the same packed text again). No DOM: tested with node --test.

// packed texts remembered with their inflated value: a run's payload and its follow view, sent
// again by every rerun; no more (an inflated pawn search is tens of MB on a phone)
const KEPT = 2;
const kept = new Map(); // z -> Promise of its value

/** Whether `v` is a packed value: an object whose only field is the string `z`. */
export function isPacked(v) {
  return v !== null && typeof v === "object" && !Array.isArray(v) && typeof v.z === "string" && Object.keys(v).length === 1;
}

/** The value packed in base64 text `z` (a Promise). The base64 is read by the browser's own
 * code (a data: URL), not a loop here: 0.6 MB of it took 40 ms on a phone's CPU. */
export async function inflate(z) {
  let bytes;
  try {
    bytes = (await fetch(`data:application/octet-stream;base64,${z}`)).body;
  } catch {
    // a page whose content policy refuses data: URLs
    const text = atob(z);
    const raw = new Uint8Array(text.length);
    for (let i = 0; i < text.length; i++) raw[i] = text.charCodeAt(i);
    bytes = new Blob([raw]).stream();
  }
  return new Response(bytes.pipeThrough(new DecompressionStream("deflate"))).json();
}

function inflated(z) {
  let got = kept.get(z);
  if (got === undefined) {
    got = inflate(z);
    got.catch(() => kept.delete(z)); // a text that did not inflate is not kept
    if (kept.size >= KEPT) kept.delete(kept.keys().next().value);
  } else {
    kept.delete(z); // most recently used last
  }
  kept.set(z, got);
  return got;
}

/** Whether the canvas's `data` holds a packed value (data.p or one of data.x's). */
export function hasPacked(data) {
  if (!data) return false;
  return isPacked(data.p) || Object.values(data.x || {}).some(isPacked);
}

/** `data` with every packed value (data.p, data.x's) inflated: a Promise of a new object;
 * `data` itself is not changed. */
export async function unpack(data) {
  const x = { ...(data.x || {}) };
  const names = Object.keys(x).filter((name) => isPacked(x[name]));
  const [p, ...values] = await Promise.all([
    isPacked(data.p) ? inflated(data.p.z) : data.p,
    ...names.map((name) => inflated(x[name].z)),
  ]);
  names.forEach((name, i) => { x[name] = values[i]; });
  return { ...data, p, x };
}
