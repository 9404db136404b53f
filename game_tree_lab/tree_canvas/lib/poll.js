// A class student's page follows its class over HTTP (ui/classroom/routes.py): ask the server
// for the page's state with the `seen` the still shows; the server answers at once when it
// differs, else when the class moves on, else after its wait ("nothing new": ask again).
// No DOM: tested with node --test (fetch and the pause can be passed in).
//
//   onState(answer)  a new state: answer = {seen, data}
//   onAway()         the server did not answer (network, a restart, the database away):
//                    asked again after a pause that doubles up to `most` ms
//   onBack()         it answers again
//   onGone()         the token names nobody (403): the loop ends

export class LongPoll {
  constructor({
    fetch = (...a) => globalThis.fetch(...a),
    pause = (ms) => new Promise((done) => setTimeout(done, ms)),
    first = 500,
    most = 5000,
    calm = 200,
    onState = () => {},
    onAway = () => {},
    onBack = () => {},
    onGone = () => {},
  } = {}) {
    Object.assign(this, { fetch, pause, first, most, calm, onState, onAway, onBack, onGone });
    this.seen = null;
    this.url = null;
    this.running = false;
    this.away = false;
    this.abort = null;
  }

  /** Follow `url` (with its query: s and lang) from state `seen`; again with another seen
   * only moves the seen (a request under way keeps going; its answer is compared). */
  follow(url, seen) {
    this.seen = seen;
    if (this.running && url === this.url) return;
    this.stop();
    this.url = url;
    this.running = true;
    this.loop();
  }

  stop() {
    this.running = false;
    if (this.abort) this.abort.abort();
    this.abort = null;
  }

  async loop() {
    const url = this.url;
    let wait = this.first;
    while (this.running && url === this.url) {
      const asked = this.seen;
      const ctl = typeof AbortController === "function" ? new AbortController() : null;
      this.abort = ctl;
      let got;
      try {
        const r = await this.fetch(`${url}&seen=${encodeURIComponent(asked ?? "")}`, {
          cache: "no-store",
          signal: ctl ? ctl.signal : undefined,
        });
        if (!this.running || url !== this.url) return;
        if (r.status === 403) {
          this.running = false;
          this.onGone();
          return;
        }
        if (!r.ok) throw new Error(`HTTP ${r.status}`);
        got = await r.json();
      } catch {
        if (!this.running || url !== this.url) return;
        if (!this.away) { this.away = true; this.onAway(); }
        await this.pause(wait);
        wait = Math.min(wait * 2, this.most);
        continue;
      }
      wait = this.first;
      if (this.away) { this.away = false; this.onBack(); }
      if (got && got.data && got.seen !== this.seen) {
        this.seen = got.seen;
        this.onState(got);
      } else if (this.seen === asked) {
        await this.pause(this.calm); // nothing new (the server's wait ended): not at once
      }
    }
  }
}
