# The two commands a new machine needs: `make book` and `make test`
# (and `make check`, the quick one, after every change).
# Both create the virtual environment from requirements.txt when it is missing
# (or older than requirements.txt / pyproject.toml).

PYTHON ?= python3
VENV   ?= .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed
# The JavaScript linter: ESLint at the version pinned in scripts/eslint/package-lock.json,
# installed with npm ci (integrity-checked, like the site's vendored JavaScript).
ESLINT_DIR := .cache/eslint
ESLINT     := $(ESLINT_DIR)/node_modules/.bin/eslint
HOST   ?= 127.0.0.1
PORT   ?= 8000
LIVE_PORT ?= 8866
# Extra pytest options for make test / make check (e.g. PYTEST_ARGS="--durations=20 -x").
PYTEST_ARGS ?=

.PHONY: book test check serve live bench lint notebooks clean venv dist lab catalogs

venv: $(STAMP)

$(STAMP): requirements.txt pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -r requirements.txt
	$(PY) -m pip install --quiet --no-deps --no-build-isolation -e .
	touch $@

## make book: build the website's two editions (every notebook executed, any warning fails):
## English at _build/html/, French at _build/html/fr/ (same page names), then the runtime of
## their live calculators (Pyodide in a Web Worker, under _build/html/live/; rb-sw.js).
## The French sources come from the catalogs (python -m scripts.book_i18n build, into $(FR_SRC)) and
## are executed with RULEBOOK_LANGUAGE=fr; the two Jupyter Book builds run side by side.
FR_SRC := _build/fr-src
JB     := PYTHONPATH=$(CURDIR) $(VENV)/bin/jupyter-book build -W -n --keep-going
book: $(STAMP)
	$(PY) -m scripts.vendor_js
	$(PY) -m scripts.book_i18n build $(FR_SRC)
	@mkdir -p _build
	@echo "jupyter-book: the English and the French editions, side by side (logs: _build/book-en.log, _build/book-fr.log)"
	@$(JB) . > _build/book-en.log 2>&1 & en=$$!; \
	  RULEBOOK_LANGUAGE=fr $(JB) $(FR_SRC) > _build/book-fr.log 2>&1; fr=$$?; \
	  wait $$en; en=$$?; \
	  for lang in en fr; do grep -E "WARNING|ERROR|build succeeded|build finished" _build/book-$$lang.log \
	    | grep -v "Kernel is running over TCP" | sed "s/^/[$$lang] /"; done; \
	  if [ $$en != 0 ] || [ $$fr != 0 ]; then tail -40 _build/book-en.log _build/book-fr.log; exit 1; fi
	rm -rf _build/html/fr
	mv $(FR_SRC)/_build/html _build/html/fr
	$(PY) -m live.build
	touch _build/html/.rulebook-built
	@echo "The book is built: $(CURDIR)/_build/html/index.html, French: _build/html/fr/index.html (make serve to browse it)"

## make test: the whole suite: unit tests, doctests, widget tests, nbval on every chapter, the
## browser tests. The site is built first when missing or older than its sources (as make book:
## once, before any test runs), then two pytest-xdist workers (one per core) run the tests, each
## test file kept on one worker (nbval needs it; conftest.py keeps the page-audit files together).
test: $(STAMP)
	$(PY) tests/browser/site.py --build-if-stale
	$(PY) -m pytest -n 2 --dist loadfile $(PYTEST_ARGS)

## make check: the quick loop, after every change (about a minute): unit tests and doctests,
## none of the browser, notebook or slow tiers (conftest.py marks them; make test runs them).
check: $(STAMP)
	$(PY) -m pytest -n 2 --dist loadfile -m "not browser and not notebook and not slow" $(PYTEST_ARGS) rulebook_py live tests

## make catalogs: refresh every catalog from the sources (the package's messages, extracted with
## Babel and merged with fuzzy matching, then compiled; the book's prose blocks), and list what
## is left to translate. A changed English message keeps its French, marked fuzzy.
catalogs: $(STAMP)
	$(PY) -m scripts.catalogs
	$(PY) -m scripts.book_i18n extract

## make serve: the built website on http://$(HOST):$(PORT)/
serve:
	@test -f _build/html/index.html || $(MAKE) book
	$(PY) -m http.server --bind $(HOST) --directory _build/html $(PORT)

## make live: the chapters as code-free Voilà apps (local kernel) on http://$(HOST):$(LIVE_PORT)/
live: $(STAMP)
	$(PY) -m scripts.voila --host $(HOST) --port $(LIVE_PORT)

## make bench: every speed budget, each figure printed beside its budget with its verdict
## (the tests bound work, never elapsed time): every calculator's update, the dice engine vs
## icepool, the cost cap, the largest problems allowed, the hostile sweep; then the browser
## figures (first and second visit, bytes, breakdown, round trips). Fails if one is over budget.
bench: $(STAMP)
	@$(PY) -m scripts.bench; package=$$?; \
	  $(PY) -m scripts.bench_browser; browser=$$?; \
	  if [ $$package != 0 ] || [ $$browser != 0 ]; then \
	    echo "make bench: over budget (scripts/bench.py: $$package, scripts/bench_browser.py: $$browser)"; exit 1; fi

## make notebooks: execute every chapter in place (deterministic) and store the outputs.
notebooks: $(STAMP)
	$(PY) -m scripts.execute_notebooks book/*.ipynb

## make lint: ruff on the Python, ESLint on the site's JavaScript (_static, live), its Node tests
## (tests/js) and the browser tests' probe (tests/browser/live_probe.js).
lint: $(STAMP) $(ESLINT)
	$(VENV)/bin/ruff check rulebook_py tests scripts live conftest.py
	$(VENV)/bin/ruff format --check rulebook_py tests scripts live conftest.py
	$(ESLINT) --config scripts/eslint/eslint.config.mjs _static/*.js live/*.js tests/js/*.js tests/browser/*.js

$(ESLINT): scripts/eslint/package.json scripts/eslint/package-lock.json
	@command -v npm >/dev/null || { echo "make lint: npm is needed for ESLint (apt install npm)"; exit 1; }
	mkdir -p $(ESLINT_DIR)
	cp scripts/eslint/package.json scripts/eslint/package-lock.json $(ESLINT_DIR)/
	cd $(ESLINT_DIR) && npm ci --ignore-scripts --no-audit --no-fund --silent
	touch $@

## make dist: the built site as one archive (_build/rulebook-site.zip) for any static host.
dist:
	@test -f _build/html/.rulebook-built || $(MAKE) book
	$(PY) -m live.build --dist _build/rulebook-site.zip

LAB_PORT ?= 8888
## make lab: the chapters in JupyterLab from the project's venv, calculators live (ipywidgets).
lab: $(STAMP)
	PYTHONPATH=$(CURDIR) $(VENV)/bin/jupyter lab --notebook-dir=book --ServerApp.ip=$(HOST) --ServerApp.port=$(LAB_PORT) --no-browser $(if $(filter 0,$(shell id -u)),--allow-root)

clean:
	rm -rf _build _vendor $(ESLINT_DIR)
