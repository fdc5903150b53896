"""The Hoax characters in the admin: texts, translations and pictures editable, mechanics not."""

from __future__ import annotations

import io

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command

from games.hoax.characters import characters_for_page
from games.hoax.models import HoaxCharacter, HoaxCharacterTranslation

pytestmark = pytest.mark.django_db

PNG = b"\x89PNG\r\n\x1a\n" + b"\x00" * 64


@pytest.fixture
def staff(client, django_user_model):
    user = django_user_model.objects.create_superuser("curator", "c@example.org", "pw-12345678")
    client.force_login(user)
    call_command("load_starter", stdout=io.StringIO())
    return client


def change_url(character: HoaxCharacter) -> str:
    return f"/admin/hoax/hoaxcharacter/{character.pk}/change/"


def form_data(character: HoaxCharacter, **changes) -> dict:
    data = {
        "name": character.name,
        "order": character.order,
        "privilege": character.privilege,
        "immunity": character.immunity,
        "translations-TOTAL_FORMS": "0",
        "translations-INITIAL_FORMS": "0",
        "translations-MIN_NUM_FORMS": "0",
        "translations-MAX_NUM_FORMS": "1000",
    }
    data.update(changes)
    return data


def test_the_list_shows_the_seven_characters_and_cannot_add_or_delete(staff):
    page = staff.get("/admin/hoax/hoaxcharacter/")
    assert page.status_code == 200
    for name in ("The Ex", "The Butler", "The Distant Cousin"):
        assert name in page.content.decode()
    assert staff.get("/admin/hoax/hoaxcharacter/add/").status_code == 403
    butler = HoaxCharacter.objects.get(key="butler")
    assert staff.get(f"/admin/hoax/hoaxcharacter/{butler.pk}/delete/").status_code == 403


def test_a_curator_edits_the_texts_but_not_the_identifier(staff):
    butler = HoaxCharacter.objects.get(key="butler")
    response = staff.post(
        change_url(butler),
        form_data(butler, name="The Head Butler", key="ex", privilege="Serves and is served."),
    )
    assert response.status_code == 302, response.content.decode()[:2000]
    butler.refresh_from_db()
    assert (butler.key, butler.name, butler.privilege) == (
        "butler", "The Head Butler", "Serves and is served."
    )
    assert any(c["id"] == "butler" and c["name"] == "The Head Butler"
               for c in characters_for_page("en"))


def test_a_picture_must_really_be_a_raster_image(staff, settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path
    chef = HoaxCharacter.objects.get(key="chef")
    svg = SimpleUploadedFile("chef.svg", b"<svg onload='alert(1)'/>", "image/svg+xml")
    refused = staff.post(change_url(chef), form_data(chef, picture=svg))
    assert refused.status_code == 200
    assert "Upload a PNG, JPEG or WebP picture." in refused.content.decode()
    fake = SimpleUploadedFile("chef.png", b"not a png at all", "image/png")
    assert staff.post(change_url(chef), form_data(chef, picture=fake)).status_code == 200
    real = SimpleUploadedFile("chef.png", PNG, "image/png")
    assert staff.post(change_url(chef), form_data(chef, picture=real)).status_code == 302
    chef.refresh_from_db()
    assert chef.picture.name.startswith("hoax/chef")
    entry = next(c for c in characters_for_page("en") if c["id"] == "chef")
    assert entry["picture"].startswith("/media/hoax/chef")


def test_pages_show_the_translation_of_the_players_language():
    call_command("load_starter", stdout=io.StringIO())
    names = {c["id"]: c["name"] for c in characters_for_page("fr")}
    assert names["butler"] == "Le Majordome"
    assert {c["id"]: c["name"] for c in characters_for_page("en")}["butler"] == "The Butler"
    shipped = next(c for c in characters_for_page("en") if c["id"] == "lover")
    assert shipped["picture"].endswith("hoax/art/lover.svg")


def translation_data(character: HoaxCharacter, language: str) -> dict:
    """The change form with the character's translations replaced by one new one."""
    data = form_data(character, **{
        "translations-TOTAL_FORMS": "1",
        "translations-0-language": language,
        "translations-0-name": "El Mayordomo Nuevo",
        "translations-0-privilege": "Sirve.",
        "translations-0-immunity": "",
    })
    return data


@pytest.mark.parametrize("language", ["ES", "xx", "en", ""])
def test_a_translation_language_outside_the_hubs_other_languages_is_refused(staff, language):
    chef = HoaxCharacter.objects.get(key="chef")
    chef.translations.all().delete()
    response = staff.post(change_url(chef), translation_data(chef, language))
    assert response.status_code == 200  # the form again, with the error
    assert "errorlist" in response.content.decode()
    assert not chef.translations.exists()


def test_a_translation_language_is_picked_from_the_hubs_languages(staff):
    chef = HoaxCharacter.objects.get(key="chef")
    page = staff.get(change_url(chef)).content.decode()
    for code in ("es", "fr", "id"):
        assert f'<option value="{code}"' in page
    assert '<option value="en"' not in page
    chef.translations.all().delete()
    response = staff.post(change_url(chef), translation_data(chef, "es"))
    assert response.status_code == 302
    assert chef.translations.get().language == "es"
    spanish = {c["id"]: c for c in characters_for_page("es")}
    assert spanish["chef"]["name"] == "El Mayordomo Nuevo"


@pytest.mark.parametrize(("field", "text", "error"), [
    ("privilege", "Take {n} cash from the supply.",
     "Unknown placeholder {n}: this text takes no placeholder."),
    ("name", "The {Butler", "this text takes no placeholder, so no brace."),
    ("immunity", "Immune to the Chef}.", "A brace is left unmatched"),
])
def test_the_admin_refuses_a_brace_in_a_characters_text(staff, field, text, error):
    """No character text is filled in by the screens: a brace would show raw."""
    butler = HoaxCharacter.objects.get(key="butler")
    response = staff.post(change_url(butler), form_data(butler, **{field: text}))
    assert response.status_code == 200
    assert any(error in message for message in response.context["adminform"].form.errors[field])
    butler.refresh_from_db()
    assert getattr(butler, field) != text


def test_the_admin_refuses_a_brace_in_a_translation(staff):
    chef = HoaxCharacter.objects.get(key="chef")
    chef.translations.all().delete()
    data = translation_data(chef, "es")
    data["translations-0-privilege"] = "Coge {dinero}."
    response = staff.post(change_url(chef), data)
    assert response.status_code == 200
    form = response.context["inline_admin_formsets"][0].formset.forms[0]
    assert form.errors["privilege"] == [
        "Unknown placeholder {dinero}: this text takes no placeholder."]
    assert not chef.translations.exists()


def test_every_shipped_text_passes_the_admins_check():
    call_command("load_starter", stdout=io.StringIO())
    for model in (HoaxCharacter, HoaxCharacterTranslation):
        for row in model.objects.all():
            row.full_clean()


def test_a_brace_already_saved_shows_the_shipped_text_instead():
    call_command("load_starter", stdout=io.StringIO())
    shipped_fr = {c["id"]: c for c in characters_for_page("fr")}["chef"]
    chef = HoaxCharacter.objects.get(key="chef")
    HoaxCharacter.objects.filter(pk=chef.pk).update(name="The {name}", privilege="Cook.")
    chef.translations.filter(language="fr").update(privilege="Cuisine {x}.")
    english = {c["id"]: c for c in characters_for_page("en")}["chef"]
    assert english["name"] == "The Chef"
    assert english["privilege"] == "Cook."
    french = {c["id"]: c for c in characters_for_page("fr")}["chef"]
    assert french["privilege"] == shipped_fr["privilege"] and "{" not in french["privilege"]
