"""The pages (home, TV, join, phone), the join QR code and the small JSON API."""

from __future__ import annotations

import json

import pytest
from channels.db import database_sync_to_async
from django.test import Client
from django.utils import translation

from games.kit import registry
from games.kit.registry import GAMES
from games.live.handshake import host_cookie_name, seat_cookie_name
from games.rooms import services
from games.rooms.models import Room, Seat
from games.rooms.tokens import token_digest
from tests.games.factories import (
    board_open,
    direct,
    frame_next,
    room_make,
    seats_join,
    started,
)
from tests.support.testgame import TEST_GAME, game_under_test

pytestmark = pytest.mark.django_db

HTML_NAME = "<script>x</script>"


def page(response) -> str:
    return response.content.decode()


def other_code(code: str) -> str:
    return "ZZZZ" if code != "ZZZZ" else "YYYY"


# --- home ---------------------------------------------------------------------------------


def test_home_lists_every_game_with_its_player_counts(client):
    response = client.get("/", HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 200
    html = page(response)
    for game in registry.games().values():
        assert f'data-game="{game.id}"' in html
        assert game.title in html
        assert f"{game.min_players} to {game.max_players} players" in html


def test_creating_a_room_by_form_sets_the_host_cookie_and_opens_the_tv(client):
    response = client.post(
        "/", {"game": TEST_GAME, f"{TEST_GAME}-top": "12", f"{TEST_GAME}-pick_seconds": "30"}
    )
    room = Room.objects.get()
    assert response.status_code == 302 and response["Location"] == f"/tv/{room.code}?room={room.pk}"
    cookie = response.cookies[host_cookie_name(room.code)]
    # The TV holds its token; the database only the token's digest.
    assert room.host_token_digest == token_digest(cookie.value) != cookie.value
    assert cookie["httponly"] and cookie["samesite"] == "Lax"
    assert room.game == TEST_GAME and room.options["pick_seconds"] == 30
    assert room.options["top"] == 12 and room.options["rounds"] == 1  # the default


def test_creating_a_room_with_bad_options_shows_the_error(client):
    response = client.post("/", {"game": TEST_GAME, f"{TEST_GAME}-pick_seconds": "0"},
                           HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 200
    assert "“Seconds to pick” must be from 1 to 300." in page(response)
    assert not Room.objects.exists()


def test_creating_a_room_for_an_unknown_game_shows_the_error(client):
    response = client.post("/", {"game": "chess"})
    assert response.status_code == 200
    assert "There is no game called chess." in page(response)
    assert not Room.objects.exists()


# --- the TV -------------------------------------------------------------------------------


def test_the_tv_page_shows_the_code_and_an_inline_qr_svg(client):
    room = room_make()
    client.cookies[host_cookie_name(room.code)] = room.host_token
    response = client.get(f"/tv/{room.code}")
    assert response.status_code == 200
    html = page(response)
    assert f'<p class="lobby-code" id="room-code">{room.code}</p>' in html
    assert "<svg" in html and "</svg>" in html
    assert f"http://testserver/join/{room.code}" in html
    data = json.loads(html.split('id="page-data" type="application/json">')[1].split("<")[0])
    assert data["code"] == room.code and data["is_host"] is True
    assert data["socket"] == f"/ws/rooms/{room.code}/board?room={room.pk}"


def test_the_tv_page_knows_a_tv_without_the_host_cookie(client):
    room = room_make()
    html = page(client.get(f"/tv/{room.code.lower()}"))
    data = json.loads(html.split('id="page-data" type="application/json">')[1].split("<")[0])
    assert data["is_host"] is False
    assert room.host_token not in html


def test_the_tv_page_of_no_such_room_is_a_404(client):
    room = room_make()
    assert client.get(f"/tv/{other_code(room.code)}").status_code == 404


def test_the_join_address_follows_the_public_url_setting(client, settings):
    settings.PARTYHUB_PUBLIC_URL = "http://partyhub.lan:8000"
    room = room_make()
    assert f"http://partyhub.lan:8000/join/{room.code}" in page(client.get(f"/tv/{room.code}"))


# --- join ---------------------------------------------------------------------------------


def test_the_join_form_is_prefilled_from_the_qr_link(client):
    room = room_make()
    html = page(client.get(f"/join/{room.code.lower()}"))
    assert f'name="code" value="{room.code}"' in html


@pytest.mark.parametrize(
    ("real_room", "name", "error"),
    [
        (False, "Ann", "There is no room {code}."),
        (True, "", "Type a name."),
        (True, "   ", "Type a name."),
        (True, "x" * 21, "Names are at most 20 characters."),
    ],
)
def test_join_with_a_bad_code_or_name_shows_the_error(client, real_room, name, error):
    room = room_make()
    code = room.code if real_room else other_code(room.code)
    response = client.post("/join", {"code": code, "name": name})
    assert response.status_code == 200
    assert error.format(code=code) in page(response)
    assert not Seat.objects.exists()
    assert not any(key.startswith("ph_seat_") for key in response.cookies)


def test_a_good_join_sets_the_seat_cookie_and_opens_the_phone(client):
    room = room_make()
    response = client.post("/join", {"code": f" {room.code.lower()} ", "name": "  Ann "})
    seat = Seat.objects.get(room=room)
    assert seat.name == "Ann"
    assert response.status_code == 302
    assert response["Location"] == f"/play/{room.code}?room={room.pk}"
    cookie = response.cookies[seat_cookie_name(room.code)]
    assert cookie["httponly"] and cookie["samesite"] == "Lax"
    assert seat.token_digest == token_digest(cookie.value) != cookie.value  # hashed at rest
    phone = client.get(f"/play/{room.code}")
    assert phone.status_code == 200
    assert f"/ws/rooms/{room.code}/seat" in page(phone)
    assert cookie.value not in page(phone)


def test_a_phone_that_already_joined_goes_straight_to_its_page(client):
    room = room_make()
    client.post("/join", {"code": room.code, "name": "Ann"})
    response = client.get(f"/join/{room.code}")
    assert response.status_code == 302 and response["Location"] == f"/play/{room.code}"


def test_play_without_a_seat_goes_to_the_join_form(client):
    room = room_make()
    response = client.get(f"/play/{room.code}")
    assert response.status_code == 302 and response["Location"] == f"/join/{room.code}"
    client.cookies[seat_cookie_name(room.code)] = "not-a-seat"
    response = client.get(f"/play/{room.code}", follow=True)
    assert response.status_code == 200
    assert response.redirect_chain[-1][0] == f"/join/{room.code}"
    assert 'name="name"' in page(response)


def test_a_kicked_phone_lands_on_the_join_form(client):
    room = room_make()
    client.post("/join", {"code": room.code, "name": "Ann"})
    seat = Seat.objects.get(room=room)
    direct(services.seat_kick, room.code, services.Actor(host_token=room.host_token), seat.pk)
    response = client.get(f"/play/{room.code}", follow=True)
    assert response.redirect_chain == [(f"/join/{room.code}", 302)]
    assert 'name="name"' in page(response)
    # The join form no longer sends it back to its old seat.
    response = client.get(f"/join/{room.code}")
    assert response.status_code == 200 and 'name="name"' in page(response)
    # It may join again, with a new seat.
    assert client.post("/join", {"code": room.code, "name": "Ann"}).status_code == 302
    assert client.get(f"/play/{room.code}").status_code == 200


def test_the_join_form_says_when_the_host_removed_the_phone(client):
    room = room_make()
    html = page(client.get(f"/join/{room.code}?removed=1"))
    assert f'value="{room.code}"' in html and "The host removed you from this room." in html
    assert "The host removed you" not in page(client.get(f"/join/{room.code}"))
    html = page(client.get(f"/join/{room.code}?removed=1", HTTP_ACCEPT_LANGUAGE="fr"))
    assert "L&#x27;hôte t&#x27;a fait sortir de ce salon." in html


def hub_pages(client) -> dict[str, str]:
    """Every page of the hub a person sees: home, join, the TV and the phone."""
    room = room_make()
    client.post("/join", {"code": room.code, "name": "Ann"})
    return {path: page(client.get(path))
            for path in ("/", "/join", f"/tv/{room.code}", f"/play/{room.code}")}


def test_every_page_names_the_icon_and_the_manifest(client):
    for path, html in hub_pages(client).items():
        assert '<link rel="manifest" href="/manifest.webmanifest">' in html, path
        assert 'rel="icon" href="/static/partyhub/icons/icon.svg"' in html, path
    assert client.get("/favicon.ico")["Location"] == "/static/partyhub/icons/icon.svg"


def test_the_manifest_lets_a_phone_add_the_hub_to_its_home_screen(client):
    from django.contrib.staticfiles import finders

    response = client.get("/manifest.webmanifest")
    assert response["Content-Type"] == "application/manifest+json"
    manifest = json.loads(response.content)
    assert manifest["name"] == "PartyHub" and manifest["display"] == "standalone"
    assert manifest["start_url"] == "/join"
    sizes = {icon["sizes"] for icon in manifest["icons"]}
    assert {"192x192", "512x512"} <= sizes
    for icon in manifest["icons"]:
        assert finders.find(icon["src"].removeprefix("/static/")), icon


def test_every_page_has_the_language_switch_back_to_itself(client):
    for path, html in hub_pages(client).items():
        assert 'action="/i18n/setlang/"' in html, path
        assert f'name="next" value="{path}"' in html, path
        for name in ("English", "Español", "Français", "Bahasa Indonesia"):
            assert f">{name}</option>" in html, (path, name)


def test_the_language_switch_keeps_the_choice_in_the_language_cookie(client):
    response = client.post("/i18n/setlang/", {"language": "id", "next": "/join"})
    assert response.status_code == 302 and response["Location"] == "/join"
    assert response.cookies["django_language"].value == "id"
    assert '<html lang="id">' in page(client.get("/join"))


def test_a_name_with_html_is_escaped_on_every_page(client):
    room = room_make()
    client.post("/join", {"code": room.code, "name": HTML_NAME})
    assert Seat.objects.get(room=room).name == HTML_NAME
    # A second phone picking the same name sees the refusal, naming it, and its own input.
    other = Client()
    refused = page(other.post("/join", {"code": room.code, "name": HTML_NAME}))
    escaped = "&lt;script&gt;x&lt;/script&gt;"
    assert f"Someone here is already called {escaped}." in refused
    assert f'value="{escaped}"' in refused
    pages = [
        refused,
        page(client.get(f"/play/{room.code}")),
        page(client.get(f"/tv/{room.code}")),
        page(client.get(f"/join/{room.code}", follow=True)),
        page(client.get("/")),
    ]
    for html in pages:
        assert HTML_NAME not in html


# --- QR -----------------------------------------------------------------------------------


def test_the_qr_code_is_an_svg(client):
    room = room_make()
    response = client.get(f"/rooms/{room.code}/qr.svg")
    assert response.status_code == 200
    assert response["Content-Type"] == "image/svg+xml"
    body = page(response)
    assert body.startswith("<svg") and body.rstrip().endswith("</svg>")
    assert client.get(f"/rooms/{other_code(room.code)}/qr.svg").status_code == 404


def test_the_qr_code_encodes_the_join_address(client):
    """Two rooms have two different codes (and the same room always the same)."""
    first, second = room_make(), room_make()
    one = page(client.get(f"/rooms/{first.code}/qr.svg"))
    assert one == page(client.get(f"/rooms/{first.code}/qr.svg"))
    assert one != page(client.get(f"/rooms/{second.code}/qr.svg"))


# --- JSON API -----------------------------------------------------------------------------


def api(client, path: str, body, content_type: str = "application/json"):
    data = body if isinstance(body, (str, bytes)) else json.dumps(body)
    return client.post(path, data, content_type=content_type)


def test_api_creates_a_room(client):
    response = api(client, "/api/rooms", {"game": TEST_GAME, "options": {"pick_seconds": 40}})
    assert response.status_code == 201
    data = response.json()
    room = Room.objects.get(code=data["code"])
    assert room.host_token_digest == token_digest(data["host_token"])
    assert room.options["pick_seconds"] == 40 and data["room"] == room.pk
    assert data["board_socket"] == (
        f"/ws/rooms/{room.code}/board?host={data['host_token']}&room={room.pk}")
    assert data["join_url"] == f"http://testserver/join/{room.code}"


@pytest.mark.parametrize(
    ("body", "code"),
    [
        ("{not json", "bad_json"),
        ("[1, 2]", "bad_json"),
        ({"game": "chess"}, "no_game"),
        ({}, "no_game"),
        ({"game": TEST_GAME, "options": {"pick_seconds": 0}}, "bad_options"),
        ({"game": TEST_GAME, "options": [1]}, "bad_options"),
    ],
)
def test_api_room_create_errors(client, body, code):
    response = api(client, "/api/rooms", body)
    assert response.status_code == 400
    error = response.json()["error"]
    assert error["code"] == code and isinstance(error["message"], str) and error["message"]
    assert not Room.objects.exists()


def test_api_needs_post(client):
    assert client.get("/api/rooms").status_code == 405
    room = room_make()
    assert client.get(f"/api/rooms/{room.code}/seats").status_code == 405


def test_api_joins_a_seat(client):
    room = room_make()
    response = api(client, f"/api/rooms/{room.code.lower()}/seats", {"name": "Ann"})
    assert response.status_code == 201
    data = response.json()
    seat = Seat.objects.get(room=room)
    token = data["token"]
    assert seat.token_digest == token_digest(token)
    assert data == {
        "seat": seat.pk,
        "token": token,
        "audience": False,
        "seat_socket": f"/ws/rooms/{room.code}/seat?token={token}&room={room.pk}",
    }


def test_api_join_after_the_start_is_audience(client):
    room, _seats = started(3)
    data = api(client, f"/api/rooms/{room.code}/seats", {"name": "Zed"}).json()
    assert data["audience"] is True


@pytest.mark.parametrize(
    ("path_code", "body", "status", "code"),
    [
        ("other", {"name": "Ann"}, 404, "no_room"),
        ("room", {"name": ""}, 400, "bad_name"),
        ("room", {}, 400, "bad_name"),
        ("room", {"name": "Bob"}, 400, "name_taken"),
        ("room", "nope", 400, "bad_json"),
    ],
)
def test_api_join_errors(client, path_code, body, status, code):
    room = room_make()
    seats_join(room, 2)
    target = room.code if path_code == "room" else other_code(room.code)
    response = api(client, f"/api/rooms/{target}/seats", body)
    assert response.status_code == status
    assert response.json()["error"]["code"] == code
    assert Seat.objects.filter(room=room).count() == 2


def test_api_join_of_a_locked_or_full_room(client):
    room = room_make()
    seats_join(room, game_under_test().max_players)
    response = api(client, f"/api/rooms/{room.code}/seats", {"name": "Zed"})
    assert response.status_code == 400 and response.json()["error"]["code"] == "full"
    direct(services.room_lock_set, room.code, services.Actor(host_token=room.host_token), True)
    response = api(client, f"/api/rooms/{room.code}/seats", {"name": "Zed"})
    assert response.json()["error"]["code"] == "locked"


# --- a join reaches the TV live -----------------------------------------------------------


@pytest.mark.django_db(transaction=True)
async def test_a_join_by_form_reaches_the_tv_live():
    room = await database_sync_to_async(room_make)()
    board = await board_open(room)
    await frame_next(board)
    client = Client()
    response = await database_sync_to_async(client.post)(
        "/join", {"code": room.code, "name": "Ann"}
    )
    assert response.status_code == 302
    frame = await frame_next(board)
    assert [p["name"] for p in frame["room"]["players"]] == ["Ann"]
    await board.disconnect()


def test_the_games_api_gives_each_games_form_and_facts(client):
    listed = client.get("/api/games", HTTP_ACCEPT_LANGUAGE="es").json()["games"]
    games = {game["id"]: game for game in listed}
    assert list(games) == list(GAMES)
    for game_id, listed_game in games.items():
        declared = registry.game(game_id)
        assert [f["name"] for f in listed_game["fields"]] == [o.name for o in declared.options]
        assert listed_game["facts"] == json.loads(json.dumps(declared.facts))
        assert listed_game["host_actions"] == list(declared.host_actions)
        assert listed_game["role_key"] == declared.role_key
    pick = next(f for f in games[TEST_GAME]["fields"] if f["name"] == "pick_seconds")
    assert (pick["min"], pick["max"], pick["default"]) == (1, 300, 60)
    with translation.override("es"):
        assert pick["label"] == translation.gettext("Seconds to pick") != "Seconds to pick"
    assert client.post("/api/games").status_code == 405


def test_over_https_the_host_and_seat_cookies_are_sent_over_https_only(client):
    response = client.post("/", {"game": TEST_GAME}, secure=True)
    room = Room.objects.get()
    assert response.cookies[host_cookie_name(room.code)]["secure"] is True
    response = client.post("/join", {"code": room.code, "name": "Ann"}, secure=True)
    assert response.cookies[seat_cookie_name(room.code)]["secure"] is True
    # Over plain HTTP (a party on a LAN) a secure cookie would never come back.
    response = client.post("/join", {"code": room.code, "name": "Bob"})
    assert not response.cookies[seat_cookie_name(room.code)]["secure"]
