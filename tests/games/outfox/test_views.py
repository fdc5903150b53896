"""Outfox's form on the home page: its card language starts at the screen's own (the platform's
pages are tested on the test game: tests/games/test_views.py)."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(("accept", "code"), [("es", "es"), ("fr-FR,fr;q=0.9", "fr"), ("en", "en")])
def test_the_outfox_form_starts_at_the_screens_own_card_language(client, accept, code):
    """An English room is not dealt Spanish cards unless the host asks for them."""
    page = client.get("/", HTTP_ACCEPT_LANGUAGE=accept).content.decode()
    start = page.index('data-game="outfox"')
    form = page[start:page.index("</form>", start)]
    select = form[form.index('name="outfox-language"'):]
    select = select[:select.index("</select>")]
    assert f'<option value="{code}" selected>' in select
    assert select.count(" selected>") == 1
