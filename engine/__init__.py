"""Game Tree Lab engine: exact answers to the four problems of PROBLEMS.md.

Pure Python and numpy; never imports streamlit, plotly or networkx. The public API:

- ``alpha_beta(leaves, branching) -> [value, evaluated]`` (problem 1)
- pawn chess (problem 2): ``PawnPosition``, ``parse_board``, ``legal_moves``, ``solve_pawn``
- the chase (problem 3): ``ChasePosition``, ``solve_table``, ``solve_chase``
- explicit trees (problem 4): ``GameTree``, ``parse_ural``, ``parse_brackets``, ``solve_tree``,
  ``complete_tree``
- traced searches: ``search_tree``, ``search_game`` -> ``SearchRun``; ``replay(run, k)``
- every parser raises ``InputError`` (a ``ValueError``) naming the line and the problem.
"""

from __future__ import annotations

from engine.alphabeta import alpha_beta, parse_leaves
from engine.errors import InputError
from engine.games.chase import ChasePosition, judge_answer, parse_case
from engine.games.chase import solve_position as solve_chase
from engine.games.chase_solver import ChaseTable, solve_table
from engine.games.pawn import PawnPosition, legal_moves, parse_board
from engine.games.pawn_solver import PawnSolution
from engine.games.pawn_solver import solve as solve_pawn
from engine.search import reorder, search_game, search_tree
from engine.trace import Replayer, SearchRun, Snapshot, replay
from engine.tree import GameTree, complete_tree, from_parents, minimax, solve_tree
from engine.tree_text import format_brackets, format_ural, parse_brackets, parse_ural

__all__ = [
    "ChasePosition",
    "ChaseTable",
    "GameTree",
    "InputError",
    "PawnPosition",
    "PawnSolution",
    "Replayer",
    "SearchRun",
    "Snapshot",
    "alpha_beta",
    "complete_tree",
    "format_brackets",
    "format_ural",
    "from_parents",
    "judge_answer",
    "legal_moves",
    "minimax",
    "parse_board",
    "parse_brackets",
    "parse_case",
    "parse_leaves",
    "parse_ural",
    "reorder",
    "replay",
    "search_game",
    "search_tree",
    "solve_chase",
    "solve_pawn",
    "solve_table",
    "solve_tree",
]
