"""``kcal catalog validate|list|show --game ecologic-europe`` over the species data: the shared
:class:`~kcal.core.catalogs.CardCatalog` with this game's rows, filters (``--biome`` takes a habitat) and words.

``validate(paths)`` checks species files (none: the built-in ones, validated together);
``list_cards(filters, catalogs, no_builtin)`` and ``show(name, catalogs, no_builtin)`` look cards up.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from kcal.core.catalogs import CardCatalog, Paths, card_sets, text_filter
from kcal.core.results import card_table
from kcal.games.ecologic_europe.files.cardset import CardSet, Species
from kcal.games.ecologic_europe.files.load import BUILTIN, DATA, SPECIES_FILES, builtin, load_species
from kcal.games.ecologic_europe.rules.domain import (
    BOARD_HABITATS,
    FOOD_TYPES,
    GAME_ID,
    SEASONS,
    parse_habitat,
    parse_species_type,
)
from kcal.games.ecologic_europe.rules.features import FEATURE_SPECS


def _targets(paths: Paths) -> list[tuple[str, Sequence[str | Path]]]:
    """Each species file on its own; none: the built-in ones, validated together."""
    return [(str(p), [p]) for p in paths] if paths else [(BUILTIN, [DATA / f for f in SPECIES_FILES])]


def _sets(catalogs: Paths, no_builtin: bool) -> list[CardSet]:
    return card_sets(catalogs, no_builtin, lambda p: load_species([p]), builtin)


def row(s: Species) -> dict[str, Any]:
    out: dict[str, Any] = {"card": s.latin, "id": s.id, "common_name": s.name, "type": FOOD_TYPES[s.type].value,
                           "habitats": ["any"] if s.any_habitat else
                           [h.value for i, h in enumerate(BOARD_HABITATS) if s.fits(i)],
                           "edge": s.edge, "expansion": s.expansion}
    if s.production is not None:
        out["production"] = dict(zip((x.value for x in SEASONS), s.production, strict=True))
    else:
        out["consumption"] = s.consumption
        out["eats"] = [t.value for i, t in enumerate(FOOD_TYPES) if s.eats >> i & 1]
    out.update({"bonus": s.bonus, "features": sorted(s.features), "abilities": sorted(s.abilities),
                "points": s.points, "fact": s.fact})
    return out


def _types(values: list[str]) -> Callable[[Species], bool]:
    types = {FOOD_TYPES.index(parse_species_type(t)) for t in values}
    return lambda s: s.type in types


def _habitats(values: list[str]) -> Callable[[Species], bool]:
    """``--biome``: a habitat here; a species of any habitat lives in each."""
    habitats = {parse_habitat(h).value for h in values}
    return lambda s: s.any_habitat or any(s.fits(i) for i, h in enumerate(BOARD_HABITATS) if h.value in habitats)


def list_text(listing: dict[str, Any]) -> str:
    rows = listing["cards"]
    return card_table(("id", "card", "common name", "type", "habitats"),
                      [(r["id"], r["card"], r["common_name"], r["type"], ", ".join(r["habitats"])) for r in rows])


def species_icon(icon: str | None, type_word: str) -> str:
    """The species card's picture (docs/art.md)."""
    from kcal.games.ecologic_europe.print.picture import species_icon as picture

    return picture(icon, type_word)


def _detail(s: Species, cs: CardSet) -> dict[str, Any]:
    """``catalog show``: the row with each ability's rule and the card's picture."""
    r = row(s)
    r["rules"] = {a: FEATURE_SPECS[a].rule for a in r["abilities"]}
    r["icon"] = species_icon(s.model.icon, r["type"])
    return r


def _find(cs: CardSet, name: str) -> Species | None:
    i = cs.find(name)
    return None if i is None else cs.species[i]


CATALOG: CardCatalog[CardSet, Species] = CardCatalog(
    GAME_ID, _sets, lambda cs: cs.species, lambda s, cs: row(s), key=lambda s: s.id,
    aliases=lambda s: (s.latin, s.name, s.id), find=_find, detail=_detail,
    filters={"type": _types, "name": text_filter(lambda s: f"{s.id} {s.name} {s.latin}"), "biome": _habitats},
    check=lambda group: {"cards": len(load_species(group))}, targets=_targets, builtin=BUILTIN,
    summary=lambda r: f"{r['cards']} species cards", builtin_note="; kcal's reconstruction", noun="species cards",
    missing=lambda name, sets, hint: f"no species card {name!r}{hint}")

FILTERS = CATALOG.FILTERS  # --biome takes a habitat here
validate_catalogs, validate, validate_text = CATALOG.validate_catalogs, CATALOG.validate, CATALOG.validate_text
list_cards, card_names, show = CATALOG.list_cards, CATALOG.card_names, CATALOG.show


def show_text(card: dict[str, Any]) -> str:
    lines = [f"{card['id']} {card['common_name']} ({card['card']}): {card['type']}, in {', '.join(card['habitats'])}"
             + (", edge of habitats" if card["edge"] else "")]
    if "production" in card:
        lines.append("  produces " + "-".join(str(v) for v in card["production"].values())
                     + " (spring-summer-autumn-winter)")
    else:
        lines.append(f"  consumes {card['consumption']} from {', '.join(card['eats'])}")
    for key in ("bonus", "features", "points"):
        if card[key]:
            lines.append(f"  {key}: {card[key] if not isinstance(card[key], list) else ', '.join(card[key])}")
    lines += [f"  {a}: {rule}" for a, rule in card.get("rules", {}).items()]
    lines.append(f"  {card['fact']}")
    if card.get("icon"):
        lines.append(f"  picture: {card['icon']}")
    return "\n".join(lines)
