"""AppTest of the game review under the play panel (ui.boards.review_panel): shown once the
game is over with the losing move named, and behind a toggle while the game goes on; the
same on the chase."""

from __future__ import annotations

from pathlib import Path

from streamlit.testing.v1 import AppTest

from engine.games import chase, pawn
from engine.games.chase_solver import best_move, solve_position, solve_table
from engine.games.pawn_solver import solve
from engine.play import human_move, new_session

PAGES = Path(__file__).resolve().parents[2] / "app_pages"


def _texts(at: AppTest) -> list[str]:
    return [m.value for m in at.markdown]


def _play(page: str, query: dict, session) -> AppTest:
    at = AppTest.from_file(str(PAGES / page), default_timeout=60)
    for k, v in query.items():
        at.query_params[k] = v
    at.run()
    prefix = page.removesuffix(".py")
    at.segmented_control(key=f"{prefix}.mode").set_value("Play against the engine").run()
    at.segmented_control(key=f"{prefix}.game.side").set_value(session.human).run()
    at.session_state[f"{prefix}.game.session"] = session
    return at.run()


def test_pawn_review_at_the_end_and_on_demand():
    code = "4x4w:pppp/..../..../PPPP"
    game, start = pawn.PawnGame(), pawn.from_code(code)

    def reply(p):
        return solve(p).moves[0][0]

    sess = new_session(start, "white", game, reply)
    halfway = None
    while game.winner(sess.position) is None:
        sess = human_move(sess, game.moves(sess.position)[-1], game, reply)
        halfway = halfway or sess
    at = _play("pawn.py", {"p": code}, sess)
    assert not at.exception
    texts = _texts(at)
    assert "**Game review**" in texts
    assert "The losing move: move 5, b1-b2 (a win in 7 became a loss in 4)." in texts
    assert any(
        "**move 5, b1-b2: a win in 7 became a loss in 4 (the losing move)**" in t for t in texts
    )
    assert any("move 1, d1-d2: a win in 11, kept (a best move)" in t for t in texts)
    # a game that goes on: the review waits behind its toggle
    at = _play("pawn.py", {"p": code}, halfway)
    assert not at.exception and "**Review so far**" not in _texts(at)
    at.toggle(key="pawn.game.review_on").set_value(True).run()
    assert not at.exception
    assert "**Review so far**" in _texts(at)
    assert any(t.startswith("- ✓ move 1, d1-d2: a win in 11") for t in _texts(at))


def test_chase_review_names_the_losing_move():
    code = "3-1.1-3.3-w"
    start, table = chase.from_code(code), solve_table(3)
    game = chase.ChaseGame()

    def reply(p):
        return best_move(p, table)

    sess = new_session(start, "white", game, reply)
    while game.winner(sess.position) is None:
        sess = human_move(sess, game.moves(sess.position)[-1], game, reply)
    at = _play("chase.py", {"c": code}, sess)
    assert not at.exception
    texts = _texts(at)
    assert "**Game review**" in texts
    sol = solve_position(start, table)  # black wins: white's moves are all losses
    mv = game.moves(start)[-1]
    _, name, who, n = next(m for m in sol.moves if m[0] == mv)
    assert who.lower() == "black"
    kept = "kept (a best move)" if n == sol.plies else f"became a loss in {n}"
    first = f"move 1, {name}: a loss in {sol.plies}"
    assert any(first in t and kept in t for t in texts)
    assert any(t.startswith("No losing move: the position was a loss") for t in texts)
