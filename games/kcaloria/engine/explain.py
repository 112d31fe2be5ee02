"""``kcal rules explain TOPIC``: the rule text of a modifier, biome, classification or rulebook
section, with what the engine does for it and the rulings that touch it."""

from __future__ import annotations

import os
import re
from pathlib import Path

from kcal.core.errors import KcalError
from kcal.games.kcaloria.domain import (
    ANIMAL_CLASSES,
    BIOMES,
    FISH_CLASSES,
    PLANT_CLASSES,
    TYPE_CLASSES,
    Biome,
    Klass,
    fold_name,
)
from kcal.games.kcaloria.engine.effects import EFFECTS
from kcal.games.kcaloria.modifiers import MODIFIERS

SECTIONS = ("Components", "Objective", "Setup", "Placement", "Adjacency", "Ecosystem Collapse",
            "Winning", "A Turn", "Solo Mode", "Classification", "Biomes", "Deck Building", "Modifiers")
RULINGS = Path(__file__).resolve().parent.parent / "docs" / "rulings.md"
_SECTION_TEXT: dict[str, str] = {
    "Components": "Each player: a 60-tile deck, 20 blue, 20 green, 20 yellow, 18 orange, 18 red and 14 "
                  "purple kCalorie cubes, and 6 counting dice.",
    "Objective": "Build the richest food chain: score the points of the unused cubes on your tiles "
                 "(blue 0, green 1, yellow 2, orange 3, red 4, purple 5).",
    "Classification": "The classification symbol's colour is the rarity (bronze common, silver "
                      "uncommon, gold exceptional, red rare). Water; plants (algae, flower, fungi, "
                      "lichen, plant, succulent, tree); animals; microbes and viruses; weather and "
                      "events; actions (leave after their turn) and manmade tiles (stay).",
    "Biomes": "A tile shows its preferred biomes; a biome_boost tile adds +1 to each adjacent tile "
              "with its biome. Codes: GL SV SH SD HD CD CL TL CF MF TF TD TC FF AL TA TN LE LI LO CR "
              "OC NO AO (see `kcal rules explain FF`).",
    "Deck Building": "A deck is 60 tiles with no more than 5 of one name.",
    "Modifiers": "Circle modifiers affect their own tile, square ones other tiles; "
                 "`kcal rules explain <modifier>` gives each one's rule.",
    "Setup": "Each player shuffles their 60-tile deck and draws 7; with no water tile among them, "
             "reshuffle and redraw. The first tile of the game goes anywhere; each other player's first "
             "tile goes exactly 5 spaces from the closest tile on the table.",
    "Placement": "A tile goes next to one of your own tiles (transplant: next to any tile) and its cost "
                 "is paid from unused cubes on the tiles next to the cell, of any owner.",
    "Adjacency": "Modifiers change adjacent yields; two adjacent animals of one name each get +1 "
                 "(reproduction); a multi-colour tile's bonus cube takes a colour it yields.",
    "Ecosystem Collapse": "A removed tile's cost cubes return to their sources; tiles that paid from it "
                          "starve, counted down by dice (1 for the target, 2 for its dependents, ...), "
                          "unless their owner re-pays them from returned cubes. Beginner mode removes "
                          "cubes instead of tiles.",
    "Winning": "The game ends at once when a player places their second human tile or three adjacent "
               "same-name pack-tactics tiles, or runs out of tiles. Score: points of unused cubes on "
               "your tiles (blue 0, green 1, yellow 2, orange 3, red 4, purple 5).",
    "A Turn": "Place a tile, pay its cost, add its yield with every effect, resolve effects, draw back "
              "to 7. Or discard 1 to 3 tiles and draw as many, ending the turn.",
    "Solo Mode": "Seven piles of 1..7 tiles, tops face up as the hand; a depleted pile takes the deck's "
                 "top tile. No discards; a turn with no legal placement ends the game as a loss.",
}


def _rulebook() -> str | None:
    """The full rulebook text: ``$KCAL_RULEBOOK``, or ``shared/rules/`` beside a source checkout.

    An installed kcal does not ship the rulebook; without it, sections fall back to the summaries above.
    """
    from kcal.core.rulebooks import rulebook_path
    from kcal.core.source import decode_utf8, read_source

    if os.environ.get("KCAL_RULEBOOK"):  # asked for by name: a file kcal cannot read is an error
        path = os.environ["KCAL_RULEBOOK"]
        display = f"KCAL_RULEBOOK {path}"
        return decode_utf8(read_source(path, display=display, max_bytes=4 << 20, what="a text file"), display)
    p = rulebook_path("kcaloria-rulebook.txt")
    try:
        return p.read_text(encoding="utf-8") if p is not None else None
    except (OSError, UnicodeDecodeError):
        return None  # the summaries above stand in


def _section_from_rulebook(title: str) -> str | None:
    text = _rulebook()
    if text is None:
        return None
    lines = text.splitlines()
    heads = [i for i, line in enumerate(lines) if line.strip() in SECTIONS]
    heads = [i for i in heads if i > 20]  # skip the table of contents
    for n, i in enumerate(heads):
        if lines[i].strip() == title:
            end = heads[n + 1] if n + 1 < len(heads) else len(lines)
            return "\n".join(lines[i + 1:end]).strip()
    return None


def _singular(word: str) -> str:
    """``insects`` -> ``insect``, ``species`` -> ``specie``: a stem that plural endings re-grow."""
    if len(word) > 3 and word.endswith("s") and not word.endswith("ss"):
        return word[:-1]
    return word


def topic_pattern(topic: str) -> re.Pattern[str]:
    """A pattern for ``topic`` in prose: its words separated by spaces, underscores or hyphens,
    case aside, each word singular or plural (``poisonous_insect`` finds "poisonous insects")."""
    words = [w for w in re.split(r"[\s_-]+", topic.strip().casefold()) if w]
    body = r"[\s_-]+".join(re.escape(_singular(w)) + r"(?:s|es)?" for w in words)
    return re.compile(rf"(?<![\w-]){body}(?![\w-])", re.IGNORECASE)


def _rulings_for(word: str) -> list[str]:
    if not RULINGS.is_file():
        return []
    pattern = topic_pattern(word)
    out = []
    for block in re.split(r"\n(?=### )", RULINGS.read_text(encoding="utf-8")):
        if block.startswith("### ") and pattern.search(block):
            out.append(block.splitlines()[0][4:].strip())
    return out


def explain(topic: str) -> dict:
    """A plain-data explanation of ``topic``; unknown topics raise KcalError with suggestions."""
    key = fold_name(topic).replace(" ", "_").replace("-", "_")
    if key in MODIFIERS:
        spec, eff = MODIFIERS[key], EFFECTS[key]
        params = ", ".join(spec.required) + ("" if not spec.optional else
                                             f" (optional: {', '.join(spec.optional)})")
        return {"topic": key, "kind": "modifier", "title": spec.title, "shape": spec.shape.value,
                "rule": spec.rule, "parameters": params.strip(", ") or "none",
                "engine": f"{eff.does} [trigger: {eff.trigger}]", "rulings": _rulings_for(key)}
    up = topic.strip().upper()
    if up in Biome.__members__:
        info = BIOMES[Biome(up)]
        return {"topic": up, "kind": "biome", "title": f"{info.number}. {info.name} ({info.code})",
                "rule": "A biome_boost tile for this biome adds +1 to each adjacent tile showing it "
                        "(and to invasive species), whichever of the two was placed first.",
                "rulings": _rulings_for("biome")}
    for b, info in BIOMES.items():
        if fold_name(info.name) == fold_name(topic):
            return explain(b.value)
    k = fold_name(topic)
    if k in {x.value for x in Klass}:
        klass = Klass(k)
        group = ("plant" if klass in PLANT_CLASSES else "animal" if klass in ANIMAL_CLASSES else "other")
        types = sorted(t.value for t, ks in TYPE_CLASSES.items() if klass in ks)
        notes = []
        if klass in FISH_CLASSES:
            notes.append("a fish: removed next to a fish hazard")
        if klass is Klass.INSECT:
            notes.append("removed next to a pesticide; feeds insectivores")
        if klass is Klass.ACTION:
            notes.append("an action tile leaves the table at the end of the turn it is played")
        if klass is Klass.MANMADE:
            notes.append("a manmade tile stays on the table, unless it has the remove modifier "
                         "(discard after use)")
        return {"topic": k, "kind": "classification", "title": klass.value, "group": group,
                "rule": f"Tile types that may carry it: {', '.join(types)}. " + "; ".join(notes),
                "rulings": _rulings_for(klass.value)}
    for title in SECTIONS:
        if fold_name(title) == k or fold_name(title).replace(" ", "_") == key:
            text = _section_from_rulebook(title) or _SECTION_TEXT.get(title, "")
            return {"topic": title, "kind": "section", "title": title, "rule": text,
                    "summary": _SECTION_TEXT.get(title, ""), "rulings": _rulings_for(title)}
    import difflib

    choices = list(MODIFIERS) + [b.value for b in Biome] + [x.value for x in Klass] + list(SECTIONS)
    close = difflib.get_close_matches(key, choices, n=3, cutoff=0.5)
    hint = f" (did you mean {', '.join(repr(c) for c in close)}?)" if close else ""
    raise KcalError(f"no rule topic {topic!r}: name a modifier, biome code, classification or "
                    f"rulebook section{hint}", code="usage")


def explain_text(d: dict) -> str:
    out = [f"{d['title']}  [{d['kind']}{', ' + d['shape'] if 'shape' in d else ''}]", "", d["rule"]]
    if d.get("parameters"):
        out += ["", f"parameters: {d['parameters']}"]
    if d.get("engine"):
        out += [f"engine: {d['engine']}"]
    if d.get("rulings"):
        out += ["", "rulings (docs/rulings.md):"] + [f"  - {r}" for r in d["rulings"]]
    return "\n".join(out)
