"""The chase page's blocks: the shared table, the editor, the boards, the two tabs.

The page (app_pages/chase.py) wires them together; the blocks shared with pawn chess are in
ui.boards.board_lab and ui.boards.board_search.
"""

from __future__ import annotations

from collections.abc import Callable

import streamlit as st

from engine.algorithms import ALPHABETA, MCTS, game_run
from engine.errors import SearchError
from engine.games import chase
from engine.games.chase_solver import (
    ChaseSolution,
    ChaseTable,
    best_move,
    solve_position,
    solve_table,
)
from engine.judge import chase_answer
from engine.play import PlaySession
from engine.trace import Replayer, SearchRun
from teach import i18n
from teach.algorithms import searched_words
from teach.engine_words import WordedChaseGame, chase_move, reason
from teach.i18n import N_, _
from teach.play_words import chase_why_not, side_name, verdict_words
from ui.boards import board_algorithms as ba
from ui.boards import board_lab as bl
from ui.boards import board_links as bk
from ui.boards import board_mcts as bm
from ui.boards import board_search as bs
from ui.common import projector
from ui.common.keys import CHASE as K
from ui.common.plain_text import plain_text
from ui.common.share import publish
from viz.board_payload import ply_caption
from viz.chase_board import (
    NUMBERS_UP_TO,
    chase_labels,
    chase_move_squares,
    chase_picture,
    chase_pieces,
    chase_square_name,
    heat_scale,
)

PRESETS = {  # the names shown translated (the judge's inputs stay as they are)
    "2 1 1 2 2": "2-1.1-2.2-w",
    "3 1 1 3 3": "3-1.1-3.3-w",
    "3 1 1 1 2": "3-1.1-1.2-w",
    N_("20x20 corners"): "20-1.1-20.20-w",
}
DEFAULT = chase.from_code("8-2.2-7.6-w")
HOW_TO_PLAY = N_(
    "Tap or click a dotted square to move your piece there (onto the other piece: capture); "
    "or use the arrow keys and Enter on the board."
)
BOARD_PX, BOARD_PX_PROJECTOR = 480, 720  # the board's natural size (it shrinks to its column)
BOARD_SHARE = 6 / 11  # of the page's width: the page's columns
HEAT = [N_("No colours"), N_("Black on every square"), N_("White on every square")]
CYCLES = N_(
    "The chase has cycles: pieces can come back to squares they left, so a search that "
    "follows moves can run forever, and a depth-limited one cannot know what lies beyond its "
    "horizon. The exact answer comes from retrograde analysis: starting from every capture "
    "and working backwards over all positions at once. Here alpha-beta searches a few plies "
    "and scores the frontier with those exact values, so its root value agrees with the "
    "exact answer."
)


SEARCH_CAP = 60_000  # explored nodes of one search tab's run (or of the race's full tree)
LINE_MS = 500  # a ply of the best line, playing
GAME = WordedChaseGame()  # play and MCTS: rules only, the moves named in the run's language


@st.cache_resource(max_entries=6, show_spinner=False)
def table(n: int) -> ChaseTable:
    """The retrograde table of the whole n x n board: the one cache of chase tables, shared
    by every session (the engine keeps none)."""
    return solve_table(n)


def solved(pos: chase.ChasePosition) -> ChaseSolution:
    """The exact solution of ``pos``, read from the shared table of its board."""
    return solve_position(pos, table(pos.n))


def reply(pos: chase.ChasePosition) -> chase.Move:
    """The engine's move when playing: perfect play from the shared table."""
    return best_move(pos, table(pos.n))


def outcome(pos: chase.ChasePosition) -> tuple[str | None, int]:
    """(winner, plies) of ``pos`` with perfect play."""
    sol = solved(pos)
    return sol.winner, sol.plies


# A search is capped at 60,000 nodes, about 35 MB with its replayer: 6 of them at most.
@st.cache_resource(max_entries=6, show_spinner=False)
def searched(
    code: str, depth: int, algo: str = ALPHABETA, lang: str = i18n.DEFAULT
) -> tuple[SearchRun, Replayer] | SearchError:
    """``algo`` (ui.boards.board_algorithms) to ``depth`` plies, the frontier scored exactly,
    and its replayer; the tree's moves are named in ``lang`` (part of the cache key)."""
    pos = chase.from_code(code)
    try:
        with i18n.use(lang):
            run = game_run(WordedChaseGame(table(pos.n)), pos, depth, algo, SEARCH_CAP)
    except SearchError as e:
        return e  # worded where it is shown, in the page's language
    return run, Replayer(run)


@st.cache_data(max_entries=16, show_spinner=False)
def raced(code: str, depth: int, lang: str) -> tuple[list[dict], str] | str:
    """The race table of the position searched ``depth`` plies deep, or why not, in
    ``lang`` (its words are part of the cached value)."""
    pos = chase.from_code(code)
    with i18n.use(lang):
        try:
            return ba.race_table_rows(WordedChaseGame(table(pos.n)), pos, depth, SEARCH_CAP)
        except SearchError as e:
            return reason(e)


def heat_caption(pos: chase.ChasePosition, fixed: str, values) -> str:
    """The heatmap's caption, true to what it shows: ``values`` (ChaseTable.heatmap) give
    the outcome with the ``fixed`` piece where it stands and the other piece on each square."""
    fr, fc = getattr(pos, fixed)
    n = pos.n
    white_wins = [divmod(s, n) for s, v in enumerate(values.reshape(-1).tolist()) if v < 0]
    black_wins = [divmod(s, n) for s, v in enumerate(values.reshape(-1).tolist()) if v > 0]
    near = all(abs(r - fr) + abs(c - fc) == 1 for r, c in white_wins)
    white_moves = pos.mover.lower() == "white"
    if fixed == "white":  # black stands on each square
        each = (
            _(
                "Each number: plies to the capture if the black piece stood on that square (the "
                "white piece stays put, white to move)."
            )
            if white_moves
            else _(
                "Each number: plies to the capture if the black piece stood on that square "
                "(the white piece stays put, black to move)."
            )
        )
    else:
        each = (
            _(
                "Each number: plies to the capture if the white piece stood on that square (the "
                "black piece stays put, white to move)."
            )
            if white_moves
            else _(
                "Each number: plies to the capture if the white piece stood on that square "
                "(the black piece stays put, black to move)."
            )
        )
    blue = _("Blue: black wins") if black_wins else _("No square where black wins")
    if not white_wins:
        orange = _("no square where white wins")
    elif near and fixed == "white":
        orange = _("orange: white wins, only next to the white piece")
    elif near:
        orange = _("orange: white wins, only next to the black piece")
    else:
        orange = _("orange: white wins")
    return _(
        "{each} {blue}; {orange}. The arrow is the best move.", each=each, blue=blue, orange=orange
    )


def resized(pos: chase.ChasePosition, n: int) -> chase.ChasePosition:
    """``pos`` on an n x n board: a piece that still fits stays where it is (issue 22, 9:
    8 -> 9 moved black from (4, 4) to (9, 9)); one past the new edge moves in to it; if
    both then stand on one square, black goes to the nearest free square."""
    w = (min(pos.white[0], n - 1), min(pos.white[1], n - 1))
    b = (min(pos.black[0], n - 1), min(pos.black[1], n - 1))
    if b == w:
        free = [(r, c) for r in range(n) for c in range(n) if (r, c) != w]
        b = min(free, key=lambda sq: (abs(sq[0] - b[0]) + abs(sq[1] - b[1]), sq))
    return chase.ChasePosition(n, w, b, pos.white_to_move)


def _resize_to_slider(set_edit: Callable[[bl.ChaseEdit], None]) -> None:
    """The slider moved: resize the position the session holds now. Not one bound to the
    callback when the slider was drawn: fast arrow keys run this before the run that drew
    the last value finished, and an older position then undid presses and moved white back
    (issue 22, 9)."""
    n = int(st.session_state[K.n])
    pos = st.session_state[K.pos]
    if n != pos.n:
        set_edit(bl.ChaseEdit(resized(pos, n)))


def _side_picked(set_edit: Callable[[bl.ChaseEdit], None]) -> None:
    """The side-to-move control picked a side (a widget callback): the position the session
    holds now, that side to move."""
    side, pos = st.session_state.get(K.side), st.session_state[K.pos]
    if side and (side == "White") != pos.white_to_move:
        set_edit(bl.ChaseEdit(chase.ChasePosition(pos.n, pos.white, pos.black, side == "White")))


def editor(
    pos: chase.ChasePosition, set_edit: Callable[[bl.ChaseEdit], None]
) -> tuple[chase.ChasePosition, str]:
    """Presets, board size, palette and side to move; returns (position, piece a click places)."""
    st.markdown(_("**Presets** (the statement's samples)"))
    row = st.container(horizontal=True)
    for i, (name, code) in enumerate(PRESETS.items()):
        row.button(
            _(name),
            key=K.preset(i),
            on_click=set_edit,
            args=(bl.ChaseEdit(chase.from_code(code)),),
        )
    big = st.checkbox(_("Allow big boards (up to 40x40)"), key=K.big, value=pos.n > 20)
    top = 40 if big else 20
    # One key for the slider, whatever the position: a key that changed with the position
    # remounted the slider after every move of it, and the keyboard focus went with it
    # (issue 12). The slider follows the position (a preset, a link) before it is drawn,
    # and a move of it resizes the position in its callback, before the page runs.
    shown = bl.follow(K.n, min(pos.n, top))
    n = st.slider(
        _("Board size n"),
        2,
        top,
        value=shown,
        key=K.n,
        on_change=_resize_to_slider,
        args=(set_edit,),
    )
    if n != pos.n:  # a smaller top (big boards switched off)
        set_edit(bl.ChaseEdit(pos := resized(pos, n)))
    # one row that wraps, not two columns: one block a run instead of three (issue 21)
    pair = st.container(horizontal=True, gap="medium")
    piece = (
        pair.segmented_control(
            _("A click places"),
            ["black", "white"],
            default="black",
            format_func=side_name,
            key=K.piece,
        )
        or "black"
    )
    side = bl.follow(K.side, "White" if pos.white_to_move else "Black")
    pair.segmented_control(
        _("Side to move"),
        ["White", "Black"],
        default=side,
        key=K.side,
        format_func=side_name,
        on_change=_side_picked,
        args=(set_edit,),
    )
    return pos, piece


def answer(pos: chase.ChasePosition, sol: ChaseSolution) -> None:
    """The verdict, every move, and the judge's input and answer."""
    bl.verdict(sol.winner, sol.plies, then=_("**Every move, best first** (fast wins, slow losses)"))
    (r1, c1), (r2, c2) = pos.white, pos.black
    bl.move_table(pos.mover, worded(pos, sol.moves), f"{K.text}.moves")
    plain_text(f"{pos.n} {r1 + 1} {c1 + 1} {r2 + 1} {c2 + 1}  →  {chase_answer(sol)}", key=K.text)


def board_px() -> int:
    """The board's size: larger in projector mode (the sidebar is closed)."""
    return projector.board_px(BOARD_PX, BOARD_PX_PROJECTOR, BOARD_SHARE)


def edit_board(
    pos: chase.ChasePosition,
    sol: ChaseSolution,
    piece: str,
    set_edit: Callable[[bl.ChaseEdit], None],
) -> None:
    """The editable board, optionally coloured with every square's outcome (the colour
    control goes under the board, so the board starts high on the page)."""
    board = st.container()
    bk.restore_heat(K, HEAT)
    heat = st.segmented_control(
        _("Colour the squares"),
        HEAT,
        default=HEAT[1],
        key=K.heat,
        persist_state="session",
        format_func=_,
    )
    publish(heat=bk.heat_param(heat, HEAT))
    kw = {}
    if heat and heat != HEAT[0]:
        fixed = "white" if heat == HEAT[1] else "black"
        vals, _moves = table(pos.n).heatmap(
            fixed, getattr(pos, fixed), 0 if pos.white_to_move else 1
        )
        kw = dict(
            heat=vals,
            heat_piece="black" if fixed == "white" else "white",
            longest=int(abs(vals).max()),
        )
    arrows = [chase_move_squares(pos, sol.pv[0])] if sol.pv else []
    pic = chase_picture(pos, arrows=arrows, **kw)
    with board:
        bl.edit_board(
            K.board,
            spec(pos),
            pic,
            ver=chase.to_code(pos),
            say=verdict_words(sol.winner, sol.plies),
            on_square=lambda sq: set_edit(bl.chase_click(bl.ChaseEdit(pos, piece), sq)),
            after=[
                chase_pieces(bl.chase_click(bl.ChaseEdit(pos, piece), sq).pos)
                for sq in range(pos.n * pos.n)
            ],
        )
    if kw:
        st.html(heat_scale(kw["longest"], numbers=pos.n <= NUMBERS_UP_TO))
        st.caption(heat_caption(pos, fixed, kw["heat"]))


def worded(pos: chase.ChasePosition, moves):
    """The solver's ranked ``moves`` of ``pos`` with their names in the run's language."""
    return [(m, chase_move(pos, m), who, n) for m, _name, who, n in moves]


def ranked(pos: chase.ChasePosition):
    """Every move of ``pos`` with its outcome, best first (the hint's table)."""
    return worded(pos, solved(pos).moves)


def spec(pos: chase.ChasePosition) -> bl.BoardSpec:
    """The board's labels, square names and size."""
    files, ranks = chase_labels(pos.n)
    squares = [chase_square_name(s, pos.n) for s in range(pos.n * pos.n)]
    label = _("Chase board, {n} by {n}", n=pos.n)
    return bl.BoardSpec(files, ranks, squares, label, board_px())


RULES = bl.Rules(
    GAME,
    reply,
    chase.move_target,
    chase.move_source,
    lambda pos, _picked, square: chase_why_not(pos, square),
    chase_pieces,
    one_piece=True,
)


def play_board(game: PlaySession) -> None:
    """The board of a game against the engine: the squares the person's piece can reach
    are dotted; tap one to move there. The hint's arrow is the engine's best move."""
    cur = game.position
    last = None
    if game.plies:
        prev = game.history[-2]
        mv = next(m for m in chase.legal_moves(prev) if chase.play(prev, m) == cur)
        last = chase_move_squares(prev, mv)
    hint = [chase_move_squares(cur, reply(cur))] if bl.hint_shown(K.game, game) else []
    pic = chase_picture(cur, last=last, arrows=hint)
    ver = f"{game.plies}:{chase.to_code(cur)}"
    bl.play_board(
        K.board, K.game, spec(cur), pic, game, RULES, cols=cur.n, ver=ver, describe=outcome
    )


@st.cache_resource(max_entries=16, show_spinner=False)
def line_parts(code: str, lang: str = i18n.DEFAULT) -> tuple[dict, list[str], str]:
    """The best line of the position ``code``: its board's payload (every position a
    frame), the plies' names and the verdict, in ``lang``. Built once per position and
    language and shared by every session (read only: the page copies the payload to size
    it)."""
    with i18n.use(lang):
        return _line_parts(code)


def _line_parts(code: str) -> tuple[dict, list[str], str]:
    pos = chase.from_code(code)
    sol = solved(pos)
    positions = [pos]
    for mv in sol.pv:
        positions.append(chase.play(positions[-1], mv))
    names = [chase_move(p, m) for p, m in zip(positions, sol.pv, strict=False)]
    pics = []
    for k, p in enumerate(positions):
        last = chase_move_squares(positions[k - 1], sol.pv[k - 1]) if k else None
        cap = ply_caption(k, names)
        pics.append(chase_picture(p, last=last, arrows=[last] if last else [], caption=cap))
    words = _(
        "{verdict} (judge: {answer})",
        verdict=verdict_words(sol.winner, sol.plies),
        answer=chase_answer(sol),
    )
    return bl.line_board(spec(pos), pics, ver=code, frame_ms=LINE_MS), names, words


def line_tab(pos: chase.ChasePosition) -> None:
    """The best line: numbered plies and the board stepping through it (built once per
    position)."""
    line, names, words = line_parts(chase.to_code(pos), i18n.current())
    bl.best_line(K.line_board, spec(pos), line, names, words)


def tree_tab(pos: chase.ChasePosition, sol: ChaseSolution) -> None:
    """Depth-limited alpha-beta (frontier scored exactly) on the tree canvas."""
    bk.restore_depth(K.depth)
    depth = st.slider(_("Search depth (plies)"), *bk.DEPTHS, bk.DEFAULT_DEPTH, key=K.depth)
    algo = ba.algo_box(K.algo, depth_limited=True)
    code = chase.to_code(pos)
    sides = ("white", "black") if pos.white_to_move else ("black", "white")
    depth_param = None if depth == bk.DEFAULT_DEPTH else str(depth)
    if algo == MCTS:  # playouts to the end (capped); the race's alpha-beta to the depth
        bm.tab(
            K.search,
            game=GAME,
            state=pos,
            code=code,
            sides=sides,
            exact=(sol.winner, sol.plies),
            exact_text=chase_answer(sol),
            moves=worded(pos, sol.moves),
            board=bl.chase_node_board,
            race_game=chase.ChaseGame(table(pos.n)),
            race_depth=depth,
        )
        publish(depth=depth_param)
        return
    with st.spinner(_("Searching…")):
        got = searched(code, depth, algo, i18n.current())
    token = ba.run_token((code, depth), algo)
    if not isinstance(got, SearchError):
        bk.restore_search(K.search, token, got[0])
    bs.search_tab(
        K.search,
        got,
        token=token,
        sides=sides,
        exact=(sol.winner, sol.plies),
        exact_text=chase_answer(sol),
        searched_what=searched_words(algo, depth),
        board=bl.chase_node_board,
        about=_(CYCLES),
    )
    publish(depth=depth_param, **bk.search_params(K.search, token))
    st.subheader(_("Race: every algorithm on this position"))
    with st.spinner(_("Racing the searches…")):
        got = raced(code, depth, i18n.current())
    ba.race_panel(got, K.race)
