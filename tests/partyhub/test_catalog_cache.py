"""The screens' translation catalogue (/jsi18n/, loaded by every page) is kept by the browser
for an hour, in the language it was asked in, and answered 304 while unchanged."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.django_db


def test_the_catalogue_is_cached_privately_per_language_and_revalidated(client):
    response = client.get("/jsi18n/", HTTP_ACCEPT_LANGUAGE="fr")
    assert response.status_code == 200 and '"argent"' in response.content.decode()  # cash
    control = {part.strip() for part in response["Cache-Control"].split(",")}
    assert control == {"private", "max-age=3600"}
    vary = {part.strip().lower() for part in response["Vary"].split(",")}
    assert {"accept-language", "cookie"} <= vary  # the language cookie or the header picks it
    again = client.get("/jsi18n/", HTTP_ACCEPT_LANGUAGE="fr",
                       HTTP_IF_MODIFIED_SINCE=response["Last-Modified"])
    assert again.status_code == 304
