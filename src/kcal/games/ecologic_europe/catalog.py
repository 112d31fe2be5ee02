"""``kcal catalog validate|list|show --game ecologic-europe`` over the species data.

``validate(paths)`` checks species files (none: the built-in ones, validated together);
``list_cards(filters, catalogs, no_builtin)`` and ``show(name, catalogs, no_builtin)`` look cards up.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from kcal.core.catalogs import card_sets, raise_invalid, validate_each
from kcal.core.errors import KcalError
from kcal.core.results import card_table
from kcal.core.suggest import lookup
from kcal.core.text import shown
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

FILTERS = ("type", "name", "biome")  # --biome takes a habitat here
Paths = Sequence[str | Path] | None


def validate_catalogs(paths: Paths = None) -> dict[str, Any]:
    def check(group: Sequence[str | Path]) -> dict[str, Any]:
        return {"cards": len(load_species(group))}

    targets: list[tuple[str, Sequence[str | Path]]] = (
        [(str(p), [p]) for p in paths] if paths else [(BUILTIN, [DATA / f for f in SPECIES_FILES])])
    return validate_each(GAME_ID, targets, {"cards": 0}, check)


#: the built-in set is kcal's reconstruction (docs/README.md), and says so wherever it is checked
_RECONSTRUCTION = "; kcal's reconstruction"


def validate_text(result: dict[str, Any]) -> str:
    return "\n".join(f"{shown(r['catalog'])}: " + (f"{len(r['errors'])} problem(s)" if r["errors"] else
                                            f"valid ({r['cards']} species cards"
                                            f"{_RECONSTRUCTION if r['catalog'] == BUILTIN else ''})")
                     for r in result["catalogs"])


def validate(paths: Paths = None) -> dict[str, Any]:
    return raise_invalid(validate_catalogs(paths))


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


def list_cards(filters: Mapping[str, Any] | None = None, catalogs: Paths = None,
               no_builtin: bool = False) -> dict[str, Any]:
    filters = filters or {}
    types = {FOOD_TYPES.index(parse_species_type(t)) for t in filters.get("type") or []}  # type: ignore[arg-type]
    habitats = {parse_habitat(h).value for h in filters.get("biome") or []}
    part = " ".join(str(filters.get("name") or "").split()).casefold()
    rows = []
    for cs in _sets(catalogs, no_builtin):
        for s in cs.species:
            r = row(s)
            if types and s.type not in types:
                continue
            if habitats and not (habitats & set(r["habitats"]) or "any" in r["habitats"]):
                continue
            if part and part not in f"{s.id} {s.name} {s.latin}".casefold():
                continue
            rows.append(r)
    return {"game": "ecologic-europe", "count": len(rows), "cards": rows}


def list_text(listing: dict[str, Any]) -> str:
    rows = listing["cards"]
    return card_table(("id", "card", "common name", "type", "habitats"),
                      [(r["id"], r["card"], r["common_name"], r["type"], ", ".join(r["habitats"])) for r in rows])


def card_names(catalogs: Paths = None, no_builtin: bool = False) -> list[tuple[str, str]]:
    """Every way a species card may be named (Latin name, common name, id), with its id: the pairs of
    :func:`kcal.core.suggest.lookup`."""
    return _names(_sets(catalogs, no_builtin))


def _names(sets: list[CardSet]) -> list[tuple[str, str]]:
    return [(alias, s.id) for cs in sets for s in cs.species for alias in (s.latin, s.name, s.id)]


def species_icon(icon: str | None, type_word: str) -> str:
    """The species card's picture (docs/art.md)."""
    from kcal.games.ecologic_europe.print.picture import species_icon as picture

    return picture(icon, type_word)


def show(name: str, catalogs: Paths = None, no_builtin: bool = False) -> dict[str, Any]:
    """One species card, by Latin name, common name or id, or by words of one of them ("roe deer")."""
    sets = _sets(catalogs, no_builtin)
    found = lookup(name, _names(sets))
    for cs in sets:
        i = cs.find(name)
        if i is None and found.name is not None:
            i = cs.find(found.name)
        if i is not None:
            r = row(cs.species[i])
            r["rules"] = {a: FEATURE_SPECS[a].rule for a in r["abilities"]}
            r["icon"] = species_icon(cs.species[i].model.icon, r["type"])
            return r
    if found.several:
        raise KcalError(found.several_message("species cards"), code="ambiguous")
    raise KcalError(f"no species card {name!r}{found.hint()}",
                    code="unknown-card")


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
