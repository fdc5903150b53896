# PartyHub: `make play` runs the hub, `make test` runs every test. Both install what they need.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-stamp
HOST ?= 0.0.0.0
PORT ?= 8000
# The suite runs in this many pytest-xdist workers, a module (or a class: the sweep's game) to a
# worker, its shared server and browser with it, the longest first (tests/conftest.py: the
# ``long`` mark; xdist's own reordering, by count of tests, is off). Four on two cores: many
# tests wait on timers, servers and browsers. TEST_WORKERS=0 runs it in one process.
TEST_WORKERS ?= 4

.PHONY: install play test lint lock bench messages clean

# Every install is from the lock: requirements/prod.txt (what the hub runs on) and
# requirements/test.txt (that, plus the tests' tools), exported with their hashes from uv.lock by
# `make lock`. pip installs exactly those versions and refuses a file whose hash differs.
# tests/test_lock.py fails when what is installed differs from the lock.
PROD_STAMP := $(VENV)/.installed-prod
$(VENV)/bin/python:
	$(PYTHON) -m venv $(VENV)

$(PROD_STAMP): requirements/prod.txt | $(VENV)/bin/python
	$(BIN)/python -m pip install --quiet --require-hashes -r requirements/prod.txt
	touch $(PROD_STAMP)

$(STAMP): requirements/test.txt | $(VENV)/bin/python
	$(BIN)/python -m pip install --quiet --require-hashes -r requirements/test.txt
	touch $(STAMP) $(PROD_STAMP)

# The production install: the hub's dependencies only (no pytest, Playwright or ruff), in .venv
# (VENV=… for another folder). README's "Deploying at scale" starts from it.
install: $(PROD_STAMP)

# Refresh the lock after changing pyproject.toml's dependencies (needs the registry): uv resolves
# once for every Python >= 3.11 and every extra, then exports the two hashed files pip installs.
# UPGRADE=1 also moves every package to its newest allowed release.
lock: $(STAMP)
	$(BIN)/uv lock $(if $(UPGRADE),--upgrade)
	$(BIN)/uv export --frozen --format requirements-txt --no-emit-project --no-dev -q \
	  -o requirements/prod.txt
	$(BIN)/uv export --frozen --format requirements-txt --no-emit-project --no-dev --extra test -q \
	  -o requirements/test.txt

.secret_key: | $(VENV)/bin/python
	$(BIN)/python -c "import secrets; print(secrets.token_urlsafe(50))" > .secret_key
	chmod 600 .secret_key

play: $(PROD_STAMP) .secret_key
	DJANGO_DEBUG=0 DJANGO_SECRET_KEY="$$(cat .secret_key)" $(BIN)/python manage.py migrate --noinput -v0
	DJANGO_DEBUG=0 DJANGO_SECRET_KEY="$$(cat .secret_key)" $(BIN)/python manage.py load_starter
	DJANGO_DEBUG=0 DJANGO_SECRET_KEY="$$(cat .secret_key)" $(BIN)/python manage.py collectstatic --noinput -v0
	DJANGO_DEBUG=0 DJANGO_SECRET_KEY="$$(cat .secret_key)" $(BIN)/python manage.py play --host $(HOST) --port $(PORT)

# The whole suite runs with a fifth game registered: tests/fifthgame/ (Coin call, none of the
# optional parts), written in the test tree and registered by its one line,
# PARTYHUB_TEST_GAMES=tests.fifthgame, beside the hub's games and the test-only fourth
# (tests/settings.py): every test, the fifth game's own, every game's browser sweep and the end
# screen's "Play next" pass with it as they would without it. Beside it, in a process of its
# own that shares nothing with it (its hub and database are its own), the registry check runs
# the other way: the platform's own tests (but the multi-process ones, marked postgres or
# redis), the contract suite and "Play next", without the fifth game. Its report is printed
# after the main one's, and either failing fails the target. The main pass ends with its 25
# slowest steps, to see where the suite's time goes (it is CPU-bound on two cores: Chromium's
# rendering first).
WITHOUT_LOG := artifacts/without-fifthgame-test.log
WITHOUT_PASS := tests/games/contract tests/games/kit tests/games/live tests/games/rooms \
  tests/games/ops $(wildcard tests/games/test_*.py) \
  "tests/browser/test_play_next_browser.py::test_play_next_is_one_control_that_opens_the_list_of_the_other_games[en]"
test: $(STAMP)
	@mkdir -p artifacts
	@$(BIN)/python -m pytest -p no:cacheprovider -n 0 -m "not postgres and not redis" \
	  $(WITHOUT_PASS) > $(WITHOUT_LOG) 2>&1 & without=$$!; \
	PARTYHUB_TEST_GAMES=tests.fifthgame $(BIN)/python -m pytest -n $(TEST_WORKERS) \
	  --dist loadscope --no-loadscope-reorder --durations=25; main=$$?; \
	wait $$without; without=$$?; \
	echo "=== without the fifth game (run beside the main one; $(WITHOUT_LOG)):"; \
	cat $(WITHOUT_LOG); \
	test $$main -eq 0 && test $$without -eq 0

lint: $(STAMP)
	$(BIN)/ruff check .

bench: $(STAMP)
	$(BIN)/python manage.py bench

# Refresh the translation catalogues (needs GNU gettext). `make messages`: the project's, locale/
# (the platform's words, and those of every game without a catalogue of its own). `make messages
# GAME=<id>`: that game's own, <its folder>/locale/ (games/<id>/ or the test tree's tests/<id>/),
# which wins over the project's for its words (settings' LOCALE_PATHS: each game's first). Django's
# makemessages runs without settings, so that a folder holding a locale/ keeps its words there and
# out of the project's catalogue. The screens' strings go through the helpers t(), fmt() and nt()
# of partyhub/static/partyhub/js/dom.js, which makemessages cannot be told about, so xgettext reads
# the JavaScript directly (a game with its own catalogue: from its folder only).
LANGS := es fr id
GAME_DIR = $(firstword $(wildcard games/$(GAME) tests/$(GAME)))
XGETTEXT_JS = xgettext --language=JavaScript --from-code=UTF-8 --keyword=t --keyword=fmt \
  --keyword=nt:1,2 --keyword=gettext --keyword=ngettext:1,2 --add-comments --files-from=-
define js_merge
	for lang in $(LANGS); do \
	  po=$(1)/$$lang/LC_MESSAGES/djangojs.po; mkdir -p $$(dirname $$po); \
	  if [ -f $$po ]; then msgmerge --quiet --update --backup=none $$po $(1)/djangojs.pot; \
	  else msginit --no-translator --locale=$$lang --input=$(1)/djangojs.pot --output-file=$$po; fi; \
	done
	rm -f $(1)/djangojs.pot
endef
messages: $(STAMP)
ifdef GAME
	@test -n "$(GAME_DIR)" || { echo "no folder games/$(GAME) or tests/$(GAME)"; exit 1; }
	mkdir -p $(GAME_DIR)/locale
	cd $(GAME_DIR) && env -u DJANGO_SETTINGS_MODULE $(CURDIR)/$(BIN)/django-admin makemessages \
	  $(addprefix -l ,$(LANGS)) --ignore=locale
	find $(GAME_DIR) -name '*.js' | sort | $(XGETTEXT_JS) -o $(GAME_DIR)/locale/djangojs.pot
	$(call js_merge,$(GAME_DIR)/locale)
	cd $(GAME_DIR) && env -u DJANGO_SETTINGS_MODULE $(CURDIR)/$(BIN)/django-admin compilemessages
else
	env -u DJANGO_SETTINGS_MODULE $(BIN)/django-admin makemessages $(addprefix -l ,$(LANGS)) \
	  --ignore=.venv --ignore=staticfiles --ignore=tests
	find partyhub/static games \( -type d -exec test -d {}/locale \; -prune \) -o -name '*.js' -print \
	  | sort | $(XGETTEXT_JS) -o locale/djangojs.pot
	$(call js_merge,locale)
	$(BIN)/python manage.py compilemessages --ignore=.venv
endif

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache staticfiles
