"""The driver of engine.machine: a call ends by returning or by yielding its value."""

from engine.machine import drive


def _sum_by_return(depth: int, width: int):
    if depth == 0:
        return 1
    total = 0
    for _ in range(width):
        total += yield _sum_by_return(depth - 1, width)
    return total


def _sum_by_yield(depth: int, width: int):
    total = 1
    if depth:
        total = 0
        for _ in range(width):
            total += yield _sum_by_yield(depth - 1, width)
    yield total  # ends the call: the driver takes this as its value and never resumes it


def _mixed(depth: int):
    """Inner calls end by a yield, the leaves by a return; the result counts the leaves."""
    if depth == 0:
        return 1
    left = yield _mixed(depth - 1)
    right = yield _sum_by_return(depth - 1, 2)
    yield left + right


def test_a_call_may_end_by_returning_or_by_yielding_its_value():
    assert drive(_sum_by_return(4, 3)) == 3**4
    assert drive(_sum_by_yield(4, 3)) == 3**4
    assert drive(_mixed(5)) == 2**5


def test_a_plain_value_is_its_own_result():
    assert drive(7) == 7


def test_a_deep_chain_of_yield_ended_calls_needs_no_python_recursion():
    assert drive(_sum_by_yield(100_000, 1)) == 1
