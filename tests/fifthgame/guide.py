"""How to play Coin call (the test-only fifth game)."""

from games.kit.rules import _

ART = "fifthgame/coin.svg"
PITCH = _("Call heads or tails in secret; the coin decides who wins.")
MINUTES = (1, 1)
SLIDES = (
    {"art": "fifthgame/coin.svg",
     "text": _("Welcome to Coin call, a game of pure luck for two to six players. There is "
               "nothing to learn and nothing to count, and a whole game takes less than a "
               "minute.")},
    {"art": "fifthgame/coin.svg",
     "text": _("Your phone shows two buttons: heads and tails. Tap one to call the coin. Nobody "
               "else sees what you called, and you cannot change your mind.")},
    {"art": "fifthgame/coin.svg",
     "text": _("The TV shows who has called, never what. Take your time: there is no timer. "
               "When the last player has called, the hub tosses the coin for everyone to "
               "see.")},
    {"art": "fifthgame/coin.svg",
     "text": _("Everyone who called the side the coin shows wins. Everyone may win, or nobody "
               "at all, so cheer for each other. Then play again, or choose another game "
               "together.")},
)
RULES = (
    _("Call heads or tails, in secret."),
    _("Once everyone has called, the coin is tossed: whoever called it wins."),
)
ROLES: dict = {}
PHASES = {"call": _("Everyone calls heads or tails in secret."),
          "over": _("The coin has been tossed.")}
