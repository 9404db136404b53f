// A hand-driven clock for the modules' timers: setTimer / clearTimer / now, and tick(ms).
export function fakeClock() {
  let t = 0, id = 0;
  const due = new Map(); // id -> [time, fn]
  return {
    now: () => t,
    setTimer: (fn, ms) => { due.set(++id, [t + ms, fn]); return id; },
    clearTimer: (i) => { due.delete(i); },
    pending: () => due.size,
    tick(ms) {
      const end = t + ms;
      for (;;) {
        const next = [...due].filter(([, [at]]) => at <= end).sort((a, b) => a[1][0] - b[1][0])[0];
        if (!next) break;
        const [i, [at, fn]] = next;
        due.delete(i);
        t = at;
        fn();
      }
      t = end;
    },
  };
}
