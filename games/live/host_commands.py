"""The host's commands (``{"type": "host", "command": …}``, docs/protocol.md), from the TV with
the room's host token or from the VIP's phone: each a service, called through the door with the
room's code, the asking screen's actor and the message (``games.live.consumers``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.utils.translation import gettext_lazy as _

from games.kit.errors import ServiceError
from games.rooms import selectors, services


class Reply:
    """A handler's answer for the asking socket alone (the hand-over code), broadcast to none."""

    def __init__(self, frame: dict) -> None:
        self.frame = frame


def handover_reply(code: str, actor: services.Actor, message: dict) -> Reply:
    """A one-time code for handing a seat to a new phone, for the asking screen alone."""
    handover, seat = services.seat_handover_code(code, actor, message.get("seat"))
    return Reply({"type": "handover", "seat": seat.pk, "name": seat.name, "code": handover,
                  "expires": seat.handover_until, "version": seat.room.version})


def options_set(code: str, actor: services.Actor, message: dict) -> selectors.Snapshot:
    options = message.get("options")
    if not isinstance(options, dict):
        raise ServiceError(_("Options must be an object."), code="bad_message")
    return services.room_options_set(code, actor, options)


# The host's commands (``{"type": "host", "command": …}``, docs/protocol.md): each a service
# called with the room's code, the asking screen's actor and the message.
HOST_COMMANDS: dict[str, Callable[[str, services.Actor, dict], Any]] = {
    "start": lambda code, actor, m: services.room_start(code, actor),
    "kick": lambda code, actor, m: services.seat_kick(code, actor, m.get("seat")),
    "remove": lambda code, actor, m: services.seat_remove(code, actor, m.get("seat")),
    "handover": handover_reply,
    "lock": lambda code, actor, m: services.room_lock_set(code, actor, True),
    "unlock": lambda code, actor, m: services.room_lock_set(code, actor, False),
    "options": options_set,
    "guide_start": lambda code, actor, m: services.room_guide_set(code, actor, True),
    "guide_stop": lambda code, actor, m: services.room_guide_set(code, actor, False),
    "play_again": lambda code, actor, m: services.room_play_again(code, actor),
    "act": lambda code, actor, m: services.room_host_act(code, actor, m.get("action")),
    "pause": lambda code, actor, m: services.room_pause_set(code, actor, True),
    "resume": lambda code, actor, m: services.room_pause_set(code, actor, False),
    "settings": lambda code, actor, m: services.room_host_settings(code, actor,
                                                                  m.get("settings")),
    "switch_game": lambda code, actor, m: services.room_switch_game(code, actor, m.get("game")),
}


def host_command_run(code: str, actor: services.Actor, message: dict) -> selectors.Snapshot | Reply:
    """The host command the message names, run (``HOST_COMMANDS``); a refusal for one that does
    not exist."""
    name = message.get("command")
    command = HOST_COMMANDS.get(name) if isinstance(name, str) else None
    if command is None:
        raise ServiceError(_("Unknown host command."), code="unknown_type")
    return command(code, actor, message)
