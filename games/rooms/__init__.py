"""Rooms and seats: the models, the services that change them (``services``, ``presence``), the
reads the screens are drawn from (``selectors``), the outbox that hands each committed change
to the screens, and a room's life from its code to its end (``codes``, ``lifecycle``)."""
