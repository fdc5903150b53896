"""How to play Hoax: the TV's narrated intro, the phone's rules card and the home page's
pitch. Pure data, written once: the server sends it to every screen in its language
(``games.kit.guides``); the words follow the rules page (``games/hoax/docs.md``). A phone's own
character is explained by the character's own texts (the admin's)."""

from games.kit.rules import _

ART = "hoax/art/butler.svg"
PITCH = _("Claim to be anyone at the reading of the will, and catch the liars.")
MINUTES = (20, 30)
SLIDES = (
    {"art": "hoax/art/butler.svg",
     "text": _("Welcome to Hoax! A rich relative has died, and everyone at the reading of the "
               "will hides who they really are.")},
    {"art": "hoax/art/ex.svg",
     "text": _("Your phone shows your secret character. On your turn, claim any character to "
               "use its privilege and collect cash, prestige and evidence.")},
    {"art": "hoax/art/lover.svg",
     "text": _("You may lie! Anyone can call Hoax on a claim. Then everybody votes: believe "
               "it, or call it a hoax.")},
    {"art": "hoax/art/chef.svg",
     "text": _("A liar voted down gets an imposter token and can never claim that character "
               "again. But a true claim voted down wins the game at once!")},
    {"art": "hoax/art/gardener.svg",
     "text": _("Pay one of each resource to investigate a player, and accuse when you are "
               "sure: guess right and they are out; guess wrong and you are.")},
    {"art": "hoax/art/cousin.svg",
     "text": _("The last player standing wins. Trust nobody!")},
)
RULES = (
    _("On your turn: make exactly one claim, investigate as often as you can pay, accuse at "
      "most once, then end your turn."),
    _("Claim any character not covered by your own imposter token: its privilege gives you "
      "resources."),
    _("Anyone may call Hoax! on a claim; everyone else then votes. More hoax votes than "
      "believe votes: the claim is put to the test."),
    _("A true claim voted down wins the game; a false one earns an imposter token and loses "
      "its privilege."),
    _("Investigate: pay 1 cash, 1 prestige and 1 evidence to see a player's card among three "
      "others."),
    _("Accuse: name a player and a character. Right: they are out and you take their "
      "resources. Wrong: you are out."),
)
ROLES: dict[str, str] = {}
# What happens now, by the view's ``phase``: the rules card's first line.
PHASES = {
    "setup": _("Each player in turn picks a starting resource from the supply."),
    "turn": _("The active player claims a character, may investigate and accuse, then ends "
              "the turn."),
    "hoax_window": _("Anyone may call Hoax! on the claim before the timer ends."),
    "vote": _("Everyone else votes: believe the claim, or call it a hoax."),
    "immunity": _("A targeted player may claim a character that makes them immune."),
    "butler_gift": _("The Butler's guest picks one resource from the supply."),
    "over": _("The game is over."),
}
