"""What the board labs keep in a share link beside the position (``?p=`` / ``?c=``).

- play: ``?mode=play``, the side the person plays (``?side=black``; white is the default)
  and every move played so far, both sides', in the game's own notation joined by dots
  (``?mv=b2-b3.c4xb3`` for pawn chess, ``?mv=u.d2.r`` for the chase: up, down two, right).
  A link's moves are replayed from the position, each checked legal in turn; a bad one
  stops the replay there, with a warning naming move N.
- the chase heatmap's colouring (``?heat=off|white``; black on every square is the default);
- the search tab: the canvas's step (``?k=``, written by the canvas as it steps), the subtree
  opened (``?open=NODE``, a "+N nodes" marker's node), the node selected (``?sel=NODE``), the
  markers drawn (``?nodes=``) and, for the chase, the depth (``?depth=``).

Plain functions first (codecs, tested without Streamlit), then the restore / publish pieces
the pages call. Every parameter is read once per session (ui.common.share).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import streamlit as st

from engine.errors import InputError
from engine.game import Game
from engine.games import chase, pawn
from engine.play import MAX_PLIES, PlaySession, Reply, resume
from engine.trace import SearchRun
from teach.i18n import N_, _
from ui.boards.board_search import BUDGET, BUDGETS, TreeView
from ui.common.keys import Board, Search
from ui.common.link_codec import Fallback, choice, int_in, nearest_of, quoted
from ui.common.share import publish, read_once

Token = Callable[[Any, Any], str]  # (position, move) -> the move's name in a link

SEP = "."  # between two moves in ``?mv=``
MAX_TOKEN = 8  # characters of one move's name at most (``b2xc3``, ``l2``)
MAX_MOVES = MAX_PLIES * (MAX_TOKEN + 1)  # characters of ``?mv=`` at most
MODES = ("edit", "play")  # ``?mode=``, in the order of ui.boards.board_lab.MODES
SIDES = ("white", "black")
HEAT = ("off", "black", "white")  # ``?heat=``, in the order of ui.boards.chase_lab.HEAT
DEFAULT_HEAT = "black"
DEPTHS = (1, 6)  # the chase search's depth slider
DEFAULT_DEPTH = 3
SEARCH_PARAMS = ("k", "play", "open", "sel", "nodes", "depth", "mcts")  # gone with the search tab
_CHASE_DIRS = {(-1, 0): "u", (1, 0): "d", (0, -1): "l", (0, 1): "r"}


# ---- moves -------------------------------------------------------------------------------
def pawn_token(pos: pawn.PawnPosition, move: pawn.Move) -> str:
    """A pawn move in a link: its name (``b2-b3``, ``b2xc3``)."""
    return pawn.move_name(pos, move)


def chase_token(pos: chase.ChasePosition, move: chase.Move) -> str:
    """A chase move in a link: its direction's letter, ``2`` for black's double step
    (``u``, ``l2``): one piece per side moves, so that names the move."""
    dr, dc = move
    step = abs(dr) + abs(dc)
    return _CHASE_DIRS[(dr // step, dc // step)] + ("2" if step == 2 else "")


def played_moves(history: Sequence[Any], game: Game) -> list[Any]:
    """The moves between consecutive positions of ``history`` (a PlaySession's)."""
    out = []
    for prev, cur in zip(history, history[1:], strict=False):
        out.append(next(m for m in game.moves(prev) if game.play(prev, m) == cur))
    return out


def encode_moves(history: Sequence[Any], game: Game, token: Token) -> str:
    """Every move of ``history`` for ``?mv=`` (empty when none was played)."""
    return SEP.join(token(p, m) for p, m in zip(history, played_moves(history, game), strict=False))


def _not_legal(i: int, name: str, offered: list[str], mover: str) -> str:
    """Why move ``i`` (``name``, quoted) of a link's game stops the replay: the game was
    over, or the moves ``mover`` could play (``offered``); the replay keeps the moves before."""
    if len(offered) > 1:
        options = _("{first} or {last}", first=", ".join(offered[:-1]), last=offered[-1])
    else:
        options = "".join(offered)
    kw = {"i": i, "name": name, "prev": i - 1, "options": options}
    white = mover.lower() == "white"
    if not offered and i > 1:
        return _(
            "move {i} {name} is not legal: the game was over after move {prev}, so the game "
            "stops after move {prev}",
            **kw,
        )
    if not offered:
        return _(
            "move {i} {name} is not legal: the game was over after move {prev}, so the game "
            "starts afresh",
            **kw,
        )
    if i > 1 and white:
        return _(
            "move {i} {name} is not legal: White to move plays {options}, so the game stops "
            "after move {prev}",
            **kw,
        )
    if i > 1:
        return _(
            "move {i} {name} is not legal: Black to move plays {options}, so the game stops "
            "after move {prev}",
            **kw,
        )
    if white:
        return _(
            "move {i} {name} is not legal: White to move plays {options}, so the game starts "
            "afresh",
            **kw,
        )
    return _(
        "move {i} {name} is not legal: Black to move plays {options}, so the game starts afresh",
        **kw,
    )


def decode_moves(raw: str, start: Any, game: Game, token: Token) -> tuple[list[Any], str | None]:
    """The moves of ``?mv=`` from ``start``, and None or why the replay stopped: the moves
    before the first one that is not legal in its turn (the message names it as move N).
    InputError for a list too long to be a game."""
    if len(raw) > MAX_MOVES:
        raise InputError(
            "is {n:,} characters long (a game here has at most {most})", n=len(raw), most=MAX_PLIES
        )
    names = raw.split(SEP) if raw.strip() else []
    if len(names) > MAX_PLIES:
        raise InputError(
            "has {n:,} moves (a game here has at most {most})", n=len(names), most=MAX_PLIES
        )
    moves: list[Any] = []
    pos = start
    for i, name in enumerate(names, 1):
        legal = {} if game.winner(pos) is not None else {token(pos, m): m for m in game.moves(pos)}
        if name not in legal:
            return moves, _not_legal(i, quoted(name), list(legal), game.to_move(pos))
        moves.append(legal[name])
        pos = game.play(pos, legal[name])
    return moves, None


def game_decoder(
    start: Any, human: str, game: Game, reply: Reply, token: Token
) -> Callable[[str], PlaySession]:
    """A decoder of ``?mv=`` for :func:`ui.common.share.read_once`: the game replayed from
    ``start`` (a bad move: the game up to it, as :class:`Fallback`)."""

    def decode(raw: str) -> PlaySession:
        moves, problem = decode_moves(raw, start, game, token)
        session = resume(start, human, moves, game, reply)
        if problem is not None:
            raise Fallback(problem, session)
        return session

    return decode


def play_params(session: PlaySession | None, game: Game, token: Token) -> dict[str, str | None]:
    """``mode``, ``side`` and ``mv`` for ``publish``: None (removed) for what is default, and
    all three when the person is not playing (``session`` None)."""
    if session is None:
        return {"mode": None, "side": None, "mv": None}
    moves = encode_moves(session.history, game, token)
    return {
        "mode": "play",
        "side": None if session.human == SIDES[0] else session.human,
        "mv": moves or None,
    }


# ---- Streamlit ---------------------------------------------------------------------------
def restore_play(
    keys: Board,
    start: Any,
    game: Game,
    reply: Reply,
    token: Token,
    mode_labels: Sequence[str],
    playable: bool = True,
) -> None:
    """The link's mode, side and moves, once per session (before the mode switch is drawn):
    ``mode_labels`` are the mode switch's options (edit, play); moves only when the position
    can be played."""
    mode = read_once("mode", decode=choice(MODES, N_("the mode")), what=N_("mode"))
    if mode is not None:
        st.session_state[keys.mode] = mode_labels[MODES.index(mode)]
    side = read_once("side", decode=choice(SIDES, N_("the side")), what=N_("side you play"))
    if side is not None:
        st.session_state[keys.game.side] = side
    if not playable:
        return
    human = st.session_state.get(keys.game.side) or SIDES[0]
    decode = game_decoder(start, human, game, reply, token)
    session = read_once("mv", decode=decode, what=N_("game"))
    if session is not None:
        st.session_state[keys.game.session] = session


def restore_heat(keys: Board, labels: Sequence[str]) -> None:
    """The link's heatmap colouring (``labels``: the colour control's options, in the order
    of :data:`HEAT`), once per session, before the control is drawn."""
    heat = read_once("heat", decode=choice(HEAT, N_("the colouring")), what=N_("heatmap colouring"))
    if heat is not None:
        st.session_state[keys.heat] = labels[HEAT.index(heat)]


def heat_param(label: str | None, labels: Sequence[str]) -> str | None:
    """``?heat=`` of the colour control's ``label`` (None for the default)."""
    code = HEAT[labels.index(label)] if label in labels else DEFAULT_HEAT
    return None if code == DEFAULT_HEAT else code


def restore_depth(key: str) -> None:
    """The chase search's depth from the link (``?depth=``), once per session."""
    lo, hi = DEPTHS
    depth = read_once("depth", decode=int_in(lo, hi, N_("the depth")), what=N_("search depth"))
    if depth is not None:
        st.session_state[key] = depth


def restore_search(keys: Search, token: Any, run: SearchRun) -> None:
    """The link's search-tab state for ``run`` (named ``token``), once per session, before
    the tab is drawn: the step (a step past the end gives the last, with a warning), the
    markers drawn, and the view: the subtree opened and the node selected."""
    ss = st.session_state
    n, size = len(run.events), len(run.tree)
    k = read_once("k", decode=int_in(0, n, N_("the step")), what=N_("step"))
    if k is not None:
        ss[keys.canvas.step] = k
    budget = read_once(
        "nodes", decode=nearest_of(BUDGETS, N_("nodes drawn")), what=N_("nodes drawn")
    )
    if budget is not None:
        ss[keys.budget] = budget
    node = int_in(0, size - 1, N_("the node"), clamp=False)
    focus = read_once("open", decode=node, what=N_("subtree opened"))
    picked = read_once("sel", decode=node, what=N_("node selected"))
    if focus is not None or picked is not None:
        ss[keys.view] = (token, TreeView(focus or 0, picked))


def search_params(keys: Search, token: Any) -> dict[str, str | None]:
    """``k``, ``open``, ``sel`` and ``nodes`` of the search tab as it is now, for ``publish``
    (``k`` is written by the canvas as it steps; this keeps it after a rerun)."""
    ss = st.session_state
    got = ss.get(keys.view)
    view = got[1] if got and got[0] == token else TreeView()
    budget = ss.get(keys.budget) or BUDGET
    return {
        "k": str(int(ss.get(keys.canvas.step, 0))),
        "open": str(view.focus) if view.focus else None,
        "sel": None if view.selected is None else str(view.selected),
        "nodes": None if budget == BUDGET else str(budget),
    }


def drop_search() -> None:
    """The search tab is not open: its parameters leave the link."""
    publish(**dict.fromkeys(SEARCH_PARAMS))
