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

# The whole suite and, beside it, the test-only fourth game (tests/fourthgame/), which only its
# own settings register: its tests and its browser sweep, through a platform that has never heard
# of it. The fourth game's pass shares nothing with the main one (its hub and database are its
# own, its screenshots named for it) and fills the main pass's idle moments; its report is
# printed after the main one's, and either failing fails the target. The main pass ends with its
# 25 slowest steps, to see where the suite's time goes (it is CPU-bound on two cores: Chromium's
# rendering first).
FOURTH_LOG := artifacts/fourthgame-test.log
test: $(STAMP)
	@mkdir -p artifacts
	@$(BIN)/python -m pytest -p no:cacheprovider -n 0 --ds=tests.fourthgame.settings tests/fourthgame \
	  $(foreach lang,en es fr id,"tests/browser/test_sweep.py::TestSweep_fourthgame_$(lang)") \
	  tests/games/contract -k fourthgame > $(FOURTH_LOG) 2>&1 & fourth=$$!; \
	$(BIN)/python -m pytest -n $(TEST_WORKERS) --dist loadscope --no-loadscope-reorder --durations=25; main=$$?; \
	wait $$fourth; fourth=$$?; \
	echo "=== the fourth game's pass (run beside the main one; $(FOURTH_LOG)):"; cat $(FOURTH_LOG); \
	test $$main -eq 0 && test $$fourth -eq 0

lint: $(STAMP)
	$(BIN)/ruff check .

bench: $(STAMP)
	$(BIN)/python manage.py bench

# Refresh the translation catalogues (needs GNU gettext). The screens' strings go through the
# helpers t(), fmt() and nt() of partyhub/static/partyhub/js/dom.js, which makemessages cannot
# be told about, so xgettext reads the JavaScript directly.
LANGS := es fr id
messages: $(STAMP)
	$(BIN)/python manage.py makemessages $(addprefix -l ,$(LANGS)) --ignore=.venv --ignore=staticfiles --ignore=tests
	find partyhub/static games -name '*.js' | sort | xgettext --language=JavaScript \
	  --from-code=UTF-8 --keyword=t --keyword=fmt --keyword=nt:1,2 --keyword=gettext \
	  --keyword=ngettext:1,2 --add-comments --files-from=- -o locale/djangojs.pot
	for lang in $(LANGS); do \
	  po=locale/$$lang/LC_MESSAGES/djangojs.po; \
	  if [ -f $$po ]; then msgmerge --quiet --update --backup=none $$po locale/djangojs.pot; \
	  else msginit --no-translator --locale=$$lang --input=locale/djangojs.pot --output-file=$$po; fi; \
	done
	rm -f locale/djangojs.pot
	$(BIN)/python manage.py compilemessages --ignore=.venv

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache staticfiles
