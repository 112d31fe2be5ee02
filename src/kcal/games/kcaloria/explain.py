"""``kcal rules explain TOPIC``: the rule text of a modifier, biome, classification, rulebook section or
rule a player asks about (reproduction, scoring, discard, ...), with what the engine does for it and the
rulings that touch it, each in full; with no topic, ``kcal rules explain`` lists :func:`topics`."""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Any

from kcal.core.errors import KcalError
from kcal.core.rulings import read_rulings, rulings_block
from kcal.core.suggest import close_matches, phrase
from kcal.games.kcaloria.rules.domain import (
    ANIMAL_CLASSES,
    BIOMES,
    COLOR_POINTS,
    CUBE_SUPPLY,
    DECK_SIZE,
    DICE_PER_DECK,
    FISH_CLASSES,
    PLANT_CLASSES,
    TYPE_CLASSES,
    Biome,
    Color,
    Klass,
    fold_name,
)
from kcal.games.kcaloria.rules.effects import EFFECTS
from kcal.games.kcaloria.rules.modifiers import MODIFIERS

SECTIONS = ("Components", "Objective", "Setup", "Placement", "Adjacency", "Ecosystem Collapse",
            "Winning", "A Turn", "Solo Mode", "Classification", "Biomes", "Deck Building", "Modifiers")
RULINGS = Path(__file__).resolve().parent / "docs" / "rulings.md"
#: ``blue 0, green 1, ...``: the points of each cube colour (SPEC), from the domain's one table.
_POINTS_TEXT = ", ".join(f"{c.value} {COLOR_POINTS[c]}" for c in Color)
_SUPPLY_TEXT = ", ".join(f"{n} {c.value}" for c, n in CUBE_SUPPLY.items())
_SECTION_TEXT: dict[str, str] = {
    "Components": f"Each player: a {DECK_SIZE}-tile deck, {_SUPPLY_TEXT} kCalorie cubes, and "
                  f"{DICE_PER_DECK} counting dice.",
    "Objective": "Build the richest food chain: score the points of the unused cubes on your tiles "
                 f"({_POINTS_TEXT}).",
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
               f"your tiles ({_POINTS_TEXT}).",
    "A Turn": "Place a tile, pay its cost, add its yield with every effect, resolve effects, draw back "
              "to 7. Or discard 1 to 3 tiles and draw as many, ending the turn.",
    "Solo Mode": "Seven piles of 1..7 tiles, tops face up as the hand; a depleted pile takes the deck's "
                 "top tile. No discards; a turn with no legal placement ends the game as a loss.",
}

#: The rules players ask about by their own word, in kcal's words: topic -> (title, the rulebook section
#: it comes from, the rule). Each shows the rulings of that section and those that name the topic.
RULE_TOPICS: dict[str, tuple[str, str, str]] = {
    "reproduction": ("Reproduction", "Adjacency",
                     "Two adjacent animal tiles (humans included) that share a name each get +1 yield: one "
                     "more cube on each, added at once, whoever owns them (an opponent's animal of the same "
                     "name helps both). A pair counts once, when the later of the two is placed, and a tile "
                     "gets +1 for each same-name neighbour. A tile that yields several colours takes the "
                     "cube in a colour it yields (the move's `choose: {color: ...}`, else its "
                     "highest-scoring one); an intelligent animal takes a purple (human) cube instead, "
                     "unless the move chooses one of its own colours."),
    "scoring": ("Scoring", "Winning",
                "When the game ends, each player scores the points of the unused cubes on their own tiles: "
                f"{_POINTS_TEXT}. Cubes spent on costs score nothing, whoever's tile they paid for. The "
                "highest score wins; on a tie every player with the top score wins. A solo game that "
                "stagnates (no legal placement) is lost, whatever its score."),
    "discard": ("Discarding", "A Turn",
                "Instead of placing a tile, a player may discard 1 to 3 tiles from their hand and draw as "
                "many (nothing once the draw pile is empty); that ends the turn. Discarded tiles go face "
                "down to the player's own discard pile and are out of the game. A record writes "
                "`{player: A, discard: [Moonlight]}`. There are no discards in solo: a solo player who "
                "cannot place has stagnated and lost."),
}
#: Other words players use, each to the topic it means (a section title or a key of ``RULE_TOPICS``).
ALIASES: dict[str, str] = {
    "turn": "A Turn", "turns": "A Turn", "a_turn": "A Turn", "solo": "Solo Mode", "solo_mode": "Solo Mode",
    "collapse": "Ecosystem Collapse", "win": "Winning", "winner": "Winning", "end": "Winning",
    "game_end": "Winning", "deck": "Deck Building", "deckbuilding": "Deck Building",
    "reproduce": "reproduction", "same_name": "reproduction", "breeding": "reproduction",
    "score": "scoring", "points": "scoring", "discards": "discard", "discarding": "discard",
    "classifications": "Classification", "biome": "Biomes", "modifier": "Modifiers",
    "first_tile": "Setup", "payment": "Placement", "cost": "Placement", "pay": "Placement",
}


def _topic_key(title: str) -> str:
    """How a section title is written as a topic: ``Ecosystem Collapse`` -> ``ecosystem-collapse``."""
    return fold_name(title).replace(" ", "-")


def topic_groups() -> dict[str, list[str]]:
    """Every topic ``kcal rules explain`` knows, grouped for a reader (what :func:`topics` lists)."""
    rules: list[str] = []
    for title in SECTIONS:  # rulebook order, each asked-about rule after the section it comes from
        rules.append({"A Turn": "turn", "Solo Mode": "solo"}.get(title, _topic_key(title)))
        rules += [key for key, (_, section, _) in RULE_TOPICS.items() if section == title]
    return {
        "rules": rules,
        "modifiers": sorted(MODIFIERS),
        "biomes": [b.value for b in Biome],
        "classifications": [k.value for k in Klass],
    }


def topics() -> list[str]:
    """The topics, rules first (each one explains; aliases and other spellings are accepted too)."""
    return [t for group in topic_groups().values() for t in group]


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


def rulings() -> tuple[dict[str, str], ...]:
    """Every ruling of ``docs/rulings.md`` in full (:func:`kcal.core.rulings.read_rulings`): ``title``,
    ``section`` (the ``##`` heading it sits under) and each field (question, decision, why, test)."""
    return read_rulings(RULINGS)


def _rulings_for(word: str, section: str | None = None) -> list[dict[str, str]]:
    """The rulings that name ``word`` (any spelling, see :func:`topic_pattern`), and with ``section``
    every ruling under the rulings document's heading of that rulebook section."""
    pattern = topic_pattern(word)
    head = fold_name(section) if section else None
    out = []
    for r in rulings():
        under = head is not None and fold_name(r["section"]).startswith(head)
        if under or any(pattern.search(text) for key, text in r.items() if key not in ("section", "heading")):
            out.append(dict(r))
    return out


def explain(topic: str) -> dict[str, Any]:
    """A plain-data explanation of ``topic``; unknown topics raise KcalError with suggestions."""
    key = fold_name(topic).replace(" ", "_").replace("-", "_")
    key = fold_name(ALIASES.get(key, key)).replace(" ", "_")
    if key in MODIFIERS:
        spec, eff = MODIFIERS[key], EFFECTS[key]
        params = ", ".join(spec.required) + ("" if not spec.optional else
                                             f" (optional: {', '.join(spec.optional)})")
        return {"topic": key, "kind": "modifier", "title": spec.title, "shape": spec.shape.value,
                "rule": spec.rule, "parameters": params.strip(", ") or "none",
                "engine": f"{eff.does} [trigger: {eff.trigger}]", "rulings": _rulings_for(key)}
    if key in RULE_TOPICS:
        title, section, rule = RULE_TOPICS[key]
        return {"topic": key, "kind": "rule", "title": title, "section": section, "rule": rule,
                "rulings": _rulings_for(key, section if key != "reproduction" else None)}
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
    k = key.replace("_", " ")
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
        if fold_name(title).replace(" ", "_") == key:
            text = _section_from_rulebook(title) or _SECTION_TEXT.get(title, "")
            return {"topic": title, "kind": "section", "title": title, "rule": text,
                    "summary": _SECTION_TEXT.get(title, ""), "rulings": _rulings_for(title, title)}
    raise KcalError(f"no rule topic {topic!r}{_did_you_mean(topic)}; `kcal rules explain` lists the topics "
                    "(rules, modifiers, biome codes, classifications)", code="usage")


def _did_you_mean(topic: str) -> str:
    """Up to three topics close to ``topic``: close spellings of a topic or alias (an alias suggests what
    it stands for), else the topics that contain the word (``hunters`` -> ``nocturnal_hunters``)."""
    key = fold_name(topic).replace(" ", "_").replace("-", "_")
    spelled = {t.replace("-", "_"): t for t in topics()}
    spelled.update({a: _topic_key(t) if t in SECTIONS else t for a, t in ALIASES.items()})
    found = [spelled[m] for m in close_matches(key, list(spelled), n=3, cutoff=0.75)]
    if not found and len(key) >= 4:
        found = [t for t in topics() if key in t.replace("-", "_")][:3]
    return phrase(list(dict.fromkeys(found)))


def explain_text(d: dict[str, Any]) -> str:
    kind = d["kind"] + (f", {d['shape']}" if "shape" in d else "")
    kind += f", from the rulebook's {d['section']}" if d.get("section") else ""
    out = [f"{d['title']}  [{kind}]", "", d["rule"]]
    if d.get("parameters"):
        out += ["", f"parameters: {d['parameters']}"]
    if d.get("engine"):
        out += [f"engine: {d['engine']}"]
    out += rulings_block(d.get("rulings") or [])
    return "\n".join(out)
