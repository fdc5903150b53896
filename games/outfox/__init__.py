"""Outfox the Fox: a TV, phones, and a Fox hiding in a Top 5 (see docs.md)."""
