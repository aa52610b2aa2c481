# Set-up is part of every target: a fresh machine needs only `make run` or `make test`.
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

$(STAMP): pyproject.toml
	$(PY) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

.PHONY: install run simulate test lint bench clean
install: $(STAMP)

## run: the main job — serve tables on http://127.0.0.1:8000 (seedbed serve; Ctrl-C stops)
run: $(STAMP)
	$(BIN)/seedbed serve

## simulate: simulate 1,000 seeded 4-player Bohnanza games and print the summary
simulate: $(STAMP)
	$(BIN)/seedbed simulate bohnanza --players 4 --games 1000 --seed 1

## test: the whole test suite (rules, conformance, properties, leaks, goldens, CLI)
test: $(STAMP)
	$(BIN)/python -m pytest -q -n auto

## lint: the one lint definition, also what CI runs (.ci/run calls make lint)
LINT_PATHS := src tests benchmarks scripts
lint: $(STAMP)
	$(BIN)/ruff check $(LINT_PATHS)
	$(BIN)/ruff format --check $(LINT_PATHS)
	$(BIN)/mypy --strict src/seedbed

bench: $(STAMP)
	$(BIN)/seedbed bench bohnanza

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache .hypothesis
