"""OpenSpiel's games through the adapter (engine.games.openspiel) and the exact solver
(engine.exact), checked against OpenSpiel's own search: ``alpha_beta_search`` (DeepMind's,
an independent implementation over OpenSpiel's mutable states) for every value, and a plain
recursive minimax over OpenSpiel's states, written here, for the plies."""

from __future__ import annotations

import io
import json
import random
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

pyspiel = pytest.importorskip("pyspiel", reason="OpenSpiel has no wheel for this platform")
from open_spiel.python.algorithms.minimax import alpha_beta_search  # noqa: E402

from engine.errors import InputError, SearchError, SearchTooLarge  # noqa: E402
from engine.exact import solve  # noqa: E402
from engine.game import DRAW, WIN  # noqa: E402
from engine.games.openspiel import OpenSpielGame, Position  # noqa: E402
from engine.search import search_game  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]

# game string -> the fewest random moves played before the check (OpenSpiel's alpha-beta
# has no table: from the start some of these take it minutes)
GAMES = {
    "tic_tac_toe": 2,
    "connect_four(rows=4,columns=4,x_in_row=3)": 6,
    "nim(pile_sizes=1;2;3)": 0,
    "nim(pile_sizes=2;3,is_misere=false)": 0,
    "hex(board_size=3)": 2,
    "breakthrough(rows=4,columns=3)": 4,
    "clobber(rows=3,columns=3)": 1,
    "mnk(m=4,n=3,k=3)": 5,
    "dots_and_boxes(num_rows=1,num_cols=2)": 3,  # a box closed gives another turn
}


def random_position(game: OpenSpielGame, rng: random.Random, at_least: int) -> Position:
    pos = game.start()
    extra = rng.randrange(4)
    for _ in range(at_least + extra):
        moves = game.moves(pos)
        if not moves:
            break
        pos = game.play(pos, rng.choice(moves))
    return pos


def theirs(game: OpenSpielGame, state, player: int) -> int:
    """OpenSpiel's alpha-beta value of ``state`` for ``player`` (+1, 0, -1)."""
    value, _ = alpha_beta_search(
        game._game, state=state, maximum_depth=200, maximizing_player_id=player
    )
    return round(value)


def plain_minimax(state) -> tuple[int, int | None]:
    """(value, plies) for the player to move in ``state``: every move tried, no table;
    prefers a win, then a draw, then a loss; a faster win, a slower loss."""
    me = state.current_player()
    best = None
    for a in state.legal_actions():
        child = state.child(a)
        if child.is_terminal():
            r = child.returns()[me]
            got = (0, None) if r == 0 else (1 if r > 0 else -1, 1)
        else:
            v, p = plain_minimax(child)
            if child.current_player() != me:
                v = -v
            got = (v, None if v == 0 else p + 1)
        key = (got[0], -got[1] if got[0] > 0 else (got[1] or 0))
        if best is None or key > best[0]:
            best = (key, got)
    return best[1]


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10**6), spec=st.sampled_from(sorted(GAMES)))
def test_every_value_agrees_with_openspiels_alpha_beta(seed: int, spec: str) -> None:
    game = OpenSpielGame(spec)
    pos = random_position(game, random.Random(seed), GAMES[spec])
    sol = solve(game, pos)
    if pos.state.is_terminal():
        assert sol.moves == () and sol.best == ()
        assert sol.outcome.plies in (0, None)
        return
    me = pos.state.current_player()
    assert sol.to_move == str(me)
    assert sol.outcome.value == theirs(game, pos.state, me)
    assert [m for m, _ in sol.moves] == pos.state.legal_actions()
    for m, o in sol.moves:
        assert o.value == theirs(game, pos.state.child(m), me), (spec, pos, m)
    top = max(o.value for _, o in sol.moves)
    assert sol.best and all(o.value == top for m, o in sol.moves if m in sol.best)


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 10**6), spec=st.sampled_from(sorted(GAMES)))
def test_the_plies_are_the_winners_fastest_and_the_losers_slowest(seed: int, spec: str) -> None:
    game = OpenSpielGame(spec)
    pos = random_position(game, random.Random(seed), GAMES[spec] + 1)
    if pos.state.is_terminal():
        return
    sol = solve(game, pos)
    assert (sol.outcome.value, sol.outcome.plies) == plain_minimax(pos.state)


def test_a_board_key_merges_transpositions_and_gives_the_move_orders_answer() -> None:
    """Two move orders to one tic-tac-toe board are one position; solving with positions
    keyed by their move orders instead (nothing merged) gives the same answers."""
    game = OpenSpielGame("tic_tac_toe")
    a, b = game.position([0, 4, 8]), game.position([8, 4, 0])
    assert a == b and hash(a) == hash(b) and a.actions != b.actions

    class ByMoves(OpenSpielGame):
        def _position(self, actions, state, last):
            p = super()._position(actions, state, last)
            return Position(p.actions, p.side, p.actions, p.state)

    plain = ByMoves("tic_tac_toe")
    for moves in ([0, 4], [4, 0, 8], [0, 1, 3]):
        x, y = solve(game, game.position(moves)), solve(plain, plain.position(moves))
        assert (x.outcome, x.moves, x.best) == (y.outcome, y.moves, y.best)
        assert x.nodes < y.nodes


def test_tic_tac_toe_is_a_draw_and_a_finished_game_is_decided() -> None:
    game = OpenSpielGame("tic_tac_toe")
    sol = solve(game, game.start())
    assert (sol.outcome.value, sol.outcome.plies) == (0, None)
    assert len(sol.moves) == 9 and all(o.value == 0 for _, o in sol.moves)
    won = game.position([0, 3, 1, 4, 2])  # x takes the top row
    assert game.winner(won) == "0" and game.to_move(won) == "1" and game.moves(won) == []
    lost = solve(game, won)
    assert (lost.outcome.value, lost.outcome.plies, lost.best) == (-1, 0, ())
    full = game.position([0, 1, 2, 4, 3, 5, 7, 6, 8])
    assert game.winner(full) == DRAW


def test_positions_are_immutable() -> None:
    game = OpenSpielGame("tic_tac_toe")
    pos = game.start()
    after = game.play(pos, 4)
    assert pos.actions == () and after.actions == (4,) and str(pos.state) == "...\n...\n..."
    with pytest.raises(AttributeError):
        pos.side = "1"  # type: ignore[misc]


@pytest.mark.parametrize("moves", [[4, 0, 8], [0, 4, 1, 2]])
@pytest.mark.parametrize("algorithm", ["alphabeta", "minimax"])
def test_the_traced_searches_run_on_a_game_unchanged(moves, algorithm) -> None:
    """The engine's own searches over the adapter: the root's value (wins as WIN - plies,
    a draw 0) is the exact solver's."""
    game = OpenSpielGame("tic_tac_toe")
    pos = game.position(moves)
    run = search_game(game, pos, algorithm=algorithm)
    sol = solve(game, pos)
    want = 0 if sol.outcome.value == 0 else sol.outcome.value * (WIN - sol.outcome.plies)
    assert run.value == want
    assert run.states[0] == pos and run.tree.labels[0] == "root"


def test_bad_games_and_moves_say_what_is_wrong() -> None:
    cases = [
        ("chess_x", [], "unknown game chess_x"),
        ("tic_tac_toe(size=4)", [], "has no parameter size"),
        ("pig", [], "has chance"),
        ("kuhn_poker", [], "hides information"),
        ("goofspiel", [], "not played in turns"),
        ("hex(board_size=0)", [], "cannot load the game"),
        ("tic_tac_toe", [4, 4], "move 2 (4) is not legal there"),
        ("tic_tac_toe", [0, 3, 1, 4, 2, 5], "move 6 (5) comes after the game is over"),
        ("tic_tac_toe", [True], "move 1 is not an action id"),
        ("tic_tac_toe", "4", "moves must be a list"),
    ]
    for spec, moves, words in cases:
        with pytest.raises(InputError, match=words.replace("(", r"\(").replace(")", r"\)")):
            OpenSpielGame(spec).position(moves)


def test_a_position_too_big_is_refused_not_cut_short() -> None:
    game = OpenSpielGame("connect_four")
    with pytest.raises(SearchTooLarge, match="more than 1,000 states"):
        solve(game, game.start(), max_nodes=1000)


def test_a_game_whose_positions_repeat_is_refused() -> None:
    """A two-state game that cycles: the solver refuses it instead of looping."""

    class Cycle:
        def to_move(self, s):
            return "a" if s % 2 == 0 else "b"

        def moves(self, s):
            return [1]

        def play(self, s, m):
            return (s + 1) % 2

        def winner(self, s):
            return None

    with pytest.raises(SearchError, match="repeats a position"):
        solve(Cycle(), 0)


def test_the_cli_refuses_a_position_past_the_node_budget(capsys, monkeypatch) -> None:
    """In-process, with a small budget: the stated budget's own run takes seconds."""
    from engine.__main__ import main

    monkeypatch.setattr("engine.exact.MAX_NODES", 1000)
    monkeypatch.setattr("sys.stdin", io.StringIO('{"game": "connect_four"}\n'))
    assert main(["game"]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err == (
        "error: line 1: the position needs more than 1,000 states to solve exactly\n"
    )


def run_cli(stdin: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "engine", "game"],
        input=stdin,
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
    )


def test_the_cli_answers_each_line_and_skips_blank_ones() -> None:
    lines = [
        {"game": "tic_tac_toe", "moves": [4, 0]},
        {"game": "nim(pile_sizes=1;2,is_misere=false)", "moves": [0]},
        {"game": "tic_tac_toe", "moves": [0, 3, 1, 4, 2]},
    ]
    res = run_cli("\n".join(json.dumps(x) for x in lines) + "\n\n")
    assert res.returncode == 0 and res.stderr == ""
    first, nim, over = (json.loads(x) for x in res.stdout.splitlines())
    assert (first["to_move"], first["value"], first["plies"]) == (0, 0, None)
    assert [m["action"] for m in first["moves"]] == [1, 2, 3, 5, 6, 7, 8]
    assert first["best"] == [1, 2, 3, 5, 6, 7, 8] and first["moves"][0]["name"] == "x(0,1)"
    assert (nim["to_move"], nim["value"], nim["plies"], nim["best"]) == (1, 1, 1, [3])
    assert (over["value"], over["plies"], over["moves"], over["best"]) == (-1, 0, [], [])


@pytest.mark.parametrize(
    ("stdin", "words"),
    [
        ('{"game": "tic_tac_toe", "moves": [4, 4]}\n', "line 1: move 2 (4) is not legal"),
        ('\n{"game": "nope"}\n', "line 2: unknown game nope"),
        ('{"game": "tic_tac_toe", "x": 1}\n', "line 1: unknown key 'x'"),
        ('{"moves": [1]}\n', "line 1: missing key 'game'"),
        ("[4, 0]\n", 'line 1: expected a JSON object like {"game"'),
        ("{oops\n", "line 1: not valid JSON"),
        ("\n\n", "no cases"),
    ],
)
def test_the_cli_refuses_bad_input_with_one_error_line(stdin: str, words: str) -> None:
    res = run_cli(stdin)
    assert res.returncode == 2 and res.stdout == ""
    assert res.stderr.startswith("error: ") and words in res.stderr, res.stderr
    assert res.stderr.count("\n") == 1 and "Traceback" not in res.stderr


def test_without_openspiel_the_games_say_why_and_nothing_else_breaks(monkeypatch) -> None:
    """Where open-spiel has no wheel (macOS on Intel) the import fails: the adapter says so
    in words, and a tree search still runs."""
    from engine.games import openspiel
    from engine.search import search_tree
    from engine.tree import complete_tree

    monkeypatch.setitem(sys.modules, "pyspiel", None)  # import pyspiel -> ImportError
    why = openspiel.unavailable()
    assert why is not None and "pip install open-spiel" in why
    with pytest.raises(InputError, match="the games need OpenSpiel"):
        OpenSpielGame("tic_tac_toe")
    assert search_tree(complete_tree([3, 12, 8, 2], 2)).value == 3
