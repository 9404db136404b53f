"""Blocks shared by the two board labs (pawn chess, the chase).

Plain functions first (editor taps, the best line's words: tested without Streamlit),
then the Streamlit blocks: the boards (ui.common.board's component), the verdict, the move
table, the best line stepped on the board, the play-vs-engine panel, small boards for nodes of the search tree (the
search tab itself is ui.boards.board_search).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any

import streamlit as st

from engine.game import Game
from engine.games import chase, pawn
from engine.play import (
    PlaySession,
    Reply,
    human_move,
    human_to_move,
    new_session,
    restart,
    square_move,
    square_moves,
    undo,
)
from teach.i18n import N_, _, ngettext
from teach.play_words import game_summary, outcome_words, side_name, verdict_words
from ui.boards.board_links import drop_search
from ui.boards.review_panel import review_panel
from ui.common import projector
from ui.common.board import board
from ui.common.canvas import canvas_files
from ui.common.keys import Play
from ui.common.share import link_tabs
from ui.common.table import show_table
from viz.board import BoardPicture
from viz.board_payload import board_payload, line_payload
from viz.chase_board import chase_labels, chase_move_squares, chase_picture, chase_square_name
from viz.pawn_board import pawn_files, pawn_picture, pawn_ranks, pawn_squares

# ---- pure helpers ----------------------------------------------------------------------
FOLD_PX = 330  # the page's title, caption and mode switch above a board
MIN_BOARD_PX = 320  # a board's width at least, however short the window
PAWN_PIECE_CAP_5X5 = 10  # 5x5 with 10 pawns (the full start) solves in about 0.3 s


def pawn_click(pos: pawn.PawnPosition, square: int) -> pawn.PawnPosition:
    """Board editor click: the square cycles empty -> white -> black -> empty."""
    if not 0 <= square < pos.rows * pos.cols:
        return pos
    return pawn.toggled(pos, *divmod(square, pos.cols))


def pawn_too_big(pos: pawn.PawnPosition) -> str | None:
    """Why the page will not solve ``pos`` (None = it will)."""
    if pos.rows * pos.cols > 25:
        return _(
            "The lab solves boards up to 5x5; this one is {rows}x{cols}.",
            rows=pos.rows,
            cols=pos.cols,
        )
    pawns = sum(ch != pawn.EMPTY for ch in pos.cells)
    if pos.rows * pos.cols > 16 and pawns > PAWN_PIECE_CAP_5X5:
        return _(
            "On a 5x5 board the lab solves positions with up to {cap} pawns (the full "
            "start); this one has {pawns}. Remove {extra}.",
            cap=PAWN_PIECE_CAP_5X5,
            pawns=pawns,
            extra=pawns - PAWN_PIECE_CAP_5X5,
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


def short_line(names: Sequence[str], head: int = 4, tail: int = 2) -> str:
    """The best line in one short line: every move when there are few, else the first
    ``head`` and last ``tail`` moves around an ellipsis and the number of plies."""
    if len(names) <= head + tail + 1:
        return " → ".join(names)
    line = " → ".join(names[:head]) + " → … → " + " → ".join(names[-tail:])
    return ngettext("{line} ({n} ply)", "{line} ({n} plies)", len(names), line=line)


def ply_rows(names: Sequence[str], movers: tuple[str, str] | None = None) -> list[dict]:
    """One row per ply, numbered from 1; with ``movers`` the side that plays it (the
    columns are named in the run's language)."""
    ply, side, move = _("ply"), _("side"), _("move")
    rows: list[dict[str, Any]] = []
    for i, name in enumerate(names):
        row: dict[str, Any] = {ply: i + 1}
        if movers:
            row[side] = movers[i % 2]
        row[move] = name
        rows.append(row)
    return rows


# ---- Streamlit blocks ------------------------------------------------------------------
MODES = (N_("Edit the position"), N_("Play against the engine"))  # shown translated


def mode_switch(key: str) -> bool:
    """The page's mode control; True when the person plays against the engine."""
    # The first mode by the session's state, not by ``default=``: a link's ?mode=play sets the
    # state before this is drawn, and a default beside it makes Streamlit warn (issue 22, 10).
    st.session_state.setdefault(key, MODES[0])
    mode = st.segmented_control(_("Board"), list(MODES), key=key, format_func=_) or MODES[0]
    return mode == MODES[1]


def follow(key: str, value: Any) -> Any:
    """Make the control under ``key`` show ``value`` (what the position says); returns the
    default to draw it with. A control keyed once for every position follows a preset, a
    link or a tap, and a person's pick of it acts in its callback, before the run (the
    chase's size slider, the board-size and side-to-move controls).

    The control is drawn the same way run after run while its value stays (issue 21: an
    element that differs from the run before's is drawn again by the browser, a few ms each
    on a phone): by its default, and by the session's state set from Python only in the run
    where the position changed it (then with no default: Streamlit warns of the two
    together)."""
    ss = st.session_state
    if key not in ss:
        return value
    if ss[key] != value:
        ss[key] = value
        return None
    return value


@dataclass(frozen=True)
class BoardSpec:
    """How a lab's board is drawn: its labels and square names, its size (px, its natural
    width) and what its grid is called for a screen reader."""

    files: Sequence[str]
    ranks: Sequence[str]
    squares: Sequence[str]
    label: str
    px: int


def _payload(spec: BoardSpec, pic: BoardPicture, **kw) -> dict:
    on = projector.is_on()  # the board and its switch share a short window (issue 21)
    fold = projector.BOARD_FOLD_PX if on else FOLD_PX
    return board_payload(
        pic,
        files=spec.files,
        ranks=spec.ranks,
        squares=spec.squares,
        label=spec.label,
        px=spec.px,
        fold=fold,
        min_px=projector.BOARD_MIN if on else MIN_BOARD_PX,
        **kw,
    )


def edit_board(
    key: str,
    spec: BoardSpec,
    pic: BoardPicture,
    *,
    ver: str,
    say: str,
    on_square: Callable[[int], None],
    after: Sequence[tuple[list[int], list[int]]] = (),
) -> None:
    """The editor's board: a tap (a click, Enter) on a square calls ``on_square(index)`` in
    the widget callback, before the rerun. ``after[s]``: the pieces (white, black squares)
    a tap of square ``s`` leads to, drawn by the browser before the rerun."""
    payload = _payload(
        spec, pic, mode="edit", ver=ver, say=say, after={str(s): p for s, p in enumerate(after)}
    )
    board(payload, key=key, on_square=on_square)


def still_board(key: str, spec: BoardSpec, pic: BoardPicture) -> None:
    """A board to look at (no taps): its squares are named for a screen reader."""
    board(_payload(spec, pic, mode="still", ver="still"), key=key)


def verdict(winner: str | None, plies: int, detail: str = "", then: str = "") -> None:
    """The answer, big, in words; ``detail`` small under it and ``then`` (markdown) after it,
    all one element: every element a run sends costs the browser a render, and a board's
    tap reruns the page (issue 21)."""
    text = verdict_words(winner, plies)
    colour = {"white": "orange", "black": "blue"}.get((winner or "").lower(), "gray")
    parts = [f"### :{colour}[{text}]"]
    if detail:
        parts.append(f":gray[:small[{detail}]]")
    if then:
        parts.append(then)
    st.markdown("\n\n".join(parts))


def move_table(mover: str, moves: Sequence[tuple[Any, str, str | None, int]], key: str) -> None:
    """Every legal move with its outcome for the mover, best first (``key``: its container's,
    a card per move when its words do not fit the column whole)."""
    if not moves:
        st.caption(_("No legal moves: the game is over."))
        return
    move, outcome, best = _("move"), _("outcome"), _("best")
    rows = [
        {
            move: name,
            outcome: outcome_words(mover, who, n),
            best: "★" if i == 0 or (who, n) == (moves[0][2], moves[0][3]) else "",
        }
        for i, (_, name, who, n) in enumerate(moves)
    ]
    show_table(rows, cards=key, narrow=0)


def engine_reply(sess: PlaySession, game: Game) -> list[str]:
    """The engine's moves since the person last moved (all of them before the person's first
    move: the engine opened), oldest first."""
    out: list[str] = []
    for i in range(sess.plies, 0, -1):
        if game.to_move(sess.history[i - 1]) == sess.human:
            break
        out.append(sess.names[i - 1])
    return out[::-1]


@dataclass(frozen=True)
class Rules:
    """What the play board needs of a game: its rules, the engine's reply, the squares a move
    leaves and lands on, why a square is not a move (``why_not(position, picked square,
    square)``) and where a position's pieces stand (``pieces``: white squares, black ones)."""

    game: Game
    reply: Reply
    target: Callable[[Any, Any], Any]
    source: Callable[[Any, Any], Any]
    why_not: Callable[[Any, tuple[int, int] | None, tuple[int, int]], str]
    pieces: Callable[[Any], tuple[list[int], list[int]]]  # a position's white, black squares
    one_piece: bool = False  # one piece per side: it is picked up from the start


def moved(pos: Any, rules: Rules, cols: int) -> dict[str, tuple[list[int], list[int]]]:
    """The pieces after each of the person's moves in ``pos``, by ``"from-to"`` (square
    indices); a pair of squares that names more than one move is left out (the server
    tells them apart, or refuses)."""
    seen: dict[str, list[Any]] = {}
    for m in rules.game.moves(pos):
        (fr, fc), (tr, tc) = rules.source(pos, m), rules.target(pos, m)
        seen.setdefault(f"{fr * cols + fc}-{tr * cols + tc}", []).append(m)
    return {k: rules.pieces(rules.game.play(pos, ms[0])) for k, ms in seen.items() if len(ms) == 1}


def _played(keys: Play, rules: Rules, cols: int, frm: int, to: int) -> None:
    """The browser reports a move (a widget callback): play it, or say why it is none."""
    ss = st.session_state
    sess: PlaySession = ss[keys.session]
    pos, f, t = sess.position, divmod(frm, cols), divmod(to, cols)
    move = None
    if human_to_move(sess, rules.game):
        move = square_move(pos, rules.game, f, t, rules.target, rules.source)
    if move is None:
        ss[keys.note] = rules.why_not(pos, f, t)
        return
    ss[keys.session] = human_move(sess, move, rules.game, rules.reply)
    ss.pop(keys.note, None)


def _tapped(keys: Play, rules: Rules, cols: int, square: int, picked: int | None) -> None:
    """The browser reports a square that is no move: the page says why."""
    pos = st.session_state[keys.session].position
    sel = None if picked is None else divmod(picked, cols)
    st.session_state[keys.note] = rules.why_not(pos, sel, divmod(square, cols))


def play_words(keys: Play, sess: PlaySession, rules: Rules, describe) -> str:
    """What the board announces after a run of the game: why a tap was no move, or the
    person's move, the engine's reply and the verdict from here."""
    note = st.session_state.get(keys.note)
    if note:
        return note
    game, pos = rules.game, sess.position
    replied = engine_reply(sess, game)
    parts = []
    mine = sess.plies - len(replied)
    if mine > 0 and replied:
        parts.append(_("You played {move}.", move=sess.names[mine - 1]))
    if replied:
        parts.append(engine_words(replied, mine > 0, bold=False))
    winner = game.winner(pos)
    if winner is not None or not game.moves(pos):
        if winner is None:
            parts.append(_("Draw."))
        else:
            parts.append(_("White won.") if winner.lower() == "white" else _("Black won."))
    else:
        said = verdict_words(*describe(pos))
        parts.append(_("{verdict}, with perfect play from here.", verdict=said))
        if human_to_move(sess, game):
            parts.append(_("Your move."))
    return " ".join(parts)


def engine_words(replied: Sequence[str], after_mine: bool, *, bold: bool) -> str:
    """``The engine replied c4-c3.`` / ``The engine opened with b2-b3.`` (``bold``: the
    moves in markdown bold)."""
    moves = replied[0]
    for m in replied[1:]:
        moves = _("{first} then {next}", first=moves, next=m)
    if bold:
        moves = f"**{moves}**"
    if after_mine:
        return _("The engine replied {moves}.", moves=moves)
    return _("The engine opened with {moves}.", moves=moves)


def won_words(winner: str | None) -> str:
    """``White won`` / ``Black won`` / ``Draw``."""
    if winner is None:
        return _("Draw")
    return _("White won") if winner.lower() == "white" else _("Black won")


def play_board(
    key: str,
    keys: Play,
    spec: BoardSpec,
    pic: BoardPicture,
    sess: PlaySession,
    rules: Rules,
    *,
    cols: int,
    ver: str,
    describe,
) -> None:
    """The board of a game against the engine: the person's movable pieces and their
    targets go to the browser, which picks a piece on a tap and reports the move on a tap
    of one of its targets (:func:`_played`), drawing the move at once (:func:`moved`);
    any other tap is explained (:func:`_tapped`)."""
    moves: dict[int, list[int]] = {}
    if human_to_move(sess, rules.game):
        got = square_moves(sess.position, rules.game, rules.target, rules.source)
        for (r, c), targets in got.items():
            moves[r * cols + c] = [tr * cols + tc for tr, tc in targets]
    auto = next(iter(moves)) if rules.one_piece and len(moves) == 1 else None
    payload = _payload(
        spec,
        pic,
        mode="play",
        moves=moves,
        auto=auto,
        ver=ver,
        say=play_words(keys, sess, rules, describe),
        after=moved(sess.position, rules, cols) if moves else None,
    )
    board(
        payload,
        key=key,
        on_move=lambda frm, to: _played(keys, rules, cols, frm, to),
        on_tap=lambda square, picked: _tapped(keys, rules, cols, square, picked),
    )


def hint_shown(keys: Play, sess: PlaySession) -> bool:
    """True when the person asked for a hint in the position on the board."""
    return st.session_state.get(keys.hinted) == sess.position


def _toggle_hint(keys: Play) -> None:
    ss = st.session_state
    pos = ss[keys.session].position
    ss[keys.hinted] = None if ss.get(keys.hinted) == pos else pos


def _forget(keys: Play) -> None:
    for k in (keys.note, keys.hinted):
        st.session_state.pop(k, None)


def play_panel(
    keys: Play,
    start: Any,
    game: Game,
    reply: Reply,
    describe: Callable[[Any], tuple[str | None, int]],
    how: str,
    *,
    ranked: Callable[[Any], Sequence[tuple[Any, str, str | None, int]]],
    end_reason: Callable[[Any, int], str],
) -> PlaySession:
    """Pick a side; whose turn it is, what the engine replied, why a click was not a move,
    a hint on demand, and at the end why the game ended against the engine's prediction;
    undo and restart. Returns the current session (kept in session_state).

    ``reply(position)`` is the engine's move; ``describe(position)`` gives (winner, plies)
    with perfect play; ``ranked(position)`` every move with its outcome, best first;
    ``end_reason(position, plies)`` why a finished game ended; ``how`` tells the person how
    to move on the board.
    """
    skey = keys.session
    side = (
        st.segmented_control(
            _("You play"),
            ["white", "black"],
            default="white",
            key=keys.side,
            format_func=side_name,
        )
        or "white"
    )
    sess: PlaySession | None = st.session_state.get(skey)
    if sess is None or sess.history[0] != start or sess.human != side:
        sess = new_session(start, side, game, reply)
        st.session_state[skey] = sess
        _forget(keys)
    # one row that wraps (three equal columns broke "Un / do" in a narrow column: issue 21)
    row = st.container(horizontal=True, gap="small", vertical_alignment="center")
    if row.button(_("Undo"), key=keys.undo, icon=":material/undo:"):
        sess = st.session_state[skey] = undo(sess, game)
        _forget(keys)
    if row.button(_("Restart"), key=keys.restart, icon=":material/restart_alt:"):
        sess = st.session_state[skey] = restart(sess, game, reply)
        _forget(keys)
    over = game.winner(sess.position) is not None or not game.moves(sess.position)
    row.button(
        _("Hint"),
        key=keys.hint,
        icon=":material/lightbulb:",
        disabled=over or not human_to_move(sess, game),
        on_click=_toggle_hint,
        args=(keys,),
        help=_("The engine's best move on the board, and what every move leads to."),
    )
    replied = engine_reply(sess, game)
    if replied:
        said = engine_words(replied, sess.plies > len(replied), bold=True)
        st.markdown(f":material/smart_toy: {said}")
    winner = game.winner(sess.position)
    if over:
        colour = {"white": "orange", "black": "blue"}.get(winner or "", "gray")
        st.markdown(f"### :{colour}[{won_words(winner)}]")
        reason = end_reason(sess.position, sess.plies)
        st.markdown(game_summary(winner, sess.plies, side, reason, describe(start)))
        st.caption(_("Press **Undo** to take your move back or **Restart** to play again."))
    else:
        if human_to_move(sess, game):
            mover = _("Your move ({side})", side=side_name(side))
            st.markdown(f"#### :material/touch_app: {mover}")
            st.caption(_(how))
        else:
            mover = side_name(game.to_move(sess.position))
            st.markdown("#### " + _("The engine's move ({side})", side=mover))
        note = st.session_state.get(keys.note)
        if note:
            st.warning(note, icon=":material/block:")
        w, n = describe(sess.position)
        verdict(w, n, _("from here, with perfect play on both sides"))
        if hint_shown(keys, sess):
            st.markdown(_("**Hint:** the arrow on the board is the engine's best move."))
            move_table(game.to_move(sess.position), ranked(sess.position), f"{keys.note}.moves")
    if sess.names:
        moves = " · ".join(f"{i + 1}. {m}" for i, m in enumerate(sess.names))
        st.caption(_("Moves: {moves}", moves=moves))
    review_panel(keys, sess, game, describe, over)
    return sess


NODE_PX = 230  # a search-tree node's board


def pawn_node_board(state: pawn.PawnPosition, parent: pawn.PawnPosition | None) -> dict:
    """The board payload of a search-tree node (a still), the move that led to it tinted
    and drawn."""
    last = None
    if parent is not None:
        last = next((m for m in pawn.legal_moves(parent) if pawn.play(parent, m) == state), None)
    pic = pawn_picture(state, last=last, arrows=[last] if last else [])
    return board_payload(
        pic,
        files=pawn_files(state),
        ranks=pawn_ranks(state),
        squares=pawn_squares(state),
        label=_("The position of the node"),
        px=NODE_PX,
        min_px=NODE_PX,
    )


def chase_node_board(state: chase.ChasePosition, parent: chase.ChasePosition | None) -> dict:
    """The board payload of a chase search-tree node (a still), with the move that led to
    it."""
    last = None
    if parent is not None:
        mv = next((m for m in chase.legal_moves(parent) if chase.play(parent, m) == state), None)
        last = chase_move_squares(parent, mv) if mv is not None else None
    files, ranks = chase_labels(state.n)
    n = state.n
    return board_payload(
        chase_picture(state, last=last, arrows=[last] if last else []),
        files=files,
        ranks=ranks,
        squares=[chase_square_name(s, n) for s in range(n * n)],
        label=_("The position of the node"),
        px=NODE_PX,
        min_px=NODE_PX,
    )


def line_board(spec: BoardSpec, pics: Sequence[BoardPicture], *, ver: str, frame_ms: int) -> dict:
    """The best line's board payload (viz.board_payload.line_payload): one frame per
    position, played ``frame_ms`` apart in the browser. ``ver`` names the line (the start
    position's code); the page's size is set when it is drawn (:func:`best_line`)."""
    return line_payload(
        pics,
        frame_ms=frame_ms,
        files=spec.files,
        ranks=spec.ranks,
        squares=spec.squares,
        label=spec.label,
        px=spec.px,
        ver=ver,
    )


def best_line(
    key: str,
    spec: BoardSpec,
    line: dict,
    names: Sequence[str],
    result: str,
    *,
    movers: tuple[str, str] | None = None,
) -> None:
    """The best line on the board component (``line``, from :func:`line_board`; it steps
    and plays in the browser) beside it in words: a short line and every ply numbered in a
    small table. ``movers`` = (first side, second side) adds a column saying who plays each
    ply."""
    fold = projector.FOLD_PX if projector.is_on() else FOLD_PX
    payload = {**line, "px": int(spec.px), "fold": fold, "min": MIN_BOARD_PX, "label": spec.label}
    board_col, words = st.columns([3, 2], gap="medium")
    with board_col:
        board(payload, key=key)
    with words:
        st.markdown(f"**{result}**\n\n{short_line(names)}" if names else f"**{result}**")
        if names:
            rows = ply_rows(names, movers)
            # whole (a box that scrolls is out of a keyboard's reach), cards when too narrow
            show_table(rows, cards=f"{key}.plies", narrow=0)


# The result tabs, shown translated; the link names the open one in English (``?tab=``), so a
# link made in one language opens the same tab in any other.
TABS = (N_("The best line"), N_("The search tree"))


def search_files(key: str) -> list[str]:
    """The tree canvas's files when the link opens the search tab (``?KEY=The search tree``),
    for the page header to have them fetched during the first run (projector.page_header's
    ``preload``); else none."""
    return canvas_files() if st.query_params.get(key) == TABS[1] else []


def result_tabs(key: str, line: Callable[[], None], tree: Callable[[], None]) -> None:
    """The best-line and search-tree tabs under a board; only the open one runs (a board
    click never pays for the search). The open tab is in the link (``?tab=``, in English:
    share.link_tabs)."""
    line_tab, tree_tab = link_tabs(key, TABS, _, key=key, what=N_("tab"))
    if line_tab.open:
        with line_tab:
            line()
    if tree_tab.open:
        with tree_tab:
            tree()
    else:
        drop_search()
