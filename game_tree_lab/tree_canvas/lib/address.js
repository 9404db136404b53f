// The one address-bar writer of a canvas: the query parameters it owns (the core's ?k= and
// ?play=, a plugin's own, e.g. the follow view's ?fv=) go into the link with
// history.replaceState, at most once per `wait` ms while stepping (browsers throttle it)
// and at once when forced. A parameter set to null is taken out of the link. Nothing else of
// the address is touched. No DOM: tested with node --test with a stand-in window.

export class Address {
  // (Timers are called as plain functions: a browser refuses setTimeout called on another object.)
  constructor(win, { wait = 120, now = () => performance.now(), setTimer = (fn, ms) => setTimeout(fn, ms), clearTimer = (id) => clearTimeout(id) } = {}) {
    this.win = win;
    this.wait = wait;
    this.now = now;
    this.setTimer = setTimer;
    this.clearTimer = clearTimer;
    this.params = new Map(); // name -> value (a string) or null (not in the link)
    this.timer = null;
    this.at = -Infinity;
  }

  /** Own parameters {name: value or null}; written with the next write. */
  set(params) {
    for (const [name, v] of Object.entries(params)) this.params.set(name, v === null || v === undefined ? null : String(v));
  }

  /** The link's value of parameter `name` (null: not there). */
  read(name) {
    return new URL(this.win.location.href).searchParams.get(name);
  }

  /** Write the owned parameters into the link: now when `force`, else within `wait` ms. */
  write(force) {
    if (force) { this.flush(); return; }
    if (this.timer !== null) return; // a write is due: it reads the parameters when it runs
    const left = this.wait - (this.now() - this.at);
    if (left <= 0) this.flush();
    else this.timer = this.setTimer(() => this.flush(), left);
  }

  flush() {
    if (this.timer !== null) this.clearTimer(this.timer);
    this.timer = null;
    this.at = this.now();
    this.replace([...this.params]);
  }

  /** Take every parameter this canvas owns out of the link (and own none). */
  clear() {
    const gone = [...this.params.keys()].map((name) => [name, null]);
    this.cancel();
    this.params.clear();
    this.replace(gone);
  }

  /** Forget a write still due. */
  cancel() {
    if (this.timer !== null) this.clearTimer(this.timer);
    this.timer = null;
  }

  replace(entries) {
    const u = new URL(this.win.location.href);
    if (entries.every(([n, v]) => u.searchParams.get(n) === v)) return;
    for (const [n, v] of entries) {
      if (v === null) u.searchParams.delete(n);
      else u.searchParams.set(n, v);
    }
    this.win.history.replaceState(this.win.history.state, "", u.toString());
  }
}

/**
 * Call `fn` after anyone else writes the address (Streamlit puts the server's copy of the
 * query string there after a rerun, which may be older than the step on screen). It listens
 * to the Navigation API's currententrychange (a history entry pushed or replaced fires it); a
 * browser without that API leaves the link as the server wrote it until the next step.
 * Returns a function that stops listening.
 */
export function onAddressChange(win, fn) {
  const nav = win.navigation;
  if (!nav || !nav.addEventListener) return () => {};
  nav.addEventListener("currententrychange", fn);
  return () => nav.removeEventListener("currententrychange", fn);
}
