// The plugins of one canvas and the order they are asked in (the order they are given).
//
// Two kinds of hook: a notice (update, built, drawn, rendered, destroy) goes to every plugin
// that has it; an event (key, click) is offered to one plugin after another until one
// claims it by returning true: the later plugins and the core then never see it. sizing
// asks every plugin and merges what they return. No DOM: tested with node --test.

export const NOTICES = ["update", "built", "drawn", "rendered", "destroy"];
export const EVENTS = ["key", "click"];

export class Hooks {
  /** `plugins`: functions ctx -> hooks object (see core.js); each is called once here. */
  constructor(plugins, ctx) {
    this.list = plugins.map((plugin) => plugin(ctx) || {});
  }

  /** Tell every plugin; returns nothing. */
  notify(name, ...args) {
    for (const h of this.list) if (h[name]) h[name](...args);
  }

  /** Offer an event; true when a plugin claimed it (the rest were not asked). */
  claim(name, ...args) {
    for (const h of this.list) if (h[name] && h[name](...args) === true) return true;
    return false;
  }

  /** Every plugin's sizing, merged (a later plugin's field wins): {scale?, levelH?}. */
  sizing() {
    const out = {};
    for (const h of this.list) if (h.sizing) Object.assign(out, h.sizing() || {});
    return out;
  }
}
