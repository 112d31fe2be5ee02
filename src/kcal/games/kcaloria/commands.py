"""The kCaloria commands beyond the shared ones, as one hook (``commands``) the CLI asks the pack for.

``kcal deck import|diff|stats|hand|report``, ``kcal print deck|catalog|tile|alignment``, the kCaloria
side of ``print cards|rulebook``, ``kcal sim goldfish|solo`` and the deck match of ``sim match`` work on
hex-tile decks, which only this pack has. The CLI reaches them through ``pack.hook("commands")`` (so shared
code names no game), and this module imports each function only when a command asks for it: a name is
looked up in :data:`TOOLS` and imported from its module on first use.
"""

from __future__ import annotations

import importlib
from typing import Any

_P = "kcal.games.kcaloria"

#: name -> the module that defines it
TOOLS: dict[str, str] = {
    # decks
    "load_deck": f"{_P}.files.load", "load_library": f"{_P}.files.load", "BUILTIN": f"{_P}.files.load", "_display": f"{_P}.files.load",
    "import_deck": f"{_P}.deck.importer", "MAX_LIST_BYTES": f"{_P}.deck.importer", "STDIN": f"{_P}.deck.importer",
    "diff_decks": f"{_P}.deck.diff", "deck_stats": f"{_P}.deck.stats", "biome_label": f"{_P}.deck.stats",
    "playable_tiles": f"{_P}.deck.check", "colour_balance": f"{_P}.deck.check",
    "sample_hand": f"{_P}.deck.hand", "hand_text": f"{_P}.deck.hand",
    "render_deck_report": f"{_P}.sim.report", "report_units": f"{_P}.sim.report",
    "report_advice": f"{_P}.sim.report",
    # printing hex tiles
    "render_deck_pdf": f"{_P}.print.api", "render_catalog_pdf": f"{_P}.print.api",
    "render_cards_pdf": f"{_P}.print.api", "render_rulebook_pdf": f"{_P}.print.api",
    "render_tile_png": f"{_P}.print.api", "render_alignment_pdf": f"{_P}.print.api",
    # simulation of decks
    "simulate_goldfish": f"{_P}.sim.goldfish", "load_profile": f"{_P}.sim.profile",
    "goldfish_text": f"{_P}.sim.render", "solo_text": f"{_P}.sim.render", "match_text": f"{_P}.sim.render",
    "simulate_solo": f"{_P}.sim.solo", "replay_solo_game": f"{_P}.sim.solo",
    "simulate_match": f"{_P}.sim.match", "match_game": f"{_P}.sim.match",
}


def __getattr__(name: str) -> Any:
    module = TOOLS.get(name)
    if module is None:
        raise AttributeError(f"kCaloria has no tool {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value  # the next lookup is a plain attribute
    return value


def __dir__() -> list[str]:
    return sorted(TOOLS)
