"""The largest entry of every cache of the app (the "Server memory budget" table of the
operators' guide, docs/operators.md): prints figures, asserts nothing.

    python bench/bench_caches.py

Each cache is called on the biggest input a link or a page may give it (the limits a link
may ask for: 20,000 nodes in a tree lab or a class, 10,000 leaves, pawn searches
capped at 80,000 nodes and chase searches at 60,000, the 40 x 40 chase board, a 20-exercise
sheet), and the memory its entry keeps is read with tracemalloc: the Python objects it holds
(not the process's RSS). The caches it calls first are warmed before, so an entry is counted
alone. A search is measured at the size a link reaches, and scaled per node to its cap.
"""

from __future__ import annotations

import gc
import time
import tracemalloc
from collections.abc import Callable

from streamlit.logger import set_log_level

from engine.random_tree import random_leaves, random_tree
from engine.search import search_tree
from teach import i18n, quiz
from ui.boards import board_search as bs
from ui.boards import chase_lab as cl
from ui.boards import pawn_lab as pl
from ui.common import canvas
from ui.practice import exam_panel as ep
from ui.practice import variants_panel as vp
from ui.practice.practice_common import build_tree, quiz_names
from ui.practice.quiz_panel import question_payload
from ui.tree import race_panel as rp
from ui.tree import tree_lab as tl
from ui.tree import tree_source as ts

set_log_level("error")  # no "No runtime found" per cache: the caches run bare here

PAWN_4X4 = "4x4w:pppp/..../..../PPPP"  # 37,278 nodes: the biggest search a start gives
PAWN_5X5 = "5x5w:ppppp/...../...../...../PPPPP"
CHASE_40 = "40-2.2-40.40-w"


def kept_mb(make: Callable[[], object]) -> tuple[float, object]:
    """The MB of Python objects ``make()`` leaves allocated while its result is alive (a
    cache's entry, or an uncached value), and that result."""
    gc.collect()
    base = tracemalloc.get_traced_memory()[0]
    value = make()
    gc.collect()
    return (tracemalloc.get_traced_memory()[0] - base) / 1e6, value


def show(cache: str, what: str, mb: float, scaled: float | None = None) -> None:
    at_cap = f"   {scaled:6.1f} MB at the cap" if scaled is not None else ""
    size = f"{mb:7.1f} MB" if mb >= 1 else f"{mb * 1000:7.0f} kB"
    print(f"  {cache:<34} {size}  {what}{at_cap}", flush=True)


def tree_labs() -> None:
    print("Tree labs (a 20,000-node tree: the editor's limit)")
    tree = random_tree(20_000, 4, -99, 99, 1)
    source = ts.source_of_tree(tree)
    show("tree_lab.tree_of", "the tree", kept_mb(lambda: tl.tree_of(source))[0])
    for algorithm, ordering in (("minimax", tl.AS_GIVEN), ("alphabeta", "worst-first")):
        args = (source, "statement", ordering, 0, algorithm)
        how = f"{algorithm}, {ordering}"
        show("tree_lab.cached_lab", how, kept_mb(lambda a=args: tl.cached_lab(*a))[0])
        mb, payload = kept_mb(lambda a=args: tl._cached_payload(*a, 0))
        show("tree_lab._cached_payload", how, mb)
        packed = kept_mb(lambda p=payload: canvas.packed(p["id"], p))[0]
        show("canvas.packed", f"{how}: its payload", packed)
    show("race_panel.cached_race", "the race table", kept_mb(lambda: rp.cached_race(source))[0])


def board_labs() -> None:
    print("Board labs")
    show("pawn_lab.solved", "5 x 5 start", kept_mb(lambda: pl.solved(PAWN_5X5))[0])
    mb, searched = kept_mb(lambda: pl.searched(PAWN_4X4))
    run, rep = searched
    scale = pl.SEARCH_CAP / len(run.tree)
    what = f"4 x 4 start, {len(run.tree):,} nodes"
    show("pawn_lab.searched", what, mb, mb * scale)
    mb, payload = kept_mb(lambda: bs._payload("pawn", PAWN_4X4, 0, bs.BUDGET, "en", run, rep))
    show("board_search._payload", what, mb, mb * scale)
    mb, follow = kept_mb(lambda: bs._follow("pawn", PAWN_4X4, "en", run, rep))
    show("board_search._follow", what, mb, mb * scale)
    for name, value in (("payload", payload), ("follow view", follow)):
        packed = kept_mb(lambda v=value: canvas.packed(v["id"], v))[0]
        show("canvas.packed", f"{what}: its {name}", packed, packed * scale)

    show("chase_lab.table", "40 x 40", kept_mb(lambda: cl.table(40))[0])
    depth = 1
    while not isinstance(cl.searched(CHASE_40, depth + 1), str) and depth < 40:
        depth += 1  # the deepest search of the 40 x 40 start under the cap
    cl.searched.clear()
    mb, searched = kept_mb(lambda: cl.searched(CHASE_40, depth))
    run = searched[0]
    what = f"40 x 40 start, depth {depth}, {len(run.tree):,} nodes"
    show("chase_lab.searched", what, mb, mb * cl.SEARCH_CAP / len(run.tree))
    show("chase_lab.raced", f"depth {depth}", kept_mb(lambda: cl.raced(CHASE_40, depth, "en"))[0])
    show("chase_lab.line_parts", "40 x 40 best line", kept_mb(lambda: cl.line_parts(CHASE_40))[0])


def practice_and_class() -> None:
    print("Practice and class mode")
    sheet = (1, 20, 3, 3, -20, 20, None)  # 20 exercises of 27 leaves: the largest sheet
    show(
        "exam_panel.sheet_bytes",
        "20 exercises, PDF key",
        kept_mb(lambda: ep.sheet_bytes("en", *sheet, answers=True, fmt="pdf"))[0],
    )
    show("exam_panel.sheet_info", "20 exercises", kept_mb(lambda: ep.sheet_info("en", *sheet))[0])
    small = build_tree(", ".join(map(str, random_leaves(3, 4, -20, 20, 1))), 3)  # 81 leaves
    mb, results = kept_mb(lambda: vp.compared("bench", small))
    show("variants_panel.compared", "81 leaves (a class tree)", mb)
    show(
        "variants_panel._payload",
        "81 leaves",
        kept_mb(lambda: vp._payload("bench", results[1].name, "en", results[1].run))[0],
    )
    # ui.classroom.shared caches a session's run with its names, and stills of its steps
    tree = random_tree(20_000, 4, -99, 99, 1)  # the class limit, searched whole (minimax)
    mb, (run, names) = kept_mb(
        lambda: (lambda r: (r, quiz_names(r.tree)))(search_tree(tree, "minimax"))
    )
    show("shared.session_run", "20,000 nodes, minimax", mb)
    still = kept_mb(lambda: question_payload(run, names, len(run.events), None))[0]
    show("shared.still", "20,000 nodes, the last step", still)
    with i18n.use("ru"):  # the longest words: a question's prompt and reason in Russian
        made = quiz.questions(run, quiz.KINDS)
    longest = max(made, key=lambda q: len(q.prompt) + len(q.explanation))
    words = kept_mb(
        lambda: tuple(t.encode().decode() for t in (longest.prompt, longest.explanation))
    )[0]
    show("shared.question_words", "the longest question of 20,000 nodes, ru", words)


def main() -> None:
    tracemalloc.start()
    t = time.perf_counter()
    tree_labs()
    board_labs()
    practice_and_class()
    print(f"({time.perf_counter() - t:.0f} s with tracemalloc on)")


if __name__ == "__main__":
    main()
