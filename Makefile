# Everything a fresh clone needs: `make demo` and `make test` install what they use themselves.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
SPECS := $(wildcard formats/*.ksy)

.PHONY: generate check-generated lint test demo clean

$(VENV): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[test,spark]'
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
	$(VENV)/bin/ruff check kafkaks tests tools examples
	$(VENV)/bin/ruff format --check kafkaks tests tools examples
	$(VENV)/bin/mypy

test: $(VENV) node_modules check-generated lint
	$(PY) -m pytest

# The sample log dir, a dump of one segment, then Spark (local[*]) to Parquet with its summary.
# Spark's own log goes to $(DEMO)/spark.log; it is shown if the pipeline fails.
DEMO := build/demo
demo: $(VENV)
	rm -rf $(DEMO) && mkdir -p $(DEMO)
	$(PY) examples/make_sample.py $(DEMO)/logdir
	$(VENV)/bin/kafkaks dump --deep-iteration --print-data-log $(DEMO)/logdir/payments-0/00000000000000000000.log
	@echo '$$ kafkaks pipeline --isolation-level read_committed $(DEMO)/logdir $(DEMO)/parquet'
	@$(VENV)/bin/kafkaks pipeline --isolation-level read_committed $(DEMO)/logdir $(DEMO)/parquet 2>$(DEMO)/spark.log || \
	  { tail -n 40 $(DEMO)/spark.log; exit 1; }

clean:
	rm -rf $(VENV) node_modules .pytest_cache .mypy_cache .ruff_cache
