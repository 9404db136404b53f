// The one report path to Python (setStateValue / setTriggerValue of components v2).
//
// The step is sent debounced: one report `wait` ms after the last change, and only when it
// differs from the step the server knows (one rerun after a burst of keys). Any other
// message (a drill-down, an edit, an answer) first sends a step still waiting, so Python
// hears them in the order they happened (an edit after a step must not be followed by the
// old step). No DOM: tested with node --test (timers can be passed in).

export class Reporter {
  // (Timers are called as plain functions: a browser refuses setTimeout called on another object.)
  constructor({ wait = 400, setTimer = (fn, ms) => setTimeout(fn, ms), clearTimer = (id) => clearTimeout(id) } = {}) {
    this.wait = wait;
    this.setTimer = setTimer;
    this.clearTimer = clearTimer;
    this.timer = null;
    this.pending = null; // the step to send when the timer fires
    this.known = null; // the step the server knows
    this.setState = null;
    this.setTrigger = null;
  }

  /** The component's callbacks (they may change with every mount). */
  connect(setStateValue, setTriggerValue) {
    this.setState = setStateValue;
    this.setTrigger = setTriggerValue;
  }

  /** The server says it is at step `k` (it sent it): nothing to report for it. */
  heard(k) {
    this.known = k;
  }

  /** The browser is at step `k`: report it after the debounce. */
  step(k) {
    this.pending = k;
    if (this.timer !== null) this.clearTimer(this.timer);
    this.timer = this.setTimer(() => { this.timer = null; this.flush(); }, this.wait);
  }

  /** Send a step still waiting now (when it differs from what the server knows). */
  flush() {
    if (this.timer !== null) { this.clearTimer(this.timer); this.timer = null; }
    const k = this.pending;
    this.pending = null;
    if (k === null || k === this.known || !this.setState) return;
    this.known = k;
    this.setState("step", k);
  }

  /** Send event `name` with `value` (a trigger), after any step still waiting. */
  send(name, value) {
    this.flush();
    if (this.setTrigger) this.setTrigger(name, value);
  }

  /** Forget a step still waiting (the canvas goes away). */
  cancel() {
    if (this.timer !== null) this.clearTimer(this.timer);
    this.timer = null;
    this.pending = null;
  }
}
