# mjscore — `make run` serves the API, `make test` runs linters and the whole suite.
# Both work on a fresh machine with Python and gcc: they create .venv and install from this repo.

PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
HOST ?= 127.0.0.1
PORT ?= 8000

.PHONY: run test install install-dev lint bench clean test-slow browser

$(VENV)/bin/activate:
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip setuptools wheel

install: $(VENV)/bin/activate
	$(PY) -m pip install --quiet -e .

install-dev: $(VENV)/bin/activate
	$(PY) -m pip install --quiet -e ".[dev]"

run: install
	@echo "mjscore serving on http://$(HOST):$(PORT)  (docs: http://$(HOST):$(PORT)/docs)"
	@echo "try: curl -s -X POST http://$(HOST):$(PORT)/v1/score -H 'content-type: application/json' \\"
	@echo "       -d '{\"variant\":\"mcr\",\"hand\":\"[123m]456789m555pCC\",\"context\":{\"self_draw\":true,\"seat_wind\":\"S\"}}'"
	$(VENV)/bin/mjscore serve --host $(HOST) --port $(PORT)

lint: install-dev
	$(VENV)/bin/ruff check .

# The referee page is tested in a real browser: Debian's Chromium and ChromeDriver.
browser:
	@if ! command -v chromium >/dev/null || ! command -v chromedriver >/dev/null; then \
	  if [ "$$(id -u)" = 0 ]; then \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium chromium-driver >/dev/null; \
	  else \
	    echo "the browser tests need Debian's chromium and chromium-driver: sudo apt-get install chromium chromium-driver"; exit 1; \
	  fi; \
	fi

test: install-dev lint browser
	$(PY) -m pytest

test-slow: install-dev
	$(PY) -m pytest -m slow

bench: install-dev
	$(PY) bench/run.py

clean:
	rm -rf build *.egg-info scorer/*.so scorer/*.c scorer/variants/*/*.so scorer/variants/*/*.c
