# Game Tree Lab: `make run` starts the app, `make test` runs every test.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed
PORT   ?= 8501

.PHONY: install run test unit bench lint chromium postgres clean

install: $(STAMP)

# The project, editable, with its test and dev tools (pyproject.toml's extras). Re-install
# only when pyproject.toml changed (the stamp is newer otherwise).
$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip
	$(BIN)/python -m pip install -q -e '.[dev]'
	touch $(STAMP)

run: install
	$(BIN)/streamlit run app.py --server.port $(PORT) --browser.gatherUsageStats false

# Browser tests need Debian's chromium; install it when missing (root or sudo).
chromium:
	@bash scripts/ensure_package.sh chromium "the browser tests" /usr/bin/chromium /usr/bin/chromium-browser

# Class-mode tests run on SQLite and on a throwaway PostgreSQL server: install it when missing.
postgres:
	@bash scripts/ensure_package.sh postgresql "the PostgreSQL class-mode tests" /usr/lib/postgresql/*/bin/initdb

test: install chromium postgres
	$(BIN)/python -m pytest

unit: install
	$(BIN)/python -m pytest -m "not browser"

# Benchmarks print figures (they are not timed tests): the engine, then the pages' server time.
bench: install
	$(BIN)/python bench/bench_engine.py
	@for f in bench/bench_*.py; do [ $$f = bench/bench_engine.py ] && continue; echo; echo "== $$f"; $(BIN)/python $$f || exit 1; done

lint: install
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis artifacts build *.egg-info
