"""How to play Outfox the Fox: the TV's narrated intro, the phone's rules card and the home
page's pitch. Pure data, written once: the server sends it to every screen in its language
(``games.kit.guides``); the words follow the rules page (``games/outfox/docs.md``)."""

from games.kit.rules import _

ART = "outfox/art/fox.svg"  # the game's picture, in its static folder
PITCH = _("Slip a fake answer into a Top 5 list and see who falls for it.")
MINUTES = (20, 40)  # how long a game lasts, about
# The intro: one picture and one spoken sentence or two each (about 60 seconds in all).
SLIDES = (
    {"art": "outfox/art/fox.svg",
     "text": _("Welcome to Outfox the Fox! Each turn one player reads a question, and everyone "
               "else guesses.")},
    {"art": "outfox/art/fox.svg",
     "text": _("The reader picks a card with a real Top 5 list, then secretly writes a fake "
               "answer: the Fox.")},
    {"art": "outfox/art/fox.svg",
     "text": _("The TV shows all six answers. Together, the guessers rank them from number one "
               "to five, and put the one they think is fake in the Fox slot.")},
    {"art": "outfox/art/fox.svg",
     "text": _("Then each guesser may Double Down on one answer they think sits at its exact "
               "rank, for three more points.")},
    {"art": "outfox/art/fox.svg",
     "text": _("The reader scores when the Fox fools the group: five points if it lands at "
               "number one. Guessers score a point for every answer placed right.")},
    {"art": "outfox/art/fox.svg",
     "text": _("When every player has read, the highest score wins. Phones ready: outfox each "
               "other!")},
)
# The phone's rules card.
RULES = (
    _("Each turn, the Question-Reader picks a card and writes a fake answer: the Fox."),
    _("The guessers share one column: rank the real answers #1 to #5 and put the Fox in the FOX "
      "slot. #2–#3 and #4–#5 count as zones."),
    _("Press Agree when the column is right: it locks when everyone agrees or the timer ends."),
    _("Double Down: bet that one answer sits at its exact rank, for 3 more points."),
    _("The reader scores 5 if the Fox ends at #1, 4 at #2–#3, 3 at #4–#5, 0 if caught. Each "
      "guesser scores 1 for every answer placed right."),
)
# What the phone's own role means this turn (the view's ``me.role``).
ROLES = {
    "reader": _("You read this turn: pick a card, write a Fox that sounds real, then read the "
                "answers aloud."),
    "guesser": _("You guess this turn: rank the answers with the others and find the Fox."),
}
# What happens now, by the view's ``phase``: the rules card's first line.
PHASES = {
    "draw": _("The Question-Reader is picking a card."),
    "fox": _("The Question-Reader is secretly writing the Fox: a fake answer that sounds real."),
    "read": _("The Question-Reader reads the question and the six answers aloud."),
    "rank": _("The guessers rank the answers together, the Fox in the FOX slot, and press Agree "
              "when the column is right."),
    "double_down": _("Each guesser may bet that one answer sits at its exact rank, for 3 more "
                     "points."),
    "reveal": _("The real order comes out, one answer at a time, and then the Fox."),
    "score": _("Points are counted and the tokens move along the track."),
    "over": _("The game is over: the highest score wins."),
}
