# Everything a fresh clone needs: `make demo` and `make test` install what they use themselves.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
SPECS := $(wildcard formats/*.ksy)

.PHONY: generate check-generated lint test test-fast bench demo fuzz asan clean

# pip's own output shows what it fetches and builds: the first install of PySpark builds a wheel
# from its 456 MB source archive (minutes on a slow line), later ones take it from pip's cache.
$(VENV): pyproject.toml
	@echo "== creating the virtual environment $(VENV)"
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --upgrade pip
	@echo "== installing kafkaks with its test, spark, schemas and tables extras (the first PySpark install builds a wheel: a few minutes)"
	$(PY) -m pip install -e '.[test,spark,schemas,tables]'
	@echo "== $(VENV) is ready: $(VENV)/bin/kafkaks"
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
	$(VENV)/bin/ruff check kafkaks tests tools examples fuzz bench
	$(VENV)/bin/ruff format --check kafkaks tests tools examples fuzz bench
	$(VENV)/bin/mypy

# Bytecode is kept in build/pycache between runs, also where the environment says not to write it
# beside the sources (PYTHONDONTWRITEBYTECODE): else each run, and each `kafkaks` process the tests
# start, compiles every module (and pytest rewrites every test module) again.
PYTEST := PYTHONDONTWRITEBYTECODE= PYTHONPYCACHEPREFIX=$(CURDIR)/build/pycache $(PY) -m pytest

# tests/test_state.py also loads `kafkaks state --html`'s page in headless Chromium where it is
# installed (Debian: apt-get install chromium), and says it skipped that check where it is not.
# TEST_WORKERS processes share the tests (pytest-xdist), each with its own Spark session when one of
# its tests asks for it; more workers than cores, since the Spark tests wait on JVMs and processes
# much of their time. The cluster's tests run on one worker. TEST_WORKERS=0: all in this process.
TEST_WORKERS ?= 3
XDIST = $(if $(filter 0,$(TEST_WORKERS)),-p no:xdist,-n $(TEST_WORKERS) --dist loadgroup)
test: $(VENV) node_modules check-generated lint
	$(PYTEST) $(XDIST) $(PYTEST_ARGS)

# The inner loop: every test but those that start Spark, the cluster or Node, or take seconds of
# their own (the markers in pyproject.toml), with fewer Hypothesis examples (tests/conftest.py).
FAST_MARKERS := not spark and not cluster and not node and not slow
test-fast: $(VENV)
	KAFKAKS_HYPOTHESIS=fast $(PYTEST) $(XDIST) -m "$(FAST_MARKERS)" $(PYTEST_ARGS)

# BENCH_RECORDS, BENCH_REPEATS, BENCH_GENERATED_RECORDS, BENCH_MEMORY_BYTES shorten it; BENCH_SECTIONS=spark
# (or another list of sections) runs only those and replaces only theirs in BENCHMARKS.md (bench/run.py)
bench: $(VENV)
	PATH=$(CURDIR)/$(VENV)/bin:$$PATH $(PY) bench/run.py

# Coverage-guided fuzzing of every reader with atheris (libFuzzer), seeded from tests/fixtures.
# FUZZ_TIME seconds in all; crashing inputs are saved to fuzz/artifacts/ (copy them to
# tests/regressions/ to keep them as regression cases).
FUZZ_TIME ?= 60
FUZZ_FLAGS ?= -rss_limit_mb=2048 -timeout=10 -print_final_stats=1
fuzz: $(VENV)
	@$(PY) -m pip install --quiet -e '.[fuzz]' || { \
	  echo "make fuzz: atheris did not install into $(VENV) ($$($(PY) -V)); it ships wheels for" \
	  "CPython 3.8-3.13 on Linux x86_64 and macOS, else it builds from source and needs clang" \
	  "with libFuzzer (see https://github.com/google/atheris)" >&2; exit 1; }
	@mkdir -p fuzz/artifacts
	@tmp=$$(mktemp -d) && trap 'rm -rf "$$tmp"' EXIT && \
	  $(PY) fuzz/make_corpus.py "$$tmp/corpus" && \
	  KAFKAKS_FUZZ_SCRATCH="$$tmp" $(PY) fuzz/fuzz_kafkaks.py -max_total_time=$(FUZZ_TIME) $(FUZZ_FLAGS) \
	    -artifact_prefix=fuzz/artifacts/ "$$tmp/corpus"

# The compiled core built with AddressSanitizer and UBSan into a copy of this tree's tracked files
# ($(ASAN)), and the tests that drive it (ASAN_TESTS) run there. They run from inside the copy, with
# the sanitizers' runtimes preloaded: run from here, Python would import this tree's kafkaks and its
# ordinary core, so the run first checks which core it imports. The real data is read from
# ../shared/testdata/real beside this tree unless KAFKAKS_REAL_DATA says otherwise.
ASAN := build/asan
ASAN_TESTS ?= core scan codecs columnar arrow hostile replicas segment corruption batch_legacy
asan: $(VENV)
	rm -rf $(ASAN) && mkdir -p $(ASAN)
	git ls-files -z | xargs -0 cp -d --parents -t $(ASAN)
	ln -s ../generated $(ASAN)/kafkaks/generated
	gcc -fsanitize=address,undefined -fno-omit-frame-pointer -g -O1 -fPIC -shared -I generated -I kafkaks/wire \
	  -I"$$($(PY) -c 'import sysconfig; print(sysconfig.get_paths()["include"])')" \
	  kafkaks/wire/_core.c kafkaks/wire/_codecs.c \
	  -o "$(ASAN)/kafkaks/wire/_core$$($(PY) -c 'import sysconfig; print(sysconfig.get_config_var("EXT_SUFFIX"))')"
	cd $(ASAN) && export LD_PRELOAD="$$(gcc -print-file-name=libasan.so):$$(gcc -print-file-name=libubsan.so)" \
	  ASAN_OPTIONS=detect_leaks=0 UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1 PYTHONPATH=$(CURDIR)/$(ASAN) \
	  KAFKAKS_REAL_DATA="$${KAFKAKS_REAL_DATA:-$(CURDIR)/../shared/testdata/real}" && \
	  $(CURDIR)/$(PY) -c 'import os, kafkaks.wire._core as core; \
	    assert core.__file__.startswith(os.getcwd()), core.__file__; print("the sanitized core:", core.__file__)' && \
	  $(CURDIR)/$(PY) -m pytest -p no:cacheprovider $(foreach name,$(ASAN_TESTS),tests/test_$(name).py) -k "not costs_about"

# The sample log dir, a dump of one segment, then Spark (local[*]) to Parquet with its summary.
# The pipeline prints a line per stage on stderr; Spark's own output goes to $(DEMO)/spark.log.
DEMO := build/demo
demo: $(VENV)
	@rm -rf $(DEMO) && mkdir -p $(DEMO)
	@echo "== building the sample log dir $(DEMO)/logdir (4 topics and _schemas, 8 partitions, every codec, transactions, Avro values)"
	@$(PY) examples/make_sample.py $(DEMO)/logdir
	@echo "== dumping one segment, as kafka-dump-log.sh --deep-iteration --print-data-log would"
	@echo '$$ kafkaks dump --deep-iteration --print-data-log $(DEMO)/logdir/payments-0/00000000000000000000.log'
	@$(VENV)/bin/kafkaks dump --deep-iteration --print-data-log $(DEMO)/logdir/payments-0/00000000000000000000.log
	@echo "== Avro values decoded with the schemas of the log dir's own _schemas topic (no registry running)"
	@echo '$$ kafkaks dump --json --decode-values $(DEMO)/logdir/shipments-0 | grep record | head -2'
	@$(VENV)/bin/kafkaks dump --json --decode-values $(DEMO)/logdir/shipments-0 | grep '"type":"record"' | head -2
	@echo "== the Spark pipeline: the log dir to Parquet in $(DEMO)/parquet, read_committed, values decoded"
	@echo '$$ kafkaks pipeline --isolation-level read_committed --decode-values $(DEMO)/logdir $(DEMO)/parquet'
	@$(VENV)/bin/kafkaks pipeline --isolation-level read_committed --decode-values --spark-log $(DEMO)/spark.log \
	  $(DEMO)/logdir $(DEMO)/parquet
	@echo "== the decoded columns of shipments in the Parquet (valueSchemaId, valueDecoded)"
	@$(PY) examples/show_decoded.py $(DEMO)/parquet shipments 3

clean:
	rm -rf $(VENV) node_modules .pytest_cache .mypy_cache .ruff_cache
