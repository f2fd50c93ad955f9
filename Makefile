# The two set-up commands of the README: `make run` and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
# The node packages (package.json: axe-core for the browser tests, typescript for the
# type check of the browser table's scripts), installed as locked.
NODE_STAMP := node_modules/.installed
# The browser table's scripts, type-checked from their JSDoc (tsconfig.json; typescript).
TYPECHECK_JS := node_modules/.bin/tsc --noEmit -p .

.PHONY: run test typecheck-js lint bench clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test,rl,postgres,redis]'
	touch $(STAMP)

$(NODE_STAMP): package.json package-lock.json
	npm ci --no-audit --no-fund
	touch $(NODE_STAMP)

run: $(STAMP)
	$(BIN)/outlaws serve --host 127.0.0.1 --port 8000

test: $(STAMP) $(NODE_STAMP)
	$(BIN)/ruff check src tests bench examples
	$(BIN)/mypy
	node --test tests/js/
	$(TYPECHECK_JS)
	$(BIN)/python -m pytest

typecheck-js: $(NODE_STAMP)
	$(TYPECHECK_JS)

bench: $(STAMP)
	$(BIN)/python bench/engine.py

clean:
	rm -rf $(VENV) node_modules build src/*.egg-info
