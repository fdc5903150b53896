"""How to play Werewolf: the TV's narrated intro, the phone's rules card and the home page's
pitch. Pure data, written once: the server sends it to every screen in its language
(``games.kit.guides``); the words follow the rules page (``docs/rules-werewolf.md``). A phone's own
card is explained by the card's own texts (the admin's)."""

from games.kit.rules import _

ART = "werewolf/art/werewolf.svg"
PITCH = _("A village by day, a pack by night: find the werewolves before they eat you all.")
MINUTES = (30, 60)
SLIDES = (
    {"art": "werewolf/art/villager.svg",
     "text": _("Welcome to Werewolf! The TV is your narrator. Each of you gets a secret card: "
               "most are villagers, but some are werewolves.")},
    {"art": "werewolf/art/werewolf.svg",
     "text": _("At night the village sleeps. The werewolves wake on their phones and choose a "
               "victim together.")},
    {"art": "werewolf/art/seer.svg",
     "text": _("Some villagers have powers: the Seer sees a card, the Witch has two potions, "
               "and more. Your phone tells you when to act.")},
    {"art": "werewolf/art/hunter.svg",
     "text": _("At dawn the TV names the dead. Then the village talks, and votes to execute a "
               "suspect.")},
    {"art": "werewolf/art/witch.svg",
     "text": _("The village wins when every werewolf is dead. The werewolves win when the "
               "village is eaten.")},
    {"art": "werewolf/art/little-girl.svg",
     "text": _("Keep your card secret, keep your phone close, and trust your instincts. Night "
               "is falling.")},
)
RULES = (
    _("Keep your card secret. At night every phone looks the same: what yours shows you "
      "appears only while you press and hold \"Hold to see\", so nobody can tell who is "
      "acting."),
    _("Night: the werewolves choose a victim; the other cards with a power act in turn."),
    _("Dawn: the TV names the dead. The dead keep quiet."),
    _("Day: talk, then vote. The player with the most votes is executed."),
    _("The village wins when no werewolf is left; the pack wins when the village is eaten."),
)
ROLES: dict[str, str] = {}
# What happens now, by the view's ``phase``: the rules card's first line.
PHASES = {
    "look": _("Everyone looks at their card, in secret."),
    "night": _("Night: eyes closed. The cards with a power act when the narrator calls them."),
    "dawn": _("Dawn: the TV names who died in the night."),
    "prompt": _("A player decides something their card or the day asks of them."),
    "outcome": _("The TV shows what that decision did."),
    "candidacy": _("Who stands for Mayor? The Mayor's vote counts twice."),
    "election": _("The village elects its Mayor."),
    "talk": _("The village talks: who is a werewolf? Press Ready to vote when you have said "
              "enough."),
    "vote": _("The village votes: the player with the most votes is executed."),
    "execution": _("The village's verdict."),
    "over": _("The game is over."),
}
