# The README commands: `make app`, `make class` and `make test`. All create .venv when missing.
# `make app`, `make class`, `make lab` and `make worksheets` run the installed `kayalib` command
# (kayalib app, kayalib class, ...), the one way to start each; `kayalib --help` explains them.
#   make app                      this computer only (127.0.0.1); settings in notebooks/voila.json
#   make app PORT=8870            ... on another port (the only setting taken from here)
#   make class                    a whole class on the local network (address + QR code printed)
#   make class STUDENTS=25 SEED=7 OPEN=play-blef.ipynb IP=192.168.1.20 PORT=8866
VENV   := .venv
BIN    := $(VENV)/bin
PYTHON ?= python3
PORT   ?= 8866
LAB_PORT ?= 8888
STAMP  := $(VENV)/.kayalib-installed
# The installer of .venv's packages (from the Python package index, like them).
UV_VERSION := 0.13.10
# The JupyterHub test's proxy, from the npm registry, into a project-local folder.
CHP_VERSION := 5.3.0
CHP    := $(VENV)/node/node_modules/.bin/configurable-http-proxy
# The browser tests' accessibility check (tests/apps/test_axe_browser.py), from the same registry.
AXE_VERSION := 4.14.1
AXE    := $(VENV)/node/node_modules/axe-core/axe.min.js

# class mode: STUDENTS sizes the kernel pools; IP, OPEN, SEED, LESSON_POOL, PLAY_POOL and STORE (the class
# tables' SQLite file, default .kayalib-class/class.sqlite) are optional.
STUDENTS    ?= 30
CLASS_FLAGS := --port=$(PORT) --students=$(STUDENTS) $(if $(IP),--address=$(IP)) \
	$(if $(OPEN),--open=$(OPEN)) $(if $(SEED),--seed=$(SEED)) \
	$(if $(LESSON_POOL),--lesson-pool=$(LESSON_POOL)) $(if $(PLAY_POOL),--play-pool=$(PLAY_POOL)) \
	$(if $(STORE),--store=$(STORE))

.PHONY: app class test check venv node bytecode lint bench clean plans worksheets lab solutions

# The packages go in with uv (itself installed by the venv's pip): it fetches them in parallel
# and compiles their bytecode on every core, where pip does one at a time (a fresh .venv took
# 173 s with pip and 70 s with uv, the same 164 packages at the same versions).
$(STAMP): pyproject.toml binder/requirements.txt
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet uv==$(UV_VERSION)
	$(BIN)/python -m uv pip install --quiet --python $(BIN)/python --compile-bytecode \
		-c binder/requirements.txt -e ".[test]"
	touch $@

venv: $(STAMP)

# kayalib's bytecode, written once: every kernel, test worker and bot imports kayalib, and with
# PYTHONDONTWRITEBYTECODE set (as in many containers) each would compile it again.
bytecode: venv
	$(BIN)/python -m compileall -q kayalib benchmarks

$(CHP):
	npm install --silent --no-audit --no-fund --prefix $(VENV)/node \
		configurable-http-proxy@$(CHP_VERSION)

$(AXE):
	npm install --silent --no-audit --no-fund --save-exact --prefix $(VENV)/node \
		axe-core@$(AXE_VERSION)

# What the tests take from npm, one install after the other (both write $(VENV)/node).
node: $(CHP) $(AXE)
$(AXE): | $(CHP)

app: bytecode
	$(BIN)/kayalib app --port=$(PORT)

class: bytecode
	$(BIN)/kayalib class $(CLASS_FLAGS)

# The write-a-bot notebook in JupyterLab (code cells shown, unlike the Voila app), on localhost,
# from notebooks/ (the bot files go to notebooks/my-bots/, as the notebook says).
lab: venv
	$(BIN)/kayalib lab --folder=notebooks --port=$(LAB_PORT)

# The lesson plans as Markdown pages (docs/teachers/<lang>/), written from the catalogue.
plans: venv
	$(BIN)/python -m kayalib.teachers plans docs/teachers

# Worksheets and answer keys of every lesson in every language, as PDF.
worksheets: venv
	$(BIN)/kayalib worksheets --out=build/worksheets

lint: venv
	$(BIN)/ruff check .
	$(BIN)/lint-imports
	$(BIN)/mypy

# While you work: lint, types and every test that starts no notebook, server or browser.
check: lint bytecode
	$(BIN)/python -m pytest -m "not slow and not voila and not browser" --ignore=notebooks \
		-n 2 --timeout=300 -q

test: lint bytecode node
	$(BIN)/python -m pytest -n 2 --dist loadfile --no-loadscope-reorder --timeout=900 \
		--durations=20; rc=$$?; \
	if [ $$rc -eq 5 ]; then echo "pytest: no tests were collected"; rc=0; fi; exit $$rc

bench: venv
	$(BIN)/python -m benchmarks

# Solve the shipped heads-up rounds and the one-card round's equilibrium set again (minutes).
solutions: venv
	$(BIN)/python -m kayalib.blef.solutions

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis .ruff_cache test-artifacts
