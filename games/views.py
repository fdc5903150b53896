"""Pages (home, TV, join, phone), the join QR code and a small JSON API for other clients."""

from __future__ import annotations

from typing import Any

import orjson
import segno
from django.conf import settings
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.templatetags.static import static
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.clickjacking import xframe_options_sameorigin
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_http_methods, require_POST

from games.kit.adapter import GameAdapter
from games.kit.errors import ServiceError, error_text
from games.kit.guides import guide_for
from games.kit.options import form_read
from games.kit.registry import adapter_get, games
from games.live.door import service_call_sync
from games.live.handshake import host_cookie_name, seat_cookie_name
from games.ops.limits import Throttled, limiter, request_address, throttled_headers
from games.rooms import models, selectors, services
from games.rooms.codes import code_normalize
from games.rooms.tokens import token_matches
from partyhub.security import SAME_ORIGIN_FRAMED

COOKIE_AGE = 60 * 60 * 24 * 2  # a party lasts a night; a seat survives until the next day


def public_base(request: HttpRequest) -> str:
    """The address phones should open: ``PARTYHUB_PUBLIC_URL`` or the TV's own address."""
    return settings.PARTYHUB_PUBLIC_URL or request.build_absolute_uri("/").rstrip("/")


def join_url(request: HttpRequest, code: str) -> str:
    """The join address of a room, as shown under its QR code."""
    return public_base(request) + reverse("join_code", args=[code])


def game_catalog() -> list[dict[str, Any]]:
    """Every game with its title, player counts, guide (picture, pitch, length) and option
    fields."""
    return [
        {
            "id": game.id,
            "title": game.title_shown(),
            "min": game.min_players,
            "max": game.max_players,
            "guide": guide_for(game.id),
            "fields": adapter_get(game.id).option_fields(),
            "presets": adapter_get(game.id).presets(),
            "count_url": adapter_get(game.id).content_count_url(),
        }
        for game in games().values()
    ]


def options_from_form(game_id: str, data: Any) -> dict[str, Any]:
    """Options from the home page's form, typed by the game's option fields."""
    return form_read(adapter_get(game_id).option_fields(), data, game_id)


def home(request: HttpRequest) -> HttpResponse:
    """The TV's start page: pick a game and its options, create a room."""
    error, throttled = None, None
    if request.method == "POST":
        game_id = request.POST.get("game", "")
        # An unknown game has no option fields; room_create refuses it with a clear message.
        options = options_from_form(game_id, request.POST) if game_id in games() else {}
        try:
            limiter.check("rooms", request_address(request))
            room = services.room_create(
                game_id, options, remote_party="remote_party" in request.POST
            )
        except ServiceError as exc:
            error = error_text(exc)
            throttled = exc if isinstance(exc, Throttled) else None
        else:
            response = redirect(room_page("tv", room))
            response.set_cookie(
                host_cookie_name(room.code), room.host_token, max_age=COOKIE_AGE, samesite="Lax",
                httponly=True, secure=request.is_secure(),
            )
            return response
    return throttled_render(
        request, "games/home.html", {"games": game_catalog(), "error": error}, throttled
    )


def throttled_render(request: HttpRequest, template: str, context: dict[str, Any],
                     throttled: Throttled | None) -> HttpResponse:
    """The page; with its error a limit's refusal, 429 and when to try again."""
    if throttled is None:
        return render(request, template, context)
    response = render(request, template, context, status=429)
    for name, value in throttled_headers(throttled).items():
        response[name] = value
    return response


def screen_context(adapter: GameAdapter) -> dict[str, Any]:
    """What a game's screens read from the page: its module for each role, its title and
    guide, its option form and presets, its facts and data (all from the server: screens hold
    no copy of a rule)."""
    return {
        "scripts": adapter.scripts(),
        "title": adapter.game.title_shown(),
        "min": adapter.game.min_players,
        "max": adapter.game.max_players,
        "guide": guide_for(adapter.game.id),
        "fields": adapter.option_fields(),
        "presets": adapter.presets(),
        **screen_declared(adapter),
        # The host's "switch game" choices: every game, by id, with its title and player counts.
        "games": [
            {"id": game.id, "title": game.title_shown(), "min": game.min_players,
             "max": game.max_players}
            for game in games().values()
        ],
        **adapter.page_context(),
    }


def screen_declared(adapter: GameAdapter) -> dict[str, Any]:
    """What the platform's own screens need of a game, as the game declares it: the host moves
    its menu offers (a game without "remove" has no Remove), and the key of a phone's ``me``
    that names its role for the rules card (guide.js)."""
    return {"host_actions": list(adapter.game.host_actions), "role_key": adapter.game.role_key}


def room_or_404(code: str) -> models.Room:
    """The room, or a 404 page."""
    try:
        return selectors.room_get(code)
    except ServiceError as error:
        raise Http404(error_text(error)) from None


def room_page(name: str, room: models.Room) -> str:
    """The address of a room's TV or phone page, naming the room's id besides its code: the
    page, reloaded after the room ended, says so instead of showing the room that took the
    code since."""
    return f"{reverse(name, args=[room.code])}?room={room.pk}"


def room_closed_page(request: HttpRequest, code: str) -> HttpResponse:
    """"This room has closed", with the way home (410 Gone: the room will not come back)."""
    return render(request, "games/closed.html", {"code": code_normalize(code)}, status=410)


def screen_room(request: HttpRequest, code: str) -> models.Room:
    """The live room a TV or phone page asks for (``selectors.screen_room``): a 404 page when
    there is none; ``RoomClosed`` for the caller to answer with the closed page."""
    try:
        return selectors.screen_room(code, request.GET.get("room"))
    except selectors.RoomClosed:
        raise
    except ServiceError as error:
        raise Http404(error_text(error)) from None


def tv(request: HttpRequest, code: str) -> HttpResponse:
    """The board: lobby with code and QR, then the game."""
    return board_render(request, code, mirror=False)


@xframe_options_sameorigin
def board_mirror(request: HttpRequest, code: str) -> HttpResponse:
    """The board inside a remote player's page (README "Playing remotely"): the TV's own page,
    with no socket of its own and no host controls; the phone's page hands it the public view
    its own frames carry, so a remote device gets nothing the TV does not. Only the hub's own
    pages may frame it."""
    response = board_render(request, code, mirror=True)
    response["Content-Security-Policy"] = SAME_ORIGIN_FRAMED.format(host=request.get_host())
    return response


def board_render(request: HttpRequest, code: str, mirror: bool) -> HttpResponse:
    """The TV's page, or its mirror in a remote player's page."""
    try:
        room = screen_room(request, code)
    except selectors.RoomClosed:
        return room_closed_page(request, code)
    adapter = adapter_get(room.game)
    return render(
        request,
        "games/tv.html",
        {
            "room": room,
            "join_url": join_url(request, room.code),
            # No fixed size but a viewBox, so the page's CSS scales the code instead of cropping it.
            "qr_svg": segno.make(join_url(request, room.code), error="m").svg_inline(
                scale=8, dark="#111", light="#fff", omitsize=True
            ),
            "page_data": {
                "code": room.code,
                "game": room.game,
                "socket": None if mirror else f"/ws/rooms/{room.code}/board?room={room.pk}",
                "closed_url": reverse("room_closed", args=[room.code]),
                "mirror": mirror,
                # A remote party's host console shows the board in a mirror of its own.
                "mirror_url": None if mirror else reverse("board_mirror", args=[room.code]),
                **screen_context(adapter),
                "is_host": not mirror
                and token_matches(request.COOKIES.get(host_cookie_name(room.code)),
                                  room.host_token_digest),
            },
        },
    )


def seat_held(code: str, token: str | None) -> bool:
    """True when ``token`` is a seat in that room (a kicked seat's old cookie is not)."""
    try:
        selectors.seat_by_token(selectors.room_get(code), token)
    except ServiceError:
        return False
    return True


def remote_party_is(code: str) -> bool:
    """Whether ``code`` names a remote party, where every seat is remote: the join form does
    not ask "I'm not at the TV"."""
    try:
        return bool(code) and selectors.room_get(code).remote_party
    except ServiceError:
        return False


def manifest(request: HttpRequest) -> JsonResponse:
    """The web app manifest: a phone can add the hub to its home screen and open it full screen."""
    data = {
        "name": "PartyHub",
        "short_name": "PartyHub",
        "description": _("The TV is the board. Every phone is a controller."),
        "lang": request.LANGUAGE_CODE,
        "start_url": reverse("join"),
        "scope": "/",
        "display": "standalone",
        "background_color": "#17132b",
        "theme_color": "#17132b",
        "icons": [
            {"src": static("partyhub/icons/icon.svg"), "sizes": "any", "type": "image/svg+xml"},
            {"src": static("partyhub/icons/icon-192.png"), "sizes": "192x192", "type": "image/png"},
            {"src": static("partyhub/icons/icon-512.png"), "sizes": "512x512", "type": "image/png"},
        ],
    }
    return JsonResponse(data, content_type="application/manifest+json")


def favicon(request: HttpRequest) -> HttpResponse:
    """The icon, for browsers that ask for /favicon.ico (pages that name no icon: the admin)."""
    return redirect(static("partyhub/icons/icon.svg"))


@require_http_methods(["GET", "POST"])
def join(request: HttpRequest, code: str = "") -> HttpResponse:
    """A phone joins by code (typed, or from the QR code) with a display name, or takes over a
    seat with the one-time code the host's screen shows."""
    code = code_normalize(request.POST.get("code", code))
    name = request.POST.get("name", "")
    handover = request.POST.get("handover")
    error, throttled = None, None
    # A phone the host removed, or whose seat went to another phone, comes back here with the
    # room's code filled in.
    notice = None
    if "removed" in request.GET:
        notice = _("The host removed you from this room.")
    elif "handed" in request.GET:
        notice = _("Your seat was handed to another phone.")
    if request.method == "POST":
        try:
            if handover is not None:
                with limiter.guessing("handovers", request_address(request)):
                    seat, _snapshot = service_call_sync(services.seat_takeover, code, handover)
            else:
                with limiter.guessing("joins", request_address(request)):
                    seat, _snapshot = service_call_sync(services.seat_join, code, name,
                                                        "remote" in request.POST)
        except ServiceError as exc:
            error = error_text(exc)
            throttled = exc if isinstance(exc, Throttled) else None
        else:
            response = redirect(room_page("play", seat.room))
            response.set_cookie(
                seat_cookie_name(seat.room.code), seat.token, max_age=COOKIE_AGE,
                samesite="Lax", httponly=True, secure=request.is_secure(),
            )
            return response
    elif code and seat_held(code, request.COOKIES.get(seat_cookie_name(code))):
        return redirect("play", code=code)
    return throttled_render(
        request, "games/join.html",
        {"code": code, "name": name, "error": error, "notice": notice,
         "handover_open": handover is not None, "remote": "remote" in request.POST,
         "remote_party": remote_party_is(code)},
        throttled,
    )


def play(request: HttpRequest, code: str) -> HttpResponse:
    """The phone's controller page; without a seat it sends the phone to the join form."""
    code = code_normalize(code)
    token = request.COOKIES.get(seat_cookie_name(code))
    try:
        room = selectors.screen_room(code, request.GET.get("room"))
        selectors.seat_by_token(room, token)
    except ServiceError as error:
        if isinstance(error, selectors.RoomClosed) or selectors.seat_ended(token):
            return room_closed_page(request, code)  # this phone's room ended
        return redirect("join_code", code=code)
    adapter = adapter_get(room.game)
    return render(
        request,
        "games/phone.html",
        {
            "room": room,
            "page_data": {
                "code": room.code,
                "game": room.game,
                "socket": f"/ws/rooms/{room.code}/seat?room={room.pk}",
                "closed_url": reverse("room_closed", args=[room.code]),
                "removed_url": reverse("join_code", args=[room.code]) + "?removed=1",
                "handed_url": reverse("join_code", args=[room.code]) + "?handed=1",
                "mirror_url": reverse("board_mirror", args=[room.code]),
                **screen_context(adapter),
            },
        },
    )


def room_closed(request: HttpRequest, code: str) -> HttpResponse:
    """Where an open screen goes when its room ends (``closed`` frame, docs/protocol.md)."""
    return room_closed_page(request, code)


def room_qr(request: HttpRequest, code: str) -> HttpResponse:
    """The join address of a room as an SVG QR code."""
    room = room_or_404(code)
    svg = segno.make(join_url(request, room.code), error="m").svg_inline(scale=8)
    return HttpResponse(svg, content_type="image/svg+xml")


# --- JSON API for other clients (documented in docs/protocol.md) ----------------------------


def json_body(request: HttpRequest) -> dict[str, Any]:
    """The request's JSON object, or a refusal (``bad_json``, 400). Read by orjson, as a
    socket's messages are (``games.live.consumers``): strict UTF-8 and JSON, so what one
    refuses the other refuses too: nesting deeper than 1,024 (the standard library's parser
    recurses, and 1,100 brackets were a ``RecursionError``, a 500), a number beyond a double,
    a lone surrogate, a raw control character."""
    try:
        data = orjson.loads(request.body or b"{}")
    except orjson.JSONDecodeError:
        raise ServiceError(_("That message is not valid JSON."), code="bad_json") from None
    if not isinstance(data, dict):
        raise ServiceError(_("Send a JSON object."), code="bad_json")
    return data


def api_error(error: ServiceError, status: int = 400) -> JsonResponse:
    """The refusal as JSON; a limit's with 429, ``Retry-After`` and ``retry_after``."""
    body = {"error": {"code": error.code, "message": error_text(error)}}
    if isinstance(error, Throttled):
        body["error"]["retry_after"] = error.retry_after
        return JsonResponse(body, status=429, headers=throttled_headers(error))
    return JsonResponse(body, status=status)


@require_http_methods(["GET"])
def api_games(request: HttpRequest) -> JsonResponse:
    """GET → every game with its players, guide, option form, presets, facts and data, in the
    request's language: what a client needs to draw a game, besides the live views."""
    games = [
        {
            key: game[key] for key in ("id", "title", "min", "max", "guide", "fields", "presets")
        } | screen_declared(adapter_get(game["id"])) | adapter_get(game["id"]).page_context()
        for game in game_catalog()
    ]
    return JsonResponse({"games": games})


@csrf_exempt
@require_POST
def api_room_create(request: HttpRequest) -> JsonResponse:
    """POST {"game", "options"} → the room's code, host token and addresses."""
    try:
        limiter.check("rooms", request_address(request))
        data = json_body(request)
        room = services.room_create(str(data.get("game", "")), data.get("options") or {},
                                    remote_party=data.get("remote_party") is True)
    except ServiceError as error:
        return api_error(error)
    return JsonResponse(
        {
            "code": room.code,
            "host_token": room.host_token,
            "room": room.pk,
            "board_socket": f"/ws/rooms/{room.code}/board?host={room.host_token}&room={room.pk}",
            "join_url": join_url(request, room.code),
        },
        status=201,
    )


@csrf_exempt
@require_POST
def api_seat_join(request: HttpRequest, code: str) -> JsonResponse:
    """POST {"name"} → the new seat's id and token."""
    try:
        data = json_body(request)
        with limiter.guessing("joins", request_address(request)):
            seat, _snapshot = service_call_sync(services.seat_join, code, data.get("name"),
                                                data.get("remote") is True)
    except ServiceError as error:
        return api_error(error, status=404 if error.code == "no_room" else 400)
    return JsonResponse(
        {
            "seat": seat.pk,
            "token": seat.token,
            "audience": seat.is_audience,
            "seat_socket": f"/ws/rooms/{seat.room.code}/seat?token={seat.token}"
                           f"&room={seat.room.pk}",
        },
        status=201,
    )
