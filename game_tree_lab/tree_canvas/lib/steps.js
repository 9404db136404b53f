// The step state: every node's status, alpha, beta and value at step k of a payload.
//
// A payload's steps[k - 1] lists what step k changes, five numbers a node:
// [node, status, alpha, beta, value] (status 0 unseen, 1 active, 2 done, 3 pruned; the
// others index the payload's vals, -1 none). Going forward applies them; going back applies
// the undo records made once from them. No DOM: tested with node --test.

export class StepState {
  /** The state of `m` nodes at step 0 of `steps` (a payload's p.steps). */
  constructor(steps, m) {
    this.n = steps.length;
    this.k = 0;
    this.st = new Int8Array(m);
    this.a = new Int32Array(m).fill(-1);
    this.b = new Int32Array(m).fill(-1);
    this.v = new Int32Array(m).fill(-1);
    this.steps = steps;
    // undo[k] = the old [i, st, a, b, v] of every node step k changes
    const st = new Int8Array(m), a = new Int32Array(m).fill(-1);
    const b = new Int32Array(m).fill(-1), v = new Int32Array(m).fill(-1);
    this.undo = new Array(this.n + 1);
    for (let k = 1; k <= this.n; k++) {
      const d = steps[k - 1];
      const u = new Array(d.length);
      for (let j = 0; j < d.length; j += 5) {
        const i = d[j];
        u[j] = i; u[j + 1] = st[i]; u[j + 2] = a[i]; u[j + 3] = b[i]; u[j + 4] = v[i];
        st[i] = d[j + 1]; a[i] = d[j + 2]; b[i] = d[j + 3]; v[i] = d[j + 4];
      }
      this.undo[k] = u;
    }
  }

  /** `k` rounded and clamped to 0..n. */
  clamp(k) {
    return Math.max(0, Math.min(Math.round(Number(k) || 0), this.n));
  }

  /** Go to step `k` (clamped); returns the set of nodes whose state changed on the way. */
  moveTo(k) {
    k = this.clamp(k);
    const dirty = new Set();
    while (this.k < k) {
      const d = this.steps[this.k];
      for (let j = 0; j < d.length; j += 5) this.put(d, j, dirty);
      this.k++;
    }
    while (this.k > k) {
      const u = this.undo[this.k];
      for (let j = u.length - 5; j >= 0; j -= 5) this.put(u, j, dirty);
      this.k--;
    }
    return dirty;
  }

  put(rec, j, dirty) {
    const i = rec[j];
    this.st[i] = rec[j + 1]; this.a[i] = rec[j + 2]; this.b[i] = rec[j + 3]; this.v[i] = rec[j + 4];
    dirty.add(i);
  }
}
