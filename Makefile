# Everything a fresh clone needs: `make demo` and `make test` install what they use themselves.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
SPECS := $(wildcard formats/*.ksy)

.PHONY: generate check-generated lint test bench demo clean

$(VENV): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[test]'
	touch $(VENV)

node_modules: package.json package-lock.json
	npm ci --no-audit --no-fund --loglevel=error
	touch node_modules

generate: node_modules
	rm -f generated/*.py
	node tools/ksc.js python generated $(SPECS)

check-generated: node_modules
	@tmp=$$(mktemp -d) && node tools/ksc.js python $$tmp $(SPECS) && \
	  diff -r --exclude=__pycache__ generated $$tmp && rm -rf $$tmp && \
	  echo "generated/ matches formats/"

lint: $(VENV)
	$(VENV)/bin/ruff check kafkaks tests tools bench
	$(VENV)/bin/ruff format --check kafkaks tests tools bench
	$(VENV)/bin/mypy

test: $(VENV) node_modules check-generated lint
	$(PY) -m pytest

# BENCH_RECORDS, BENCH_REPEATS, BENCH_GENERATED_RECORDS, BENCH_MEMORY_BYTES shorten it (bench/run.py)
bench: $(VENV)
	PATH=$(CURDIR)/$(VENV)/bin:$$PATH $(PY) bench/run.py

demo: $(VENV)
	@echo "make demo: not yet (it arrives with the Spark pipeline)"

clean:
	rm -rf $(VENV) node_modules .pytest_cache .mypy_cache .ruff_cache
