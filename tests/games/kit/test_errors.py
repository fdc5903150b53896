"""Refusals reach the player in their language, with game vocabulary translated too."""

from __future__ import annotations

from django.utils import translation

from games.kit.errors import ServiceError, error_text
from games.kit.rules import RuleError, Term


def test_a_rules_message_is_filled_with_its_parameters():
    error = RuleError("The supply has no %(resource)s left.", resource="cash")
    assert error_text(error) == "The supply has no cash left."


def test_a_service_message_is_translated_for_the_active_language():
    error = ServiceError("This room is locked.", code="locked")
    with translation.override("fr"):
        french = error_text(error)
    with translation.override("en"):
        english = error_text(error)
    assert english == "This room is locked."
    assert french != english and french.strip()


def test_raw_game_keys_in_parameters_become_words_of_the_language():
    error = RuleError("The supply has no %(resource)s left.", resource=Term("evidence"))
    with translation.override("es"):
        text = error_text(error)
        template = translation.gettext("The supply has no %(resource)s left.")
        word = translation.gettext("evidence")
    assert template != "The supply has no %(resource)s left."
    assert word != "evidence"
    assert text == template % {"resource": word}


def test_other_parameters_are_shown_as_they_are():
    """A player called "evidence" keeps their name: only terms are translated."""
    error = RuleError("%(name)s has no %(resource)s left.", name="evidence", resource=Term("cash"))
    with translation.override("es"):
        text = error_text(error)
        word = translation.gettext("cash")
    assert text == f"evidence has no {word} left."
