"""Tiles, catalogs and decks as plain frozen objects, as the loader hands them out: the rules' own types
(:mod:`kcal.games.kcaloria.rules.cards`, since ``rules/`` never imports ``files/``), named here too so that
``files.cardset`` stays where code outside the rules finds them."""

from __future__ import annotations

from kcal.games.kcaloria.rules.cards import (
    Catalog,
    CatalogSet,
    Deck,
    DeckMixin,
    Modifier,
    ModifierMixin,
    Tile,
    TileMixin,
    duplicate_tiles,
    format_amounts,
    format_cost,
)

__all__ = ["Catalog", "CatalogSet", "Deck", "DeckMixin", "Modifier", "ModifierMixin", "Tile", "TileMixin",
           "duplicate_tiles", "format_amounts", "format_cost"]
