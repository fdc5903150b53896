"""Refusals reach the player in their language, with game vocabulary translated too."""

from __future__ import annotations

from django.utils import translation

from games.kit.errors import ServiceError, error_text
from games.kit.rules import RuleError, Term


def test_a_rules_message_is_filled_with_its_parameters():
    error = RuleError("“%(option)s” must be from %(low)s to %(high)s.", option="Rounds", low=1,
                      high=30)
    assert error_text(error) == "“Rounds” must be from 1 to 30."


def test_a_service_message_is_translated_for_the_active_language():
    error = ServiceError("This room is locked.", code="locked")
    with translation.override("fr"):
        french = error_text(error)
    with translation.override("en"):
        english = error_text(error)
    assert english == "This room is locked."
    assert french != english and french.strip()


TEMPLATE = "“%(option)s” must be from %(low)s to %(high)s."  # the kit's refusal of an option


def test_raw_game_keys_in_parameters_become_words_of_the_language():
    """A term (a game's word: the test game's option "Seconds to pick") is shown in the
    reader's language, from the game's own catalogue."""
    error = RuleError(TEMPLATE, option=Term("Seconds to pick"), low=1, high=300)
    with translation.override("es"):
        text = error_text(error)
        template = translation.gettext(TEMPLATE)
        word = translation.gettext("Seconds to pick")
    assert template != TEMPLATE
    assert word != "Seconds to pick"
    assert text == template % {"option": word, "low": 1, "high": 300}


def test_other_parameters_are_shown_as_they_are():
    """A player called "Rounds" keeps their name: only terms are translated."""
    error = RuleError("%(name)s: " + TEMPLATE, name="Rounds", option=Term("Seconds to pick"),
                      low=1, high=300)
    with translation.override("es"):
        text = error_text(error)
        word = translation.gettext("Seconds to pick")
    assert text.startswith("Rounds: ") and word in text
