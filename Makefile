# Game Tree Lab: `make run` starts the app, `make test` runs every test.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed
PORT   ?= 8501

.PHONY: install js bundle run test unit jstest bench lint jslint chromium postgres nginx fonts messages docs soak wheelhouse screenshots clean

install: $(STAMP)

# The project, editable, with its test and dev tools (pyproject.toml's extras). Re-install
# only when pyproject.toml changed (the stamp is newer otherwise).
$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip
	$(BIN)/python -m pip install -q -e '.[dev]'
	touch $(STAMP)

# The JS tools (package.json, pinned in package-lock.json): ESLint; the tests run on node's
# own test runner. Node 20.19 or later with npm is needed.
JS_STAMP := node_modules/.installed

js: $(JS_STAMP)

$(JS_STAMP): package.json package-lock.json
	@command -v node >/dev/null && command -v npm >/dev/null || { echo "error: the JS lint and tests need node (20.19 or later) and npm: apt-get install nodejs npm"; exit 2; }
	@node -e 'const [a,b]=process.versions.node.split(".").map(Number); process.exit(a>20||(a===20&&b>=19)?0:1)' || { echo "error: the JS lint and tests need node 20.19 or later, not $$(node --version)"; exit 2; }
	npm ci --no-audit --no-fund --loglevel=error
	touch $(JS_STAMP)

# The components' browser code is ES modules and style sheets (game_tree_lab/tree_canvas/,
# board/, plain_text/); the browser is served their bundles, one module and one sheet each, in
# game_tree_lab/dist/ (committed, so the app runs with no JS tools). Run after editing them:
# `make test` fails while a bundle is older than its sources (tests/js/bundle.test.js).
bundle: js
	npm run build --silent

# uvicorn (under streamlit run) believes X-Forwarded-For only from the proxies the app names
# (GTL_TRUSTED_PROXIES, comma-separated; none when unset): classroom/guard.py.
run: install
	FORWARDED_ALLOW_IPS="$${GTL_TRUSTED_PROXIES-}" $(BIN)/streamlit run serve.py --server.port $(PORT) --browser.gatherUsageStats false

# Browser tests need Debian's chromium; install it when missing (root or sudo).
chromium:
	@bash scripts/ensure_package.sh chromium "the browser tests" /usr/bin/chromium /usr/bin/chromium-browser

# Class-mode tests run on SQLite and on a throwaway PostgreSQL server: install it when missing.
postgres:
	@bash scripts/ensure_package.sh postgresql "the PostgreSQL class-mode tests" /usr/lib/postgresql/*/bin/initdb

# The reverse-proxy test runs the operators' nginx file (docs/operators/nginx.conf): install it
# when missing.
nginx:
	@bash scripts/ensure_package.sh nginx "the reverse-proxy test" /usr/sbin/nginx

# Chinese exam sheets draw their glyphs with Debian's Noto Sans CJK: install it when missing.
fonts:
	@bash scripts/ensure_package.sh fonts-noto-cjk "the Chinese exam sheets' tests" /usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc

# pytest-xdist: two workers, a test file's tests on one worker (its module fixtures start once);
# each worker has its own app server, chromium and PostgreSQL (session fixtures). PYTEST_WORKERS=0
# runs the suite in this one process.
PYTEST_WORKERS ?= 2
PYTEST_PAR := -n $(PYTEST_WORKERS) --dist loadfile

# The wheels requirements.txt installs, and the build backend pyproject.toml names (for its
# `-e .`), for the test that starts the app without make in a fresh virtual environment with
# no network (tests/browser/test_start_without_make.py). Downloaded again when either changes.
WHEELHOUSE := $(VENV)/wheelhouse

wheelhouse: $(WHEELHOUSE)/.done

$(WHEELHOUSE)/.done: requirements.txt pyproject.toml | $(STAMP)
	mkdir -p $(WHEELHOUSE)
	grep -v '^-e' requirements.txt > $(WHEELHOUSE)/requirements.txt
	$(BIN)/python -m pip download -q -d $(WHEELHOUSE) -r $(WHEELHOUSE)/requirements.txt $$($(BIN)/python -c 'import tomllib; print(*tomllib.load(open("pyproject.toml", "rb"))["build-system"]["requires"])')
	touch $@

test: install chromium postgres nginx fonts jstest wheelhouse docs
	$(BIN)/python -m pytest $(PYTEST_PAR)

# The browser tests and the PostgreSQL class-mode tests (the tests that start a server),
# SOAK_ROUNDS times while Debian's stress-ng (installed when missing) keeps every core busy;
# prints each test that failed at least once, its count and first failure (scripts/soak.py;
# JUnit files in artifacts/soak/). Fails when any test failed. SOAK_ARGS: other pytest
# arguments (a test file: only it is soaked).
SOAK_ROUNDS ?= 3

soak: install chromium postgres
	@bash scripts/ensure_package.sh stress-ng "make soak's CPU hog (else busy Python processes)" /usr/bin/stress-ng
	$(BIN)/python scripts/soak.py --rounds $(SOAK_ROUNDS) $(PYTEST_PAR) $(SOAK_ARGS)

# The documentation site (docs/, Sphinx + Furo + MyST Markdown) into build/docs/: any warning
# fails the build (a broken link, a missing page or picture, a heading out of order).
docs: install
	$(BIN)/sphinx-build -W --keep-going -q -b html docs build/docs

# The docs' pictures in docs/pictures/, made by the app in chromium at the desk, projector and
# phone sizes (scripts/screenshots.py; NAMES="alphabeta-desk ...": only those). Look at each
# before committing it.
screenshots: install chromium
	$(BIN)/python scripts/screenshots.py $(NAMES)

# The canvas's pure JS (game_tree_lab/tree_canvas/lib): node --test tests/js/.
jstest: js
	npm test --silent

unit: install
	$(BIN)/python -m pytest $(PYTEST_PAR) -m "not browser"

# Benchmarks print figures (they are not timed tests): the engine, then the pages' server time.
bench: install
	$(BIN)/python bench/bench_engine.py
	@for f in bench/bench_*.py; do [ $$f = bench/bench_engine.py ] && continue; m=$$(basename $$f .py); echo; echo "== $$f"; $(BIN)/python -m bench.$$m || exit 1; done

lint: install jslint
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

jslint: js
	npm run lint --silent

# The interface's languages (teach/i18n.py): extract every marked string into the template and
# merge it into each catalogue; then translate what is new or fuzzy in the .po files
# (tests/teach/test_i18n.py fails on a catalogue that is behind the code or not translated).
LOCALES := game_tree_lab/locales
messages: install
	$(BIN)/pybabel extract -F babel.cfg -k InputError -k SearchError -k SearchTooLarge --no-location --sort-output --omit-header -o $(LOCALES)/messages.pot .
	for lang in zh ru; do $(BIN)/pybabel update --no-fuzzy-matching --ignore-obsolete -i $(LOCALES)/messages.pot -d $(LOCALES) -l $$lang; done

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis artifacts build *.egg-info node_modules
