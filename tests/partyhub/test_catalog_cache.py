"""The screens' translation catalogue (/jsi18n/, loaded by every page: partyhub/catalog.py) is
kept by the browser for an hour, at an address of its own for each language (so that a phone
that switches its language never gets the old one from its cache), and answered 304 while
unchanged."""

from __future__ import annotations

import re

import pytest

pytestmark = pytest.mark.django_db


def test_the_catalogue_is_cached_privately_and_revalidated(client):
    response = client.get("/jsi18n/?language=fr")
    assert response.status_code == 200 and '"argent"' in response.content.decode()  # cash
    control = {part.strip() for part in response["Cache-Control"].split(",")}
    assert control == {"private", "max-age=3600"}
    again = client.get("/jsi18n/?language=fr", HTTP_IF_MODIFIED_SINCE=response["Last-Modified"])
    assert again.status_code == 304


def test_each_language_has_its_own_address_whatever_the_request_prefers(client):
    # The address alone decides: a browser's cache, keyed by it, is never wrong.
    spanish = client.get("/jsi18n/?language=es", HTTP_ACCEPT_LANGUAGE="fr",
                         cookies={"django_language": "fr"})
    assert '"dinero"' in spanish.content.decode() and '"argent"' not in spanish.content.decode()
    assert client.get("/jsi18n/?language=fr").content != spanish.content
    # Without one (an old page), the request's language, varied on what names it.
    bare = client.get("/jsi18n/", HTTP_ACCEPT_LANGUAGE="fr")
    assert '"argent"' in bare.content.decode()
    assert {"accept-language", "cookie"} <= {v.strip().lower() for v in bare["Vary"].split(",")}


def test_every_page_asks_for_the_catalogue_in_its_own_language(client):
    for language in ("en", "es", "fr", "id"):
        page = client.get("/join", HTTP_ACCEPT_LANGUAGE=language).content.decode()
        assert re.search(rf'src="/jsi18n/\?language={language}"', page), language
