"""The live path: the sockets (``consumers``), the door every socket, page and timer calls the
room services through (``door``), the per-viewer frames (``screens``), their fan-out across
processes, the deadline ticker, the audience's tally and the graceful drain on restart."""
