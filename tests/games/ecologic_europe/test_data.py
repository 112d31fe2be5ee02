"""The built-in card data: 150+ real species, the rulebook's examples, every symbol and feature."""

from __future__ import annotations

from collections import Counter

from kcal.games.ecologic_europe.files.load import builtin
from kcal.games.ecologic_europe.rules.domain import BONUSES, FEATURES, FOOD_TYPES, HABITAT_TITLES
from kcal.games.ecologic_europe.rules.features import ABILITY_IDS


def test_card_description_at_least_150_species_with_unique_latin_names():
    cs = builtin()
    assert len(cs) >= 150
    assert len({s.latin for s in cs.species}) == len(cs)
    assert all(s.fact and s.name for s in cs.species)


def test_feeding_example_species_of_the_rulebook_are_there():
    cs = builtin()
    names = " | ".join(f"{s.name} {s.latin}".casefold() for s in cs.species)
    for word in ("dandelion", "peacock butterfly", "skylark", "oak", "wasp", "roe deer", "raven", "woodpecker",
                 "phytoplankton"):
        assert word in names, word


def test_symbols_every_type_habitat_bonus_feature_and_point_value_is_on_a_card():
    cs = builtin().species
    assert {FOOD_TYPES[s.type].value for s in cs} == {t.value for t in FOOD_TYPES[:12]}
    eaten = {t for s in cs for t in range(14) if s.eats >> t & 1}
    assert eaten == set(range(14))
    assert {s.bonus for s in cs} >= {b.value for b in BONUSES}
    assert {f for s in cs for f in s.features} == {f.value for f in FEATURES}
    assert {a for s in cs for a in s.abilities} == set(ABILITY_IDS)
    assert {s.points for s in cs} == {-1, 0, 1, 2, 3}
    assert any(s.edge for s in cs) and any(s.any_habitat for s in cs)
    habitats = {i for s in cs if not s.any_habitat for i in range(8) if s.fits(i)}
    assert habitats == set(range(len(HABITAT_TITLES) - 1))


def test_producers_have_four_seasons_and_consumers_a_diet():
    for s in builtin().species:
        if s.producer:
            assert s.production is not None and len(s.production) == 4 and s.eats == 0
        else:
            assert s.consumption >= 1 and s.eats


def test_game_elements_boards_weather_and_human_impact_components():
    comp = builtin().components
    base = [b for b in comp.boards if b.expansion.value == "base"]
    assert len(base) == 16
    assert {side.habitat.value for b in base for side in b.sides} == {"deciduous", "coniferous", "meadows",
                                                                       "rivers", "wetlands"}
    assert Counter(b.expansion.value for b in comp.boards) == {"base": 16, "mountains": 4, "coastal": 4,
                                                              "human-habitat": 4}
    assert len(comp.weather_cards) == 12 and len(comp.human_cards) == 10
    assert set(comp.weather_die) == {"cloud", "biomass", "cards", "skip-transfer"}


def test_features_registry_each_feature_is_on_a_card_explained_and_named_by_the_engine():
    from pathlib import Path

    from kcal.games.ecologic_europe import explain, rules
    from kcal.games.ecologic_europe.rules.features import FEATURE_SPECS

    source = "\n".join(p.read_text(encoding="utf-8") for p in sorted(Path(rules.__file__).parent.glob("*.py")))
    on_cards = {a for s in builtin().species for a in s.abilities}
    for feature in FEATURE_SPECS:
        assert feature in on_cards and feature in explain.TOPICS
        assert f'"{feature}"' in source, feature
