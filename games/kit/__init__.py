"""The game kit: what a game is made of and how the platform finds it.

``game`` is the ``Game`` object each game exports (checked at import), ``rules`` the pure rules'
helpers (seeded randomness, move tables, replay), ``options`` the options' kinds, ``adapter`` a
game's Django side, ``registry`` the installed games, ``recap``, ``guides`` and ``curated`` the
shared parts of recaps, how-to-play guides and admin-curated content, ``errors`` the refusals
the platform speaks. Nothing here knows rooms, sockets or any game by name.
"""
