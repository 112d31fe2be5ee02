"""``kcal rules explain TOPIC --game ecologic-europe``: the phases, the card symbols and features, any
species card (by Latin, common name or id), each in kcal's words with the rulings that touch it
(``docs/rulings.md``)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from kcal.core.errors import KcalError
from kcal.core.rulings import RuleTopics
from kcal.core.rulings import explain_text as explain_text  # the hook's text: the shared one
from kcal.core.suggest import did_you_mean
from kcal.games.ecologic_europe.rules.domain import EDGE_SLOTS, FIELDS, HAND_SIZE
from kcal.games.ecologic_europe.rules.features import FEATURE_SPECS

RULINGS = Path(__file__).resolve().parent / "docs" / "rulings.md"

TOPICS: dict[str, tuple[str, str]] = {
    "setup": ("Game preparation", f"Each player gets 4 habitat boards, dealt at random and each turned to a random "
              f"side, one above the other; each habitat has {FIELDS} fields, and each edge between two "
              f"neighbouring habitats {EDGE_SLOTS} places. Everyone is dealt {HAND_SIZE} cards; the rest is the "
              "stack. With more than 4 players an expansion is added for each extra player."),
    "seasons": ("Seasons", "Four seasons, spring to winter. Spring starts with habitation; every later season "
                "starts with the beginning of the season; every season but winter ends with the end of the "
                "season; the game ends when winter's habitation is over."),
    "habitation": ("Habitation: four steps", "All players act at once, step by step: 1 an optional seasonal "
                   "exchange, 2 place a card (or trade a card for a joker, or pass), 3 and 4 prepare two cards "
                   "and hand them over. Habitation ends when every player has passed or run out of cards."),
    "exchange": ("Step 1: seasonal exchange", "Spring: one card for one from the stack. Summer: one card for two "
                 "biomass jokers. Autumn: four biomass or remains tokens for one card from the stack. Winter: "
                 "two cards for one from the discarded cards (never one of the two) or the stack. A drawn card is chosen by its back "
                 "(its species type), never by its front. With the weather variant the weather die is a "
                 "further option."),
    "placing": ("Step 2: placing a card", "A card goes to a free field of a habitat it shows, or onto an edge "
                "between two habitats if it has the edge symbol and shows one of them. A consumer needs a card "
                "it eats in its habitat(s) and enough biomass there to be fed. A card may cover a card it can "
                "eat, in a matching habitat, taking over its biomass (the remains go). Plants and species "
                "that eat only remains cover nothing. In winter no herbaceous plant or insect is placed."),
    "transfer": ("Steps 3 and 4: handing cards over", "Every player still in prepares two cards (one if that "
                 "is all they hold) and all hand them over at once: clockwise in spring and autumn, "
                 "counter-clockwise in summer and winter. A player who passed neither gives nor receives."),
    "pass": ("Passing", "A player who passes is out until the season ends. The cards left in hand are kept, "
             "or each traded for a joker."),
    "jokers": ("Jokers", "A joker is a biomass token beside the boards; it serves as biomass or remains in any "
               "feeding."),
    "feeding": ("Feeding", "A plant placed produces its number for the season. A consumer placed gathers its "
                "consumption from the cards it eats in its habitat (an edge card: both habitats), turning "
                "remains it eats into biomass; then it takes its feeding bonus: +1 for each plant with its "
                "bonus icon in its habitat(s)."),
    "end-of-season": ("End of the season", "On every card: an odd number of biomass tokens turns one into "
                      "remains, then half the biomass is discarded; remains stay."),
    "beginning-of-season": ("Beginning of the season", "Every plant produces; every consumer must be fed "
                            "again (its own tokens count), one after another in the player's order (kcal's: the one "
                            "that loses the fewest cards); one that cannot be fed when its turn comes dies at once: its "
                            "tokens become remains in its habitat for the cards fed after it, or a card beneath takes "
                            f"them. Hands are refilled to {HAND_SIZE}."),
    "scoring": ("Scoring", "Each habitat scores 1, 2 or 3 points for 5, 6 or 7 different species types on it "
                "(an edge card counts for both of its habitats, its top or its bottom card); card points are "
                "added. A tie goes to the fewest unfilled fields."),
    "express": ("Express mode", "3 habitats, 15 cards and 7 apple jokers each, 8 face-up cards; step 1 trades "
                "a card or 2 apples for a stack or face-up card; step 2 as usual; no seasons, no handing over. "
                "A plant produces its highest number."),
    "weather": ("Weather expansion", "In step 1, pay a card or 2 biomass tokens (jokers count, remains do not) and roll the weather die: a cloud "
                "reveals a weather card that acts on everyone; biomass takes 2 biomass from each neighbour as "
                "jokers; cards draws the top card of the stack (of the discarded cards once the stack is empty), whatever its back; 3/4 skips handing over till the season ends. Weather cards are "
                "used once."),
    "human-impact": ("Human-impact cards", "Ten cards in the deck; one may be played in step 2 instead of a "
                     "species. Its effects for the player and for all players happen after the step's "
                     "placements."),
    "pioneer": ("Pioneer plant", "May be placed on a field of any habitat while no other plant is there."),
    "poisonous": ("Poisonous species", "Mammals and birds do not feed on it."),
    "crop": ("Crop plant", "No other card is placed on the fields of its habitat (edges are free); it may be "
             "covered as usual."),
    "nocturnal": ("Nocturnal animal", "A marking that weather and human-impact cards refer to."),
    "edge": ("Edge of habitats", "A card with the edge symbol may sit between two habitats and feeds from "
             "both; never on the outer edge of an ecosystem."),
    "any-habitat": ("Any habitat", "A card with this symbol goes in every habitat."),
    "bonus": ("Feeding bonuses", "Fruiting, seed, flowering and grass: a fed animal with the icon takes +1 "
              "biomass per plant with the same icon in its habitat(s)."),
    "points": ("Victory points", "+1, +2, +3 or -1 on a card, added to the habitat diversity points."),
    **{a: (f"Feature: {s.label}", s.rule) for a, s in FEATURE_SPECS.items()},
}
ALIASES = {"step-1": "exchange", "step-2": "placing", "step-3": "transfer", "step-4": "transfer",
           "winner": "scoring", "edge-of-habitat": "edge", "any": "any-habitat", "feeding-bonus": "bonus"}


def _card_topic(topic: str) -> dict[str, Any] | None:
    """A species card by Latin name, common name or id: its catalog text."""
    from kcal.games.ecologic_europe.catalog import row, show_text
    from kcal.games.ecologic_europe.files.load import builtin

    cs = builtin()
    i = cs.find(topic)
    if i is None:
        return None
    r = row(cs.species[i])
    r["rules"] = {a: FEATURE_SPECS[a].rule for a in r["abilities"]}
    return {"topic": cs.species[i].latin, "title": f"{r['common_name']} ({r['card']})", "rule": show_text(r),
            "kind": "card", "card": r, "rulings": []}


def _unknown(topic: str) -> KcalError:
    from kcal.games.ecologic_europe.files.load import builtin

    names = list(TOPICS) + [s.latin for s in builtin().species]
    return KcalError(f"no topic {topic!r} for EcoLogic: Europe{did_you_mean(topic, names)}; topics: "
                     f"{', '.join(TOPICS)}, or a species' Latin name", code="unknown-topic")


#: the hook: a rule topic, or a species card
EXPLAIN = RuleTopics(TOPICS, RULINGS, _card_topic, _unknown, ALIASES)
topics, explain, rulings_for = EXPLAIN.topics, EXPLAIN.explain, EXPLAIN.rulings_for
