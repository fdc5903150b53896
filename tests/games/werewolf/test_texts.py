"""Werewolf's curated texts: shipped in four languages for every key the rules use, editable in
the admin (texts and pictures, not which rows exist), and handed to the screens with the page."""

from __future__ import annotations

import io
import json
import re
import string

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command
from django.utils import translation

from games.kit.registry import adapter_get
from games.rooms.models import Room
from games.werewolf import rules
from games.werewolf.models import (
    STARTER,
    WerewolfLine,
    WerewolfLineTranslation,
    WerewolfRole,
    WerewolfRoleTranslation,
)
from games.werewolf.texts import lines_for_page, roles_for_page
from tests.games.werewolf.test_rules import random_game

pytestmark = pytest.mark.django_db

PNG = b"\x89PNG\r\n\x1a\n" + b"\x00" * 64
LANGUAGES = ("en", "es", "fr", "id")
PLACEHOLDER = re.compile(r"\{(\w+)\}")


@pytest.fixture
def shipped():
    call_command("load_starter", stdout=io.StringIO())


@pytest.fixture
def staff(client, django_user_model, shipped):
    user = django_user_model.objects.create_superuser("curator", "c@example.org", "pw-12345678")
    client.force_login(user)
    return client


def said_params() -> dict[str, set[str]]:
    """Each narration key the rules said in random games, with the parameters it came with."""
    params: dict[str, set[str]] = {}
    for n, seed in ((8, 1), (13, 2), (18, 3), (24, 4)):
        state, history = random_game(n, seed, check_every=False)
        replay = rules.setup(n, state["options"], seed, 0.0, {})
        for seat, action, now in history:
            replay = rules.apply(replay, seat, action, now)
            for line in replay["narration"]["lines"]:
                params.setdefault(line["key"], set()).update(set(line) - {"key"})
    return params


def test_every_card_line_question_and_team_is_shipped_in_four_languages(shipped):
    for language in LANGUAGES:
        roles = roles_for_page(language)
        assert [role["id"] for role in roles] == list(rules.ROLES)
        assert all(role["name"] and role["power"] for role in roles)
        lines = lines_for_page(language)
        assert list(lines["narrator"]) == list(rules.NARRATION_KEYS)
        assert list(lines["phone"]) == list(rules.PROMPT_KINDS)
        assert list(lines["team"]) == list(rules.TEAMS)
    english, french = lines_for_page("en"), lines_for_page("fr")
    assert english["narrator"]["nightfall"].startswith("Night {night} falls")
    assert french["narrator"]["nightfall"].startswith("La nuit {night} tombe")
    assert {role["id"]: role["name"] for role in roles_for_page("fr")}["werewolf"] == "Loup-Garou"
    assert {role["id"]: role["name"] for role in roles_for_page("id")}["seer"] == "Peramal"


def test_each_lines_placeholders_are_parameters_the_rules_give_it(shipped):
    params = said_params()
    assert len(params) > 40  # most lines were said at least once
    for language in LANGUAGES:
        narrator = lines_for_page(language)["narrator"]
        for key, text in narrator.items():
            names = set(PLACEHOLDER.findall(text))
            assert names == set(PLACEHOLDER.findall(lines_for_page("en")["narrator"][key])), (
                language, key)
            if key in params:
                assert names <= params[key], (language, key, names, params[key])
            # A text a screen can fill with str.format-like rules: no stray braces.
            list(string.Formatter().parse(text))
        for text in lines_for_page(language)["phone"].values():
            assert not PLACEHOLDER.search(text)


def test_the_pages_and_the_api_carry_the_texts_and_the_facts(shipped, client):
    context = adapter_get("werewolf").page_context()
    assert context["facts"] == rules.FACTS
    assert [role["id"] for role in context["roles"]] == list(rules.ROLES)
    assert context["roles"][0]["picture"].endswith("/static/werewolf/art/werewolf.svg")
    games = client.get("/api/games", HTTP_ACCEPT_LANGUAGE="fr").json()["games"]
    werewolf = next(game for game in games if game["id"] == "werewolf")
    assert werewolf["title"] == "Loups-Garous"  # the game; its card is "Loup-Garou"
    assert {r["id"]: r["name"] for r in werewolf["roles"]}["werewolf"] == "Loup-Garou"
    assert werewolf["lines"]["phone"]["decoy"] == "Qui trouves-tu suspect ?"
    assert {r["id"]: r["name"] for r in werewolf["roles"]}["witch"] == "Sorcière"
    assert len(werewolf["presets"]) == 19
    assert [f["name"] for f in werewolf["fields"]] == [o.name for o in rules.OPTIONS]


def test_the_shipped_art_has_one_picture_per_card(settings):
    art = settings.BASE_DIR / "games" / "werewolf" / "static" / "werewolf" / "art"
    assert sorted(path.stem for path in art.glob("*.svg")) == sorted(rules.ROLES)
    for path in art.glob("*.svg"):
        text = path.read_text()
        assert text.startswith("<svg") and "<script" not in text and "on" + "load" not in text


def test_the_admin_edits_texts_but_adds_and_deletes_nothing(staff):
    page = staff.get("/admin/werewolf/werewolfrole/").content.decode()
    assert "Werewolf" in page and "Pied Piper" in page
    assert staff.get("/admin/werewolf/werewolfrole/add/").status_code == 403
    assert staff.get("/admin/werewolf/werewolfline/add/").status_code == 403
    seer = WerewolfRole.objects.get(key="seer")
    assert staff.get(f"/admin/werewolf/werewolfrole/{seer.pk}/delete/").status_code == 403
    line = WerewolfLine.objects.get(kind="narrator", key="nightfall")
    response = staff.post(f"/admin/werewolf/werewolfline/{line.pk}/change/", {
        "text": "Night {night}: the village sleeps.", "key": "hacked", "kind": "team",
        "translations-TOTAL_FORMS": "0", "translations-INITIAL_FORMS": "0",
        "translations-MIN_NUM_FORMS": "0", "translations-MAX_NUM_FORMS": "1000",
    })
    assert response.status_code == 302, response.content.decode()[:2000]
    line.refresh_from_db()
    assert (line.kind, line.key, line.text) == (
        "narrator", "nightfall", "Night {night}: the village sleeps.")
    assert lines_for_page("en")["narrator"]["nightfall"] == "Night {night}: the village sleeps."
    # The other languages keep their own texts.
    assert lines_for_page("fr")["narrator"]["nightfall"].startswith("La nuit")


def role_form(role: WerewolfRole, **changes) -> dict:
    data = {"name": role.name, "order": role.order, "power": role.power,
            "translations-TOTAL_FORMS": "0", "translations-INITIAL_FORMS": "0",
            "translations-MIN_NUM_FORMS": "0", "translations-MAX_NUM_FORMS": "1000"}
    data.update(changes)
    return data


def test_a_cards_picture_must_really_be_a_raster_image(staff, settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path
    witch = WerewolfRole.objects.get(key="witch")
    url = f"/admin/werewolf/werewolfrole/{witch.pk}/change/"
    svg = SimpleUploadedFile("witch.svg", b"<svg onload='alert(1)'/>", "image/svg+xml")
    refused = staff.post(url, role_form(witch, picture=svg))
    assert refused.status_code == 200
    assert "Upload a PNG, JPEG or WebP picture." in refused.content.decode()
    real = SimpleUploadedFile("witch.png", PNG, "image/png")
    assert staff.post(url, role_form(witch, picture=real, name="The Old Witch")).status_code == 302
    entry = next(role for role in roles_for_page("en") if role["id"] == "witch")
    assert entry["picture"].startswith("/media/werewolf/witch")
    assert entry["name"] == "The Old Witch"


def test_the_starter_texts_load_once(shipped):
    count = WerewolfLine.objects.count()
    assert count == len(rules.NARRATION_KEYS) + len(rules.PROMPT_KINDS) + len(rules.TEAMS)
    assert adapter_get("werewolf").starter_load() == ""
    assert WerewolfLine.objects.count() == count
    fixture = json.loads(STARTER.read_text())
    assert len(fixture) == WerewolfLine.objects.count() * 4 + WerewolfRole.objects.count() * 4


def form_value(option) -> tuple[str | None, object]:
    """A value other than the default for an option, as the home page's form sends it (``None``:
    a switch left off), and the value the room should then hold."""
    if option.kind == "bool":
        return ("on" if not option.default else None), not option.default
    if option.kind == "choice":
        value = next(v for v in option.values() if v != option.default)
        return value, value
    value = option.max if option.default != option.max else option.min
    return str(value), value


def test_the_home_form_sets_every_option_of_section_7(client):
    """Every declared option, including the custom composition's counts and switches, goes
    from the home page's form (built from the declaration) into the room."""
    page = client.get("/").content.decode()
    data: dict[str, str] = {"game": "werewolf"}
    expected = {}
    for option in rules.OPTIONS:
        assert f'name="werewolf-{option.name}"' in page, option.name
        sent, expected[option.name] = form_value(option)
        if sent is not None:
            data[f"werewolf-{option.name}"] = sent
    response = client.post("/", data)
    assert response.status_code == 302, response.content.decode()[-2000:]
    assert Room.objects.get().options == expected


def test_the_home_form_explains_an_option_out_of_range(client):
    response = client.post("/", {"game": "werewolf", "werewolf-timers.vote": "5"})
    assert response.status_code == 200
    assert "“Vote” must be from 10 to 600." in response.content.decode()


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_shipped_card_and_team_names_are_those_of_the_lobby(shipped, language):
    """The lobby's form names the cards through the catalogues; the game's screens through the
    curated texts: as shipped, both say the same in every language."""
    with translation.override(language):
        cards = {key: translation.gettext(role["name"]) for key, role in rules.ROLES.items()}
        teams = {key: translation.gettext(name) for key, name in rules.TEAMS.items()}
    assert {role["id"]: role["name"] for role in roles_for_page(language)} == cards
    assert lines_for_page(language)["team"] == teams


def line_form(line: WerewolfLine, text: str | None = None, **translations: str) -> dict:
    """The line's change form as the admin posts it, its translations included (those named
    reworded)."""
    rows = list(line.translations.order_by("pk"))
    data = {"text": line.text if text is None else text,
            "translations-TOTAL_FORMS": str(len(rows)),
            "translations-INITIAL_FORMS": str(len(rows)),
            "translations-MIN_NUM_FORMS": "0", "translations-MAX_NUM_FORMS": "1000"}
    for index, row in enumerate(rows):
        data.update({f"translations-{index}-id": row.pk, f"translations-{index}-line": line.pk,
                     f"translations-{index}-language": row.language,
                     f"translations-{index}-text": translations.get(row.language, row.text)})
    return data


@pytest.mark.parametrize(("text", "error"), [
    ("Night {nuit} falls.", "Unknown placeholder {nuit}: this text takes {night}."),
    ("Night {night falls.", "A brace is left unmatched: write each placeholder whole, like "
                            "{night}."),
    ("Night }night{ falls.", "A brace is left unmatched"),
    ("Night falls.", "Missing placeholder {night}"),
    ("Night {night} falls on {seat}.", "Unknown placeholder {seat}"),
    ("Night {night!r} falls.", "Unknown placeholder {night!r}"),
])
def test_the_admin_refuses_a_line_that_does_not_keep_its_placeholders(staff, text, error):
    line = WerewolfLine.objects.get(kind="narrator", key="nightfall")
    before = line.text
    response = staff.post(f"/admin/werewolf/werewolfline/{line.pk}/change/", line_form(line, text))
    assert response.status_code == 200
    assert any(error in message for message in response.context["adminform"].form.errors["text"])
    assert error in response.content.decode()
    line.refresh_from_db()
    assert line.text == before


def test_the_admin_refuses_a_translation_that_does_not_keep_the_placeholders(staff):
    line = WerewolfLine.objects.get(kind="narrator", key="death")
    url = f"/admin/werewolf/werewolfline/{line.pk}/change/"
    response = staff.post(url, line_form(line, fr="{seat} est mort. Sa carte : {carte}."))
    assert response.status_code == 200
    formset = response.context["inline_admin_formsets"][0].formset
    errors = [form.errors.get("text", []) for form in formset.forms]
    french = [row.language for row in line.translations.order_by("pk")].index("fr")
    assert errors[french] == [
        "Unknown placeholder {carte}: this text takes {card}, {seat}.",
        "Missing placeholder {card}: keep every placeholder of the original text "
        "({card}, {seat})."]
    assert not any(errors[:french] + errors[french + 1:])
    assert "{carte}" not in line.translations.get(language="fr").text
    # Reordered, reworded, the same placeholders: saved.
    reworded = "Sa carte était {card} : {seat} est mort."
    assert staff.post(url, line_form(line, fr=reworded)).status_code == 302
    assert lines_for_page("fr")["narrator"]["death"] == reworded


def test_the_admin_refuses_a_placeholder_in_a_cards_text_or_a_phones_question(staff):
    seer = WerewolfRole.objects.get(key="seer")
    response = staff.post(f"/admin/werewolf/werewolfrole/{seer.pk}/change/",
                          role_form(seer, power="Each night, looks at {seat}'s card."))
    assert response.status_code == 200
    assert response.context["adminform"].form.errors["power"] == [
        "Unknown placeholder {seat}: this text takes no placeholder."]
    question = WerewolfLine.objects.get(kind="phone", key="vote")
    response = staff.post(f"/admin/werewolf/werewolfline/{question.pk}/change/",
                          line_form(question, "Whom do we execute, {seat}?"))
    assert response.status_code == 200
    assert "this text takes no placeholder" in response.content.decode()


def test_every_shipped_text_passes_the_admins_check(shipped):
    """A curator can save any row unchanged: each translation keeps the shipped base line's
    placeholders."""
    for model in (WerewolfRole, WerewolfRoleTranslation, WerewolfLine, WerewolfLineTranslation):
        for row in model.objects.all():
            row.full_clean()


def test_a_bad_text_already_saved_shows_the_shipped_line_instead(shipped):
    """Texts saved before the admin checked them (or written straight to the database) never
    reach a screen with a raw brace: the page carries the shipped line in the reader's language."""
    shipped_en = lines_for_page("en")["narrator"]
    shipped_fr = lines_for_page("fr")["narrator"]
    nightfall = WerewolfLine.objects.get(kind="narrator", key="nightfall")
    WerewolfLine.objects.filter(pk=nightfall.pk).update(text="Night {nuit} falls.")
    nightfall.translations.filter(language="fr").update(text="La nuit {nuit} tombe.")
    death = WerewolfLine.objects.get(kind="narrator", key="death")
    death.translations.filter(language="fr").update(text="{seat est mort : {card}.")
    WerewolfLine.objects.filter(kind="narrator", key="village_wakes").update(text="Morning.")
    WerewolfRole.objects.filter(key="seer").update(name="Seer {seat}")
    english, french = lines_for_page("en")["narrator"], lines_for_page("fr")["narrator"]
    assert english["nightfall"] == shipped_en["nightfall"]
    assert english["nightfall"].startswith("Night {night} falls")
    assert french["nightfall"] == shipped_fr["nightfall"]
    assert french["nightfall"].startswith("La nuit {night} tombe")
    assert french["death"] == shipped_fr["death"]
    assert english["village_wakes"] == shipped_en["village_wakes"]
    assert {role["id"]: role["name"] for role in roles_for_page("en")}["seer"] == "Seer"
    # A good rewording is shown as written.
    WerewolfLine.objects.filter(pk=nightfall.pk).update(text="Night {night}: sleep.")
    assert lines_for_page("en")["narrator"]["nightfall"] == "Night {night}: sleep."
    for language in LANGUAGES:
        for kind, texts in lines_for_page(language).items():
            for key, text in texts.items():
                assert "{nuit}" not in text and "{seat est" not in text, (language, kind, key)


# Words that give a player a gender the game does not know (playtesters read "Élodie est mort",
# "Zoë raises his rifle"), and a French player addressed as "vous" where the rest says "tu".
GENDERED = {
    "en": re.compile(r"\b(he|him|his|himself)\b"),
    "fr": re.compile(r"\{(seat|target)\} (est|sera) (mort|élu|le nouveau)"
                     r"|\b(es|êtes) (prêt|amoureux|charmé)"),
    "es": re.compile(r"\{(seat|target)\} es (elegido|el nuevo)"
                     r"|\b(estás|estáis) (enamorad|hechizad)"),
}
FRENCH_VOUS = re.compile(r"\b(votre|vos)\b|\w+ez-vous\b", re.IGNORECASE)


def test_the_shipped_texts_name_no_players_gender_and_say_tu_to_one_player(shipped):
    for language, gendered in GENDERED.items():
        lines = lines_for_page(language)
        for kind in ("narrator", "phone"):
            for key, text in lines[kind].items():
                assert not gendered.search(text.lower()), (language, key, text)
    french = lines_for_page("fr")
    for key, text in french["phone"].items():
        assert not FRENCH_VOUS.search(text), (key, text)
    for role in roles_for_page("fr"):
        assert not FRENCH_VOUS.search(role["power"]), role
    for role in roles_for_page("en"):
        assert not GENDERED["en"].search(role["power"].lower()), role


def test_the_screens_french_words_for_a_player_give_no_gender():
    """The TV's and phones' own words (the JavaScript catalogue) about a player: how they died,
    that they are dead, in love or charmed."""
    import gettext
    from pathlib import Path

    mo = Path(__file__).resolve().parents[3] / "locale/fr/LC_MESSAGES/djangojs.mo"
    with mo.open("rb") as handle:
        french = gettext.GNUTranslations(handle)
    gendered = re.compile(r"\b(est mort|es mort|exécuté|dévoré|empoisonné|abattu|amoureux|"
                          r"charmé)\b")
    for text in ("eaten by the werewolves", "poisoned by the Witch", "starved",
                 "executed by the village", "shot by the Hunter", "died of grief",
                 "died with the Elder", "died as the Scapegoat", "in love", "charmed",
                 "%(name)s died.", "%(name)s died: %(card)s.", "%(name)s is dead.",
                 "You are dead: stay silent.", "You died.", "You are in love with %(name)s."):
        there = french.gettext(text)
        assert there != text and not gendered.search(there), (text, there)


def test_the_admin_refuses_a_phones_question_too_long_for_the_night_panel(staff):
    """"Hold to see"'s panel keeps one size on every phone: a question (or its translation)
    over QUESTION_MAX characters is refused with its length; one at the bound is saved."""
    from games.werewolf.models import QUESTION_MAX

    question = WerewolfLine.objects.get(kind="phone", key="seer")
    url = f"/admin/werewolf/werewolfline/{question.pk}/change/"
    before = question.text
    too_long = "Whose card do you look at tonight? " + "x" * QUESTION_MAX
    response = staff.post(url, line_form(question, too_long[:QUESTION_MAX + 1]))
    assert response.status_code == 200
    error = (f"A phone's question is at most {QUESTION_MAX} characters (this one has "
             f"{QUESTION_MAX + 1})")
    assert any(error in message for message in response.context["adminform"].form.errors["text"])
    question.refresh_from_db()
    assert question.text == before
    response = staff.post(url, line_form(question, fr=too_long))
    assert response.status_code == 200
    formset = response.context["inline_admin_formsets"][0].formset
    assert any(error[:40] in message for form in formset.forms
               for message in form.errors.get("text", []))
    assert staff.post(url, line_form(question, too_long[:QUESTION_MAX])).status_code == 302
    # A narrator's line is no question: no such bound.
    nightfall = WerewolfLine.objects.get(kind="narrator", key="nightfall")
    long_line = "Night {night} falls. " + "x" * QUESTION_MAX
    response = staff.post(f"/admin/werewolf/werewolfline/{nightfall.pk}/change/",
                          line_form(nightfall, long_line))
    assert response.status_code == 302
