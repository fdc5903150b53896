"""What one screen's socket may send: messages of at most ``MESSAGE_MAX_BYTES``, and no faster
than its token bucket refills (``FloodBucket``). The limits per client address, shared by every
socket and page of that address, are ``games.ops.limits``'s."""

from __future__ import annotations

import time

MESSAGE_MAX_BYTES = 4096
# Token bucket per socket: a burst of FLOOD_BURST messages, refilled at FLOOD_RATE a second.
FLOOD_BURST = 30
FLOOD_RATE = 10.0


class FloodBucket:
    """One socket's token bucket, full when the socket opens."""

    def __init__(self) -> None:
        self.allowance = float(FLOOD_BURST)
        self.allowance_at = time.monotonic()

    def allows(self) -> bool:
        """Token bucket: refuse messages beyond the burst and the steady rate."""
        now = time.monotonic()
        self.allowance = min(
            FLOOD_BURST, self.allowance + (now - self.allowance_at) * FLOOD_RATE
        )
        self.allowance_at = now
        if self.allowance < 1:
            return False
        self.allowance -= 1
        return True
