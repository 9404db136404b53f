"""Test support shared by every test folder. tests/ is a package: a helper is imported by one
name, ``tests.<module>`` (pytest puts the checkout's root on sys.path: pyproject.toml's
``pythonpath``), and the app's packages come from the editable install."""

# AppTest puts a page's folder first on sys.path, and app_pages/classroom.py would then shadow
# the classroom package for a test that runs alone (the full run imported the package first).
import classroom  # noqa: F401
