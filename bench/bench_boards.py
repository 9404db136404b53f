"""Server time of a click that changes the position on the board labs (goal < 300 ms each),
and of one step in the search tab.

Times the page-level work after a click: the click handler, the exact solve (not cached: a
new position), the board payload, the move table rows and the best line's board (the open
tab; the search tab runs only when it is open), plus the figures serialised to JSON as
Streamlit sends them. The chase table is warm (computed once per board size and shared by
all sessions). A search step: the snapshot, the collapsed tree figure and the node's board
(the search and its Replayer are cached per position). Run: python bench/bench_boards.py
"""

from __future__ import annotations

import json
import statistics
import time

from engine.games import chase, pawn
from engine.games.chase_solver import ChaseTable, solve_position, solve_table
from engine.games.pawn_solver import solve
from engine.search import search_game
from engine.trace import Replayer, SearchRun
from teach.explain import describe, node_name
from ui.boards.board_lab import ChaseEdit, chase_click, pawn_click, pawn_node_board
from ui.boards.board_search import BUDGET, pv_nodes
from viz.board_payload import board_payload, line_payload
from viz.chase_board import chase_labels, chase_move_squares, chase_picture, chase_square_name
from viz.pawn_board import pawn_files, pawn_picture, pawn_ranks, pawn_squares
from viz.tree_payload import tree_payload


def pawn_board_data(pos: pawn.PawnPosition, **kw) -> str:
    """The board component's data for ``pos``, as it travels."""
    pic = pawn_picture(pos, **kw)
    return json.dumps(
        board_payload(
            pic,
            files=pawn_files(pos),
            ranks=pawn_ranks(pos),
            squares=pawn_squares(pos),
            label="board",
            mode="edit",
        )
    )


def chase_board_data(pos: chase.ChasePosition, **kw) -> str:
    n = pos.n
    files, ranks = chase_labels(n)
    squares = [chase_square_name(s, n) for s in range(n * n)]
    pic = chase_picture(pos, **kw)
    return json.dumps(
        board_payload(pic, files=files, ranks=ranks, squares=squares, label="b", mode="edit")
    )


def pawn_click_work(pos: pawn.PawnPosition, square: int) -> int:
    pos = pawn_click(pos, square)
    if pawn.problems(pos):
        return len(pawn_board_data(pos))
    sol = solve(pos)
    board = pawn_board_data(pos, arrows=sol.pv[:1])
    positions = [pos]
    for mv in sol.pv:
        positions.append(pawn.play(positions[-1], mv))
    pics = [pawn_picture(p, last=sol.pv[k - 1] if k else None) for k, p in enumerate(positions)]
    line = line_payload(
        pics,
        frame_ms=700,
        files=pawn_files(pos),
        ranks=pawn_ranks(pos),
        squares=pawn_squares(pos),
        label="line",
        ver="v",
    )
    return len(board) + len(json.dumps(line))


def chase_click_work(edit: ChaseEdit, square: int, table: ChaseTable) -> int:
    pos = chase_click(edit, square).pos
    sol = solve_position(pos, table)
    vals, _ = table.heatmap("white", pos.white, 0 if pos.white_to_move else 1)
    arrows = [chase_move_squares(pos, sol.pv[0])] if sol.pv else []
    board = chase_board_data(pos, heat=vals, longest=int(abs(vals).max()), arrows=arrows)
    positions = [pos]
    for mv in sol.pv:
        positions.append(chase.play(positions[-1], mv))
    pics = [chase_picture(p) for p in positions]
    files, ranks = chase_labels(pos.n)
    squares = [chase_square_name(s, pos.n) for s in range(pos.n * pos.n)]
    line = line_payload(
        pics, frame_ms=500, files=files, ranks=ranks, squares=squares, label="line", ver="v"
    )
    return len(board) + len(json.dumps(line))


def search_report_work(run: SearchRun, replayer: Replayer, k: int) -> int:
    """The server's work when the tree canvas reports step k: the node panel's board (the
    canvas's payload is cached; the browser draws the step itself)."""
    snap = replayer.snapshot(k)
    node = snap.current or 0
    parent = run.tree.parent[node]
    board = pawn_node_board(run.states[node], run.states[parent] if parent >= 0 else None)
    return len(json.dumps(board))


def timed(label: str, work, cases) -> None:
    times, cpu, size = [], [], 0
    for args in cases:
        t, c = time.perf_counter(), time.process_time()
        size = work(*args)
        times.append(time.perf_counter() - t)
        cpu.append(time.process_time() - c)
    print(
        f"{label:<38} wall median {1000 * statistics.median(times):6.1f} ms, "
        f"max {1000 * max(times):6.1f} ms; cpu median {1000 * statistics.median(cpu):6.1f} ms"
        f"  ({len(times)} clicks, payload {size / 1e3:.0f} kB)"
    )


def main() -> None:
    start = pawn.start(4, 4)
    # each click puts a pawn on an empty middle square of the 4-vs-4 start: a new position
    timed(
        "pawn 4x4: click on the 4-vs-4 start", pawn_click_work, [(start, s) for s in range(4, 12)]
    )
    t = time.perf_counter()
    table = solve_table(20)
    print(f"{'chase 20x20: table (once, shared)':<42} {1000 * (time.perf_counter() - t):6.1f} ms")
    edit = ChaseEdit(chase.ChasePosition(20, (0, 0), (19, 19)), "black")
    timed(
        "chase 20x20: click places black",
        chase_click_work,
        [(edit, s, table) for s in range(20, 400, 19)],
    )

    t = time.perf_counter()
    run = search_game(pawn.PawnGame(), start, None, max_nodes=80_000)
    replayer = Replayer(run)
    print(
        f"{'pawn 4x4 start: search + replayer (once)':<42} "
        f"{1000 * (time.perf_counter() - t):6.1f} ms  ({len(run.tree):,} nodes)"
    )
    t = time.perf_counter()
    pv = pv_nodes(run, replayer.final_values())
    names = [node_name(run.tree, v) for v in range(len(run.tree))]
    size = len(json.dumps(tree_payload(run, describe, names, budget=BUDGET, pv=pv)))
    print(
        f"{'pawn 4x4 start: canvas payload (once)':<42} "
        f"{1000 * (time.perf_counter() - t):6.1f} ms  ({size / 1e3:,.0f} kB, cached)"
    )
    n = len(run.events)
    timed(
        "pawn 4x4 start: one step report",
        lambda k: search_report_work(run, replayer, k),
        [(k,) for k in range(1, n, n // 10)],
    )


if __name__ == "__main__":
    main()
