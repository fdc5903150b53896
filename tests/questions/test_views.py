import pytest
from django.urls import reverse

from questions.models import Deck

pytestmark = pytest.mark.urls("tests.questions.urls")


@pytest.fixture
def cards(make_card):
    world = Deck.objects.create(name="World", slug="world")
    sport = Deck.objects.create(name="Sport", slug="sport")
    make_card("Rivers", decks=[world])
    make_card("Stadiums", decks=[world, sport])
    make_card("Beers", decks=[sport], family_friendly=False)
    mundo = Deck.objects.create(name="Mundo", slug="mundo", language="es")
    make_card("Ríos", decks=[mundo], language="es")
    make_card("Draft", language="es")  # in no deck: never counted


def test_count_url():
    assert reverse("questions:count") == "/questions/count"


@pytest.mark.parametrize(
    ("query", "count"),
    [
        ("", 4),
        ("?decks=world,sport", 3),
        ("?decks=world, sport&family=1", 2),
        ("?decks=sport&family=true", 1),
        ("?decks=sport&family=0", 2),
        ("?language=es", 1),
        ("?language=&decks=", 4),
        ("?decks=nope", 0),
    ],
)
def test_count_view(client, cards, query, count):
    response = client.get(f"/questions/count{query}")
    assert response.status_code == 200
    assert response.json() == {"count": count}


def test_count_view_is_read_only(client, db):
    assert client.post("/questions/count").status_code == 405
