from io import StringIO

import pytest
from django.core.management import CommandError, call_command
from django.utils import timezone

from questions import audit
from questions.models import Deck

THIS_YEAR = timezone.now().year


def run(*args) -> str:
    out = StringIO()
    call_command("audit_decks", *args, stdout=out, no_color=True)
    return out.getvalue()


def section(output: str, title: str) -> list[str]:
    """The lines listed under the heading starting with ``title``."""
    lines = output.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith(title))
    block = []
    for line in lines[start + 1 :]:
        if not line.strip():
            break
        block.append(line.strip())
    return block


@pytest.mark.parametrize(
    ("source", "year"),
    [
        ("According to the UN, 2024", 2024),
        ("FIFA, 2019–2023 seasons", 2023),
        ("Guinness World Records (1998 edition), 2001", 2001),
        ("According to the ITF", None),
        ("Top 12345 list, 20245", None),
        ("", None),
        ("According to Columbus's diary, 1492", 1492),
        ("According to Isaac Newton's Opticks, 1704", 1704),
        ("According to Pliny the Elder, Natural History, AD 77", 77),
        ("Selon Ptolémée, 150 apr. J.-C.", 150),
        ("A survey of 1,500 people, 2.5 million votes", None),
        ("Billboard Hot 100", None),
        (f"Forecast for {THIS_YEAR + 1}", None),
    ],
)
def test_source_year(source, year):
    assert audit.source_year(source) == year


@pytest.fixture
def cards(make_card):
    world = Deck.objects.create(name="World", slug="world", language="en")
    quiz = Deck.objects.create(name="Quiz", slug="quiz", language="en")
    return {
        "fresh": make_card("Largest countries by area", decks=[world],
                           source=f"CIA, {THIS_YEAR - 1}"),
        "old": make_card("Longest rivers on Earth", decks=[world],
                         source=f"Britannica, {THIS_YEAR - 9}"),
        "undated": make_card("Tallest mountains", decks=[world], source="Everyone knows"),
        "twin": make_card("The largest countries, by area!", decks=[quiz],
                          source=f"UN, {THIS_YEAR}"),
        "other": make_card("Most spoken languages", decks=[quiz], source=f"Ethnologue, {THIS_YEAR}",
                           needs_native_review=True),
        "timeless": make_card("Colours of the rainbow in Newton's order", decks=[world],
                              source="According to Isaac Newton's Opticks, 1704",
                              source_timeless=True),
    }


def test_the_audit_lists_each_kind_of_card_to_look_at(cards):
    output = run("--older-than", "5")
    old = section(output, "Sources older than 5 years")
    assert old == [
        f"#{cards['old'].pk} (world) Longest rivers on Earth [{THIS_YEAR - 9}] "
        f"Britannica, {THIS_YEAR - 9}"
    ]
    assert section(output, "No source, or no year in it: 1") == [
        f"#{cards['undated'].pk} (world) Tallest mountains [Everyone knows]"
    ]
    twins = section(output, "Near-duplicate questions: 1 pairs")
    assert twins[0] == f"#{cards['fresh'].pk} (world) Largest countries by area"
    assert twins[1].startswith(f"~ #{cards['twin'].pk} (quiz) The largest countries, by area!")
    assert section(output, "Cards awaiting a native speaker's review: 1") == [
        f"#{cards['other'].pk} (quiz) Most spoken languages"
    ]
    assert section(output, "Decks whose Fox places are unevenly spread: 0") == []


def test_older_than_moves_the_line(cards):
    assert section(run("--older-than", "10"), "Sources older than 10 years") == []
    assert len(section(run("--older-than", "0"), "Sources older than 0 years")) == 2


def test_a_deck_hiding_the_fox_in_one_place_is_listed(make_card):
    deck = Deck.objects.create(name="Lazy", slug="lazy", language="en")
    even = Deck.objects.create(name="Even", slug="even", language="en")
    for number in range(12):
        make_card(f"Lazy {number}", decks=[deck], reading_order=[0, 5, 4, 3, 2, 1],
                  source=f"S, {THIS_YEAR}")
        order = [5, 4, 3, 2, 1]
        order.insert(number % 6, 0)  # two cards at each place
        make_card(f"Even {number}", decks=[even], reading_order=order, source=f"S, {THIS_YEAR}")
    assert section(run(), "Decks whose Fox places are unevenly spread: 1") == [
        "lazy: cards per Fox place 12 0 0 0 0 0 (chi-square 60.0)"
    ]


def test_nothing_to_report_and_bad_options(db):
    output = run()
    assert "Near-duplicate questions: 0 pairs" in output
    with pytest.raises(CommandError):
        run("--similarity", "1.5")


def test_near_duplicates_skip_different_questions_sharing_words():
    """Questions that each have a word the other lacks ask different things, however alike."""
    lines = [
        audit.CardLine(1, "Largest countries by land area", "", ("a",)),
        audit.CardLine(2, "Largest lakes by surface area", "", ("b",)),
        audit.CardLine(3, "Países más grandes por superficie", "", ("c",)),
        audit.CardLine(4, "Paises mas grandes, por superficie", "", ("d",)),
        # Alike letter by letter, but about different bands: not duplicates.
        audit.CardLine(5, "Queen's first studio albums, in release order", "", ("e",)),
        audit.CardLine(6, "ABBA's first studio albums, in release order", "", ("e",)),
        # The starter decks' false pairs: one word each that the other lacks.
        audit.CardLine(7, "Latest Oscar winners for Best Actor, newest first (to 2025)", "", ()),
        audit.CardLine(8, "Latest Oscar winners for Best Actress, newest first (to 2025)", "", ()),
        audit.CardLine(9, "First vice presidents of the United States", "", ()),
        audit.CardLine(10, "First presidents of the United States", "", ()),
        audit.CardLine(11, "Most weeks ranked world No. 1 in men's tennis", "", ()),
        audit.CardLine(12, "Most weeks ranked world No. 1 in women's tennis", "", ()),
    ]
    pairs = [(pair.first.pk, pair.second.pk) for pair in audit.near_duplicates(lines)]
    assert pairs == [(3, 4)]


def test_near_duplicates_list_the_same_question_reworded():
    lines = [
        audit.CardLine(1, "Latest Oscar winners for Best Actor, newest first (to 2025)", "", ()),
        audit.CardLine(2, "The latest Oscar winners of Best Actor (newest first, to 2025)", "", ()),
        audit.CardLine(3, "Most spoken languages in the world", "", ()),
        audit.CardLine(4, "The world's most spoken language", "", ()),
        audit.CardLine(5, "Countries with the most Olympic gold medals in the Summer Games",
                       "", ()),
        audit.CardLine(6, "Countries with the most Olympic gold medals at the Summer Games ever",
                       "", ()),
    ]
    found = audit.near_duplicates(lines)
    assert [(pair.first.pk, pair.second.pk) for pair in found] == [(1, 2), (3, 4), (5, 6)]
    assert [round(pair.shared, 2) for pair in found] == [1.0, 1.0, 0.88]
    # A stricter --similarity keeps only questions with the very same meaningful words.
    assert len(audit.near_duplicates(lines, similarity=1)) == 2


def test_reading_orders_in_or_near_rank_order_are_listed(make_card):
    deck = Deck.objects.create(name="World", slug="world", language="en")
    fine = make_card("Fine", decks=[deck], reading_order=[3, 0, 5, 1, 4, 2])
    swap = make_card("Swap", decks=[deck], reading_order=[2, 1, 0, 3, 4, 5])
    reverse = make_card("Reverse", decks=[deck], reading_order=[0, 5, 4, 3, 2, 1])
    near_reverse = make_card("Near reverse", decks=[deck], reading_order=[5, 3, 4, 0, 2, 1])
    listed = section(run(), "Reading orders in or one swap from rank order or its reverse: 3")
    assert listed == [
        f"#{swap.pk} (world) Swap [2 1 0 3 4 5, 1 of 10 pairs read out of rank order]",
        f"#{reverse.pk} (world) Reverse [0 5 4 3 2 1, 10 of 10 pairs read out of rank order]",
        f"#{near_reverse.pk} (world) Near reverse [5 3 4 0 2 1, 9 of 10 pairs read out of rank "
        "order]",
    ]
    assert all(f"#{fine.pk} " not in line for line in listed)
