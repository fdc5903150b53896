"""The Content-Security-Policy header: the pages run only the project's own scripts.

Every script is a file served by the project (no inline script, no ``eval``), so ``script-src
'self'`` holds. Styles are the project's files too; the ``style`` attribute is allowed, because
the screens draw seat colours and board squares with it (``h()`` in dom.js sets it, and the
morph that redraws a screen copies it from one drawing to the next). Sockets go to the page's
own host (``ws:``/``wss:`` named too: older Safari does not count them as ``'self'``). Frames:
none (with ``X-Frame-Options: DENY`` for older browsers), but the board's mirror, which a remote
player's page frames (``SAME_ORIGIN_FRAMED``, with ``X-Frame-Options: SAMEORIGIN``).
"""

from __future__ import annotations

from collections.abc import Callable

from django.core.exceptions import DisallowedHost
from django.http import HttpRequest, HttpResponse

POLICY = (
    "default-src 'self'; script-src 'self'; style-src 'self'; style-src-attr 'unsafe-inline'; "
    "img-src 'self' data:; connect-src 'self' ws://{host} wss://{host}; object-src 'none'; "
    "base-uri 'self'; form-action 'self'; frame-ancestors 'none'"
)

SAME_ORIGIN_FRAMED = POLICY.replace("frame-ancestors 'none'", "frame-ancestors 'self'")


class ContentSecurityPolicyMiddleware:
    """Adds the policy to every response that has none of its own."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        if "Content-Security-Policy" not in response:
            try:
                host = request.get_host()
            except DisallowedHost:  # answered 400 already; its own host is no concern
                host = "'none'"
            response["Content-Security-Policy"] = POLICY.format(host=host)
        return response
