"""Fixtures for the catalog and schema commands live in ``fixtures/``; ``work`` copies them."""
