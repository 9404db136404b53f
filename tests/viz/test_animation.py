"""One animation machinery (viz.animation) for boards and trees, one chart config."""

from __future__ import annotations

from pathlib import Path

from engine.games import chase, pawn
from engine.games.chase import move_target
from engine.search import search_tree
from engine.trace import Replayer
from engine.tree import complete_tree
from viz import animation
from viz.board import animated_figure
from viz.chase_board import chase_move_squares
from viz.pawn_board import pawn_picture
from viz.tree_figure import tree_figure

VIZ = Path(animation.__file__).parent


def test_frames_buttons_slider_and_config_are_written_once():
    for word in ("_frame_objs", "updatemenus", "sliders", "displayModeBar", "go.Frame("):
        owners = [p.name for p in sorted(VIZ.glob("*.py")) if word in p.read_text()]
        assert owners == ["animation.py"], (word, owners)


def _player(fig) -> tuple:
    menu, slider = fig.layout.updatemenus[0], fig.layout.sliders[0]
    return (
        [b.label for b in menu.buttons],
        [b.args[1]["frame"]["redraw"] for b in menu.buttons],
        slider.steps[0].args[1],
    )


def test_board_and_tree_play_the_same_way():
    pos = pawn.from_code("4x4w:.ppp/..../.PPP/....")
    pics = [pawn_picture(pos)] + [
        pawn_picture(pawn.play(pos, mv), last=mv) for mv in pawn.legal_moves(pos)[:2]
    ]
    board = animated_figure(pics, start=1)
    tree = complete_tree([3, 12, 8, 2, 4, 6, 14, 5, 2], 3)
    rep = Replayer(search_tree(tree))
    snaps = [rep.snapshot(k) for k in range(len(rep) + 1)]
    figure = tree_figure(tree, snaps[0], animate=True, snapshots=snaps)
    assert _player(board) == _player(figure)
    assert board.layout.sliders[0].active == 1
    assert board.layout.sliders[0].currentvalue.prefix == "ply "
    assert figure.layout.sliders[0].currentvalue.prefix == "step "


def test_chase_move_squares_lands_where_the_engine_says():
    pos = chase.ChasePosition(n=5, white=(2, 2), black=(0, 0), white_to_move=True)
    for to_move in (True, False):
        p = pos if to_move else chase.play(pos, chase.legal_moves(pos)[0])
        for mv in chase.legal_moves(p):
            a, b = chase_move_squares(p, mv)
            assert b == move_target(p, mv)
            assert a == (p.white if p.white_to_move else p.black)
