"""Judge-format CLI: ``python -m engine pawn|chase|tree|alphabeta [FILE]``.

Reads FILE (or stdin), writes the answers in the formats of PROBLEMS.md (see
:mod:`engine.judge`). Bad input prints nothing on stdout, one line ``error: ...`` on stderr,
and exits with status 2.
"""

from __future__ import annotations

import sys

from engine.judge import JUDGES

USAGE = "usage: python -m engine {pawn,chase,tree,alphabeta} [FILE]"


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if not args or args[0] in ("-h", "--help") or len(args) > 2:
        print(USAGE, file=sys.stderr if not args or len(args) > 2 else sys.stdout)
        return 0 if args and args[0] in ("-h", "--help") else 2
    solve = JUDGES.get(args[0])
    if solve is None:
        print(f"error: unknown problem {args[0]!r}; {USAGE}", file=sys.stderr)
        return 2
    try:
        if len(args) == 2:
            with open(args[1], encoding="utf-8") as f:
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
