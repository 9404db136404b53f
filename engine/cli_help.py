"""What ``python -m engine --help`` and ``python -m engine SUBCOMMAND --help`` print: each
subcommand's input and output formats with one example (``EXAMPLES``, which the tests feed
to the CLI and hold to the output shown, so the help cannot drift from the code).

Loaded only when help is asked for: the judge CLI keeps its imports to what a problem runs.
"""

from __future__ import annotations

# subcommand -> (one line on what it answers, input format, output format)
FORMATS: dict[str, tuple[str, str, str]] = {
    "alphabeta": (
        "alpha-beta on a complete tree: the root's value and the leaves evaluated",
        'JSON lines, one case each: {"leaves": [LEAF, ...], "branching": B}\n'
        "  (2 <= B; the number of leaves is a power of B; the root is MAX; children are\n"
        "  searched left to right; blank lines are skipped)",
        "one line per case: [VALUE, EVALUATED]",
    ),
    "pawn": (
        "pawn chess on a 4x4 board (UVA 10838): who wins, and in how many plies",
        "the number of cases, then each case as four lines of four characters, the top\n"
        "  rank first: p = black pawn, P = white pawn, . = empty (white moves up, and first;\n"
        "  blank lines between cases are optional)",
        "one line per case: white (N) or black (N), N the plies to the end under perfect play",
    ),
    "chase": (
        "the chase on an n x n board (CQOI 2013): who wins, and in how many plies",
        "one case per line: n r1 c1 r2 c2 (white at row r1 column c1, black at r2 c2, 1-based)",
        "one line per case: WHITE N or BLACK N",
    ),
    "tree": (
        "an explicit game tree (Timus 1282): the value for the first player",
        "N, then one line per node 2..N: 'N p' (an inner node with parent p) or\n"
        "  'L p v' (a leaf with parent p and value v, e.g. +1, -1 or 0); the root is node 1",
        "one line: the root's value, e.g. +1, 0 or -1",
    ),
    "game": (
        "a position of an OpenSpiel game, solved exactly: the value of every move",
        'JSON lines, one position each: {"game": GAME, "moves": [ACTION, ...]}: GAME an\n'
        "  OpenSpiel game string (tic_tac_toe, connect_four(rows=4,columns=4,x_in_row=3),\n"
        "  nim(pile_sizes=1;3;5) (misere unless is_misere=false), hex(board_size=3),\n"
        "  breakthrough(rows=4,columns=4), clobber(rows=3,columns=3), mnk(m=4,n=3,k=3), ...:\n"
        "  two players, zero-sum, no chance, no hidden information), MOVES the action ids\n"
        "  played from the start",
        'one JSON object per position: {"to_move": 0 or 1, "value": +1/0/-1 for the side\n'
        '  to move, "plies": to the end under perfect play (the winner fastest, the loser\n'
        '  slowest; null for a draw), "moves": [{"action", "name", "value", "plies"}, ...]\n'
        '  for every legal move, "best": the actions with the best value and plies}',
    ),
    "search": (
        "any search on any tree, with its counters",
        'JSON lines, one tree each: {"leaves": [...], "branching": B} or\n'
        '  {"tree": "((3 12) (8 2))"} (bracket notation; "?(0.5:1 0.5:2)" is a chance node,\n'
        "  for expectimax)",
        "one JSON object per case: the value, the leaves evaluated, the nodes visited and\n"
        "  the alpha-beta-like searches' node types (pv, cut, all); MCTS: value, best,\n"
        "  visits, nodes, playouts (the same seed gives the same line)",
    ),
}

# subcommand -> (arguments after the subcommand, example input, the output it gives)
EXAMPLES: dict[str, tuple[list[str], str, str]] = {
    "alphabeta": ([], '{"leaves": [3, 12, 8, 2, 4, 6, 14, 5, 2], "branching": 3}\n', "[3, 7]\n"),
    "pawn": ([], "1\n\n.ppp\n....\n.PPP\n....\n", "white (7)\n"),
    "chase": ([], "3 1 1 3 3\n", "BLACK 6\n"),
    "tree": ([], "7\nN 1\nN 1\nL 2 -1\nL 2 +1\nL 3 +1\nL 3 +1\n", "+1\n"),
    "game": (
        [],
        '{"game": "nim(pile_sizes=1;2,is_misere=false)", "moves": [0]}\n',
        '{"to_move": 1, "value": 1, "plies": 1, "moves": [{"action": 1, "name": "pile:2, '
        'take:1;", "value": -1, "plies": 2}, {"action": 3, "name": "pile:2, take:2;", '
        '"value": 1, "plies": 1}], "best": [3]}\n',
    ),
    "search": (
        ["--algo", "alphabeta"],
        '{"leaves": [3, 12, 8, 2, 4, 6, 14, 5, 2], "branching": 3}\n',
        '{"value": 3, "leaves": 7, "nodes": 11, "pv": 2, "cut": 2, "all": 0}\n',
    ),
}

USAGE = (
    "usage: python -m engine {alphabeta,pawn,chase,tree,game} [FILE]\n"
    "       python -m engine search --algo {minimax,alphabeta,pvs,mtdf,expectimax} [FILE]\n"
    "       python -m engine search --algo mcts --iterations N --seed S [--c C] "
    "[--policy random|greedy] [FILE]"
)


def _indent(text: str) -> str:
    return "".join(f"    {line}".rstrip() + "\n" for line in text.splitlines())


def subcommand_help(name: str) -> str:
    """The help of one subcommand: what it answers, its formats and an example run."""
    what, given, answer = FORMATS[name]
    args, stdin, out = EXAMPLES[name]
    command = " ".join(["python -m engine", name, *args])
    usage = [line.split("python -m engine ", 1)[1] for line in USAGE.splitlines()]
    mine = "\n       ".join(f"python -m engine {u}" for u in usage if u.startswith(name))
    return (
        f"usage: {mine or f'python -m engine {name} [FILE]'}\n\n"
        f"{what}.\nReads FILE, or standard input when no FILE is given.\n\n"
        f"input:  {given}\noutput: {answer}\n\n"
        f"example: {command} <<'EOF'\n{_indent(stdin)}    EOF\n  prints\n{_indent(out)}\n"
        "Bad input prints one line 'error: line N: ...' on standard error and exits 2.\n"
    )


def main_help() -> str:
    """The help of the command: its usage, one line per subcommand, where to read more."""
    rows = "".join(f"  {name:<10} {FORMATS[name][0]}\n" for name in FORMATS)
    return (
        f"{USAGE}\n\nAnswers game-search problems exactly, in judge formats.\n\n"
        f"subcommands:\n{rows}\n"
        "python -m engine SUBCOMMAND --help shows its input and output formats with an example.\n"
    )
