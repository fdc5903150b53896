"""Static files as production serves them: hashed names, compressed copies, module imports kept.

WhiteNoise's compressed manifest storage names each file by its content's hash (so browsers
cache it for a year and a new version is a new address) and writes a gzip copy beside it
(brotli too when the ``brotli`` package is installed). The screens are ES modules that import
each other by relative path (``./dom.js``); Django rewrites those imports to the hashed names
only when asked (``support_js_module_import_aggregation``). Without it a page would load
``screen.<hash>.js`` and then ``dom.js`` by its plain name: a second copy of every shared
module, and a stale one after an upgrade.
"""

from __future__ import annotations

from whitenoise.storage import CompressedManifestStaticFilesStorage


class StaticStorage(CompressedManifestStaticFilesStorage):
    support_js_module_import_aggregation = True
    # A game's stylesheet is loaded by its module from beside itself,
    # ``new URL("./<game>.css", import.meta.url)``: rewritten to the hashed name as well, so
    # it is cached as long as the rest and changes address when it changes.
    patterns = CompressedManifestStaticFilesStorage.patterns + (
        ("*.js", ((r"""(?P<matched>new URL\(["'](?P<url>\./[^"']+)["'], import\.meta\.url\))""",
                   """new URL("%(url)s", import.meta.url)"""),)),
    )
    # A game's module imports its common.js, which imports the shared widgets, which import
    # dom.js, which imports idiomorph: each level's hash waits for the one below it. A screen
    # split into parts (phone.js, phone/night.js, ...) chains about ten deep today; Django stops
    # as soon as a pass changes nothing, so a higher bound costs nothing until it is needed.
    max_post_process_passes = 20
