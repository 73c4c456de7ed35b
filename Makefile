# mjscore — `make run` serves the API, `make test` runs linters and the whole suite.
# Both work on a fresh machine with Python >= 3.11, a C compiler and the Python headers: they create
# .venv and install from this repo. The install is redone only when the build inputs change, so a
# second `make run` starts in seconds.

PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
HOST ?= 127.0.0.1
PORT ?= 8000
# what the install depends on: the package metadata and the Cython sources
BUILD_INPUTS := pyproject.toml setup.py $(wildcard scorer/*.pyx scorer/*.pxd scorer/*.pxi scorer/efficiency/*.pyx scorer/variants/*/*.pyx scorer/variants/*/*.pxi)

.PHONY: run test install install-dev lint bench clean test-slow browser coverage dist-check

$(VENV)/bin/activate:
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip setuptools wheel

$(VENV)/.installed: $(VENV)/bin/activate $(BUILD_INPUTS)
	$(PY) -m pip install --quiet -e .
	touch $@

$(VENV)/.installed-dev: $(VENV)/bin/activate $(BUILD_INPUTS)
	$(PY) -m pip install --quiet -e ".[dev]"
	touch $@ $(VENV)/.installed

# Bytecode is written ahead (as pip does for an installed wheel), so that a one-line query does not
# compile the package's sources when PYTHONDONTWRITEBYTECODE is set; it only rewrites what changed.
install: $(VENV)/.installed
	@$(PY) -m compileall -q scorer cli api >/dev/null

install-dev: $(VENV)/.installed-dev
	@$(PY) -m compileall -q scorer cli api >/dev/null

run: install
	@echo "mjscore serving on http://$(HOST):$(PORT)  (docs: http://$(HOST):$(PORT)/docs)"
	@echo "try: curl -s -X POST http://$(HOST):$(PORT)/v1/score -H 'content-type: application/json' \\"
	@echo "       -d '{\"variant\":\"mcr\",\"hand\":\"[123m]456789m555pCC\",\"context\":{\"self_draw\":true,\"seat_wind\":\"S\"}}'"
	$(VENV)/bin/mjscore serve --host $(HOST) --port $(PORT)

lint: install-dev
	$(VENV)/bin/ruff check .
	$(VENV)/bin/mypy
	$(VENV)/bin/lint-imports --no-cache

# The referee page is tested in a real browser: Debian's Chromium and ChromeDriver, with a CJK font so
# that the Chinese page is laid out (and its screenshots drawn) with real glyphs, not empty boxes.
# Root installs them; anyone else is told loudly and the browser tests skip (CI sets
# MJSCORE_REQUIRE_BROWSER=1, under which they fail instead).
browser:
	@if ! command -v chromium >/dev/null || ! command -v chromedriver >/dev/null; then \
	  if [ "$$(id -u)" = 0 ]; then \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium chromium-driver >/dev/null; \
	  else \
	    echo "!!! BROWSER TESTS WILL BE SKIPPED: no chromium/chromedriver (sudo apt-get install chromium chromium-driver)"; \
	  fi; \
	fi
	@if ! fc-list :lang=zh 2>/dev/null | grep -q .; then \
	  if [ "$$(id -u)" = 0 ]; then \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq fonts-noto-cjk >/dev/null; \
	  else \
	    echo "!!! NO CJK FONT: the Chinese page's screenshots show empty boxes (sudo apt-get install fonts-noto-cjk)"; \
	  fi; \
	fi

# the whole suite on the compiled core, then the rules suites again on the pure-Python twins
test: install-dev lint browser
	$(PY) -m pytest
	MJSCORE_PURE=1 $(PY) -m pytest -m "twin and not slow"

test-slow: install-dev
	$(PY) -m pytest -m slow

coverage: install-dev
	$(PY) -m pytest --cov=scorer --cov=cli --cov=api --cov-report=term:skip-covered

# an sdist and a wheel built from it, installed in a new venv and used (CI runs this after make test)
dist-check: install-dev
	PY=$(PY) tools/check_dist.sh

bench: install-dev
	$(PY) bench/run.py

clean:
	rm -rf build *.egg-info $(VENV)/.installed $(VENV)/.installed-dev scorer/*.so scorer/*.c scorer/_fast_tables.bin \
	  scorer/efficiency/*.so scorer/efficiency/*.c \
	  scorer/variants/*/*.so scorer/variants/*/*.c
