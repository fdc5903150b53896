import random

import pytest

from questions import validation


def test_text_normalize_ignores_case_and_spacing():
    assert validation.text_normalize("  Largest   COUNTRIES ") == "largest countries"
    assert validation.text_normalize("ÉTÉ") == validation.text_normalize("été")


@pytest.mark.parametrize(
    "order",
    [[3, 0, 5, 1, 4, 2], [0, 5, 4, 2, 3, 1], [2, 1, 3, 4, 5, 0]],
)
def test_valid_reading_orders(order):
    assert validation.reading_order_problems(order) == []


@pytest.mark.parametrize(
    ("order", "fragment"),
    [
        ([1, 2, 3, 4, 5], "each rank 1–5 exactly once"),
        ([1, 1, 3, 4, 5, 0], "got “1 1 3 4 5 0”"),
        ([1, 2, 3, 4, 5, 6], "exactly once"),
        ("3 0 5 1 4 2", "list of six whole numbers"),
        ([3, 0, 5, 1, 4, True], "list of six whole numbers"),
        ([0, 1, 2, 3, 4, 5], "gives the ranking away"),
        ([1, 2, 0, 3, 4, 5], "gives the ranking away"),
        ([0, 5, 4, 3, 2, 1], "reverse rank order (#5 first), which gives the ranking away"),
        ([5, 4, 3, 0, 2, 1], "reverse rank order"),
    ],
)
def test_invalid_reading_orders(order, fragment):
    problems = validation.reading_order_problems(order)
    assert len(problems) == 1
    assert fragment in problems[0]


@pytest.mark.parametrize(
    ("order", "out_of_order", "warning"),
    [
        ([0, 1, 2, 3, 4, 5], 0, None),
        ([2, 1, 3, 0, 4, 5], 1, "one swap away from rank order"),
        ([1, 2, 3, 5, 4, 0], 1, "one swap away from rank order"),
        ([5, 4, 3, 1, 0, 2], 9, "one swap away from reverse rank order"),
        ([0, 4, 5, 3, 2, 1], 9, "one swap away from reverse rank order"),
        ([1, 3, 2, 5, 4, 0], 2, None),
        ([5, 1, 2, 3, 4, 0], 4, None),  # #5 moved to the front: not one swap of neighbours
        ([5, 4, 3, 2, 1, 0], 10, None),
    ],
)
def test_near_rank_orders_are_warned_of(order, out_of_order, warning):
    """Near-rank means one swap of two neighbours away from rank order or its reverse (Kendall
    tau distance 1 or 9); the order is accepted, with a warning."""
    assert validation.reading_order_pairs_out_of_order(order) == out_of_order
    warnings = validation.reading_order_warnings(order)
    if warning is None:
        assert warnings == []
    else:
        assert len(warnings) == 1 and warning in warnings[0]
        assert validation.reading_order_problems(order) == []


def test_reading_order_random_is_valid_seeded_and_spreads_the_fox():
    rng = random.Random(7)
    orders = [validation.reading_order_random(rng) for _ in range(600)]
    assert all(validation.reading_order_problems(order) == [] for order in orders)
    assert not any(validation.reading_order_warnings(order) for order in orders)
    fox_places = {order.index(0) for order in orders}
    assert fox_places == {0, 1, 2, 3, 4, 5}
    rng_again = random.Random(7)
    assert orders[:5] == [validation.reading_order_random(rng_again) for _ in range(5)]


def test_answers_problems_accepts_five_distinct():
    assert validation.answers_problems(["a", "b", "c", "d", "e"]) == []


@pytest.mark.parametrize(
    ("answers", "fragment"),
    [
        (["a", "b", "c", "d"], "exactly five answers; this one has 4"),
        (["a", "b", "  ", "d", "e"], "Answer #3 is empty"),
        (["Paris", "b", "c", " paris ", "e"], "Answers #1 and #4 are the same (“paris”)"),
        (["a", "b", "c", "d", "x" * 101], "Answer #5 is longer than 100"),
    ],
)
def test_answers_problems(answers, fragment):
    problems = validation.answers_problems(answers)
    assert any(fragment in problem for problem in problems), problems


def test_ranks_problems_names_the_duplicate_and_the_missing_rank():
    assert validation.ranks_problems([1, 2, 3, 4, 5]) == []
    problems = validation.ranks_problems([1, 2, 2, 4, 5])
    assert "Rank 2 is used 2 times." in problems
    assert "No answer has rank 3." in problems


def test_card_problems_by_field():
    problems = validation.card_problems(
        question=" ",
        source="Someone, 2024",
        category="Geography",
        language="de",
        reading_order=[0, 1, 2, 3, 4, 5],
        answers=["a", "A", "c", "d", "e"],
    )
    assert set(problems) == {"question", "category", "language", "reading_order", "answers"}
    assert problems["question"] == ["This is required."]
    assert "lowercase" in problems["category"][0]
    assert "Unknown language “de”" in problems["language"][0]


def test_card_problems_skips_answers_when_not_given():
    problems = validation.card_problems(
        question="Q",
        source="S",
        category="geography",
        language="en",
        reading_order=[3, 0, 5, 1, 4, 2],
    )
    assert problems == {}


@pytest.mark.parametrize(
    ("first", "second"),
    [
        ("The Beatles", "Beatles!"),
        ("Café Tacvba", "Cafe Tacvba"),
        ("Wile E. Coyote", "wile e coyote"),
        ("ÉTÉ", "été"),
    ],
)
def test_answers_the_game_takes_for_one_another_are_refused(first, second):
    problems = validation.answers_problems([first, "b", "c", "d", second])
    assert problems == [f"Answers #1 and #5 are the same (“{second}”)."]


@pytest.mark.parametrize(
    ("language", "first", "second"),
    [
        ("es", "Los Beatles", "Beatles"),
        ("es", "La Rioja", "Rioja"),
        ("es", "Unas vacaciones", "vacaciones"),
        ("es", "The Beatles", "Los Beatles"),
        ("fr", "Les Rita Mitsouko", "Rita Mitsouko"),
        ("fr", "L'Oréal", "Oréal"),
        ("fr", "Le Grand Bleu", "LE GRAND-BLEU"),
        ("fr", "Des Souris et des hommes", "Souris et des hommes"),
        ("en", "A Bug's Life", "Bug's Life"),
        ("en", "An Education", "Education"),
    ],
)
def test_answers_the_same_but_for_an_article_of_the_cards_language_are_refused(
    language, first, second
):
    """What the admin, the importer (``card_problems``) and the game's Fox check all refuse."""
    problems = [f"Answers #1 and #5 are the same (“{second}”)."]
    assert validation.answers_problems([first, "b", "c", "d", second], language) == problems
    found = validation.card_problems(
        question="q", source="s", category="music", language=language,
        reading_order=[3, 0, 5, 1, 4, 2], answers=[first, "b", "c", "d", second])
    assert found == {"answers": problems}


@pytest.mark.parametrize(
    ("language", "first", "second"),
    [
        ("id", "Si Kancil", "Kancil"),  # "si" and "sang" make a title of a name: kept
        ("id", "Sang Pencerah", "Pencerah"),
        ("es", "A Coruña", "Coruña"),  # "a" is only English's article
        ("fr", "À bout de souffle", "Bout de souffle"),
        ("fr", "Thé vert", "Vert"),  # "thé" is not "the"
        ("es", "Él canta", "Canta"),  # a pronoun is no article
        ("en", "Los Beatles", "Beatles"),  # Spanish's articles on Spanish cards only
        ("en", "La La Land", "La Land"),
        ("fr", "La", "Le"),  # an article alone is an answer (the note La), not nothing
        (None, "A Bug's Life", "Bug's Life"),  # language unknown: only "the"
    ],
)
def test_answers_different_but_for_a_word_that_is_no_article_here_are_kept(
    language, first, second
):
    assert validation.answers_problems([first, "b", "c", "d", second], language) == []


SAMPLES = [
    "The Beatles", "Beatles!", "Café Tacvba", "Cafe Tacvba", "the", "Theatre", "  the  end ",
    "+ (Plus)", "= (Equals)", "× (Multiply)", "Ørsted", "Straße", "İstanbul", "東京", "", "!!!",
    "Rock 'n' roll", "AC/DC", "ﬁsh",
]


def test_one_normalisation_for_the_admin_and_the_game():
    """The curators' check and the game's Fox check are one function, so a card the admin saves
    never holds two answers the game takes for one another."""
    from games.outfox import rules as outfox
    from questions.textkey import answer_key

    assert outfox.answer_key is answer_key
    keys = [answer_key(text) for text in SAMPLES]
    assert keys[0] == keys[1] and keys[2] == keys[3]  # "The Beatles" ~ "Beatles!", accents
    assert keys[5] != keys[4] and keys[6] == "end"  # "Theatre" keeps its letters


@pytest.mark.parametrize("text", ["Two\nlines", "Two\r\nlines", "Two\u2028lines"])
def test_line_breaks_are_refused_in_card_text_and_answers(text):
    assert validation.text_problems(text, max_length=255) == ["This must be one line."]
    assert validation.answers_problems([text, "b", "c", "d", "e"]) == [
        "Answer #1 must be one line."
    ]
    assert validation.text_problems(" trailing newline\n", max_length=255) == []


def test_an_empty_answer_does_not_hide_two_that_are_the_same():
    problems = validation.answers_problems(["Paris", "", "paris", "d", "e"])
    assert problems == ["Answer #2 is empty.", "Answers #1 and #3 are the same (“paris”)."]
