"""Start-up warm-up: the board labs' shared work is done once per server, in the background.

:func:`warm_up` is a ``st.cache_resource``, so the first run of any page of a fresh server
starts one daemon thread (later runs get the same thread back at once). It imports what a
first run would (matplotlib for the exam sheets; app.py imports pandas itself), then calls
the labs' own cached functions for every preset, so their results land in the very caches the pages read: the
pawn presets' exact solves and search trees (the default position's search tab drawn: its
canvas payload and follow view), the chase tables of the preset
and default board sizes and of the largest board, and the chase presets' best lines. A visitor who comes before it is done
waits at most for the one item being computed (Streamlit computes a cached value once and
makes concurrent callers wait for it); the page shows a spinner meanwhile.
"""

from __future__ import annotations

import importlib
import logging
import os
import threading
from collections.abc import Callable

import streamlit as st
from streamlit.runtime.scriptrunner import add_script_run_ctx, get_script_run_ctx

from engine.algorithms import ALPHABETA
from engine.errors import SearchError
from engine.games import chase
from teach import i18n
from ui.boards import board_algorithms as ba
from ui.boards import board_search as bs
from ui.boards import chase_lab as cl
from ui.boards import pawn_lab as pl
from ui.common.keys import PAWN

log = logging.getLogger(__name__)
# Streamlit keys a cached value by the arguments as passed (a default left out is another
# key), so every call here passes them the way the pages do: (code, depth, algorithm).
CHASE_SEARCH_DEPTH = 3  # the chase page's default search depth


def pawn_search_tab(code: str) -> None:
    """What the pawn search tab draws first for ``code`` (the whole game, alpha-beta): its
    canvas payload and follow view, under the page's own keys (ui.boards.pawn_lab.tree_tab)."""
    got = pl.searched(code, None, ALPHABETA)
    if not isinstance(got, SearchError):
        bs.prepare(PAWN.search.ns, ba.run_token(code, ALPHABETA), *got, i18n.DEFAULT)


def jobs() -> list[tuple[str, Callable[[], object]]]:
    """What the warm-up computes, most visited first: (what, call). The pages' defaults,
    then the presets (solves, tables, best lines, searches), then the largest chase board."""
    out: list[tuple[str, Callable[[], object]]] = []
    # the practice page's exam sheets draw with matplotlib, whose import took most of that
    # page's first run (0.65 s of a fresh server's; bench/bench_wire.py)
    out.append(("exam sheets", lambda: importlib.import_module("viz.exam_sheet")))
    default_pawn = pl.PRESETS["4 vs 4 start"]
    out.append(("pawn solve 4 vs 4 start", lambda: pl.solved(default_pawn)))
    out.append((f"chase table {cl.DEFAULT.n}", lambda: cl.table(cl.DEFAULT.n)))
    out.append(("pawn search 4 vs 4 start", lambda: pl.searched(default_pawn, None, ALPHABETA)))
    out.append(("pawn search tab 4 vs 4 start", lambda: pawn_search_tab(default_pawn)))
    for name, code in pl.PRESETS.items():
        out.append((f"pawn solve {name}", lambda code=code: pl.solved(code)))
    chase_codes = [chase.to_code(cl.DEFAULT), *cl.PRESETS.values()]
    for n in sorted({chase.from_code(c).n for c in chase_codes}):
        out.append((f"chase table {n}", lambda n=n: cl.table(n)))
    for code in chase_codes:
        out.append((f"chase best line {code}", lambda code=code: cl.line_parts(code, i18n.DEFAULT)))
        out.append(
            (
                f"chase search {code}",
                lambda code=code: cl.searched(code, CHASE_SEARCH_DEPTH, ALPHABETA, i18n.DEFAULT),
            )
        )
    for name, code in pl.PRESETS.items():
        out.append((f"pawn search {name}", lambda code=code: pl.searched(code, None, ALPHABETA)))
    # the largest board, with the default position moved there by the size slider
    big = chase.ChasePosition(chase.MAX_N, cl.DEFAULT.white, (chase.MAX_N - 1,) * 2)
    out.append((f"chase table {chase.MAX_N}", lambda: cl.table(chase.MAX_N)))
    code = chase.to_code(big)
    out.append((f"chase best line {code}", lambda: cl.line_parts(code, i18n.DEFAULT)))
    return out


def _run(todo: list[tuple[str, Callable[[], object]]]) -> None:
    for what, call in todo:
        try:
            call()
        except Exception:  # noqa: BLE001 - a failed item must not stop the others
            log.exception("warm-up: %s failed; the page computes it when asked", what)


@st.cache_resource(show_spinner=False)
def warm_up() -> threading.Thread | None:
    """Start the warm-up thread (once per server process) and return it; ``GTL_WARM_UP=0``
    skips it (a server that serves class mode only, the class tests and benchmark)."""
    if os.environ.get("GTL_WARM_UP", "").strip() == "0":
        return None
    thread = threading.Thread(target=_run, args=(jobs(),), name="board-warm-up", daemon=True)
    ctx = get_script_run_ctx()
    if ctx is not None:
        add_script_run_ctx(thread, ctx)
    thread.start()
    return thread
