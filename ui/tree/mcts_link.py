"""Monte Carlo tree search's parameters in a link and in a lab's cache key (pure, no
Streamlit): ``?mcts=200,1.41,0,random`` (iterations, c, seed, playout policy), and the
algorithm name ``mcts:200,1.41,0,random`` a tree lab's cache and run key carry."""

from __future__ import annotations

import math

from engine.algorithms import MCTS
from engine.errors import InputError, SearchError
from engine.mcts import POLICIES, MctsParams

MAX_TRACED = 2000  # iterations a lab traces at most (each is about ten steps on the canvas)


def encode(p: MctsParams) -> str:
    """``200,1.41,0,random``: c to at most four decimals."""
    c = f"{round(p.c, 4):g}"
    return f"{p.iterations},{c},{p.seed},{p.policy}"


def decode(text: str) -> MctsParams:
    """The parameters of :func:`encode`'s text; InputError says what is wrong."""
    parts = [x.strip() for x in str(text).split(",")]
    if len(parts) != 4:
        raise InputError("expected iterations,c,seed,policy such as 200,1.41,0,random")
    it, c, seed, policy = parts
    try:
        iterations, seed_n = int(it), int(seed)
    except ValueError:
        raise InputError("iterations and seed must be whole numbers") from None
    try:
        c_v = float(c)
    except ValueError:
        raise InputError("c must be a number, not {c}", c=repr(c)) from None
    if not 1 <= iterations <= MAX_TRACED:
        raise InputError("iterations must be between 1 and {most:,} here", most=MAX_TRACED)
    if not 0 <= seed_n < 2**63:
        raise InputError("the seed must be a whole number from 0")
    if policy not in POLICIES:
        raise InputError("the playout policy must be one of {choices}", choices=", ".join(POLICIES))
    if not (math.isfinite(c_v) and 0 <= c_v <= 100):
        raise InputError("c must be a number from 0 to 100")
    try:
        return MctsParams(iterations, c_v, seed_n, policy)
    except SearchError as e:
        raise InputError(e.template, None, **e.params) from None


def algo_key(p: MctsParams) -> str:
    """The algorithm name a lab's cache key carries: ``mcts:`` and :func:`encode`."""
    return f"{MCTS}:{encode(p)}"


def split_key(algorithm: str) -> tuple[str, MctsParams | None]:
    """``(name, params)`` of an algorithm name: MCTS's parameters out of ``mcts:...``."""
    name, _, spec = algorithm.partition(":")
    if name == MCTS:
        return MCTS, decode(spec) if spec else MctsParams()
    return algorithm, None
