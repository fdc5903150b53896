"""The one declaration of a game's options: validation, defaults, the form's JSON."""

from __future__ import annotations

import pytest
from django.http import QueryDict

from games.kit.options import (
    Option,
    Preset,
    form_field,
    form_read,
    options_clean,
    options_defaults,
    seat_check,
)
from games.kit.rules import RuleError, Term

DECLARED = (
    Option("rounds", "int", 3, "Rounds", min=1, max=5),
    Option("timer", "int", 60, "Timer", min=30, max=90, off=0, choices=((0, "No timer"),)),
    Option("fast", "bool", False, "Fast"),
    Option("pace", "choice", "auto", "Pace", choices=(("auto", "Auto"), ("manual", "Manual"))),
    Option("roles", "multi", ["a"], "Roles", choices=(("a", "A"), ("b", "B"))),
    Option("decks", "multi", [], "Decks", choices_from="decks"),
    Option("first", "seat", None, "First", max=5),
)


def test_missing_options_take_their_defaults_and_unknown_keys_are_left_out():
    assert options_clean(DECLARED, {"rounds": 4, "colour": "red"}) == {
        **options_defaults(DECLARED),
        "rounds": 4,
    }
    assert options_clean(DECLARED, None) == options_defaults(DECLARED)


@pytest.mark.parametrize(
    ("raw", "label"),
    [
        ({"rounds": 0}, "Rounds"),
        ({"rounds": 6}, "Rounds"),
        ({"rounds": True}, "Rounds"),  # a bool is not a number on the wire
        ({"rounds": "3"}, "Rounds"),
        ({"timer": 20}, "Timer"),
        ({"fast": 1}, "Fast"),
        ({"pace": "slow"}, "Pace"),
        ({"roles": ["c"]}, "Roles"),
        ({"roles": ["a", "a"]}, "Roles"),
        ({"roles": "a"}, "Roles"),
        ({"decks": "cats"}, "Decks"),
        ({"first": -1}, "First"),
    ],
)
def test_a_bad_value_is_refused_naming_its_option(raw, label):
    with pytest.raises(RuleError) as refused:
        options_clean(DECLARED, raw)
    assert refused.value.code == "bad_options"
    assert refused.value.params["option"] == label
    assert isinstance(refused.value.params["option"], Term)  # shown in the reader's language


def test_an_off_value_outside_the_range_is_allowed():
    assert options_clean(DECLARED, {"timer": 0})["timer"] == 0
    assert options_clean(DECLARED, {"timer": 90})["timer"] == 90


def test_choices_from_the_django_side_are_checked_there():
    assert options_clean(DECLARED, {"decks": ["x", "y"]})["decks"] == ["x", "y"]


def test_a_non_mapping_is_refused():
    with pytest.raises(RuleError):
        options_clean(DECLARED, [1])


def test_a_seat_option_must_name_a_seat_of_the_game():
    seat_check(DECLARED, {"first": 2}, 3)
    seat_check(DECLARED, {"first": None}, 3)
    with pytest.raises(RuleError):
        seat_check(DECLARED, {"first": 3}, 3)


def test_the_form_gets_every_field_of_the_declaration_translated():
    field = DECLARED[1].as_json(str.upper)
    assert field == {
        "name": "timer", "kind": "int", "default": 60, "label": "TIMER", "help": "",
        "min": 30, "max": 90, "nullable": False, "off": 0, "choices": [[0, "NO TIMER"]],
        "shown_when": None,
    }
    assert DECLARED[5].as_json(str, [("x", "Deck X")])["choices"] == [["x", "Deck X"]]
    preset = Preset("quick", "Quick", {"rounds": 1}, "One round.").as_json(str.lower)
    assert preset == {"name": "quick", "label": "quick", "help": "one round.",
                      "values": {"rounds": 1}}


def test_an_unknown_kind_is_a_programming_error():
    with pytest.raises(ValueError):
        Option("x", "colour", "red", "X")


def test_every_shown_when_names_a_declared_option_and_one_of_its_values():
    """A form hides an option until another has some value: that other option and value exist."""
    from games.kit.registry import games

    seen = 0
    for game in games().values():
        declared = {option.name: option for option in game.options}
        for option in game.options:
            if option.shown_when is None:
                continue
            seen += 1
            other, value = option.shown_when
            assert other in declared, (option.name, other)
            assert declared[other].clean(value) == value, (option.name, value)
            assert option.as_json()["shown_when"] == [other, value]
    assert seen


def test_each_form_field_says_how_to_draw_and_read_it_whatever_its_kind():
    fields = [form_field(option, str, [("x", "Deck X")] if option.choices_from else None)
              for option in DECLARED]
    assert [(f["name"], f["control"], f["numeric"], f["before_players"]) for f in fields] == [
        ("rounds", "number", True, True),
        ("timer", "select", True, True),  # an int with choices is picked from them
        ("fast", "checkbox", False, True),
        ("pace", "select", False, True),
        ("roles", "multiselect", False, True),
        ("decks", "multiselect", False, True),
        ("first", "seat", True, False),  # a seat is chosen once the players are in
    ]
    assert {key: fields[1][key] for key in DECLARED[1].as_json()} == DECLARED[1].as_json()


def test_a_submitted_form_is_read_by_its_fields_controls():
    fields = [form_field(option) for option in DECLARED]
    data = QueryDict("g-rounds=4&g-timer=0&g-pace=manual&g-roles=a&g-roles=b&g-first=&g-fast=on")
    assert form_read(fields, data, "g") == {
        "rounds": 4, "timer": 0, "fast": True, "pace": "manual", "roles": ["a", "b"], "decks": [],
    }
    # Not a number: left as typed, for the game to refuse.
    assert form_read(fields, QueryDict("g-rounds=many"), "g")["rounds"] == "many"
    assert form_read(fields, QueryDict(""), "g") == {"fast": False, "roles": [], "decks": []}
