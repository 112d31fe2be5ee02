"""``kcal rules explain TOPIC --game how-many-calories``: each rule in kcal's own words, with the
rulings that touch it (from ``docs/rulings.md``); a card (``yellow 14``, or its food) explains what it
is worth in a trick."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from kcal.core.errors import KcalError
from kcal.core.rulings import RuleTopics
from kcal.core.rulings import explain_text as explain_text  # the hook's text: the shared one
from kcal.core.suggest import did_you_mean
from kcal.games.how_many_calories.rules.domain import (
    COLOUR_NAMES,
    DEFAULT_ROUNDS,
    HAND_SIZE,
    LIMITS,
    PASS_SIZE,
    PLUS,
    CardError,
    kcal_text,
)

RULINGS = Path(__file__).resolve().parent / "docs" / "rulings.md"

#: topic -> (title, the rule in kcal's words)
TOPICS: dict[str, tuple[str, str]] = {
    "setup": ("Setup", f"Each player gets one +{PLUS} card. Shuffle the 32 food cards and deal {HAND_SIZE} to "
              "each player; with 3 players the 8 cards left over are set aside face down, unseen, for the "
              "round. The first round's start player is the first player in turn order."),
    "pass": ("Passing cards", f"At the start of every round each player chooses {PASS_SIZE} cards from "
             "their hand and passes them to the player on their left (the next in turn order). Everyone "
             "chooses at the same time; the cards change hands once everyone has chosen."),
    "trick": ("A trick", "The start player plays any card. Then every other player still in the round, "
              "in turn order, plays any card: there is no suit to follow and no trump. The card with the "
              "highest value wins the card with the lowest value -- that one food card only -- and every "
              "other card of the trick is discarded face down. Whoever played the lowest card starts the "
              "next trick."),
    "plus-five": ("The +5 card", f"A card whose colour differs from the colour of the card that started "
                  f"the trick counts its number + {PLUS}: its player stacks their +{PLUS} card on it. The "
                  f"+{PLUS} card is never eaten; it goes back to its owner after every trick, so it can be "
                  "used in every trick."),
    "ties": ("Equal values", f"When the +{PLUS} makes two cards equal (yellow 14 and red 9+{PLUS} in a "
             f"yellow trick), the card of the start player's colour ranks higher. With every number on one "
             f"card only, equal values can only be a start-colour card n and another colour's n-{PLUS}."),
    "limit": ("The calorie limit", f"A card taken in adds its number x 100 kcal to its taker's intake for "
              f"the round. The limit is {kcal_text(LIMITS[4])} with 4 players and {kcal_text(LIMITS[3])} "
              "with 3. Exactly the limit is safe; above it the player is out for the round: the rest of "
              "their hand is discarded face down and their round score is 0."),
    "round-end": ("End of a round", "A round ends when the players still in have no cards left, or when "
                  "at most one player is still in."),
    "scoring": ("Scoring", "At the end of a round each player scores the kcal they took in, or 0 if they "
                "went out. Scores add up over the rounds. Equal intakes score the same: the higher "
                "card ranks a player within the round but decides only the final tie (see winner)."),
    "start-player": ("The start player", "The first round's start player is the first in turn order. "
                     "Each later round starts with the player whose total is highest so far; the "
                     "rulebook settles a tie by rock-paper-scissors: kcal draws it from the game's seed, "
                     "and a record may name the table's winner (rounds[].start)."),
    "winner": ("Winning", f"After the last round ({DEFAULT_ROUNDS} by default) the highest total wins. "
               "On a tie, the tied player who took in the highest-number card in the final round wins "
               "(players who went out in that round do not count)."),
    "two-player": ("Two players (kcal's house rule)", "The rulebook leaves two-player play to another "
                   f"article. kcal's house rule (variant two-player): {HAND_SIZE} cards each, the other 16 "
                   f"set aside unseen, pass {PASS_SIZE} to each other, calorie limit "
                   f"{kcal_text(LIMITS[2])}; the round ends as soon as one player goes out."),
    "cards": ("The food cards", f"32 food cards numbered 1 to 32, each number once, 8 in each colour "
              f"({', '.join(COLOUR_NAMES)}); a card's number x 100 is its kcal. A card is written COLOUR "
              "NUMBER, like 'yellow 14'; `kcal rules explain yellow 14` explains one card."),
}
ALIASES = {"+5": "plus-five", "plus": "plus-five", "calorie-limit": "limit", "tie": "ties", "deal": "setup",
           "tie-break": "winner", "tiebreak": "winner", "equal-values": "ties", "out": "limit",
           "start": "start-player", "2p": "two-player", "2-players": "two-player", "passing": "pass",
           "score": "scoring", "win": "winner", "end": "round-end", "card": "cards"}


def _card_topic(topic: str) -> dict[str, Any] | None:
    from kcal.games.how_many_calories.files.load import load_catalog

    foods = load_catalog()
    try:
        card = foods.card(topic)
    except CardError:
        matches = [f for f in foods.foods if f.food.casefold() == " ".join(topic.split()).casefold()]
        if not matches:
            return None
        card = matches[0].card
    food = foods.food(card)
    colour = card.colour.value
    rule = (f"{card}: {food.food}, {food.serving}; {card.kcal:,} kcal when taken in. In a trick started "
            f"with a {colour} card it counts {card.number}; in any other trick {card.number + foods.plus} "
            f"(with the +{foods.plus} card).")
    if food.fact:
        rule += f" {food.fact}"
    return {"topic": str(card), "title": f"{card} -- {food.food}", "rule": rule, "kind": "card",
            "kcal": card.kcal, "rulings": rulings_for("cards")}


def _unknown(topic: str) -> KcalError:
    from kcal.games.how_many_calories.files.load import load_catalog

    names = list(TOPICS) + [str(c) for c in load_catalog().cards]
    return KcalError(f"no rule topic {topic!r}{did_you_mean(topic, names)}; topics: {', '.join(TOPICS)}, "
                     "or a card such as 'yellow 14'", code="usage")


#: the hook: a rule topic, or a card (``yellow 14``, or its food)
EXPLAIN = RuleTopics(TOPICS, RULINGS, _card_topic, _unknown, ALIASES)
topics, explain, rulings_for = EXPLAIN.topics, EXPLAIN.explain, EXPLAIN.rulings_for
