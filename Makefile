PYTHON ?= python3.11
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test lint

# The stamp is rebuilt (pip re-run) whenever pyproject.toml is newer than the last install.
$(VENV): $(STAMP)

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/pip install -e '.[test]'
	touch $(STAMP)

run: $(VENV)
	$(BIN)/python manage.py migrate
	$(BIN)/python manage.py load_builtin_data
	$(BIN)/python manage.py runserver 127.0.0.1:8000

test: $(VENV)
	$(BIN)/python -m pytest

lint: $(VENV)
	$(BIN)/ruff check .
