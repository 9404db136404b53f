"""Test support shared by several test modules: hypothesis strategies for trees, and the
step of a run's first cut-off."""

from __future__ import annotations

from hypothesis import strategies as st


def complete_cases(
    branching: tuple[int, int] = (2, 3),
    depth: tuple[int, int] = (1, 3),
    values: tuple[int, int] = (-5, 5),
) -> st.SearchStrategy[tuple[int, list[int]]]:
    """``(b, leaves)`` of a complete tree: b and the depth d drawn from the inclusive ranges,
    and ``b ** d`` leaf values from ``values``."""
    return st.integers(*branching).flatmap(
        lambda b: st.tuples(
            st.just(b),
            st.integers(*depth).flatmap(
                lambda d: st.lists(st.integers(*values), min_size=b**d, max_size=b**d)
            ),
        )
    )


def first_cut_step(run) -> int | None:
    """The step (1-based) of ``run``'s first cut-off, or None when nothing is pruned."""
    return next((i + 1 for i, e in enumerate(run.events) if e.kind == "cut"), None)
