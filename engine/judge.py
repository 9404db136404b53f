"""The judge formats of the four problems of PROBLEMS.md: read the input, answer, write.

``judge_alphabeta`` (JSON lines -> ``[value, evaluated]``), ``judge_pawn`` (UVA 10838 ->
``white (7)``), ``judge_chase`` (CQOI 2013 lines ``n r1 c1 r2 c2`` -> ``BLACK 56``) and
``judge_tree`` (URAL 1282 cases -> ``+1`` / ``0`` / ``-1``) each take the whole input text and
return the whole answer; every bad input raises :class:`InputError` naming the line.
``python -m engine PROBLEM`` (``engine/__main__.py``) is a thin dispatcher over :data:`JUDGES`.

Each judge imports its solver when it runs, so that the CLI loads only what one problem
needs (numpy for the chase only): the start-up of ``python -m engine tree`` is Python's own.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import TYPE_CHECKING

from engine.errors import InputError

if TYPE_CHECKING:  # for the annotations only; the functions import what they run
    from engine.games.chase import ChasePosition
    from engine.games.chase_solver import ChaseSolution
    from engine.games.pawn import PawnPosition
    from engine.games.pawn_solver import PawnSolution


# ---- problem 1: alpha-beta on a complete tree ------------------------------------------------
LEAVES_SHAPE = '{"leaves": [3, 12, 8], "branching": 3}'
TREE_SHAPES = f'{LEAVES_SHAPE} or {{"tree": "((3 12) (8 2))"}}'


def judge_alphabeta(text: str) -> str:
    """JSON lines ``{"leaves": [...], "branching": b}`` -> lines ``[value, n]``.

    Blank lines are skipped. Errors carry the 1-based line number of the bad case.
    """
    # deferred: the judge CLI loads only what its problem runs
    from engine.alphabeta import alpha_beta

    out: list[str] = []
    for no, case in _json_lines(text, LEAVES_SHAPE):
        if not isinstance(case, dict):
            raise InputError(f"expected a JSON object like {LEAVES_SHAPE}", no)
        keys = set(case)
        if keys != {"leaves", "branching"}:
            missing = sorted({"leaves", "branching"} - keys)
            extra = sorted(keys - {"leaves", "branching"})
            parts = [f"missing key {k!r}" for k in missing] + [f"unknown key {k!r}" for k in extra]
            raise InputError(", ".join(parts), no)
        if not isinstance(case["leaves"], list):
            raise InputError(f"leaves must be a list, not {json.dumps(case['leaves'])}", no)
        try:
            res = alpha_beta(case["leaves"], case["branching"])
        except InputError as e:
            raise InputError(e.reason, no) from None
        out.append(f"[{res[0]}, {res[1]}]")
    return _answers(out)


def _json_lines(text: str, shape: str):  # -> Iterator[tuple[int, object]]
    """``(line number, parsed JSON)`` of every non-blank line; a bad line raises naming it
    and the ``shape`` each line must have."""
    for no, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line:
            continue
        try:
            yield no, json.loads(line)
        except ValueError as e:
            why = getattr(e, "msg", str(e))
            raise InputError(
                f"not valid JSON ({why}): each line must be one JSON object like {shape}", no
            ) from None


def _answers(out: list[str]) -> str:
    """The answer lines of a JSON-lines judge; no case at all is an error."""
    if not out:
        raise InputError("no cases: the input has no JSON lines")
    return "\n".join(out) + "\n"


# ---- problem 2: pawn chess (UVA 10838) -------------------------------------------------------
def parse_pawn_cases(text: str) -> list[PawnPosition]:
    """UVA 10838 input: the number of cases, then 4x4 boards (blank lines optional), white to
    move. Each board must be a game still to play, with a legal move for white."""
    # deferred: the judge CLI loads only what its problem runs
    from engine.games.pawn import PawnPosition, legal_moves, problems

    lines = [ln.strip() for ln in text.splitlines()]
    n = 0
    while n < len(lines) and not lines[n]:
        n += 1
    if n == len(lines):
        raise InputError("empty input: expected the number of cases", 1)
    count_line = n + 1
    try:
        count = int(lines[n])
    except ValueError:
        raise InputError(f"expected the number of cases, got {lines[n]!r}", count_line) from None
    if count < 0:
        raise InputError(f"the number of cases must not be negative, got {count}", count_line)
    n += 1
    cases: list[PawnPosition] = []
    for case in range(1, count + 1):
        rows: list[str] = []
        first_line = 0
        while len(rows) < 4:
            if n >= len(lines):
                raise InputError(
                    f"input ended inside case {case} of {count}: expected 4 lines of 4 characters",
                    len(lines) + 1,
                )
            ln = lines[n]
            n += 1
            if not ln:
                if rows:
                    raise InputError(f"blank line inside the board of case {case}", n)
                continue
            for ch in ln:
                if ch not in ".Pp":
                    raise InputError(f"unknown character {ch!r} in case {case} (use . P p)", n)
            if len(ln) != 4:
                raise InputError(f"expected 4 characters, got {len(ln)}", n)
            if not rows:
                first_line = n
            rows.append(ln)
        pos = PawnPosition(4, 4, "".join(rows), True)
        bad = problems(pos)
        if bad:
            raise InputError(f"case {case}: {bad[0]}", first_line)
        if not legal_moves(pos):
            raise InputError(f"case {case}: white has no legal move", first_line)
        cases.append(pos)
    for extra in range(n, len(lines)):
        if lines[extra]:
            raise InputError(f"unexpected text after the last of {count} cases", extra + 1)
    return cases


def pawn_answer(sol: PawnSolution) -> str:
    """``white (7)`` / ``black (2)``."""
    return f"{sol.winner} ({sol.plies})"


def judge_pawn(text: str) -> str:
    """One line per case, ``white (7)`` / ``black (2)``."""
    # deferred: the judge CLI loads only what its problem runs
    from engine.games.pawn_solver import solve

    return "\n".join(pawn_answer(solve(pos)) for pos in parse_pawn_cases(text))


# ---- problem 3: the chase (CQOI 2013) --------------------------------------------------------
def _parse_int(tok: str, what: str, line_no: int) -> int:
    try:
        return int(tok)
    except ValueError:
        raise InputError(f"{what} must be an integer, got {tok!r}", line_no) from None


def parse_chase_case(line: str, line_no: int) -> ChasePosition:
    """``n r1 c1 r2 c2`` (white at r1 c1, black at r2 c2, 1-based) -> white-to-move position."""
    # deferred: the judge CLI loads only what its problem runs
    from engine.games.chase import MAX_N, MIN_N, ChasePosition

    fields = line.split()
    if len(fields) != 5:
        raise InputError(f"expected 5 numbers `n r1 c1 r2 c2`, got {len(fields)}", line_no)
    names = ("n", "r1", "c1", "r2", "c2")
    n, r1, c1, r2, c2 = (_parse_int(t, w, line_no) for t, w in zip(fields, names, strict=True))
    if not MIN_N <= n <= MAX_N:
        raise InputError(f"board size n must be between {MIN_N} and {MAX_N}, got {n}", line_no)
    for piece, r, c in (("white", r1, c1), ("black", r2, c2)):
        if not (1 <= r <= n and 1 <= c <= n):
            raise InputError(f"{piece} square ({r}, {c}) is off the {n} x {n} board", line_no)
    if (r1, c1) == (r2, c2):
        raise InputError(f"both pieces on one square ({r1}, {c1})", line_no)
    return ChasePosition(n, (r1 - 1, c1 - 1), (r2 - 1, c2 - 1))


def chase_answer(sol: ChaseSolution) -> str:
    """``BLACK 56`` / ``WHITE 1`` / ``DRAW``."""
    return "DRAW" if sol.winner is None else f"{sol.winner} {sol.plies}"


def judge_chase(text: str) -> str:
    """One answer line per non-blank input line; each board size is solved once per call."""
    # deferred: the judge CLI loads only what its problem runs
    from engine.games.chase_solver import ChaseTable, solve_position, solve_table

    cases = [
        parse_chase_case(line, i)
        for i, line in enumerate(text.splitlines(), start=1)
        if line.strip()
    ]
    if not cases:
        raise InputError("no cases: expected lines `n r1 c1 r2 c2`", 1)
    tables: dict[int, ChaseTable] = {}
    out = []
    for pos in cases:
        if pos.n not in tables:
            tables[pos.n] = solve_table(pos.n)
        out.append(chase_answer(solve_position(pos, tables[pos.n])))
    return "\n".join(out)


# ---- problem 4: explicit trees (URAL 1282) ---------------------------------------------------
def judge_tree(text: str) -> str:
    """One ``+1`` / ``0`` / ``-1`` line per URAL case."""
    # deferred: the judge CLI loads only what its problem runs
    from engine.tree import format_value, minimax

    # deferred: the judge CLI loads only what its problem runs
    from engine.tree_text import parse_ural_cases

    return "".join(format_value(minimax(t).value) + "\n" for t in parse_ural_cases(text))


# ---- the searches after alpha-beta: python -m engine search --algo ALGO ----------------------
SEARCH_ALGOS = ("minimax", "alphabeta", "pvs", "mtdf", "expectimax")


def _search_case(case: object, no: int):  # -> GameTree
    """The tree of one JSON case: ``{"leaves": [...], "branching": b}`` or ``{"tree": "..."}``."""
    # deferred: the judge CLI loads only what its problem runs
    from engine.alphabeta import _as_int

    # deferred: the judge CLI loads only what its problem runs
    from engine.tree import complete_tree

    # deferred: the judge CLI loads only what its problem runs
    from engine.tree_text import parse_brackets

    if not isinstance(case, dict):
        raise InputError(f"expected a JSON object like {TREE_SHAPES}", no)
    keys = set(case)
    if keys == {"tree"}:
        text = case["tree"]
        if not isinstance(text, str):
            raise InputError(
                f"tree must be a string in bracket notation, not {json.dumps(text)}", no
            )
        try:
            return parse_brackets(text)
        except InputError as e:
            where = f"tree line {e.line}: " if e.line is not None and "\n" in text else "tree: "
            raise InputError(where + e.reason, no) from None
    if keys == {"leaves", "branching"}:
        leaves = case["leaves"]
        if not isinstance(leaves, list):
            raise InputError(f"leaves must be a list, not {json.dumps(leaves)}", no)
        try:
            b = _as_int(case["branching"], "branching")
            vals = [_as_int(x, f"leaf {i + 1}") for i, x in enumerate(leaves)]
            return complete_tree(vals, b)
        except InputError as e:
            raise InputError(e.reason, no) from None
    if "tree" in keys:
        extra = sorted(keys - {"tree"})
        raise InputError(
            ", ".join(f"unknown key {k!r}" for k in extra) + f"; expected {TREE_SHAPES}", no
        )
    missing = sorted({"leaves", "branching"} - keys)
    extra = sorted(keys - {"leaves", "branching"})
    parts = [f"missing key {k!r}" for k in missing] + [f"unknown key {k!r}" for k in extra]
    raise InputError(", ".join(parts), no)


def _exact(v: object) -> int | str:
    """A value for JSON: an int, or an exact fraction as ``"7/2"`` (expectimax)."""
    # deferred: the judge CLI loads only what its problem runs
    from fractions import Fraction

    if isinstance(v, Fraction) and v.denominator != 1:
        return str(v)
    return int(v)  # type: ignore[call-overload]


def search_answer(tree, algo: str) -> dict[str, int | str]:  # tree: GameTree
    """One case's answer: ``value`` and ``leaves`` (leaf evaluations) and ``nodes`` (nodes
    visited); alphabeta adds ``pv``/``cut``/``all`` (visited inner nodes of each actual
    node type, engine.node_types), pvs ``null_windows``/``re_searches``, mtdf ``passes``/``table_hits``."""
    if algo not in SEARCH_ALGOS:
        raise InputError(f"unknown algorithm {algo!r}; choose one of {', '.join(SEARCH_ALGOS)}")
    if algo == "expectimax":
        # deferred: the judge CLI loads only what its problem runs
        from engine.expectimax import expectimax

        run = expectimax(tree, record=False)
        return {
            "value": _exact(run.value),
            "leaves": run.leaves_evaluated,
            "nodes": run.nodes_visited,
        }
    if tree.has_chance:
        raise InputError("the tree has chance nodes: use --algo expectimax")
    if algo == "mtdf":
        # deferred: the judge CLI loads only what its problem runs
        from engine.mtdf import mtdf

        res = mtdf(tree, record=False)
        return {
            "value": int(res.value),
            "leaves": res.leaves_evaluated,
            "nodes": res.nodes_visited,
            "passes": len(res.passes),
            "table_hits": res.table_hits,
        }
    if algo == "pvs":
        # deferred: the judge CLI loads only what its problem runs
        from engine.pvs import pvs

        run = pvs(tree, record=False)
        return {
            "value": int(run.value),
            "leaves": run.leaves_evaluated,
            "nodes": run.nodes_visited,
            "null_windows": run.counts["null_windows"],
            "re_searches": run.counts["re_searches"],
        }
    # deferred: the judge CLI loads only what its problem runs
    from engine.search import search_tree

    run = search_tree(tree, algo, "statement")
    out: dict[str, int | str] = {
        "value": int(run.value),
        "leaves": run.leaves_evaluated,
        "nodes": run.nodes_visited,
    }
    if algo == "alphabeta":
        # deferred: the judge CLI loads only what its problem runs
        from engine.node_types import ALL, CUT_NODE, PV, classify

        counts = classify(run).counts()
        out.update(pv=counts[PV], cut=counts[CUT_NODE], all=counts[ALL])
    return out


def judge_search(text: str, algo: str) -> str:
    """JSON lines of trees -> one JSON line per case (:func:`search_answer`)."""
    if algo not in SEARCH_ALGOS:
        raise InputError(f"unknown algorithm {algo!r}; choose one of {', '.join(SEARCH_ALGOS)}")
    out: list[str] = []
    for no, case in _json_lines(text, TREE_SHAPES):
        tree = _search_case(case, no)
        try:
            out.append(json.dumps(search_answer(tree, algo)))
        except InputError as e:
            raise InputError(e.reason, no) from None
    return _answers(out)


def judge_mcts(text: str, iterations: int, seed: int, c: float | None, policy: str) -> str:
    """JSON lines of trees -> one JSON line per case of MCTS (UCT, engine.mcts): ``value``
    the root's mean reward (MAX's, scaled to [0, 1]), ``best`` the index of the most-visited
    root child (null at a leaf), ``visits`` per root child, ``nodes`` the nodes in its tree,
    ``playouts``. The same seed gives the same line."""
    # deferred: the judge CLI loads only what its problem runs
    from engine.errors import SearchError

    # deferred: the judge CLI loads only what its problem runs
    from engine.mcts import C_DEFAULT, mcts_tree

    out: list[str] = []
    for no, case in _json_lines(text, TREE_SHAPES):
        tree = _search_case(case, no)
        try:
            got = mcts_tree(
                tree, iterations, seed, C_DEFAULT if c is None else c, policy, record=False
            )
        except SearchError as e:
            raise InputError(str(e), no) from None
        answer = {
            "value": round(got.value, 6),
            "best": got.best,
            "visits": got.visits,
            "nodes": got.counts["tree_nodes"],
            "playouts": got.counts["playouts"],
        }
        out.append(json.dumps(answer))
    return _answers(out)


# ---- OpenSpiel's games: python -m engine game ------------------------------------------------
GAME_SHAPE = '{"game": "tic_tac_toe", "moves": [4, 0]}'


def _game_case(case: object, no: int, games: dict):  # -> tuple[OpenSpielGame, Position]
    """The game and position of one JSON case (InputError naming the line)."""
    # deferred: the judge CLI loads only what its problem runs
    from engine.games.openspiel import OpenSpielGame

    if not isinstance(case, dict):
        raise InputError(f"expected a JSON object like {GAME_SHAPE}", no)
    extra = sorted(set(case) - {"game", "moves"})
    if "game" not in case or extra:
        what = [f"unknown key {k!r}" for k in extra] or ["missing key 'game'"]
        raise InputError(f"{', '.join(what)}; expected {GAME_SHAPE}", no)
    spec = case["game"]
    try:
        if not isinstance(spec, str):
            raise InputError("game must be an OpenSpiel game string such as tic_tac_toe")
        game = games.get(spec)
        if game is None:
            game = games[spec] = OpenSpielGame(spec)
        return game, game.position(case.get("moves", []))
    except InputError as e:
        raise InputError(e.reason, no) from None


def game_answer(game, pos, max_nodes: int | None = None) -> dict:  # OpenSpielGame, Position
    """The exact answer of one position: the side to move (0 or 1), its value (+1, 0, -1)
    and plies under perfect play (None for a draw), every legal move's, the best moves."""
    # deferred: the judge CLI loads only what its problem runs
    from engine.exact import MAX_NODES, solve

    sol = solve(game, pos, MAX_NODES if max_nodes is None else max_nodes)
    return {
        "to_move": int(sol.to_move),
        "value": sol.outcome.value,
        "plies": sol.outcome.plies,
        "moves": [
            {"action": m, "name": game.move_name(pos, m), "value": o.value, "plies": o.plies}
            for m, o in sol.moves
        ],
        "best": list(sol.best),
    }


def judge_game(text: str) -> str:
    """JSON lines ``{"game": GAME_STRING, "moves": [ACTION, ...]}`` (OpenSpiel's game string
    and the action ids played from the start) -> one JSON line per case
    (:func:`game_answer`)."""
    # deferred: the judge CLI loads only what its problem runs
    from engine.errors import SearchError

    games: dict = {}  # one loaded game per game string, for this input only
    out: list[str] = []
    for no, case in _json_lines(text, GAME_SHAPE):
        game, pos = _game_case(case, no, games)
        try:
            out.append(json.dumps(game_answer(game, pos)))
        except SearchError as e:  # too large to solve exactly, or a game that repeats
            raise InputError(str(e), no) from None
    return _answers(out)


JUDGES: dict[str, Callable[[str], str]] = {
    "alphabeta": judge_alphabeta,
    "pawn": judge_pawn,
    "chase": judge_chase,
    "tree": judge_tree,
    "game": judge_game,
}
