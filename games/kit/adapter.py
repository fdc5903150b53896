"""The Django side of a game: what its pure rules cannot do without the database or the web.

A game's ``adapter.py`` subclasses ``GameAdapter`` as ``Adapter``, which its ``Game`` names
(``adapter_path``): the choices of options that come from the database (a deck of question
cards), the content a game is set up with (the cards it plays), what it records after a move
(card statistics) and what its screens need besides the live view (curated characters). A game
without one gets these defaults.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from django.templatetags.static import static
from django.utils.translation import gettext

from games.kit.options import form_field

if TYPE_CHECKING:
    from games.kit.game import Game


def text_translate(text: Any) -> str:
    """A text of a game's declaration in the active language: the rules mark theirs (plain
    strings, looked up here); the Django side may already give a lazy translation."""
    return gettext(text) if type(text) is str else str(text)


class GameAdapter:
    """Defaults for a game with no content and nothing to record."""

    def __init__(self, game: Game) -> None:
        self.game = game

    def options_clean(self, raw: dict[str, Any]) -> dict[str, Any]:
        """The room's options, validated against the game's declaration, with defaults."""
        return self.game.options_clean(raw)

    def choices(self, source: str) -> list[tuple[Any, str]]:
        """The run-time choices of an option declared with ``choices_from=source``."""
        raise KeyError(source)

    def option_fields(self) -> list[dict[str, Any]]:
        """The host's options for the lobby's form, from the game's declaration, in the active
        language."""
        fields = []
        for option in self.game.options:
            field = form_field(
                option, text_translate,
                self.choices(option.choices_from) if option.choices_from else None,
            )
            field["default"] = self.option_default(option.name, field["default"])
            fields.append(field)
        return fields

    def option_default(self, name: str, default: Any) -> Any:
        """The value the form starts an option at for the screen asking (the declared default
        unless the game knows better, e.g. from the screen's language)."""
        return default

    def presets(self) -> list[dict[str, Any]]:
        """The game's named option sets, in the active language."""
        return [preset.as_json(text_translate) for preset in self.game.presets]

    def content_count_url(self) -> str | None:
        """Where the home page's form asks how much content its choices match (``None``: the
        game has no content to count)."""
        return None

    def content_for(self, room: Any, n_players: int, seed: int) -> dict[str, Any]:
        """What ``setup`` plays with (a pool of question cards, say)."""
        return {}

    def after_apply(self, room: Any, before: dict, after: dict) -> None:
        """Record what the game's statistics need once an action is applied."""

    def starter_load(self) -> str:
        """Load the game's starter data where it is missing (``manage.py load_starter``); a
        line saying what was loaded, or ``""``."""
        return ""

    def scripts(self) -> dict[str, str]:
        """The game's screens (``Game.screens``): the module each role's page loads
        (``mount(root, ctx)``), and the words of its recap (``awards``, ``summary``, optionally
        ``timeline``), as the static files' addresses."""
        return {role: static(path) for role, path in self.game.screen_paths().items()}

    def page_context(self) -> dict[str, Any]:
        """What the game's pages need besides the live view: the rules' facts for screens
        (``FACTS``: sizes, names of things, never a secret), the roles the rules card words
        (``role_cards``) and the game's own data."""
        return {"facts": self.game.facts, "role_cards": self.role_cards()}

    def role_cards(self) -> dict[str, dict[str, str]]:
        """The roles, cards or characters a phone's ``me`` may name (by ``Game.role_key``) that
        the rules card words from the database, in the active language: id -> ``name`` and
        ``text`` (what it lets its holder do). None by default: the guide's ``ROLES`` word a
        game's roles."""
        return {}
