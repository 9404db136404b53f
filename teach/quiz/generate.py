"""Question generation: a :class:`~engine.trace.SearchRun` in, its questions out, each placed
just before the event that answers it. One generator per kind (a node's value, a bound, a
cut-off) walks the run; :func:`questions` asks the kinds wanted and merges them in step order,
with the questions about windows (teach.quiz.windows) the run has."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field

from engine.trace import CUT, ENTER, EXIT, LEAF, UPDATE, Event, SearchRun
from engine.values import fmt_value
from teach.i18n import N_, _, current, ngettext
from teach.quiz.model import (
    BOUND,
    KINDS,
    NODE_TYPE,
    PRUNE,
    RE_SEARCH_Q,
    TABLE_BOUND,
    VALUE,
    Question,
    node_names,
)
from teach.quiz.windows import node_type_questions, re_search_questions, table_bound_questions

Generator = Callable[[SearchRun, list[str]], list[Question]]


@dataclass
class _Seen:
    """What a node has been told since the search last entered it."""

    first: tuple[float, float]  # the window it was given
    window: tuple[float, float]  # its window now
    got: list[int] = field(default_factory=list)  # the child values it received
    best: int | None = None  # its best so far


def _walk(run: SearchRun) -> Iterator[tuple[int, Event, _Seen | None]]:
    """Each event of ``run`` with what its node had seen before the event (None: a node the
    search never entered, a leaf)."""
    seen: dict[int, _Seen] = {}
    for i, e in enumerate(run.events):
        if e.kind == ENTER:
            seen[e.node] = _Seen((e.alpha, e.beta), (e.alpha, e.beta))
        node = seen.get(e.node)
        yield i, e, node
        if e.kind == UPDATE and node is not None:
            node.window = (e.alpha, e.beta)
            node.got.append(int(e.value or 0))
            node.best = e.best


def _side(run: SearchRun, n: int) -> str:
    return "MAX" if run.tree.is_max(n) else "MIN"


def _list(names: list[str], nodes: Iterable[int]) -> str:
    """ "leaf 5, leaf 6 and C" in the run's language."""
    items = [names[n] for n in nodes]
    if len(items) <= 1:
        return "".join(items)
    sep = "、" if current() == "zh" else ", "
    return _("{items} and {last}", items=sep.join(items[:-1]), last=items[-1])


def leaf_questions(run: SearchRun, names: list[str]) -> list[Question]:
    """ "What is the value of leaf 3?" before each LEAF (for game searches, whose leaf scores
    are not on the tree)."""
    return [
        Question(
            i,
            VALUE,
            e.node,
            _("What is the value of {name}?", name=names[e.node]),
            int(e.value or 0),
            _("{name} evaluates to {value}.", name=names[e.node], value=e.value),
            hide=tuple(run.tree.preorder(e.node)),
        )
        for i, e in enumerate(run.events)
        if e.kind == LEAF
    ]


# Why a node returns what it returns: (MAX node?, values received?, fail-hard clamped?)
_RETURNS = {
    (True, True, False): N_(
        "{name} (MAX) returns the largest value it received ({vals}): {value}."
    ),
    (True, False, False): N_("{name} (MAX) returns the largest value it received: {value}."),
    (False, True, False): N_(
        "{name} (MIN) returns the smallest value it received ({vals}): {value}."
    ),
    (False, False, False): N_("{name} (MIN) returns the smallest value it received: {value}."),
    (True, True, True): N_(
        "{name} (MAX) returns the largest value it received ({vals}), {best}, clamped to the "
        "window it was given [{a}, {b}]: {value}."
    ),
    (True, False, True): N_(
        "{name} (MAX) returns the largest value it received, {best}, clamped to the window it "
        "was given [{a}, {b}]: {value}."
    ),
    (False, True, True): N_(
        "{name} (MIN) returns the smallest value it received ({vals}), {best}, clamped to the "
        "window it was given [{a}, {b}]: {value}."
    ),
    (False, False, True): N_(
        "{name} (MIN) returns the smallest value it received, {best}, clamped to the window it "
        "was given [{a}, {b}]: {value}."
    ),
}


def return_questions(run: SearchRun, names: list[str]) -> list[Question]:
    """ "What value does B (MIN) return?" before each EXIT. The question hides the node's
    subtree: its windows carry the bound (a MIN node enters its last children with beta = its
    best so far)."""
    tree = run.tree
    hard = run.variant == "fail-hard"
    out: list[Question] = []
    for i, e, seen in _walk(run):
        if e.kind != EXIT:
            continue
        n, nm = e.node, names[e.node]
        vals = seen.got if seen is not None else []
        mx = tree.is_max(n)
        clamped = hard and seen is not None
        a0, b0 = seen.first if seen is not None else (None, None)
        why = _(
            _RETURNS[mx, bool(vals), clamped],
            name=nm,
            vals=", ".join(map(str, vals)),
            best=e.best,
            a=fmt_value(a0) if clamped else "",
            b=fmt_value(b0) if clamped else "",
            value=e.value,
        )
        if len(vals) < len(tree.children[n]):
            why += " " + _("It stopped early, so this is a bound, not an exact value.")
        out.append(
            Question(
                i,
                VALUE,
                n,
                _("What value does {name} ({side}) return?", name=nm, side=_side(run, n)),
                int(e.value or 0),
                why,
                hide=tuple(tree.preorder(n)),
            )
        )
    return out


def bound_questions(run: SearchRun, names: list[str]) -> list[Question]:
    """ "leaf 4 returns 2 to B (MIN). What is beta at B now?" before each UPDATE of an
    alpha-beta run: alpha at MAX nodes, beta at MIN nodes."""
    if run.algorithm != "alphabeta":
        return []
    out: list[Question] = []
    for i, e, seen in _walk(run):
        if e.kind != UPDATE or seen is None:
            continue
        n, nm = e.node, names[e.node]
        c = e.child if e.child is not None else -1
        a0, b0 = seen.window
        mx = run.tree.is_max(n)
        old, new = (a0, e.alpha) if mx else (b0, e.beta)
        prev = seen.best
        if mx:
            prompt = N_("{child} returns {value} to {name} (MAX). What is alpha at {name} now?")
            rule = (
                N_("best = {best}; alpha = max(alpha, best) = max({old}, {best}) = {new}.")
                if prev is None
                else N_(
                    "best = max({prev}, {value}) = {best}; alpha = max(alpha, best) = "
                    "max({old}, {best}) = {new}."
                )
            )
        else:
            prompt = N_("{child} returns {value} to {name} (MIN). What is beta at {name} now?")
            rule = (
                N_("best = {best}; beta = min(beta, best) = min({old}, {best}) = {new}.")
                if prev is None
                else N_(
                    "best = min({prev}, {value}) = {best}; beta = min(beta, best) = "
                    "min({old}, {best}) = {new}."
                )
            )
        params = {
            "child": names[c],
            "value": e.value,
            "name": nm,
            "best": e.best,
            "prev": prev,
            "old": fmt_value(old),
            "new": fmt_value(new),
        }
        out.append(Question(i, BOUND, n, _(prompt, **params), new, _(rule, **params)))
    return out


def prune_questions(run: SearchRun, names: list[str]) -> list[Question]:
    """ "Are the remaining children of B (leaf 5 and leaf 6) pruned?" right after each UPDATE
    of an alpha-beta run that leaves children to search; yes when a CUT follows."""
    if run.algorithm != "alphabeta":
        return []
    tree, ev = run.tree, run.events
    op, neg = (">", "<=") if run.variant == "strict" else (">=", "<")
    out: list[Question] = []
    for i, e in enumerate(ev[:-1]):
        if e.kind != UPDATE:
            continue
        n, c = e.node, e.child if e.child is not None else -1
        kids = tree.children[n]
        rest = kids[kids.index(c) + 1 :] if c in kids else ()
        if not rest:
            continue
        cut = ev[i + 1].kind == CUT and ev[i + 1].node == n
        a, b = fmt_value(e.alpha), fmt_value(e.beta)
        if cut:
            why = ngettext(
                "alpha = {a} {op} beta = {b}, so {names} is skipped.",
                "alpha = {a} {op} beta = {b}, so {names} are skipped.",
                len(rest),
                a=a,
                op=op,
                b=b,
                names=_list(names, rest),
            )
        else:
            why = _(
                "alpha = {a} {op} beta = {b}, so the search goes on to {next}.",
                a=a,
                op=neg,
                b=b,
                next=names[rest[0]],
            )
        out.append(
            Question(
                i + 1,
                PRUNE,
                n,
                _(
                    "Are the remaining children of {name} ({names}) pruned?",
                    name=names[n],
                    names=_list(names, rest),
                ),
                cut,
                why,
            )
        )
    return out


_WINDOWS: dict[str, Generator] = {
    NODE_TYPE: node_type_questions,
    RE_SEARCH_Q: re_search_questions,
    TABLE_BOUND: table_bound_questions,
}


def more_kinds(run: SearchRun) -> tuple[str, ...]:
    """The kinds past :data:`KINDS` that ``run`` has questions of: a node's type in an
    alpha-beta run, a null-window probe's re-search in a PVS run, a table entry's bound in
    iterative deepening with the table."""
    if run.algorithm == "alphabeta":
        return (NODE_TYPE,)
    if run.algorithm == "pvs":
        return (RE_SEARCH_Q,)
    if run.algorithm == "deepening":  # (MTD(f)'s memory narrows windows: not this rule)
        return (TABLE_BOUND,)
    return ()


def _order(q: Question) -> tuple[int, int]:
    """Questions in step order; at one step the cut-off question first (it is about the
    UPDATE just before), then the question about the step's own event, then the questions
    about windows (a node's type or table entry asked before its value would show the
    value it returns)."""
    return q.step, 0 if q.kind == PRUNE else 2 if q.kind in _WINDOWS else 1


def questions(
    run: SearchRun,
    kinds: Iterable[str] = KINDS,
    include_leaves: bool | None = None,
    names: list[str] | None = None,
) -> list[Question]:
    """All questions for ``run`` of the ``kinds`` asked, in step order. ``include_leaves=None``
    asks for leaf values only in game searches (``run.states`` set), where they are not
    printed on the tree."""
    want = set(kinds)
    names = names or node_names(run.tree)
    if include_leaves is None:
        include_leaves = run.states is not None
    generators: list[Generator] = []
    if VALUE in want:
        generators += [leaf_questions] if include_leaves else []
        generators.append(return_questions)
    if BOUND in want:
        generators.append(bound_questions)
    if PRUNE in want:
        generators.append(prune_questions)
    generators += [_WINDOWS[kind] for kind in more_kinds(run) if kind in want]
    return sorted((q for make in generators for q in make(run, names)), key=_order)
