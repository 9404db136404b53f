"""Game Tree Lab engine: exact answers to the four problems of PROBLEMS.md.

Pure Python and numpy; never imports streamlit, plotly or networkx. The public API:

- ``alpha_beta(leaves, branching) -> [value, evaluated]`` (problem 1)
- pawn chess (problem 2): ``PawnPosition``, ``parse_board``, ``legal_moves``, ``solve_pawn``
- the chase (problem 3): ``ChasePosition``, ``solve_table``, ``solve_chase(pos, table)``
- explicit trees (problem 4): ``GameTree``, ``parse_ural``, ``parse_brackets``, ``minimax``,
  ``complete_tree``
- the judge formats: ``parse_case`` (a chase line), ``judge_answer`` (a chase answer line)
- traced searches: ``search_tree``, ``search_game`` -> ``SearchRun``; ``Replayer(run)``
- after alpha-beta: ``classify_nodes`` (PV/CUT/ALL, cut kinds), ``minimal_leaves``, ``pvs``,
  ``mtdf`` (``mtdf_deepen`` on positions), ``expectimax`` (chance nodes), ``deepen`` (iterative deepening with a table),
  ``race_tree`` / ``race_position`` (the race table's rows)
- every parser raises ``InputError`` (a ``ValueError``) naming the line and the problem.

The names are loaded on first use (PEP 562), so ``python -m engine tree`` never pays for
numpy and ``import engine`` costs nothing until a name is read.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

# public name -> (module, attribute)
_NAMES: dict[str, tuple[str, str]] = {
    "alpha_beta": ("engine.alphabeta", "alpha_beta"),
    "parse_leaves": ("engine.alphabeta", "parse_leaves"),
    "InputError": ("engine.errors", "InputError"),
    "ChasePosition": ("engine.games.chase", "ChasePosition"),
    "ChaseTable": ("engine.games.chase_solver", "ChaseTable"),
    "solve_table": ("engine.games.chase_solver", "solve_table"),
    "solve_chase": ("engine.games.chase_solver", "solve_position"),
    "parse_case": ("engine.judge", "parse_chase_case"),
    "judge_answer": ("engine.judge", "chase_answer"),
    "PawnPosition": ("engine.games.pawn", "PawnPosition"),
    "legal_moves": ("engine.games.pawn", "legal_moves"),
    "parse_board": ("engine.games.pawn", "parse_board"),
    "PawnSolution": ("engine.games.pawn_solver", "PawnSolution"),
    "solve_pawn": ("engine.games.pawn_solver", "solve"),
    "classify_nodes": ("engine.node_types", "classify"),
    "minimal_leaves": ("engine.node_types", "minimal_leaves"),
    "deepen": ("engine.deepening", "deepen"),
    "expectimax": ("engine.expectimax", "expectimax"),
    "mtdf": ("engine.mtdf", "mtdf"),
    "mtdf_deepen": ("engine.mtdf", "mtdf_deepen"),
    "pvs": ("engine.pvs", "pvs"),
    "race_tree": ("engine.race", "race_tree"),
    "race_position": ("engine.race", "race_position"),
    "reorder": ("engine.search", "reorder"),
    "search_game": ("engine.search", "search_game"),
    "search_tree": ("engine.search", "search_tree"),
    "Replayer": ("engine.trace", "Replayer"),
    "SearchRun": ("engine.trace", "SearchRun"),
    "Snapshot": ("engine.trace", "Snapshot"),
    "replay": ("engine.trace", "replay"),
    "GameTree": ("engine.tree", "GameTree"),
    "complete_tree": ("engine.tree", "complete_tree"),
    "from_parents": ("engine.tree", "from_parents"),
    "minimax": ("engine.tree", "minimax"),
    "format_brackets": ("engine.tree_text", "format_brackets"),
    "format_ural": ("engine.tree_text", "format_ural"),
    "parse_brackets": ("engine.tree_text", "parse_brackets"),
    "parse_ural": ("engine.tree_text", "parse_ural"),
}

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
    "classify_nodes",
    "complete_tree",
    "deepen",
    "expectimax",
    "format_brackets",
    "format_ural",
    "from_parents",
    "judge_answer",
    "legal_moves",
    "minimal_leaves",
    "minimax",
    "mtdf",
    "mtdf_deepen",
    "parse_board",
    "parse_brackets",
    "parse_case",
    "parse_leaves",
    "parse_ural",
    "pvs",
    "race_position",
    "race_tree",
    "reorder",
    "replay",
    "search_game",
    "search_tree",
    "solve_chase",
    "solve_pawn",
    "solve_table",
]

if TYPE_CHECKING:  # what type checkers and editors see; at run time __getattr__ loads
    from engine.alphabeta import alpha_beta, parse_leaves
    from engine.deepening import deepen
    from engine.errors import InputError
    from engine.expectimax import expectimax
    from engine.games.chase import ChasePosition
    from engine.games.chase_solver import ChaseTable, solve_table
    from engine.games.chase_solver import solve_position as solve_chase
    from engine.games.pawn import PawnPosition, legal_moves, parse_board
    from engine.games.pawn_solver import PawnSolution
    from engine.games.pawn_solver import solve as solve_pawn
    from engine.judge import chase_answer as judge_answer
    from engine.judge import parse_chase_case as parse_case
    from engine.mtdf import mtdf, mtdf_deepen
    from engine.node_types import classify as classify_nodes
    from engine.node_types import minimal_leaves
    from engine.pvs import pvs
    from engine.race import race_position, race_tree
    from engine.search import reorder, search_game, search_tree
    from engine.trace import Replayer, SearchRun, Snapshot, replay
    from engine.tree import GameTree, complete_tree, from_parents, minimax
    from engine.tree_text import format_brackets, format_ural, parse_brackets, parse_ural


def __getattr__(name: str) -> Any:
    try:
        module, attr = _NAMES[name]
    except KeyError:
        raise AttributeError(f"module 'engine' has no attribute {name!r}") from None
    return getattr(import_module(module), attr)


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_NAMES))
