"""Test support: a plain fold of a trace's events, the reference the Replayer is checked
against for searches that enter a node more than once (PVS re-searches) or answer from a
table (MTD(f), iterative deepening)."""

from __future__ import annotations

from engine.trace import ACTIVE, DONE, ENTER, EXIT, LEAF, PRUNED, UNSEEN


def fold_visits(run, k):
    """(status, value, alpha, beta) per node after the first k events, applied one by one:
    ENTER makes a node active with no value yet (again, on a re-search); LEAF/EXIT make it
    done; UPDATE/CUT/TABLE set its best so far; a cut prunes only nodes never reached."""
    n = len(run.tree)
    status = [UNSEEN] * n
    value = [None] * n
    alpha = [None] * n
    beta = [None] * n
    for e in run.events[:k]:
        v = e.node
        alpha[v], beta[v] = e.alpha, e.beta
        if e.kind == ENTER:
            status[v] = ACTIVE
            value[v] = None
        elif e.kind in (LEAF, EXIT):
            status[v] = DONE
            value[v] = e.value
        else:
            value[v] = e.best
            for s in e.skipped:
                for x in run.tree.preorder(s):
                    if status[x] in (UNSEEN, PRUNED):
                        status[x] = PRUNED
    for v in range(n):
        if status[v] in (UNSEEN, PRUNED):
            alpha[v] = beta[v] = value[v] = None
    return status, value, alpha, beta
