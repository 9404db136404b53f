"""Development tooling that tests/ and bench/ share: the app server they start, the chromium
they drive, the page-run watch of a Streamlit page in Playwright, the class flow in browsers
and a throwaway PostgreSQL server.

It is an installed package of the distribution (``pip install -e .`` maps it like engine or
ui), because a benchmark runs as ``python bench/bench_x.py``, and an installed import name
is the one way such a script finds shared code with no ``sys.path`` edit; tests import it by
the same name. The app never imports it (tests/test_layers.py checks). It works on a checkout
(:data:`gtl_dev.app_server.ROOT` is where app.py is) and imports nothing of pytest; Playwright
is imported by the caller that drives a browser.
"""
