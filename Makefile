# Set-up is part of every target: a fresh machine needs only `make run` or `make test`.
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
# The native engine (issue 14): seedbed._native, built by maturin into src/seedbed/ when cargo
# is on PATH (native/build.py; without cargo seedbed runs on its Python engines, except under
# CI=true, where that is a failure). Rebuilt when a Rust source or the lock file changes.
NATIVE := native/target/.built
NATIVE_SRC := $(shell find native/core/src native/py/src -name '*.rs' 2>/dev/null) \
	native/Cargo.toml native/Cargo.lock native/core/Cargo.toml native/py/Cargo.toml

# $(call cargo,ARGS): cargo ARGS in native/; without cargo a note (the Python engines still
# work), except under CI=true, where the Rust checks are required (issue 14).
cargo = @if command -v cargo >/dev/null; then cd native && echo "cargo $(1)" && cargo $(1); \
	elif [ "$$CI" = true ]; then echo "cargo is missing: CI needs the Rust toolchain" >&2; exit 1; \
	else echo "no cargo on PATH: skipping cargo $(1) (the native engine's Rust checks)"; fi

$(STAMP): pyproject.toml
	$(PY) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev,rl,llm]'
	touch $(STAMP)

$(NATIVE): $(STAMP) $(NATIVE_SRC)
	$(BIN)/python native/build.py
	@mkdir -p native/target && touch $(NATIVE)

.PHONY: install native run simulate test lint bench clean train-example
install: $(STAMP) $(NATIVE)

## native: rebuild seedbed._native (release) into src/seedbed/
native: $(STAMP)
	$(BIN)/python native/build.py
	@mkdir -p native/target && touch $(NATIVE)

## run: the main job — serve tables on http://127.0.0.1:8000 (seedbed serve; Ctrl-C stops)
run: $(STAMP) $(NATIVE)
	$(BIN)/seedbed serve

## simulate: simulate 1,000 seeded 4-player Bohnanza games and print the summary
simulate: $(STAMP) $(NATIVE)
	$(BIN)/seedbed simulate bohnanza --players 4 --games 1000 --seed 1

## test: the whole test suite: the native core's cargo tests, then pytest (rules, conformance,
## properties, leaks, goldens, both engines in lockstep, CLI)
test: $(STAMP) $(NATIVE)
	$(call cargo,test --quiet)
	$(BIN)/python -m pytest -q -n auto --durations=30

## lint: the one lint definition, also what CI runs (.ci/run calls make lint): ruff, mypy --strict;
## for the native core cargo fmt --check and cargo clippy -D warnings
LINT_PATHS := src tests benchmarks scripts examples
lint: $(STAMP)
	$(BIN)/ruff check $(LINT_PATHS)
	$(BIN)/ruff format --check $(LINT_PATHS)
	$(BIN)/mypy --strict src/seedbed
	$(call cargo,fmt --check)
	$(call cargo,clippy --quiet --all-targets -- -D warnings)

## train-example: the worked example that learns (examples/train_ppo.py, docs/research.md):
## MaskablePPO on 4-player Stalk Exchange against random bots, then the arena's verdict. It
## needs the train extra (PyTorch from PyPI: gigabytes), so it has its own venv, which neither
## `make install` nor CI makes. TIMESTEPS=100000 is a short run; one thread, niced.
TRAIN_VENV := .venv-train
TRAIN_STAMP := $(TRAIN_VENV)/.installed
TIMESTEPS ?= 3000000
$(TRAIN_STAMP): pyproject.toml
	$(PY) -m venv $(TRAIN_VENV)
	$(TRAIN_VENV)/bin/python -m pip install --quiet --upgrade pip
	$(TRAIN_VENV)/bin/python -m pip install --quiet -e '.[train]'
	touch $(TRAIN_STAMP)

train-example: $(TRAIN_STAMP) $(NATIVE)
	nice -n 19 $(TRAIN_VENV)/bin/python examples/train_ppo.py train --timesteps $(TIMESTEPS) --seed 1
	nice -n 19 $(TRAIN_VENV)/bin/python examples/train_ppo.py evaluate --games 1000 \
		--json out/ppo-stalk-exchange-eval.json

bench: $(STAMP) $(NATIVE)
	$(BIN)/seedbed bench bohnanza

clean:
	rm -f src/seedbed/_native.*
	rm -rf native/target/wheels $(NATIVE)
	rm -rf $(VENV) $(TRAIN_VENV) .pytest_cache .mypy_cache .ruff_cache .hypothesis
