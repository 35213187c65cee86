# The two README commands: `make app` and `make test`. Both create .venv when it is missing.
VENV   := .venv
BIN    := $(VENV)/bin
PYTHON ?= python3
PORT   ?= 8866
LAB_PORT ?= 8888
STAMP  := $(VENV)/.kayalib-installed

.PHONY: app test venv lint bench clean plans worksheets lab

$(STAMP): pyproject.toml binder/requirements.txt
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -c binder/requirements.txt -e ".[test]"
	touch $@

venv: $(STAMP)

app: venv
	@echo "kayalib: open http://localhost:$(PORT)/voila/render/index.ipynb"
	cd notebooks && JUPYTER_PATH="$(CURDIR)/notebooks/.jupyter$${JUPYTER_PATH:+:$$JUPYTER_PATH}" \
		../$(BIN)/voila --no-browser --port=$(PORT) --Voila.ip=127.0.0.1 --template=kayalib

# The write-a-bot notebook in JupyterLab (code cells shown, unlike the Voila app), on localhost.
lab: venv
	@echo "kayalib: JupyterLab prints its address below (with a token); open write-a-bot.ipynb"
	cd notebooks && ../$(BIN)/jupyter lab --no-browser --ServerApp.ip=127.0.0.1 \
		--ServerApp.port=$(LAB_PORT) $(if $(filter 0,$(shell id -u)),--allow-root) write-a-bot.ipynb

# The lesson plans as Markdown pages (docs/teachers/<lang>/), written from the catalogue.
plans: venv
	$(BIN)/python -m kayalib.teachers plans docs/teachers

# Worksheets and answer keys of every lesson in every language, as PDF.
worksheets: venv
	$(BIN)/python -m kayalib.teachers worksheets build/worksheets

lint: venv
	$(BIN)/ruff check .

test: lint
	$(BIN)/python -m pytest; rc=$$?; \
	if [ $$rc -eq 5 ]; then echo "pytest: no tests were collected"; rc=0; fi; exit $$rc

bench: venv
	$(BIN)/python -m benchmarks

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis .ruff_cache test-artifacts
