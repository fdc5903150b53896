"""Hoax: claim to be who you are not, call out the liars (see docs.md)."""
