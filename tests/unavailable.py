"""A test whose service cannot run here: skipped with the reason, or failed under CI=true
(CI must run every test)."""

from __future__ import annotations

import os

import pytest


def no_postgres(reason: str) -> None:
    """Skip a PostgreSQL test with the reason, or fail it under CI=true."""
    if os.environ.get("CI") == "true":
        pytest.fail(f"PostgreSQL tests cannot run under CI: {reason}", pytrace=False)
    pytest.skip(f"PostgreSQL tests skipped: {reason}")
