"""The pawn chess page's blocks: cached solving, the editor, the play board, the two tabs.

The page (app_pages/pawn.py) wires them together; the blocks shared with the chase are in
ui.boards.board_lab and ui.boards.board_search.
"""

from __future__ import annotations

from collections.abc import Callable

import streamlit as st

from engine.algorithms import ALPHABETA, MCTS, game_run
from engine.errors import SearchError
from engine.games import pawn
from engine.games.pawn_solver import solve
from engine.play import PlaySession
from engine.trace import Replayer, SearchRun
from teach.algorithms import BOARD_LABELS, searched_words
from teach.i18n import N_, _
from teach.play_words import pawn_end_reason, pawn_why_not, side_name, verdict_words
from ui.boards import board_algorithms as ba
from ui.boards import board_lab as bl
from ui.boards import board_links as bk
from ui.boards import board_mcts as bm
from ui.boards import board_search as bs
from ui.boards import pawn_search as ps
from ui.common import projector
from ui.common.keys import PAWN as K
from ui.common.link_codec import Fallback
from ui.common.share import publish
from viz.board_payload import ply_caption
from viz.pawn_board import pawn_files, pawn_picture, pawn_pieces, pawn_ranks, pawn_squares

PRESETS = {  # the names shown translated
    N_("Sample 1"): "4x4w:.ppp/..../.PPP/....",
    N_("Sample 2"): "4x4w:...p/...p/pP.P/...P",
    N_("4 vs 4 start"): "4x4w:pppp/..../..../PPPP",
    N_("Hexapawn 3x3"): "3x3w:ppp/.../PPP",
    N_("5x5 start"): "5x5w:ppppp/...../...../...../PPPPP",
}
DEFAULT = pawn.from_code(PRESETS["4 vs 4 start"])
SIZES = (3, 4, 5)  # the board sizes the size control offers (and so a link may ask for)
SEARCH_CAP = 80_000  # explored nodes; the 4-vs-4 start needs about 37,000
LINE_MS = 700  # a ply of the best line, playing
BOARD_PX, BOARD_PX_PROJECTOR = 400, 640  # the board's natural size (it shrinks to its column)
BOARD_SHARE = 5 / 11  # of the page's width: the page's columns
HOW_TO_PLAY = N_(
    "Tap or click one of your pawns (its moves are dotted), then the square it moves to; "
    "or use the arrow keys and Enter on the board."
)
GAME = pawn.PawnGame()  # the rules, for the search tab and for play against the engine


@st.cache_data(max_entries=512, show_spinner=False)
def solved(code: str):
    """The exact solution of the position with this code (cached for every session)."""
    return solve(pawn.from_code(code))


# A search is capped at SEARCH_CAP nodes, about 50 MB with its replayer: 4 of them at most.
@st.cache_resource(max_entries=4, show_spinner=False)
def searched(
    code: str, depth: int | None = None, algo: str = ALPHABETA
) -> tuple[SearchRun, Replayer] | SearchError:
    """``algo`` (ui.boards.board_algorithms) from ``code`` to ``depth`` plies (None: the whole
    game; at the depth limit the evaluation, ui.boards.pawn_search.GAME) and its replayer
    (shared by sessions)."""
    pos = pawn.from_code(code)
    try:
        run = game_run(ps.GAME, pos, depth, algo, SEARCH_CAP)
    except SearchError as e:
        return e  # worded where it is shown, in the page's language
    return run, Replayer(run)


def from_link(code: str) -> pawn.PawnPosition:
    """The share link's position (``?p=``): a code whose board the size control offers; a
    bigger or smaller board gives the start position of the nearest size offered."""
    pos = pawn.from_code(code)
    if pos.rows not in SIZES or pos.cols not in SIZES:
        n = min(max(max(pos.rows, pos.cols), SIZES[0]), SIZES[-1])
        raise Fallback(
            _(
                "the board is {rows}x{cols}; this page offers {lo}x{lo} to {hi}x{hi}",
                rows=pos.rows,
                cols=pos.cols,
                lo=SIZES[0],
                hi=SIZES[-1],
            ),
            pawn.with_side(pawn.start(n, n), pos.white_to_move),
        )
    return pos


def reply(pos: pawn.PawnPosition) -> pawn.Move:
    """The engine's move when playing: the first of the solver's ranked moves."""
    return solved(pawn.to_code(pos)).moves[0][0]


def outcome(pos: pawn.PawnPosition) -> tuple[str | None, int]:
    """(winner, plies) of ``pos`` with perfect play."""
    sol = solved(pawn.to_code(pos))
    return sol.winner, sol.plies


def _size_picked(set_pos: Callable[[pawn.PawnPosition], None]) -> None:
    """The size control picked a size (a widget callback): the start position of that size
    (a pick taken back, None, keeps the position; the control then shows its size again)."""
    size = st.session_state.get(K.size)
    if size:
        set_pos(pawn.start(size, size))


def _side_picked(set_pos: Callable[[pawn.PawnPosition], None]) -> None:
    """The side-to-move control picked a side: the position the session holds now, that
    side to move."""
    side, pos = st.session_state.get(K.side), st.session_state[K.pos]
    if side and (side == "White") != pos.white_to_move:
        set_pos(pawn.with_side(pos, side == "White"))


def editor(pos: pawn.PawnPosition, set_pos: Callable[[pawn.PawnPosition], None]):
    """Presets, board size and side to move; returns the position (the controls act in
    their callbacks, before the run)."""
    st.markdown(_("**Presets**"))
    row = st.container(horizontal=True)
    for i, (name, code) in enumerate(PRESETS.items()):
        row.button(_(name), key=K.preset(i), on_click=set_pos, args=(pawn.from_code(code),))
    # one row that wraps, not two columns: one block a run instead of three (issue 21)
    pair = st.container(horizontal=True, gap="medium")
    size = bl.follow(K.size, pos.rows if pos.rows == pos.cols and pos.rows in SIZES else None)
    pair.segmented_control(
        _("Board size"),
        SIZES,
        default=size,
        format_func=lambda n: f"{n}x{n}",
        key=K.size,
        on_change=_size_picked,
        args=(set_pos,),
    )
    side = bl.follow(K.side, "White" if pos.white_to_move else "Black")
    pair.segmented_control(
        _("Side to move"),
        ["White", "Black"],
        default=side,
        key=K.side,
        format_func=side_name,
        on_change=_side_picked,
        args=(set_pos,),
    )
    st.caption(_("Tap a square (or Enter on it): empty → white pawn → black pawn → empty."))
    return pos


def edit_after(pos: pawn.PawnPosition) -> list[tuple[list[int], list[int]]]:
    """The pawns after a tap of each square of the editor's board (the browser draws a
    tap's result before the rerun)."""
    return [pawn_pieces(bl.pawn_click(pos, sq)) for sq in range(pos.rows * pos.cols)]


def last_move(game: PlaySession) -> pawn.Move | None:
    """The move that led to the game's current position (None at the start)."""
    if not game.plies:
        return None
    prev, cur = game.history[-2], game.position
    return next(m for m in pawn.legal_moves(prev) if pawn.play(prev, m) == cur)


def ranked(pos: pawn.PawnPosition):
    """Every move of ``pos`` with its outcome, best first (the hint's table)."""
    return solved(pawn.to_code(pos)).moves


def end_reason(pos: pawn.PawnPosition, plies: int) -> str:
    return pawn_end_reason(pos)


def board_px() -> int:
    """The board's size: larger in projector mode (the sidebar is closed)."""
    return projector.board_px(BOARD_PX, BOARD_PX_PROJECTOR, BOARD_SHARE)


def spec(pos: pawn.PawnPosition) -> bl.BoardSpec:
    """The board's labels, square names and size."""
    return bl.BoardSpec(
        pawn_files(pos),
        pawn_ranks(pos),
        pawn_squares(pos),
        _("Pawn chess board, white moves up"),
        board_px(),
    )


RULES = bl.Rules(GAME, reply, pawn.move_target, pawn.move_source, pawn_why_not, pawn_pieces)


def play_board(game: PlaySession) -> None:
    """The board of a game against the engine: tap a pawn (its legal targets are dotted),
    then its target; the hint's arrow is the engine's best move."""
    cur = game.position
    hint = [reply(cur)] if bl.hint_shown(K.game, game) else []
    pic = pawn_picture(cur, last=last_move(game), arrows=hint)
    ver = f"{game.plies}:{pawn.to_code(cur)}"
    bl.play_board(
        K.board, K.game, spec(cur), pic, game, RULES, cols=cur.cols, ver=ver, describe=outcome
    )


def line_tab(pos: pawn.PawnPosition, sol) -> None:
    """The best line: numbered plies and the board stepping through it."""
    positions, pics = [pos], []
    for mv in sol.pv:
        positions.append(pawn.play(positions[-1], mv))
    names = [pawn.move_name(p, m) for p, m in zip(positions, sol.pv, strict=False)]
    for k, p in enumerate(positions):
        last = sol.pv[k - 1] if k else None
        cap = ply_caption(k, names)
        pics.append(pawn_picture(p, last=last, arrows=[last] if last else [], caption=cap))
    words = verdict_words(sol.winner, sol.plies)
    white, black = side_name("white"), side_name("black")
    movers = (white, black) if pos.white_to_move else (black, white)
    line = bl.line_board(spec(pos), pics, ver=pawn.to_code(pos), frame_ms=LINE_MS)
    bl.best_line(K.line_board, spec(pos), line, names, words, movers=movers)


def tree_tab(pos: pawn.PawnPosition, sol) -> None:
    """Alpha-beta (or another algorithm) to a depth limit or the end of the game on the tree
    canvas, and the race table (ui.boards.pawn_search)."""
    code = pawn.to_code(pos)
    depth = ps.depth_box(K.depth)
    algo = ba.algo_box(K.algo, depth_limited=depth is not None)
    sides = ("white", "black") if pos.white_to_move else ("black", "white")
    if algo == MCTS:  # playouts to the end of the game; the race's alpha-beta to the depth
        bm.tab(
            K.search,
            game=GAME,
            state=pos,
            code=code,
            sides=sides,
            exact=(sol.winner, sol.plies),
            exact_text=verdict_words(sol.winner, sol.plies),
            moves=sol.moves,
            board=bl.pawn_node_board,
            race_game=ps.GAME,
            race_depth=depth,
        )
        publish(depth=None if depth is None else str(depth))
        return
    name = _(BOARD_LABELS[algo])
    if depth is None:
        busy = _("{algorithm} is searching the whole game…", algorithm=name)
    else:
        busy = _("{algorithm} is searching {depth} plies deep…", algorithm=name, depth=depth)
    with st.spinner(busy):
        got = searched(code, depth, algo)
    token = ba.run_token(code if depth is None else (code, depth), algo)
    if not isinstance(got, SearchError):
        bk.restore_search(K.search, token, got[0])
        ps.frontier_caption(got[0], depth)
    bs.search_tab(
        K.search,
        got,
        token=token,
        sides=sides,
        exact=(sol.winner, sol.plies),
        exact_text=verdict_words(sol.winner, sol.plies),
        searched_what=searched_words(algo, depth),
        board=bl.pawn_node_board,
        about=ps.about(depth),
    )
    publish(depth=None if depth is None else str(depth), **bk.search_params(K.search, token))
    ps.race(code, depth, K.race)
