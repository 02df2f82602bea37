PYTHON ?= python3.11
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
PO_FILES := $(wildcard locale/*/LC_MESSAGES/django.po)
# The development server's port: `make run PORT=8001`.
PORT ?= 8000
MO_FILES := $(PO_FILES:.po=.mo)

.PHONY: run test lint translations

# The stamp is rebuilt (pip re-run) whenever pyproject.toml is newer than the last install.
$(VENV): $(STAMP)

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/pip install -e '.[test]'
	touch $(STAMP)

# Compiled translations are not committed: each .mo is rebuilt from its .po when the .po is newer.
translations: $(MO_FILES)

locale/%/LC_MESSAGES/django.mo: locale/%/LC_MESSAGES/django.po $(STAMP)
	$(BIN)/pybabel compile -d locale -D django -l $*

# The port is checked first: daphne's runserver would only log "Address already in use" and hang.
run: $(VENV) translations
	$(BIN)/python -m config.port_check $(PORT)
	$(BIN)/python manage.py migrate
	$(BIN)/python manage.py load_builtin_data
	$(BIN)/python manage.py runserver 127.0.0.1:$(PORT)

# One test worker per core (pytest-xdist): each worker has its own test database (and Redis database). A worker
# that runs out of tests takes some of the other's ("worksteal"): a few browser tests take a minute each.
test: $(VENV) translations
	$(BIN)/python -m pytest -n auto --dist worksteal

lint: $(VENV)
	$(BIN)/ruff check .
