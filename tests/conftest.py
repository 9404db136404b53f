"""Test support shared by every test folder: the repository root and tests/ are importable
(``import engine``, ``from strategies import ...``) whichever folder a test module lives in."""

import sys
from pathlib import Path

TESTS = Path(__file__).resolve().parent
for p in (TESTS.parent, TESTS):
    if str(p) not in sys.path:
        sys.path.insert(0, str(p))

# AppTest puts a page's folder first on sys.path, and app_pages/classroom.py would then shadow
# the classroom package for a test that runs alone (the full run imported the package first).
import classroom  # noqa: E402, F401
