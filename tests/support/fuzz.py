"""Hypothesis strategies for what arrives from outside (files, request bodies): text with any
character, surrogates and NUL included, and JSON values built from it. The deck importer's fuzz
(tests/questions/test_deck_import_fuzz.py) and the HTTP API's (tests/games/test_api_fuzz.py)
share them."""

from __future__ import annotations

from hypothesis import strategies as st

# Text as files and clients send it: any character, surrogates and NUL included, with the
# separators, quotes and line breaks a parser cares about made likely.
any_text = st.text(
    st.one_of(
        st.characters(),  # any code point but surrogates
        st.characters(categories=["Cs"]),
        st.sampled_from(["\x00", ",", ";", "\t", '"', "\n", "\r", "'", "=", "\ufeff"]),
    ),
    max_size=30,
)


def json_values(*likely: str):
    """Any JSON value (nested a few levels), its strings ``any_text`` or one of ``likely``."""
    return st.recursive(
        st.none()
        | st.booleans()
        | st.integers()
        | st.floats()
        | any_text
        | st.sampled_from(likely or [""]),
        lambda inner: st.lists(inner, max_size=6) | st.dictionaries(any_text, inner, max_size=4),
        max_leaves=12,
    )
