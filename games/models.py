"""The app's models, where Django looks for them; they live with the room services
(``games.rooms.models``)."""

from games.rooms.models import Action, AudienceVote, Connection, Game, Room, Seat

__all__ = ["Action", "AudienceVote", "Connection", "Game", "Room", "Seat"]
