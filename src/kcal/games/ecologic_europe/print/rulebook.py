"""EcoLogic: Europe's reference sheets: the shared rule-sheet builder over the pack's templates and
data (the rules of ``rules explain``, the feature registry, the rulings, the card counts), so the sheets
say what the engine does."""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

from kcal.games.ecologic_europe.files.cardset import CardSet
from kcal.games.ecologic_europe.rules.domain import EDGE_SLOTS, FIELDS, FOOD_TYPES, GAME_NAME
from kcal.print import rulebook
from kcal.print.layout import Paper
from kcal.print.report import Report

TEMPLATE_DIR = Path(__file__).resolve().parent.parent / "templates"
SECTIONS = ("overview", "rules", "features", "rulings")
ACCENT = "#38761d"


def template_data(cs: CardSet) -> dict[str, Any]:
    from kcal.core.rulings import read_rulings
    from kcal.games.ecologic_europe import PACK
    from kcal.games.ecologic_europe.explain import RULINGS, TOPICS
    from kcal.games.ecologic_europe.print.faces import TYPE_STYLE
    from kcal.games.ecologic_europe.rules.features import FEATURE_SPECS

    by_expansion = Counter(s.expansion for s in cs.species)
    comp = cs.components
    return {
        "game": {"name": GAME_NAME, "min_players": PACK.info.min_players, "max_players": PACK.info.max_players},
        "counts": {"species": len(cs.species), "base": by_expansion["base"], "mountains": by_expansion["mountains"],
                   "coastal": by_expansion["coastal"], "cities": by_expansion["human-habitat"],
                   "boards": len(comp.boards), "weather": len(comp.weather_cards), "human": len(comp.human_cards)},
        "fields": FIELDS, "edge_slots": EDGE_SLOTS, "die": ", ".join(comp.weather_die),
        "types": [{"letters": TYPE_STYLE[t.value][0], "title": t.label} for t in FOOD_TYPES],
        "topics": [{"id": k, "title": v[0], "rule": v[1]} for k, v in TOPICS.items() if k not in FEATURE_SPECS],
        "features": [{"id": f.id, "label": f.label, "rule": f.rule} for f in FEATURE_SPECS.values()],
        "rulings": [{"title": r["title"], "decision": r.get("decision", "")} for r in read_rulings(RULINGS)],
    }


def build(out_path: str, paper: Paper, cs: CardSet, report: Report, user_dir: Path | None, invariant: bool) -> int:
    blocks = rulebook.render_sections(SECTIONS, TEMPLATE_DIR, user_dir, template_data(cs), report)
    return rulebook.build_rulebook(out_path, paper, blocks, invariant=invariant, title=f"{GAME_NAME} reference sheets",
                                   running_title=f"{GAME_NAME} reference", accent=ACCENT)
