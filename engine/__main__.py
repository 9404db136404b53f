"""Judge-format CLI: ``python -m engine pawn|chase|tree|alphabeta [FILE]``, and
``python -m engine search --algo ALGO [FILE]`` (JSON lines of trees, one JSON answer each),
``--algo mcts --iterations N --seed S [--c C] [--policy random|greedy]`` for Monte Carlo
tree search.

Reads FILE (or stdin), writes the answers in the judge formats (see :mod:`engine.judge`);
``--help`` on the command and on each subcommand prints the formats with an example
(:mod:`engine.cli_help`). Bad input prints nothing on stdout, one line ``error: ...`` on stderr,
and exits with status 2.
"""

from __future__ import annotations

import sys
from collections.abc import Callable

from engine.cli_help import FORMATS, USAGE, main_help, subcommand_help
from engine.judge import JUDGES

MCTS_OPTIONS = ("--iterations", "--seed", "--c", "--policy")


def _options(args: list[str]) -> tuple[dict[str, str], list[str]]:
    """``--name VALUE`` / ``--name=VALUE`` of :data:`MCTS_OPTIONS` out of the arguments."""
    opts: dict[str, str] = {}
    rest: list[str] = []
    i = 0
    while i < len(args):
        a = args[i]
        name, eq, val = a.partition("=")
        if name in MCTS_OPTIONS:
            if not eq:
                if i + 1 >= len(args):
                    raise ValueError(f"{name} needs a value")
                val, i = args[i + 1], i + 1
            if name in opts:
                raise ValueError(f"{name} given twice")
            opts[name] = val
        else:
            rest.append(a)
        i += 1
    return opts, rest


def _number(opts: dict[str, str], name: str, kind: type) -> int | float | None:
    if name not in opts:
        return None
    text = opts[name]
    try:
        return kind(text)
    except ValueError:
        what = "a whole number" if kind is int else "a number"
        raise ValueError(f"{name} must be {what}, not {text!r}") from None


def _mcts(opts: dict[str, str]):  # -> Callable[[str], str]
    """The MCTS judge with the options checked (ValueError: what is wrong)."""
    for name in ("--iterations", "--seed"):
        if name not in opts:
            raise ValueError(f"--algo mcts needs {name}")
    iterations, seed = _number(opts, "--iterations", int), _number(opts, "--seed", int)
    c = _number(opts, "--c", float)
    policy = opts.get("--policy", "random")
    # deferred: the judge CLI loads only what its problem runs
    from engine.judge import judge_mcts

    # deferred: the judge CLI loads only what its problem runs
    from engine.mcts import MctsParams

    MctsParams(int(iterations), 1.0 if c is None else float(c), int(seed), policy)  # checks
    return lambda text: judge_mcts(text, int(iterations), int(seed), c, policy)


def _search_args(args: list[str]) -> tuple[str | None, list[str]]:
    """``--algo ALGO`` or ``--algo=ALGO`` out of the arguments after ``search``."""
    algo: str | None = None
    rest: list[str] = []
    i = 0
    while i < len(args):
        a = args[i]
        if a == "--algo" and i + 1 < len(args):
            algo, i = args[i + 1], i + 2
            continue
        if a.startswith("--algo="):
            algo = a.split("=", 1)[1]
        else:
            rest.append(a)
        i += 1
    return algo, rest


HELP = ("-h", "--help")


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if args and args[0] in HELP:
        print(main_help(), end="")
        return 0
    if args and args[0] in FORMATS and any(a in HELP for a in args[1:]):
        print(subcommand_help(args[0]), end="")
        return 0
    if args and args[0] == "search":
        algo, rest = _search_args(args[1:])
        try:
            opts, rest = _options(rest)
        except ValueError as e:
            print(f"error: {e}", file=sys.stderr)
            return 2
        if algo is None or len(rest) > 1 or any(r.startswith("-") for r in rest):
            print(
                "error: search needs --algo ALGO and at most one FILE; "
                "see python -m engine search --help",
                file=sys.stderr,
            )
            return 2
        if algo == "mcts":
            try:
                solve = _mcts(opts)
            except ValueError as e:  # a missing option, or a parameter out of range
                print(f"error: {e}", file=sys.stderr)
                return 2
            return _answer(solve, rest)
        # deferred: the judge CLI loads only what its problem runs
        from engine.judge import SEARCH_ALGOS, judge_search

        if algo not in SEARCH_ALGOS:
            names = ", ".join((*SEARCH_ALGOS, "mcts"))
            print(f"error: unknown algorithm {algo!r}; choose one of {names}", file=sys.stderr)
            return 2
        if opts:
            print(f"error: {', '.join(opts)}: only with --algo mcts", file=sys.stderr)
            return 2
        return _answer(lambda text: judge_search(text, algo), rest)
    if not args or len(args) > 2:
        print(f"error: name a problem and at most one FILE\n{USAGE}", file=sys.stderr)
        return 2
    solve = JUDGES.get(args[0])
    if solve is None:
        print(f"error: unknown problem {args[0]!r}; see python -m engine --help", file=sys.stderr)
        return 2
    if args[1:] and args[1].startswith("-"):
        print(
            f"error: unknown option {args[1]!r}; see python -m engine {args[0]} --help",
            file=sys.stderr,
        )
        return 2
    return _answer(solve, args[1:])


def _answer(solve: Callable[[str], str], files: list[str]) -> int:
    """Read the one FILE (or stdin), answer, write; bad input: one ``error:`` line, exit 2."""
    try:
        if files:
            with open(files[0], encoding="utf-8") as f:
                text = f.read()
        else:
            text = sys.stdin.read()
    except (OSError, UnicodeDecodeError) as e:
        print(f"error: cannot read input: {e}", file=sys.stderr)
        return 2
    try:
        out = solve(text)
    except ValueError as e:  # InputError and any other bad-value report
        print(f"error: {e}", file=sys.stderr)
        return 2
    except RecursionError:  # must never happen; never show a traceback either
        print("error: input too deeply nested", file=sys.stderr)
        return 2
    sys.stdout.write(out if out.endswith("\n") or not out else out + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
