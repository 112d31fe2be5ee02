"""``kcal rules explain TOPIC --game kalua``: each rule in kcal's own words, with the rulings that touch
it (from ``docs/rulings.md``); every phase, leader action and card type is a topic, and every card of
the built-in set explains itself (``kcal rules explain --game kalua Tornado``)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from kcal.core.errors import KcalError
from kcal.core.rulings import RuleTopics
from kcal.core.rulings import explain_text as explain_text  # the hook's text: the shared one
from kcal.core.suggest import did_you_mean
from kcal.games.kalua.rules.domain import (
    ATHEISTS_PER_PLAYER,
    BUY_COST,
    CONVERT_ATHEISTS,
    DEFAULT_TURN_LIMIT,
    DOUBLE_COST,
    HAND_TARGET,
    HAPPIEST_TAKE_MAX,
    MIDDLE_BONUS,
    PROTECTION_COST,
    SACRIFICE_ATHEISTS,
    START_FAMILIES,
    START_HAPPINESS,
    START_PP,
    UNHAPPIEST_BONUS,
    Kind,
)

RULINGS = Path(__file__).resolve().parent / "docs" / "rulings.md"

#: topic -> (title, the rule in kcal's words)
TOPICS: dict[str, tuple[str, str]] = {
    "goal": ("The goal", "Each player is a god of the island of Kalua. Make your religion the only one: "
             "convert the other gods' families until no other religion has any left."),
    "setup": ("Setup", f"3 to 5 gods. Each gets {START_FAMILIES} families, their leader, {START_PP} praying "
              f"points (PP) and happiness {START_HAPPINESS}. The island starts with {ATHEISTS_PER_PLAYER} "
              "atheist families per god. The bonus cards form one deck, the local and global disasters "
              f"another. A start player is chosen at random; from them, clockwise, each god draws "
              f"{HAND_TARGET} cards, choosing a deck for each card."),
    "happiness": ("Happiness", "Each religion's happiness is a marker on the track from 0 to 10; it never "
                  "goes below 0 or above 10. The unhappiest religions lose families in phase 4 and pray "
                  "more in phase 5."),
    "turn": ("A turn", "The active god's turn has five phases: 1 draw, 2 leaders, 3 action cards, "
             "4 convert, 5 praying. Then the end of the game is checked, and the next god clockwise still "
             "in the game becomes active."),
    "draw": ("Phase 1: draw", f"The active god draws until they hold {HAND_TARGET} cards, or just 1 card "
             f"if they already hold {HAND_TARGET} or more, choosing the deck for every card."),
    "leaders": ("Phase 2: leaders", "From the active god clockwise, every god who has their leader may "
                "activate it once: a speech, converting atheists, converting a believer, or the massive "
                "speech with the leader's sacrifice. A leader may also stay home."),
    "speech": ("Leader: a speech", "The god's happiness rises by 1 (not above 10)."),
    "convert-atheists": ("Leader: convert atheists", f"The god takes {CONVERT_ATHEISTS} atheist families "
                         "from the island (what is left, if fewer)."),
    "convert-believer": ("Leader: convert a believer", "The god takes 1 family from another god who has one."),
    "sacrifice": ("Leader: the massive speech", f"The leader leaves play for good (unless a card brings them "
                  f"back) and up to {SACRIFICE_ATHEISTS} atheist families from the island join the god."),
    "cards": ("Phase 3: action cards", "The active god plays cards one by one, paying each card's cost in "
              "PP. After each card, every other god in clockwise order may answer with one card of their "
              "own. Then all those cards resolve in the order they were played, and are discarded (kept "
              "cards stay). The active god may play again, or shout 'Convert!' -- even before any card -- "
              "to end the phase."),
    "answers": ("Answering a card", "When the active god plays a card, each other god, clockwise, may play "
                "one card in answer. Answers are not answered; the active god's next card opens a new round "
                "of answers."),
    "resolution": ("Resolving cards", "The active god's card and its answers resolve in play order. A local "
                   "disaster's player chooses its target when it resolves; a card whose god is out of the "
                   "game by then does nothing."),
    "bonus": ("Bonus cards", "Played on yourself: they give you happiness, PP, atheists, your leader back, or "
              "stay in front of you (Temple, Amulets)."),
    "local-disaster": ("Local disasters", "They punish one god, chosen by the card's player when the card "
                       "resolves; choosing yourself is allowed, a god out of the game is not."),
    "global-disaster": ("Global disasters", f"They punish every god still in the game. Cost 0; or pay "
                        f"{PROTECTION_COST} PP and you are protected from all its effects; or pay "
                        f"{DOUBLE_COST} PP and its effects double, you included."),
    "effects": ("Card effects", "Praying points (+/-), happiness (+/-), families that die, families that "
                "turn atheist (to the island), atheists that convert (from the island), cards discarded "
                "(the god discarding chooses), keep the card, recover your leader. Each touches you, one "
                "chosen god, or everyone."),
    "special-cards": ("Temple, Amulets, New Leader", "Temple stays in front of you until a 'Temple "
                      "destroyed!' card hits you; its benefit comes in phase 5. Amulets stay until used: "
                      "discard them to lose no families to one card. New Leader: one of your families "
                      "becomes your leader."),
    "buy": ("Buying cards", f"At any time -- at any of your decisions in kcal -- you may pay {BUY_COST} PP to "
            "draw a card from the deck of your choice."),
    "convert": ("Phase 4: convert", "If every religion still in the game is equally happy, nothing happens. "
                "Otherwise the unhappiest religions put 2 families each into the convert pool, the religions "
                "neither happiest nor unhappiest 1 each. The pool is shared evenly among the happiest, at "
                f"most {HAPPIEST_TAKE_MAX} each; what cannot be shared evenly turns atheist on the island."),
    "praying": ("Phase 5: praying", f"Every god gains 1 PP per 5 families, rounded up (none with no "
                f"families). The unhappiest religions gain {UNHAPPIEST_BONUS} more, those neither happiest "
                f"nor unhappiest {MIDDLE_BONUS} more. Kept Temples give their benefit."),
    "elimination": ("Elimination", "A god is out of the game only with no families and no leader. With "
                    "their leader they go on: speeches can make them the happiest again, and the leader can "
                    "convert atheists or a believer."),
    "end": ("The end of the game", "Just after phase 5: if only one religion has families left, it wins, "
            "even if others still have their leader. At any time: if a new global disaster leaves every "
            "religion without families, the one with the most families before it was played wins; tied "
            f"religions share the win. kcal stops a game not won after {DEFAULT_TURN_LIMIT} turns."),
}
ALIASES = {"phase-1": "draw", "phase-2": "leaders", "phase-3": "cards", "phase-4": "convert",
           "phase-5": "praying", "leader": "leaders", "atheists": "convert-atheists", "believer":
           "convert-believer", "massive-speech": "sacrifice", "reply": "answers", "replies": "answers",
           "local": "local-disaster", "global": "global-disaster", "disasters": "local-disaster",
           "kept": "special-cards", "keep": "special-cards", "purchase": "buy", "pray": "praying",
           "end-game": "end", "win": "end", "winner": "end", "eliminated": "elimination", "effect": "effects",
           "setup-deal": "setup", "deal": "setup", "target": "local-disaster", "protection": "global-disaster"}


def _card_topic(topic: str) -> dict[str, Any] | None:
    from kcal.games.kalua.files.load import load_catalog
    from kcal.games.kalua.rules.cardtext import card_lines, kind_text

    d = load_catalog().find(topic)
    if d is None:
        return None
    kind = kind_text(d.entry.kind)
    cost = f"{d.cost} PP" if d.entry.kind is not Kind.GLOBAL else "0, 6 or 12 PP"
    rule = f"{d.name}: a {kind} card ({d.copies} in the set), cost {cost}. " + " ".join(
        line[0].upper() + line[1:] + ("" if line.endswith(".") else ".") for line in card_lines(d.entry))
    section = {Kind.BONUS: "bonus", Kind.LOCAL: "local-disaster", Kind.GLOBAL: "global-disaster"}[d.entry.kind]
    rulings = rulings_for(section) + (rulings_for("special-cards") if d.rule else [])
    return {"topic": d.name, "title": f"{d.name} ({kind})", "rule": rule, "kind": "card", "rulings": rulings}


def _unknown(topic: str) -> KcalError:
    from kcal.games.kalua.files.load import load_catalog

    names = list(TOPICS) + [d.name for d in load_catalog().defs]
    return KcalError(f"no rule topic {topic!r}{did_you_mean(topic, names)}; topics: {', '.join(TOPICS)}, "
                     "or a card such as 'Tornado'", code="usage")


#: the hook: a rule topic, or a card by its name
EXPLAIN = RuleTopics(TOPICS, RULINGS, _card_topic, _unknown, ALIASES)
topics, explain, rulings_for = EXPLAIN.topics, EXPLAIN.explain, EXPLAIN.rulings_for
