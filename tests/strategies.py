"""Test support: hypothesis strategies shared by several test modules."""

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
