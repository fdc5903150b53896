# PartyHub: `make play` runs the hub, `make test` runs every test. Both install what they need.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-stamp
HOST ?= 0.0.0.0
PORT ?= 8000

.PHONY: play test lint bench messages clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet ".[test]"
	touch $(STAMP)

.secret_key:
	$(BIN)/python -c "import secrets; print(secrets.token_urlsafe(50))" > .secret_key
	chmod 600 .secret_key

play: $(STAMP) .secret_key
	DJANGO_DEBUG=0 DJANGO_SECRET_KEY="$$(cat .secret_key)" $(BIN)/python manage.py migrate --noinput -v0
	DJANGO_DEBUG=0 DJANGO_SECRET_KEY="$$(cat .secret_key)" $(BIN)/python manage.py load_starter
	DJANGO_DEBUG=0 DJANGO_SECRET_KEY="$$(cat .secret_key)" $(BIN)/python manage.py collectstatic --noinput -v0
	DJANGO_DEBUG=0 DJANGO_SECRET_KEY="$$(cat .secret_key)" $(BIN)/python manage.py play --host $(HOST) --port $(PORT)

test: $(STAMP)
	$(BIN)/python -m pytest

lint: $(STAMP)
	$(BIN)/ruff check .

bench: $(STAMP)
	$(BIN)/python manage.py bench

messages: $(STAMP)
	$(BIN)/python manage.py makemessages -l es -l fr -l id
	$(BIN)/python manage.py makemessages -d djangojs -l es -l fr -l id --ignore=.venv
	$(BIN)/python manage.py compilemessages --ignore=.venv

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache staticfiles
