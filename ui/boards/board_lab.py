"""Blocks shared by the two board labs (pawn chess, the chase).

Plain functions first (click handlers, share codes, outcome words: tested without Streamlit),
then the Streamlit blocks: a clickable board, the verdict, the move table, the best line as an
animation, the play-vs-engine panel, small boards for nodes of the search tree (the
search tab itself is ui.boards.board_search).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any

import plotly.graph_objects as go
import streamlit as st

from engine.errors import InputError
from engine.game import Game
from engine.games import chase, pawn
from engine.play import PlaySession, Reply, human_to_move, new_session, restart, undo
from ui.common.clicks import clickable_chart
from ui.common.keys import Clicks, Play
from viz.animation import PLOTLY_CONFIG
from viz.board import square_of
from viz.chase_board import chase_figure, chase_move_squares
from viz.pawn_board import pawn_figure

# ---- pure helpers ----------------------------------------------------------------------
LINE_ROWS = 12  # rows of the best line's ply table shown before it scrolls
PAWN_PIECE_CAP_5X5 = 10  # 5x5 with 10 pawns (the full start) solves in about 0.3 s


def pawn_click(pos: pawn.PawnPosition, square: int) -> pawn.PawnPosition:
    """Board editor click: the square cycles empty -> white -> black -> empty."""
    if not 0 <= square < pos.rows * pos.cols:
        return pos
    return pawn.toggled(pos, *divmod(square, pos.cols))


def pawn_too_big(pos: pawn.PawnPosition) -> str | None:
    """Why the page will not solve ``pos`` (None = it will)."""
    if pos.rows * pos.cols > 25:
        return f"The lab solves boards up to 5x5; this one is {pos.rows}x{pos.cols}."
    pawns = sum(ch != pawn.EMPTY for ch in pos.cells)
    if pos.rows * pos.cols > 16 and pawns > PAWN_PIECE_CAP_5X5:
        return (
            f"On a 5x5 board the lab solves positions with up to {PAWN_PIECE_CAP_5X5} pawns "
            f"(the full start); this one has {pawns}. Remove {pawns - PAWN_PIECE_CAP_5X5}."
        )
    return None


@dataclass(frozen=True)
class ChaseEdit:
    """The chase board editor: the position and which piece a click places."""

    pos: chase.ChasePosition
    piece: str = "black"  # 'white' or 'black'


def chase_click(edit: ChaseEdit, square: int) -> ChaseEdit:
    """Put the palette's piece on ``square``; onto the other piece, the two swap places."""
    n = edit.pos.n
    if not 0 <= square < n * n:
        return edit
    rc = divmod(square, n)
    p = edit.pos
    white, black = p.white, p.black
    if edit.piece == "white":
        white, black = rc, (white if rc == black else black)
    else:
        black, white = rc, (black if rc == white else white)
    return replace(edit, pos=chase.ChasePosition(n, white, black, p.white_to_move))


_CHASE_CODE = re.compile(r"^(\d{1,2})-(\d{1,2})\.(\d{1,2})-(\d{1,2})\.(\d{1,2})-([wb])$")


def chase_code(pos: chase.ChasePosition) -> str:
    """Compact URL form, 1-based like the judge: ``20-1.1-20.20-w`` (n, white, black, side)."""
    side = "w" if pos.white_to_move else "b"
    (r1, c1), (r2, c2) = pos.white, pos.black
    return f"{pos.n}-{r1 + 1}.{c1 + 1}-{r2 + 1}.{c2 + 1}-{side}"


def chase_from_code(code: str, max_n: int = 40) -> chase.ChasePosition:
    """Read :func:`chase_code`; raises InputError naming what is wrong."""
    m = _CHASE_CODE.match(code.strip())
    if not m:
        raise InputError(f"malformed chase code {code!r}: expected e.g. 20-1.1-20.20-w")
    n, r1, c1, r2, c2 = (int(g) for g in m.groups()[:5])
    if not 2 <= n <= max_n:
        raise InputError(f"board size {n} is not within 2..{max_n}")
    for name, r, c in (("white", r1, c1), ("black", r2, c2)):
        if not (1 <= r <= n and 1 <= c <= n):
            raise InputError(f"{name} square ({r}, {c}) is off the {n} x {n} board")
    if (r1, c1) == (r2, c2):
        raise InputError("both pieces on one square")
    return chase.ChasePosition(n, (r1 - 1, c1 - 1), (r2 - 1, c2 - 1), m.group(6) == "w")


def outcome_words(mover: str, winner: str | None, plies: int) -> str:
    """A move's outcome for the side that plays it: ``wins in 5``, ``loses in 4``, ``draw``."""
    if winner is None:
        return "draw"
    return f"{'wins' if winner.lower() == mover.lower() else 'loses'} in {plies}"


def verdict_words(winner: str | None, plies: int) -> str:
    """``White wins in 7 plies`` (``ply`` for 1), ``Black has already won``, ``Draw``."""
    if winner is None:
        return "Draw: neither side can force a capture"
    who = winner.capitalize()
    if plies == 0:
        return f"{who} has already won"
    return f"{who} wins in {plies} pl{'y' if plies == 1 else 'ies'}"


def short_line(names: Sequence[str], head: int = 4, tail: int = 2) -> str:
    """The best line in one short line: every move when there are few, else the first
    ``head`` and last ``tail`` moves around an ellipsis and the number of plies."""
    if len(names) <= head + tail + 1:
        return " → ".join(names)
    return (
        " → ".join(names[:head]) + " → … → " + " → ".join(names[-tail:]) + f" ({len(names)} plies)"
    )


def ply_rows(names: Sequence[str], movers: tuple[str, str] | None = None) -> list[dict]:
    """One row per ply, numbered from 1; with ``movers`` the side that plays it."""
    rows: list[dict[str, Any]] = []
    for i, name in enumerate(names):
        row: dict[str, Any] = {"ply": i + 1}
        if movers:
            row["side"] = movers[i % 2]
        row["move"] = name
        rows.append(row)
    return rows


# ---- Streamlit blocks ------------------------------------------------------------------
MODES = ("Edit the position", "Play against the engine")


def mode_switch(key: str) -> bool:
    """The page's mode control; True when the person plays against the engine."""
    mode = st.segmented_control("Board", list(MODES), default=MODES[0], key=key) or MODES[0]
    return mode == MODES[1]


def clickable_board(keys: Clicks, fig: go.Figure, on_square: Callable[[int], None]) -> None:
    """Draw ``fig``; a click on a square calls ``on_square(index)`` (in the widget callback,
    before the rerun), and the next click on the same square counts again."""
    with st.container(key=keys.ns):
        clickable_chart(
            keys, fig, pick=square_of, on_hit=on_square, config=PLOTLY_CONFIG, width="content"
        )


def verdict(winner: str | None, plies: int, detail: str = "") -> None:
    """The answer, big, in words."""
    text = verdict_words(winner, plies)
    colour = {"white": "orange", "black": "blue"}.get((winner or "").lower(), "gray")
    st.markdown(f"### :{colour}[{text}]")
    if detail:
        st.caption(detail)


def move_table(mover: str, moves: Sequence[tuple[Any, str, str | None, int]], key: str) -> None:
    """Every legal move with its outcome for the mover, best first."""
    if not moves:
        st.caption("No legal moves: the game is over.")
        return
    rows = [
        {
            "move": name,
            "outcome": outcome_words(mover, who, n),
            "best": "★" if i == 0 or (who, n) == (moves[0][2], moves[0][3]) else "",
        }
        for i, (_, name, who, n) in enumerate(moves)
    ]
    st.dataframe(rows, hide_index=True, key=key, width="stretch")


def engine_reply(sess: PlaySession, game: Game) -> list[str]:
    """The engine's moves since the person last moved (all of them before the person's first
    move: the engine opened), oldest first."""
    out: list[str] = []
    for i in range(sess.plies, 0, -1):
        if game.to_move(sess.history[i - 1]) == sess.human:
            break
        out.append(sess.names[i - 1])
    return out[::-1]


def play_panel(
    keys: Play,
    start: Any,
    game: Game,
    reply: Reply,
    describe: Callable[[Any], tuple[str | None, int]],
    how: str = "Click a piece, then its target square.",
) -> PlaySession:
    """Pick a side; whose turn it is, what the engine replied, who won; undo and restart.
    Returns the current session (kept in session_state).

    ``reply(position)`` is the engine's move; ``describe(position)`` gives (winner, plies)
    for the verdict after every move; ``how`` tells the person how to move on the board.
    """
    skey = keys.session
    side = (
        st.segmented_control(
            "You play",
            ["white", "black"],
            default="white",
            key=keys.side,
            format_func=str.title,
        )
        or "white"
    )
    sess: PlaySession | None = st.session_state.get(skey)
    if sess is None or sess.history[0] != start or sess.human != side:
        sess = new_session(start, side, game, reply)
        st.session_state[skey] = sess
    c1, c2 = st.columns(2)
    if c1.button("Undo", key=keys.undo, icon=":material/undo:", width="stretch"):
        sess = st.session_state[skey] = undo(sess, game)
    if c2.button("Restart", key=keys.restart, icon=":material/restart_alt:", width="stretch"):
        sess = st.session_state[skey] = restart(sess, game, reply)
    replied = engine_reply(sess, game)
    if replied:
        verb = "replied" if sess.plies > len(replied) else "opened with"
        st.markdown(f":material/smart_toy: The engine {verb} **{' then '.join(replied)}**.")
    winner = game.winner(sess.position)
    if winner is not None:
        colour = "orange" if winner == "white" else "blue"
        st.markdown(f"### :{colour}[{winner.title()} won]")
        who = "you won!" if winner == side else "the engine won."
        st.markdown(
            f"**Game over** after {sess.plies} pl{'y' if sess.plies == 1 else 'ies'}: {who} "
            "Press **Undo** to take your move back or **Restart** to play again."
        )
    else:
        if human_to_move(sess, game):
            st.markdown(f"#### :material/touch_app: Your move ({side.title()})")
            st.caption(how)
        else:
            st.markdown(f"#### The engine's move ({game.to_move(sess.position).title()})")
        w, n = describe(sess.position)
        verdict(w, n, "from here, with perfect play on both sides")
    if sess.names:
        st.caption("Moves: " + " · ".join(f"{i + 1}. {m}" for i, m in enumerate(sess.names)))
    return sess


def pawn_node_board(state: pawn.PawnPosition, parent: pawn.PawnPosition | None) -> go.Figure:
    """A small board of a search-tree node, the move that led to it tinted and drawn."""
    last = None
    if parent is not None:
        last = next((m for m in pawn.legal_moves(parent) if pawn.play(parent, m) == state), None)
    return pawn_figure(state, px=230, last=last, arrows=[last] if last else [])


def chase_node_board(state: chase.ChasePosition, parent: chase.ChasePosition | None) -> go.Figure:
    """A small chase board of a search-tree node, with the move that led to it."""
    last = None
    if parent is not None:
        mv = next((m for m in chase.legal_moves(parent) if chase.play(parent, m) == state), None)
        last = chase_move_squares(parent, mv) if mv is not None else None
    return chase_figure(state, px=230, last=last, arrows=[last] if last else [])


def best_line(
    key: str,
    plies_key: str,
    figure: go.Figure,
    names: Sequence[str],
    result: str,
    *,
    movers: tuple[str, str] | None = None,
) -> None:
    """The best line animated on a board (``figure``, from viz.board.animated_figure; it
    plays in the browser) beside it in words: a short line and every ply numbered in a small
    table. ``movers`` = (first side, second side) adds a column saying who plays each ply."""
    board, words = st.columns([3, 2], gap="medium")
    with board:
        st.plotly_chart(figure, config=PLOTLY_CONFIG, key=key, width="content")
    with words:
        st.markdown(f"**{result}**")
        if names:
            st.markdown(short_line(names))
            rows = ply_rows(names, movers)
            st.dataframe(
                rows,
                hide_index=True,
                key=plies_key,
                width="stretch",
                height=min(LINE_ROWS, len(rows) + 1) * 35 + 3,
            )


def result_tabs(key: str, line: Callable[[], None], tree: Callable[[], None]) -> None:
    """The best-line and search-tree tabs under a board; only the open one runs (a board
    click never pays for the search)."""
    line_tab, tree_tab = st.tabs(["The best line", "The search tree"], key=key, on_change="rerun")
    if line_tab.open:
        with line_tab:
            line()
    if tree_tab.open:
        with tree_tab:
            tree()
