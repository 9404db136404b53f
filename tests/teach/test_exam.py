"""Seeded exercises and printable sheets: same seed, same exercise, same bytes."""

from __future__ import annotations

import random
import re

import pytest

from engine.errors import InputError
from engine.search import search_tree
from engine.trace import CUT
from engine.tree import complete_tree
from teach.exam import (
    MAX_EXERCISE_LEAVES,
    MAX_SHEET_LEAVES,
    check_sheet,
    make_exercise,
    make_sheet,
    max_cuts,
)
from viz.exam_sheet import page_count, render_sheet


def cuts_by_search(leaves, b):
    return sum(e.kind == CUT for e in search_tree(complete_tree(leaves, b)).events)


def test_same_seed_same_exercise_and_global_random_untouched():
    random.seed(123)
    expected = random.random()
    random.seed(123)
    a = make_exercise(42, 3, 2, 0, 9, None)
    assert random.random() == expected
    b = make_exercise(42, 3, 2, 0, 9, None)
    assert a.leaves == b.leaves and len(a.leaves) == 9
    assert all(0 <= v <= 9 for v in a.leaves)
    assert a.leaves != make_exercise(43, 3, 2, 0, 9, None).leaves
    s1, s2 = make_sheet(5, 4, 2, 3, -9, 9), make_sheet(5, 4, 2, 3, -9, 9)
    assert [e.leaves for e in s1] == [e.leaves for e in s2]
    assert len({e.leaves for e in s1}) == 4


@pytest.mark.parametrize(("b", "d", "target"), [(3, 2, 0), (3, 2, 1), (3, 2, 2), (3, 3, 5)])
def test_target_cuts_honoured_when_reachable(b, d, target):
    assert target <= max_cuts(b, d)
    for seed in range(3):
        ex = make_exercise(seed, b, d, 0, 20, target)
        assert ex.target_met and ex.cuts == target
        assert cuts_by_search(ex.leaves, b) == target  # checked with the engine's search


def test_unreachable_target_reports_closest():
    ex = make_exercise(1, 2, 2, 0, 9, 50)
    assert max_cuts(2, 2) == 1 and max_cuts(3, 2) == 2
    assert not ex.target_met and ex.cuts == 1 and ex.tries >= 1
    assert "asked for 50" in ex.describe()


def test_bad_shapes_are_input_errors():
    for args in [
        (1, 2, 0, 9, None),
        (3, 0, 0, 9, None),
        (3, 2, 9, 0, None),
        (3, 2, 0, 9, -1),
        (5, 4, 0, 9, None),
    ]:
        with pytest.raises(InputError):
            make_exercise(0, *args)
    with pytest.raises(InputError):
        make_sheet(0, 0)


def pdf_pages(pdf: bytes) -> int:
    return len(re.findall(rb"/Type\s*/Page[^s]", pdf))


def test_pdf_is_byte_identical_for_a_seed_and_multi_page():
    sheet = make_sheet(11, 5, 3, 3, 0, 20, target_cuts=3)
    a = render_sheet(sheet, answers=True, fmt="pdf")
    b = render_sheet(make_sheet(11, 5, 3, 3, 0, 20, target_cuts=3), answers=True, fmt="pdf")
    assert a.startswith(b"%PDF") and a == b
    assert b"CreationDate" not in a
    assert page_count(sheet) == 2 and pdf_pages(a) == 2
    q = render_sheet(sheet, answers=False, fmt="pdf")
    assert q != a and pdf_pages(q) == 2


def test_png_pages():
    sheet = make_sheet(3, 4, 2, 2, -9, 9)
    assert page_count(sheet) == 1
    png = render_sheet(sheet, answers=False, fmt="png")
    assert png.startswith(b"\x89PNG") and png == render_sheet(sheet, False, "png")
    assert png != render_sheet(sheet, True, "png")
    # A4 at 150 dpi
    w, h = int.from_bytes(png[16:20], "big"), int.from_bytes(png[20:24], "big")
    assert (w, h) == (1240, 1753)
    with pytest.raises(InputError):
        render_sheet(sheet, False, "png", page=1)


def test_render_rejects_what_cannot_print():
    with pytest.raises(InputError):
        render_sheet([], False, "pdf")
    with pytest.raises(InputError):
        render_sheet(make_sheet(1, 1), False, "svg")
    with pytest.raises(InputError):
        render_sheet([make_exercise(1, 2, 5, 0, 9)], False, "pdf")  # 32 leaves


def test_a_sheet_is_made_exactly_when_it_prints():
    """One check of what prints (teach.exam.check_printable): make_sheet, the exam panel and
    the printer agree. 2^5 = 32 leaves was once a sheet the printer refused."""
    with pytest.raises(InputError, match="printed sheet"):
        make_sheet(1, 1, 2, 5, 0, 9)
    for b in range(2, 6):
        for d in range(1, 6):
            if b**d > MAX_EXERCISE_LEAVES:
                continue
            try:
                check_sheet(1, b, d, 0, 9, None)
            except InputError:
                with pytest.raises(InputError):
                    render_sheet([make_exercise(1, b, d, 0, 9)], False, "pdf")
                continue
            assert b**d <= MAX_SHEET_LEAVES
            render_sheet(make_sheet(1, 1, b, d, 0, 9), False, "pdf")  # prints without error
