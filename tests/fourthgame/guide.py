"""How to play Highest card (the test-only fourth game)."""

from games.kit.rules import _

ART = "fourthgame/card.svg"
PITCH = _("Pick a card; the highest wins.")
MINUTES = (1, 2)
SLIDES = ({"art": "fourthgame/card.svg", "text": _("Everyone picks a card. The highest wins.")},)
RULES = (_("Pick a card from 1 to the highest."), _("Once everyone has picked, the highest wins."))
ROLES: dict = {}
PHASES = {"pick": _("Everyone picks a card."), "over": _("The cards are shown.")}
