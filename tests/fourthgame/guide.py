"""How to play Highest card (the test-only fourth game): the intro's slides are a minute of
speech, like a real game's (tests/games/kit/test_guides.py holds every guide to that)."""

from games.kit.rules import _

ART = "fourthgame/card.svg"
PITCH = _("Pick a card in secret; the highest card wins.")
MINUTES = (1, 2)
SLIDES = (
    {"art": "fourthgame/card.svg",
     "text": _("Welcome to Highest card, the quickest game in the hub. Everyone plays at once, "
               "for as many rounds as the host chose.")},
    {"art": "fourthgame/card.svg",
     "text": _("Your phone shows a row of cards, numbered from one up to the highest card the "
               "host chose. Tap one of them to pick it. Nobody else can see which card you "
               "took.")},
    {"art": "fourthgame/card.svg",
     "text": _("Before you tap, you may type a short shout to go with your card: a boast, a "
               "warning, a joke. It stays secret until the end too.")},
    {"art": "fourthgame/card.svg",
     "text": _("The TV shows who has picked, never what. Pick before the timer runs out, or "
               "you sit this round out.")},
    {"art": "fourthgame/card.svg",
     "text": _("Once everyone has picked, every card and every shout is shown. The highest card "
               "wins the round; a tie shares it. Whoever wins the most rounds wins. Good luck!")},
)
RULES = (
    _("Pick a card from 1 to the highest, in secret."),
    _("You may add a shout, shown with the cards at the end."),
    _("Once everyone has picked, or the time is up, the highest card wins the round; a tie "
      "shares it."),
    _("After the last round, whoever won the most rounds wins."),
)
ROLES: dict = {}
PHASES = {"pick": _("Everyone picks a card in secret."), "over": _("The cards are shown.")}
